"""gamekit.hex.neighbours (cells counted from 1) is asked about cells counted from 0, the
cells it returns past the board are skipped: no cell of the top row or the left column is
ever entered from a neighbour (X can never walk down column a, O never along row 1)."""

START = "solution"
ANSWERS = {
    "evaluate_code": '''from collections import deque

from gamekit.hex import neighbours


def distance(rows, who):
    """0-1 BFS over the rows (indexed from 0), neighbours from gamekit.hex."""
    n = len(rows)
    blocker = "O" if who == "X" else "X"
    starts = [(0, c) for c in range(n)] if who == "X" else [(r, 0) for r in range(n)]
    best = {}
    queue = deque()
    for r, c in starts:
        if rows[r][c] != blocker:
            best[r, c] = 0 if rows[r][c] == who else 1
            queue.append((r, c))
    while queue:
        r, c = queue.popleft()
        for q, p in neighbours((r, c), n):
            if q >= n or p >= n:  # off the board (rows are indexed from 0)
                continue
            if rows[q][p] == blocker:
                continue
            cost = best[r, c] + (rows[q][p] == ".")
            if cost < best.get((q, p), n * n):
                best[q, p] = cost
                if rows[q][p] == ".":
                    queue.append((q, p))
                else:
                    queue.appendleft((q, p))
    ends = [(n - 1, c) for c in range(n)] if who == "X" else [(r, n - 1) for r in range(n)]
    return min((best[cell] for cell in ends if cell in best), default=n * n)


def evaluate(state, player):
    if state.winner is not None:
        return 1.0 if state.winner == player else -1.0
    rows = state.rows()
    other = "O" if player == "X" else "X"
    return (distance(rows, other) - distance(rows, player)) / (state.size**2 + 1)
''',
}
SCORES = {'test_evaluate_promises': 0}
FEEDBACK = ['but should return']
MISTAKES = {'test_evaluate_promises': 'witness:evaluate'}
