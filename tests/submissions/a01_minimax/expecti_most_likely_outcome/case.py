"""expectiminimax_value gives a chance node the value of its most likely outcome instead of the
weighted average (uncatalogued: the message is a witness)."""

START = "solution"
ANSWERS = {
    "expectiminimax_code": """def expectiminimax_value(state, game, player):
    if game.terminal_test(state):
        return game.utility(state, player)
    mover = game.to_move(state)
    if mover == CHANCE:
        outcomes = game.chance_outcomes(state)
        likeliest = max(game.actions(state), key=lambda move: outcomes[move])
        return expectiminimax_value(game.result(state, likeliest), game, player)
    values = [expectiminimax_value(game.result(state, move), game, player)
              for move in game.actions(state)]
    return max(values) if mover == player else min(values)
""",
}
SCORES = {"test_expectiminimax_value": 0}
FEEDBACK = [
    "called from node B for player MAX, returned -8, but should return -5",
    "0.25 x 4 + 0.75 x -8 = -5",
]
MISTAKES = {"test_expectiminimax_value": "witness:expectiminimax_value"}
