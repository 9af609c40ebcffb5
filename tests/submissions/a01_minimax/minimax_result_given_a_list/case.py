"""minimax_value passes a list of moves to game.result: the course's GameTree.result raises."""

START = "solution"
ANSWERS = {
    "minimax_value_code": """def minimax_value(state, game, player):
    if game.terminal_test(state):
        return game.utility(state, player)
    moves = game.actions(state)
    values = []
    for move in moves:
        values.append(minimax_value(game.result(state, moves), game, player))
    return max(values) if game.to_move(state) == player else min(values)
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_minimax_value": 0}
FEEDBACK = [
    "your minimax_value, at line 7: `values.append(minimax_value(game.result(state, moves)",
    "called the course's GameTree.result(state, move), which raised TypeError: unhashable type",
]
MISTAKES = {"test_minimax_value": "raised:minimax_value"}
