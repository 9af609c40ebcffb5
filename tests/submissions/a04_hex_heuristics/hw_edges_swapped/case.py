"""Hand-written: each player's edges swapped (X measured from the left column to the right one,
O from the top row to the bottom one), in an otherwise correct 0-1 breadth-first search, with
the start and goal cells of each player kept in a table."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "evaluate_code": '''from collections import deque


def edge_cells(n, who):
    """The cells a player starts from and the cells they must reach."""
    left = [(r, 0) for r in range(n)]
    right = [(r, n - 1) for r in range(n)]
    top = [(0, c) for c in range(n)]
    bottom = [(n - 1, c) for c in range(n)]
    # X plays across the rows, O down the columns
    table = {"X": (left, right), "O": (top, bottom)}
    return table[who]


def stones_to_connect(rows, who):
    n = len(rows)
    start, goal = edge_cells(n, who)
    big = 10 ** 6
    best = [[big] * n for _ in range(n)]
    todo = deque()
    for r, c in start:
        if rows[r][c] == who:
            best[r][c] = 0
            todo.appendleft((r, c))
        elif rows[r][c] == ".":
            best[r][c] = 1
            todo.append((r, c))
    while todo:
        r, c = todo.popleft()
        for dr, dc in ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)):
            a, b = r + dr, c + dc
            if not (0 <= a < n and 0 <= b < n):
                continue
            cell = rows[a][b]
            if cell != who and cell != ".":
                continue
            step = 0 if cell == who else 1
            if best[r][c] + step < best[a][b]:
                best[a][b] = best[r][c] + step
                if step == 0:
                    todo.appendleft((a, b))
                else:
                    todo.append((a, b))
    return min(best[r][c] for r, c in goal)


def evaluate(state, player):
    if state.winner is not None:
        return 1.0 if state.winner == player else -1.0
    rows = state.rows()
    opponent = "X" if player == "O" else "O"
    gap = stones_to_connect(rows, opponent) - stones_to_connect(rows, player)
    return gap / (state.size * state.size + 1)
''',
}
SCORES = {"test_evaluate_promises": 0, "test_evaluate_direction": 0, "test_tournament": 0}
FEEDBACK = ["returned 0.0384615 on the 5 x 5 board", "returned 38461.53846153846, outside [-1, 1]"]
MISTAKES = {
    "test_evaluate_promises": "witness:evaluate",
    "test_evaluate_direction": "a04.connection",
    "test_tournament": "a04.out_of_range",
}
