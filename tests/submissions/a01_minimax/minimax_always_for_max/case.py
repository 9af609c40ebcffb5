"""minimax_value computes every value for the first player (MAX), whatever player is asked for."""

START = "solution"
ANSWERS = {
    "minimax_value_code": """def minimax_value(state, game, player):
    first = game.players[0]
    if game.terminal_test(state):
        return game.utility(state, first)
    values = [minimax_value(game.result(state, move), game, player) for move in game.actions(state)]
    return max(values) if game.to_move(state) == first else min(values)
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_minimax_value": 0}
FEEDBACK = [
    "values always from max's point of view",
]
