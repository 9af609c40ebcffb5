"""Hand-written: a plain breadth-first search (a FIFO queue, each cell's distance fixed the
first time it is reached) that adds 1 for an empty cell and 0 for an own stone, as if the
weights did not matter to the order: a cell first reached through an empty cell keeps that
cost even when a way through own stones would be cheaper."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "evaluate_code": """from collections import deque

DIRECTIONS = [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)]


def other_player(p):
    if p == "X":
        return "O"
    return "X"


def path_cost(state, who):
    rows = state.rows()
    n = state.size
    enemy = other_player(who)
    dist = {}
    queue = deque()
    # start on my first edge: the top row for X, the left column for O
    for i in range(n):
        if who == "X":
            cell = (0, i)
        else:
            cell = (i, 0)
        r, c = cell
        if rows[r][c] == enemy:
            continue
        if rows[r][c] == who:
            dist[cell] = 0
        else:
            dist[cell] = 1
        queue.append(cell)
    while queue:
        r, c = queue.popleft()
        for dr, dc in DIRECTIONS:
            nr, nc = r + dr, c + dc
            if nr < 0 or nr >= n or nc < 0 or nc >= n:
                continue
            if rows[nr][nc] == enemy or (nr, nc) in dist:
                continue
            if rows[nr][nc] == who:
                dist[(nr, nc)] = dist[(r, c)]
            else:
                dist[(nr, nc)] = dist[(r, c)] + 1
            queue.append((nr, nc))
    best = n * n
    for i in range(n):
        if who == "X":
            end = (n - 1, i)
        else:
            end = (i, n - 1)
        if end in dist and dist[end] < best:
            best = dist[end]
    return best


def evaluate(state, player):
    if state.winner == player:
        return 1
    if state.winner is not None:
        return -1
    mine = path_cost(state, player)
    theirs = path_cost(state, other_player(player))
    return (theirs - mine) / (state.size * state.size + 1)
""",
}
SCORES = {"test_evaluate_promises": 0, "test_evaluate_direction": 0}
FEEDBACK = ["returned 0.2 on the 3 x 3 board", "O needs 2 more stones (for example at b1, c1)"]
MISTAKES = {
    "test_evaluate_promises": "witness:evaluate",
    "test_evaluate_direction": "a04.not_symmetric",
}
