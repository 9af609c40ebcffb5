"""alphabeta_cutoff_search estimates a MIN node at the depth limit for the player to move there
(eval_fn(state, game.to_move(state))) instead of the root player (uncatalogued: the message is
a witness)."""

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
            return eval_fn(state, game.to_move(state)), None
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
SCORES = {"test_alphabeta_cutoff": 0}
FEEDBACK = [
    "generates the course's nodes but returns 'a1', where the course's alpha-beta returns 'a2'",
    "your search scored node B (a node at the depth limit) as -4, the course's as 4",
]
MISTAKES = {"test_alphabeta_cutoff": "witness:alphabeta_cutoff_search"}
