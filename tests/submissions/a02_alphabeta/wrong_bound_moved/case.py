"""alpha-beta whose MAX lowers beta to v (and MIN raises alpha) instead of moving its own bound."""

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
            beta = min(beta, v)
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
            alpha = max(alpha, v)
        return v, best

    return max_value(state, -inf, inf)[1]
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_alphabeta_search": 0}
FEEDBACK = ["the wrong bound moved"]
