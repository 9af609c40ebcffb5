"""`GameBoard`: play any game of gamekit against any engine, on an SVG board.

The board (`BoardView`, an anywidget) shows the SVG an adapter draws from the model and sends
back what a person clicks or types; the controls are ipywidgets. The engine thinks in a thread
(`gamekit.widgets.engines.Job`), so the board answers at once while it searches:

- the status line says it is thinking, with the depth finished and the nodes so far;
- **Stop** plays the best move found so far;
- a click on the board during the search is refused with a message, never queued;
- Undo, New game and new settings stop the search, and its result is thrown away.

On the standard Connect Four board (7 x 6, 4 in a row), the **Exact values** toggle shows every
column's exact value for the player to move (`gamekit.connect4_fast.analyse`, in its own
thread, `gamekit.widgets.exact`): in words under the board and as short labels under the
columns, the best ones shaded, updated as the bounds tighten ("proven so far" until a value is
exact). Stop ends it with what is proven; a new position stops it and starts again, and nothing
the old search finds is shown.

>>> from gamekit.widgets import TicTacToeAdapter
>>> board = GameBoard(TicTacToeAdapter())
>>> board.click("cell:2:2"); board.wait()   # you are X; the engine answers in its thread
>>> board.state.board[(2, 2)], len(board.state.board)
('X', 2)
>>> board.click("cell:2:2")                  # refused, and the status line says why
>>> len(board.state.board), "taken" in board.view.status
(2, True)

Every part carries a CSS class for browser tests and readers of the page: ``gk-board``,
``gk-game-<adapter name>``, in the SVG ``gk-cell`` (with ``data-cell``, ``data-mark`` and an
``aria-label``), and ``gk-engine``, ``gk-depth``, ``gk-seconds``, ``gk-playouts``, ``gk-eval``,
``gk-first``, ``gk-new-game``, ``gk-undo``, ``gk-hint``, ``gk-stop``, ``gk-prev``, ``gk-next``,
``gk-save``, ``gk-status``, ``gk-stats``, ``gk-hints``, ``gk-exact-toggle`` and ``gk-exact`` (in
the SVG, ``gk-exact-label`` under each column, with ``data-column``, ``data-short`` and
``data-words``).
"""

from __future__ import annotations

import html
import threading
import time
from typing import Any

import ipywidgets as widgets

from gamekit.engine_names import engine_name
from gamekit.games import IllegalMoveError
from gamekit.i18n import (
    _,
    count,
    fixed,
    in_own_language,
    language,
    ngettext,
    normalised,
    speaking,
)
from gamekit.search import WIN

from .adapters import BoardAdapter, View
from .boardview import CSS, ESM, BoardView
from .engines import ENGINES, Engine, Hint, Job, Settings, Thought, hints
from .exact import ExactValuesMixin, exact_available
from .logs import GameLogMixin

__all__ = ["CSS", "ESM", "BoardView", "GameBoard"]  # BoardView, CSS and ESM live in .boardview


def _button(description: str, css: str, icon: str = "") -> widgets.Button:
    button = widgets.Button(description=description, icon=icon, layout=widgets.Layout(width="auto"))
    button.add_class(css)
    return button


@in_own_language
class GameBoard(ExactValuesMixin, GameLogMixin):
    """A board to play against an engine: SVG board, controls, status, statistics and hints.

    The person plays the first player when ``human_first``, else the second. Every click goes
    through the adapter; an illegal one changes nothing and the status line says why. With
    ``background=False`` the engine thinks in the caller's thread (for scripts and tests).
    Display it as the last expression of a cell (or with ``display(board)``).

    Its words are in ``lang`` (``"pt_BR"``, ``"es"``; default: the language in use, from
    ``GAMEKIT_LANG`` in the kernel's environment or `gamekit.i18n.set_language`), whichever
    thread says them (`gamekit.i18n.in_own_language`).
    """

    def __init__(
        self,
        adapter: BoardAdapter,
        *,
        engine: str | None = None,
        depth: int | None = None,
        evaluation: str | None = None,
        seconds: float | None = None,
        playouts: int = 2000,
        human_first: bool = True,
        background: bool = True,
        seed: int | None = None,
        lang: str | None = None,
    ) -> None:
        self.language = normalised(lang) if lang else language()
        self.adapter, self.game = adapter, adapter.game
        self.engines = self._engines_for(adapter)
        engine = engine if engine is not None else adapter.default_engine
        engine = engine_name(engine, self.engines)  # "alphabeta" is "alpha-beta"; else the list
        depth = depth if depth is not None else adapter.default_depth
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
            raise ValueError(f"depth must be a whole number of plies >= 1, got {depth!r}")
        self.evaluations = adapter.evaluations()
        evaluation = evaluation if evaluation is not None else next(iter(self.evaluations))
        if evaluation not in self.evaluations:
            raise ValueError(
                f"unknown evaluation {evaluation!r}; choose one of {list(self.evaluations)}"
            )
        seconds = seconds if seconds is not None else adapter.default_seconds
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or seconds <= 0:
            raise ValueError(f"seconds must be a positive number, got {seconds!r}")
        self.background, self.seed = background, seed
        self.lock = threading.RLock()
        self.job: Job | None = None
        self.job_kind = ""  # "engine" or "hint"
        self.history: list[Any] = [self.game.initial]
        self.records: list[dict[str, Any]] = []  # per move: who, seconds, statistics
        self.pending: Any = None
        self.hints: list[Hint] = []
        self.last_thought: Thought | None = None
        self.replaying: list[Any] | None = None  # the states of a log being replayed
        self.replay_at = 0
        self._drawn: Any = None
        self.notice: str | None = None  # a refusal shown while the engine thinks
        self.exact_run = None  # the exact analysis under way (an `ExactRun`), if any
        self.exact: Any = None  # the latest `Analysis` of ``exact_state`` (None: none yet)
        self.exact_state: Any = None  # the position the exact values are about
        self._build(engine, depth, evaluation, seconds, playouts, human_first)
        self.new_game()

    @staticmethod
    def _engines_for(adapter: BoardAdapter) -> dict[str, Engine]:
        """The registry, plus "strongest": the best engine gamekit has for this game."""
        engines = dict(ENGINES)
        if adapter.strongest == "connect4 fast":
            from .fast import FAST_CONNECT4

            engines["connect4 fast"] = FAST_CONNECT4
        strongest = engines.get(adapter.strongest, ENGINES["negamax (time limit)"])
        engines["strongest"] = strongest
        return engines

    # Building -------------------------------------------------------------------------------

    def _build(self, engine, depth, evaluation, seconds, playouts, human_first) -> None:
        adapter = self.adapter
        self.view = BoardView(
            label=adapter.title,
            instant_keys=adapter.instant_keys,
            typing_help=_("Keyboard: click the board, then {how}.").format(how=adapter.typing_help),
        )
        self.view.not_a_move = _("'{key}' is not part of a move.")
        self.view.add_class("gk-view")
        self.view.on_msg(self._on_message)
        style = {"description_width": "6em"}
        self.engine_menu = widgets.Dropdown(
            options=list(self.engines), value=engine, description=_("Engine"), style=style
        )
        self.depth_slider = widgets.IntSlider(
            value=depth,
            min=1,
            max=max(adapter.max_depth, depth),
            description=_("Depth"),
            style=style,
        )
        self.seconds_slider = widgets.FloatSlider(
            value=seconds,
            min=0.2,
            max=max(30.0, seconds),
            step=0.2,
            description=_("Seconds"),
            style=style,
        )
        self.playouts_slider = widgets.IntSlider(
            value=playouts,
            min=100,
            max=max(50_000, playouts),
            step=100,
            description=_("Playouts"),
            style=style,
        )
        self.eval_menu = widgets.Dropdown(
            options=list(self.evaluations),
            value=evaluation,
            description=_("Evaluation"),
            style=style,
        )
        self.first_toggle = widgets.ToggleButtons(
            options=[(_("You start"), "human"), (_("Engine starts"), "engine")],
            value="human" if human_first else "engine",
        )
        self.new_game_button = _button(_("New game"), "gk-new-game", "refresh")
        self.undo_button = _button(_("Undo"), "gk-undo", "undo")
        self.hint_button = _button(_("Hint"), "gk-hint", "lightbulb-o")
        self.stop_button = _button(_("Stop"), "gk-stop", "stop")
        # Orange only while it can stop something: a disabled orange button looks pressable.
        self.stop_button.observe(
            lambda change: setattr(
                self.stop_button, "button_style", "" if change.new else "warning"
            ),
            names="disabled",
        )
        self.prev_button = _button(_("Previous"), "gk-prev", "step-backward")
        self.next_button = _button(_("Next"), "gk-next", "step-forward")
        self.save_button = _button(_("Save log"), "gk-save", "save")
        self.exact_toggle = widgets.ToggleButton(
            value=False,
            description=_("Exact values"),
            icon="square-o",
            tooltip=_("Every column's exact value for the player to move, with perfect play"),
            layout=widgets.Layout(width="auto"),
        )
        self.exact_toggle.add_class("gk-exact-toggle")
        self.exact_offered = exact_available(self.game)  # the solver's board: 7 x 6, k = 4
        if not self.exact_offered:
            self.exact_toggle.layout.display = "none"
        self.exact_toggle.observe(lambda _change: self._exact_toggled(), names="value")
        for control, css in [
            (self.engine_menu, "gk-engine"),
            (self.depth_slider, "gk-depth"),
            (self.seconds_slider, "gk-seconds"),
            (self.playouts_slider, "gk-playouts"),
            (self.eval_menu, "gk-eval"),
            (self.first_toggle, "gk-first"),
        ]:
            control.add_class(css)
        self.stats = widgets.HTML()
        self.stats.add_class("gk-stats")
        self.hints_view = widgets.HTML()
        self.hints_view.add_class("gk-hints")
        self.exact_view = widgets.HTML()
        self.exact_view.add_class("gk-exact")

        for control in (
            self.engine_menu,
            self.depth_slider,
            self.seconds_slider,
            self.playouts_slider,
            self.eval_menu,
        ):
            control.observe(self._settings_changed, names="value")
        self.first_toggle.observe(lambda _change: self.new_game(), names="value")
        self.new_game_button.on_click(lambda _b: self.new_game())
        self.undo_button.on_click(lambda _b: self.undo())
        self.hint_button.on_click(lambda _b: self.show_hints())
        self.stop_button.on_click(lambda _b: self.stop())
        self.prev_button.on_click(lambda _b: self.step_replay(-1))
        self.next_button.on_click(lambda _b: self.step_replay(+1))
        self.save_button.on_click(lambda _b: self.save_log())
        self._enable_settings()

        controls = widgets.VBox(
            [
                self.engine_menu,
                self.depth_slider,
                self.seconds_slider,
                self.playouts_slider,
                self.eval_menu,
                self.first_toggle,
                widgets.HBox(
                    [self.new_game_button, self.undo_button, self.hint_button, self.stop_button],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
                widgets.HBox(
                    [self.prev_button, self.next_button, self.save_button, self.exact_toggle],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
            ],
            layout=widgets.Layout(margin="0 0 0 1em", min_width="22em"),
        )
        # The controls go under the board when the page is too narrow for both side by side.
        wrap = widgets.Layout(flex_flow="row wrap", align_items="flex-start")
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.view, controls], layout=wrap),
                self.stats,
                self.hints_view,
                self.exact_view,
            ]
        )
        self.widget.add_class("gk-board")
        self.widget.add_class(f"gk-game-{adapter.name}")

    def _on_message(self, _view: Any, content: dict[str, Any], _buffers: Any) -> None:
        """A click or a key press on the board, sent by the browser."""
        kind = content.get("kind")
        if kind == "click":
            self.click(str(content.get("action", "")))
        elif kind == "key":
            self.press_key(str(content.get("key", "")))
        elif kind == "typed":
            self.type_move(str(content.get("text", "")))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # State ----------------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The position on the board."""
        if self.replaying is not None:
            return self.replaying[self.replay_at]
        return self.history[-1]

    @property
    def human(self) -> str:
        """The player the person plays."""
        players = self.game.players
        return players[0] if self.first_toggle.value == "human" else players[1]

    @property
    def engine(self) -> Engine:
        return self.engines[self.engine_menu.value]

    @property
    def settings(self) -> Settings:
        """The settings chosen in the controls, as the engines take them."""
        engine = self.engine
        return Settings(
            depth=self.depth_slider.value,
            eval_fn=self.evaluations[self.eval_menu.value],
            seconds=self.seconds_slider.value if engine.uses_time else None,
            playouts=self.playouts_slider.value,
            seed=self.seed,
        )

    @property
    def thinking(self) -> bool:
        """True while the engine (or a hint) searches."""
        job = self.job
        return job is not None and job.running

    def wait(self, timeout: float | None = 60) -> None:
        """Wait until the engine has moved (for scripts and tests)."""
        job = self.job
        if job is not None:
            job.wait(timeout)

    # Actions --------------------------------------------------------------------------------

    def new_game(self) -> None:
        """Start again from the initial position; the engine moves first if it starts."""
        self.start_from(self.game.initial)

    def start_from(self, state: Any) -> None:
        """Continue from ``state``; Undo goes no further back. The engine moves if it is its
        turn."""
        with self.lock:
            self._cancel()
            self.replaying = None
            self._enable_settings()
            self.history, self.records = [state], []
            self.pending, self.hints, self.last_thought = None, [], None
            self.stats.value = self.hints_view.value = ""
            self._redraw()
            self._say(self._turn_text())
            self._engine_if_its_turn()

    def click(self, action: str) -> None:
        """What a click on the board element ``data-action=action`` does."""
        self._human(lambda: self.adapter.click(self.state, action, self.pending))

    def press_key(self, key: str) -> None:
        """What one of the adapter's instant keys does (a column digit in Connect Four)."""
        self._human(lambda: (self.adapter.key_move(self.state, key), None))

    def type_move(self, typed: str) -> None:
        """What typing a move, then Enter, does (a cell name in Hex)."""
        self._human(lambda: (self.adapter.parse_move(self.state, typed), None))

    def _refusal(self, hint: bool = False) -> str | None:
        """Why the person may not move now (with ``hint``: ask for a hint), or None."""
        if self.replaying is not None:
            if hint:
                return _("a log is being replayed: nothing to hint")
            return _("a log is being replayed: press New game to play")
        if self.thinking:
            if self.job_kind == "engine":
                return _("the engine is thinking: wait, or press Stop")
            return _("a hint is searching: wait, or press Stop")
        if self.game.terminal_test(self.state):
            if hint:
                return _("the game is over: nothing to hint")
            return _("the game is over: press New game to play again")
        if self.game.to_move(self.state) != self.human and not hint:
            return _("it is the engine's turn")  # a hint for the engine's side is fine
        return None

    def _human(self, choose) -> None:
        with self.lock:
            refusal = self._refusal()
            if refusal is not None:
                self._say(self._turn_text(), problem=refusal)
                return
            try:
                move, pending = choose()
                if move is None:
                    self.pending = pending
                    self._redraw()
                    self._say(self.adapter.pending_text(self.state, pending))
                    return
                after = self.game.result(self.state, move)
            except IllegalMoveError as error:
                self._say(self._turn_text(), problem=str(error))
                return
            done = self.adapter.played_words(self.state, move, "you") + "."
            self._play(move, after, "you", None)
            self._say(done + " " + self._turn_text())
            self._engine_if_its_turn(done)

    def _play(self, move: Any, after: Any, by: str, thought: Thought | None) -> None:
        self.records.append(
            {
                "state": self.state,
                "move": move,
                "after": after,
                "by": by,
                "seconds": None if thought is None else thought.seconds,
                "stats": None if thought is None else _stats_dict(thought),
            }
        )
        self.history.append(after)
        self.pending, self.hints = None, []
        self.hints_view.value = ""
        self._redraw()

    def _engine_if_its_turn(self, before: str = "") -> None:
        state = self.state
        if self.game.terminal_test(state) or self.game.to_move(state) == self.human:
            return
        engine, settings = self.engine, self.settings
        self.job_kind = "engine"
        thinking = _("The engine ({engine}) is thinking…").format(engine=engine.name)
        self._say(f"{before} {thinking}".strip(), kind="thinking")
        self.stop_button.disabled = False
        self.job = Job(
            lambda watch, keep: _think(engine, self.game, state, settings, watch, keep),
            self.game,
            state,
            settings.seconds,
            self._engine_done,
            self._progress,
        )
        self.job.start(background=self.background)

    def _engine_done(self, job: Job) -> None:
        """In the search thread: play the engine's move, unless the job is stale."""
        with self.lock:
            if job is not self.job:
                return
            self.job = None
            self._engine_plays(job.result)

    def _engine_plays(self, thought: Thought) -> None:
        self._update_stop()
        after = self.game.result(self.state, thought.move)
        self.last_thought = thought
        done = self.adapter.played_words(self.state, thought.move, "engine") + ". "
        self._play(thought.move, after, self.engine.name, thought)
        self.stats.value = self._stats_text(self.engine, thought)
        self._say(done + self._turn_text())

    def _progress(self, job: Job) -> None:
        """In the search thread, a few times a second: say how far the search has got."""
        with self.lock:
            if job is not self.job:
                return
            watch = job.watch
            if self.job_kind == "engine":
                what = _("The engine ({engine}) is thinking…")
            else:
                what = _("The hint ({engine}) is thinking…")
            said = [what.format(engine=self.engine.name)]
            if watch.depth:
                said.append(_("depth {depth} done,").format(depth=watch.depth))
            if self.engine.uses_playouts:
                so_far = ngettext("{n} playout so far,", "{n} playouts so far,", watch.nodes)
            else:
                so_far = ngettext("{n} node so far,", "{n} nodes so far,", watch.nodes)
            said.append(so_far.format(n=count(watch.nodes)))
            seconds = time.perf_counter() - watch.started
            said.append(_("{seconds} s.").format(seconds=fixed(seconds, 1)))
            said.append(_("Stop plays the best move so far."))
            words = " ".join(said)
            if self.notice:  # a refusal stays in view until the search ends
                self._say(words, problem=self.notice)
            else:
                self._say(words, kind="thinking")

    def stop(self) -> None:
        """Stop the search: the engine plays the best move found so far (a hint is dropped).
        With no engine search under way, stop the exact values' search (what it has proven
        stays on the board)."""
        with self.lock:
            job = self.job
            if job is None or not job.running:
                run = self.exact_run
                if run is not None and run.running:
                    run.stop()
                    self._update_stop()
                    if self.exact is not None:
                        self._exact_say(run, "stopping")
                    stopped = _("Exact values stopped: what is proven so far stays.")
                    self._say(stopped + " " + self._turn_text())
                    return
                self._say(self._turn_text(), problem=_("nothing is searching"))
                return
            best = job.take_best()
            self.job = None
            self._update_stop()
            if best is None:
                return
            if self.job_kind == "hint":
                self._say(_("Hint stopped.") + " " + self._turn_text())
                return
            self._engine_plays(best)

    def _cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
        self._update_stop()

    def undo(self) -> None:
        """Take back your last move and the engine's reply (stopping its search if need be)."""
        with self.lock:
            if self.replaying is not None:
                refused = _("a log is being replayed: nothing to undo")
                self._say(self._turn_text(), problem=refused)
                return
            self._cancel()
            mine = [i for i, record in enumerate(self.records) if record["by"] == "you"]
            if not mine:
                self._say(self._turn_text(), problem=_("there is no move of yours to undo"))
                self._engine_if_its_turn()
                return
            del self.records[mine[-1] :]
            del self.history[mine[-1] + 1 :]
            self.pending, self.hints = None, []
            self.stats.value = self.hints_view.value = ""
            self._redraw()
            self._say(_("Move taken back.") + " " + self._turn_text())

    def _settings_changed(self, _change: Any = None) -> None:
        self._enable_settings()
        with self.lock:
            if self.thinking:
                kind = self.job_kind
                self._cancel()
                if kind == "engine":
                    self._say(_("Settings changed: the engine's search starts again."))
                else:
                    self._say(_("Settings changed: the hint's search starts again."))
                if kind == "engine":
                    self._engine_if_its_turn()
                else:
                    self.show_hints()
                return
            # A refusal or a hint was about the old settings: neither stays.
            stale = bool(self.hints) or self.view.status_kind == "problem"
            if self.hints:
                self.hints, self.hints_view.value = [], ""
                self._redraw()
            if stale:
                self._say(self._turn_text())

    def _enable_settings(self) -> None:
        """Show only the settings the chosen engine uses (a hidden one would not change it)."""
        engine = self.engine
        for control, used in (
            (self.depth_slider, engine.uses_depth),
            (self.eval_menu, engine.uses_eval),
            (self.seconds_slider, engine.uses_time),
            (self.playouts_slider, engine.uses_playouts),
        ):
            control.disabled = not used
            control.layout.display = None if used else "none"
        # Previous and Next step through a replayed log; in live play, Undo goes back.
        replaying = self.replaying is not None
        for button in (self.prev_button, self.next_button):
            button.layout.display = None if replaying else "none"

    # Hints ----------------------------------------------------------------------------------

    def show_hints(self) -> None:
        """Search each legal move with the chosen engine; show the values on the board and in
        words (MCTS: visit counts)."""
        with self.lock:
            refusal = self._refusal(hint=True)
            if refusal is not None:
                self._say(self._turn_text(), problem=refusal)
                return
            engine, settings, state = self.engine, self.settings, self.state
            if engine.hint is None:
                self._say(
                    self._turn_text(),
                    problem=_("the {engine} engine does not score moves: choose another").format(
                        engine=engine.name
                    ),
                )
                return
            self.job_kind = "hint"
            self.stop_button.disabled = False
            self._say(
                _("The hint ({engine}) is searching…").format(engine=engine.name), kind="thinking"
            )
            language = self.language  # the hints' words are said in the search thread
            self.job = Job(
                lambda watch, keep: _speaking(
                    language, hints, self.game, state, engine, settings, watch
                ),
                self.game,
                state,
                settings.seconds,
                self._hints_done,
                self._progress,
            )
            self.job.start(background=self.background)

    def _hints_done(self, job: Job) -> None:
        with self.lock:
            if job is not self.job:
                return
            self.job = None
            self._update_stop()
            self.hints = job.result
            self._redraw()
            engine = self.engine
            mover = self.game.to_move(self.state)
            if engine.hint == "visits":
                title, meaning, shown = self._visit_hint_words(mover)
            else:
                # The plies the search really looked ahead: the game may end before the setting.
                reached = min(self.depth_slider.value, job.watch.counts.max_depth)
                title = html.escape(engine.name)
                if engine.uses_depth:
                    title = _("{engine} at depth {depth}").format(engine=title, depth=reached)
                meaning, shown = self._value_hint_words(mover), self.hints
            describe = self.adapter.describe_move
            rows = "".join(
                f"<tr{' style=font-weight:bold' if hint.best else ''}>"
                f"<td style='padding:0 1em 0 0'>{html.escape(describe(hint.move))}</td>"
                f"<td>{html.escape(hint.words)}</td></tr>"
                for hint in shown
            )
            left_out = len(self.hints) - len(shown)
            more = ""
            if left_out:
                more = ngettext(
                    "… and {n} more move, none tried more often than these.",
                    "… and {n} more moves, none tried more often than these.",
                    left_out,
                ).format(n=left_out)
                more = f"<div><i>{html.escape(more)}</i></div>"
            heading = _(
                "<b>Hint</b> ({engine}) for {player}, best in bold and shaded on the board."
            )
            self.hints_view.value = (
                heading.format(engine=title, player=html.escape(mover))
                + f" <i>{html.escape(meaning)}</i>"
                f"<table style='line-height:1.4;border-collapse:collapse'>{rows}</table>{more}"
            )
            self._say(_("Hint ready: see the board.") + " " + self._turn_text())

    HINT_ROWS = 8
    """How many of MCTS's moves a hint lists (the most visited); the board shades them all."""

    def _visit_hint_words(self, mover: str) -> tuple[str, str, list[Hint]]:
        """The title, the meaning and the rows of an MCTS hint: the most visited moves only."""
        playouts = self.playouts_slider.value
        moves = len(self.hints)
        shown = sorted(self.hints, key=lambda hint: -hint.value)[: self.HINT_ROWS]
        meaning = _(
            "Visits: how often MCTS tried the move in {playouts} playouts (it plays the most "
            "visited); mean: the average result of those playouts for {player}, from -1 (always "
            "lost) to +1 (always won). With {moves} moves that is about {each} playouts a move: "
            "more playouts make the hint surer."
        ).format(
            playouts=count(playouts),
            player=mover,
            moves=moves,
            each=count(playouts // max(moves, 1)),
        )
        return html.escape(self.engine.name), meaning, shown

    def _value_hint_words(self, mover: str) -> str:
        """What the values of a search hint mean, said from the mover's side."""
        engine = self.engine
        if engine.expected_score:
            return _(
                "Values for {player}: win / loss in n: forced within n plies, this move "
                "included; expected score: the average result for {player} when the dice are "
                "random, from -1 (lost) to +1 (won)."
            ).format(player=mover)
        words = _(
            "Values for {player}: win / loss in n: forced within n plies, this move included; "
            "draw: proved."
        ).format(player=mover)
        if any(hint.estimate for hint in self.hints):
            words += " " + _(
                "A number is the {evaluation!r} evaluation of the position the search expects "
                "at its depth limit, for {player} (+ good for {player}, - good for the other "
                "side): an estimate, so compare the moves with each other; its sign alone "
                "proves nothing."
            ).format(evaluation=self.eval_menu.value, player=mover)
        return words

    # Display --------------------------------------------------------------------------------

    def _turn_text(self) -> str:
        state = self.state
        if self.replaying is not None:
            total = len(self.replaying) - 1
            moves = self.replay_log.moves
            said = ""
            if self.replay_at:
                record = moves[self.replay_at - 1]
                before = self.replaying[self.replay_at - 1]
                who = f"{record.player} ({record.by})"
                said = ": " + self.adapter.played_words(before, record.move, who)
            end = ""
            if self.game.terminal_test(state):
                end = " " + _("Game over: {outcome}.").format(outcome=self.adapter.outcome(state))
            replayed = _("Replay, move {at} of {total}").format(at=self.replay_at, total=total)
            return f"{replayed}{said}.{end}"
        if self.game.terminal_test(state):
            return _("Game over: {outcome}. Press New game to play again.").format(
                outcome=self.adapter.outcome(state)
            )
        mover = self.game.to_move(state)
        if mover == self.human:
            return _("Your turn ({player}).").format(player=mover)
        return _("The engine's turn ({player}).").format(player=mover)

    def _say(self, words: str, problem: str | None = None, kind: str = "") -> None:
        self.notice = problem if self.thinking else None
        if problem is not None:
            words, kind = (
                _("Not allowed: {problem}.").format(problem=problem) + f" {words}",
                "problem",
            )
        self.view.status_kind = kind
        self.view.status = words

    def _stats_text(self, engine: Engine, thought: Thought) -> str:
        """The same statistics line for every engine."""
        counts = thought.counts
        if engine.uses_playouts:
            depth = ""
            nodes = ngettext("{n} playout", "{n} playouts", counts.nodes).format(
                n=count(counts.nodes)
            )
        else:
            if engine.uses_depth:
                depth = _("depth {depth} of {limit}").format(
                    depth=thought.depth, limit=self.depth_slider.value
                )
                if thought.depth < self.depth_slider.value and not thought.stopped:
                    proved = thought.value is not None and abs(thought.value) > WIN / 2
                    if proved:
                        depth += " " + _("(a forced result was proved)")
                    else:
                        depth += " " + _("(the game ends sooner)")
            else:
                depth = _("depth {depth}").format(depth=thought.depth)
            depth += ", "
            nodes = ngettext("{n} node", "{n} nodes", counts.nodes).format(n=count(counts.nodes))
        cutoffs = _("cutoffs {by_max} by MAX / {by_min} by MIN").format(
            by_max=count(counts.cutoffs_by_max), by_min=count(counts.cutoffs_by_min)
        )
        move = html.escape(self.adapter.describe_move(thought.move))
        if thought.stopped:
            chose = _("<b>{engine}</b> chose {move} (stopped: best move so far)")
        else:
            chose = _("<b>{engine}</b> chose {move}")
        seconds = _("{seconds} s").format(seconds=fixed(thought.seconds, 2))
        chose = chose.format(engine=html.escape(engine.name), move=move)
        return f"{chose}: {depth}{nodes}, {cutoffs}, {seconds}"

    def _redraw(self) -> None:
        state = self.state
        if self.exact_offered and self.exact_toggle.value and self.exact_state is not state:
            self._exact_start(state)  # a new position: the old values are about another one
        sides = {p: (_("you") if p == self.human else self.engine.name) for p in self.game.players}
        targets: dict[str, Hint] = {}
        for hint in self.hints:  # one hint per element: the best of the moves drawn there
            target = self.adapter.hint_target(hint.move)
            if target not in targets or hint.value > targets[target].value:
                targets[target] = hint
        animate = state is not self._drawn
        self._drawn = state
        view = View(sides, targets, self.pending, animate, self._exact_labels(state))
        self.view.svg = self.adapter.draw(state, view)
        self.undo_button.disabled = self.replaying is not None
        self.prev_button.disabled = self.replaying is None or self.replay_at == 0
        self.next_button.disabled = (
            self.replaying is None or self.replay_at == len(self.replaying) - 1
        )

    def marks_shown(self) -> dict[str, str]:
        """``{"row-col": mark}`` read back from the SVG the board shows now."""
        import xml.etree.ElementTree as ElementTree

        root = ElementTree.fromstring(self.view.svg)
        return {
            node.get("data-cell"): node.get("data-mark")
            for node in root.iter()
            if node.get("data-cell") is not None
        }


def _speaking(language: str, function: Any, *args: Any) -> Any:
    """``function(*args)`` in ``language`` (in the thread that calls it)."""
    with speaking(language):
        return function(*args)


def _think(engine, game, state, settings, watch, keep) -> Thought:
    from .engines import think

    return think(engine, game, state, settings, watch, keep)


def _stats_dict(thought: Thought) -> dict[str, Any]:
    counts = thought.counts
    return {
        "nodes": counts.nodes,
        "leaf_evaluations": counts.evaluations,
        "cutoffs_by_max": counts.cutoffs_by_max,
        "cutoffs_by_min": counts.cutoffs_by_min,
        "depth": thought.depth,
        "seconds": round(thought.seconds, 6),
        "stopped": thought.stopped,
    }
