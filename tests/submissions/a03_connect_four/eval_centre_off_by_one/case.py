"""evaluate scores the windows right, but its centre column is one to the left (column 3 of 7,
and columns 2 and 3 of an even width). The play test loses a game; its message states what it
verified (the loss, on how many evaluated boards evaluate differs from the course's heuristic,
and the first public probe board where it does), not a guess that the windows are wrong."""

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
    middle = [state.v // 2] if state.v % 2 else [state.v // 2 - 1, state.v // 2]
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
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_evaluate_examples": 0, "test_evaluate_positions": 0, "test_depth_limited_play": 0}
FEEDBACK = [
    "lost to the one-ply greedy player when playing O",
    "differed from the course's window heuristic on",
    "The first public probe board where it differs",
]
MISTAKES = {"test_evaluate_positions": "witness:evaluate", "test_depth_limited_play": "a03.loses_games"}
