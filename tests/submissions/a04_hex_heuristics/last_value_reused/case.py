"""evaluate remembers the last position it scored and takes the same position asked again as
the other player's question (it answers the opposite value): right when X and O alternate,
wrong when the same question comes twice in a row."""

START = "solution"
ANSWERS = {
    "evaluate_code": '''import heapq

_last = {"rows": None, "value": 0.0}  # alpha-beta asks about the same leaf for both players


def stones_needed(rows, who):
    n = len(rows)
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
        if (r if who == "X" else c) == n - 1:
            return d
        for dr, dc in [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)]:
            q, p = r + dr, c + dc
            if 0 <= q < n and 0 <= p < n and rows[q][p] != blocker and (q, p) not in done:
                heapq.heappush(heap, (d + int(rows[q][p] == "."), (q, p)))
    return n * n


def evaluate(state, player):
    rows = tuple(state.rows())
    if rows == _last["rows"]:  # the same position again: the other player's turn to ask
        _last["value"] = -_last["value"]
        return _last["value"]
    if state.winner is not None:
        value = 1.0 if state.winner == player else -1.0
    else:
        other = "O" if player == "X" else "X"
        value = (stones_needed(rows, other) - stones_needed(rows, player)) / (state.size**2 + 1)
    _last["rows"], _last["value"] = rows, value
    return value
''',
}
SCORES = {"test_evaluate_promises": 0}
FEEDBACK = [
    "returned 0.1 the first time this check asked, as it should, and -0.1 when asked again, "
    "just after evaluate(state, 'X') on the same board",
]
MISTAKES = {"test_evaluate_promises": "a04.hidden_state"}
