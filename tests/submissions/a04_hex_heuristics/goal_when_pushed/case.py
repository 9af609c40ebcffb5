"""Dijkstra's search stops as soon as it reaches a cell of the far edge, before that cell is
taken off the queue: a cheaper way through the player's own stones may still be waiting."""

START = "solution"
ANSWERS = {
    "evaluate_code": '''import heapq


def stones_needed(state, who):
    """Dijkstra from the first edge; done as soon as the far edge is reached."""
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
        for dr, dc in [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)]:
            q, p = r + dr, c + dc
            if 0 <= q < n and 0 <= p < n and rows[q][p] != blocker and (q, p) not in done:
                step = d + int(rows[q][p] == ".")
                if (who == "X" and q == n - 1) or (who == "O" and p == n - 1):
                    return step
                heapq.heappush(heap, (step, (q, p)))
    return n * n


def evaluate(state, player):
    if state.winner is not None:
        return 1.0 if state.winner == player else -1.0
    other = "O" if player == "X" else "X"
    return (stones_needed(state, other) - stones_needed(state, player)) / (state.size**2 + 1)
''',
}
SCORES = {'test_evaluate_promises': 0}
FEEDBACK = ['but should return']
MISTAKES = {'test_evaluate_promises': 'witness:evaluate'}
