"""alpha-beta that finds MAX and MIN in a dict keyed by "MAX"/"MIN": KeyError on tic-tac-toe."""

START = "solution"
ANSWERS = {
    "alphabeta_code": '''def alphabeta_search(state, game):
    """The move alpha-beta chooses for the player to move at `state`."""
    player = game.to_move(state)
    sides = {"MAX": True, "MIN": False}

    def value(state, alpha, beta):
        if game.terminal_test(state):
            return game.utility(state, player), None
        is_max = sides[game.to_move(state)]
        v, best = (-inf if is_max else inf), None
        for a in game.actions(state):
            child_value, _ = value(game.result(state, a), alpha, beta)
            if (child_value > v) if is_max else (child_value < v):
                v, best = child_value, a
            if (v >= beta) if is_max else (v <= alpha):
                return v, best
            if is_max:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
        return v, best

    return value(state, -inf, inf)[1]
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_alphabeta_search": 0}
FEEDBACK = [
    "stopped with an error in your code, at line 9: `is_max = sides[game.to_move(state)]`",
    "KeyError: 'X'",
]
