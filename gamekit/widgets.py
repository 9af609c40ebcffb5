"""Board widgets: play a game against any engine of gamekit in a notebook (ipywidgets 8).

One widget, `GameBoard`, plays every board game; what differs between games lives in a small
`BoardAdapter`: how to draw a cell, and which move a click on a cell (or above a column) means.
`TicTacToeAdapter` and `ConnectFourAdapter` are the two adapters so far; a new game plugs in
by writing its own adapter, not a new widget.

>>> board = GameBoard(TicTacToeAdapter(), engine="alpha-beta")
>>> board.click_cell(2, 2)   # you are X; the engine answers at once
>>> board.state.board[(2, 2)], len(board.state.board)
('X', 2)
>>> board.click_cell(2, 2)   # an illegal click leaves the board as it was and says why
>>> len(board.state.board), "taken" in board.status.value
(2, True)

The engines are listed in a registry (`ENGINES`); `register_engine` adds one, and every board
built afterwards offers it. Engines run synchronously inside the click handler, and every
engine move is traced (`gamekit.trace`), so the widget can show its statistics.

Widgets stay off the grading path: `play_tictactoe` and `play_connect_four` build nothing (they
print a note and return None) while nbgrader executes a notebook (``NBGRADER_EXECUTION`` set).

Every part carries a CSS class, so browser tests (and readers of the page) can find it:
``gk-board`` (the whole widget), ``gk-game-<adapter name>``, ``gk-cell`` and
``gk-cell-<row>-<col>`` (1-based, row 1 at the top), ``gk-col-<col>`` (column buttons),
``gk-engine``, ``gk-depth``, ``gk-eval``, ``gk-first``, ``gk-new-game``, ``gk-undo``, ``gk-hint``,
``gk-status``, ``gk-stats`` and ``gk-hints``.
"""

from __future__ import annotations

import functools
import html
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from gamekit.games import (
    BoardState,
    ConnectFour,
    Game,
    GameWrapper,
    IllegalMoveError,
    TicTacToe,
)
from gamekit.heuristics import centre_bonus, eval_for, window_score, windows
from gamekit.players import SearchPlayer, greedy_player, greedy_score, random_player
from gamekit.search import (
    WIN,
    EvalFn,
    alphabeta_cutoff_search,
    expectiminimax,
    negamax,
)
from gamekit.trace import TraceStats, run_traced

Factory = Callable[[int, EvalFn], Callable[[Game, Any], Any]]
"""``factory(depth, eval_fn) -> player``: builds a player for one engine move."""

ValueFn = Callable[[Any, Game, int, EvalFn], float]
"""``value(state, game, depth, eval_fn) -> value of state for the player to move``."""


# --------------------------------------------------------------------------------------------
# The engine registry
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Engine:
    """An entry of the registry: how to build the engine's player, and what it needs."""

    name: str
    factory: Factory
    value: ValueFn | None = None  # None: the engine does not score moves (no hints)
    uses_depth: bool = True
    uses_eval: bool = True
    description: str = ""


ENGINES: dict[str, Engine] = {}
"""Every engine a board offers, by name, in the order they were registered."""


def register_engine(
    name: str,
    factory: Factory,
    *,
    value: ValueFn | None = None,
    uses_depth: bool = True,
    uses_eval: bool = True,
    description: str = "",
) -> Engine:
    """Add (or replace) an engine; boards built afterwards offer it in their menu.

    ``factory(depth, eval_fn)`` returns a player ``player(game, state) -> move``. ``value``,
    if given, is ``value(state, game, depth, eval_fn)``: the engine's value of ``state`` for the
    player to move; the hint button uses it.
    """
    if not callable(factory):
        raise ValueError(f"the factory of engine {name!r} must be callable, got {factory!r}")
    engine = Engine(name, factory, value, uses_depth, uses_eval, description)
    ENGINES[name] = engine
    return engine


def _greedy_value(state: Any, game: Game, depth: int, eval_fn: EvalFn) -> float:
    """What `greedy_player` maximises: the evaluation one ply ahead (real results count most)."""
    return max(greedy_score(game, state, move, eval_fn) for move in game.actions(state))


def _minimax_value(state: Any, game: Game, depth: int, eval_fn: EvalFn) -> float:
    return expectiminimax(state, game, depth, eval_fn, random_opponent=False, with_value=True)[0]


def _alphabeta_value(state: Any, game: Game, depth: int, eval_fn: EvalFn) -> float:
    return alphabeta_cutoff_search(state, game, depth, eval_fn, with_value=True)[0]


def _negamax_value(state: Any, game: Game, depth: int, eval_fn: EvalFn) -> float:
    return negamax(state, game, depth, eval_fn, with_value=True)[0]


def _expectimax_value(state: Any, game: Game, depth: int, eval_fn: EvalFn) -> float:
    return expectiminimax(state, game, depth, eval_fn, random_opponent=True, with_value=True)[0]


register_engine(
    "random",
    lambda depth, eval_fn: random_player(),
    uses_depth=False,
    uses_eval=False,
    description="a legal move chosen uniformly at random: no search",
)
register_engine(
    "greedy",
    lambda depth, eval_fn: greedy_player(eval_fn),
    value=_greedy_value,
    uses_depth=False,
    description="the move whose resulting position evaluates best: one ply, no reply considered",
)
register_engine(
    "minimax",
    lambda depth, eval_fn: SearchPlayer(
        "minimax", expectiminimax, depth=depth, eval_fn=eval_fn, random_opponent=False
    ),
    value=_minimax_value,
    description=(
        "depth-limited minimax without pruning: every node down to the depth is searched "
        "(gamekit.search.expectiminimax on a game with no chance nodes is exactly this)"
    ),
)
register_engine(
    "alpha-beta",
    lambda depth, eval_fn: SearchPlayer(
        "alpha-beta", alphabeta_cutoff_search, depth=depth, eval_fn=eval_fn
    ),
    value=_alphabeta_value,
    description="minimax with alpha-beta pruning, stopping at the depth and evaluating there",
)
register_engine(
    "negamax",
    lambda depth, eval_fn: SearchPlayer("negamax", negamax, depth=depth, eval_fn=eval_fn),
    value=_negamax_value,
    description="alpha-beta written as negamax: one function, values seen by the mover",
)
register_engine(
    "expectimax",
    lambda depth, eval_fn: SearchPlayer(
        "expectimax", expectiminimax, depth=depth, eval_fn=eval_fn, random_opponent=True
    ),
    value=_expectimax_value,
    description="expects the opponent to move at random: averages over the replies",
)


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


def move_values(
    game: Game,
    state: Any,
    engine: str = "alpha-beta",
    depth: int = 4,
    eval_fn: EvalFn | None = None,
) -> dict[Any, float]:
    """The value ``engine`` gives each legal move in ``state``, for the player to move.

    Each move is searched as if it were the only one, so the value is exact (no alpha-beta
    bound) and its plies count from ``state``: the engine picks the first move with the largest
    value. Raises ValueError for an engine that does not score moves (random).
    """
    entry = ENGINES[engine]
    if entry.value is None:
        raise ValueError(f"the {engine!r} engine does not score moves")
    eval_fn = eval_fn if eval_fn is not None else (lambda s, p: 0)
    return {
        move: entry.value(state, _OnlyMove(game, state, move), depth, eval_fn)
        for move in game.actions(state)
    }


def describe_value(value: float) -> str:
    """A value for people: wins and losses as "win in n plies", evaluations as numbers."""
    if abs(value) > WIN / 2:
        plies = round(WIN - abs(value))
        return f"{'win' if value > 0 else 'loss'} in {plies} {'ply' if plies == 1 else 'plies'}"
    if value == int(value):
        return f"{int(value):+d}" if value else "0"
    return f"{value:+.2f}"


# --------------------------------------------------------------------------------------------
# Evaluation for k-in-a-row boards
# --------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=32)
def _window_indices(h: int, v: int, k: int) -> tuple[tuple[int, ...], ...]:
    """`gamekit.heuristics.windows`, as indices into ``BoardState.cells``."""
    return tuple(tuple((row - 1) * v + col - 1 for row, col in w) for w in windows(h, v, k))


def open_lines_eval(k: int) -> EvalFn:
    """An evaluation for k-in-a-row: lines of ``k`` cells still open to one player only.

    A line holding ``n`` marks of one player and none of the other is worth ``10 ** (n - 1)``
    to that player; the value is the player's total minus the opponent's. Central cells lie on
    more lines, so the centre counts more without being told.
    """

    def evaluate(state: BoardState, player: str) -> float:
        cells, score = state.cells, 0
        for line in _window_indices(state.h, state.v, k):
            marks = [cells[i] for i in line]
            xs, os_ = marks.count("X"), marks.count("O")
            if xs and not os_:
                score += 10 ** (xs - 1)
            elif os_ and not xs:
                score -= 10 ** (os_ - 1)
        return score if player == "X" else -score

    evaluate.__name__ = f"open_lines_eval_k{k}"
    return evaluate


def no_evaluation(state: Any, player: str) -> float:
    """0 everywhere: a depth-limited engine then tells only wins, losses and "don't know"."""
    return 0


def connect_four_evaluations(game: ConnectFour) -> dict[str, EvalFn]:
    """The course's Connect Four evaluation (`gamekit.heuristics`) and its two halves."""
    k = game.k

    def windows_only(state: BoardState, player: str) -> float:
        return window_score(state, player, k)

    return {
        "windows + centre": eval_for(game),
        "windows only": windows_only,
        "centre only": centre_bonus,
        "none": no_evaluation,
    }


# --------------------------------------------------------------------------------------------
# Adapters: what differs between games
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CellView:
    """How one cell looks: its text, background and text colours, and a tooltip."""

    label: str = ""
    color: str | None = None
    text_color: str | None = None
    tooltip: str = ""


class BoardAdapter:
    """How one game appears on a `GameBoard`; subclass it to plug a new game in.

    A subclass sets ``game``, ``name`` (used in CSS classes), ``rows`` and ``cols`` and
    implements `cell` and `move_for_cell`; a game played by columns sets
    ``column_buttons = True`` and implements `move_for_column`; `evaluations` offers the
    evaluation functions of depth-limited engines. The other methods have
    defaults that suit two-player games whose ``utility`` is +1 / -1 / 0 for the first player.
    """

    game: Game
    name: str = "game"
    rows: int = 0
    cols: int = 0
    column_buttons: bool = False
    cell_size: str = "46px"
    default_engine: str = "alpha-beta"
    default_depth: int = 4
    max_depth: int = 8

    def cell(self, state: Any, row: int, col: int) -> CellView:
        """How cell ``(row, col)`` (1-based) looks in ``state``."""
        raise NotImplementedError

    def move_for_cell(self, state: Any, row: int, col: int) -> Any:
        """The move a click on cell ``(row, col)`` means; `IllegalMoveError` says why if none."""
        raise NotImplementedError

    def move_for_column(self, state: Any, col: int) -> Any:
        """The move a click above column ``col`` means (boards with column buttons)."""
        raise IllegalMoveError("this game is not played by columns")

    def evaluations(self) -> dict[str, EvalFn]:
        """The evaluation functions a person can choose from, by name, the default first."""
        return {"none": no_evaluation}

    def describe_move(self, move: Any) -> str:
        return str(move)

    def player_label(self, player: str) -> str:
        return str(player)

    def outcome(self, state: Any) -> str:
        """The result of terminal ``state`` in words."""
        first = self.game.players[0]
        utility = self.game.utility(state, first)
        if utility == 0:
            return "a draw"
        winner = first if utility > 0 else self.game.players[1]
        return f"{self.player_label(winner)} wins"


class TicTacToeAdapter(BoardAdapter):
    """Tic-tac-toe on any h x v board with k in a row; a click on an empty cell plays there."""

    name = "tictactoe"
    colors = {"X": "#fde2e2", "O": "#dde8fb", "": "#eeeeee"}
    text_colors = {"X": "#b00020", "O": "#1a4fb5"}

    def __init__(self, h: int = 3, v: int = 3, k: int = 3, *, game: TicTacToe | None = None):
        self.game = game if game is not None else TicTacToe(h, v, k)
        self.rows, self.cols = self.game.h, self.game.v
        self.max_depth = self.rows * self.cols
        # The whole game on boards of up to 9 cells, else a depth that answers within 0.2 s.
        cells = self.rows * self.cols
        self.default_depth = cells if cells <= 9 else 3 if cells <= 16 else 2

    def evaluations(self) -> dict[str, EvalFn]:
        return {"open lines": open_lines_eval(self.game.k), "none": no_evaluation}

    def cell(self, state: BoardState, row: int, col: int) -> CellView:
        mark = state.board.get((row, col), "")
        return CellView(
            label=mark,
            color=self.colors.get(mark),
            text_color=self.text_colors.get(mark),
            tooltip=f"cell ({row}, {col})",
        )

    def move_for_cell(self, state: BoardState, row: int, col: int) -> Any:
        if self.game.terminal_test(state):
            raise IllegalMoveError("the game is over: press New game to play again")
        mark = state.board.get((row, col))
        if mark is not None:
            raise IllegalMoveError(f"cell ({row}, {col}) is taken by {mark}")
        move = (row, col)
        if move not in self.game.actions(state):
            raise IllegalMoveError(f"cell ({row}, {col}) cannot be played here")
        return move

    def describe_move(self, move: Any) -> str:
        return f"cell {move}"


class ConnectFourAdapter(TicTacToeAdapter):
    """Connect Four on any board: a click on a column (its button or any of its cells) drops a
    disc to the lowest empty cell of that column."""

    name = "connectfour"
    column_buttons = True
    cell_size = "38px"
    colors = {"X": "#e53935", "O": "#fdd835", "": "#d6e2f3"}
    text_colors = {"X": "#ffffff", "O": "#5d4300"}

    def __init__(self, h: int = 6, v: int = 7, k: int = 4, *, game: ConnectFour | None = None):
        game = game if game is not None else ConnectFour(h, v, k)
        super().__init__(game=game)
        self.max_depth = min(10, self.rows * self.cols)
        self.default_depth = min(self.max_depth, 4 if self.cols <= 7 else 3)  # within 0.2 s

    def evaluations(self) -> dict[str, EvalFn]:
        return connect_four_evaluations(self.game)

    def move_for_cell(self, state: BoardState, row: int, col: int) -> Any:
        return self.move_for_column(state, col)

    def move_for_column(self, state: BoardState, col: int) -> Any:
        if self.game.terminal_test(state):
            raise IllegalMoveError("the game is over: press New game to play again")
        for move in self.game.actions(state):
            if move[1] == col:
                return move
        raise IllegalMoveError(f"column {col} is full")

    def describe_move(self, move: Any) -> str:
        return f"column {move[1]}"


# --------------------------------------------------------------------------------------------
# The widget
# --------------------------------------------------------------------------------------------


class GameBoard:
    """A board to play against an engine: grid, controls, status, statistics and hints.

    The person plays the first player (X) when ``human_first``, else the second. Every click
    goes through the adapter; an illegal one changes nothing and the status line says why.
    Display it as the last expression of a cell (or with ``display(board)``).
    """

    def __init__(
        self,
        adapter: BoardAdapter,
        *,
        engine: str | None = None,
        depth: int | None = None,
        evaluation: str | None = None,
        human_first: bool = True,
    ) -> None:
        self.adapter = adapter
        self.game = adapter.game
        engine = engine if engine is not None else adapter.default_engine
        if engine not in ENGINES:
            raise ValueError(f"unknown engine {engine!r}; choose one of {list(ENGINES)}")
        depth = depth if depth is not None else adapter.default_depth
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
            raise ValueError(f"depth must be a whole number of plies >= 1, got {depth!r}")
        self.evaluations = adapter.evaluations()
        evaluation = evaluation if evaluation is not None else next(iter(self.evaluations))
        if evaluation not in self.evaluations:
            raise ValueError(
                f"unknown evaluation {evaluation!r}; choose one of {list(self.evaluations)}"
            )

        self.history: list[Any] = [self.game.initial]
        self.last_trace = None
        self.last_stats: TraceStats | None = None
        self.hints: dict[Any, float] = {}
        self._build(engine, depth, evaluation, human_first)
        self.new_game()

    # Building -------------------------------------------------------------------------------

    def _build(self, engine: str, depth: int, evaluation: str, human_first: bool) -> None:
        adapter = self.adapter
        size = adapter.cell_size
        template = f"repeat({adapter.cols}, {size})"

        self.cells: dict[tuple[int, int], widgets.Button] = {}
        for row in range(1, adapter.rows + 1):
            for col in range(1, adapter.cols + 1):
                button = widgets.Button(
                    layout=widgets.Layout(width=size, height=size, padding="0px")
                )
                button.add_class("gk-cell")
                button.add_class(f"gk-cell-{row}-{col}")
                button.on_click(lambda _b, r=row, c=col: self.click_cell(r, c))
                self.cells[(row, col)] = button
        self.grid = widgets.GridBox(
            list(self.cells.values()),
            layout=widgets.Layout(grid_template_columns=template, grid_gap="3px"),
        )
        self.grid.add_class("gk-grid")

        self.column_buttons: dict[int, widgets.Button] = {}
        parts: list[widgets.Widget] = []
        if adapter.column_buttons:
            for col in range(1, adapter.cols + 1):
                button = widgets.Button(
                    description="▼",
                    tooltip=f"drop a disc in column {col}",
                    layout=widgets.Layout(width=size, height="1.8em"),
                )
                button.add_class("gk-col")
                button.add_class(f"gk-col-{col}")
                button.on_click(lambda _b, c=col: self.click_column(c))
                self.column_buttons[col] = button
            columns = widgets.GridBox(
                list(self.column_buttons.values()),
                layout=widgets.Layout(grid_template_columns=template, grid_gap="3px"),
            )
            columns.add_class("gk-columns")
            parts.append(columns)
        parts.append(self.grid)

        self.engine_menu = widgets.Dropdown(
            options=list(ENGINES), value=engine, description="Engine"
        )
        self.engine_menu.add_class("gk-engine")
        self.depth_slider = widgets.IntSlider(
            value=depth, min=1, max=max(adapter.max_depth, depth), description="Depth"
        )
        self.depth_slider.add_class("gk-depth")
        self.eval_menu = widgets.Dropdown(
            options=list(self.evaluations), value=evaluation, description="Evaluation"
        )
        self.eval_menu.add_class("gk-eval")
        self.first_toggle = widgets.ToggleButtons(
            options=[("You start", "human"), ("Engine starts", "engine")],
            value="human" if human_first else "engine",
        )
        self.first_toggle.add_class("gk-first")
        self.new_game_button = widgets.Button(description="New game", icon="refresh")
        self.new_game_button.add_class("gk-new-game")
        self.undo_button = widgets.Button(description="Undo", icon="undo")
        self.undo_button.add_class("gk-undo")
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o")
        self.hint_button.add_class("gk-hint")
        self.status = widgets.HTML()
        self.status.add_class("gk-status")
        self.stats = widgets.HTML()
        self.stats.add_class("gk-stats")
        self.hints_view = widgets.HTML()
        self.hints_view.add_class("gk-hints")

        self.engine_menu.observe(self._settings_changed, names="value")
        self.first_toggle.observe(lambda _change: self.new_game(), names="value")
        self.new_game_button.on_click(lambda _b: self.new_game())
        self.undo_button.on_click(lambda _b: self.undo())
        self.hint_button.on_click(lambda _b: self.show_hints())
        self._settings_changed()

        board = widgets.VBox(
            parts,
            layout=widgets.Layout(align_items="flex-start", flex="0 0 auto", margin="0 1em 0 0"),
        )
        controls = widgets.VBox(
            [
                self.engine_menu,
                self.depth_slider,
                self.eval_menu,
                self.first_toggle,
                widgets.HBox([self.new_game_button, self.undo_button, self.hint_button]),
            ]
        )
        self.widget = widgets.VBox(
            [widgets.HBox([board, controls]), self.status, self.stats, self.hints_view]
        )
        self.widget.add_class("gk-board")
        self.widget.add_class(f"gk-game-{adapter.name}")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # State ----------------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The current position."""
        return self.history[-1]

    @property
    def human(self) -> str:
        """The player the person plays."""
        players = self.game.players
        return players[0] if self.first_toggle.value == "human" else players[1]

    @property
    def engine(self) -> Engine:
        return ENGINES[self.engine_menu.value]

    @property
    def evaluate(self) -> EvalFn:
        """The evaluation function chosen in the menu."""
        return self.evaluations[self.eval_menu.value]

    def _settings_changed(self, _change: Any = None) -> None:
        self.depth_slider.disabled = not self.engine.uses_depth
        self.eval_menu.disabled = not self.engine.uses_eval

    # Actions --------------------------------------------------------------------------------

    def new_game(self) -> None:
        """Start again from the initial position; the engine moves first if it starts."""
        self.start_from(self.game.initial)

    def start_from(self, state: Any) -> None:
        """Continue from ``state`` (a position built by hand, for example with ``from_rows``).

        Undo goes no further back than ``state``; the engine moves at once if it is its turn.
        """
        self.history = [state]
        self.last_trace, self.last_stats, self.hints = None, None, {}
        self.stats.value = ""
        self.hints_view.value = ""
        if not self.game.terminal_test(state) and self.game.to_move(state) != self.human:
            self._engine_move()
        self._redraw()
        self._say(self._turn_text())

    def click_cell(self, row: int, col: int) -> None:
        """What a click on cell ``(row, col)`` does: play its move, then the engine replies."""
        self._human_click(lambda: self.adapter.move_for_cell(self.state, row, col))

    def click_column(self, col: int) -> None:
        """What a click above column ``col`` does."""
        self._human_click(lambda: self.adapter.move_for_column(self.state, col))

    def _human_click(self, choose: Callable[[], Any]) -> None:
        if not self.game.terminal_test(self.state) and self.game.to_move(self.state) != self.human:
            self._say(self._turn_text(), problem="it is the engine's turn")
            return
        try:
            move = choose()
            after = self.game.result(self.state, move)
        except IllegalMoveError as error:
            self._say(self._turn_text(), problem=str(error))
            return
        self.history.append(after)
        self.hints = {}
        self.hints_view.value = ""
        done = f"You played {html.escape(self.adapter.describe_move(move))}."
        if not self.game.terminal_test(after):
            done += " " + self._engine_move()
        self._redraw()
        self._say(done + " " + self._turn_text())

    def _engine_move(self) -> str:
        """Let the engine play one move; return a sentence saying what it did."""
        engine, depth = self.engine, self.depth_slider.value

        def search(state: Any, game: Game, eval_fn: EvalFn | None = None) -> Any:
            return engine.factory(depth, eval_fn)(game, state)

        start = time.perf_counter()
        move, trace = run_traced(search, self.state, self.game, eval_fn=self.evaluate)
        seconds = time.perf_counter() - start
        self.history.append(self.game.result(self.state, move))
        self.last_trace, self.last_stats = trace, trace.stats
        self.stats.value = self._stats_text(engine, depth, move, trace.stats, seconds)
        return f"The engine played {html.escape(self.adapter.describe_move(move))}."

    def undo(self) -> None:
        """Take back your last move and the engine's reply to it."""
        earlier = [
            index
            for index, state in enumerate(self.history[:-1])
            if self.game.to_move(state) == self.human
        ]
        if not earlier:
            self._say(self._turn_text(), problem="there is no move of yours to undo")
            return
        del self.history[earlier[-1] + 1 :]
        self.hints = {}
        self.hints_view.value = ""
        self.stats.value = ""
        self._redraw()
        self._say("Move taken back. " + self._turn_text())

    def show_hints(self) -> None:
        """Show the chosen engine's value of each legal move for the side to move."""
        state = self.state
        if self.game.terminal_test(state):
            self._say(self._turn_text(), problem="the game is over: there is nothing to hint")
            return
        engine, depth = self.engine, self.depth_slider.value
        if engine.value is None:
            self._say(
                self._turn_text(),
                problem=f"the {engine.name} engine does not score moves: choose another engine",
            )
            return
        start = time.perf_counter()
        self.hints = move_values(self.game, state, engine.name, depth, self.evaluate)
        seconds = time.perf_counter() - start
        best = max(self.hints.values())
        bold = " style='font-weight:bold'"
        rows = "".join(
            f"<tr{bold if value == best else ''}>"
            f"<td style='padding:0 1em 0 0'>{html.escape(self.adapter.describe_move(move))}</td>"
            f"<td style='text-align:right'>{html.escape(describe_value(value))}</td></tr>"
            for move, value in self.hints.items()
        )
        depth_text = f" at depth {depth}" if engine.uses_depth else ""
        self.hints_view.value = (
            f"<b>Hint</b>: {html.escape(engine.name)}{depth_text}, values for "
            f"{html.escape(self.adapter.player_label(self.game.to_move(state)))} "
            f"(best in bold; {seconds:.2f} s)"
            f"<table style='line-height:1.4;border-collapse:collapse'>{rows}</table>"
        )

    # Display --------------------------------------------------------------------------------

    def _turn_text(self) -> str:
        state = self.state
        if self.game.terminal_test(state):
            outcome = self.adapter.outcome(state)
            return f"Game over: {html.escape(outcome)}. Press New game to play again."
        mover = self.game.to_move(state)
        who = "Your" if mover == self.human else "The engine's"
        return f"{who} turn ({html.escape(self.adapter.player_label(mover))})."

    def _say(self, text: str, problem: str | None = None) -> None:
        if problem is not None:
            text = f"<span style='color:#b00020'>Illegal: {html.escape(problem)}.</span> " + text
        self.status.value = text

    def _stats_text(
        self, engine: Engine, depth: int, move: Any, stats: TraceStats, seconds: float
    ) -> str:
        depth_text = f", depth {depth}" if engine.uses_depth else ""
        return (
            f"<b>{html.escape(engine.name)}</b>{depth_text} chose "
            f"{html.escape(self.adapter.describe_move(move))}: "
            f"{stats.nodes:,} nodes, cutoffs {stats.cutoffs_by_max} by MAX / "
            f"{stats.cutoffs_by_min} by MIN, {seconds:.3f} s, depth reached {stats.max_depth}"
        )

    def _redraw(self) -> None:
        state = self.state
        last = getattr(state, "last_move", None)
        for (row, col), button in self.cells.items():
            view = self.adapter.cell(state, row, col)
            button.description = view.label
            button.tooltip = view.tooltip
            button.style.button_color = view.color
            button.style.text_color = view.text_color
            button.style.font_weight = "bold"
            button.style.font_size = "1.3em"
            button.layout.border = "2px solid #333" if (row, col) == last else ""

    def cell_labels(self) -> dict[tuple[int, int], str]:
        """The text on every cell button, as drawn now (what a person sees)."""
        return {cell: button.description for cell, button in self.cells.items()}


# --------------------------------------------------------------------------------------------
# Public constructors
# --------------------------------------------------------------------------------------------


def _grading() -> bool:
    """True while nbgrader executes a notebook: build no interactive widget then."""
    if os.environ.get("NBGRADER_EXECUTION"):
        print("(The interactive board is not built while nbgrader runs this notebook.)")
        return True
    return False


def play_tictactoe(
    h: int = 3,
    v: int = 3,
    k: int = 3,
    *,
    engine: str = "alpha-beta",
    depth: int | None = None,
    evaluation: str | None = None,
    human_first: bool = True,
) -> GameBoard | None:
    """A tic-tac-toe board (any h x v, k in a row) against ``engine``.

    The default is alpha-beta searching the whole game on boards of up to 9 cells (it cannot be
    beaten), else to depth 3 (up to 16 cells) or 2, with an evaluation of open lines, so that
    it answers within 0.2 s. Returns None while nbgrader runs the notebook.
    """
    if _grading():
        return None
    return GameBoard(
        TicTacToeAdapter(h, v, k),
        engine=engine,
        depth=depth,
        evaluation=evaluation,
        human_first=human_first,
    )


def play_connect_four(
    h: int = 6,
    v: int = 7,
    k: int = 4,
    *,
    engine: str = "alpha-beta",
    depth: int | None = None,
    evaluation: str | None = None,
    human_first: bool = True,
) -> GameBoard | None:
    """A Connect Four board (any size) against ``engine``; click a column to drop a disc.

    The default is alpha-beta to depth 4 (3 on boards wider than 7 columns) with the course's
    evaluation (`gamekit.heuristics`). Returns None while nbgrader runs the notebook.
    """
    if _grading():
        return None
    return GameBoard(
        ConnectFourAdapter(h, v, k),
        engine=engine,
        depth=depth,
        evaluation=evaluation,
        human_first=human_first,
    )
