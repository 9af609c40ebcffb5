"""The reference answers handed in as "a02_alphabeta (1).ipynb": matched to the release by its
locked cells and graded in full (a note, not a flag)."""

START = "solution"
SCORES = {}
FEEDBACK = []
STATUS = "graded"
FLAGGED = False
REASONS = []
NOTEBOOK_NAME = "a02_alphabeta (1).ipynb"
