"""Perfect analysis: every column's exact value, or what is proven of it so far.

`analyse` plays each legal column in turn and narrows the score of the position after it with
null-window searches ("is the score above m?"), each answer halving the interval still possible,
in `solve`'s order (the far, cheap windows first: they fill the table for the ones near 0,
which decide win, draw or loss). It goes round the columns one search step at a time, so every
column soon has proven bounds, and stops when all are exact, when ``seconds`` have passed or
when ``stop()`` says so. The bounds it reports are always proven: the exact value lies between
them.

A published end-game position (34 stones, X to move, columns 1, 2, 5 and 6 still open):

>>> result = analyse("7422341735647741166133573473242566")
>>> [(c.column, c.score) for c in result.columns]
[(1, -3), (2, 1), (5, -4), (6, 1)]
>>> result.column(2).words(), result.column(5).words()
('win in 4 of your moves', 'loss in 1 of their moves')
>>> result.best()
[2, 6]
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from gamekit.connect4_fast import kernel
from gamekit.connect4_fast.book import book_score
from gamekit.connect4_fast.reference import (
    DEFAULT_TABLE_ENTRIES,
    OutOfBudget,
    Position,
    next_window,
    score_bounds,
    window_search,
)
from gamekit.connect4_fast.solver import Engine, plies_left, use_compiled

CHUNK_NODES = {"compiled": 1_000_000, "pure": 20_000}
"""Nodes searched between two looks at the clock and at ``stop`` (about 0.1-0.2 s); a window
cut short is searched again with twice as many, up to `MAX_CHUNKS` times as many."""

MAX_CHUNKS = 8
"""The longest step between two looks at ``stop``: 8 chunks (about 1 s compiled)."""


@dataclass(frozen=True)
class ColumnValue:
    """What is proven about one column: its score lies in ``[low, high]``.

    Scores are Pons' (`gamekit.connect4_fast.Solution`), for the player to move in the analysed
    position, after they play ``column`` (1-based): positive, they win; the larger, the sooner.
    ``moves`` is the number of stones on the board before the column is played.
    """

    column: int
    low: int
    high: int
    moves: int
    cells: int = 42

    @property
    def exact(self) -> bool:
        """Are the bounds equal (the value known)?"""
        return self.low == self.high

    @property
    def score(self) -> int | None:
        """The exact score, None while it is not known."""
        return self.low if self.exact else None

    def your_moves(self, score: int) -> int:
        """For a winning ``score``: how many moves of yours the win takes, this one included
        (1: this move wins). For a losing one: how many moves of theirs until they win."""
        plies = plies_left(self.cells, self.moves, score)  # plies from the analysed position
        return (plies + 1) // 2 if score > 0 else plies // 2

    def words(self, mover: str | None = None, other: str | None = None) -> str:
        """The value in plain words, from the point of view of the player to move.

        Exact: ``"win in n of your moves"`` (n counts your moves from this one, included: "win
        in 1" is a move that wins at once), ``"draw"``, ``"loss in n of their moves"`` (n counts
        your opponent's moves until the one that wins, with your best defence). Bounds only:
        ``"at least a win (in n of your moves at the latest)"``, ``"at least a draw"``, ``"at
        most a draw"``, ``"at most a loss (in n of their moves at the latest)"``, ``"not known
        yet"``. With ``mover`` and ``other``, the players are named instead ("win in 3 of X's
        moves"), as a board does where the player to move may be the engine.
        """
        from gamekit.i18n import _

        named = mover is not None and other is not None
        if self.exact:
            if self.low > 0:
                n = self.your_moves(self.low)
                if named:
                    return _("win in {n} of {player}'s moves").format(n=n, player=mover)
                return _("win in {n} of your moves").format(n=n)
            if self.low < 0:
                n = self.your_moves(self.low)
                if named:
                    return _("loss in {n} of {player}'s moves").format(n=n, player=other)
                return _("loss in {n} of their moves").format(n=n)
            return _("draw")
        if self.low > 0:
            n = self.your_moves(self.low)
            if named:
                return _("at least a win (in {n} of {player}'s moves at the latest)").format(
                    n=n, player=mover
                )
            return _("at least a win (in {n} of your moves at the latest)").format(n=n)
        if self.low == 0:
            return _("at least a draw")
        if self.high == 0:
            return _("at most a draw")
        if self.high < 0:
            n = self.your_moves(self.high)
            if named:
                return _("at most a loss (in {n} of {player}'s moves at the latest)").format(
                    n=n, player=other
                )
            return _("at most a loss (in {n} of their moves at the latest)").format(n=n)
        return _("not known yet")


@dataclass(frozen=True)
class Analysis:
    """`analyse`'s result: one `ColumnValue` per legal column, left to right.

    ``complete``: every column is exact. ``stopped``: why it ended early (``"time"``,
    ``"stop"``) or None. ``nodes``: positions searched; ``seconds``: wall-clock time;
    ``engine``: ``"compiled"`` or ``"pure"``.
    """

    columns: tuple[ColumnValue, ...]
    complete: bool
    stopped: str | None
    nodes: int
    seconds: float
    engine: str

    def column(self, col: int) -> ColumnValue:
        """The value of column ``col`` (1-based); `KeyError` if it cannot be played."""
        for value in self.columns:
            if value.column == col:
                return value
        raise KeyError(f"column {col} cannot be played here")

    def best(self) -> list[int]:
        """The columns proven best so far: exact, and no other column can score more."""
        top = max(c.high for c in self.columns)
        return [c.column for c in self.columns if c.exact and c.low >= top]


def analyse(
    position: Position | str,
    *,
    seconds: float | None = None,
    stop: Callable[[], bool] | None = None,
    progress: Callable[[Analysis], None] | None = None,
    engine: Engine = "auto",
    table_bytes: int = kernel.DEFAULT_TABLE_BYTES,
    book: bool = True,
) -> Analysis:
    """Every legal column's exact value for the player to move in ``position`` (a `Position` or
    a move string such as ``"4453"``), or proven bounds when time runs out.

    ``seconds``: the budget (None: until every column is exact). ``stop``: called between
    search steps (every ~0.1 s); returning True ends the analysis (a Stop button in another
    thread). ``progress``: called with the `Analysis` so far after each column's bounds change.
    ``engine``, ``table_bytes``: as for `gamekit.connect4_fast.solve`. Positions in the opening
    book are answered from it (``book=False``: always search). The compiled search releases
    the GIL, so a background thread leaves the caller responsive.

    Raises `ValueError` for a finished game or an illegal move string.
    """
    start = time.perf_counter()
    if isinstance(position, str):
        position = Position.from_moves(position)
    sh = position.shape
    if position.is_won() or position.moves == sh.cells:
        raise ValueError(f"the game is over: no column to analyse\n{position}")
    if seconds is not None and not seconds > 0:
        raise ValueError(f"seconds must be a positive number (or None), got {seconds!r}")
    compiled = use_compiled(sh, engine)
    name = "compiled" if compiled else "pure"
    deadline = None if seconds is None else start + seconds
    table = None  # made when a column needs a search (the book may answer them all)
    pure_table: dict[int, int] = {}
    cells, moves = sh.cells, position.moves

    values: dict[int, ColumnValue] = {}
    children: dict[int, Position] = {}
    for col in range(1, sh.width + 1):
        if not position.can_play(col):
            continue
        child = position.play(col)
        exact = _known_score(position, child, book)
        if exact is not None:
            values[col] = ColumnValue(col, exact, exact, moves, cells)
        else:
            child_low, child_high = score_bounds(child)
            values[col] = ColumnValue(col, -child_high, -child_low, moves, cells)
            children[col] = child
    nodes = 0

    def snapshot(stopped: str | None) -> Analysis:
        columns = tuple(values[c] for c in sorted(values))
        complete = all(c.exact for c in columns)
        return Analysis(columns, complete, stopped, nodes, time.perf_counter() - start, name)

    def out_of_time() -> str | None:
        if stop is not None and stop():
            return "stop"
        if deadline is not None and time.perf_counter() > deadline:
            return "time"
        return None

    if progress is not None:
        progress(snapshot(None))
    order = sorted(children, key=lambda c: (abs(c - (sh.width + 1) / 2), c))  # centre first
    chunk = dict.fromkeys(children, CHUNK_NODES[name])  # doubled each time a window is cut
    while True:
        pending = [c for c in order if not values[c].exact]
        if not pending:
            return snapshot(None)
        for col in pending:
            reason = out_of_time()
            if reason:
                return snapshot(reason)
            child, value = children[col], values[col]
            child_low, child_high = -value.high, -value.low
            middle = next_window(child_low, child_high)
            if compiled:
                if table is None:
                    table = kernel.Table(sh, table_bytes)
                found, count, finished = kernel.window_search(
                    table, child.current, child.mask, child.moves, middle, middle + 1, chunk[col]
                )
            else:
                try:
                    found, count = window_search(
                        sh,
                        pure_table,
                        DEFAULT_TABLE_ENTRIES,
                        child.current,
                        child.mask,
                        child.moves,
                        middle,
                        middle + 1,
                        chunk[col],
                    )
                    finished = True
                except OutOfBudget as budget:
                    found, count, finished = 0, budget.args[0], False
            nodes += count
            if not finished:  # the same window next round, with more nodes: the table keeps
                # what was proven, so little is lost but the way back down
                chunk[col] = min(2 * chunk[col], MAX_CHUNKS * CHUNK_NODES[name])
                continue
            chunk[col] = CHUNK_NODES[name]
            if found <= middle:
                child_high = found
            else:
                child_low = found
            values[col] = replace(value, low=-child_high, high=-child_low)
            if progress is not None:
                progress(snapshot(None))


def _known_score(position: Position, child: Position, book: bool) -> int | None:
    """The score of a column for the mover when no search is needed: the move wins, fills the
    board, lets the opponent win at once, or the book knows the position after it."""
    sh = position.shape
    if child.is_won():
        return (sh.cells + 1 - position.moves) // 2
    if child.moves == sh.cells:
        return 0
    if sh.winning_cells(child.current, child.mask) & (child.mask + sh.bottom) & sh.board:
        return -((sh.cells + 1 - child.moves) // 2)
    if book:
        known = book_score(child)
        if known is not None:
            return -known
    return None
