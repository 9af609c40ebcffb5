"""The shortest-path gap squashed by tanh: a heuristic with every property the other checks
test (it was this fixture's "written differently" control while only properties were
tested), but not the value the docstring specifies."""

START = 'solution'
ANSWERS = {
    'evaluate_code': '''import math
from collections import deque

from gamekit.hex import neighbours


def distance(state, who):
    """0-1 breadth-first search from who's first edge, through gamekit.hex.neighbours."""
    n = state.size
    rows = state.rows()
    board = {(r + 1, c + 1): rows[r][c] for r in range(n) for c in range(n)}
    first = [(1, c) for c in range(1, n + 1)] if who == "X" else [(r, 1) for r in range(1, n + 1)]
    best = {}
    queue = deque()
    for cell in first:
        if board[cell] in (who, "."):
            best[cell] = 0 if board[cell] == who else 1
            queue.append(cell) if best[cell] else queue.appendleft(cell)
    while queue:
        cell = queue.popleft()
        if (cell[0] if who == "X" else cell[1]) == n:
            return best[cell]
        for near in neighbours(cell, n):
            if board[near] not in (who, "."):
                continue
            cost = best[cell] + (board[near] == ".")
            if cost < best.get(near, n * n + 1):
                best[near] = cost
                queue.append(near) if board[near] == "." else queue.appendleft(near)
    return n * n


def evaluate(state, player):
    other = {"X": "O", "O": "X"}[player]
    if state.winner:
        return 1 if state.winner == player else -1
    return math.tanh((distance(state, other) - distance(state, player)) / 3) * 0.99
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {'test_evaluate_promises': 0}
FEEDBACK = ["✓ evaluate's symmetry and connection", 'but should return 0.1']
MISTAKES = {'test_evaluate_promises': 'witness:evaluate'}
