"""How the terminal game shows things: colours, coordinates, moves, boards and values in words.

Everything here returns text in the notation a player types (`move_text`); nothing reads input.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any, TextIO

from gamekit.games import Game
from gamekit.i18n import N_, _, count, ngettext, signed
from gamekit.movelog import kind_of

COMMANDS = ("undo", "hint", "help", "quit")
"""The commands as the code knows them; a player may type them in English or in the language
in use (`command_words`)."""

COMMAND_WORDS = {"undo": N_("undo"), "hint": N_("hint"), "help": N_("help"), "quit": N_("quit")}
"""Each command's word, translated where it is shown (one word, lower case)."""


QUARTO_VALUE_WORDS = (
    N_("dark"), N_("light"), N_("round"), N_("square"),
    N_("tall"), N_("short"), N_("hollow"), N_("solid"),
)  # fmt: skip
"""`gamekit.quarto.VALUES`, for the catalogue: said of pieces ("are all {property}"), so a
translation agrees with the pieces (feminine plural in Portuguese and Spanish)."""

QUARTO_ATTRIBUTE_WORDS = (N_("colour"), N_("shape"), N_("height"), N_("filling"))
"""The names of `gamekit.quarto`'s attributes, for the catalogue."""


def command_words() -> dict[str, str]:
    """Every word that names a command, in English and in the language in use: word -> command.

    >>> from gamekit.i18n import speaking
    >>> with speaking("es"):
    ...     command_words()["ayuda"]
    'help'
    """
    words = {command: command for command in COMMANDS}
    words.update({_(word).lower(): command for command, word in COMMAND_WORDS.items()})
    return words


def command_list() -> list[str]:
    """The commands as the player may type them, in the language in use."""
    return [_(COMMAND_WORDS[command]) for command in COMMANDS]


LIST_AT_MOST = 12
"""A message lists the empty cells only when there are at most this many."""

# The eight basic ANSI colours (codes 30..37) and the RGB they usually show.
ANSI_RGB = {
    30: (0, 0, 0),
    31: (205, 0, 0),
    32: (0, 205, 0),
    33: (205, 205, 0),
    34: (0, 0, 238),
    35: (205, 0, 205),
    36: (0, 205, 205),
    37: (229, 229, 229),
}


def nearest_ansi(colour: str) -> int:
    """The basic ANSI foreground code (30..37) nearest to ``colour`` ``'#rrggbb'``.

    >>> nearest_ansi("#1f4e9c"), nearest_ansi("#c0392b"), nearest_ansi("#f5c518")
    (34, 31, 33)
    """
    rgb = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return min(
        ANSI_RGB,
        key=lambda code: sum((a - b) ** 2 for a, b in zip(rgb, ANSI_RGB[code], strict=True)),
    )


def mark_colours(game: Game) -> dict[str, int]:
    """ANSI codes for X and O: the colours `gamekit.draw` paints them with on this game's board."""
    from gamekit.draw import DISC_COLOURS, O_COLOUR, X_COLOUR

    if kind_of(game).name == "connect-four":
        return {mark: nearest_ansi(colour) for mark, colour in DISC_COLOURS.items()}
    return {"X": nearest_ansi(X_COLOUR), "O": nearest_ansi(O_COLOUR)}


def colour_wanted(stream: TextIO) -> bool:
    """Colours only on a terminal, and only if ``NO_COLOR`` is not set (https://no-color.org)."""
    return "NO_COLOR" not in os.environ and hasattr(stream, "isatty") and stream.isatty()


# --------------------------------------------------------------------------------------------
# Words and names
# --------------------------------------------------------------------------------------------

NUMBER_WORDS = (
    N_("zero"), N_("one"), N_("two"), N_("three"), N_("four"),
    N_("five"), N_("six"), N_("seven"), N_("eight"), N_("nine"),
)  # fmt: skip


def joined(items: Sequence[str], last: str | None = None) -> str:
    """Items in words: ``'a1, b2 or c3'``.

    >>> joined(["a1"]), joined(["2", "3"], "and"), joined(["a1", "b2", "c3"])
    ('a1', '2 and 3', 'a1, b2 or c3')
    """
    if len(items) <= 1:
        return "".join(items)
    conjunction = _("or") if last is None else last
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def number_word(n: int) -> str:
    """``n`` in words up to nine, as digits above.

    >>> number_word(3), number_word(12)
    ('three', '12')
    """
    return _(NUMBER_WORDS[n]) if 0 <= n < len(NUMBER_WORDS) else str(n)


def letter(col: int) -> str:
    """The letter of column ``col``: ``a`` for 1, ``z`` for 26, then ``aa``."""
    from gamekit.hex import column_letters

    return column_letters(col)


def cell_text(cell: tuple[int, int]) -> str:
    """A cell ``(row, col)`` as a player types it: column letter, then row number.

    >>> cell_text((3, 2))
    'b3'
    """
    return f"{letter(cell[1])}{cell[0]}"


def _size(game: Game) -> tuple[int, int]:
    """Rows and columns of ``game``'s board."""
    kind = kind_of(game).name
    if kind == "hex":
        return game.size, game.size  # type: ignore[attr-defined]
    if kind == "quarto":
        return 4, 4
    return game.h, game.v  # type: ignore[attr-defined]


def game_title(game: Game) -> str:
    """The game and how it is won, in one sentence.

    >>> from gamekit.games import ConnectFour
    >>> game_title(ConnectFour())
    'Connect Four, 6 rows and 7 columns: four in a row wins (across, down or diagonally).'
    """
    kind = kind_of(game).name
    rows, cols = _size(game)
    if kind in ("tictactoe", "connect-four"):
        name = _("Tic-tac-toe") if kind == "tictactoe" else _("Connect Four")
        return _(
            "{game}, {rows} rows and {cols} columns: {k} in a row wins (across, down or "
            "diagonally)."
        ).format(game=name, rows=rows, cols=cols, k=number_word(game.k))  # type: ignore[attr-defined]
    if kind == "hex":
        swap = ""
        if game.swap:  # type: ignore[attr-defined]
            swap = "\n" + _(
                "Swap rule: O may answer X's first stone with swap (X's stone becomes O's, "
                "mirrored)."
            )
        return (
            _(
                "Hex, {rows} x {cols}: X joins the top and bottom edges (rows 1 and {rows}),\n"
                "O joins the left and right edges (columns a and {last})."
            ).format(rows=rows, cols=cols, last=letter(cols))
            + swap
        )
    return _(
        "Quarto: place the piece you were given on an empty cell, then give your opponent one.\n"
        "Four in a line (row, column or diagonal) that share a property win: colour, shape,\n"
        "height or filling."
    )


# --------------------------------------------------------------------------------------------
# Moves as text
# --------------------------------------------------------------------------------------------


def move_text(game: Game, move: Any) -> str:
    """A move the way a player types it: ``b2``, ``column 4``, ``c5``, ``swap``, ``b3 LQSF``.

    `parse_input` reads it back as the same move.

    >>> from gamekit.games import ConnectFour, TicTacToe
    >>> move_text(TicTacToe(), (3, 2)), move_text(ConnectFour(), (6, 4))
    ('b3', 'column 4')
    """
    kind = kind_of(game).name
    if kind == "connect-four":
        return _("column {number}").format(number=move[1])
    if kind == "quarto":
        from gamekit.quarto import piece_name

        cell, give = move
        parts = ([] if cell is None else [cell_text(cell)]) + (
            [] if give is None else [piece_name(give)]
        )
        return " ".join(parts)
    if isinstance(move, str):  # Hex's swap
        return move
    return cell_text(move)


def move_words(game: Game, state: Any, move: Any, engine: bool) -> str:
    """What ``move`` does in ``state``, when its notation does not say it all; else ``''``.

    ``engine``: said of the engine's move ('it places ..., gives you ...'), else as advice
    ('place ..., give ...').
    """
    kind = kind_of(game).name
    if kind == "hex" and isinstance(move, str):
        row, col = next(cell for cell, mark in state.board.items() if mark == "X")
        return _("X's stone on {cell} becomes an O stone on {mirrored}").format(
            cell=cell_text((row, col)), mirrored=cell_text((col, row))
        )
    if kind != "quarto":
        return ""
    from gamekit.quarto import piece_name

    cell, give = move
    if cell is None:  # the first turn: the notation says it all, except to whom it goes
        return _("you get {piece} to place").format(piece=piece_name(give)) if engine else ""
    said = {"piece": piece_name(state.to_place), "cell": cell_text(cell)}
    if give is not None:
        said["given"] = piece_name(give)
        if engine:
            return _("it places {piece} on {cell} and gives you {given}").format(**said)
        return _("place {piece} on {cell} and give {given}").format(**said)
    if _quarto_game().result(state, move).winner is not None:
        if engine:
            return _("it places {piece} on {cell} and wins").format(**said)
        return _("place {piece} on {cell} and win").format(**said)
    if engine:
        return _("it places the last piece, {piece}, on {cell}").format(**said)
    return _("place the last piece, {piece}, on {cell}").format(**said)


# --------------------------------------------------------------------------------------------
# Boards as text
# --------------------------------------------------------------------------------------------


def _grid(
    rows: list[list[str]],
    column_labels: list[str],
    *,
    row_labels: bool = True,
    labels_below: bool = False,
    shift: bool = False,
    codes: dict[str, int] | None = None,
) -> list[str]:
    """Cells in columns as wide as their widest cell or label, with the labels around them.

    ``shift`` moves each row half a cell further right than the row above (Hex).
    """
    codes = codes or {}
    width = max(len(text) for text in [*column_labels, *(c for row in rows for c in row)])
    margin = len(str(len(rows))) + 1 if row_labels else 0

    def cell(text: str) -> str:
        padded = text.ljust(width)
        if text in codes:
            return padded.replace(text, f"\033[1;{codes[text]}m{text}\033[0m", 1)
        return padded

    header = " " * margin + " ".join(label.ljust(width) for label in column_labels)
    lines = []
    for r, row in enumerate(rows, 1):
        label = f"{r:>{margin - 1}} " if row_labels else ""
        indent = " " * ((width + 1) // 2 * (r - 1)) if shift else ""
        lines.append((label + indent + " ".join(cell(c) for c in row)).rstrip())
    header = header.rstrip()
    return [*lines, header] if labels_below else [header, *lines]


def board_text(game: Game, state: Any, colour: bool = False) -> str:
    """The board with the coordinates a player types, X and O coloured if asked.

    Tic-tac-toe, Hex and Quarto: column letters above, row numbers on the left; Connect Four:
    column numbers below. Quarto adds the piece to place and the pieces left to give.

    >>> from gamekit.games import TicTacToe
    >>> game = TicTacToe()
    >>> print(board_text(game, game.replay([(2, 2), (1, 3)])))
      a b c
    1 . . O
    2 . X .
    3 . . .
    """
    kind = kind_of(game).name
    codes = mark_colours(game) if colour and kind != "quarto" else {}
    cols = _size(game)[1]
    letters = [letter(c) for c in range(1, cols + 1)]
    if kind == "connect-four":
        cells = [list(row) for row in state.rows()]
        numbers = [str(c) for c in range(1, cols + 1)]
        return "\n".join(_grid(cells, numbers, row_labels=False, labels_below=True, codes=codes))
    if kind == "hex":
        cells = [list(row) for row in state.rows()]
        return "\n".join(_grid(cells, letters, shift=True, codes=codes))
    if kind == "tictactoe":
        return "\n".join(_grid([list(row) for row in state.rows()], letters, codes=codes))
    return "\n".join(_grid([row.split() for row in state.rows()], letters) + _quarto_status(state))


def _quarto_status(state: Any) -> list[str]:
    """The lines under a Quarto board: the piece in hand and the pieces left to give."""
    from gamekit.quarto import piece_name

    if state.is_over:
        return []
    names = [piece_name(p) for p in state.available]
    if state.to_place is not None and not names:
        hand = piece_name(state.to_place)
        return [_("To place: {piece}, the last piece (nothing to give)").format(piece=hand)]
    lines = []
    if state.to_place is not None:
        lines.append(_("To place: {piece}").format(piece=piece_name(state.to_place)))
    label = _("To give ({count}): ").format(count=len(names))
    for start in range(0, len(names), 8):
        lines.append(
            (label if start == 0 else " " * len(label)) + " ".join(names[start : start + 8])
        )
    return lines


def outcome_words(game: Game, state: Any, you: str | None = None, engine: str = "") -> str:
    """How the game ended, in one sentence: who won and how, or a draw.

    With ``you``, the winner is 'You' or ``engine``; without, 'X' or 'O'.
    """
    kind = kind_of(game).name
    winners = [side for side in game.players if game.utility(state, side) > 0]
    if not winners:
        if kind == "quarto":
            return _("Draw: the board is full and no line of four shares a property.")
        k = number_word(game.k)  # type: ignore[attr-defined]
        return _("Draw: the board is full and nobody has {k} in a row.").format(k=k)
    side = winners[0]
    if kind == "quarto":
        line = state.winning_line
        cells = joined([cell_text(c) for c in line.cells], _("and"))
        how = _("{cells} are all {property}").format(cells=cells, property=_(line.value))
    elif kind == "hex":
        edges = _("top and bottom") if side == "X" else _("left and right")
        how = _("{side}'s stones join the {edges} edges").format(side=side, edges=edges)
    else:
        k = number_word(game.k)  # type: ignore[attr-defined]
        how = _("{k} {side}s in a row").format(k=k, side=side)
    if you is not None and side == you:
        return _("You win: {how}.").format(how=how)
    return _("{who} wins: {how}.").format(who=side if you is None else engine, how=how)


def _quarto_game() -> Game:
    """A Quarto game, for its rules (every `Quarto` plays the same)."""
    from gamekit.quarto import Quarto

    return Quarto()


# --------------------------------------------------------------------------------------------
# Hints
# --------------------------------------------------------------------------------------------


def value_words(value: float | None, exact: bool) -> str:
    """A search value (for the player to move) in words.

    >>> value_words(999_997, exact=False), value_words(0, exact=True), value_words(-1, exact=True)
    ('you win in 3 plies', 'a draw with best play', 'a loss with best play')
    >>> value_words(-1500.0, exact=False)
    '-1,500 by the evaluation (above 0 is good for you)'
    """
    from gamekit.search import WIN

    if value is None:
        return _("no value: the search ran out of time")
    if exact:
        sign = (value > 0) - (value < 0)
        return {
            1: _("a win with best play"),
            0: _("a draw with best play"),
            -1: _("a loss with best play"),
        }[sign]
    if abs(value) > WIN / 2:
        plies = round(WIN - abs(value))
        if value > 0:
            return ngettext("you win in {n} ply", "you win in {n} plies", plies).format(n=plies)
        return ngettext("you lose in {n} ply", "you lose in {n} plies", plies).format(n=plies)
    if value == 0:
        number = "0"
    elif value == int(value) or abs(value) >= 100:
        number = signed(value)
    else:
        number = signed(value, 2)
    return _("{number} by the evaluation (above 0 is good for you)").format(number=number)


def quarto_value_words(value: float, evaluation: str, depth: int | None) -> str:
    """A depth-limited Quarto search value (for the player to move) as a verdict, then the
    number with its scale.

    >>> quarto_value_words(-1138, "shared_attributes", 1)
    'better for your opponent by the shared_attributes evaluation at depth 1 (-1,138 for you; \
0 is even, 50,000 a win in sight)'
    >>> quarto_value_words(50_000, "shared_attributes", 2)
    'a win for you in sight by the shared_attributes evaluation at depth 2 (+50,000 for you: a \
winning piece in hand, or one the opponent must give)'
    """
    from gamekit.quarto import WIN_NEXT

    if value == 0:
        verdict = _("even")
    elif value >= WIN_NEXT:
        verdict = _("a win for you in sight")
    elif value <= -WIN_NEXT:
        verdict = _("a loss for you in sight")
    else:
        verdict = _("better for you") if value > 0 else _("better for your opponent")
    if depth is not None:
        scale = _("at depth {depth}").format(depth=depth)
    else:
        scale = _("within its time limit")
    if value >= WIN_NEXT and evaluation == "shared_attributes":
        meaning = _(": a winning piece in hand, or one the opponent must give")
    elif value <= -WIN_NEXT and evaluation == "shared_attributes":
        meaning = _(": a winning piece in the opponent's hand, or one you must give")
    elif evaluation == "shared_attributes":
        meaning = _("; 0 is even, {win} a win in sight").format(win=count(WIN_NEXT))
    else:
        meaning = _("; 0 is even, lines that share a value count for the player to move")
    return _("{verdict} by the {evaluation} evaluation {scale} ({value} for you{meaning})").format(
        verdict=verdict, evaluation=evaluation, scale=scale, value=signed(value), meaning=meaning
    )
