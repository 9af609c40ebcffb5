"""Hand-written (issue 30): minimax_value searches the moves in sorted order instead of the
order of game.actions(state) (right values, nodes generated in another order)."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "minimax_value_code": """def minimax_value(state, game, player):
    if game.terminal_test(state):
        return game.utility(state, player)
    values = [minimax_value(game.result(state, m), game, player)
              for m in sorted(game.actions(state), reverse=True)]
    return max(values) if game.to_move(state) == player else min(values)
""",
}
SCORES = {"test_minimax_value": 0}
FEEDBACK = ["nodes were generated in another order"]
MISTAKES = {"test_minimax_value": "trace:minimax_value"}
