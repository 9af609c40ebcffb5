"""Negamax with alpha-beta, a transposition table, move ordering and iterative deepening.

`negamax_search` is the engine of the course's Quarto seed project, in Python. Its core is
`gamekit.search.negamax` (every value seen by the player to move, the window ``[alpha, beta]``
becoming ``[-beta, -alpha]`` one ply down, fail-soft) plus three optional improvements a real
game program needs, each switched on by one argument:

- ``order=key``: explore each position's moves from the lowest ``key(game, state, move)`` up,
  as `gamekit.games.OrderedGame` does: good moves first means earlier cutoffs.
- ``table=TranspositionTable()``: remember what the search proved about each position, so a
  position reached again by another move order is not searched again (a *transposition*).
- ``time_limit=seconds``: iterative deepening, searching to depth 1, 2, 3, ... until time runs
  out; each iteration tries first the best move the previous one stored in the table.

With none of them it generates exactly the nodes `gamekit.search.negamax` generates, in the same
order, and follows the same conventions (``v >= beta`` prunes, ties go to the first best move,
a terminal state scores ``scored_result(utility, ply)`` in depth-limited search).

There are no counters inside the engine: statistics come from `gamekit.trace`, which watches
any engine through a stand-in game.

>>> from gamekit.games import TicTacToe
>>> from gamekit.trace import run_traced
>>> game = TicTacToe()
>>> state = game.replay([(2, 2), (1, 1)])
>>> (value, move), trace = run_traced(negamax_search, state, game, with_value=True)
>>> value, move
(0, (1, 2))
>>> s = trace.stats
>>> s.nodes, s.cutoffs_by_max, s.cutoffs_by_min, s.max_depth
(703, 80, 147, 7)
>>> table = TranspositionTable()
>>> _, trace = run_traced(negamax_search, state, game, table=table)
>>> trace.stats.nodes
442
>>> table
TranspositionTable(203 of 1,000,000 entries; 315 probes, 112 hits, 229 stores)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamekit.games import Game
from gamekit.gametree import CHANCE
from gamekit.search import EvalFn, _check_depth, scored_result

OrderKey = Callable[[Game, Any, Any], Any]
"""A move-ordering key ``key(game, state, move) -> sortable``: lower is explored first."""

EXACT, LOWER, UPPER = "EXACT", "LOWER", "UPPER"
"""What a stored value is: the exact value, a lower bound (the true value is at least it: the
search failed high, ``v >= beta``) or an upper bound (at most it: failed low, ``v <= alpha``)."""

CHECK_EVERY = 256
"""With a time limit, the clock is read once every this many nodes."""


@dataclass(frozen=True)
class TableEntry:
    """What one search of a position proved.

    ``depth`` is the number of plies searched below the position (``math.inf`` for a search to
    the end of the game): the entry answers any later search that needs no more than that.
    """

    value: float
    depth: float
    flag: str  # EXACT, LOWER or UPPER
    move: Any  # the best move found (the one to try first next time)


class TranspositionTable:
    """A dictionary ``key -> TableEntry`` of at most ``max_entries`` entries.

    When it is full, it is emptied before the next new entry is stored: the simplest replacement
    scheme (real engines replace entry by entry, keeping the deeper searches). ``probes``,
    ``hits`` (probes that found an entry) and ``stores`` count what the engine did with it.

    >>> table = TranspositionTable(max_entries=2)
    >>> for key in "abc":
    ...     table.store(key, TableEntry(0, 1, EXACT, None))
    >>> len(table), table.stores, table.clears, table.lookup("c").flag, table.lookup("a")
    (1, 3, 1, 'EXACT', None)
    >>> table.probes, table.hits
    (2, 1)
    """

    def __init__(self, max_entries: int = 1_000_000) -> None:
        if isinstance(max_entries, bool) or not isinstance(max_entries, int) or max_entries < 1:
            raise ValueError(f"max_entries must be a whole number >= 1, got {max_entries!r}")
        self.max_entries = max_entries
        self.entries: dict[Any, TableEntry] = {}
        self.probes = self.hits = self.stores = self.clears = 0

    def lookup(self, key: Any) -> TableEntry | None:
        """The entry stored for ``key``, or None."""
        self.probes += 1
        entry = self.entries.get(key)
        if entry is not None:
            self.hits += 1
        return entry

    def store(self, key: Any, entry: TableEntry) -> None:
        """Remember ``entry`` for ``key`` (replacing what was there)."""
        if key not in self.entries and len(self.entries) >= self.max_entries:
            self.entries.clear()
            self.clears += 1
        self.entries[key] = entry
        self.stores += 1

    def __len__(self) -> int:
        return len(self.entries)

    def __repr__(self) -> str:
        return (
            f"TranspositionTable({len(self)} of {self.max_entries:,} entries; "
            f"{self.probes} probes, {self.hits} hits, {self.stores} stores)"
        )


class _OutOfTime(Exception):
    """Raised inside the search when the time limit has passed; caught by the deepening loop."""


class _Clock:
    """Reads the time every `CHECK_EVERY` nodes; notes what an unfinished search found."""

    def __init__(self, seconds: float | None) -> None:
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.nodes = 0
        self.reached_horizon = False  # did the search evaluate a position at its depth limit?
        self.root_best: tuple[float | None, Any] = (None, None)  # best root move so far

    def tick(self) -> None:
        self.nodes += 1
        if (
            self.deadline is not None
            and self.nodes % CHECK_EVERY == 0
            and time.perf_counter() > self.deadline
        ):
            raise _OutOfTime


def _search(
    state: Any,
    game: Game,
    depth: int | None,
    eval_fn: EvalFn,
    order: OrderKey | None,
    table: TranspositionTable | None,
    clock: _Clock,
) -> tuple[float, Any]:
    """One negamax search to ``depth``: ``(value for the mover, best move)``.

    A table key is ``(state, ply)``: in depth-limited search a win's score depends on how many
    plies below the root it is (a sooner win is worth more), so the same position at another ply
    has another value. In the course's games a position is always the same number of plies from
    the root (each move adds a piece), so no transposition is missed.
    """

    def moves_to_try(state, entry):
        moves = list(game.actions(state))
        if order is not None:
            moves.sort(key=lambda move: order(game, state, move))
        if entry is not None and entry.move in moves:  # the table's best move first
            moves.remove(entry.move)
            moves.insert(0, entry.move)
        return moves

    def value(state, alpha, beta, ply):
        clock.tick()
        mover = game.to_move(state)
        if game.terminal_test(state):
            utility = game.utility(state, mover)
            return (utility if depth is None else scored_result(utility, ply)), None
        if ply == depth:
            clock.reached_horizon = True
            return eval_fn(state, mover), None
        key, remaining = (state, ply), math.inf if depth is None else depth - ply
        entry = table.lookup(key) if table is not None else None
        if entry is not None and entry.depth >= remaining:  # searched deep enough before
            if entry.flag == EXACT:
                return entry.value, entry.move
            if entry.flag == LOWER:
                alpha = max(alpha, entry.value)
            else:
                beta = min(beta, entry.value)
            if alpha >= beta:
                return entry.value, entry.move
        window_alpha = alpha  # this node is searched with the window [window_alpha, beta]
        v, move = -math.inf, None
        for a in moves_to_try(state, entry):
            v2, _ = value(game.result(state, a), -beta, -alpha, ply + 1)
            if -v2 > v:
                v, move = -v2, a
                if ply == 0:
                    clock.root_best = (v, move)
            if v >= beta:
                break
            alpha = max(alpha, v)
        if table is not None:  # what searching with that window proved
            flag = UPPER if v <= window_alpha else LOWER if v >= beta else EXACT
            table.store(key, TableEntry(v, remaining, flag, move))
        return v, move

    return value(state, -math.inf, math.inf, 0)


def _deepen(
    state: Any,
    game: Game,
    depth: int | None,
    eval_fn: EvalFn,
    order: OrderKey | None,
    table: TranspositionTable,
    time_limit: float,
) -> tuple[float | None, Any]:
    """Iterative deepening: search to depth 1, 2, ... until time runs out.

    Stops early after ``depth`` plies, or when an iteration never reached its depth limit (it
    saw every line to the end of the game, so deeper searches would find nothing new).
    """
    clock = _Clock(time_limit)
    best: tuple[float | None, Any] = (None, None)
    limit = 1
    while depth is None or limit <= depth:
        clock.reached_horizon = False
        try:
            best = _search(state, game, limit, eval_fn, order, table, clock)
        except _OutOfTime:
            if best[1] is None:  # not even depth 1 finished: the best root move seen so far
                best = clock.root_best
            break
        if not clock.reached_horizon:
            break
        limit += 1
    if best[1] is None and not game.terminal_test(state):  # no root move finished at all
        best = (None, game.actions(state)[0])
    return best


def check_options(
    depth: int | None,
    eval_fn: EvalFn | None,
    order: OrderKey | None,
    table: TranspositionTable | None,
    time_limit: float | None,
) -> EvalFn:
    """Check `negamax_search`'s options (players check them once, when they are made)."""
    eval_fn = _check_depth(depth, eval_fn)
    if order is not None and not callable(order):
        raise ValueError(f"order must be a function (game, state, move) -> key, got {order!r}")
    if table is not None and not isinstance(table, TranspositionTable):
        raise ValueError(f"table must be a TranspositionTable or None, got {table!r}")
    if time_limit is not None and (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, (int, float))
        or not time_limit > 0
    ):
        raise ValueError(f"time_limit must be a positive number of seconds, got {time_limit!r}")
    return eval_fn


def negamax_search(
    state: Any,
    game: Game,
    depth: int | None = None,
    eval_fn: EvalFn | None = None,
    *,
    order: OrderKey | None = None,
    table: TranspositionTable | None = None,
    time_limit: float | None = None,
    with_value: bool = False,
) -> Any:
    """The move negamax with alpha-beta chooses; ``(value, move)`` with ``with_value``.

    Args:
        depth: plies to search; ``None`` searches to the end of the game (or, with a time
            limit, deepens without a bound).
        eval_fn: ``eval_fn(state, player)`` at the depth limit (default 0 everywhere).
        order: a move-ordering key ``key(game, state, move)``; lower is tried first.
        table: a `TranspositionTable` to read and fill (it can be shared by several searches
            of the same game with the same ``depth``).
        time_limit: seconds. Iterative deepening with a table (a new one unless ``table`` is
            given); returns the best move of the deepest finished iteration, or, if not even
            depth 1 finished, the best root move searched so far. The clock is read every
            `CHECK_EVERY` nodes, so the search stops a few hundred nodes after the limit.

    The value is for the player to move at ``state``; ``None`` (with the first legal move) if
    the time ran out before any move was searched. The game must have two players who
    alternate, with no chance nodes.

    Raises:
        ValueError: for a bad ``depth``, ``eval_fn``, ``order``, ``table`` or ``time_limit``, or
            a game with chance nodes or other than two players.
    """
    eval_fn = check_options(depth, eval_fn, order, table, time_limit)
    if len(game.players) != 2 or getattr(game, "chances", None) or game.to_move(state) == CHANCE:
        raise ValueError(
            f"negamax needs two alternating players and no chance nodes; {game!r} has players "
            f"{game.players}{' and chance nodes' if getattr(game, 'chances', None) else ''}"
            " (use gamekit.search.expectiminimax or gamekit.mcts for chance)"
        )
    if time_limit is None:
        value, move = _search(state, game, depth, eval_fn, order, table, _Clock(None))
    else:
        table = TranspositionTable() if table is None else table
        value, move = _deepen(state, game, depth, eval_fn, order, table, time_limit)
    return (value, move) if with_value else move
