"""Evaluation functions for Hex, from the crudest to the one that knows what Hex is about.

Each is ``f(state, player) -> float`` for depth-limited search (``eval_fn=`` of
`gamekit.search.alphabeta_cutoff_search`), with three promises:

- the value lies in ``[-1, 1]``;
- it is **zero-sum**: ``f(state, 'X') == -f(state, 'O')``;
- a won position scores ``1`` for the winner (``-1`` for the loser) and every position not yet
  won scores strictly between, so a win is preferred to any estimate.

The three, in the order a student might invent them:

- `connected`: how many of your stones touch another of yours, minus the same for the opponent.
  Stones in groups are good... but a group can run the wrong way.
- `better_connected`: the same, counting only neighbours in your own direction: for X, the four
  neighbours in the rows above and below (X joins top to bottom); for O, the four in the columns
  to the left and right.
- `shortest_path`: how many more stones each player needs to join their edges (`distance`),
  opponent's minus yours. This is what Hex is about: the player with the shorter way to go is
  ahead.

>>> from gamekit.hex import Hex
>>> state = Hex(size=3).from_rows(["X..",
...                                "XO.",
...                                "..."])
>>> distance(state, "X"), distance(state, "O")   # X needs a3; O needs a3 and c2
(1, 2)
>>> shortest_path(state, "X"), connected(state, "X")
(0.1111111111111111, 0.2222222222222222)
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from gamekit.hex import PLAYERS, HexState, adjacency


def _other(player: str) -> str:
    if player not in PLAYERS:
        raise ValueError(f"player must be 'X' or 'O', got {player!r}")
    return "O" if player == "X" else "X"


def _won(state: HexState, player: str) -> float | None:
    """``1.0`` or ``-1.0`` for a won position, ``None`` while the game goes on."""
    if state.winner is None:
        return None
    return 1.0 if state.winner == player else -1.0


# --------------------------------------------------------------------------------------------
# Counting connected stones
# --------------------------------------------------------------------------------------------


def _count_linked(cells: str, mark: str, around: tuple[tuple[int, ...], ...]) -> int:
    """How many of ``mark``'s stones have at least one ``mark`` stone among ``around[i]``."""
    return sum(
        1
        for i, here in enumerate(cells)
        if here == mark and any(cells[j] == mark for j in around[i])
    )


def connected(state: HexState, player: str) -> float:
    """Own stones touching another own stone, minus the opponent's, over the number of cells.

    A player has at most half the cells (rounded up), so an unwon position scores well inside
    ``(-1, 1)``.
    """
    other = _other(player)
    won = _won(state, player)
    if won is not None:
        return won
    around = adjacency(state.size)
    own = _count_linked(state.cells, player, around)
    theirs = _count_linked(state.cells, other, around)
    return (own - theirs) / len(state.cells)


@lru_cache(maxsize=64)
def directed_adjacency(size: int, player: str) -> tuple[tuple[int, ...], ...]:
    """Neighbours in ``player``'s direction, by cell number: the ones that move X up or down a
    row, or move O left or right a column (four of the six, fewer on the edges)."""
    _other(player)
    axis = 0 if player == "X" else 1  # X's neighbours differ in the row, O's in the column
    return tuple(
        tuple(j for j in near if divmod(j, size)[axis] != divmod(i, size)[axis])
        for i, near in enumerate(adjacency(size))
    )


def better_connected(state: HexState, player: str) -> float:
    """Like `connected`, but a stone counts only if an own stone lies in the player's direction."""
    other = _other(player)
    won = _won(state, player)
    if won is not None:
        return won
    own = _count_linked(state.cells, player, directed_adjacency(state.size, player))
    theirs = _count_linked(state.cells, other, directed_adjacency(state.size, other))
    return (own - theirs) / len(state.cells)


# --------------------------------------------------------------------------------------------
# Shortest path
# --------------------------------------------------------------------------------------------


@lru_cache(maxsize=128)
def _edge_cells(size: int, player: str) -> tuple[tuple[int, ...], frozenset[int]]:
    """Cell numbers of ``player``'s first edge (top row, left column) and of their other edge."""
    if player == "X":
        return tuple(range(size)), frozenset(range(size * (size - 1), size * size))
    return tuple(range(0, size * size, size)), frozenset(range(size - 1, size * size, size))


def distance(state: HexState, player: str) -> int | None:
    """The fewest stones ``player`` must still add to join their two edges; ``None``: no way.

    A 0-1 breadth-first search (Dijkstra's algorithm when every cost is 0 or 1): entering a
    cell costs 0 if it holds ``player``'s stone, 1 if it is empty, and an opponent's stone
    cannot be entered. It starts from every cell of the player's first edge (the top row for X,
    the left column for O) and stops at the first cell of the other edge it takes off the queue.
    Cells come off the queue in order of distance because a 0-cost step goes to the front.
    """
    other = _other(player)
    n, cells = state.size, state.cells
    starts, goals = _edge_cells(n, player)
    around = adjacency(n)
    best = [n * n + 1] * (n * n)  # more than any path can cost
    queue: deque[int] = deque()
    for i in starts:
        if cells[i] != other:
            best[i] = 0 if cells[i] == player else 1
            if best[i] == 0:
                queue.appendleft(i)
            else:
                queue.append(i)
    done = [False] * (n * n)
    while queue:
        i = queue.popleft()
        if done[i]:
            continue
        done[i] = True
        if i in goals:
            return best[i]
        for j in around[i]:
            if cells[j] == other:
                continue
            step = 0 if cells[j] == player else 1
            if best[i] + step < best[j]:
                best[j] = best[i] + step
                if step == 0:
                    queue.appendleft(j)
                else:
                    queue.append(j)
    return None


def shortest_path(state: HexState, player: str) -> float:
    """The opponent's `distance` minus the player's, over the number of cells.

    A distance is at most the number of empty cells, so an unwon position scores strictly
    between -1 and 1. A player with no way left has lost (the opponent has joined their edges:
    in Hex, blocking the other player and connecting are the same thing).
    """
    other = _other(player)
    won = _won(state, player)
    if won is not None:
        return won
    own, theirs = distance(state, player), distance(state, other)
    if own is None or theirs is None:  # only in a won position; kept for safety
        return -1.0 if own is None else 1.0
    return (theirs - own) / len(state.cells)


__all__ = [
    "better_connected",
    "connected",
    "directed_adjacency",
    "distance",
    "shortest_path",
]
