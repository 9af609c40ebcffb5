"""Hand-written: the two shortest paths (a correct 0-1 breadth-first search) turned into a
relative advantage, (theirs - mine) / (theirs + mine), instead of the gap over the number of
cells plus one: a value in [-1, 1] and zero-sum, but not the one the docstring specifies."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "evaluate_code": """from collections import deque


def moves_left(state, me):
    n = state.size
    rows = state.rows()
    foe = "O" if me == "X" else "X"
    INF = 10 ** 9
    d = [[INF for _ in range(n)] for _ in range(n)]
    q = deque()
    for i in range(n):
        r, c = (0, i) if me == "X" else (i, 0)
        if rows[r][c] == foe:
            continue
        d[r][c] = 0 if rows[r][c] == me else 1
        q.append((r, c))
    while q:
        r, c = q.popleft()
        for dr, dc in [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)]:
            r2, c2 = r + dr, c + dc
            if r2 < 0 or c2 < 0 or r2 >= n or c2 >= n or rows[r2][c2] == foe:
                continue
            w = 0 if rows[r2][c2] == me else 1
            if d[r][c] + w < d[r2][c2]:
                d[r2][c2] = d[r][c] + w
                if w == 0:
                    q.appendleft((r2, c2))
                else:
                    q.append((r2, c2))
    if me == "X":
        return min(d[n - 1])
    return min(d[r][n - 1] for r in range(n))


def evaluate(state, player):
    if state.winner is not None:
        return 1.0 if state.winner == player else -1.0
    other = "O" if player == "X" else "X"
    mine = moves_left(state, player)
    theirs = moves_left(state, other)
    # relative advantage: +1 if I am done, -1 if they are, 0 when level
    return (theirs - mine) / (theirs + mine)
""",
}
SCORES = {"test_evaluate_promises": 0}
FEEDBACK = ["returned 0.2 on the 3 x 3 board", "(3 - 2) / (3 * 3 + 1) = 0.1"]
MISTAKES = {"test_evaluate_promises": "witness:evaluate"}
