"""Hand-written (issue 30): evaluate takes one centre column, v // 2 + 1 (right for odd widths; on an even board the left one of the two is missed)."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "evaluate_code": """WEIGHTS = [0, 1, 10, 50, 512]
CENTRE = 3


def evaluate(state, player):
    opponent = "O" if player == "X" else "X"
    board = state.board
    score = 0
    for d_row, d_col in [(0, 1), (1, 0), (1, 1), (1, -1)]:
        for row in range(1, state.h + 1):
            for col in range(1, state.v + 1):
                cells = [(row + i * d_row, col + i * d_col) for i in range(4)]
                if not all(1 <= r <= state.h and 1 <= c <= state.v for r, c in cells):
                    continue
                marks = [board.get(cell) for cell in cells]
                own, other = marks.count(player), marks.count(opponent)
                if other == 0:
                    score += WEIGHTS[own]
                elif own == 0:
                    score -= WEIGHTS[other]
    middle = [state.v // 2 + 1]
    for col in middle:
        for row in range(1, state.h + 1):
            mark = board.get((row, col))
            if mark == player:
                score += CENTRE
            elif mark == opponent:
                score -= CENTRE
    return score
""",
}
SCORES = {"test_evaluate_examples": 0, "test_evaluate_positions": 0}
FEEDBACK = ["for X returned 28, but the window heuristic gives 34"]
MISTAKES = {"test_evaluate_positions": "witness:evaluate"}
