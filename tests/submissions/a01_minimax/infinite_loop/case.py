"""expectiminimax_value never returns: only its test cell is lost, stopped at its CPU-time limit,
and graded a second time, alone, before it costs the point."""

START = "solution"
ANSWERS = {
    "expectiminimax_code": """def expectiminimax_value(state, game, player):
    while True:
        pass
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_expectiminimax_value": 0}
FEEDBACK = ["s of CPU time in this cell, its limit", "a second grading of your notebook"]
MISTAKES = {"test_expectiminimax_value": "timeout"}
