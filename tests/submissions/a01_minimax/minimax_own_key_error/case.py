"""minimax_value picks max or min from a dict that has only the player's entry: KeyError."""

START = "solution"
ANSWERS = {
    "minimax_value_code": """def minimax_value(state, game, player):
    if game.terminal_test(state):
        return game.utility(state, player)
    values = [minimax_value(game.result(state, move), game, player) for move in game.actions(state)]
    choose = {player: max}[game.to_move(state)]
    return choose(values)
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_minimax_value": 0}
FEEDBACK = [
    "stopped with an error in your code",
    "choose = {player: max}[game.to_move(state)]",
    "KeyError",
]
