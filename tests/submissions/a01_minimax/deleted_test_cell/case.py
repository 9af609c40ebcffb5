"""The student deleted a test cell: it is put back and graded (full marks)."""

START = "solution"
ANSWERS = {}
EDIT_CELLS = {}
DELETE_CELLS = ["test_minimax_decision"]
SCORES = {}
FEEDBACK = []
FLAGGED = True  # the lint tells the instructor
REASONS = ["deleted"]
