"""Hex: join your two sides of a rhombus of hexagons. Someone always does.

**The board.** ``Hex(size=N)`` is played on an N x N rhombus of hexagonal cells. Cells are
``(row, col)``, both counted from 1, row 1 at the **top**, column 1 at the **left**, as on every
board of the course. Each row is drawn half a cell further right than the row above it, so the
six neighbours of cell ``(r, c)`` are::

        (r-1, c)  (r-1, c+1)
    (r, c-1)   (r, c)   (r, c+1)
        (r+1, c-1)  (r+1, c)

(fewer on the edges). `neighbours` lists them.

**The players.** ``'X'`` moves first and owns the **top and bottom** edges (rows 1 and N);
``'O'`` owns the **left and right** edges (columns 1 and N). In turn, each puts one stone on an
empty cell; stones never move. The first player whose stones form a chain of neighbours from one
of their edges to the other wins. There are no draws: however a board is filled, exactly one
player has a chain.

**Cell names.** Hex players name a cell by its column letter and row number: ``a1`` is
``(1, 1)`` and ``c5`` is ``(5, 3)`` (row 5, column 3). `cell_name` and `parse_cell` convert;
`Hex.result` accepts a cell in either form, and `Hex.parse_move` reads what a person typed.

**The swap rule** (``Hex(swap=True)``), or pie rule. Moving first is a big advantage, so after
X's first stone, O may answer with the move ``"swap"``: X's stone at ``(r, c)`` is taken off and
an O stone is put on ``(c, r)``, its mirror image across the long diagonal (the one from ``a1``
to the opposite corner). Then X moves. The mirrored stone does for O exactly what X's stone did
for X, so X's best first move is one that is neither too strong nor too weak.

>>> game = Hex(size=4)
>>> state = game.result(game.initial, "b2")   # X at (2, 2)
>>> state = game.result(state, (3, 2))        # O at row 3, column 2: b3
>>> print(state)
  a b c d
1 . . . .
2  . X . .
3   . O . .
4    . . . .
>>> cell_name((3, 2)), state.to_move, state.winner, len(game.actions(state))
('b3', 'X', None, 14)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NoReturn

from gamekit.games import EMPTY, BoardView, Game, IllegalMoveError

Cell = tuple[int, int]
"""A cell of the board: ``(row, col)``, both from 1, row 1 at the top."""

Move = Cell | str
"""A move: a cell, or `SWAP` (only with the swap rule, as O's first move)."""

SWAP = "swap"
"""O's answer to X's first stone under the swap rule (see the module docstring)."""

PLAYERS = ("X", "O")
"""X moves first and joins top to bottom; O joins left to right."""

# Which edges a cell touches, as bits, so that a group's edges are the OR of its stones' bits.
TOP, BOTTOM, LEFT, RIGHT = 1, 2, 4, 8
_GOAL = {"X": TOP | BOTTOM, "O": LEFT | RIGHT}

_NAME = re.compile(r"([a-z]+)\s*([0-9]+)")


# --------------------------------------------------------------------------------------------
# Cells, names and neighbours
# --------------------------------------------------------------------------------------------


def column_letters(col: int) -> str:
    """The letters of column ``col``: ``a`` .. ``z``, then ``aa``, ``ab``, ... (as spreadsheets).

    >>> column_letters(1), column_letters(3), column_letters(26), column_letters(27)
    ('a', 'c', 'z', 'aa')
    """
    if isinstance(col, bool) or not isinstance(col, int) or col < 1:
        raise ValueError(f"a column is an integer >= 1, got {col!r}")
    letters = ""
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def cell_name(cell: Cell) -> str:
    """The Hex name of ``cell``: its column letter, then its row number.

    >>> cell_name((1, 1)), cell_name((5, 3)), cell_name((11, 11))
    ('a1', 'c5', 'k11')
    """
    if not _is_cell(cell):
        raise ValueError(f"a cell is a pair (row, col) of integers >= 1, got {cell!r}")
    row, col = cell
    return f"{column_letters(col)}{row}"


def parse_cell(text: str, size: int | None = None) -> Cell:
    """The cell named ``text`` (``'c5'`` is ``(5, 3)``); any case, spaces around are ignored.

    With ``size``, a cell off that board is refused too.

    >>> parse_cell("c5"), parse_cell(" A1 "), parse_cell("K11", size=11)
    ((5, 3), (1, 1), (11, 11))
    >>> parse_cell("f2", size=5)
    Traceback (most recent call last):
    ...
    ValueError: 'f2' is off the 5 x 5 board: columns a..e, rows 1..5
    """
    if not isinstance(text, str):
        raise ValueError(f"a cell name is a string such as 'c5', got {text!r}")
    from gamekit.i18n import _  # what a person typed is answered in their language

    found = _NAME.fullmatch(text.strip().lower())
    if found is None:
        raise ValueError(
            _(
                "{text!r} is not a cell name: a column letter then a row number, such as 'c5'"
            ).format(text=text)
        )
    letters, digits = found.groups()
    col = 0
    for letter in letters:
        col = col * 26 + ord(letter) - ord("a") + 1
    row = int(digits)
    if row < 1:
        raise ValueError(
            _("{text!r} is not a cell name: rows are numbered from 1").format(text=text)
        )
    if size is not None and not (row <= size and col <= size):
        raise ValueError(
            _(
                "{text!r} is off the {size} x {size} board: columns a..{last}, rows 1..{size}"
            ).format(text=text, size=size, last=column_letters(size))
        )
    return (row, col)


def neighbours(cell: Cell, size: int) -> list[Cell]:
    """The cells next to ``cell`` on a ``size`` x ``size`` board, in the module docstring's order.

    >>> neighbours((2, 2), 3)
    [(1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2)]
    >>> neighbours((1, 1), 3)  # an acute corner has two
    [(1, 2), (2, 1)]
    """
    row, col = cell
    around = ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0))
    return [
        (row + dr, col + dc) for dr, dc in around if 1 <= row + dr <= size and 1 <= col + dc <= size
    ]


@lru_cache(maxsize=64)
def adjacency(size: int) -> tuple[tuple[int, ...], ...]:
    """For every cell number ``i`` (row by row from the top-left), its neighbours' numbers.

    Cell ``(row, col)`` is number ``(row - 1) * size + (col - 1)``, its place in
    ``HexState.cells``. Built once per size: engines and heuristics look neighbours up here.
    """
    return tuple(
        tuple((r - 1) * size + c - 1 for r, c in neighbours((i // size + 1, i % size + 1), size))
        for i in range(size * size)
    )


def _is_cell(cell: object) -> bool:
    return (
        isinstance(cell, tuple)
        and len(cell) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) and x >= 1 for x in cell)
    )


# --------------------------------------------------------------------------------------------
# States
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False, slots=True)
class HexState:
    """A Hex position. Immutable and hashable; equal when board and player to move are.

    Fields students use:

    - ``to_move``: ``'X'`` or ``'O'``, whose turn it is;
    - ``board``: a read-only mapping ``{(row, col): 'X' | 'O'}`` of the occupied cells;
    - ``last_move``: the move that led here (a cell or `SWAP`; ``None`` for a built position);
    - ``winner``: ``'X'``, ``'O'`` or ``None`` while the game goes on;
    - ``size``: the board is ``size`` x ``size``.

    Inside, ``cells`` is one string of ``size * size`` characters (``'X'``, ``'O'`` or ``'.'``),
    row by row from the top. ``groups`` and ``edges`` are the union-find behind the win test:
    every stone holds the number of its group (the cell number of one of its stones, or ``-1``
    for an empty cell), and ``edges[g]`` says which board edges group ``g`` touches. So build
    positions with `Hex.result` or `Hex.from_rows`, never by calling ``HexState`` yourself.
    """

    to_move: str
    cells: str
    size: int
    winner: str | None = None
    last_move: Move | None = None
    groups: tuple[int, ...] = field(default=(), repr=False)
    edges: tuple[int, ...] = field(default=(), repr=False)

    @property
    def board(self) -> BoardView:
        """The occupied cells as a read-only mapping ``{(row, col): 'X' | 'O'}``."""
        return BoardView(self.cells, self.size, self.size)

    def rows(self) -> list[str]:
        """The board as ``size`` strings, top row first, ``'.'`` for an empty cell."""
        n = self.size
        return [self.cells[r * n : (r + 1) * n] for r in range(n)]

    def __hash__(self) -> int:
        return hash((self.cells, self.to_move))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HexState):
            return NotImplemented
        return (self.cells, self.to_move) == (other.cells, other.to_move)

    def __str__(self) -> str:
        """Column letters on top, row numbers on the left, each row shifted half a cell more."""
        width = len(str(self.size))
        lines = [" " * (width + 1) + " ".join(column_letters(c) for c in range(1, self.size + 1))]
        for r, row in enumerate(self.rows(), 1):
            lines.append(f"{r:>{width}} " + " " * (r - 1) + " ".join(row))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (
            f"HexState(to_move={self.to_move!r}, winner={self.winner!r}, "
            f"rows={self.rows()!r}, last_move={self.last_move!r})"
        )


def _join(
    cells: str, groups: tuple[int, ...], edges: tuple[int, ...], index: int, size: int
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Union-find step: the stone now on cell ``index`` joins the groups of its own neighbours.

    Returns the new ``groups`` and ``edges`` and the edges the joined group touches. The new
    group is named ``index``; every stone of a group it swallows is renamed (the "quick-find"
    form of union-find: finding a stone's group is one look-up, a union renames one group).
    """
    mark = cells[index]
    row, col = divmod(index, size)
    touched = (
        (TOP if row == 0 else 0)
        | (BOTTOM if row == size - 1 else 0)
        | (LEFT if col == 0 else 0)
        | (RIGHT if col == size - 1 else 0)
    )
    merged = {groups[j] for j in adjacency(size)[index] if cells[j] == mark}
    for g in merged:
        touched |= edges[g]
    if merged:
        groups = tuple(index if g in merged else g for g in groups)
    groups = groups[:index] + (index,) + groups[index + 1 :]
    edges = edges[:index] + (touched,) + edges[index + 1 :]
    return groups, edges, touched


# --------------------------------------------------------------------------------------------
# The game
# --------------------------------------------------------------------------------------------


def _require_bool(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, got {value!r}")
    return value


class Hex(Game):
    """Hex on a ``size`` x ``size`` board (see the module docstring for the rules and cells).

    ``actions(state)`` lists the empty cells row by row from the top-left, then `SWAP` when the
    swap rule offers it. `result` takes a cell as ``(row, col)`` or as a name such as ``'c5'``.

    >>> game = Hex(size=3)
    >>> state = game.from_rows([".X.",
    ...                         ".XO",
    ...                         "O.."])
    >>> state.to_move, game.actions(state)
    ('X', [(1, 1), (1, 3), (2, 1), (3, 2), (3, 3)])
    >>> game.result(state, "b3").winner   # (3, 2) joins X's chain to the bottom row
    'X'
    >>> game.result(state, (2, 2))
    Traceback (most recent call last):
    ...
    gamekit.games.IllegalMoveError: cell b2 = (2, 2) is taken by X; empty cells: a1 c1 a2 b3 c3
    """

    players = PLAYERS

    def __init__(self, size: int = 11, swap: bool = False) -> None:
        if isinstance(size, bool) or not isinstance(size, int):
            raise ValueError(f"size must be an integer >= 2, got {size!r}")
        if size < 2:
            raise ValueError(
                f"size must be at least 2 (a 1 x 1 board is won by one stone), got {size}"
            )
        self.size = size
        self.swap = _require_bool("swap", swap)
        # Every cell, row by row from the top-left: all_cells[i] is cell number i of state.cells.
        self.all_cells = tuple((r, c) for r in range(1, size + 1) for c in range(1, size + 1))
        self._index = {cell: i for i, cell in enumerate(self.all_cells)}
        self.initial = HexState("X", EMPTY * (size * size), size, None, None, *self._no_groups())

    def _no_groups(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        count = self.size * self.size
        return (-1,) * count, (0,) * count

    # The protocol ----------------------------------------------------------------------------

    def actions(self, state: HexState) -> list[Move]:
        """The empty cells, row by row from the top-left, then `SWAP` if the rule offers it."""
        if state.winner is not None:
            return []
        moves: list[Move] = [
            cell for cell, mark in zip(self.all_cells, state.cells, strict=True) if mark == EMPTY
        ]
        if self.can_swap(state):
            moves.append(SWAP)
        return moves

    def result(self, state: HexState, move: Move) -> HexState:
        """The state after the player to move plays ``move``: a cell, a cell name, or `SWAP`.

        An illegal move raises `IllegalMoveError` saying why. The win test is the union-find
        step `_join`: only the new stone's neighbours are looked at (and their groups renamed).
        """
        if state.size != self.size:
            raise ValueError(f"a {state.size} x {state.size} position given to {self!r}")
        try:
            index = self._index.get(move)
        except TypeError:  # an unhashable move such as ([1], 2) is never legal
            index = None
        if index is None or state.winner is not None:
            if isinstance(move, str) and move.strip().lower() == SWAP:
                return self._swapped(state)
            index = self._index[self._checked_cell(state, move)]
        if state.cells[index] != EMPTY:
            self._refuse_taken(state, index)
        mark = state.to_move
        cells = state.cells[:index] + mark + state.cells[index + 1 :]
        groups, edges, touched = _join(cells, state.groups, state.edges, index, self.size)
        winner = mark if touched & _GOAL[mark] == _GOAL[mark] else None
        return HexState(
            "O" if mark == "X" else "X",
            cells,
            self.size,
            winner,
            self.all_cells[index],
            groups,
            edges,
        )

    def utility(self, state: HexState, player: str) -> int:
        """1 if ``player`` has won, -1 if they have lost, 0 while the game goes on."""
        if player not in PLAYERS:
            raise ValueError(f"player must be 'X' or 'O', got {player!r}")
        if state.winner is None:
            return 0
        return 1 if state.winner == player else -1

    def terminal_test(self, state: HexState) -> bool:
        """The game is over when someone has joined their edges (a full board always has)."""
        return state.winner is not None

    def display(self, state: HexState) -> None:
        """Print the board (see `HexState.__str__`)."""
        print(state)

    def __repr__(self) -> str:
        return f"Hex(size={self.size}, swap={self.swap})"

    # The swap rule ---------------------------------------------------------------------------

    def can_swap(self, state: HexState) -> bool:
        """True when O may answer `SWAP`: the rule is on and X's first stone is the only one."""
        return (
            self.swap
            and state.to_move == "O"
            and state.cells.count("X") == 1
            and "O" not in state.cells
        )

    def _swapped(self, state: HexState) -> HexState:
        """X's only stone, at (r, c), becomes an O stone at (c, r); then X moves."""
        if not self.can_swap(state):
            why = (
                "the swap rule is off"
                if not self.swap
                else "it is only O's answer to X's first stone"
            )
            raise IllegalMoveError(f"move 'swap' is illegal here: {why}")
        row, col = self.all_cells[state.cells.index("X")]
        index = self._index[(col, row)]
        cells = EMPTY * index + "O" + EMPTY * (len(state.cells) - index - 1)
        groups, edges, _ = _join(cells, *self._no_groups(), index, self.size)
        return HexState("X", cells, self.size, None, SWAP, groups, edges)

    # Moves typed by people -------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """The move a person typed: a cell name (``'c5'``), a cell (``'5,3'``, ``'(5, 3)'``)
        or ``'swap'``. Raises `ValueError` for text that names no cell of this board; whether
        the move is legal is `result`'s business.

        >>> Hex(size=5).parse_move("C5"), Hex(size=5).parse_move("(5, 3)")
        ((5, 3), (5, 3))
        """
        if not isinstance(text, str):
            raise ValueError(f"a typed move is a string such as 'c5', got {text!r}")
        cleaned = text.strip().lower()
        if cleaned == SWAP:
            return SWAP
        numbers = cleaned.strip("()[]").replace(",", " ").split()
        if len(numbers) == 2 and all(n.isdecimal() for n in numbers):
            cell = (int(numbers[0]), int(numbers[1]))
            if cell not in self._index:
                from gamekit.i18n import _

                raise ValueError(
                    _("{text!r} is off the board: rows and columns are 1..{size}").format(
                        text=text, size=self.size
                    )
                )
            return cell
        return parse_cell(text, self.size)

    def _checked_cell(self, state: HexState, move: object) -> Cell:
        """``move`` as a cell on the board, or `IllegalMoveError` saying what is wrong."""
        if state.winner is not None:
            raise IllegalMoveError(
                f"move {move!r} is illegal: the game is over, {state.winner} won"
            )
        if isinstance(move, str):
            try:
                return parse_cell(move, self.size)
            except ValueError as error:
                raise IllegalMoveError(f"illegal move: {error}") from None
        last = column_letters(self.size)
        raise IllegalMoveError(
            f"illegal move {move!r}: a move is a cell (row, col) with row and col in "
            f"1..{self.size}, a name a1..{last}{self.size}" + (", or 'swap'" if self.swap else "")
        )

    def _refuse_taken(self, state: HexState, index: int) -> NoReturn:
        cell = self.all_cells[index]
        empty = " ".join(
            cell_name(c) for c, m in zip(self.all_cells, state.cells, strict=True) if m == EMPTY
        )
        raise IllegalMoveError(
            f"cell {cell_name(cell)} = {cell} is taken by {state.cells[index]}; "
            f"empty cells: {empty}"
        )

    # Helpers ---------------------------------------------------------------------------------

    def replay(self, moves: Iterable[Move], state: HexState | None = None) -> HexState:
        """The state after playing ``moves`` in order from ``state`` (default: the start)."""
        state = self.initial if state is None else state
        for move in moves:
            state = self.result(state, move)
        return state

    def from_rows(self, rows: Sequence[str], to_move: str | None = None) -> HexState:
        """Build a position from its picture, top row first: ``["X..", ".O.", "..."]``.

        Spaces inside a row are ignored, so ``"X . ."`` works too. X moves first, so X has as
        many stones as O or one more (one fewer only after a swap, with the swap rule on);
        ``to_move`` defaults to the player whose turn that makes it. The winner is worked out.
        """
        n = self.size
        if isinstance(rows, str):
            raise ValueError(f"rows must be a list of {n} strings, one per row, got {rows!r}")
        board = ["".join(str(row).split()) for row in rows]
        if len(board) != n or any(len(row) != n for row in board):
            raise ValueError(f"expected {n} rows of {n} cells, got {list(rows)!r}")
        cells = "".join(board)
        if set(cells) - {"X", "O", EMPTY}:
            raise ValueError(f"cells must be 'X', 'O' or '.', got {list(rows)!r}")
        xs, os_ = cells.count("X"), cells.count("O")
        turn = {0: "X", 1: "O", -1: "X" if self.swap else None}.get(xs - os_)
        if turn is None:
            raise ValueError(
                f"X moves first, so X has as many stones as O or one more"
                f"{' (one fewer after a swap)' if self.swap else ''}; got {xs} X and {os_} O"
            )
        if to_move is None:
            to_move = turn
        if to_move not in PLAYERS:
            raise ValueError(f"to_move must be 'X' or 'O', got {to_move!r}")
        groups, edges = self._no_groups()
        placed, winner = EMPTY * (n * n), None
        for index, mark in enumerate(cells):  # put the stones down one by one, joining groups
            if mark != EMPTY:
                placed = placed[:index] + mark + placed[index + 1 :]
                groups, edges, touched = _join(placed, groups, edges, index, n)
                if touched & _GOAL[mark] == _GOAL[mark]:
                    winner = mark
        return HexState(to_move, cells, n, winner, None, groups, edges)
