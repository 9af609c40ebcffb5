"""Exact values on the Connect Four board: `gamekit.connect4_fast.analyse`, in a thread.

The board's "Exact values" toggle runs an `ExactRun` on the position shown: `analyse` goes round
the columns narrowing each one's proven bounds, and every step it reports is drawn at once, so
a column may read "at least a draw (proven so far)" before it reads, say, "win in 5 of X's
moves". Stop ends the run and keeps what is proven; a new position stops the old run, and
nothing it says after that is shown.

The engine knows no screen: this module calls `analyse` and turns its `Analysis` into words,
short labels and HTML; `gamekit.connect4_fast` imports nothing from the widgets.

>>> from gamekit.connect4_fast import ColumnValue
>>> exact_short(ColumnValue(4, 3, 3, 30)), exact_short(ColumnValue(2, 0, 5, 30))
('W4', '≥ =')
>>> exact_words(ColumnValue(4, 3, 3, 30), "O")
"win in 4 of O's moves"
>>> exact_words(ColumnValue(2, -6, -2, 30), "O")
"at most a loss (in 5 of X's moves at the latest) (proven so far)"
"""

from __future__ import annotations

import html
import threading
import time
from collections.abc import Callable
from typing import Any

from gamekit.games import ConnectFour, Game
from gamekit.i18n import _, count, fixed, in_own_language

from .engines import Hint

try:  # the exact solver is optional: without it the toggle is not offered
    from gamekit.connect4_fast import Analysis, ColumnValue, Position, analyse
except ImportError:  # pragma: no cover - gamekit ships it
    analyse = None  # type: ignore[assignment]

TICK_SECONDS = 0.5
"""How often a running search's elapsed time is shown again while no bound changes."""

STANDARD = (6, 7, 4)
"""Rows, columns and k of the only board the solver and its opening book are made for."""


def exact_available(game: Game) -> bool:
    """Can the board show exact values for ``game`` (standard Connect Four, 7 x 6, k = 4)?"""
    return (
        analyse is not None
        and isinstance(game, ConnectFour)
        and (game.h, game.v, game.k) == STANDARD
    )


def other_player(mover: str) -> str:
    """The other side in Connect Four."""
    return "O" if mover == "X" else "X"


def exact_words(value: ColumnValue, mover: str) -> str:
    """A column's value in words, for ``mover`` (the player to move), naming both players.

    `ColumnValue.words` says "your" and "their"; on a board the player to move may be the
    engine, so the words name the players instead. Bounds end in "(proven so far)".
    """
    words = value.words(mover, other_player(mover))
    if value.exact or value.low < 0 < value.high:  # exact, or nothing proven yet
        return words
    return _("{value} (proven so far)").format(value=words)


def exact_short(value: ColumnValue) -> str:
    """What fits under a column: ``W3`` (win in 3 of the mover's moves), ``=`` (draw), ``L2``
    (loss in 2 of the opponent's moves), or a proven bound: ``≥ W5``, ``≥ =``, ``≤ =``,
    ``≤ L4``, ``?``."""
    if value.exact:
        if value.low == 0:
            return "="
        letter = _("W{n}") if value.low > 0 else _("L{n}")
        return letter.format(n=value.your_moves(value.low))
    if value.low > 0:
        return "≥ " + _("W{n}").format(n=value.your_moves(value.low))
    if value.low == 0:
        return "≥ ="
    if value.high == 0:
        return "≤ ="
    if value.high < 0:
        return "≤ " + _("L{n}").format(n=value.your_moves(value.high))
    return "?"


def exact_html(analysis: Analysis, mover: str, phase: str, stones: int, seconds: float) -> str:
    """The table under the board: every column's value in words for ``mover``, best in bold,
    a line saying whether the values are exact, still being searched (``phase`` "running"),
    being stopped ("stopping") or stopped ("done"), and what the labels under the board mean.
    ``seconds``: how long the search has run."""
    best = set(analysis.best())
    other = other_player(mover)
    column, best_word = _("column {number}"), _("(best)")
    rows = "".join(
        f"<tr class='gk-exact-row' data-column='{v.column}' data-exact='{str(v.exact).lower()}'"
        f"{' style=font-weight:bold' if v.column in best else ''}>"
        f"<td style='padding:0 1em 0 0'>{html.escape(column.format(number=v.column))}"
        f"</td><td class='gk-exact-words'>{html.escape(exact_words(v, mover))}"
        f"{html.escape(' ' + best_word) if v.column in best else ''}</td></tr>"
        for v in analysis.columns
    )
    exact = sum(v.exact for v in analysis.columns)
    total = len(analysis.columns)
    said = {"exact": exact, "total": total, "seconds": fixed(seconds, 1)}
    if analysis.complete:
        state = _(
            "All {total} columns are exact ({nodes} positions searched in {seconds} s)."
        ).format(nodes=count(analysis.nodes), **said)
    elif phase == "running":
        state = _(
            "Searching… {exact} of {total} columns exact after {seconds} s; the others show what "
            "is proven so far, and the search goes on (Stop ends it)."
        ).format(**said)
    elif phase == "stopping":
        state = _("Stopping… {exact} of {total} columns exact after {seconds} s.").format(**said)
    elif analysis.stopped == "stop":
        state = _(
            "Stopped (you pressed Stop) after {seconds} s: {exact} of {total} columns exact; the "
            "others show only what is proven so far, not their exact values."
        ).format(**said)
    else:
        state = _(
            "Stopped (the search ended) after {seconds} s: {exact} of {total} columns exact; "
            "the others show only what is proven so far, not their exact values."
        ).format(**said)
    labels = _(
        "Under the board: {win}, a win in <i>n</i> of {mover}'s moves, this one included; =, a "
        "draw; {loss}, a loss in <i>n</i> of {other}'s moves; ≥ and ≤, a bound proven so far "
        "(“≥ =”: at least a draw)."
    ).format(
        win=_("W{n}").format(n="<i>n</i>"),
        loss=_("L{n}").format(n="<i>n</i>"),
        mover=html.escape(mover),
        other=html.escape(other),
    )
    if best:
        labels += " " + _(
            "In bold, and shaded under the board: the best columns (exact, and proven that no "
            "other column can do better)."
        )
    return (
        f"<div class='gk-exact-for' data-stones='{stones}' data-mover='{mover}' "
        "style='line-height:1.45;max-width:46em;margin-top:4px'>"
        "<div>"
        + _(
            "<b>Exact values for {player}</b>, the player to move, with perfect play by both sides:"
        ).format(player=html.escape(mover))
        + "</div>"
        f"<table style='border-collapse:collapse'>{rows}</table>"
        f"<div class='gk-exact-state'><i>{html.escape(state)}</i></div>"
        f"<div class='gk-exact-key' style='font-size:90%'>{labels}</div></div>"
    )


class ExactRun:
    """One `analyse` of one position, in a thread (or in the caller's, without background).

    ``progress(run, analysis)`` is called with each new set of proven bounds, ``tick(run)``
    every `TICK_SECONDS` or so while nothing changes, and ``done(run, analysis)`` once at the
    end (``analysis`` None if the search failed, ``error`` says why);
    the board ignores a run that is no longer its own. `stop` asks the search to end within
    about 0.2 s with what it has proven.
    """

    def __init__(
        self,
        game: Game,
        state: Any,
        progress: Callable[[ExactRun, Analysis], None],
        done: Callable[[ExactRun, Analysis | None], None],
        tick: Callable[[ExactRun], None] | None = None,
    ) -> None:
        self.state, self.mover = state, state.to_move
        self.position = Position.from_state(game, state)
        self.stones = len(state.board)
        self.error: str | None = None
        self.thread: threading.Thread | None = None
        self._progress, self._done, self._tick = progress, done, tick
        self.started = time.perf_counter()
        self._ticked = self.started
        self._stop = threading.Event()
        self._ended = threading.Event()

    def start(self, *, background: bool = True) -> None:
        """Run in a new thread (or, without ``background``, right here)."""
        if background:
            self.thread = threading.Thread(target=self._run, daemon=True, name="gk-exact")
            self.thread.start()
        else:
            self._run()

    def _run(self) -> None:
        result: Analysis | None = None
        try:
            result = analyse(
                self.position,
                stop=self._should_stop,
                progress=lambda analysis: self._progress(self, analysis),
            )
        except Exception as error:  # a failure is said on the board, never raised in a thread
            self.error = f"{type(error).__name__}: {error}"
        finally:
            self._ended.set()
        self._done(self, result)

    def _should_stop(self) -> bool:
        """Asked by `analyse` between search steps: also the moment to say it is still going
        (``tick``, at most twice a second)."""
        if self._tick is not None and time.perf_counter() - self._ticked >= TICK_SECONDS:
            self._ticked = time.perf_counter()
            self._tick(self)
        return self._stop.is_set()

    @property
    def seconds(self) -> float:
        """How long the search has run."""
        return time.perf_counter() - self.started

    def stop(self) -> None:
        """Ask the search to end (it keeps the bounds proven so far)."""
        self._stop.set()

    @property
    def stopping(self) -> bool:
        """Has `stop` been called?"""
        return self._stop.is_set()

    @property
    def running(self) -> bool:
        """Is the search still going (and not asked to stop)?"""
        return not self._ended.is_set() and not self._stop.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the search to end and its result to be shown; True if it has."""
        if self.thread is not None:
            self.thread.join(timeout)
            return not self.thread.is_alive()
        return self._ended.wait(timeout)


@in_own_language
class ExactValuesMixin:
    """The board's side of the "Exact values" toggle (`gamekit.widgets.board.GameBoard` mixes it
    in): start an `ExactRun` on the position shown, show what it proves, stop it when the
    position changes. Every callback from the search thread checks, under the board's lock,
    that the run is still the current one, so a stale result is never shown."""

    lock: Any  # what the board provides
    game: Any
    adapter: Any
    background: bool
    thinking: bool
    stop_button: Any
    exact_toggle: Any
    exact_view: Any
    exact_run: ExactRun | None
    exact: Any
    exact_state: Any
    _redraw: Callable[[], None]

    def _update_stop(self) -> None:
        """Stop can be pressed while the engine, a hint or the exact values search."""
        run = self.exact_run
        exact = run is not None and run.running
        self.stop_button.disabled = not (self.thinking or exact)

    def _exact_toggled(self) -> None:
        self.exact_toggle.icon = "check-square-o" if self.exact_toggle.value else "square-o"
        with self.lock:
            if self.exact_toggle.value:
                self._redraw()  # starts the analysis of the position shown
                return
            self._exact_stop()
            self.exact_state = self.exact = None
            self.exact_view.value = ""
            self._redraw()

    def _exact_stop(self) -> None:
        """Stop the exact values' search under way; nothing it says from now on is shown."""
        run, self.exact_run = self.exact_run, None
        if run is not None:
            run.stop()
        self._update_stop()

    def _exact_start(self, state: Any) -> None:
        """Start the exact values of ``state`` (the old search stopped, its values gone)."""
        self._exact_stop()
        self.exact_state, self.exact = state, None
        if self.game.terminal_test(state):
            over = _("The game is over: no column is left to value.")
            self.exact_view.value = f"<i>{html.escape(over)}</i>"
            return
        run = ExactRun(self.game, state, self._exact_progress, self._exact_done, self._exact_tick)
        self.exact_run = run
        self.exact_view.value = (
            f"<div class='gk-exact-for' data-stones='{run.stones}' data-mover='{run.mover}'>"
            + _("<b>Exact values for {player}</b>, the player to move: searching…").format(
                player=run.mover
            )
            + "</div>"
        )
        self.stop_button.disabled = False
        run.start(background=self.background)

    def _exact_progress(self, run: ExactRun, analysis: Any) -> None:
        """In the search thread: new proven bounds, shown unless the run is no longer ours."""
        with self.lock:
            if run is not self.exact_run or self.exact_state is not run.state:
                return
            self.exact = analysis
            self._exact_say(run, "running" if run.running else "stopping")
            self._redraw()

    def _exact_tick(self, run: ExactRun) -> None:
        """In the search thread, while no bound changes: show the time it has run."""
        with self.lock:
            if run is self.exact_run and self.exact is not None and run.running:
                self._exact_say(run, "running")

    def _exact_say(self, run: ExactRun, phase: str) -> None:
        """The exact values in words under the board (see `exact_html`)."""
        seconds = self.exact.seconds if phase == "done" else run.seconds
        self.exact_view.value = exact_html(self.exact, run.mover, phase, run.stones, seconds)

    def _exact_done(self, run: ExactRun, analysis: Any) -> None:
        """In the search thread: the search ended (all exact, stopped, or failed)."""
        with self.lock:
            if run is not self.exact_run or self.exact_state is not run.state:
                return
            self.exact_run = None
            self._update_stop()
            if analysis is None:
                self.exact_view.value = _(
                    "<b>Exact values</b>: the search failed ({error})."
                ).format(error=html.escape(str(run.error)))
                return
            self.exact = analysis
            self._exact_say(run, "done")
            self._redraw()

    def _exact_labels(self, state: Any) -> dict[str, Hint]:
        """The exact values to draw under the columns, if they are about ``state`` ("…" while
        the search has said nothing yet, so the board keeps its size)."""
        analysis = self.exact
        if self.exact_state is not state or self.exact_run is None and analysis is None:
            return {}
        if analysis is None:
            return {
                self.adapter.hint_target(move): Hint(move[1], 0, _("not known yet"), "…")
                for move in self.game.actions(state)
            }
        mover, best = self.game.to_move(state), set(analysis.best())
        return {
            f"col:{v.column}": Hint(
                v.column, v.low, exact_words(v, mover), exact_short(v), v.column in best
            )
            for v in analysis.columns
        }

    def wait_exact(self, timeout: float | None = 60) -> None:
        """Wait until the exact values' search has ended and been shown (for tests)."""
        run = self.exact_run
        if run is not None:
            run.wait(timeout)
