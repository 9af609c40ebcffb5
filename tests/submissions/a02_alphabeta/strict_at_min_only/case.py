"""alpha-beta whose MIN nodes prune only on v < alpha, MAX rightly on v >= beta (a witness)."""

START = "solution"
ANSWERS = {
    "alphabeta_code": '''def alphabeta_search(state, game):
    """The move alpha-beta chooses for the player to move at `state`."""
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
            if v < alpha:
                return v, best
            beta = min(beta, v)
        return v, best

    return max_value(state, -inf, inf)[1]
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_alphabeta_search": 0}
FEEDBACK = [
    "on the tree a02.tree_from_lists([[3, 5], [3, 9]]), that is A (MAX) -> B, C; "
    "B (MIN) -> B1 = 3, B2 = 5; C (MIN) -> C1 = 3, C2 = 9:",
    "at node C (MIN) your search went on where the window called for a cutoff: after its child "
    "by move 'c1' returned, v = 3 with alpha = 3 and beta = +inf: v <= alpha holds",
]
MISTAKES = {"test_alphabeta_search": "witness:alphabeta_search"}
