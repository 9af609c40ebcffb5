"""minimax_value takes the first child's value at the opponent's nodes instead of the smallest
(uncatalogued: the message is a witness)."""

START = "solution"
ANSWERS = {
    "minimax_value_code": """def minimax_value(state, game, player):
    if game.terminal_test(state):
        return game.utility(state, player)
    values = []
    for move in game.actions(state):
        values.append(minimax_value(game.result(state, move), game, player))
    return max(values) if game.to_move(state) == player else values[0]
""",
}
SCORES = {"test_minimax_value": 0}
FEEDBACK = [
    "on the probe tree A (MAX) -> A1 = -2, A2 = 4, A3 = 1",
    "returned 2, but should return -4",
    "A1 = 2, A2 = -4, A3 = -1, so -4",
]
MISTAKES = {"test_minimax_value": "witness:minimax_value"}
