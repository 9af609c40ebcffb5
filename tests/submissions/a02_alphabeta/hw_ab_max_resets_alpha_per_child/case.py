"""Hand-written (issue 30): max_value gives each child the window (-inf, beta), forgetting the
alpha its earlier children raised (MIN passes its window on correctly)."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "alphabeta_code": """def alphabeta_search(state, game):
    player = game.to_move(state)

    def max_value(state, alpha, beta):
        if game.terminal_test(state):
            return game.utility(state, player), None
        v, best = -inf, None
        for a in game.actions(state):
            child_value, _ = min_value(game.result(state, a), -inf, beta)
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
""",
}
SCORES = {"test_alphabeta_search": 0}
FEEDBACK = [
    "at node C (MIN) your search went on where the window called for a cutoff",
    "not the alpha its elder children raised",
]
MISTAKES = {"test_alphabeta_search": "witness:alphabeta_search"}
