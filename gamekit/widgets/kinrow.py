"""Tic-tac-toe (any h x v, k in a row) and Connect Four on a board.

>>> adapter = ConnectFourAdapter()
>>> state = adapter.game.replay([(6, 4)])
>>> adapter.click(state, "col:4", None)   # a click anywhere in column 4 drops a disc
((5, 4), None)
>>> adapter.marks(state)["6-4"], adapter.marks(state)["5-4"]
('X', '')
"""

from __future__ import annotations

import functools
from typing import Any

from gamekit.draw import DISC_COLOURS, LAST_MOVE_COLOUR
from gamekit.draw.colours import BOARD_COLOUR, HOLE_COLOUR, WIN_COLOUR
from gamekit.games import BoardState, ConnectFour, IllegalMoveError, TicTacToe
from gamekit.heuristics import centre_bonus, eval_for, window_score, windows
from gamekit.i18n import _
from gamekit.search import EvalFn

from .adapters import (
    PLAYER_COLOURS,
    PLAYER_INK,
    BoardAdapter,
    View,
    el,
    exact_label,
    hint_label,
    parse_action,
    refuse_unless_playing,
    svg,
    text,
)
from .engines import no_evaluation


@functools.lru_cache(maxsize=32)
def _window_indices(h: int, v: int, k: int) -> tuple[tuple[int, ...], ...]:
    """`gamekit.heuristics.windows`, as indices into ``BoardState.cells``."""
    return tuple(tuple((row - 1) * v + col - 1 for row, col in w) for w in windows(h, v, k))


def open_lines_eval(k: int) -> EvalFn:
    """An evaluation for k-in-a-row: lines of ``k`` cells still open to one player only.

    A line holding ``n`` marks of one player and none of the other is worth ``10 ** (n - 1)``
    to that player; the value is the player's total minus the opponent's.
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


def winning_line(state: BoardState, k: int) -> tuple[tuple[int, int], ...] | None:
    """The first line of ``k`` cells holding one player's marks only, if any."""
    board = state.board
    for line in windows(state.h, state.v, k):
        first = board.get(line[0])
        if first is not None and all(board.get(cell) == first for cell in line):
            return line
    return None


def _cell_words(state: BoardState, row: int, col: int) -> str:
    mark = state.board.get((row, col))
    if mark:
        return _("row {row}, column {col}: {mark}").format(row=row, col=col, mark=mark)
    return _("row {row}, column {col}: empty").format(row=row, col=col)


def _x_mark(cx: float, cy: float, r: float, width: float) -> str:
    colour = PLAYER_COLOURS["X"]
    return el(
        "path",
        d=f"M{cx - r:.1f},{cy - r:.1f}L{cx + r:.1f},{cy + r:.1f}"
        f"M{cx + r:.1f},{cy - r:.1f}L{cx - r:.1f},{cy + r:.1f}",
        stroke=colour,
        stroke_width=width,
        stroke_linecap="round",
        fill="none",
    )


def _o_mark(cx: float, cy: float, r: float, width: float) -> str:
    return el(
        "circle", cx=cx, cy=cy, r=r, stroke=PLAYER_COLOURS["O"], stroke_width=width, fill="none"
    )


class TicTacToeAdapter(BoardAdapter):
    """Tic-tac-toe on any h x v board with k in a row; a click on an empty cell plays there.

    Typed moves are ``row col`` (``2 3``), both from 1, row 1 at the top.
    """

    name = "tictactoe"
    cell = 64

    @property
    def typing_help(self) -> str:  # type: ignore[override]
        return _("type row and column (2 3) then Enter")

    @property
    def title(self) -> str:  # type: ignore[override]
        return _("tic-tac-toe, {rows} x {cols}, {k} in a row").format(
            rows=self.rows, cols=self.cols, k=self.k
        )

    def __init__(self, h: int = 3, v: int = 3, k: int = 3, *, game: TicTacToe | None = None):
        self.game = game if game is not None else TicTacToe(h, v, k)
        self.rows, self.cols, self.k = self.game.h, self.game.v, self.game.k
        cells = self.rows * self.cols
        self.max_depth = cells
        # The whole game on boards of up to 9 cells, else a depth that answers quickly.
        self.default_depth = cells if cells <= 9 else 3 if cells <= 16 else 2
        self.strongest = "alpha-beta" if cells <= 9 else "negamax (time limit)"

    def evaluations(self) -> dict[str, EvalFn]:
        return {"open lines": open_lines_eval(self.k), "none": no_evaluation}

    def describe_move(self, move: Any) -> str:
        return _("cell {cell}").format(cell=move)

    def marks(self, state: BoardState) -> dict[str, str]:
        return {
            f"{r}-{c}": state.board.get((r, c), "")
            for r in range(1, self.rows + 1)
            for c in range(1, self.cols + 1)
        }

    def click(self, state: BoardState, action: str, pending: Any) -> tuple[Any, Any]:
        refuse_unless_playing(self.game, state)
        row, col = parse_action(action, "cell", 2)
        mark = state.board.get((row, col))
        if mark is not None:
            raise IllegalMoveError(
                _("cell ({row}, {col}) is taken by {mark}").format(row=row, col=col, mark=mark)
            )
        if (row, col) not in self.game.actions(state):
            raise IllegalMoveError(
                _("cell ({row}, {col}) is not on the board").format(row=row, col=col)
            )
        return (row, col), None

    def parse_move(self, state: BoardState, typed: str) -> Any:
        numbers = typed.replace(",", " ").replace("(", " ").replace(")", " ").split()
        if len(numbers) == 1 and len(numbers[0]) == 2:
            numbers = list(numbers[0])
        if len(numbers) != 2 or not all(n.isdecimal() for n in numbers):
            raise IllegalMoveError(
                _("{typed!r} is not a cell: type its row and column, as 2 3").format(typed=typed)
            )
        return self.click(state, f"cell:{numbers[0]}:{numbers[1]}", None)[0]

    def _mark(self, mark: str, cx: float, cy: float, size: float) -> str:
        if mark == "X":
            return _x_mark(cx, cy, size * 0.28, size * 0.1)
        return _o_mark(cx, cy, size * 0.3, size * 0.1)

    def draw(self, state: BoardState, view: View) -> str:
        size, pad = self.cell, 28
        width, height = pad + self.cols * size + 10, pad + self.rows * size + 44
        won = winning_line(state, self.k) if state.utility else None
        parts = []
        for c in range(1, self.cols + 1):
            parts.append(text(pad + (c - 0.5) * size, pad / 2, str(c), font_size=12, fill="#666"))
        for r in range(1, self.rows + 1):
            parts.append(text(pad / 2, pad + (r - 0.5) * size, str(r), font_size=12, fill="#666"))
        for r in range(1, self.rows + 1):
            for c in range(1, self.cols + 1):
                x, y = pad + (c - 1) * size, pad + (r - 1) * size
                cx, cy = x + size / 2, y + size / 2
                mark = state.board.get((r, c), "")
                last = state.last_move == (r, c)
                inside = el(
                    "rect",
                    x=x + 2,
                    y=y + 2,
                    width=size - 4,
                    height=size - 4,
                    rx=6,
                    fill=LAST_MOVE_COLOUR if last else "#fafafa",
                    class_="gk-cell-bg",
                )
                inside += hint_label(view.hints.get(f"cell:{r}:{c}"), cx, cy, size - 8)
                if mark:
                    inside += self._mark(mark, cx, cy, size)
                words = _cell_words(state, r, c) + (", last move" if last else "")
                parts.append(
                    el(
                        "g",
                        inside,
                        class_=f"gk-cell gk-cell-{r}-{c}" + (" gk-last" if last else ""),
                        data_cell=f"{r}-{c}",
                        data_mark=mark,
                        data_action=f"cell:{r}:{c}",
                        role="button",
                        tabindex=0,
                        aria_label=words,
                    )
                )
        grid = [
            el("line", x1=pad + i * size, y1=pad, x2=pad + i * size, y2=pad + self.rows * size)
            for i in range(1, self.cols)
        ] + [
            el("line", x1=pad, y1=pad + i * size, x2=pad + self.cols * size, y2=pad + i * size)
            for i in range(1, self.rows)
        ]
        parts.append(el("g", "".join(grid), stroke="#333", stroke_width=3, stroke_linecap="round"))
        if won is not None:
            (r1, c1), (r2, c2) = won[0], won[-1]
            parts.append(
                el(
                    "line",
                    x1=pad + (c1 - 0.5) * size,
                    y1=pad + (r1 - 0.5) * size,
                    x2=pad + (c2 - 0.5) * size,
                    y2=pad + (r2 - 0.5) * size,
                    stroke=PLAYER_COLOURS[state.board[won[0]]],
                    stroke_width=8,
                    stroke_opacity=0.55,
                    stroke_linecap="round",
                    pointer_events="none",
                    class_="gk-win",
                    data_cells=" ".join(f"{r}-{c}" for r, c in won),
                )
            )
        symbols = {"X": _x_mark(0, 0, 6, 3), "O": _o_mark(0, 0, 7, 3)}
        parts.append(self.legend(pad, height - 18, view.sides, symbols))
        return svg(width, height, "".join(parts), self.title)


class ConnectFourAdapter(TicTacToeAdapter):
    """Connect Four on any board: a click anywhere in a column drops a disc into it.

    Drawn as the course's pictures are (`gamekit.draw.boards`): a blue board of white holes,
    each disc inside a hole with its letter; the column under the pointer lights up and a new
    disc drops into its hole (the CSS of `gamekit.widgets.boardview`).

    Keys ``1`` .. ``9`` (with the board focused) drop a disc in that column at once.
    """

    name = "connect-four"
    cell = 56

    @property
    def typing_help(self) -> str:  # type: ignore[override]
        if self.cols > 9:
            return _("type a column's number, then Enter")
        return _("press a column's digit")

    @property
    def title(self) -> str:  # type: ignore[override]
        return _("Connect Four, {rows} x {cols}, {k} in a row").format(
            rows=self.rows, cols=self.cols, k=self.k
        )

    def __init__(self, h: int = 6, v: int = 7, k: int = 4, *, game: ConnectFour | None = None):
        game = game if game is not None else ConnectFour(h, v, k)
        super().__init__(game=game)
        self.max_depth = min(12, self.rows * self.cols)
        self.default_depth = min(self.max_depth, 4 if self.cols <= 7 else 3)
        # Up to 9 columns a move is one key, and every key gets an answer (9 on 7 columns:
        # "there is no column 9"); wider boards type the number, then Enter.
        self.instant_keys = "*" if self.cols <= 9 else ""
        try:  # the fastest engine gamekit has for Connect Four, if it is there
            import gamekit.connect4_fast  # noqa: F401

            self.strongest = "connect4 fast"
        except ImportError:
            self.strongest = "negamax (time limit)"

    def evaluations(self) -> dict[str, EvalFn]:
        k = self.k

        def windows_only(state: BoardState, player: str) -> float:
            return window_score(state, player, k)

        return {
            "windows + centre": eval_for(self.game),
            "windows only": windows_only,
            "centre only": centre_bonus,
            "none": no_evaluation,
        }

    def describe_move(self, move: Any) -> str:
        return _("column {number}").format(number=move[1])

    def hint_target(self, move: Any) -> str:
        return f"col:{move[1]}"

    def click(self, state: BoardState, action: str, pending: Any) -> tuple[Any, Any]:
        refuse_unless_playing(self.game, state)
        if action.startswith("cell:"):
            col = parse_action(action, "cell", 2)[1]
        else:
            (col,) = parse_action(action, "col", 1)
        for move in self.game.actions(state):
            if move[1] == col:
                return move, None
        if not 1 <= col <= self.cols:
            raise IllegalMoveError(
                _("there is no column {col}: columns are 1..{cols}").format(col=col, cols=self.cols)
            )
        raise IllegalMoveError(_("column {col} is full").format(col=col))

    def key_move(self, state: BoardState, key: str) -> Any:
        if not key.isdecimal():
            raise IllegalMoveError(
                _("press a column's digit 1..{cols}, not {key!r}").format(cols=self.cols, key=key)
            )
        return self.click(state, f"col:{key}", None)[0]

    def parse_move(self, state: BoardState, typed: str) -> Any:
        return self.key_move(state, typed.strip())

    def draw(self, state: BoardState, view: View) -> str:
        size, top, side = self.cell, 30, 12
        strip = 30 if view.exact else 0  # a row of exact values under the board
        width, height = 2 * side + self.cols * size, top + self.rows * size + 16 + 34 + strip
        board_h = self.rows * size + 12
        won = winning_line(state, self.k) if state.utility else None
        on_line = set(won or ())
        parts = [
            el(
                "rect",
                x=side - 6,
                y=top - 6,
                width=self.cols * size + 12,
                height=board_h,
                rx=14,
                fill=BOARD_COLOUR,
                class_="gk-frame",
            )
        ]
        actions = self.game.actions(state)
        open_cols = {move[1]: move[0] for move in actions}
        for c in range(1, self.cols + 1):
            x = side + (c - 1) * size
            cx = x + size / 2
            inside = el(
                "rect",
                x=x,
                y=top - 6,
                width=size,
                height=board_h,
                fill="#ffffff",
                class_="gk-col-shade",
            )
            inside += text(cx, top / 2 - 2, str(c), font_size=13, fill="#444", font_weight="bold")
            for r in range(1, self.rows + 1):
                cy = top + (r - 0.5) * size
                mark = state.board.get((r, c), "")
                last = state.last_move == (r, c)
                # A white hole; a disc sits inside it, so no disc ever touches the blue board.
                here = el("circle", cx=cx, cy=cy, r=size * 0.44, fill=HOLE_COLOUR, class_="gk-hole")
                if (r, c) in on_line:
                    here += el(
                        "circle",
                        cx=cx,
                        cy=cy,
                        r=size * 0.465,
                        fill="none",
                        stroke=WIN_COLOUR,
                        stroke_width=3,
                        class_="gk-win-ring",
                    )
                if mark:
                    drop = view.animate and last
                    ink = PLAYER_INK[mark]
                    disc = el("circle", cx=cx, cy=cy, r=size * 0.36, fill=DISC_COLOURS[mark])
                    if last:  # a dashed ring inside the disc, in its letter's colour
                        disc += el(
                            "circle",
                            cx=cx,
                            cy=cy,
                            r=size * 0.29,
                            fill="none",
                            stroke=ink,
                            stroke_width=2,
                            stroke_dasharray="4 3",
                            class_="gk-last-ring",
                        )
                    disc += text(cx, cy, mark, font_size=size * 0.3, font_weight="bold", fill=ink)
                    # Dropping: it starts with its top at the top of the picture.
                    fall = cy - size * 0.36
                    here += el(
                        "g",
                        disc,
                        class_="gk-disc" + (" gk-drop" if drop else ""),
                        style=f"--gk-drop:{-fall:.0f}px" if drop else None,
                    )
                words = _cell_words(state, r, c) + (", last move" if last else "")
                words += ", in the winning line" if (r, c) in on_line else ""
                inside += el(
                    "g",
                    here,
                    class_=f"gk-cell gk-cell-{r}-{c}" + (" gk-last" if last else ""),
                    data_cell=f"{r}-{c}",
                    data_mark=mark,
                    role="img",
                    aria_label=words,
                )
            hint = view.hints.get(f"col:{c}")
            if hint is not None:
                row = open_cols.get(c, 1)
                inside += hint_label(hint, cx, top + (row - 0.5) * size, size - 6)
            free = open_cols.get(c)
            words = f"column {c}: " + (f"a disc lands in row {free}" if free else "full")
            value = view.exact.get(f"col:{c}")
            if value is not None:
                inside += exact_label(value, cx, top + self.rows * size + 6 + strip / 2, size - 6)
                words += f"; exact value: {value.words}"
            parts.append(
                el(
                    "g",
                    inside,
                    class_=f"gk-col gk-col-{c}",
                    data_action=f"col:{c}",
                    role="button",
                    tabindex=0,
                    aria_label=words,
                )
            )
        if won is not None:  # dark links from disc to disc: the letters stay readable
            centres = [(side + (c - 0.5) * size, top + (r - 0.5) * size) for r, c in won]
            links = []
            for (x1, y1), (x2, y2) in zip(centres, centres[1:], strict=False):
                dx, dy = x2 - x1, y2 - y1
                gap = size * 0.36 / (dx * dx + dy * dy) ** 0.5  # from rim to rim
                start, end = (x1 + gap * dx, y1 + gap * dy), (x2 - gap * dx, y2 - gap * dy)
                links.append(f"M{start[0]:.1f},{start[1]:.1f}L{end[0]:.1f},{end[1]:.1f}")
            parts.append(
                el(
                    "path",
                    d="".join(links),
                    stroke=WIN_COLOUR,
                    stroke_width=6,
                    stroke_linecap="round",
                    fill="none",
                    class_="gk-win",
                    data_cells=" ".join(f"{r}-{c}" for r, c in won),
                    pointer_events="none",
                )
            )
        symbols = {
            p: el("circle", r=8, fill=DISC_COLOURS[p], stroke="#1c1f24", stroke_width=1)
            for p in ("X", "O")
        }
        parts.append(self.legend(side, height - 18, view.sides, symbols))
        return svg(width, height, "".join(parts), self.title)
