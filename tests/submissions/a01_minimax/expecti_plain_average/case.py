"""expectiminimax_value averages the children of a chance node, ignoring the probabilities."""

START = "solution"
ANSWERS = {
    "expectiminimax_code": """def expectiminimax_value(state, game, player):
    if game.terminal_test(state):
        return game.utility(state, player)
    mover = game.to_move(state)
    values = [expectiminimax_value(game.result(state, move), game, player)
              for move in game.actions(state)]
    if mover == CHANCE:
        return sum(values) / len(values)
    return max(values) if mover == player else min(values)
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_expectiminimax_value": 0}
FEEDBACK = ["chance probabilities ignored"]
