"""Hand-written (issue 30): expectiminimax_value weights every outcome of a chance node by the
probability of its first outcome."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "expectiminimax_code": """def expectiminimax_value(state, game, player):
    if game.terminal_test(state):
        return game.utility(state, player)
    moves = game.actions(state)
    values = [expectiminimax_value(game.result(state, m), game, player) for m in moves]
    if game.to_move(state) == CHANCE:
        p = game.chance_outcomes(state)[moves[0]]
        return sum(p * v for v in values)
    return max(values) if game.to_move(state) == player else min(values)
""",
}
SCORES = {"test_expectiminimax_value": 0}
FEEDBACK = ["returned -1.0, but should return -5"]
MISTAKES = {"test_expectiminimax_value": "witness:expectiminimax_value"}
