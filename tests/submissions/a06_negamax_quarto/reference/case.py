"""The source's reference answers, unchanged: full marks."""

START = "solution"
ANSWERS = {}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {}
FEEDBACK = ["✓ negamax's value", "to be graded by hand"]
