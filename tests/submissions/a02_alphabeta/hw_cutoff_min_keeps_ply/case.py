"""Hand-written (issue 30): in alphabeta_cutoff_search only max_value adds one to the ply;
min_value passes its own ply on, so the search goes about twice as deep as asked."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "cutoff_code": """def alphabeta_cutoff_search(state, game, depth, eval_fn):
    player = game.to_move(state)

    def max_value(state, alpha, beta, ply):
        if game.terminal_test(state):
            return scored_result(game.utility(state, player), ply), None
        if ply == depth:
            return eval_fn(state, player), None
        v, best = -inf, None
        for a in game.actions(state):
            child_value, _ = min_value(game.result(state, a), alpha, beta, ply + 1)
            if child_value > v:
                v, best = child_value, a
            if v >= beta:
                return v, best
            alpha = max(alpha, v)
        return v, best

    def min_value(state, alpha, beta, ply):
        if game.terminal_test(state):
            return scored_result(game.utility(state, player), ply), None
        if ply == depth:
            return eval_fn(state, player), None
        v, best = inf, None
        for a in game.actions(state):
            child_value, _ = max_value(game.result(state, a), alpha, beta, ply)
            if child_value < v:
                v, best = child_value, a
            if v <= alpha:
                return v, best
            beta = min(beta, v)
        return v, best

    return max_value(state, -inf, inf, 0)[1]
""",
}
SCORES = {"test_alphabeta_cutoff": 0}
FEEDBACK = ["your search goes one ply deeper than asked"]
MISTAKES = {"test_alphabeta_cutoff": "trace:alphabeta_cutoff_search"}
