"""The source's reference answers, unchanged: full marks."""

START = "solution"
ANSWERS = {}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {}
FEEDBACK = []
