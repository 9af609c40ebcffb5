"""Hand-written (issue 30): minimax_value remembers values in a global table keyed by the
state alone, so the second player asked about a state gets the first player's value."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "minimax_value_code": """seen_values = {}


def minimax_value(state, game, player):
    if state in seen_values:
        return seen_values[state]
    if game.terminal_test(state):
        value = game.utility(state, player)
    else:
        values = [minimax_value(game.result(state, m), game, player) for m in game.actions(state)]
        value = max(values) if game.to_move(state) == player else min(values)
    seen_values[state] = value
    return value
""",
}
SCORES = {"test_minimax_value": 0}
FEEDBACK = ["nodes were generated in another order (or another set of nodes)"]
MISTAKES = {"test_minimax_value": "trace:minimax_value"}
