"""The reference answers with an answer cell and a test cell pasted twice: the copies are
ignored, so no cell counts twice; full marks, flagged."""

START = "solution"
SCORES = {}
FEEDBACK = []
STATUS = "graded"
FLAGGED = True
REASONS = ["alphabeta_code appears 2 times", "test_alphabeta_search appears 2 times"]
DUPLICATE_CELLS = ["alphabeta_code", "test_alphabeta_search"]
