"""A correct minimax_value that calls warnings.warn: keeps full marks."""

START = "solution"
ANSWERS = {
    "minimax_value_code": """import warnings


def minimax_value(state, game, player):
    warnings.warn("minimax_value is slow on big games")
    if game.terminal_test(state):
        return game.utility(state, player)
    values = [minimax_value(game.result(state, move), game, player) for move in game.actions(state)]
    return max(values) if game.to_move(state) == player else min(values)
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {}
FEEDBACK = []
