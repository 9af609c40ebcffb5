"""evaluate divides the gap by the number of cells, not by the number of cells plus one
(it keeps every property the other checks test: only the value shows it)."""

START = "solution"
ANSWERS = {
    "evaluate_code": '''import heapq


def stones_needed(state, who):
    n, rows = state.size, state.rows()
    blocker = "O" if who == "X" else "X"
    starts = [(0, c) for c in range(n)] if who == "X" else [(r, 0) for r in range(n)]
    heap = [(int(rows[r][c] == "."), (r, c)) for r, c in starts if rows[r][c] != blocker]
    heapq.heapify(heap)
    done = set()
    while heap:
        d, (r, c) = heapq.heappop(heap)
        if (r, c) in done:
            continue
        done.add((r, c))
        if (who == "X" and r == n - 1) or (who == "O" and c == n - 1):
            return d
        for dr, dc in [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)]:
            q, p = r + dr, c + dc
            if 0 <= q < n and 0 <= p < n and rows[q][p] != blocker and (q, p) not in done:
                heapq.heappush(heap, (d + int(rows[q][p] == "."), (q, p)))
    return n * n


def evaluate(state, player):
    if state.winner is not None:
        return 1.0 if state.winner == player else -1.0
    other = "O" if player == "X" else "X"
    # the number of cells keeps the value inside (-1, 1)
    return (stones_needed(state, other) - stones_needed(state, player)) / len("".join(state.rows()))
''',
}
SCORES = {'test_evaluate_promises': 0}
FEEDBACK = ['returned 0.111111 on the 3 x 3 board', 'but should return 0.1', '(3 - 2) / (3 * 3 + 1) = 0.1']
MISTAKES = {'test_evaluate_promises': 'witness:evaluate'}
