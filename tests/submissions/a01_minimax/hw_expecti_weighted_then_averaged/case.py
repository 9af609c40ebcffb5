"""Hand-written (issue 30): expectiminimax_value weights the outcomes by their probabilities and
then divides by their number as well."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "expectiminimax_code": """def expectiminimax_value(state, game, player):
    if game.terminal_test(state):
        return game.utility(state, player)
    mover = game.to_move(state)
    values = {m: expectiminimax_value(game.result(state, m), game, player)
              for m in game.actions(state)}
    if mover == CHANCE:
        outcomes = game.chance_outcomes(state)
        return sum(outcomes[m] * v for m, v in values.items()) / len(values)
    return max(values.values()) if mover == player else min(values.values())
""",
}
SCORES = {"test_expectiminimax_value": 0}
FEEDBACK = ["returned -2.5, but should return -5"]
MISTAKES = {"test_expectiminimax_value": "witness:expectiminimax_value"}
