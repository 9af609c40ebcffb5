"""Exact solving: `solve` and `best_moves`, on the compiled kernel when it is there.

`solve` answers from the opening book when the position (or its mirror image) is in it, else
searches: with the compiled kernel (`gamekit.connect4_fast.kernel`) when numba is installed
and the board fits, else with the pure-Python reference (`gamekit.connect4_fast.reference`).
Both run the same algorithm and give the same scores; ``engine="pure"`` or the environment
variable ``GAMEKIT_PURE_SOLVER=1`` forces the reference.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from typing import Literal

from gamekit.connect4_fast import kernel
from gamekit.connect4_fast.reference import (
    DEFAULT_TABLE_ENTRIES,
    Position,
    Shape,
    next_window,
    reference_solve_score,
    score_bounds,
)

Engine = Literal["auto", "compiled", "pure"]
ENGINES = ("auto", "compiled", "pure")


@dataclass(frozen=True)
class Solution:
    """The exact result of a position for the player to move.

    ``score``: Pons' convention (the published test sets'): 0 a draw; positive, the mover wins
    and the score is ``(cells + 1 - n) // 2`` where ``n`` stones are on the board before the
    winning move (22 minus the winner's stones at the win on 7 x 6); negative, the same for the
    opponent. ``value``: 1, 0 or -1. ``plies``: moves until the game ends with perfect play
    (the winner wins as soon as possible, the loser holds out as long as possible).
    ``nodes``: positions the search generated (0 when the opening book answered).
    ``engine``: ``"compiled"``, ``"pure"`` or ``"book"``.
    """

    score: int
    value: int
    plies: int
    nodes: int
    engine: str = "pure"


def use_compiled(sh: Shape, engine: Engine = "auto") -> bool:
    """Will a search on boards of shape ``sh`` run compiled? Raises `ValueError` for an unknown
    ``engine`` and `RuntimeError` for ``"compiled"`` when the kernel cannot run."""
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {ENGINES}, got {engine!r}")
    if engine == "pure" or (engine == "auto" and os.environ.get("GAMEKIT_PURE_SOLVER")):
        return False
    if kernel.available(sh):
        return True
    if engine == "compiled":
        reason = kernel.unavailable_reason() or f"{sh.width}x{sh.height} k={sh.k} is not supported"
        raise RuntimeError(f"the compiled solver cannot run: {reason}")
    return False


_local = threading.local()  # one table per thread: two threads never share a search's memory


def shared_table(sh: Shape, table_bytes: int = kernel.DEFAULT_TABLE_BYTES) -> kernel.Table:
    """This thread's compiled table for the board shape and size, reused (after a reset) by
    every solve in the thread; a different shape or size replaces it."""
    key = (sh.width, sh.height, sh.k, table_bytes)
    table = getattr(_local, "table", None)
    if table is None or _local.key != key:
        _local.table = table = None  # let the old memory go before taking the new
        _local.table, _local.key = kernel.Table(sh, table_bytes), key
        table = _local.table
    return table


def compiled_solve_score(position: Position, table: kernel.Table) -> tuple[int, int]:
    """`reference.reference_solve_score` on the compiled kernel: (score, nodes). The table is
    not reset here: the caller decides (a fresh table per position gives the reference's
    node counts)."""
    sh = position.shape
    current, mask, moves = position.current, position.mask, position.moves
    if moves == sh.cells:
        return 0, 1
    if sh.winning_cells(current, mask) & (mask + sh.bottom) & sh.board:
        return (sh.cells + 1 - moves) // 2, 1
    low, high = score_bounds(position)
    nodes = 0
    while low < high:
        middle = next_window(low, high)
        found, count, _ = kernel.window_search(
            table, current, mask, moves, middle, middle + 1, 1 << 62
        )
        nodes += count
        if found <= middle:
            high = found
        else:
            low = found
    return low, nodes


def plies_left(cells: int, moves: int, score: int) -> int:
    """Moves until the end of the game with perfect play, from a position with ``moves`` stones
    on a board of ``cells`` and its exact ``score``."""
    if score == 0:
        return cells - moves
    n = cells + 1 - 2 * abs(score)  # stones on the board before the winning move ...
    if (n - moves) % 2 != (0 if score > 0 else 1):  # ... of the winner's parity
        n -= 1
    return n - moves + 1


def plies_to_end(position: Position, score: int) -> int:
    """`plies_left` for ``position``."""
    return plies_left(position.shape.cells, position.moves, score)


def solve(
    position: Position | str,
    max_table_entries: int = DEFAULT_TABLE_ENTRIES,
    *,
    engine: Engine = "auto",
    table_bytes: int = kernel.DEFAULT_TABLE_BYTES,
    book: bool = True,
) -> Solution:
    """The exact value of ``position`` (a `Position` or a move string such as ``"4453"``) and
    its distance to the end (see `Solution`).

    ``engine``: ``"auto"`` (compiled when available, else pure), ``"compiled"`` or ``"pure"``.
    ``max_table_entries`` sizes the pure solver's table, ``table_bytes`` the compiled one's
    (each solve starts from an empty table). ``book=False`` ignores the opening book.
    """
    if isinstance(position, str):
        position = Position.from_moves(position)
    if position.is_won():
        raise ValueError(f"the game is over: the last move won\n{position}")
    compiled = use_compiled(position.shape, engine)
    if book:
        from gamekit.connect4_fast.book import book_score

        known = book_score(position)
        if known is not None:
            return _solution(position, known, 0, "book")
    if compiled:
        table = shared_table(position.shape, table_bytes)
        table.reset()
        score, nodes = compiled_solve_score(position, table)
        return _solution(position, score, nodes, "compiled")
    score, nodes = reference_solve_score(position, max_table_entries)
    return _solution(position, score, nodes, "pure")


def _solution(position: Position, score: int, nodes: int, engine: str) -> Solution:
    value = (score > 0) - (score < 0)
    return Solution(score, value, plies_to_end(position, score), nodes, engine)


def child_score(position: Position, col: int, **options: object) -> int:
    """The exact score of column ``col`` (1-based) for the player to move in ``position``."""
    sh = position.shape
    child = position.play(col)
    if child.is_won():
        return (sh.cells + 1 - position.moves) // 2
    if child.moves == sh.cells:
        return 0
    return -solve(child, **options).score  # type: ignore[arg-type]


def best_moves(position: Position, *, engine: Engine = "auto") -> tuple[Solution, list[int]]:
    """The position's `Solution` and every column (1-based) that keeps it, left to right."""
    solution = solve(position, engine=engine)
    keep = [
        col
        for col in range(1, position.shape.width + 1)
        if position.can_play(col) and child_score(position, col, engine=engine) == solution.score
    ]
    return solution, keep
