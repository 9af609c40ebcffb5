"""expectiminimax_value takes the max at chance nodes, as if MAX chose the dice."""

START = "solution"
ANSWERS = {
    "expectiminimax_code": """def expectiminimax_value(state, game, player):
    if game.terminal_test(state):
        return game.utility(state, player)
    mover = game.to_move(state)
    values = [expectiminimax_value(game.result(state, move), game, player)
              for move in game.actions(state)]
    return max(values) if mover in (player, CHANCE) else min(values)
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_expectiminimax_value": 0}
FEEDBACK = ["max taken at chance nodes"]
