"""minimax_value returns 10**400 at a terminal state: an int too large for a float."""

START = "solution"
ANSWERS = {
    "minimax_value_code": """def minimax_value(state, game, player):
    if game.terminal_test(state):
        return 10**400
    values = []
    for move in game.actions(state):
        values.append(minimax_value(game.result(state, move), game, player))
    return max(values) if game.to_move(state) == player else min(values)
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_minimax_value": 0}
FEEDBACK = [
    "the value returned by minimax_value should be a number a float can hold, got an integer of "
    "401 digits (floats stop near 1.8e308)",
]
MISTAKES = {"test_minimax_value": "wrong_type"}
