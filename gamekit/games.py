"""Games in the course's protocol: `Game`, k-in-a-row `TicTacToe` and `ConnectFour`.

Every game answers the same six questions, the names the course notebooks use:

- ``game.initial``: the starting state;
- ``game.actions(state)``: the legal moves, in a fixed order (engines explore them in it);
- ``game.result(state, move)``: the state after ``move``; an illegal move raises
  `IllegalMoveError`;
- ``game.terminal_test(state)``: is the game over?
- ``game.utility(state, player)``: the final score for ``player``;
- ``game.to_move(state)``: whose turn it is.

A *player* is any callable ``player(game, state) -> move``.

Coordinates on boards are ``(row, col)``, both counted from 1, row 1 at the **top**, column 1 at
the **left**, so ``(3, 1)`` is the bottom-left cell of a 3 x 3 board.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

Move = tuple[int, int]
"""A cell of a board: ``(row, col)``, 1-based, row 1 at the top."""

Player = Callable[["Game", Any], Any]
"""A player: a callable ``player(game, state) -> move``."""

EMPTY = "."


class IllegalMoveError(ValueError):
    """A move that is not among ``game.actions(state)``; the message names both."""


class Game:
    """The protocol every game of the course follows (see the module docstring).

    Subclasses set ``self.initial`` and ``self.players`` (the players in turn order, for
    example ``('X', 'O')``) and implement `actions`, `result`, `utility` and `terminal_test`.
    """

    initial: Any
    players: tuple[str, ...] = ("MAX", "MIN")

    def actions(self, state: Any) -> list[Any]:
        """The legal moves in ``state``, in the order engines explore them."""
        raise NotImplementedError

    def result(self, state: Any, move: Any) -> Any:
        """The state reached by playing ``move`` in ``state``."""
        raise NotImplementedError

    def utility(self, state: Any, player: str) -> float:
        """The final value of terminal ``state`` for ``player``."""
        raise NotImplementedError

    def terminal_test(self, state: Any) -> bool:
        """True when the game is over in ``state``."""
        return not self.actions(state)

    def to_move(self, state: Any) -> str:
        """The player whose turn it is in ``state``."""
        return state.to_move

    def display(self, state: Any) -> None:
        """Print ``state`` for a person to read."""
        print(state)

    def check_move(self, state: Any, move: Any) -> None:
        """Raise `IllegalMoveError` unless ``move`` is legal in ``state``."""
        legal = self.actions(state)
        if move not in legal:
            if self.terminal_test(state):
                raise IllegalMoveError(f"move {move!r} is illegal: the game is over")
            raise IllegalMoveError(f"move {move!r} is illegal here; legal moves: {list(legal)}")

    def play_game(self, *players: Player, verbose: bool = False) -> float:
        """Let ``players`` (one per entry of ``self.players``, in turn order) play a whole game.

        Returns the final utility for the first player. With ``verbose``, prints every move and
        the board after it.
        """
        if len(players) != len(self.players):
            raise ValueError(
                f"{type(self).__name__} needs {len(self.players)} players, got {len(players)}"
            )
        by_name = dict(zip(self.players, players, strict=True))
        state = self.initial
        ply = 0
        while not self.terminal_test(state):
            mover = self.to_move(state)
            move = by_name[mover](self, state)
            state = self.result(state, move)
            ply += 1
            if verbose:
                print(f"Move {ply}: {mover} plays {move!r}")
                self.display(state)
                print()
        first = self.players[0]
        if verbose:
            print(f"Game over: utility for {first} is {self.utility(state, first)}")
        return self.utility(state, first)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


# --------------------------------------------------------------------------------------------
# k-in-a-row boards
# --------------------------------------------------------------------------------------------


class BoardView(Mapping[Move, str]):
    """A read-only ``{(row, col): 'X' | 'O'}`` view of a board's occupied cells."""

    __slots__ = ("_cells", "_h", "_v")

    def __init__(self, cells: str, h: int, v: int) -> None:
        self._cells, self._h, self._v = cells, h, v

    def __getitem__(self, cell: Move) -> str:
        try:
            row, col = cell
        except (TypeError, ValueError):
            raise KeyError(cell) from None
        if not (isinstance(row, int) and isinstance(col, int)):
            raise KeyError(cell)
        if not (1 <= row <= self._h and 1 <= col <= self._v):
            raise KeyError(cell)
        mark = self._cells[(row - 1) * self._v + col - 1]
        if mark == EMPTY:
            raise KeyError(cell)
        return mark

    def __iter__(self) -> Iterator[Move]:
        v = self._v
        for index, mark in enumerate(self._cells):
            if mark != EMPTY:
                yield (index // v + 1, index % v + 1)

    def __len__(self) -> int:
        return len(self._cells) - self._cells.count(EMPTY)

    def copy(self) -> dict[Move, str]:
        """A plain, mutable ``dict`` with the same entries."""
        return dict(self.items())

    def __repr__(self) -> str:
        return repr(self.copy())


@dataclass(frozen=True, eq=False)
class BoardState:
    """A position of a k-in-a-row game. Immutable and hashable.

    Fields students use:

    - ``to_move``: ``'X'`` or ``'O'``, whose turn it is;
    - ``utility``: ``1`` if X has won, ``-1`` if O has won, else ``0``;
    - ``board``: a read-only mapping ``{(row, col): 'X' | 'O'}`` of the occupied cells;
    - ``moves``: the empty cells, row by row from the top-left.

    Inside, the board is one string of ``h * v`` characters (``'X'``, ``'O'`` or ``'.'``), row by
    row from the top: cheap to copy, hash and compare, which keeps search fast.
    """

    to_move: str
    utility: int
    cells: str
    moves: tuple[Move, ...]
    h: int
    v: int
    last_move: Move | None = field(default=None)

    @property
    def board(self) -> BoardView:
        """The occupied cells as a read-only mapping ``{(row, col): 'X' | 'O'}``."""
        return BoardView(self.cells, self.h, self.v)

    def rows(self) -> list[str]:
        """The board as ``h`` strings, top row first, ``'.'`` for an empty cell."""
        return [self.cells[r * self.v : (r + 1) * self.v] for r in range(self.h)]

    def __hash__(self) -> int:
        return hash(self.cells)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BoardState):
            return NotImplemented
        return (self.cells, self.v, self.to_move) == (other.cells, other.v, other.to_move)

    def __str__(self) -> str:
        return "\n".join(" ".join(row) for row in self.rows())

    def __repr__(self) -> str:
        return (
            f"BoardState(to_move={self.to_move!r}, utility={self.utility}, "
            f"rows={self.rows()!r}, last_move={self.last_move!r})"
        )

    def _repr_html_(self) -> str:
        rows = "".join(
            "<tr>"
            + "".join(f"<td style='width:1.6em;text-align:center'>{c}</td>" for c in row)
            + "</tr>"
            for row in self.rows()
        )
        return f"<table style='font-family:monospace;border:1px solid #888'>{rows}</table>"


def _require_int(name: str, value: object, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an integer, got {value!r}")
    if value < low:
        raise ValueError(f"{name} must be at least {low}, got {value}")
    return value


class TicTacToe(Game):
    """k-in-a-row on a board of ``h`` rows and ``v`` columns; 'X' moves first.

    The first player to put ``k`` of their marks in a line (across, down or diagonal) wins.
    ``TicTacToe()`` is the classic 3 x 3 game.

    >>> game = TicTacToe()
    >>> state = game.replay([(2, 2), (1, 1)])
    >>> print(state)
    O . .
    . X .
    . . .
    >>> state.to_move, state.board[(2, 2)], len(game.actions(state))
    ('X', 'X', 7)
    """

    players = ("X", "O")

    def __init__(self, h: int = 3, v: int = 3, k: int = 3) -> None:
        self.h = _require_int("h (rows)", h, 1)
        self.v = _require_int("v (columns)", v, 1)
        self.k = _require_int("k (marks in a row)", k, 2)
        if k > h:  # as in the course's notebooks: a line of k must fit every way
            raise ValueError(
                f"k={k} is larger than the number of rows h={h}: no column of {k} fits"
            )
        if k > v:
            raise ValueError(
                f"k={k} is larger than the number of columns v={v}: no row of {k} fits"
            )
        moves = tuple((row, col) for row in range(1, h + 1) for col in range(1, v + 1))
        self.initial = BoardState("X", 0, EMPTY * (h * v), moves, h, v)
        self._rays = {move: self._rays_from(move) for move in moves}  # for k_in_row
        self._successors: dict[tuple[str, str, Hashable], BoardState] = {}
        self.set_successor_cache(self.successor_cache_bytes)

    # The protocol ----------------------------------------------------------------------------

    def actions(self, state: BoardState) -> list[Move]:
        """Every empty cell is a legal move (none once the game is won)."""
        if state.utility != 0:
            return []
        return list(state.moves)

    def result(self, state: BoardState, move: Move) -> BoardState:
        """The state after the player to move puts a mark on ``move``.

        Raises `IllegalMoveError` when ``move`` is not in ``self.actions(state)``, so a subclass
        that overrides `actions` changes which moves are legal. Successors are remembered, so a
        position reached again (by another move order) is not built twice.
        """
        key = (state.cells, state.to_move, move)
        try:
            child = self._successors.get(key)
        except TypeError:  # an unhashable move, such as the list [2, 3], is never legal
            self.check_move(state, move)
            raise
        if child is None:
            legal = self.actions(state)
            if move not in legal:
                self.check_move(state, move)  # raises IllegalMoveError
            move = legal[legal.index(move)]  # (2.0, 3.0) equals (2, 3): keep the legal tuple
            child = self._play(state, move)
            if self._successor_capacity:
                if len(self._successors) >= self._successor_capacity:
                    self._forget_oldest_successors()
                self._successors[key] = child
        return child

    # The successor cache -----------------------------------------------------------------------
    # Why a cache: full minimax on 3 x 3 calls `result` 549,945 times for about 16,000 different
    # (position, move) pairs; remembering them is what makes it fast (W1 of `make bench`).
    # Why a byte budget, not a count: one entry of 7 x 6 Connect Four holds a key, a board
    # string, a moves tuple and a state, about 850 bytes, so the old bound of 2 million entries
    # meant gigabytes in a student's kernel. The budget is turned into a number of entries once,
    # by measuring an entry of this board size (`sys.getsizeof`, the largest moves tuple).
    # Why evict the oldest half: a dict remembers insertion order, so dropping its first entries
    # costs nothing on the hits (an LRU would reorder on every hit, slowing W1); what a search
    # still uses is inserted again. A cache per search would need the engines' help: they stay
    # textbook code that knows nothing of caches.

    successor_cache_bytes = 32 * 2**20
    """Memory the successor cache of `result` may use (bytes); see `set_successor_cache`."""

    def set_successor_cache(self, max_bytes: int) -> None:
        """Bound the memory of `result`'s successor cache by ``max_bytes`` (0 switches it off).

        The cache is emptied. ``max_bytes`` is turned into a number of entries with
        `successor_entry_bytes`.
        """
        if isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < 0:
            raise ValueError(f"max_bytes must be a whole number of bytes >= 0, got {max_bytes!r}")
        self.successor_cache_bytes = max_bytes
        self._successor_capacity = max_bytes // self.successor_entry_bytes()
        self._successors.clear()

    def successor_entry_bytes(self) -> int:
        """An upper estimate of the memory of one cache entry on this board, in bytes."""
        state, move = self.initial, self.initial.moves[0]
        child = self._play(state, move)
        key = (state.cells, state.to_move, move)
        parts = (key, state.cells, child, vars(child), child.cells, state.moves)
        return sum(sys.getsizeof(part) for part in parts) + 100  # + the dict's slot and hash

    def _forget_oldest_successors(self) -> None:
        """Drop the older half of the cache (the first inserted)."""
        cache = self._successors
        for key in list(islice(cache, len(cache) // 2 + 1)):
            del cache[key]

    def utility(self, state: BoardState, player: str) -> int:
        """1 if ``player`` has won, -1 if they have lost, 0 otherwise."""
        return state.utility if player == "X" else -state.utility

    def terminal_test(self, state: BoardState) -> bool:
        """The game is over when someone has won or the board is full."""
        return state.utility != 0 or not state.moves

    def display(self, state: BoardState) -> None:
        """Print the board, top row first, '.' for empty cells."""
        print(state)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(h={self.h}, v={self.v}, k={self.k})"

    # Helpers ---------------------------------------------------------------------------------

    def replay(self, moves: Iterable[Move], state: BoardState | None = None) -> BoardState:
        """The state after playing ``moves`` in order from ``state`` (default: the start)."""
        state = self.initial if state is None else state
        for move in moves:
            state = self.result(state, move)
        return state

    def from_rows(self, rows: Sequence[str], to_move: str | None = None) -> BoardState:
        """Build a state from its picture, top row first: ``["X.O", "...", "..."]``.

        ``to_move`` defaults to 'X' when both have played equally often, else 'O'. The board is
        checked for size, characters and mark counts, but any position is accepted, won or not.
        """
        if len(rows) != self.h or any(len(row) != self.v for row in rows):
            raise ValueError(f"expected {self.h} rows of {self.v} characters, got {list(rows)!r}")
        cells = "".join(rows)
        if set(cells) - {"X", "O", EMPTY}:
            raise ValueError(f"cells must be 'X', 'O' or '.', got {list(rows)!r}")
        xs, os_ = cells.count("X"), cells.count("O")
        if xs - os_ not in (0, 1):
            raise ValueError(
                f"X moves first, so X has as many marks as O or one more; got {xs} X and {os_} O"
                f" in {list(rows)!r}"
            )
        if to_move is None:
            to_move = "X" if xs == os_ else "O"
        if to_move not in self.players:
            raise ValueError(f"to_move must be 'X' or 'O', got {to_move!r}")
        winner = self._winner(cells)
        moves = tuple(
            (i // self.v + 1, i % self.v + 1) for i, mark in enumerate(cells) if mark == EMPTY
        )
        utility = {"X": 1, "O": -1, None: 0}[winner]
        return BoardState(to_move, utility, cells, moves, self.h, self.v)

    def _play(self, state: BoardState, move: Move) -> BoardState:
        """Put the mover's mark on ``move`` (assumed legal) and score the new position."""
        row, col = move
        index = (row - 1) * self.v + (col - 1)
        mark = state.to_move
        cells = state.cells[:index] + mark + state.cells[index + 1 :]
        won = self.k_in_row(cells, move, mark)
        utility = (1 if mark == "X" else -1) if won else 0
        try:
            position = state.moves.index(move)
        except ValueError:  # a subclass's actions() offered a cell that is taken
            raise IllegalMoveError(f"cell {move!r} is not empty: it cannot be played") from None
        moves = state.moves[:position] + state.moves[position + 1 :]
        return BoardState(
            "O" if mark == "X" else "X", utility, cells, moves, self.h, self.v, last_move=move
        )

    def k_in_row(self, cells: str, move: Move, mark: str) -> bool:
        """Does ``mark`` have ``k`` in a line through ``move``? Only those lines are looked at.

        For each direction (across, down, both diagonals) count ``mark``'s cells next to
        ``move`` on both sides; the cells to look at were listed once, in `_rays_from`.
        """
        for ahead, behind in self._rays[move]:
            count = 1
            for index in ahead:
                if cells[index] != mark:
                    break
                count += 1
            for index in behind:
                if cells[index] != mark:
                    break
                count += 1
            if count >= self.k:
                return True
        return False

    def _rays_from(self, move: Move) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
        """Per direction, ``(one side, other side)``: indices of up to k - 1 cells from ``move``."""
        row, col = move
        rays = []
        for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
            sides = []
            for sign in (1, -1):
                side: list[int] = []
                r, c = row + sign * d_row, col + sign * d_col
                while 1 <= r <= self.h and 1 <= c <= self.v and len(side) < self.k - 1:
                    side.append((r - 1) * self.v + c - 1)
                    r, c = r + sign * d_row, c + sign * d_col
                sides.append(tuple(side))
            rays.append((sides[0], sides[1]))
        return tuple(rays)

    def _winner(self, cells: str) -> str | None:
        """The player with k in a row anywhere on ``cells`` (for positions built from a picture)."""
        winners = {
            cells[i]
            for i in range(len(cells))
            if cells[i] != EMPTY
            and self.k_in_row(cells, (i // self.v + 1, i % self.v + 1), cells[i])
        }
        if len(winners) > 1:
            raise ValueError("both players have k in a row: not a reachable position")
        return winners.pop() if winners else None


class ConnectFour(TicTacToe):
    """Connect Four: k-in-a-row where a mark drops to the lowest empty cell of its column.

    Moves are still ``(row, col)`` cells; the legal ones are the lowest empty cell of each column
    that is not full, left to right. The standard game is 6 rows, 7 columns, 4 in a row.

    >>> game = ConnectFour(h=4, v=4, k=3)
    >>> game.actions(game.initial)
    [(4, 1), (4, 2), (4, 3), (4, 4)]
    >>> game.actions(game.result(game.initial, (4, 2)))
    [(4, 1), (3, 2), (4, 3), (4, 4)]
    """

    def __init__(self, h: int = 6, v: int = 7, k: int = 4) -> None:
        super().__init__(h, v, k)

    def actions(self, state: BoardState) -> list[Move]:
        """The lowest empty cell of each column that is not full, left to right."""
        if state.utility != 0:
            return []
        moves = []
        for col in range(1, self.v + 1):
            column = state.cells[col - 1 :: self.v]  # this column, top to bottom
            lowest_empty = column.rfind(EMPTY)
            if lowest_empty >= 0:
                moves.append((lowest_empty + 1, col))
        return moves

    def drop(self, state: BoardState, col: int) -> BoardState:
        """Play in column ``col`` (1-based): a convenience for people and widgets."""
        for move in self.actions(state):
            if move[1] == col:
                return self.result(state, move)
        full = [c for c in range(1, self.v + 1) if all(m[1] != c for m in self.actions(state))]
        raise IllegalMoveError(
            f"column {col!r} cannot be played; playable columns: "
            f"{[m[1] for m in self.actions(state)]} (full or game over: {full})"
        )


def random_state(game: Game, plies: int, seed: int | random.Random | None = None) -> Any:
    """A state reached by up to ``plies`` random legal moves (stops early at the end)."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    state = game.initial
    for _ in range(plies):
        if game.terminal_test(state):
            break
        state = game.result(state, rng.choice(game.actions(state)))
    return state


class GameWrapper(Game):
    """A game that answers every question like ``game``: subclass it and override what differs.

    Attributes it does not have (``h``, ``v``, ``k``, ``chance_outcomes``, ...) come from the
    wrapped game too.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.initial = game.initial
        self.players = game.players

    def actions(self, state: Any) -> list[Any]:
        return self.game.actions(state)

    def result(self, state: Any, move: Any) -> Any:
        return self.game.result(state, move)

    def utility(self, state: Any, player: str) -> float:
        return self.game.utility(state, player)

    def terminal_test(self, state: Any) -> bool:
        return self.game.terminal_test(state)

    def to_move(self, state: Any) -> str:
        return self.game.to_move(state)

    def display(self, state: Any) -> None:
        self.game.display(state)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "game":  # copy/pickle probe before __init__ runs
            raise AttributeError(name)
        return getattr(self.game, name)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game!r})"


class OrderedGame(GameWrapper):
    """The same game with each position's moves explored in a different order.

    ``key(game, state, move)`` scores a move; moves are explored from the lowest score up (use a
    negative score to try the best first). Engines are unchanged: only ``actions`` differs, so
    comparing node counts with and without the ordering shows what ordering buys alpha-beta.

    >>> game = OrderedGame(TicTacToe(), key=lambda g, s, m: abs(m[0] - 2) + abs(m[1] - 2))
    >>> game.actions(game.initial)[:3]
    [(2, 2), (1, 2), (2, 1)]
    """

    def __init__(self, game: Game, key: Callable[[Game, Any, Any], float]) -> None:
        super().__init__(game)
        self.key = key

    def actions(self, state: Any) -> list[Any]:
        return sorted(self.game.actions(state), key=lambda move: self.key(self.game, state, move))
