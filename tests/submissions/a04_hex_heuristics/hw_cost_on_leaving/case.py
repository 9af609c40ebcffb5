"""Hand-written: Dijkstra where a step costs the stone of the cell it leaves, not the cell it
enters: the cells of the first edge start at 0 and the search stops on reaching the far edge,
so the empty cell the way ends on is never paid for."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "evaluate_code": '''import heapq


def cost_of(rows, r, c):
    """A stone is needed on an empty cell, none on my own."""
    if rows[r][c] == ".":
        return 1
    return 0


def dijkstra(rows, who):
    n = len(rows)
    blocked = "O" if who == "X" else "X"
    dist = {}
    heap = []
    for k in range(n):
        cell = (0, k) if who == "X" else (k, 0)
        if rows[cell[0]][cell[1]] != blocked:
            dist[cell] = 0
            heap.append((0, cell))
    heapq.heapify(heap)
    while heap:
        d, (r, c) = heapq.heappop(heap)
        if d > dist[(r, c)]:
            continue
        if (who == "X" and r == n - 1) or (who == "O" and c == n - 1):
            return d
        # leaving (r, c) means I had to fill it first
        step = cost_of(rows, r, c)
        for dr, dc in [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)]:
            nr, nc = r + dr, c + dc
            if 0 <= nr < n and 0 <= nc < n and rows[nr][nc] != blocked:
                if d + step < dist.get((nr, nc), n * n):
                    dist[(nr, nc)] = d + step
                    heapq.heappush(heap, (d + step, (nr, nc)))
    return n * n


def evaluate(state, player):
    if state.winner is not None:
        return 1.0 if state.winner == player else -1.0
    rows = state.rows()
    opponent = "X" if player == "O" else "O"
    return (dijkstra(rows, opponent) - dijkstra(rows, player)) / (state.size * state.size + 1)
''',
}
SCORES = {"test_evaluate_promises": 0}
FEEDBACK = ["returned 0 on the 3 x 3 board", "X needs 3 more stones (for example at a1, a2, a3)"]
MISTAKES = {"test_evaluate_promises": "witness:evaluate"}
