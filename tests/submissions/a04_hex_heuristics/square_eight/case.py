"""Shortest path on a square grid's 8 neighbours."""

START = 'solution'
ANSWERS = {
    'evaluate_code': '''import heapq


def stones_needed(state, who):
    n, rows = state.size, state.rows()
    blocker = "O" if who == "X" else "X"
    across = who == "X"
    starts = [(0, c) for c in range(n)] if across else [(r, 0) for r in range(n)]
    heap = [(int(rows[r][c] == "."), (r, c)) for r, c in starts if rows[r][c] != blocker]
    heapq.heapify(heap)
    done = set()
    while heap:
        d, (r, c) = heapq.heappop(heap)
        if (r, c) in done:
            continue
        done.add((r, c))
        if (r if across else c) == n - 1:
            return d
        for dr, dc in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]:
            q, p = r + dr, c + dc
            if 0 <= q < n and 0 <= p < n and rows[q][p] != blocker and (q, p) not in done:
                heapq.heappush(heap, (d + int(rows[q][p] == "."), (q, p)))
    return n * n


def evaluate(state, player):
    if state.winner is not None:
        return 1.0 if state.winner == player else -1.0
    other = "O" if player == "X" else "X"
    return (stones_needed(state, other) - stones_needed(state, player)) / (state.size**2 + 1)
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {'test_evaluate_promises': 0, 'test_evaluate_direction': 0, 'test_tournament': 0}
FEEDBACK = ['a hexagon has no neighbour at (r+1, c+1)']
MISTAKES = {'test_evaluate_promises': 'witness:evaluate', 'test_evaluate_direction': 'a04.connection'}
