"""minimax_value takes the min on the player's turns and the max on the opponent's."""

START = "solution"
ANSWERS = {
    "minimax_value_code": """def minimax_value(state, game, player):
    if game.terminal_test(state):
        return game.utility(state, player)
    values = [minimax_value(game.result(state, move), game, player) for move in game.actions(state)]
    return min(values) if game.to_move(state) == player else max(values)
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_minimax_value": 0}
FEEDBACK = ["min and max swapped"]
