"""Quarto: four in a line that share something, with the opponent choosing your piece.

The rules. A 4 x 4 board and 16 distinct pieces. Each piece has four attributes with two values
each: colour (dark or light), shape (round or square), height (tall or short) and filling
(hollow or solid). A turn is: place the piece you were given on an empty cell, then choose one
of the remaining pieces, which your opponent must place next. The very first turn only chooses
a piece to give. Whoever completes a line of four (a row, a column or one of the two diagonals)
whose pieces share at least one attribute value wins, whatever pieces it took to get there. A
full board with no such line is a draw.

**One move is one whole turn.** Quarto is often described as two half-moves (place, then give),
but every engine of the course (`gamekit.search`) assumes that the players alternate, one move
each: minimax flips MAX and MIN at every ply and negamax flips the sign. Were placing and
giving two moves, the same player would move twice in a row and those engines would score the
second half for the wrong side. So a move here is a
`QuartoMove(cell, give)`: ``cell`` is where the piece in hand goes (``None`` on the very first
turn, which only gives) and ``give`` is the piece handed to the opponent (``None`` when the
placement wins or no piece is left). With that choice every engine plays Quarto unchanged. The
price: a position has up to 16 x 15 = 240 moves, so searching to the end is for the last 5 or 6
empty cells only; earlier, use a depth limit and one of the evaluations below.

Pieces are the integers 0..15: bit ``i`` holds attribute ``i`` of `ATTRIBUTES`, 0 for its first
value and 1 for its second (`VALUES`). Their names are 4 letters, one per attribute in that
order: **D**ark/**L**ight, **R**ound/s**Q**uare, **T**all/**S**hort, **H**ollow/solid (**F**illed).
The eight letters all differ, and none is X or O, the players' names. Piece 0 is ``DRTH`` and
piece 15 is ``LQSF``. Names spelled with the letters of earlier versions (S for square, O for
solid, as in ``LSSO``) are still read, so old move logs load.

Cells are ``(row, col)``, both counted from 1, row 1 at the top, as on every board of the course.
The players are ``'X'`` and ``'O'``; X moves first (and only gives).

>>> game = Quarto()
>>> state = game.result(game.initial, QuartoMove(None, parse_piece("LQSF")))
>>> state = game.result(state, QuartoMove((1, 1), parse_piece("DRTH")))
>>> print(state)
  1    2    3    4
1 LQSF .... .... ....
2 .... .... .... ....
3 .... .... .... ....
4 .... .... .... ....
X to move: place DRTH, then give one of 14: LRTH DQTH LQTH DRSH ...
>>> len(game.actions(state))  # 15 empty cells x 14 pieces to give
210

Two evaluation functions ``f(state, player) -> float`` for depth-limited search, both zero-sum
(``f(s, 'X') == -f(s, 'O')``) and both scoring a won position above any unwon one:
`seed_utility` (the scoring of the course's Quarto seed project) and `shared_attributes` (which
looks at what the lines share and which pieces can still complete them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import NamedTuple

from gamekit.games import Game, IllegalMoveError

Piece = int
"""A piece: an integer 0..15, bit ``i`` = attribute ``i`` (see the module docstring)."""

Cell = tuple[int, int]
"""A cell of the board: ``(row, col)``, both from 1, row 1 at the top."""

ATTRIBUTES = ("colour", "shape", "height", "filling")
"""The four attributes, in bit order: bit 0 is the colour, ..., bit 3 the filling."""

VALUES = (("dark", "light"), ("round", "square"), ("tall", "short"), ("hollow", "solid"))
"""Per attribute, the value of a 0 bit and of a 1 bit."""

LETTERS = (("D", "L"), ("R", "Q"), ("T", "S"), ("H", "F"))
"""Per attribute, the letter of each value in a piece's name (Q for sQuare, F for solid: filled).

Eight different letters, none of them X or O."""

OLD_LETTERS = (("D", "L"), ("R", "S"), ("T", "S"), ("H", "O"))
"""The letters of earlier versions (S for square and for short, O for solid): still read."""

PIECES: tuple[Piece, ...] = tuple(range(16))
"""Every piece, in number order."""

SIZE = 4
CELLS: tuple[Cell, ...] = tuple((r, c) for r in range(1, SIZE + 1) for c in range(1, SIZE + 1))
"""Every cell, row by row from the top-left; ``CELLS[i]`` is cell number ``i`` of a state."""

LINES: tuple[tuple[Cell, ...], ...] = (
    tuple(tuple((r, c) for c in range(1, 5)) for r in range(1, 5))  # rows, top to bottom
    + tuple(tuple((r, c) for r in range(1, 5)) for c in range(1, 5))  # columns, left to right
    + (tuple((i, i) for i in range(1, 5)), tuple((i, 5 - i) for i in range(1, 5)))  # diagonals
)
"""The 10 lines: rows 1-4, columns 1-4, the diagonal from (1, 1), the one from (1, 4)."""

_INDEX: dict[Cell, int] = {cell: i for i, cell in enumerate(CELLS)}
_LINE_INDICES = tuple(tuple(_INDEX[cell] for cell in line) for line in LINES)
# For each cell number, the other three cells of every line through it: the win test's input.
_OTHERS = tuple(
    tuple(tuple(j for j in line if j != i) for line in _LINE_INDICES if i in line)
    for i in range(16)
)

SEED_WEIGHTS = (0, 10, 100, 1_000, 10_000)
"""`seed_utility`'s score of a line by its number of pieces (when they share a value)."""

WON = 100_000
"""What a won position is worth to the winner in both evaluations (minus that to the loser).

More than any unwon position can score, and below ``gamekit.search.WIN / 2``, so a win found by
search still outweighs every evaluation."""

WIN_NEXT = 50_000
"""`shared_attributes`: the mover can win with the piece in hand (or must hand a winning one)."""


# --------------------------------------------------------------------------------------------
# Pieces
# --------------------------------------------------------------------------------------------


def _check_piece(piece: object) -> Piece:
    if isinstance(piece, bool) or not isinstance(piece, int) or not 0 <= piece <= 15:
        raise ValueError(f"a piece is an integer 0..15 (or a name such as 'DRTH'), got {piece!r}")
    return piece


def attributes(piece: Piece) -> dict[str, str]:
    """The four attribute values of ``piece``, by attribute name.

    >>> attributes(0b0110)
    {'colour': 'dark', 'shape': 'square', 'height': 'short', 'filling': 'hollow'}
    """
    piece = _check_piece(piece)
    return {name: VALUES[i][piece >> i & 1] for i, name in enumerate(ATTRIBUTES)}


def piece_name(piece: Piece) -> str:
    """The 4-letter name of ``piece`` (see the module docstring).

    >>> piece_name(0), piece_name(6), piece_name(15)
    ('DRTH', 'DQSH', 'LQSF')
    """
    piece = _check_piece(piece)
    return "".join(LETTERS[i][piece >> i & 1] for i in range(4))


_NAMES = tuple(piece_name(p) for p in PIECES)
_BY_NAME = {
    **{"".join(OLD_LETTERS[i][p >> i & 1] for i in range(4)): p for p in PIECES},
    **{name: p for p, name in enumerate(_NAMES)},
}


def parse_piece(text: str | Piece) -> Piece:
    """The piece named ``text`` (4 letters, any case); a piece number 0..15 is returned as is.

    >>> parse_piece("DQSH"), parse_piece("lqsf"), parse_piece(3)
    (6, 15, 3)
    >>> parse_piece("LSSO")  # the spelling of earlier versions
    15
    """
    if isinstance(text, str):
        piece = _BY_NAME.get(text.strip().upper())
        if piece is None:
            raise ValueError(
                f"{text!r} is not a piece name: 4 letters, one per attribute, from "
                + " ".join("/".join(pair) for pair in LETTERS)
                + ", for example 'DRTH' or 'LQSF'"
            )
        return piece
    return _check_piece(text)


def common_values(pieces: Iterable[Piece]) -> tuple[int, int]:
    """``(ones, zeros)``: the attribute bits set in every piece, and those set in none.

    Pieces share an attribute value exactly when ``ones or zeros``; a further piece has one of
    those values when ``piece & ones or ~piece & zeros``. No pieces share everything: ``(15, 15)``.

    >>> common_values([parse_piece("DRTH"), parse_piece("DQTF")])  # dark and tall: bits 0, 2
    (0, 5)
    """
    ones, zeros = 15, 15
    for piece in pieces:
        ones &= piece
        zeros &= ~piece
    return ones, zeros


# --------------------------------------------------------------------------------------------
# Moves and states
# --------------------------------------------------------------------------------------------


class QuartoMove(NamedTuple):
    """One whole turn: place the piece in hand on ``cell``, then hand ``give`` to the opponent.

    ``cell`` is ``None`` on the very first turn (there is nothing to place yet); ``give`` is
    ``None`` when the placement wins or no piece is left to give.
    """

    cell: Cell | None
    give: Piece | None

    def __str__(self) -> str:
        place = "" if self.cell is None else f"place on {self.cell}"
        give = "" if self.give is None else f"give {piece_name(self.give)}"
        return ", ".join(part for part in (place, give) if part)


# Every move, built once: _MOVES[cell number][give] with give None stored under 16.
_MOVES = tuple(tuple(QuartoMove(cell, give) for give in (*PIECES, None)) for cell in CELLS)
_GIVE_ONLY = tuple(QuartoMove(None, give) for give in PIECES)


class WinningLine(NamedTuple):
    """A completed line: its four cells and the attribute value its pieces share."""

    cells: tuple[Cell, ...]
    attribute: str  # for example 'height'
    value: str  # for example 'tall'


@dataclass(frozen=True, eq=False, slots=True)
class QuartoState:
    """A Quarto position. Immutable and hashable; equal when board, piece in hand and mover are.

    - ``to_move``: ``'X'`` or ``'O'``, whose turn it is;
    - ``cells``: 16 entries, row by row from the top-left (`CELLS`), a piece or ``None``;
    - ``to_place``: the piece the mover must place, ``None`` on the first turn and at the end;
    - ``available``: the pieces neither on the board nor in hand, in number order;
    - ``winner``: ``'X'``, ``'O'`` or ``None`` (no winner yet, or a draw);
    - ``last_move``: the `QuartoMove` that led here (``None`` for a built position).

    ``board`` and ``winning_line`` are computed when asked for.
    """

    to_move: str
    cells: tuple[Piece | None, ...]
    to_place: Piece | None
    available: tuple[Piece, ...]
    winner: str | None = None
    last_move: QuartoMove | None = None

    @property
    def board(self) -> Mapping[Cell, Piece]:
        """The occupied cells as a read-only mapping ``{(row, col): piece}``."""
        return MappingProxyType(
            {
                cell: piece
                for cell, piece in zip(CELLS, self.cells, strict=True)
                if piece is not None
            }
        )

    @property
    def winning_line(self) -> WinningLine | None:
        """The completed line, if any: the first in `LINES` order, its lowest shared bit."""
        for line, indices in zip(LINES, _LINE_INDICES, strict=True):
            pieces = [self.cells[i] for i in indices]
            if None in pieces:
                continue
            ones, zeros = common_values(pieces)  # type: ignore[arg-type]
            for bit, name in enumerate(ATTRIBUTES):
                if (ones | zeros) >> bit & 1:
                    return WinningLine(line, name, VALUES[bit][ones >> bit & 1])
        return None

    @property
    def is_over(self) -> bool:
        """True when someone has won or the board is full."""
        return self.winner is not None or None not in self.cells

    def rows(self) -> list[str]:
        """The board as 4 strings, top row first: piece names, ``'....'`` for an empty cell."""
        names = ["...." if p is None else _NAMES[p] for p in self.cells]
        return [" ".join(names[r * 4 : r * 4 + 4]) for r in range(4)]

    def __hash__(self) -> int:
        return hash((self.cells, self.to_place, self.to_move))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, QuartoState):
            return NotImplemented
        return (self.cells, self.to_place, self.to_move) == (
            other.cells,
            other.to_place,
            other.to_move,
        )

    def __str__(self) -> str:
        lines = ["  1    2    3    4"] + [f"{r} {row}" for r, row in enumerate(self.rows(), 1)]
        names = [_NAMES[p] for p in self.available]
        if self.winner is not None:
            won = self.winning_line
            assert won is not None
            lines.append(
                f"{self.winner} won: {won.cells[0]} to {won.cells[-1]} are all {won.value}"
            )
        elif None not in self.cells:
            lines.append("Draw: the board is full and no line shares an attribute value")
        elif self.to_place is None:
            lines.append(f"{self.to_move} to move: give one of the {len(names)} pieces")
        elif not names:
            lines.append(f"{self.to_move} to move: place {_NAMES[self.to_place]} (none left)")
        else:
            shown = " ".join(names[:4]) + (" ..." if len(names) > 4 else "")
            lines.append(
                f"{self.to_move} to move: place {_NAMES[self.to_place]}, "
                f"then give one of {len(names)}: {shown}"
            )
        return "\n".join(lines)

    def __repr__(self) -> str:
        board = {cell: _NAMES[p] for cell, p in self.board.items()}
        hand = None if self.to_place is None else _NAMES[self.to_place]
        return f"Quarto.from_board({board!r}, to_place={hand!r}, to_move={self.to_move!r})"


def _wins(cells: tuple[Piece | None, ...], index: int, piece: Piece) -> bool:
    """Does putting ``piece`` on cell number ``index`` complete a line that shares a value?"""
    for a, b, c in _OTHERS[index]:
        pa, pb, pc = cells[a], cells[b], cells[c]
        if pa is None or pb is None or pc is None:
            continue
        if piece & pa & pb & pc or ~(piece | pa | pb | pc) & 15:
            return True
    return False


def _names(pieces: Iterable[Piece]) -> str:
    return " ".join(_NAMES[p] for p in pieces) or "none"


# --------------------------------------------------------------------------------------------
# The game
# --------------------------------------------------------------------------------------------


class Quarto(Game):
    """Quarto in the course's protocol; one move is one whole turn (a `QuartoMove`).

    ``actions(state)`` lists the moves cell by cell (row by row from the top-left), and for each
    cell the pieces to give in number order. A placement that wins, or that uses the last piece,
    is one move with ``give=None``; the first turn's moves are ``QuartoMove(None, piece)`` for
    the 16 pieces. `result` checks every move and says what is wrong with an illegal one.

    >>> game = Quarto()
    >>> row_1 = {(1, 1): "DRTH", (1, 2): "DQSF", (1, 3): "DRSF"}  # all three are dark
    >>> state = game.from_board(row_1, to_place="LRTH")  # light: cannot finish row 1
    >>> state.to_move, game.actions(state)[:2]
    ('X', [QuartoMove(cell=(1, 4), give=2), QuartoMove(cell=(1, 4), give=3)])
    >>> game.result(state, QuartoMove((1, 4), None))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gamekit.games.IllegalMoveError: illegal move QuartoMove(...): give is missing; give one of ...
    >>> winning = game.from_board(row_1, to_place="DQSH")  # dark: (1, 4) wins, nothing to give
    >>> game.actions(winning)[0], game.result(winning, QuartoMove((1, 4), None)).winner
    (QuartoMove(cell=(1, 4), give=None), 'X')
    """

    players = ("X", "O")

    def __init__(self) -> None:
        self.initial = QuartoState("X", (None,) * 16, None, PIECES)

    # The protocol ----------------------------------------------------------------------------

    def actions(self, state: QuartoState) -> list[QuartoMove]:
        """Every legal move, cell by cell from the top-left, then by piece number to give."""
        if state.winner is not None:
            return []
        piece = state.to_place
        if piece is None:  # the first turn only gives
            return [_GIVE_ONLY[give] for give in state.available]
        cells, available = state.cells, state.available
        moves: list[QuartoMove] = []
        for index in range(16):
            if cells[index] is not None:
                continue
            by_give = _MOVES[index]
            if not available or _wins(cells, index, piece):
                moves.append(by_give[16])  # the game ends: nothing to give
            else:
                moves.extend([by_give[give] for give in available])
        return moves

    def result(self, state: QuartoState, move: QuartoMove) -> QuartoState:
        """The state after ``move``; an illegal move raises `IllegalMoveError` saying why."""
        try:
            if isinstance(move, str):
                raise TypeError
            cell, give = move
        except (TypeError, ValueError):
            raise IllegalMoveError(
                f"illegal move {move!r}: a move is QuartoMove(cell, give), a pair"
            ) from None
        if state.is_over:
            raise IllegalMoveError(f"illegal move {move!r}: the game is over")
        piece, cells, available = state.to_place, state.cells, state.available
        winner = None
        if piece is None:
            if cell is not None:
                raise IllegalMoveError(
                    f"illegal move {move!r}: there is no piece to place yet on the first turn, "
                    "so cell must be None"
                )
        else:
            index = self._cell_index(state, move, cell, piece)
            if _wins(cells, index, piece):
                winner = state.to_move
            cells = cells[:index] + (piece,) + cells[index + 1 :]
        if winner is not None or not available:
            if give is not None:
                why = "wins the game" if winner else "uses the last piece"
                raise IllegalMoveError(
                    f"illegal move {move!r}: the placement {why}, so give must be None"
                )
        else:
            give = self._available_piece(state, move, give)
            at = available.index(give)
            available = available[:at] + available[at + 1 :]
        if piece is None:
            canonical = _GIVE_ONLY[give]  # type: ignore[index]
        else:
            canonical = _MOVES[index][16 if give is None else give]
        next_player = "O" if state.to_move == "X" else "X"
        return QuartoState(next_player, cells, give, available, winner, canonical)

    def utility(self, state: QuartoState, player: str) -> int:
        """1 if ``player`` has won, -1 if they have lost, 0 for a draw (or a game not over)."""
        if player not in self.players:
            raise ValueError(f"player must be 'X' or 'O', got {player!r}")
        if state.winner is None:
            return 0
        return 1 if state.winner == player else -1

    def terminal_test(self, state: QuartoState) -> bool:
        """The game is over when someone has won or the board is full."""
        return state.winner is not None or None not in state.cells

    def __repr__(self) -> str:
        return "Quarto()"

    # Checks behind result(): each names the bad value and the legal ones ---------------------

    @staticmethod
    def _cell_index(state: QuartoState, move: object, cell: object, piece: Piece) -> int:
        if cell is None:
            raise IllegalMoveError(
                f"illegal move {move!r}: cell is missing; place {_NAMES[piece]} on an empty cell"
            )
        try:
            index = _INDEX.get(cell)  # type: ignore[arg-type]
        except TypeError:  # an unhashable cell, such as [1, 2]
            index = None
        if index is None:
            raise IllegalMoveError(
                f"illegal move {move!r}: cell {cell!r} is not on the board; a cell is a tuple "
                "(row, col) with row and col in 1..4"
            )
        occupant = state.cells[index]
        if occupant is not None:
            empty = [c for c, p in zip(CELLS, state.cells, strict=True) if p is None]
            raise IllegalMoveError(
                f"illegal move {move!r}: cell {CELLS[index]} is taken by {_NAMES[occupant]}; "
                f"empty cells: {empty}"
            )
        return index

    @staticmethod
    def _available_piece(state: QuartoState, move: object, give: object) -> Piece:
        try:
            at = state.available.index(give)  # type: ignore[arg-type]
        except ValueError:
            at = None
        if at is not None and not isinstance(give, bool):
            return state.available[at]  # the piece itself, even if give was 3.0
        legal = f"give one of the available pieces: {_names(state.available)}"
        if give is None:
            why = "give is missing"
        elif isinstance(give, str):
            why = f"give {give!r} is a name, not a piece number (use parse_piece({give!r}))"
        elif give not in PIECES or isinstance(give, bool):
            why = f"give {give!r} is not a piece (an integer 0..15)"
        elif give == state.to_place:
            why = f"you cannot give the piece you are placing ({_NAMES[give]})"  # type: ignore[index]
        else:
            where = CELLS[state.cells.index(give)]  # type: ignore[arg-type]
            why = f"piece {_NAMES[give]} is already on the board at {where}"  # type: ignore[index]
        raise IllegalMoveError(f"illegal move {move!r}: {why}; {legal}")

    # Helpers ---------------------------------------------------------------------------------

    def replay(self, moves: Iterable[QuartoMove], state: QuartoState | None = None) -> QuartoState:
        """The state after playing ``moves`` in order from ``state`` (default: the start)."""
        state = self.initial if state is None else state
        for move in moves:
            state = self.result(state, move)
        return state

    @staticmethod
    def from_board(
        board: Mapping[Cell, Piece | str],
        to_place: Piece | str | None = None,
        to_move: str | None = None,
    ) -> QuartoState:
        """A position from its pieces: ``{(row, col): piece}``, pieces as numbers or names.

        ``to_place`` is the piece in hand; it is required unless the board is empty (the first
        turn) or the game is over (then there is none). ``to_move`` defaults to the player whose
        turn it is in a real game: X gives first, O places first, so after ``n`` placements and
        with a piece in hand, O moves when ``n`` is even. Checked: cells, pieces, no piece twice,
        and a won board must be winnable by one last placement (its lines share a cell).

        >>> state = Quarto.from_board({(2, 3): "LQSF"}, to_place=0)
        >>> state.to_move, state.to_place, len(state.available), state.board[(2, 3)]
        ('X', 0, 14, 15)
        """
        if not isinstance(board, Mapping):
            raise ValueError(f"board must be a mapping {{(row, col): piece}}, got {board!r}")
        cells: list[Piece | None] = [None] * 16
        for cell, value in board.items():
            try:
                index = _INDEX.get(cell)
            except TypeError:
                index = None
            if index is None:
                raise ValueError(
                    f"{cell!r} is not a cell: a tuple (row, col) with row and col in 1..4"
                )
            piece = parse_piece(value)
            if piece in cells:
                raise ValueError(
                    f"piece {_NAMES[piece]} is on the board twice: at "
                    f"{CELLS[cells.index(piece)]} and at {CELLS[index]}"
                )
            cells[index] = piece
        hand = None if to_place is None else parse_piece(to_place)
        if hand is not None and hand in cells:
            raise ValueError(
                f"to_place {_NAMES[hand]} is already on the board at {CELLS[cells.index(hand)]}"
            )
        placed = 16 - cells.count(None)
        won_lines = [
            set(line)
            for line in _LINE_INDICES
            if None not in (pieces := [cells[i] for i in line]) and any(common_values(pieces))  # type: ignore[arg-type]
        ]
        if won_lines and not set.intersection(*won_lines):
            raise ValueError(
                "this board has completed lines with no cell in common: no single last "
                "placement made them all, so the game would have ended earlier"
            )
        if (won_lines or placed == 16) and hand is not None:
            raise ValueError(
                f"the game is over on this board, so no piece is in hand; got to_place={to_place!r}"
            )
        if not won_lines and 0 < placed < 16 and hand is None:
            raise ValueError(
                "to_place is missing: after the first turn the mover always holds a piece"
            )
        if to_move is None:
            to_move = "X" if placed == 0 and hand is None else ("O" if placed % 2 == 0 else "X")
        if to_move not in Quarto.players:
            raise ValueError(f"to_move must be 'X' or 'O', got {to_move!r}")
        winner = None
        if won_lines:
            winner = "O" if to_move == "X" else "X"  # the last placer is the one not to move
        available = tuple(p for p in PIECES if p not in cells and p != hand)
        return QuartoState(to_move, tuple(cells), hand, available, winner)


# --------------------------------------------------------------------------------------------
# Evaluation functions
# --------------------------------------------------------------------------------------------


def _line_summaries(cells: tuple[Piece | None, ...]) -> list[tuple[int, int, int, list[int]]]:
    """Per line: ``(pieces in it, ones, zeros, its empty cell numbers)`` (see `common_values`)."""
    summaries = []
    for line in _LINE_INDICES:
        ones, zeros, count, empty = 15, 15, 0, []
        for i in line:
            piece = cells[i]
            if piece is None:
                empty.append(i)
            else:
                ones &= piece
                zeros &= ~piece
                count += 1
        summaries.append((count, ones, zeros, empty))
    return summaries


def seed_utility(state: QuartoState, player: str) -> float:
    """The seed project's scoring, made zero-sum by whose turn it is.

    Every line whose pieces share at least one attribute value scores 10, 100, 1,000 or 10,000
    for 1, 2, 3 or 4 pieces (`SEED_WEIGHTS`); lines whose pieces share nothing score 0. The seed
    added these up for the searching player, whoever was to move. Our reading: in Quarto the
    pieces belong to nobody and the next placement is always the mover's, so lines that share
    something are chances for the player to move (a 3-piece line is a win for them if the piece
    in hand fits) and threats for the other. Hence the sum counts **for** the player to move and
    **against** the other: ``seed_utility(s, s.to_move) == sum`` and the opponent gets ``-sum``.
    A won position is worth `WON` (100,000) to the winner: more than the 10 lines can add up to
    without a win (10 x 1,000). A draw is 0 (full lines that share nothing score 0).

    >>> state = Quarto.from_board({(1, 1): "DRTH", (1, 2): "DQSF"}, to_place="LQSF")
    >>> seed_utility(state, "O"), seed_utility(state, "X")  # row 1: 100; 2 columns, 1 diagonal: 10
    (130, -130)
    """
    if state.winner is not None:
        return WON if player == state.winner else -WON
    total = 0
    for count, ones, zeros, _ in _line_summaries(state.cells):
        if count and (ones or zeros):
            total += SEED_WEIGHTS[count]
    return total if player == state.to_move else -total


def shared_attributes(state: QuartoState, player: str) -> float:
    """An evaluation that reads what each line's pieces share and which pieces can complete it.

    From the mover's point of view (the opponent gets the negation):

    1. Won: `WON` for the winner. A full board: 0.
    2. The piece in hand has a value shared by a 3-piece line: the mover wins now, `WIN_NEXT`.
    3. Wherever the mover puts the piece in hand, every piece left to give has a value shared by
       some 3-piece line: the opponent can win next, ``-WIN_NEXT``.
    4. Otherwise, a line with ``k`` pieces (1 to 3) scores ``10 ** (k - 1)`` for each attribute
       value its pieces share that a piece still to play (in hand or available) also has; a
       value no such piece has can never complete the line and scores nothing. These live lines
       are chances for the mover, who places next, as in `seed_utility`. Add 100 for each piece
       the mover can give without handing over a win (after the best placement, as in step 3).

    Step 3 looks one placement ahead, so a search to depth ``d`` sees traps one ply deeper.

    >>> state = Quarto.from_board(
    ...     {(1, 1): "DRTH", (1, 2): "DQSF", (1, 3): "DRSF"}, to_place="LRTH", to_move="X"
    ... )
    >>> shared_attributes(state, "X") > 0 > shared_attributes(state, "O")
    True
    >>> shared_attributes(Quarto.from_board(state.board, to_place="DQSH"), "X")  # dark: win now
    50000
    """
    if state.winner is not None:
        return WON if player == state.winner else -WON
    value = _shared_for_mover(state)
    return value if player == state.to_move else -value


def _shared_for_mover(state: QuartoState) -> float:
    """`shared_attributes` for the player to move (steps 2 to 4 of its docstring)."""
    cells, hand, available = state.cells, state.to_place, state.available
    if None not in cells or hand is None:  # a draw, or the first turn: nothing to read yet
        return 0
    lines = _line_summaries(cells)
    for count, ones, zeros, _ in lines:
        if count == 3 and (hand & ones or ~hand & zeros):
            return WIN_NEXT
    most_safe = 0
    for index in (i for i in range(16) if cells[i] is None):
        threats = [  # (ones, zeros) of each 3-piece line sharing a value after the placement
            (ones & hand, zeros & ~hand) if index in empty else (ones, zeros)
            for count, ones, zeros, empty in lines
            if count + (index in empty) == 3
        ]
        safe = sum(1 for p in available if not any(p & o or ~p & z for o, z in threats))
        most_safe = max(most_safe, safe)
    if available and most_safe == 0:
        return -WIN_NEXT
    still_to_play = (*available, hand)
    score = 100 * most_safe
    for count, ones, zeros, _ in lines:
        if 0 < count < 4:
            live = sum(
                1
                for bit in range(4)
                if (ones >> bit & 1 and any(p >> bit & 1 for p in still_to_play))
                or (zeros >> bit & 1 and any(not p >> bit & 1 for p in still_to_play))
            )
            score += live * 10 ** (count - 1)
    return score
