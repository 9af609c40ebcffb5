"""Hand-written (issue 30): centre_first sorts by the Manhattan distance to the centre, which
puts the edges (distance 1) before the corners (distance 2)."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "ordering_code": """def centre_first(game, state, move):
    row, col = move
    return abs(row - 2) + abs(col - 2)
""",
}
SCORES = {"test_move_ordering": 0}
FEEDBACK = ["your key puts an edge (3, 2) before a corner (1, 1)"]
MISTAKES = {"test_move_ordering": "witness:centre_first"}
