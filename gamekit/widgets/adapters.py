"""What differs between games on a board: a drawing and a click-to-move mapping.

A `BoardAdapter` draws a position as SVG (`draw`) and says which move a click means (`click`).
Every element a person can click carries ``data-action`` (for example ``cell:2:3`` or ``col:4``);
the board sends that string back to the adapter. Every cell carries ``data-cell="row-col"`` and
``data-mark`` (what is on it, ``""`` when empty) and an ``aria-label`` in words, so a screen
reader, a browser test and a person all read the same board. `marks` says what ``data-mark``
each cell must show, straight from the model.

The board is redrawn from the model after every change, so what it shows is always the model.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from gamekit.draw.colours import PLAYER_COLOURS as COURSE_COLOURS
from gamekit.draw.colours import PLAYER_INK as COURSE_INK
from gamekit.games import Game, IllegalMoveError
from gamekit.i18n import _
from gamekit.search import EvalFn

from .engines import Hint, no_evaluation

PLAYER_COLOURS = {"X": COURSE_COLOURS["X"], "O": COURSE_COLOURS["O"]}
"""The players' colours, those of the course's matplotlib pictures (`gamekit.draw`)."""

PLAYER_INK = {"X": COURSE_INK["X"], "O": COURSE_INK["O"]}
"""The colour of a letter written on a player's stone or disc."""

HINT_BEST = "#2e7d32"
HINT_TEXT = "#1b3d1d"
FONT = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif"


def el(tag: str, content: str = "", **attrs: Any) -> str:
    """An SVG element as text; ``content`` is markup (escape words with `text`), and ``_`` in
    an attribute's name becomes ``-``.

    >>> el("g", el("circle", r=2.5), class_="gk-disc", data_mark="X")
    '<g class="gk-disc" data-mark="X"><circle r="2.5"/></g>'
    """
    parts = []
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            value = f"{value:.1f}"
        parts.append(f'{name}="{html.escape(str(value), quote=True)}"')
    opening = f"<{tag}{' ' if parts else ''}{' '.join(parts)}"
    if not content and tag not in ("text", "g", "title"):
        return opening + "/>"
    return f"{opening}>{content}</{tag}>"


def text(x: float, y: float, words: str, **attrs: Any) -> str:
    """Centred text (escaped)."""
    attrs.setdefault("text_anchor", "middle")
    attrs.setdefault("dominant_baseline", "central")
    return el("text", html.escape(words), x=x, y=y, **attrs)


def svg(width: float, height: float, body: str, label: str) -> str:
    """The whole drawing, at its real pixel size (it is drawn crisply at the size shown)."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" role="group" '
        f'aria-label="{html.escape(label, quote=True)}" style="{FONT}">{body}</svg>'
    )


@dataclass
class View:
    """What the board shows besides the position: who is who, hints, a half-made move."""

    sides: dict[str, str] = field(default_factory=dict)  # {"X": "you", "O": "alpha-beta"}
    hints: dict[str, Hint] = field(default_factory=dict)  # by data-action of the target
    pending: Any = None  # a half-made move (Quarto: the cell chosen before the piece)
    animate: bool = False  # the last move is new: animate it (Connect Four's drop)
    exact: dict[str, Hint] = field(default_factory=dict)  # exact values, under each column


class BoardAdapter:
    """How one game appears on a `GameBoard`; subclass it to plug a new game in.

    A subclass sets ``game``, ``name`` (used in CSS classes) and ``title``, and implements
    `draw`, `click`, `marks` and `parse_move`. The rest has defaults for two-player games whose
    ``utility`` is +1 / -1 / 0 for the first player.
    """

    game: Game
    name: str = "game"
    title: str = "a game"
    default_engine: str = "alpha-beta"
    default_depth: int = 4
    max_depth: int = 8
    default_seconds: float = 2.0
    strongest: str = "negamax (time limit)"
    instant_keys: str = ""  # keys that play at once when the board has the focus ("*": all)
    typing_help: str = ""  # what a person may type (then Enter)

    def draw(self, state: Any, view: View) -> str:
        """The position as an SVG document."""
        raise NotImplementedError

    def click(self, state: Any, action: str, pending: Any) -> tuple[Any, Any]:
        """``(move, None)`` for a click that completes a move, ``(None, pending)`` for half a
        move; `IllegalMoveError` says why a click means nothing."""
        raise NotImplementedError

    def parse_move(self, state: Any, typed: str) -> Any:
        """The move a person typed (then Enter); `IllegalMoveError` if it names none."""
        raise NotImplementedError

    def key_move(self, state: Any, key: str) -> Any:
        """The move one of `instant_keys` means."""
        raise IllegalMoveError(f"key {key!r} plays nothing on this board")

    def played_words(self, state: Any, move: Any, who: str) -> str:
        """What playing ``move`` from ``state`` did, as a clause whose subject is ``who``:
        ``"you"``, ``"engine"``, or a player's name ("You played cell b2", "X (you) played
        ...")."""
        said = self.describe_move(move)
        if who == "you":
            return _("You played {move}").format(move=said)
        if who == "engine":
            return _("The engine played {move}").format(move=said)
        return _("{player} played {move}").format(player=who, move=said)

    def marks(self, state: Any) -> dict[str, str]:
        """``{"row-col": mark}`` for every cell: what its ``data-mark`` must be ("" if empty)."""
        raise NotImplementedError

    def hint_target(self, move: Any) -> str:
        """The ``data-action`` of the element a move's hint is drawn on."""
        return f"cell:{move[0]}:{move[1]}"

    def evaluations(self) -> dict[str, EvalFn]:
        """The evaluation functions a person can choose from, by name, the default first."""
        return {"none": no_evaluation}

    def describe_move(self, move: Any) -> str:
        return str(move)

    def pending_text(self, state: Any, pending: Any) -> str:
        """What to do next after half a move."""
        return ""

    def outcome(self, state: Any) -> str:
        """The result of terminal ``state`` in words."""
        first = self.game.players[0]
        utility = self.game.utility(state, first)
        if utility == 0:
            return _("a draw")
        winner = first if utility > 0 else self.game.players[1]
        return _("{player} wins").format(player=winner)

    def legend(
        self,
        x: float,
        y: float,
        sides: dict[str, str],
        symbols: dict[str, str],
        *,
        stacked: bool = False,
    ) -> str:
        """A legend at ``(x, y)``: each player's symbol, letter and who plays it, in a row (or
        one under the other, 18 px apart, when ``stacked``)."""
        parts, left = [], x
        for player in self.game.players:
            who = sides.get(player, "")
            words = f"{player}: {who}" if who else player
            parts.append(
                el("g", symbols[player], transform=f"translate({left + 9},{y})")
                + text(left + 24, y, words, text_anchor="start", font_size=13, fill="#222")
            )
            if stacked:
                y += 18
            else:
                left += 34 + 7.5 * len(words)
        return el("g", "".join(parts), class_="gk-legend", role="list", aria_label="legend")


def refuse_unless_playing(game: Game, state: Any) -> None:
    """`IllegalMoveError` once the game is over."""
    if game.terminal_test(state):
        raise IllegalMoveError(_("the game is over: press New game to play again"))


def parse_action(action: str, kind: str, count: int) -> tuple[int, ...]:
    """The integers of an action ``"kind:a:b"``; `IllegalMoveError` for any other shape."""
    parts = str(action).split(":")
    if parts[0] != kind or len(parts) != count + 1 or not all(p.isdecimal() for p in parts[1:]):
        raise IllegalMoveError(f"{action!r} is not a {kind} of this board")  # from a broken page
    return tuple(int(p) for p in parts[1:])


def hint_label(hint: Hint | None, cx: float, cy: float, size: float) -> str:
    """A hint drawn in a cell: a shaded square behind the best, the short value in words."""
    if hint is None:
        return ""
    shade = el(
        "rect",
        x=cx - size / 2,
        y=cy - size / 2,
        width=size,
        height=size,
        rx=6,
        fill=HINT_BEST,
        fill_opacity=0.28 if hint.best else 0.0,
        stroke=HINT_BEST if hint.best else "none",
        stroke_width=2,
        class_="gk-hint-shade",
    )
    label = text(
        cx,
        cy + size * 0.32,
        hint.short,
        font_size=max(10, size * 0.22),
        font_weight="bold" if hint.best else "normal",
        fill=HINT_TEXT,
        class_="gk-hint-label",
        pointer_events="none",
    )
    return shade + label


def exact_label(value: Hint, cx: float, cy: float, width: float) -> str:
    """An exact value drawn under a column: a rounded box, shaded for the best columns, with
    the short value (``W3``, ``=``, ``L2``; a proven bound such as ``≥ =`` in italics)."""
    bound = value.words.endswith("(proven so far)")
    box = el(
        "rect",
        x=cx - width / 2,
        y=cy - 11,
        width=width,
        height=22,
        rx=6,
        fill=HINT_BEST if value.best else "#ffffff",
        fill_opacity=0.28 if value.best else 1.0,
        stroke=HINT_BEST if value.best else "#9e9e9e",
        stroke_width=2 if value.best else 1,
        stroke_dasharray=None if value.best or not bound else "3 2",
    )
    label = text(
        cx,
        cy,
        value.short,
        font_size=13,
        font_weight="bold" if value.best else "normal",
        font_style="italic" if bound else None,
        fill=HINT_TEXT if value.best else "#222",
    )
    return el(
        "g",
        box + label,
        class_="gk-exact-label" + (" gk-exact-best" if value.best else ""),
        data_column=value.move,
        data_short=value.short,
        data_words=value.words,
        pointer_events="none",
    )


def words_list(items: Iterable[str]) -> str:
    """``a, b and c``."""
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
