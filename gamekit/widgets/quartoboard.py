"""Quarto on a board: 16 pieces whose four attributes read at a glance.

A piece is drawn as its attributes look: **dark or light** fill, a **round or square** shape,
**tall** (large) or **short** (small), **hollow** (a hole in the top) or **solid**; its 4-letter
name (`gamekit.quarto.piece_name`) is written under it and read out by its ``aria-label``.

A turn takes two clicks: the cell where the piece in hand goes, then the piece to give from
those left. The first turn only gives; a placement that wins (or uses the last piece) needs no
second click. Or type the turn as in the terminal game (`gamekit.terminal`): the cell as its
column letter (a to d, above the board) and row number (1 to 4, on its left), then the piece you
give, ``b3 LQSF``; the board shows and reads moves in that one notation.

>>> adapter = QuartoAdapter()
>>> first = adapter.game.result(adapter.game.initial, adapter.click(
...     adapter.game.initial, "give:15", None)[0])
>>> adapter.click(first, "cell:1:1", None)             # half a move: the cell
(None, (1, 1))
>>> adapter.click(first, "give:0", (1, 1))             # then the piece to give
(QuartoMove(cell=(1, 1), give=0), None)
"""

from __future__ import annotations

from typing import Any

from gamekit.draw import LAST_MOVE_COLOUR
from gamekit.games import IllegalMoveError
from gamekit.i18n import _
from gamekit.quarto import (
    CELLS,
    PIECES,
    Quarto,
    QuartoMove,
    QuartoState,
    attributes,
    piece_name,
    seed_utility,
    shared_attributes,
)
from gamekit.search import EvalFn
from gamekit.terminal.moves import parse_input
from gamekit.terminal.text import cell_text, letter, move_text

from .adapters import (
    PLAYER_COLOURS,
    BoardAdapter,
    View,
    el,
    hint_label,
    parse_action,
    refuse_unless_playing,
    svg,
    text,
)
from .engines import no_evaluation

DARK, LIGHT = "#5a3a22", "#efd6a5"


def piece_words(piece: int) -> str:
    """``'DRTH: dark, round, tall, hollow'``."""
    values = ", ".join(_(value) for value in attributes(piece).values())
    return f"{piece_name(piece)}: {values}"


def draw_piece(piece: int, cx: float, cy: float, room: float, *, faded: bool = False) -> str:
    """A piece centred at ``(cx, cy)`` in a square of side ``room``."""
    look = attributes(piece)
    half = room * (0.4 if look["height"] == "tall" else 0.25)
    fill = DARK if look["colour"] == "dark" else LIGHT
    edge = "#2b1a0e"
    shape = "circle" if look["shape"] == "round" else "rect"

    def figure(h: float, **style: Any) -> str:
        if shape == "circle":
            return el("circle", cx=cx, cy=cy, r=h, **style)
        return el("rect", x=cx - h, y=cy - h, width=2 * h, height=2 * h, rx=h * 0.12, **style)

    drawn = figure(half, fill=fill, stroke=edge, stroke_width=2)
    if look["height"] == "tall":  # a second outline: tall pieces stand out twice
        drawn += figure(half - 4, fill="none", stroke=edge, stroke_width=1, stroke_opacity=0.5)
    if look["filling"] == "hollow":
        drawn += figure(half * 0.42, fill="#ffffff", stroke=edge, stroke_width=1.5)
    return el("g", drawn, class_="gk-piece", opacity=0.45 if faded else None)


class QuartoAdapter(BoardAdapter):
    """Quarto (`gamekit.quarto`); moves are `QuartoMove(cell, give)`, made by two clicks."""

    name = "quarto"
    cell = 78
    default_engine = "alpha-beta"
    default_depth = 1
    max_depth = 4

    @property
    def title(self) -> str:  # type: ignore[override]
        return "Quarto"

    @property
    def typing_help(self) -> str:  # type: ignore[override]
        return _("type the cell, then the piece you give (b3 LQSF), then Enter")

    def __init__(self, *, game: Quarto | None = None):
        self.game = game if game is not None else Quarto()

    def evaluations(self) -> dict[str, EvalFn]:
        return {
            "shared attributes": shared_attributes,
            "seed utility": seed_utility,
            "none": no_evaluation,
        }

    def describe_move(self, move: Any) -> str:
        """The move as typed: ``'b1 LRTH'``, ``'LRTH'`` (first turn), ``'b1'`` (last turn)."""
        return move_text(self.game, move)

    def played_words(self, state: QuartoState, move: Any, who: str) -> str:
        """ "You placed DRTH on b1 and gave LRTH", "The engine gave LRTH" (the first turn only
        gives), "X (you) placed ..."."""
        said = {"who": who}
        if move.give is not None:
            said["given"] = piece_name(move.give)
        if move.cell is not None and state.to_place is not None:
            said |= {"piece": piece_name(state.to_place), "cell": cell_text(move.cell)}
            if move.give is None:
                templates = {
                    "you": _("You placed {piece} on {cell}"),
                    "engine": _("The engine placed {piece} on {cell}"),
                    "": _("{who} placed {piece} on {cell}"),
                }
            else:
                templates = {
                    "you": _("You placed {piece} on {cell} and gave {given}"),
                    "engine": _("The engine placed {piece} on {cell} and gave {given}"),
                    "": _("{who} placed {piece} on {cell} and gave {given}"),
                }
        else:
            templates = {
                "you": _("You gave {given}"),
                "engine": _("The engine gave {given}"),
                "": _("{who} gave {given}"),
            }
        return templates.get(who, templates[""]).format(**said)

    def hint_target(self, move: Any) -> str:
        if move.cell is None:
            return f"give:{move.give}"
        return f"cell:{move.cell[0]}:{move.cell[1]}"

    def marks(self, state: QuartoState) -> dict[str, str]:
        return {
            f"{r}-{c}": "" if piece is None else piece_name(piece)
            for (r, c), piece in zip(CELLS, state.cells, strict=True)
        }

    def pending_text(self, state: QuartoState, pending: Any) -> str:
        return _("{piece} goes on {cell}: now click the piece to give.").format(
            piece=piece_name(state.to_place), cell=cell_text(pending)
        )

    def click(self, state: QuartoState, action: str, pending: Any) -> tuple[Any, Any]:
        refuse_unless_playing(self.game, state)
        legal = self.game.actions(state)
        if action.startswith("give:"):
            (give,) = parse_action(action, "give", 1)
            if give not in state.available:
                raise IllegalMoveError(
                    _("piece {piece} is not among the pieces left").format(piece=piece_name(give))
                )
            if state.to_place is None:
                return QuartoMove(None, give), None
            if pending is None:
                raise IllegalMoveError(
                    _("first click the cell where {piece} goes").format(
                        piece=piece_name(state.to_place)
                    )
                )
            return QuartoMove(pending, give), None
        row, col = parse_action(action, "cell", 2)
        if state.to_place is None:
            raise IllegalMoveError(_("on the first turn there is nothing to place: give a piece"))
        taken = state.board.get((row, col))
        if taken is not None:
            raise IllegalMoveError(
                _("{cell} is taken by {piece}").format(
                    cell=cell_text((row, col)), piece=piece_name(taken)
                )
            )
        if QuartoMove((row, col), None) in legal:  # it wins, or no piece is left to give
            return QuartoMove((row, col), None), None
        return None, (row, col)

    def parse_move(self, state: QuartoState, typed: str) -> Any:
        """The turn typed as in the terminal game (`gamekit.terminal.moves.parse_input`), with
        its sentences for mistakes."""
        refuse_unless_playing(self.game, state)
        try:
            return parse_input(self.game, state, typed)
        except IllegalMoveError:
            raise
        except ValueError as error:
            raise IllegalMoveError(str(error)) from None

    def draw(self, state: QuartoState, view: View) -> str:
        size, pad = self.cell, 28
        board_w = 4 * size
        panel_x = pad + board_w + 28
        small = 40
        width = panel_x + 4 * small + 20
        height = pad + board_w + 70
        won = state.winning_line
        parts = [
            el(
                "rect",
                x=pad - 8,
                y=pad - 8,
                width=board_w + 16,
                height=board_w + 16,
                rx=18,
                fill="#c9a66b",
                stroke="#7a5a2b",
                stroke_width=2,
            )
        ]
        for i in range(1, 5):
            parts.append(
                text(pad + (i - 0.5) * size, pad / 2 - 4, letter(i), font_size=12, fill="#666")
            )
            parts.append(
                text(pad / 2 - 6, pad + (i - 0.5) * size, str(i), font_size=12, fill="#666")
            )
        last_cell = state.last_move.cell if state.last_move is not None else None
        for (r, c), piece in zip(CELLS, state.cells, strict=True):
            cx, cy = pad + (c - 0.5) * size, pad + (r - 0.5) * size
            last = last_cell == (r, c)
            chosen = view.pending == (r, c)
            inside = el(
                "circle",
                cx=cx,
                cy=cy,
                r=size * 0.46,
                fill=LAST_MOVE_COLOUR if last else "#f7ecd4",
                stroke="#2e7d32" if chosen else "#7a5a2b",
                stroke_width=4 if chosen else 1,
                stroke_dasharray="6 4" if chosen else None,
            )
            inside += hint_label(view.hints.get(f"cell:{r}:{c}"), cx, cy, size - 10)
            if piece is not None:
                inside += draw_piece(piece, cx, cy - 6, size * 0.9)
                inside += text(
                    cx, cy + size * 0.36, piece_name(piece), font_size=10, fill="#3b2a1a"
                )
            elif chosen and state.to_place is not None:
                inside += draw_piece(state.to_place, cx, cy - 6, size * 0.9, faded=True)
            words = f"{cell_text((r, c))}: " + (
                piece_words(piece) if piece is not None else "empty"
            )
            parts.append(
                el(
                    "g",
                    inside,
                    class_=f"gk-cell gk-cell-{r}-{c}" + (" gk-last" if last else ""),
                    data_cell=f"{r}-{c}",
                    data_mark="" if piece is None else piece_name(piece),
                    data_action=f"cell:{r}:{c}",
                    role="button",
                    tabindex=0,
                    aria_label=words + (", last move" if last else ""),
                )
            )
        if won is not None:
            (r1, c1), (r2, c2) = won.cells[0], won.cells[-1]
            parts.append(
                el(
                    "line",
                    x1=pad + (c1 - 0.5) * size,
                    y1=pad + (r1 - 0.5) * size,
                    x2=pad + (c2 - 0.5) * size,
                    y2=pad + (r2 - 0.5) * size,
                    stroke="#2e7d32",
                    stroke_width=8,
                    stroke_opacity=0.6,
                    stroke_linecap="round",
                    class_="gk-win",
                    data_cells=" ".join(f"{r}-{c}" for r, c in won.cells),
                    pointer_events="none",
                )
            )
            # The line must not cross out the pieces' names: each name again on top, haloed.
            for r, c in won.cells:
                cx, cy = pad + (c - 0.5) * size, pad + (r - 0.5) * size
                parts.append(
                    text(
                        cx,
                        cy + size * 0.36,
                        piece_name(state.cells[CELLS.index((r, c))]),
                        font_size=10,
                        fill="#3b2a1a",
                        stroke="#f7ecd4",
                        stroke_width=3,
                        paint_order="stroke",
                        class_="gk-win-name",
                        aria_hidden="true",
                        pointer_events="none",
                    )
                )
            parts.append(
                text(
                    pad - 8,
                    pad + board_w + 24,
                    _("{player} wins: {line} holds only {value} pieces ({attribute})").format(
                        player=state.winner,
                        line=self._line_name(won.cells),
                        value=_(won.value),
                        attribute=_(won.attribute),
                    ),
                    font_size=14,
                    font_weight="bold",
                    fill="#1b5e20",
                    text_anchor="start",
                    class_="gk-win-text",
                )
            )
        # The piece to place, shown apart.
        parts.append(text(panel_x, pad - 4, _("Piece to place"), text_anchor="start", font_size=13))
        hand = state.to_place
        box = el(
            "rect",
            x=panel_x,
            y=pad + 4,
            width=2 * small,
            height=2 * small,
            rx=10,
            fill="#fff8e6",
            stroke="#7a5a2b",
        )
        if hand is not None:
            box += draw_piece(hand, panel_x + small, pad + 4 + small - 6, 2 * small * 0.9)
            box += text(panel_x + small, pad + 4 + 2 * small - 9, piece_name(hand), font_size=10)
        words = piece_words(hand) if hand is not None else _("none")
        parts.append(
            el(
                "g",
                box,
                class_="gk-to-place",
                data_mark="" if hand is None else piece_name(hand),
                role="img",
                aria_label=_("piece to place: {piece}").format(piece=words),
            )
        )
        # The pieces left to give.
        top = pad + 2 * small + 30
        parts.append(
            text(
                panel_x,
                top - 10,
                _("Pieces left ({count})").format(count=len(state.available)),
                text_anchor="start",
                font_size=13,
            )
        )
        for piece in PIECES:
            x = panel_x + (piece % 4) * small
            y = top + (piece // 4) * (small + 12)
            cx, cy = x + small / 2, y + small / 2
            if piece not in state.available:
                parts.append(
                    el(
                        "rect",
                        x=x + 4,
                        y=y + 4,
                        width=small - 8,
                        height=small - 8,
                        rx=6,
                        fill="none",
                        stroke="#ddd",
                        stroke_dasharray="3 3",
                    )
                )
                continue
            inside = el(
                "rect",
                x=x + 1,
                y=y + 1,
                width=small - 2,
                height=small + 10,
                rx=6,
                fill="#ffffff",
                stroke="#bbb",
                class_="gk-give-bg",
            )
            inside += hint_label(view.hints.get(f"give:{piece}"), cx, cy, small - 4)
            inside += draw_piece(piece, cx, cy, small)
            inside += text(cx, y + small + 4, piece_name(piece), font_size=9, fill="#444")
            parts.append(
                el(
                    "g",
                    inside,
                    class_=f"gk-give gk-give-{piece}",
                    data_piece=piece_name(piece),
                    data_action=f"give:{piece}",
                    role="button",
                    tabindex=0,
                    aria_label=f"give {piece_words(piece)}",
                )
            )
        chip = {p: el("circle", r=7, fill=PLAYER_COLOURS[p]) for p in "XO"}
        parts.append(self.legend(pad, height - 16, view.sides, chip))
        return svg(width, height, "".join(parts), self.title)

    @staticmethod
    def _line_name(cells: tuple[tuple[int, int], ...]) -> str:
        rows = {r for r, _ in cells}
        cols = {c for _, c in cells}
        if len(rows) == 1:
            return _("row {number}").format(number=rows.pop())
        if len(cols) == 1:
            return _("column {number}").format(number=letter(cols.pop()))
        if cells[0] == (1, 1):
            return _("the diagonal from a1")
        return _("the diagonal from d1")
