"""Hand-written: "stones still needed" as the length of the shortest way in cells (a plain
breadth-first search that avoids the opponent's stones but counts own stones like empty cells)
minus every own stone on the board, wherever it stands, kept at 0 or more."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "evaluate_code": '''from collections import deque


def route_length(rows, who):
    """How many cells the shortest way from one of who's edges to the other has."""
    n = len(rows)
    other = "O" if who == "X" else "X"
    steps = {}
    queue = deque()
    for i in range(n):
        start = (0, i) if who == "X" else (i, 0)
        if rows[start[0]][start[1]] != other:
            steps[start] = 1
            queue.append(start)
    while queue:
        r, c = queue.popleft()
        if (who == "X" and r == n - 1) or (who == "O" and c == n - 1):
            return steps[(r, c)]
        for dr, dc in [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)]:
            nxt = (r + dr, c + dc)
            if 0 <= nxt[0] < n and 0 <= nxt[1] < n and nxt not in steps:
                if rows[nxt[0]][nxt[1]] != other:
                    steps[nxt] = steps[(r, c)] + 1
                    queue.append(nxt)
    return n * n


def stones_needed(rows, who):
    placed = 0
    for row in rows:
        placed += row.count(who)
    return max(0, route_length(rows, who) - placed)


def evaluate(state, player):
    if state.winner is not None:
        return 1.0 if state.winner == player else -1.0
    rows = state.rows()
    other = "O" if player == "X" else "X"
    gap = stones_needed(rows, other) - stones_needed(rows, player)
    return gap / (state.size * state.size + 1)
''',
}
SCORES = {"test_evaluate_promises": 0, "test_evaluate_direction": 0, "test_tournament": 0}
FEEDBACK = ["returned 0 on the 5 x 5 board", "the same for both, though the first is better for X"]
MISTAKES = {
    "test_evaluate_promises": "witness:evaluate",
    "test_evaluate_direction": "a04.connection",
    "test_tournament": "a04.loses_games",
}
