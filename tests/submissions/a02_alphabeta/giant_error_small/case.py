"""Raises an exception with a 50 MB message at the end of its (correct) answer cell: the kernel
sends it whole. The definition stands, every test passes, and the error output (value and
traceback) is cut to a few thousand characters: the graded notebook stays small."""

START = "solution"
ANSWERS = {
    "ordering_code": '''def centre_first(game, state, move):
    """A sort key for OrderedGame: the centre first, then corners, then edges (lower first)."""
    row, col = move
    lines = 2 + (row == col) + (row + col == 4)
    return -lines


raise ValueError("x" * 50_000_000)
''',
}
SCORES = {}
FEEDBACK = []
STATUS = "graded"
FLAGGED = False
REASONS = []
