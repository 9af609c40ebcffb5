"""alpha-beta whose MAX nodes pass (alpha, alpha) to their MIN children (a ladder witness)."""

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
            child_value, _ = min_value(game.result(state, a), alpha, alpha)
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
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_alphabeta_search": 0}
FEEDBACK = [
    "on the tree a02.tree_from_lists([[[2, 4], [7, 1]], [[1, 3], [5, 0]]]), that is "
    "A (MAX) -> B, C; B (MIN) -> B1, B2;",
    "(it returns 'a2' there, the course's alpha-beta 'a1')",
    "at node B1 (MAX) your search cut off where none was due: after its child by move 'b11' "
    "returned, v = 2 with alpha = -inf and beta = +inf: v >= beta does not hold",
]
MISTAKES = {"test_alphabeta_search": "witness:alphabeta_search"}
