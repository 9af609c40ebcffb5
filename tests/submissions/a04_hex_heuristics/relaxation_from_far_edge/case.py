"""A control: distances relaxed from the far edge until nothing changes (Bellman-Ford), on
cell numbers, with int wins: the specified value, written another way."""

START = "solution"
ANSWERS = {
    "evaluate_code": '''def steps_to_join(rows, who):
    """Stones `who` still needs: how far each cell is from the far edge, relaxed until nothing
    changes (Bellman-Ford), then the best cell of the near edge."""
    n = len(rows)
    cells = "".join(rows)
    offsets = [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)]
    price = [None if c not in (who, ".") else (0 if c == who else 1) for c in cells]
    far = n * n + 1
    dist = [far] * (n * n)
    for i in range(n * n):
        row, col = divmod(i, n)
        on_far_edge = row == n - 1 if who == "X" else col == n - 1
        if on_far_edge and price[i] is not None:
            dist[i] = price[i]
    changed = True
    while changed:
        changed = False
        for i in range(n * n):
            if price[i] is None:
                continue
            row, col = divmod(i, n)
            for dr, dc in offsets:
                r, c = row + dr, col + dc
                if 0 <= r < n and 0 <= c < n and dist[r * n + c] + price[i] < dist[i]:
                    dist[i] = dist[r * n + c] + price[i]
                    changed = True
    near = [dist[c] for c in range(n)] if who == "X" else [dist[r * n] for r in range(n)]
    return min(near)


def evaluate(state, player):
    rows = state.rows()
    if state.winner == player:
        return 1
    if state.winner is not None:
        return -1
    opponent = "X" if player == "O" else "O"
    cells = len(rows) * len(rows)
    return (steps_to_join(rows, opponent) - steps_to_join(rows, player)) / (cells + 1)
''',
}
SCORES = {}
FEEDBACK = ["✓ evaluate's range, zero-sum, wins and values"]
