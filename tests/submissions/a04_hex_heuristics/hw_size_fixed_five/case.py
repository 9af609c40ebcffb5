"""Hand-written: the board size fixed at 5 (the size the tournament plays) in module-level
constants: the edges, the bounds of the neighbour loop and the divisor 5 * 5 + 1 all assume a
5 x 5 board, so a smaller board is read past its end."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "evaluate_code": """import heapq

N = 5
CELLS = N * N
NEIGHBOURS = [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)]


def distance_to_win(rows, player):
    enemy = "X" if player == "O" else "O"
    if player == "X":
        starts = [(0, c) for c in range(N)]
    else:
        starts = [(r, 0) for r in range(N)]
    heap = []
    for r, c in starts:
        if rows[r][c] == player:
            heap.append((0, r, c))
        elif rows[r][c] == ".":
            heap.append((1, r, c))
    heapq.heapify(heap)
    visited = set()
    while heap:
        d, r, c = heapq.heappop(heap)
        if (r, c) in visited:
            continue
        visited.add((r, c))
        if player == "X" and r == N - 1:
            return d
        if player == "O" and c == N - 1:
            return d
        for dr, dc in NEIGHBOURS:
            r2, c2 = r + dr, c + dc
            if r2 < 0 or r2 >= N or c2 < 0 or c2 >= N:
                continue
            if rows[r2][c2] == enemy or (r2, c2) in visited:
                continue
            cost = 1 if rows[r2][c2] == "." else 0
            heapq.heappush(heap, (d + cost, r2, c2))
    return CELLS


def evaluate(state, player):
    if state.winner == player:
        return 1.0
    elif state.winner is not None:
        return -1.0
    enemy = "X" if player == "O" else "O"
    rows = state.rows()
    return (distance_to_win(rows, enemy) - distance_to_win(rows, player)) / (CELLS + 1)
""",
}
SCORES = {"test_evaluate_promises": 0}
FEEDBACK = ["raised IndexError: list index out of range"]
MISTAKES = {"test_evaluate_promises": "raised:evaluate"}
