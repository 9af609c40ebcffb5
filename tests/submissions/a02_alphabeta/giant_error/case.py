"""Raises an exception with a 200 MB message at the end of its (correct) answer cell. The
kernel (2 GiB cap) sends the error output, then runs out of memory writing the cell's reply and
stops answering: grading fails at that cell (the test after it is not run). The error output
is cut to a few thousand characters as it arrives, the graded notebook stays small, the job
ends about 30 s after the cell began, and the students graded after it keep their scores."""

START = "solution"
ANSWERS = {
    "ordering_code": '''def centre_first(game, state, move):
    """A sort key for OrderedGame: the centre first, then corners, then edges (lower first)."""
    row, col = move
    lines = 2 + (row == col) + (row + col == 4)
    return -lines


raise ValueError("x" * 200_000_000)
''',
}
SCORES = {"test_move_ordering": 0}
FEEDBACK = []
STATUS = "failed"
FLAGGED = False
REASONS = ["cell 34"]  # the cell whose reply the kernel could not write
