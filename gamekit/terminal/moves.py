"""How the terminal game reads a typed move: one sentence for each kind of mistake.

`parse_input` turns what a player typed into a legal move, or raises `IllegalMoveError` with a
sentence that names the problem and gives an example of what to type instead.
"""

from __future__ import annotations

from typing import Any

from gamekit.games import Game, IllegalMoveError
from gamekit.i18n import N_, _
from gamekit.movelog import kind_of
from gamekit.terminal.text import (
    COMMAND_WORDS,
    LIST_AT_MOST,
    _quarto_game,
    _size,
    cell_text,
    joined,
    letter,
)

# --------------------------------------------------------------------------------------------
# What a person types
# --------------------------------------------------------------------------------------------


def example_move(game: Game, state: Any = None) -> str:
    """A legal move of ``state`` (default: the start) as typed, for help texts.

    >>> from gamekit.games import ConnectFour
    >>> example_move(ConnectFour())
    '4'
    """
    state = game.initial if state is None else state
    kind = kind_of(game).name
    rows, cols = _size(game)
    if kind == "connect-four":
        return str((cols + 1) // 2)
    if kind == "quarto":
        from gamekit.quarto import piece_name

        give = piece_name(state.available[-1]) if state.available else ""
        if state.to_place is None:
            return give
        empty = [c for c, p in zip(_quarto_cells(), state.cells, strict=True) if p is None]
        return f"{cell_text(empty[len(empty) // 2])} {give}".strip()
    centre = ((rows + 1) // 2, (cols + 1) // 2)
    empty = [m for m in game.actions(state) if not isinstance(m, str)]
    return cell_text(centre if centre in empty or not empty else empty[len(empty) // 2])


PIECE_LETTERS = N_(
    "A piece is 4 letters: D or L (dark, light), R or Q (round, square),\n"
    "  T or S (tall, short), H or F (hollow, solid: filled)"
)
"""How piece names are spelled (`gamekit.quarto.LETTERS`), for help texts (translated where
shown: the letters stay, the words beside them are the language's)."""


def move_help(game: Game, state: Any = None) -> str:
    """How moves are typed in ``game``, with examples that are legal in ``state`` (default:
    the start)."""
    state = game.initial if state is None else state
    kind = kind_of(game).name
    rows, cols = _size(game)
    example = example_move(game, state)
    if kind == "connect-four":
        return _(
            "Moves: a column number from 1 to {cols} (under the board), such as {example}."
        ).format(cols=cols, example=example)
    if kind == "quarto":
        give, later_state = "LQSF", state  # any piece may be given on the first turn
        if state.to_place is None:  # the first turn: show a later turn's move after it
            give, later_state = example, game.result(state, parse_input(game, state, example))
        later = example_move(game, later_state)
        return _(
            "Moves: the cell for the piece in hand (column letter, then row number), then the\n"
            "  piece you give, such as {later}. On the very first turn there is nothing to\n"
            "  place: type only the piece, such as {give}. When your placement wins or uses\n"
            "  the last piece, type only the cell, such as {cell}.\n"
            "  {letters}."
        ).format(later=later, give=give, cell=later.split()[0], letters=_(PIECE_LETTERS))
    said = {"last": letter(cols), "rows": rows, "example": example}
    if getattr(game, "swap", False):
        return _(
            "Moves: a cell as its column letter a to {last} and row number 1 to {rows}, such as "
            "{example}, or swap when you are O and X has placed one stone."
        ).format(**said)
    return _(
        "Moves: a cell as its column letter a to {last} and row number 1 to {rows}, such as "
        "{example}."
    ).format(**said)


def _quarto_cells() -> tuple[tuple[int, int], ...]:
    from gamekit.quarto import CELLS

    return CELLS


def _cell(text: str, rows: int, cols: int, example: str) -> tuple[int, int]:
    """``'b3'`` (or row and column numbers ``'3 2'``) as ``(row, col)``; else `ValueError`."""
    from gamekit.hex import parse_cell

    where = _("a column letter a to {last} and a row number 1 to {rows}, such as {example}").format(
        last=letter(cols), rows=rows, example=example
    )
    numbers = text.strip("()[] ").replace(",", " ").split()
    if len(numbers) == 2 and all(n.isdecimal() for n in numbers):
        cell = (int(numbers[0]), int(numbers[1]))
    else:
        try:
            cell = parse_cell(text)
        except ValueError:
            raise ValueError(
                _("'{text}' is not a cell: type {where}.").format(text=text, where=where)
            ) from None
    if not (1 <= cell[0] <= rows and 1 <= cell[1] <= cols):
        raise ValueError(
            _("'{text}' is off the board: type {where}.").format(text=text, where=where)
        )
    return cell


def _empty_cells(cells: list[tuple[int, int]], empty: str) -> str:
    """'an empty cell: a1, c1 or b3', or where to see them when there are many."""
    if len(cells) <= LIST_AT_MOST:
        return _("an empty cell: {cells}").format(cells=joined([cell_text(c) for c in cells]))
    return _("an empty cell (shown as {empty} on the board)").format(empty=empty)


def parse_input(game: Game, state: Any, text: str) -> Any:
    """The move ``text`` names in ``state``, checked against the rules.

    Raises `ValueError` (`IllegalMoveError` for a move the rules forbid) whose message is one
    sentence: what is wrong, and what the player can type.

    >>> from gamekit.games import ConnectFour
    >>> game = ConnectFour()
    >>> parse_input(game, game.initial, "4")
    (6, 4)
    >>> parse_input(game, game.initial, "9")
    Traceback (most recent call last):
    ...
    ValueError: There is no column 9: type a column number from 1 to 7, such as 4.
    """
    kind = kind_of(game).name
    text = " ".join(text.split())
    example = example_move(game, state)
    if not text:
        what = _("a column number") if kind == "connect-four" else _("a move")
        raise ValueError(
            _("You typed nothing: type {what}, such as {example}, or {help}.").format(
                what=what, example=example, help=_(COMMAND_WORDS["help"])
            )
        )
    if kind == "connect-four":
        return _column_move(game, state, text, example)
    if kind == "quarto":
        return _quarto_move(state, text, example)
    if kind == "hex" and text.lower() == "swap":
        if not game.swap:  # type: ignore[attr-defined]
            raise IllegalMoveError(
                _(
                    "This game has no swap rule (start it with --swap to play with one): "
                    "type a cell, such as {example}."
                ).format(example=example)
            )
        if not game.can_swap(state):  # type: ignore[attr-defined]
            raise IllegalMoveError(
                _(
                    "swap is only O's answer to X's very first stone: type a cell, such as "
                    "{example}."
                ).format(example=example)
            )
        return "swap"
    rows, cols = _size(game)
    move = _cell(text, rows, cols, example)
    mark = state.board.get(move)
    if mark is not None:
        empty = [m for m in game.actions(state) if not isinstance(m, str)]
        raise IllegalMoveError(
            _("{cell} is taken by {mark}: type {empty}.").format(
                cell=cell_text(move), mark=mark, empty=_empty_cells(empty, ".")
            )
        )
    game.result(state, move)  # the rules agree: raises otherwise
    return move


def _column_move(game: Game, state: Any, text: str, example: str) -> Any:
    """A Connect Four column: ``'4'`` (or ``'column 4'``), checked against full columns."""
    cols = game.v  # type: ignore[attr-defined]
    number = text.lower()
    for word in ("column", _("column {number}").split()[0].lower()):
        number = number.removeprefix(word).strip()
    said = {"text": text, "cols": cols, "example": example}
    if not number.isdecimal():
        raise ValueError(
            _(
                "'{text}' is not a column number: type a number from 1 to {cols}, such as "
                "{example}."
            ).format(**said)
        )
    col = int(number)
    if not 1 <= col <= cols:
        raise ValueError(
            _(
                "There is no column {col}: type a column number from 1 to {cols}, such as "
                "{example}."
            ).format(col=col, **said)
        )
    moves = {move[1]: move for move in game.actions(state)}
    if col not in moves:
        playable = joined([str(c) for c in moves])
        raise IllegalMoveError(
            _("Column {col} is full: type one of the columns {playable}.").format(
                col=col, playable=playable
            )
        )
    return moves[col]


def _quarto_move(state: Any, text: str, example: str) -> Any:
    """A Quarto turn typed as ``'b3 LQSF'``, ``'LQSF'`` (first turn) or ``'b3'`` (last turn)."""
    from gamekit.quarto import QuartoMove, parse_piece, piece_name

    words = text.replace(",", " ").split()
    names = [w for w in words if len(w) == 4 and w.isalpha()]
    rest = " ".join(w for w in words if w not in names)
    first_turn = state.to_place is None
    what = _("the piece you give") if first_turn else _("the cell, then the piece you give")
    unknown = [w for w in words if w not in names and not any(ch.isdigit() for ch in w)]
    if unknown:
        raise ValueError(
            _("'{word}' is neither a cell nor a piece: type {what}, such as {example}.").format(
                word=unknown[0], what=what, example=example
            )
        )
    if len(names) > 1:
        raise ValueError(
            _("Give one piece, not {count}: type {what}, such as {example}.").format(
                count=len(names), what=what, example=example
            )
        )
    try:
        give = parse_piece(names[0]) if names else None
    except ValueError:
        raise ValueError(
            _(
                "{name} is not a piece: a piece is 4 letters, D or L, R or Q, T or S, "
                "H or F ({help} explains them), such as {example}."
            ).format(name=names[0], help=_(COMMAND_WORDS["help"]), example=example.split()[-1])
        ) from None
    if first_turn:
        if rest or give is None:
            raise ValueError(
                _(
                    "On the first turn there is nothing to place: type only the piece you give, "
                    "such as {example}."
                ).format(example=example)
            )
        return QuartoMove(None, give)
    hand = piece_name(state.to_place)
    if not rest:
        raise ValueError(
            _(
                "Say where to place {piece}: type a cell, then the piece you give, such as "
                "{example}."
            ).format(piece=hand, example=example)
        )
    cell = _cell(rest, 4, 4, example.split()[0])
    cells = _quarto_cells()
    occupant = state.cells[cells.index(cell)]
    if occupant is not None:
        empty = [c for c, p in zip(cells, state.cells, strict=True) if p is None]
        raise IllegalMoveError(
            _("{cell} is taken by {occupant}: place {piece} on {empty}.").format(
                cell=cell_text(cell),
                occupant=piece_name(occupant),
                piece=hand,
                empty=_empty_cells(empty, "...."),
            )
        )
    if QuartoMove(cell, None) in _quarto_endings(state):
        return QuartoMove(cell, None)  # the placement wins or uses the last piece: nothing to give
    left = piece_name(state.available[-1])
    if give is None:
        raise ValueError(
            _(
                "Say which piece you give after the cell, such as {example} (the pieces to give "
                "are listed under the board)."
            ).format(example=f"{cell_text(cell)} {left}")
        )
    if give not in state.available:
        if give == state.to_place:
            where = _("the piece you are placing")
        else:
            on = cell_text(cells[state.cells.index(give)])
            where = _("already on the board, on {cell}").format(cell=on)
        raise IllegalMoveError(
            _(
                "{piece} is {where}: give one of the pieces listed under the board, such as "
                "{example}."
            ).format(piece=piece_name(give), where=where, example=f"{cell_text(cell)} {left}")
        )
    return QuartoMove(cell, give)


def _quarto_endings(state: Any) -> set[Any]:
    """The placements of ``state`` that end the game (they win or use the last piece)."""
    return {move for move in _quarto_game().actions(state) if move.give is None}
