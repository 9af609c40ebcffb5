"""The source's reference answers, unchanged: full marks."""

START = 'solution'
ANSWERS = {
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {}
FEEDBACK = ['✓ ucb1 of an unvisited child', '✓ search on the first tree', 'to be graded by hand']
