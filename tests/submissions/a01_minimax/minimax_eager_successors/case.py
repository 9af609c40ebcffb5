"""minimax_value generates all children of a node before searching the first one."""

START = "solution"
ANSWERS = {
    "minimax_value_code": """def minimax_value(state, game, player):
    if game.terminal_test(state):
        return game.utility(state, player)
    children = [game.result(state, move) for move in game.actions(state)]
    values = [minimax_value(child, game, player) for child in children]
    return max(values) if game.to_move(state) == player else min(values)
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_minimax_value": 0}
FEEDBACK = ["successors generated eagerly"]
