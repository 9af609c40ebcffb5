"""Asks the traced game two million cheap questions ("is this position terminal?") before a
correct search. The kernel's recorder stops the call at the grader's limit of 1,000,000
questions per call, so the grader replays at most that many: the cell is lost with a sentence
naming the limit, and the rest grades."""

START = "solution"
ANSWERS = {
    "alphabeta_code": '''def alphabeta_search(state, game):
    for _ in range(2_000_000):
        game.terminal_test(state)
    player = game.to_move(state)

    def max_value(state, alpha, beta):
        if game.terminal_test(state):
            return game.utility(state, player), None
        v, best = -inf, None
        for a in game.actions(state):
            child_value, _ = min_value(game.result(state, a), alpha, beta)
            if child_value > v:
                v, best = child_value, a
            if v >= beta:
                return v, best
            alpha = max(alpha, v)
        return v, best

    def min_value(state, alpha, beta):
        if game.terminal_test(state):
            return game.utility(state, player), None
        v, best = inf, None
        for a in game.actions(state):
            child_value, _ = max_value(game.result(state, a), alpha, beta)
            if child_value < v:
                v, best = child_value, a
            if v <= alpha:
                return v, best
            beta = min(beta, v)
        return v, best

    return max_value(state, -inf, inf)[1]
''',
}
SCORES = {"test_alphabeta_search": 0}
FEEDBACK = ["1,000,000 questions"]
STATUS = "graded"
FLAGGED = False
REASONS = []
