"""Hand-written: the value is worked out for the player to move and turned round at the end
when `player` is the other one, but the won-position branch returns early, from the point of
view of the player to move (the loser, after the winning move), before the turn-round: a won
position scores -1 for both players."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "evaluate_code": """import heapq


def shortest(rows, me):
    n = len(rows)
    them = "O" if me == "X" else "X"
    INF = float("inf")
    dist = {}
    pq = []
    for i in range(n):
        r, c = (0, i) if me == "X" else (i, 0)
        if rows[r][c] != them:
            d = 0 if rows[r][c] == me else 1
            if d < dist.get((r, c), INF):
                dist[(r, c)] = d
                heapq.heappush(pq, (d, r, c))
    while pq:
        d, r, c = heapq.heappop(pq)
        if d > dist[(r, c)]:
            continue
        for dr, dc in [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)]:
            rr, cc = r + dr, c + dc
            if 0 <= rr < n and 0 <= cc < n and rows[rr][cc] != them:
                nd = d + (1 if rows[rr][cc] == "." else 0)
                if nd < dist.get((rr, cc), INF):
                    dist[(rr, cc)] = nd
                    heapq.heappush(pq, (nd, rr, cc))
    ends = [(n - 1, i) if me == "X" else (i, n - 1) for i in range(n)]
    return min(dist.get(e, INF) for e in ends)


def evaluate(state, player):
    mover = state.to_move
    waiting = "O" if mover == "X" else "X"
    # score everything for the player to move, then flip it if we are asked for the other one
    if state.winner is not None:
        return 1.0 if state.winner == mover else -1.0
    rows = state.rows()
    score = (shortest(rows, waiting) - shortest(rows, mover)) / (state.size * state.size + 1)
    if player != mover:
        score = -score
    return score
""",
}
SCORES = {"test_evaluate_promises": 0}
FEEDBACK = ["(a position X has won) it gives -1 for X and -1 for O"]
MISTAKES = {"test_evaluate_promises": "a04.not_zero_sum"}
