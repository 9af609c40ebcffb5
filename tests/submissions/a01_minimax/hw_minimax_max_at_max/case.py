"""Hand-written (issue 30): minimax_value maximises wherever MAX moves, instead of wherever
`player` moves (right for MAX, wrong for MIN)."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "minimax_value_code": """def minimax_value(state, game, player):
    if game.terminal_test(state):
        return game.utility(state, player)
    values = [minimax_value(game.result(state, move), game, player)
              for move in game.actions(state)]
    if game.to_move(state) == MAX:
        return max(values)
    return min(values)
""",
}
SCORES = {"test_minimax_value": 0}
FEEDBACK = ["max taken wherever MAX moves"]
MISTAKES = {"test_minimax_value": "a01.max_at_max"}
