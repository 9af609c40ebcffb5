"""The source's reference answer, unchanged: full marks."""

START = 'solution'
ANSWERS = {
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {}
FEEDBACK = ['✓ depth-2 alpha-beta with evaluate wins', 'to be graded by hand']
