"""A cache by position that turns its stored value round for the other player but keeps the
first player's name with it: right the first two times a position is asked, wrong after. The
third question comes in the visible test (a won position asked again), and the cache the kernel
keeps from one cell to the next makes the mirrored positions of Part 2 disagree: both sentences
state what evaluate returned."""

START = "solution"
ANSWERS = {
    "evaluate_code": '''import heapq

_seen = {}  # rows -> (player, value): a search asks about the same leaves again and again


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
    key = tuple(state.rows())
    if key in _seen:
        owner, value = _seen[key]
        if owner != player:  # zero-sum: the other player's value is the opposite
            value = -value
            _seen[key] = (owner, value)
        return value
    if state.winner is not None:
        value = 1.0 if state.winner == player else -1.0
    else:
        other = "O" if player == "X" else "X"
        gap = stones_needed(key, other) - stones_needed(key, player)
        value = gap / (state.size**2 + 1)
    _seen[key] = (player, value)
    return value
''',
}
SCORES = {'test_evaluate_promises': 0, 'test_evaluate_direction': 0}
FEEDBACK = [
    'a position X has won should score 1 for X',
    "it gives 0.03846 for X on ['X....', '.O...', '..XO.', '.....', 'O..X.'] but -0.03846 for O",
]
MISTAKES = {'test_evaluate_promises': 'expect', 'test_evaluate_direction': 'a04.not_symmetric'}
