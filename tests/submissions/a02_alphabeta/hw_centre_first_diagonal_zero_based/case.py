"""Hand-written (issue 30): centre_first counts the lines through a cell with the anti-diagonal
test of 0-based coordinates (row + col == 2) on the 1-based board."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "ordering_code": """def centre_first(game, state, move):
    row, col = move
    lines = 2 + (row == col) + (row + col == 2)
    return -lines
""",
}
SCORES = {"test_move_ordering": 0}
FEEDBACK = ["your key puts a corner (1, 1) before the centre (2, 2)"]
MISTAKES = {"test_move_ordering": "witness:centre_first"}
