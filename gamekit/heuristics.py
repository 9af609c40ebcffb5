"""Evaluation functions for k-in-a-row boards: the window heuristic and a centre preference.

A *window* is a run of ``k`` consecutive cells in one of the four directions (across, down,
and the two diagonals). A window that holds pieces of only one player is still open for that
player and scores by how many pieces it holds; a window holding both colours can never be won
and scores 0. Opponent windows count negatively, so every function here is **zero-sum**:
``f(state, 'X') == -f(state, 'O')`` on every board.

Weights for Connect Four (``k = 4``), by the number of own pieces in an open window:
``(0, 1, 10, 50, 512)`` for 0, 1, 2, 3, 4 pieces. For other ``k`` (`default_weights`) the
weights follow how many pieces are *missing*: a complete window is 512, one missing 50, two
missing 10, three or more missing 1, and an empty window 0.

`connect_four_eval` adds a preference for the centre: `CENTRE_WEIGHT` (3) points per own piece
in the centre column (the two middle columns when the number of columns is even), minus the
same for the opponent.

>>> from gamekit.games import ConnectFour
>>> game = ConnectFour()
>>> state = game.result(game.initial, (6, 4))   # X in the bottom cell of the centre column
>>> window_score(state, "X"), centre_bonus(state, "X"), connect_four_eval(state, "X")
(7, 3, 10)
>>> connect_four_eval(state, "O")
-10

The single X lies in 7 windows (4 across, 1 down, 1 on each diagonal), each worth 1.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

from gamekit.games import BoardState, Game, Move

WEIGHTS_4 = (0, 1, 10, 50, 512)
"""Connect Four's window weights, indexed by the number of own pieces in an open window."""

CENTRE_WEIGHT = 3
"""Points per own piece in the centre column(s) in `connect_four_eval`."""

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
"""(d_row, d_col) of the four directions: across, down, down-right, down-left."""

_CACHE_LIMIT = 500_000

# (h, v, k) -> one itemgetter per line of length >= k (cells as indices into BoardState.cells)
_line_getters: dict[tuple[int, int, int], tuple[Callable[[str], Any], ...]] = {}
# (line string, k, weights) -> X's score of every window inside that line
_line_scores: dict[tuple[str, int, tuple[float, ...]], float] = {}
# (cells, h, v, k, weights) -> X's window score of the whole board
_board_scores: dict[tuple[str, int, int, int, tuple[float, ...]], float] = {}


def default_weights(k: int) -> tuple[int, ...]:
    """Window weights for ``k`` in a row, indexed by own pieces 0..k (see the module docstring).

    >>> default_weights(4), default_weights(3), default_weights(5)
    ((0, 1, 10, 50, 512), (0, 10, 50, 512), (0, 1, 1, 10, 50, 512))
    """
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"k must be a whole number >= 1, got {k!r}")
    by_missing = {0: 512, 1: 50, 2: 10}
    return (0,) + tuple(by_missing.get(k - pieces, 1) for pieces in range(1, k + 1))


def windows(h: int, v: int, k: int) -> list[tuple[Move, ...]]:
    """Every window of ``k`` cells on an ``h`` x ``v`` board, as tuples of (row, col) cells.

    Order: across, down, down-right, down-left; within a direction, by starting cell.

    >>> len(windows(6, 7, 4)), len(windows(4, 4, 3))
    (69, 24)
    """
    found = []
    for d_row, d_col in DIRECTIONS:
        for row in range(1, h + 1):
            for col in range(1, v + 1):
                cells = tuple((row + i * d_row, col + i * d_col) for i in range(k))
                if all(1 <= r <= h and 1 <= c <= v for r, c in cells):
                    found.append(cells)
    return found


def _getters(h: int, v: int, k: int) -> tuple[Callable[[str], Any], ...]:
    """Itemgetters that cut every maximal line of length >= k out of a cells string."""
    key = (h, v, k)
    getters = _line_getters.get(key)
    if getters is None:
        lines = []
        for d_row, d_col in DIRECTIONS:
            for row in range(1, h + 1):
                for col in range(1, v + 1):
                    before = (row - d_row, col - d_col)
                    if 1 <= before[0] <= h and 1 <= before[1] <= v:
                        continue  # not the first cell of its line
                    line = []
                    r, c = row, col
                    while 1 <= r <= h and 1 <= c <= v:
                        line.append((r - 1) * v + c - 1)
                        r, c = r + d_row, c + d_col
                    if len(line) >= k:
                        lines.append(line)
        getters = tuple(itemgetter(*line) for line in lines)
        _line_getters[key] = getters
    return getters


def _line_score(line: str, k: int, weights: tuple[float, ...]) -> float:
    """X's score of every window of ``k`` cells inside one line."""
    key = (line, k, weights)
    score = _line_scores.get(key)
    if score is None:
        score = 0
        for start in range(len(line) - k + 1):
            window = line[start : start + k]
            xs, os_ = window.count("X"), window.count("O")
            if os_ == 0:
                score += weights[xs]
            elif xs == 0:
                score -= weights[os_]
        if len(_line_scores) > _CACHE_LIMIT:
            _line_scores.clear()
        _line_scores[key] = score
    return score


def _x_window_score(state: BoardState, k: int, weights: tuple[float, ...]) -> float:
    """The window score of ``state`` for X (cached per board)."""
    key = (state.cells, state.h, state.v, k, weights)
    score = _board_scores.get(key)
    if score is None:
        cells = state.cells
        score = 0
        for getter in _getters(state.h, state.v, k):
            score += _line_score("".join(getter(cells)), k, weights)
        if len(_board_scores) > _CACHE_LIMIT:
            _board_scores.clear()
        _board_scores[key] = score
    return score


def _sign(player: str) -> int:
    if player == "X":
        return 1
    if player == "O":
        return -1
    raise ValueError(f"player must be 'X' or 'O', got {player!r}")


def _check_weights(weights: Sequence[float] | None, k: int) -> tuple[float, ...]:
    if weights is None:
        return default_weights(k)
    weights = tuple(weights)
    if len(weights) != k + 1:
        raise ValueError(f"weights needs k + 1 = {k + 1} entries (0..k pieces), got {weights}")
    return weights


def window_score(
    state: BoardState, player: str, k: int = 4, weights: Sequence[float] | None = None
) -> float:
    """Sum over every window of ``k`` cells: ``+weights[n]`` for a window holding ``n`` of
    ``player``'s pieces and none of the opponent's, ``-weights[n]`` for the opponent's.

    ``weights`` defaults to `default_weights` (k), i.e. ``(0, 1, 10, 50, 512)`` for k = 4.
    """
    if k > state.h and k > state.v:
        raise ValueError(f"no window of k={k} cells fits on a {state.h} x {state.v} board")
    return _sign(player) * _x_window_score(state, k, _check_weights(weights, k))


def centre_columns(v: int) -> tuple[int, ...]:
    """The centre column of ``v`` columns (1-based); the two middle ones when ``v`` is even.

    >>> centre_columns(7), centre_columns(4)
    ((4,), (2, 3))
    """
    return ((v + 1) // 2,) if v % 2 else (v // 2, v // 2 + 1)


def centre_bonus(state: BoardState, player: str, weight: float = CENTRE_WEIGHT) -> float:
    """``weight`` times (``player``'s pieces minus the opponent's) in the centre column(s)."""
    sign = _sign(player)
    difference = 0
    for col in centre_columns(state.v):
        column = state.cells[col - 1 :: state.v]
        difference += column.count("X") - column.count("O")
    return sign * weight * difference


def centre_weights(h: int, v: int, k: int = 4) -> list[list[int]]:
    """How many windows of ``k`` cells pass through each cell: a table, top row first.

    Central cells lie on more potential lines, which is why they are worth more. On the
    standard board this is the well-known table whose bottom row reads 3 4 5 7 5 4 3.

    >>> centre_weights(6, 7)[-1]
    [3, 4, 5, 7, 5, 4, 3]
    """
    table = [[0] * v for _ in range(h)]
    for window in windows(h, v, k):
        for row, col in window:
            table[row - 1][col - 1] += 1
    return table


def connect_four_eval(state: BoardState, player: str, k: int = 4) -> float:
    """The course's evaluation: `window_score` with the default weights plus `centre_bonus`.

    Zero-sum: ``connect_four_eval(s, 'X') == -connect_four_eval(s, 'O')``. Its size stays far
    below ``gamekit.search.WIN / 2``, so a real win always outweighs it.
    """
    return window_score(state, player, k) + centre_bonus(state, player)


def eval_for(game: Game, weights: Sequence[float] | None = None) -> Callable[[Any, str], float]:
    """`connect_four_eval` for ``game``'s ``k`` (and optional weights) as ``eval_fn(state,
    player)``, ready for ``alphabeta_cutoff_search(..., eval_fn=...)`` or `greedy_player`.

    >>> from gamekit.games import ConnectFour
    >>> small = ConnectFour(4, 4, 3)
    >>> eval_for(small)(small.result(small.initial, (4, 2)), "X")   # 4 windows of 10, +3
    43
    """
    k = game.k
    chosen = _check_weights(weights, k)

    def evaluate(state: BoardState, player: str) -> float:
        return _sign(player) * _x_window_score(state, k, chosen) + centre_bonus(state, player)

    evaluate.__name__ = f"connect_four_eval_k{k}"
    return evaluate
