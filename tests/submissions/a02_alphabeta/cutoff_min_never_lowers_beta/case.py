"""alphabeta_cutoff_search's MIN nodes never lower beta, so a MIN node passes every child the
window it was entered with (uncatalogued: the message is a witness)."""

START = "solution"
ANSWERS = {
    "cutoff_code": '''def alphabeta_cutoff_search(state, game, depth, eval_fn):
    """The move alpha-beta chooses searching `depth` plies below `state`.

    Terminal states score scored_result(utility, ply); non-terminal states at ply == depth
    score eval_fn(state, player); pruning and ties as in alphabeta_search.
    """
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
            child_value, _ = max_value(game.result(state, a), alpha, beta, ply + 1)
            if child_value < v:
                v, best = child_value, a
            if v <= alpha:
                return v, best
        return v, best

    return max_value(state, -inf, inf, 0)[1]
''',
}
SCORES = {"test_alphabeta_cutoff": 0}
FEEDBACK = [
    "depth 3 (every node at ply 3 is a leaf): at node B2 (MAX) your search went on where the "
    "window called for a cutoff",
    "v = 6999979 with alpha = -inf and beta = 3999988: v >= beta holds",
]
MISTAKES = {"test_alphabeta_cutoff": "witness:alphabeta_cutoff_search"}
