"""depth-limited alpha-beta that calls eval_fn on every node before deciding to expand it."""

START = "solution"
ANSWERS = {
    "cutoff_code": '''def alphabeta_cutoff_search(state, game, depth, eval_fn):
    """The move alpha-beta chooses searching `depth` plies below `state`."""
    player = game.to_move(state)

    def max_value(state, alpha, beta, ply):
        if game.terminal_test(state):
            return scored_result(game.utility(state, player), ply), None
        estimate = eval_fn(state, player)
        if ply == depth:
            return estimate, None
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
        estimate = eval_fn(state, player)
        if ply == depth:
            return estimate, None
        v, best = inf, None
        for a in game.actions(state):
            child_value, _ = max_value(game.result(state, a), alpha, beta, ply + 1)
            if child_value < v:
                v, best = child_value, a
            if v <= alpha:
                return v, best
            beta = min(beta, v)
        return v, best

    return max_value(state, -inf, inf, 0)[1]
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_alphabeta_cutoff": 0}
FEEDBACK = ["evaluation called on non-leaf nodes"]
