"""Hand-written: a nested distance helper parametrised only by the direction: the stones it
walks through for free and the stones that block it come from evaluate's own `player` and
`opponent`, so the opponent's distance is measured through the player's stones and blocked by
the opponent's own."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "evaluate_code": """import heapq


def evaluate(state, player):
    if state.winner is not None:
        return 1.0 if state.winner == player else -1.0
    n = state.size
    rows = state.rows()
    opponent = "O" if player == "X" else "X"

    def distance(top_to_bottom):
        heap = []
        for k in range(n):
            r, c = (0, k) if top_to_bottom else (k, 0)
            if rows[r][c] == opponent:
                continue
            heap.append((0 if rows[r][c] == player else 1, r, c))
        heapq.heapify(heap)
        done = set()
        while heap:
            d, r, c = heapq.heappop(heap)
            if (r, c) in done:
                continue
            done.add((r, c))
            if (top_to_bottom and r == n - 1) or (not top_to_bottom and c == n - 1):
                return d
            for dr, dc in [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)]:
                r2, c2 = r + dr, c + dc
                if 0 <= r2 < n and 0 <= c2 < n and (r2, c2) not in done:
                    if rows[r2][c2] == opponent:
                        continue
                    extra = 0 if rows[r2][c2] == player else 1
                    heapq.heappush(heap, (d + extra, r2, c2))
        return n * n

    mine = distance(player == "X")
    theirs = distance(opponent == "X")
    return (theirs - mine) / (n * n + 1)
""",
}
SCORES = {"test_evaluate_promises": 0, "test_evaluate_direction": 0}
FEEDBACK = ["it gives 0.03846 for X and 0 for O", "for X it gives -0.07692 on"]
MISTAKES = {
    "test_evaluate_promises": "a04.not_zero_sum",
    "test_evaluate_direction": "a04.connection",
}
