"""Equal trees: the textbook alpha-beta against OpenSpiel's and aima-python's, like with like.

Every engine searches the same Connect Four 7 x 6 position to the same depth, children left to
right (the three engines' own order), and sees the same leaf values:

- ``win/loss``: every non-terminal leaf scores 0, natively on every side (gamekit's default
  ``eval_fn``, ``value_function=lambda state: 0`` for OpenSpiel, aima's default ``eval_fn``,
  which reads the state's cached utility);
- ``replayed window``: the course's window evaluation (`gamekit.heuristics.eval_for`) is computed
  once, before any timing, by an instrumented textbook search that records each leaf's value in
  the order it is visited, divided by a power of two so that every value lies strictly between a
  loss and a win on every side (exact, so no comparison changes). Every timed run, on every side,
  returns the next recorded value at each non-terminal leaf: one call of a list iterator, no
  adapter, no board conversion, the same cost everywhere. The engines visit the same leaves in
  the same order because they see the same values: the bench checks it (every recorded value is
  used, no more), and it checks equal node counts and equal best moves.

Terminal positions score each engine's own way: gamekit ``+-(WIN - ply)``, OpenSpiel and aima
``+-1``. These order the leaves alike (and so prune alike) whenever each player's wins within
the horizon all fall on one ply: from the empty board to depth 8, X can win only at ply 7 and O
only at ply 8. The workloads are chosen so; the node counts are checked anyway. From a position
of the published sets the trees differ as soon as a player can win at two different plies
(gamekit prefers the faster win, OpenSpiel's fixed +-1 cannot): at depth 6 after "6146", 4,735
textbook nodes against 4,583 for OpenSpiel and aima alike. Such a position is not like with like,
so it is not timed here.

Nodes are every position generated, the root included, counted in an untimed run (OpenSpiel: its
recursion's calls; aima and gamekit: calls of ``result`` plus the root). Times are CPU seconds,
interleaved, the root state built before the clock starts. A ratio is printed as the product it
is: time ratio = tree-size ratio x cost-per-node ratio (the tree ratio is 1 here by design).

aima-python is not on PyPI under its own name; the bench uses ``aima3`` (PyPI), Calysto's
packaging of aima-python's ``games.py``. Its ``alphabeta_cutoff_search(state, game, d)`` stops
at ``depth > d``, so depth ``D`` is ``d = D - 1``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamekit.bench.gamekit_engines import CountingGame
from gamekit.bench.measuring import Entry, clear_successor_cache, measure
from gamekit.bench.peers import peer_versions
from gamekit.bench.published_sets import split_ratio as decompose
from gamekit.games import ConnectFour
from gamekit.heuristics import eval_for
from gamekit.search import alphabeta_cutoff_search

LEAVES = ("win/loss", "replayed window")
TEXTBOOK = "textbook (cache on)"


@dataclass(frozen=True)
class Workload:
    moves: str  # columns played from the empty board, 1-based ("" = empty board)
    depth: int
    leaves: str  # one of LEAVES

    @property
    def name(self) -> str:
        where = f"after {self.moves}" if self.moves else "empty board"
        return f"7x6 {where}, depth {self.depth}, {self.leaves}"


def workloads(quick: bool) -> list[Workload]:
    depths = (4, 6) if quick else (4, 6, 8)
    return [Workload("", d, leaves) for d in depths for leaves in LEAVES]


@dataclass
class Row:
    """One engine on one equal-tree workload."""

    workload: str
    engine: str
    nodes: int
    column: int  # the best move's column (1-based)
    seconds: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.median if self.median > 0 else float("inf")


def _scale(values: Sequence[float]) -> list[float]:
    """The values divided by a power of two (exact) so that all lie strictly inside (-1, 1)."""
    bound = max((abs(v) for v in values), default=0)
    power = 1.0
    while power <= bound:
        power *= 2
    return [v / power for v in values]


def record_window_leaves(moves: str, depth: int) -> list[float]:
    """The window evaluation of every non-terminal leaf the textbook search visits, in order."""
    game = ConnectFour()
    state = _gamekit_root(game, moves)
    window = eval_for(game)
    seen: list[float] = []

    def recording(leaf: Any, player: str) -> float:
        value = window(leaf, player)
        seen.append(value)
        return value

    alphabeta_cutoff_search(state, game, depth=depth, eval_fn=recording, with_value=True)
    return _scale(seen)


def _gamekit_root(game: ConnectFour, moves: str) -> Any:
    state = game.initial
    for column in moves:
        state = game.drop(state, int(column))
    return state


class _Replay:
    """The recorded leaf values handed out in order; ``used`` counts the calls."""

    def __init__(self, values: Sequence[float] | None) -> None:
        self.values = values
        self.used = 0

    def fresh(self) -> Callable[[], float]:
        if self.values is None:
            return lambda: 0
        return iter(self.values).__next__

    def counting(self) -> Callable[[], float]:
        next_value = self.fresh()

        def counted() -> float:
            self.used += 1
            return next_value()

        return counted


def gamekit_entry(work: Workload, replay: _Replay, cache: bool) -> Entry:
    game = ConnectFour()
    if not cache:
        game.set_successor_cache(0)
    root = _gamekit_root(game, work.moves)

    def search(searched: Any, leaf: Callable[[], float]) -> tuple[Any, Any]:
        clear_successor_cache(game)
        eval_fn = None if replay.values is None else (lambda state, player: leaf())
        return alphabeta_cutoff_search(
            root, searched, depth=work.depth, eval_fn=eval_fn, with_value=True
        )

    def run() -> int:
        return search(game, replay.fresh())[1][1]

    def count() -> tuple[int, int]:
        counting = CountingGame(game)
        _, move = search(counting, replay.counting())
        return move[1], counting.generated + 1

    label = TEXTBOOK if cache else "textbook (cache off)"
    return Entry("EQ", work.name, label, run, count)


def openspiel_entry(work: Workload, replay: _Replay) -> Entry:
    import pyspiel
    from open_spiel.python.algorithms import minimax

    game = pyspiel.load_game("connect_four")
    root = game.new_initial_state()
    for column in work.moves:
        root.apply_action(int(column) - 1)

    def search(leaf: Callable[[], float]) -> int:
        if replay.values is None:

            def value_function(state: Any) -> float:
                return 0

        else:

            def value_function(state: Any) -> float:
                return leaf()

        _, action = minimax.alpha_beta_search(
            game, state=root, value_function=value_function, maximum_depth=work.depth
        )
        return action + 1

    def run() -> int:
        return search(replay.fresh())

    def count() -> tuple[int, int]:
        original, calls = minimax._alpha_beta, [0]

        def counting(*args: Any, **kwargs: Any) -> Any:
            calls[0] += 1
            return original(*args, **kwargs)

        minimax._alpha_beta = counting  # the recursion calls the module's name: all counted
        try:
            column = search(replay.counting())
        finally:
            minimax._alpha_beta = original
        return column, calls[0]

    return Entry("EQ", work.name, "OpenSpiel alpha-beta", run, count, comparable=False)


def aima_entry(work: Workload, replay: _Replay) -> Entry:
    from aima3 import games as aima

    class Counting(aima.ConnectFour):
        generated = 0

        def result(self, state: Any, move: Any) -> Any:
            self.generated += 1
            return super().result(state, move)

    def root_of(game: Any) -> Any:
        state = game.initial
        for column in work.moves:
            move = next(m for m in game.actions(state) if m[0] == int(column))
            state = game.result(state, move)
        return state

    plain = aima.ConnectFour()
    root = root_of(plain)
    sign = 1 if root.to_move == "X" else -1

    def search(game: Any, leaf: Callable[[], float]) -> int:
        if replay.values is None:
            eval_fn = None  # aima's own: the utility cached in the state, 0 unless terminal
        else:

            def eval_fn(state: Any) -> float:  # aima calls it at terminal states too
                if state.utility or not state.moves:
                    return sign * state.utility
                return leaf()

        return aima.alphabeta_cutoff_search(root, game, d=work.depth - 1, eval_fn=eval_fn)[0]

    def run() -> int:
        return search(plain, replay.fresh())

    def count() -> tuple[int, int]:
        counting = Counting()
        column = search(counting, replay.counting())
        return column, counting.generated + 1

    return Entry("EQ", work.name, "aima-python alpha-beta", run, count, comparable=False)


def available() -> dict[str, bool]:
    """Which peers of this comparison can be imported here."""
    versions = peer_versions()
    return {peer: versions.get(peer) is not None for peer in ("OpenSpiel", "aima-python")}


@dataclass
class Comparison:
    """The rows of every workload and the checks: equal nodes, equal best move, every recorded
    leaf value used (no more, no fewer)."""

    rows: list[Row]
    checks: list[tuple[str, bool]]


def compare(
    quick: bool,
    repeat: int,
    log: Callable[[str], None],
    peers: dict[str, bool] | None = None,
    chosen: Sequence[Workload] | None = None,
) -> Comparison:
    """Measure every engine on every equal-tree workload (interleaved, see `measure`)."""
    peers = available() if peers is None else peers
    entries, replays = [], []
    for work in chosen if chosen is not None else workloads(quick):
        values = None
        if work.leaves == "replayed window":
            start = time.perf_counter()
            values = record_window_leaves(work.moves, work.depth)
            log(
                f"  EQ {work.name}: {len(values):,} leaf values recorded in "
                f"{time.perf_counter() - start:.2f} s (outside every timing)"
            )
        group = [(gamekit_entry(work, r := _Replay(values), True), r)]
        group.append((gamekit_entry(work, r := _Replay(values), False), r))
        if peers.get("OpenSpiel"):
            group.append((openspiel_entry(work, r := _Replay(values)), r))
        if peers.get("aima-python"):
            group.append((aima_entry(work, r := _Replay(values)), r))
        entries += [entry for entry, _ in group]
        replays += [(work, replay) for _, replay in group]
    results = measure(entries, repeat, log)
    rows = [Row(r.description, r.engine, r.nodes, r.value, list(r.seconds)) for r in results]
    checks = []
    by_work: dict[str, list[tuple[Row, _Replay]]] = {}
    for row, (_, replay) in zip(rows, replays, strict=True):
        by_work.setdefault(row.workload, []).append((row, replay))
    for name, group in by_work.items():
        base = group[0][0]
        for row, replay in group:
            if replay.values is not None:
                checks.append(
                    (
                        f"EQ {name}: {row.engine} used all {len(replay.values):,} recorded leaf"
                        f" values, no more ({replay.used:,})",
                        replay.used == len(replay.values),
                    )
                )
            if row is not base:
                checks.append(
                    (
                        f"EQ {name}: {row.engine} = {base.engine}: {row.nodes:,} nodes,"
                        f" best column {row.column}",
                        (row.nodes, row.column) == (base.nodes, base.column),
                    )
                )
    return Comparison(rows, checks)


def _seconds(x: float) -> str:
    return f"{x * 1000:.2f} ms" if x < 1 else f"{x:.2f} s"


def equal_trees_table(comparison: Comparison) -> str:
    """One row per engine and workload; the ratio to the textbook engine (cache on) split as
    time = tree size x cost per node; a check mark where both trees are equal."""
    header = (
        f"{'equal trees':46} {'engine':23} {'nodes':>10} {'same':>4} {'median':>10} "
        f"{'nodes/s':>10}  time ratio = tree-size ratio x cost-per-node ratio"
    )
    lines = [header, "-" * len(header)]
    base: Row | None = None
    for row in comparison.rows:
        if base is None or base.workload != row.workload:
            base = next(
                (r for r in comparison.rows if r.workload == row.workload and r.engine == TEXTBOOK),
                row,
            )
        same = (row.nodes, row.column) == (base.nodes, base.column)
        if row is base:
            ratio = "(base)"
        else:
            t, tree, cost = decompose(base.nodes, base.median, row.nodes, row.median)
            ratio = f"{t:.2f}x = {tree:.2f}x * {cost:.2f}x"
        lines.append(
            f"{row.workload:46} {row.engine:23} {row.nodes:>10,} {'✓' if same else '✗':>4} "
            f"{_seconds(row.median):>10} {row.nodes_per_second:>10,.0f}  {ratio}"
        )
    return "\n".join(lines)
