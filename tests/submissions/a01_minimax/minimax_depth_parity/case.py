"""minimax_value maximises on even plies and minimises on odd ones, whoever moves."""

START = "solution"
ANSWERS = {
    "minimax_value_code": """def minimax_value(state, game, player, ply=0):
    if game.terminal_test(state):
        return game.utility(state, player)
    values = [
        minimax_value(game.result(state, move), game, player, ply + 1)
        for move in game.actions(state)
    ]
    return max(values) if ply % 2 == 0 else min(values)
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_minimax_value": 0}
FEEDBACK = [
    "chosen by depth parity",
]
