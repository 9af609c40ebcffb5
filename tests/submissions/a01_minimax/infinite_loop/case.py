"""expectiminimax_value never returns: only its test cell is lost (after the cell timeout)."""

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
FEEDBACK = ["ran over"]  # "this cell ran over the 20 s a cell gets when graded"
