"""The reference solution, unchanged: full marks."""

START = "solution"
ANSWERS = {}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {}
FEEDBACK = ["✓ alphabeta_search on the worked example", "to be graded by hand"]
