"""The engines a board offers, and how a board runs one without freezing.

Every engine is a *generator*: ``engine.steps(game, state, settings, watch)`` yields a `Step`
each time it knows a better move (after each finished depth of iterative deepening, or after
each batch of MCTS playouts). The board runs the generator in a thread and keeps the latest
step, so **Stop** can play the best move found so far at once, whatever the engine is doing.

The textbook engines of `gamekit.search` run unchanged on a `WatchedGame`: a stand-in for the
game (like `gamekit.trace`'s) that counts nodes and cutoffs and raises `Stopped` inside the
search when Stop is pressed or the time is up. So they stop within a few dozen nodes.

>>> from gamekit.games import TicTacToe
>>> game = TicTacToe()
>>> state = game.replay([(1, 1), (2, 1), (1, 2), (2, 2)])
>>> result = think(ENGINES["alpha-beta"], game, state, Settings(depth=5))
>>> result.move, describe_value(result.value)   # X wins at once
((1, 3), 'win in 1')
>>> result.depth   # deepening stopped at depth 1: a forced win needs no deeper look
1
"""

from __future__ import annotations

import math
import random
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from gamekit.games import Game, GameWrapper
from gamekit.i18n import _, count, decimal_mark, language, ngettext, signed
from gamekit.mcts import MCTSNode, _iterate, _new_node, child_statistics, random_rollout
from gamekit.negamax import TranspositionTable, negamax_search
from gamekit.players import greedy_score
from gamekit.search import WIN, EvalFn, alphabeta_cutoff_search, expectiminimax, negamax


class Stopped(Exception):
    """Raised inside a search when Stop was pressed or its time ran out."""


def no_evaluation(state: Any, player: str) -> float:
    """0 everywhere: a depth-limited engine then tells only wins, losses and "don't know"."""
    return 0


@dataclass(frozen=True)
class Settings:
    """What a person chose: the depth (plies), the evaluation, the time and playout budgets.

    ``seconds`` bounds every engine that deepens (None: no bound); ``playouts`` is MCTS's budget.
    """

    depth: int = 4
    eval_fn: EvalFn = no_evaluation
    seconds: float | None = None
    playouts: int = 2000
    seed: int | None = None


@dataclass(frozen=True)
class Step:
    """What an engine knows now: its best move, that move's value, and how deep it looked.

    ``value`` is for the player to move, on the scale of `gamekit.search` (wins near ``WIN``);
    ``exact`` says the value is proved (no evaluation function was called to get it).
    """

    move: Any
    value: float | None
    depth: int
    exact: bool = False


@dataclass
class Counts:
    """Figures of a search so far: nodes, leaf evaluations, cutoffs by MAX and by MIN."""

    nodes: int = 0
    evaluations: int = 0
    cutoffs_by_max: int = 0
    cutoffs_by_min: int = 0
    max_depth: int = 0

    def add(self, other: Counts) -> None:
        self.nodes += other.nodes
        self.evaluations += other.evaluations
        self.cutoffs_by_max += other.cutoffs_by_max
        self.cutoffs_by_min += other.cutoffs_by_min
        self.max_depth = max(self.max_depth, other.max_depth)


class Watch:
    """The link between a running search and the board: Stop, the clock, the figures so far.

    The search thread calls `tick` often; the board thread calls `stop`. ``counts`` adds up
    every finished iteration; ``live`` is the iteration under way.
    """

    def __init__(self, seconds: float | None = None, on_progress: Callable[[], None] | None = None):
        self.started = time.perf_counter()
        self.deadline = None if seconds is None else self.started + seconds
        self.stop_event = threading.Event()
        self.counts = Counts()
        self.live = Counts()
        self.depth = 0  # the deepest finished iteration
        self.on_progress = on_progress
        self._next_report = self.started + 0.25

    def stop(self) -> None:
        self.stop_event.set()

    @property
    def nodes(self) -> int:
        return self.counts.nodes + self.live.nodes

    def out_of_time(self) -> bool:
        return self.deadline is not None and time.perf_counter() > self.deadline

    def tick(self) -> None:
        """Raise `Stopped` if Stop was pressed or time is up; report progress now and then."""
        if self.stop_event.is_set() or self.out_of_time():
            raise Stopped
        if self.on_progress is not None and time.perf_counter() > self._next_report:
            self._next_report = time.perf_counter() + 0.25
            self.on_progress()


class WatchedGame(GameWrapper):
    """The game, answering like it, while counting what a search does (as `gamekit.trace`).

    A cutoff is a node whose moves were asked for but only some of them were played; it is by
    MAX when the root's player was to move there. A state reached again replaces its earlier
    node (as in `gamekit.trace.Trace`), which is then counted. Every 32 nodes it looks at the
    `Watch`.
    """

    def __init__(self, game: Game, watch: Watch, root: Any, counts: Counts) -> None:
        super().__init__(game)
        self.watch, self.counts = watch, counts
        self.root_player = game.to_move(root)
        # state -> [number of legal moves (-1: not asked), children generated, depth, mover]
        self.latest: dict[Any, list[Any]] = {root: [-1, 0, 0, self.root_player]}

    def _node(self, state: Any) -> list[Any]:
        node = self.latest.get(state)
        if node is None:
            node = self.latest[state] = [-1, 0, 0, self.game.to_move(state)]
        return node

    def _close(self, node: list[Any]) -> None:
        moves, children, _depth, mover = node
        if 0 < children < moves:
            if mover == self.root_player:
                self.counts.cutoffs_by_max += 1
            else:
                self.counts.cutoffs_by_min += 1

    def actions(self, state: Any) -> list[Any]:
        moves = self.game.actions(state)
        node = self._node(state)
        if node[0] < 0:
            node[0] = len(moves)
        return moves

    def result(self, state: Any, move: Any) -> Any:
        child = self.game.result(state, move)
        parent = self._node(state)
        parent[1] += 1
        old = self.latest.get(child)
        if old is not None:
            self._close(old)
        depth = parent[2] + 1
        self.latest[child] = [-1, 0, depth, self.game.to_move(child)]
        counts = self.counts
        counts.nodes += 1
        counts.max_depth = max(counts.max_depth, depth)
        if counts.nodes % 32 == 0:
            self.watch.tick()
        return child

    def utility(self, state: Any, player: str) -> float:
        self.counts.evaluations += 1
        return self.game.utility(state, player)

    def finish(self) -> None:
        """Count the cutoffs of the nodes still open (call once the search is over)."""
        for node in self.latest.values():
            self._close(node)
        self.latest = {}

    def watched_eval(self, eval_fn: EvalFn) -> EvalFn:
        """``eval_fn``, counted (a proved value is one no evaluation was called for)."""

        def evaluate(state: Any, player: str) -> float:
            self.counts.evaluations += 1
            self.heuristic_calls += 1
            return eval_fn(state, player)

        self.heuristic_calls = 0
        return evaluate


def watched_search(
    search: Callable[[Any, Game, EvalFn], tuple[float, Any]],
    game: Game,
    state: Any,
    eval_fn: EvalFn,
    watch: Watch,
) -> tuple[float, Any, bool]:
    """Run ``search(state, watched_game, eval_fn) -> (value, move)`` under ``watch``.

    Returns ``(value, move, exact)``; its figures go into ``watch.counts``, even if it stops.
    """
    watch.live = Counts()
    watched = WatchedGame(game, watch, state, watch.live)
    evaluate = watched.watched_eval(eval_fn)
    try:
        value, move = search(state, watched, evaluate)
    finally:
        watched.finish()
        watch.counts.add(watch.live)
        watch.live = Counts()
    return value, move, watched.heuristic_calls == 0


# --------------------------------------------------------------------------------------------
# Engines
# --------------------------------------------------------------------------------------------

Steps = Callable[[Game, Any, Settings, Watch], Iterator[Step]]
"""``steps(game, state, settings, watch)``: yields a better `Step` whenever it has one."""

DepthSearch = Callable[[Any, Game, int, EvalFn], tuple[float, Any]]
"""``search(state, game, depth, eval_fn) -> (value, move)``: one search to a fixed depth."""


@dataclass(frozen=True)
class Engine:
    """An entry of the registry: its steps, which settings it uses, and what a hint shows.

    ``hint`` is ``"values"`` (a value per move, searched as the engine searches), ``"visits"``
    (MCTS's visit counts) or ``None`` (no hint).
    """

    name: str
    steps: Steps
    uses_depth: bool = True
    uses_eval: bool = True
    uses_time: bool = False
    uses_playouts: bool = False
    hint: str | None = "values"
    at_depth: DepthSearch | None = None  # for value hints
    expected_score: bool = False  # values are averages (expectimax): show them in [-1, 1]
    description: str = ""


ENGINES: dict[str, Engine] = {}
"""Every engine a board offers, by name, in the order they were registered."""


def register_engine(engine: Engine) -> Engine:
    """Add (or replace) ``engine``; boards built afterwards offer it in their menu."""
    if not isinstance(engine, Engine):
        raise ValueError(f"register an Engine, got {engine!r}")
    ENGINES[engine.name] = engine
    return engine


def deepening(search: DepthSearch, *, unbounded: bool = False) -> Steps:
    """Iterative deepening around a fixed-depth ``search``: depth 1, 2, ... up to the setting.

    Each finished depth yields its move. With ``unbounded``, it deepens until the time is up
    (or until a depth saw every line to the end of the game, so deeper would find nothing new).
    """

    def steps(game: Game, state: Any, settings: Settings, watch: Watch) -> Iterator[Step]:
        depth = 1
        while unbounded or depth <= settings.depth:
            value, move, exact = watched_search(
                lambda s, g, e, d=depth: search(s, g, d, e), game, state, settings.eval_fn, watch
            )
            reached = min(depth, watch.counts.max_depth)  # the game may end sooner
            watch.depth = reached
            yield Step(move, value, reached, exact)
            if reached < depth or abs(value) > WIN / 2:
                return  # no line was cut at the depth limit, or a forced result is proved
            depth += 1

    return steps


def _alphabeta(state: Any, game: Game, depth: int, eval_fn: EvalFn) -> tuple[float, Any]:
    return alphabeta_cutoff_search(state, game, depth, eval_fn, with_value=True)


def _minimax(state: Any, game: Game, depth: int, eval_fn: EvalFn) -> tuple[float, Any]:
    return expectiminimax(state, game, depth, eval_fn, random_opponent=False, with_value=True)


def _expectimax(state: Any, game: Game, depth: int, eval_fn: EvalFn) -> tuple[float, Any]:
    return expectiminimax(state, game, depth, eval_fn, random_opponent=True, with_value=True)


def _negamax(state: Any, game: Game, depth: int, eval_fn: EvalFn) -> tuple[float, Any]:
    return negamax(state, game, depth, eval_fn, with_value=True)


def _negamax_timed(game: Game, state: Any, settings: Settings, watch: Watch) -> Iterator[Step]:
    """`gamekit.negamax.negamax_search` deepening with one transposition table until time is up;
    each depth tries first the best move the previous depth stored."""
    table = TranspositionTable()

    def search(s: Any, g: Game, depth: int, e: EvalFn) -> tuple[float, Any]:
        return negamax_search(s, g, depth, e, table=table, with_value=True)

    yield from deepening(search, unbounded=True)(game, state, settings, watch)


def _random(game: Game, state: Any, settings: Settings, watch: Watch) -> Iterator[Step]:
    yield Step(random.Random(settings.seed).choice(game.actions(state)), None, 0)


def _greedy(game: Game, state: Any, settings: Settings, watch: Watch) -> Iterator[Step]:
    scores = {m: greedy_score(game, state, m, settings.eval_fn) for m in game.actions(state)}
    best = max(scores, key=scores.__getitem__)
    watch.counts.nodes += len(scores)
    yield Step(best, scores[best], 1)


def _greedy_values(state: Any, game: Game, depth: int, eval_fn: EvalFn) -> tuple[float, Any]:
    (move,) = game.actions(state)  # asked through `_OnlyMove`: one move at a time
    return greedy_score(game, state, move, eval_fn), move


def _mcts(game: Game, state: Any, settings: Settings, watch: Watch) -> Iterator[Step]:
    """UCT (`gamekit.mcts`, AIMA Figure 5.11): ``settings.playouts`` iterations (or fewer if
    the time runs out); after every 100, the most visited root move so far."""
    rng = random.Random(settings.seed)
    root = _new_node(game, state)
    watch.mcts_root = root  # type: ignore[attr-defined]  # for the visit-count hints
    for done in range(1, settings.playouts + 1):
        _iterate(root, game, math.sqrt(2), rng, random_rollout)
        watch.counts.nodes = done
        if done % 100 == 0 or done == settings.playouts:
            best = max(root.children, key=lambda child: child.N)
            yield Step(best.move, None, 0)
            watch.tick()


def visit_counts(root: MCTSNode) -> dict[Any, tuple[int, float]]:
    """``{move: (visits, mean result for the player to move)}`` of a root's children."""
    return {row.move: (row.N, row.mean) for row in child_statistics(root)}


for _engine in (
    Engine(
        "random",
        _random,
        uses_depth=False,
        uses_eval=False,
        hint=None,
        description="a legal move chosen at random: no search",
    ),
    Engine(
        "greedy",
        _greedy,
        uses_depth=False,
        at_depth=_greedy_values,
        description="the move whose resulting position evaluates best: no reply considered",
    ),
    Engine(
        "minimax",
        deepening(_minimax),
        at_depth=_minimax,
        description="depth-limited minimax, no pruning (gamekit.search.expectiminimax)",
    ),
    Engine(
        "alpha-beta",
        deepening(_alphabeta),
        at_depth=_alphabeta,
        description="minimax with alpha-beta pruning (gamekit.search.alphabeta_cutoff_search)",
    ),
    Engine(
        "negamax",
        deepening(_negamax),
        at_depth=_negamax,
        description="alpha-beta written as negamax (gamekit.search.negamax)",
    ),
    Engine(
        "expectimax",
        deepening(_expectimax),
        at_depth=_expectimax,
        expected_score=True,
        description="expects the opponent to move at random: averages over the replies",
    ),
    Engine(
        "negamax (time limit)",
        _negamax_timed,
        uses_depth=False,
        uses_time=True,
        at_depth=_negamax,
        description="gamekit.negamax: iterative deepening with a transposition table",
    ),
    Engine(
        "mcts",
        _mcts,
        uses_depth=False,
        uses_eval=False,
        uses_time=True,
        uses_playouts=True,
        hint="visits",
        description="Monte Carlo tree search (UCT, gamekit.mcts): random playouts",
    ),
):
    register_engine(_engine)


# --------------------------------------------------------------------------------------------
# Thinking off the board's thread
# --------------------------------------------------------------------------------------------


@dataclass
class Thought:
    """The outcome of one engine run: the move, its value, the figures, and how it ended."""

    move: Any
    value: float | None
    depth: int
    exact: bool
    counts: Counts
    seconds: float
    stopped: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


def think(
    engine: Engine,
    game: Game,
    state: Any,
    settings: Settings,
    watch: Watch | None = None,
    on_step: Callable[[Step], None] | None = None,
) -> Thought:
    """Run ``engine`` to the end (or until ``watch`` stops it); return what it found.

    ``on_step`` hears every better move as it comes (the board keeps it for Stop).
    """
    watch = watch if watch is not None else Watch(settings.seconds)
    best: Step | None = None
    stopped = False
    try:
        for step in engine.steps(game, state, settings, watch):
            best = step
            if on_step is not None:
                on_step(step)
    except Stopped:
        stopped = watch.stop_event.is_set()  # else the time ran out: a normal end
    if best is None:  # stopped before any depth finished: the first legal move
        best = Step(game.actions(state)[0], None, 0)
    thought = Thought(
        best.move,
        best.value,
        best.depth,
        best.exact,
        watch.counts,
        time.perf_counter() - watch.started,
        stopped,
    )
    root = getattr(watch, "mcts_root", None)
    if root is not None:
        thought.extra["visits"] = visit_counts(root)
    return thought


SWITCH_INTERVAL = 0.0005
"""Seconds between hand-overs of the GIL while a search thread runs (Python's default: 0.005).

A search is pure Python and holds the GIL. The kernel's own thread, answering a click, wakes up
many times per message (socket, event loop, comm) and each time waits up to the interval for the
GIL: at 5 ms that adds tens of milliseconds to every answer during a search.
"""

_searching = 0  # search threads running now
_searching_lock = threading.Lock()
_usual_interval = sys.getswitchinterval()


@contextmanager
def quick_handover() -> Iterator[None]:
    """While the block runs, hand the GIL to other threads every `SWITCH_INTERVAL` seconds; the
    usual interval comes back when the last search running ends.

    >>> import sys
    >>> before = sys.getswitchinterval()
    >>> with quick_handover():
    ...     sys.getswitchinterval() <= SWITCH_INTERVAL
    True
    >>> sys.getswitchinterval() == before
    True
    """
    global _searching, _usual_interval
    with _searching_lock:
        if _searching == 0:
            _usual_interval = sys.getswitchinterval()
            sys.setswitchinterval(min(_usual_interval, SWITCH_INTERVAL))
        _searching += 1
    try:
        yield
    finally:
        with _searching_lock:
            _searching -= 1
            if _searching == 0:
                sys.setswitchinterval(_usual_interval)


class Job:
    """One search in a thread: ``work(watch, keep)`` returns its result, and calls
    ``keep(step)`` with every better move, so `take_best` can play the best move so far.

    ``done(job)`` is called (in the thread) when the work ends, unless the job was cancelled or
    taken over first: the board decides what a result still means.
    """

    def __init__(
        self,
        work: Callable[[Watch, Callable[[Step], None]], Any],
        game: Game,
        state: Any,
        seconds: float | None,
        done: Callable[[Job], None],
        progress: Callable[[Job], None] | None = None,
    ) -> None:
        self.work, self.game, self.state = work, game, state
        self.watch = Watch(seconds, (lambda: progress(self)) if progress else None)
        self.best: Step | None = None
        self.result: Any = None
        self.finished = False
        self.cancelled = False
        self._done = done
        self._lock = threading.Lock()
        self.thread: threading.Thread | None = None

    def start(self, *, background: bool = True) -> None:
        """Run in a new thread (or, without ``background``, right here)."""
        if background:
            self.thread = threading.Thread(target=self._run, daemon=True, name="gk-search")
            self.thread.start()
        else:
            self._run()

    def _keep(self, step: Step) -> None:
        self.best = step

    def _run(self) -> None:
        with quick_handover():  # the board's thread answers clicks quickly meanwhile
            result = self.work(self.watch, self._keep)
        with self._lock:
            if self.cancelled:
                return
            self.result, self.finished = result, True
        self._done(self)

    def cancel(self) -> None:
        """Stop the search and ignore whatever it finds (New game, Undo, new settings)."""
        with self._lock:
            self.cancelled = True
        self.watch.stop()

    def take_best(self) -> Thought | None:
        """Stop now and return the best move so far (None if the work has already ended)."""
        with self._lock:
            if self.cancelled or self.finished:
                return None
            self.cancelled = True
        self.watch.stop()
        best = self.best
        if best is None:
            best = Step(self.game.actions(self.state)[0], None, 0)
        counts = replace(self.watch.counts)
        counts.add(self.watch.live)
        seconds = time.perf_counter() - self.watch.started
        return Thought(best.move, best.value, best.depth, best.exact, counts, seconds, True)

    @property
    def running(self) -> bool:
        with self._lock:
            return not self.cancelled and not self.finished

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the thread to end."""
        if self.thread is not None and self.thread.is_alive():
            self.thread.join(timeout)


# --------------------------------------------------------------------------------------------
# Hints: each move's value, in words
# --------------------------------------------------------------------------------------------


class _OnlyMove(GameWrapper):
    """The same game, except that at ``root`` the only legal move is ``move``.

    Searching it gives an engine's value of one move, with the plies counted from the real root,
    so a hint is exactly the value the engine gives that move inside its own search.
    """

    def __init__(self, game: Game, root: Any, move: Any) -> None:
        super().__init__(game)
        self.root, self.move = root, move

    def actions(self, state: Any) -> list[Any]:
        return [self.move] if state == self.root else self.game.actions(state)


@dataclass(frozen=True)
class Hint:
    """One move's hint: its value (or MCTS visits) and the words for it."""

    move: Any
    value: float
    words: str  # "win in 5", "draw", "+12 (estimate)", "412 visits, mean +0.35"
    short: str  # what fits in a cell: "W5", "L3", "=", "+12", "412"
    best: bool = False
    estimate: bool = False  # an evaluation at the depth limit, not a proved value


def describe_value(value: float, *, exact: bool = True, expected: bool = False) -> str:
    """A value for people: "win in 5" (plies, this move included), "loss in 3", "draw",
    an expected score in [-1, 1] (expectimax), or an evaluation "+12 (estimate)".

    >>> describe_value(WIN - 5), describe_value(-(WIN - 2)), describe_value(0)
    ('win in 5', 'loss in 2', 'draw')
    >>> describe_value(3.5, exact=False), describe_value(WIN / 3, expected=True)
    ('+3.5 (estimate)', 'expected score +0.33')
    """
    if expected and exact:
        return _("expected score {score}").format(score=signed(value / WIN, 2))
    if abs(value) > WIN / 2:
        plies = round(WIN - abs(value))
        if value > 0:
            return _("win in {n}").format(n=plies)
        return _("loss in {n}").format(n=plies)
    if exact:
        return _("draw") if value == 0 else _decimal(f"{value:+g}")
    return _("{value} (estimate)").format(value=_decimal(f"{value:+.3g}"))


def _decimal(text: str) -> str:
    """A number Python wrote (``+3.5``), with the decimal mark of the language in use."""
    return text if language() == "en" else text.replace(".", decimal_mark())


def short_value(value: float, *, exact: bool = True, expected: bool = False) -> str:
    """`describe_value` in about 4 characters, to fit in a cell: W5, L3, =, +12, +3.5, -.02.

    >>> [short_value(v, exact=False) for v in (-0.0204, 0.333, 3.5, 12.4, 0)]
    ['-.02', '+.33', '+3.5', '+12', '+0']
    """
    if expected and exact:
        return f"{value / WIN:+.2f}".replace("0.", ".")
    if abs(value) > WIN / 2:
        plies = round(WIN - abs(value))
        return (_("W{n}") if value > 0 else _("L{n}")).format(n=plies)
    if exact and value == 0:
        return "="
    if abs(value) >= 10 or value == int(value):
        return f"{value:+.0f}"
    if abs(value) < 1:
        return f"{value:+.2f}".replace("0.", ".", 1)
    return f"{value:+.2g}"


def move_values(
    game: Game, state: Any, engine: Engine, settings: Settings, watch: Watch | None = None
) -> dict[Any, tuple[float, bool]]:
    """``{move: (value, exact)}``: the value ``engine`` gives each legal move at the depth.

    Each move is searched as if it were the only one, so the value is exact (no alpha-beta
    bound) and its plies count from ``state``: the engine picks the first move with the largest.
    """
    if engine.at_depth is None:
        raise ValueError(f"the {engine.name!r} engine does not score moves")
    watch = watch if watch is not None else Watch(settings.seconds)
    at_depth = engine.at_depth
    values = {}
    for move in game.actions(state):
        only = _OnlyMove(game, state, move)
        value, _, exact = watched_search(
            lambda s, g, e: at_depth(s, g, settings.depth, e), only, state, settings.eval_fn, watch
        )
        values[move] = (value, exact)
    return values


def hints(
    game: Game, state: Any, engine: Engine, settings: Settings, watch: Watch | None = None
) -> list[Hint]:
    """The hints for the player to move, best first is marked: values in words, or visits."""
    if engine.hint == "visits":
        thought = think(engine, game, state, settings, watch)
        visits = thought.extra["visits"]
        most = max(n for n, _ in visits.values())
        return [
            Hint(
                move,
                n,
                ngettext("{n} visit, mean {mean}", "{n} visits, mean {mean}", n).format(
                    n=count(n), mean=signed(mean, 2)
                ),
                str(n),
                n == most,
            )
            for move, (n, mean) in visits.items()
        ]
    values = move_values(game, state, engine, settings, watch)
    top = max(value for value, _ in values.values())
    expected = engine.expected_score
    return [
        Hint(
            move,
            value,
            describe_value(value, exact=exact, expected=expected),
            short_value(value, exact=exact, expected=expected),
            value == top,
            estimate=not exact and abs(value) <= WIN / 2,
        )
        for move, (value, exact) in values.items()
    ]
