"""Hand-written: the board copied into a grid with a border of blocked cells and cells counted
from 1, and the hexagon's neighbours taken along the wrong diagonal: (r-1, c-1) and (r+1, c+1)
instead of (r-1, c+1) and (r+1, c-1) (the student pictured each row shifted to the left)."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "evaluate_code": """import heapq


def hex_neighbours(r, c):
    # six neighbours: up, down, left, right and the two diagonal ones
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1), (r - 1, c - 1), (r + 1, c + 1)]


def padded_grid(state):
    n = state.size
    grid = [["#"] * (n + 2)]
    for row in state.rows():
        grid.append(["#"] + list(row) + ["#"])
    grid.append(["#"] * (n + 2))
    return grid


def dijkstra(state, who):
    n = state.size
    grid = padded_grid(state)
    heap = []
    for k in range(1, n + 1):
        r, c = (1, k) if who == "X" else (k, 1)
        if grid[r][c] == who:
            heap.append((0, r, c))
        elif grid[r][c] == ".":
            heap.append((1, r, c))
    heapq.heapify(heap)
    seen = set()
    while heap:
        d, r, c = heapq.heappop(heap)
        if (r, c) in seen:
            continue
        seen.add((r, c))
        if (who == "X" and r == n) or (who == "O" and c == n):
            return d
        for nr, nc in hex_neighbours(r, c):
            if (nr, nc) in seen:
                continue
            if grid[nr][nc] == who:
                heapq.heappush(heap, (d, nr, nc))
            elif grid[nr][nc] == ".":
                heapq.heappush(heap, (d + 1, nr, nc))
    return n * n


def evaluate(state, player):
    if state.winner is not None:
        if state.winner == player:
            return 1.0
        return -1.0
    opponent = "O" if player == "X" else "X"
    diff = dijkstra(state, opponent) - dijkstra(state, player)
    return diff / (state.size ** 2 + 1)
""",
}
SCORES = {"test_evaluate_promises": 0, "test_evaluate_direction": 0, "test_tournament": 0}
FEEDBACK = ["returned 0 on the 3 x 3 board", "a hexagon has no neighbour at (r+1, c+1)"]
MISTAKES = {
    "test_evaluate_promises": "witness:evaluate",
    "test_evaluate_direction": "a04.connection",
    "test_tournament": "a04.loses_games",
}
