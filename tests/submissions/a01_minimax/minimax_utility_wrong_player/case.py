"""minimax_value reads leaves for the player whose turn it would be there, not for player."""

START = "solution"
ANSWERS = {
    "minimax_value_code": """def minimax_value(state, game, player):
    if game.terminal_test(state):
        return game.utility(state, game.to_move(state))
    values = [minimax_value(game.result(state, move), game, player) for move in game.actions(state)]
    return max(values) if game.to_move(state) == player else min(values)
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_minimax_value": 0}
FEEDBACK = ["utility taken for the wrong player"]
