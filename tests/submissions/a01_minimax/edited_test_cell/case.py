"""The student replaced a test cell by `pass`: the original is restored and graded."""

START = "solution"
ANSWERS = {}
EDIT_CELLS = {
    "test_minimax_value": """pass
""",
}
DELETE_CELLS = []
SCORES = {}
FEEDBACK = []
FLAGGED = True  # the lint tells the instructor
REASONS = ["edited"]
