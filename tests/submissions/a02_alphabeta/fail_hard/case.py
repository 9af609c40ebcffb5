"""control: correct fail-hard alpha-beta (a cutoff returns the bound it met)."""

START = "solution"
ANSWERS = {
    "alphabeta_code": '''def alphabeta_search(state, game):
    """The move alpha-beta chooses for the player to move at `state`."""
    player = game.to_move(state)

    def max_value(state, alpha, beta):
        if game.terminal_test(state):
            return game.utility(state, player), None
        best = None
        for a in game.actions(state):
            child_value, _ = min_value(game.result(state, a), alpha, beta)
            if best is None or child_value > alpha:
                best = a
            if child_value >= beta:
                return beta, best
            alpha = max(alpha, child_value)
        return alpha, best

    def min_value(state, alpha, beta):
        if game.terminal_test(state):
            return game.utility(state, player), None
        best = None
        for a in game.actions(state):
            child_value, _ = max_value(game.result(state, a), alpha, beta)
            if best is None or child_value < beta:
                best = a
            if child_value <= alpha:
                return alpha, best
            beta = min(beta, child_value)
        return beta, best

    return max_value(state, -inf, inf)[1]
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {}
FEEDBACK = []
