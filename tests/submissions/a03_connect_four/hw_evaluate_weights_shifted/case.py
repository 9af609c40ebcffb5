"""Hand-written (issue 30): evaluate reads the weight of n pieces one place early (WEIGHTS[n - 1]), so a window with one piece scores 0 and an empty one scores 512."""

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
                    score += WEIGHTS[own - 1]
                elif own == 0:
                    score -= WEIGHTS[other - 1]
    middle = [(state.v + 1) // 2] if state.v % 2 else [state.v // 2, state.v // 2 + 1]
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
SCORES = {
    "test_evaluate_examples": 0,
    "test_evaluate_positions": 0,
    "test_evaluate_symmetry": 0,
    "test_depth_limited_play": 0,
}
FEEDBACK = ["for X returned 31747, but the window heuristic gives 10", "evaluate is not symmetric"]
MISTAKES = {
    "test_evaluate_positions": "witness:evaluate",
    "test_evaluate_symmetry": "a03.not_zero_sum",
    "test_depth_limited_play": "a03.loses_games",
}
