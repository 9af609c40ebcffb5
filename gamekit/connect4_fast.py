"""A fast Connect Four engine and exact solver, beside the course's textbook engines.

The engines in `gamekit.search` are written to be read; this module is written to be fast, in
pure Python, and is checked against them: wherever both finish they give the same values. Use it
as the strongest opponent on the boards, and as an oracle in tests.

What makes it fast (each idea is a classic of game programming):

- **Bitboards.** A position is two integers: ``mask`` (every stone) and ``current`` (the stones
  of the player to move). Column ``c`` (0-based, from the left) owns bits ``c * (h + 1)`` to
  ``c * (h + 1) + h - 1``, bottom cell first; the extra bit on top of every column stays empty,
  so a line never wraps from one column into the next. Playing is two operations.
- **Negamax with alpha-beta and null-window search** (principal variation search: the first move
  gets the full window, the others only ask "better than alpha?" and are searched again when
  they are).
- **A transposition table** keyed by the position, with the remaining depth, a bound flag
  (exact, lower or upper) and the best move, which is tried first next time.
- **Move ordering**: an immediate win ends the search of a node; a forced block (else the
  table's move) is tried first, then the moves that create the most winning threats, centre
  columns first (near the leaves, where counting threats costs more than it saves, centre
  first only). A move that leaves the opponent a win scores that loss without a search.
- **Iterative deepening** under a time limit: depth 1, 2, 3, ... until time runs out; the best
  move of the deepest finished search (or a better one found since) is played. Without a time
  limit the requested depth is searched at once.
- **Win/loss leaves** (no evaluation): every leaf is worth 0, so a node one ply above the
  leaves is worth 0 unless the mover wins at once, and two plies above, 0 unless every move
  lets the opponent win: both are decided without generating the leaves.
- **An incremental window evaluation**: each move changes only the windows through its cell, so
  the score is updated, not recomputed; it equals `gamekit.heuristics.connect_four_eval`.
- **An exact solver** (`solve`), after Pascal Pons' "Solving Connect 4": null-window searches
  that halve the score interval, only moves that do not lose at once, upper and lower bounds in
  the table. It returns the game-theoretic value and the distance to the end of the game.

Depth-limited values follow the course conventions (`gamekit.search`): ``depth`` counts plies, a
terminal state ``ply`` plies below the root scores ``scored_result(utility, ply)`` and other
leaves score the evaluation, all from the point of view of the player to move at the root.

>>> from gamekit.games import ConnectFour
>>> from gamekit.heuristics import eval_for
>>> from gamekit.search import alphabeta_cutoff_search
>>> game = ConnectFour()
>>> fast_cutoff_search(game.initial, game, depth=3, with_value=True)
(26, (6, 4))
>>> alphabeta_cutoff_search(game.initial, game, 3, eval_for(game), with_value=True)
(26, (6, 4))

The first published end-game position (score -1): the player to move, O, loses to X's 21st
stone, the 41st on the board, four plies from now.

>>> solution = solve(Position.from_moves("2252576253462244111563365343671351441"))
>>> solution.score, solution.value, solution.plies
(-1, -1, 4)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, reduce
from operator import or_
from typing import Any

from gamekit.games import BoardState, ConnectFour, Game, Move
from gamekit.heuristics import CENTRE_WEIGHT, centre_columns, default_weights
from gamekit.search import WIN

INFINITY = 2 * WIN
"""Larger than any value a depth-limited search returns (an int, so values stay ints)."""

EXACT, LOWER, UPPER = 0, 1, 2
"""Bound flags of a transposition-table entry: the stored value is exact, or a lower or upper
bound of the position's value (alpha-beta only proves a bound when it cuts off)."""

DEFAULT_TABLE_ENTRIES = 1 << 20
"""Entries a transposition table holds before it is emptied (about 100-200 bytes each)."""


class _Timeout(Exception):
    """Raised inside the search when the time limit has passed."""


# --------------------------------------------------------------------------------------------
# The board's shape: masks and tables computed once per (width, height, k)
# --------------------------------------------------------------------------------------------


class Shape:
    """Constant masks and tables for boards of ``width`` x ``height`` with ``k`` in a row."""

    def __init__(self, width: int, height: int, k: int) -> None:
        if not (1 <= k <= min(width, height)):
            raise ValueError(
                f"k={k} must be between 1 and min(width, height) = {min(width, height)}"
            )
        self.width, self.height, self.k = width, height, k
        self.column_bits = h1 = height + 1
        self.cells = width * height
        self.bottom = sum(1 << (c * h1) for c in range(width))
        self.board = self.bottom * ((1 << height) - 1)  # every playable cell
        self.column_masks = [((1 << height) - 1) << (c * h1) for c in range(width)]
        self.top = [1 << (height - 1 + c * h1) for c in range(width)]
        middle = (width - 1) / 2
        self.order = sorted(range(width), key=lambda c: (abs(c - middle), c))  # centre first
        # (bit step, column step, row step): up, across, down-right, up-right
        lines = ((1, 0, 1), (h1, 1, 0), (height, 1, -1), (height + 2, 1, 1))
        self.directions = tuple(step for step, _, _ in lines)
        self.winning_cells = (
            _winning_cells_4(height, self.board) if k == 4 else self.winning_cells_any_k
        )
        # The window evaluation, as in gamekit.heuristics (weights by own pieces, centre bonus).
        self.weights = default_weights(k)
        self.windows = [
            sum(1 << (start + i * step) for i in range(k))
            for step, d_col, d_row in lines
            for start in range(width * h1)
            if all(self._on_board(start, i * d_col, i * d_row) for i in range(k))
        ]
        centre = [c - 1 for c in centre_columns(width)]
        self.centre_mask = sum(self.column_masks[c] for c in centre)
        self.windows_of: dict[int, list[int]] = {}  # cell bit -> the windows through it
        self.reach: dict[int, int] = {}  # cell bit -> every cell of those windows
        for cell in range(width * h1):
            bit = 1 << cell
            if bit & self.board:
                self.windows_of[bit] = [w for w in self.windows if w & bit]
                self.reach[bit] = reduce(or_, self.windows_of[bit], 0) & ~bit
        # Gains of a move by the stones around it: bounded, shared by every search on this shape
        self.gains: dict[tuple[int, int, int], int] = {}
        self.max_gains = 1 << 18

    def _on_board(self, start: int, d_col: int, d_row: int) -> bool:
        """Is the cell ``d_col`` columns and ``d_row`` rows away from bit ``start`` on the board?"""
        col, row = divmod(start, self.column_bits)
        col, row = col + d_col, row + d_row
        return 0 <= col < self.width and 0 <= row < self.height

    def contribution(self, mine: int, theirs: int) -> int:
        """One window's score for the player owning ``mine`` of its cells (zero-sum)."""
        if theirs == 0:
            return self.weights[mine]
        return -self.weights[theirs] if mine == 0 else 0

    def evaluate(self, mine: int, theirs: int) -> int:
        """The window evaluation of a whole board for the owner of ``mine``, from scratch."""
        score = sum(
            self.contribution((mine & w).bit_count(), (theirs & w).bit_count())
            for w in self.windows
        )
        centre = self.centre_mask
        return score + CENTRE_WEIGHT * ((mine & centre).bit_count() - (theirs & centre).bit_count())

    def delta(self, mine: int, theirs: int, cell: int) -> int:
        """How much the evaluation of ``mine`` gains when they put a stone on ``cell``."""
        gain = CENTRE_WEIGHT if cell & self.centre_mask else 0
        for w in self.windows_of[cell]:
            m, t = (mine & w).bit_count(), (theirs & w).bit_count()
            gain += self.contribution(m + 1, t) - self.contribution(m, t)
        return gain

    def winning_cells_any_k(self, stones: int, mask: int) -> int:
        """Empty cells that would give ``stones`` k in a row, for any k.

        A cell completes a line when ``a`` stones precede it and ``k - 1 - a`` follow it along
        one direction; ``before[a]`` marks the cells with ``a`` stones just before them.
        """
        k = self.k
        found = -1  # all ones: the k - 1 cells below
        for i in range(1, k):
            found &= stones << i
        for step in self.directions[1:]:
            before, after = [-1], [-1]
            for i in range(1, k):
                before.append(before[-1] & (stones << i * step))
                after.append(after[-1] & (stones >> i * step))
            for a in range(k):
                found |= before[a] & after[k - 1 - a]
        return found & (self.board ^ mask)

    def has_won(self, stones: int) -> bool:
        """Do ``stones`` hold k in a row somewhere?"""
        for step in self.directions:
            line = stones
            for i in range(1, self.k):
                line &= stones >> i * step
            if line:
                return True
        return False

    def cell(self, bit: int) -> Move:
        """The gamekit cell ``(row, col)`` (1-based, row 1 at the top) of a one-bit mask."""
        col, row = divmod(bit.bit_length() - 1, self.column_bits)
        return (self.height - row, col + 1)


def _winning_cells_4(height: int, board: int) -> Callable[[int, int], int]:
    """Pons' formula for the empty cells that give ``stones`` four in a row, unrolled, with the
    shape's steps bound in a closure (the engines call it at every node)."""
    a, d, u = height + 1, height, height + 2  # across, down-right, up-right
    a2, a3, d2, d3, u2, u3 = 2 * a, 3 * a, 2 * d, 3 * d, 2 * u, 3 * u

    def winning_cells(stones: int, mask: int) -> int:
        found = (stones << 1) & (stones << 2) & (stones << 3)  # three below
        pair = (stones << a) & (stones << a2)  # two to the left ...
        found |= pair & ((stones << a3) | (stones >> a))  # ... and a third, either side
        pair = (stones >> a) & (stones >> a2)
        found |= pair & ((stones << a) | (stones >> a3))
        pair = (stones << d) & (stones << d2)
        found |= pair & ((stones << d3) | (stones >> d))
        pair = (stones >> d) & (stones >> d2)
        found |= pair & ((stones << d) | (stones >> d3))
        pair = (stones << u) & (stones << u2)
        found |= pair & ((stones << u3) | (stones >> u))
        pair = (stones >> u) & (stones >> u2)
        found |= pair & ((stones << u) | (stones >> u3))
        return found & (board ^ mask)

    return winning_cells


@lru_cache(maxsize=16)
def shape(width: int = 7, height: int = 6, k: int = 4) -> Shape:
    """The (cached) `Shape` of boards of ``width`` columns, ``height`` rows, ``k`` in a row."""
    return Shape(width, height, k)


# --------------------------------------------------------------------------------------------
# Positions
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """A Connect Four position as bitboards: ``current`` (stones of the player to move) and
    ``mask`` (all stones); ``moves`` stones have been played; X (the first player) is to move
    when ``moves`` is even. ``score_x`` is the window evaluation for X, kept up to date move by
    move (it equals ``connect_four_eval(state, 'X')``).
    """

    shape: Shape
    current: int
    mask: int
    moves: int
    score_x: int

    @classmethod
    def empty(cls, width: int = 7, height: int = 6, k: int = 4) -> Position:
        """The empty board."""
        return cls(shape(width, height, k), 0, 0, 0, 0)

    @classmethod
    def from_moves(cls, moves: str, width: int = 7, height: int = 6, k: int = 4) -> Position:
        """The position after ``moves``, columns 1-based from the left: ``"4453"`` (the format of
        the published test positions). A full column or a move after the game is won is refused.
        """
        position = cls.empty(width, height, k)
        for index, char in enumerate(moves):
            if not ("1" <= char <= "9") or int(char) > width:
                raise ValueError(
                    f"move {char!r} at index {index} of {moves!r} is not a column 1..{width}"
                )
            if position.is_won():
                raise ValueError(f"move {index + 1} of {moves!r} comes after the game is won")
            position = position.play(int(char))
        return position

    @classmethod
    def from_state(cls, game: Game, state: BoardState) -> Position:
        """The position of a gamekit ``ConnectFour`` state (its stones and whose turn it is)."""
        if not isinstance(game, ConnectFour):
            raise ValueError(f"expected a ConnectFour game, got {game!r}")
        sh = shape(game.v, game.h, game.k)
        stones = {"X": 0, "O": 0}
        for (row, col), mark in state.board.items():
            stones[mark] |= 1 << ((col - 1) * sh.column_bits + sh.height - row)
        mask = stones["X"] | stones["O"]
        if (mask + sh.bottom) & mask:  # a stone above an empty cell
            raise ValueError(
                f"stones float above empty cells: not a Connect Four position\n{state}"
            )
        if state.to_move != ("X" if mask.bit_count() % 2 == 0 else "O"):
            raise ValueError(f"{state.to_move} cannot be to move with these stones\n{state}")
        score = sh.evaluate(stones["X"], stones["O"])
        return cls(sh, stones[state.to_move], mask, mask.bit_count(), score)

    def can_play(self, col: int) -> bool:
        """Is column ``col`` (1-based) not full?"""
        return 1 <= col <= self.shape.width and not self.mask & self.shape.top[col - 1]

    def play(self, col: int) -> Position:
        """The position after the player to move drops a stone in column ``col`` (1-based)."""
        sh = self.shape
        if not (isinstance(col, int) and self.can_play(col)):
            playable = [c for c in range(1, sh.width + 1) if self.can_play(c)]
            raise ValueError(f"column {col!r} cannot be played; playable columns: {playable}")
        cell = (self.mask + sh.bottom) & sh.column_masks[col - 1]
        opponent = self.current ^ self.mask
        gain = sh.delta(self.current, opponent, cell)
        score_x = self.score_x + (gain if self.moves % 2 == 0 else -gain)
        return Position(sh, opponent, self.mask | cell, self.moves + 1, score_x)

    def is_won(self) -> bool:
        """Has the player who moved last made k in a row?"""
        return self.shape.has_won(self.current ^ self.mask)

    def evaluation(self) -> int:
        """The window evaluation for the player to move (``connect_four_eval`` for them)."""
        return self.score_x if self.moves % 2 == 0 else -self.score_x

    def __str__(self) -> str:
        sh, x_to_move = self.shape, self.moves % 2 == 0
        rows = []
        for row in range(sh.height - 1, -1, -1):
            line = []
            for col in range(sh.width):
                bit = 1 << (col * sh.column_bits + row)
                mover = bool(self.current & bit)
                line.append("." if not self.mask & bit else "X" if mover == x_to_move else "O")
            rows.append(" ".join(line))
        return "\n".join(rows)


# --------------------------------------------------------------------------------------------
# Depth-limited search: negamax, alpha-beta, null windows, a table, iterative deepening
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SearchResult:
    """What `search` found: the value for the player to move, the move (a gamekit cell), the
    depth of the deepest finished search, the nodes generated and the seconds spent."""

    value: int
    move: Move | None
    depth: int
    nodes: int
    seconds: float
    complete: bool  # False when the time limit stopped the requested depth


def search(
    position: Position,
    depth: int | None = None,
    *,
    evaluate: bool = True,
    time_limit: float | None = None,
    max_table_entries: int = DEFAULT_TABLE_ENTRIES,
) -> SearchResult:
    """Iterative deepening negamax to ``depth`` plies (None: to the end of the game) or until
    ``time_limit`` seconds have passed, whichever comes first.

    Leaves score the window evaluation (``evaluate=False``: 0, "win/loss leaves"). The value of a
    finished depth equals ``alphabeta_cutoff_search(..., depth, eval_fn)``'s. Raises
    `ValueError` on a finished game.
    """
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 1):
        raise ValueError(f"depth must be a whole number of plies >= 1 (or None), got {depth!r}")
    if time_limit is not None and not time_limit > 0:
        raise ValueError(f"time_limit must be a positive number of seconds, got {time_limit!r}")
    sh = position.shape
    if position.is_won() or position.moves == sh.cells:
        raise ValueError(f"the game is over: no move to search for\n{position}")
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    last = min(depth or sh.cells, sh.cells - position.moves)
    table: dict[int, tuple[int, int, int, int]] = {}
    nodes = 0
    best: tuple[int, int] | None = None
    finished = 0
    # Without a time limit the requested depth is searched at once: the threat ordering is good
    # enough that the shallower searches would cost more than the table moves they leave.
    for d in range(1 if deadline is not None else last, last + 1):
        if len(table) > max_table_entries:
            table.clear()
        try:
            value, move, count = _search_depth(position, d, evaluate, table, deadline, best)
        except _Timeout as stop:
            nodes += stop.args[0]
            if stop.args[1] is not None:  # a better root move, fully searched, at this depth
                best = stop.args[1]
            break
        nodes += count
        best, finished = (value, move), d
        if abs(value) >= WIN - d:  # a forced win or loss within the horizon: deeper is the same
            break
    if best is None:  # not even depth 1 finished: play the first non-losing centre-most move
        best = (0, _fallback_move(position))
    value, move = best
    return SearchResult(
        value, sh.cell(move), finished, nodes, time.perf_counter() - start, finished == last
    )


def _fallback_move(position: Position) -> int:
    sh = position.shape
    possible = (position.mask + sh.bottom) & sh.board
    return next(possible & sh.column_masks[c] for c in sh.order if possible & sh.column_masks[c])


def _search_depth(
    position: Position,
    depth: int,
    evaluate: bool,
    table: dict[int, tuple[int, int, int, int]],
    deadline: float | None,
    previous: tuple[int, int] | None,
) -> tuple[int, int, int]:
    """One negamax search to ``depth``: (value, move bit, nodes). Raises `_Timeout`."""
    sh = position.shape
    bottom, board, cells, order = sh.bottom, sh.board, sh.cells, sh.order
    column_masks, winning_cells = sh.column_masks, sh.winning_cells
    delta, gains, reach, max_gains = sh.delta, sh.gains, sh.reach, sh.max_gains
    nodes, next_check = 0, 1024  # look at the clock every 1,024 nodes or so
    clock = time.perf_counter

    def gain(current: int, opponent: int, cell: int) -> int:
        """The evaluation's gain for the mover from ``cell``, remembered by local pattern."""
        if not evaluate:
            return 0
        around = reach[cell]
        key = (cell, current & around, opponent & around)
        found = gains.get(key)
        if found is None:
            if len(gains) > max_gains:
                gains.clear()
            found = gains[key] = delta(current, opponent, cell)
        return found

    def ordered(current: int, mask: int, possible: int, first: int) -> list[int]:
        """Playable cells: ``first`` (the table's move), then by threats made, centre first."""
        scored = []
        for rank, c in enumerate(order):
            move = possible & column_masks[c]
            if move:
                if move == first:
                    threats = 99
                else:
                    threats = (winning_cells(current | move, mask | move)).bit_count()
                scored.append((-threats, rank, move))
        scored.sort()
        return [move for _, _, move in scored]

    def value(current: int, mask: int, moves: int, ply: int, alpha: int, beta: int, s: int):
        """Negamax value for the mover of a position nobody has won, ``s`` its evaluation."""
        nonlocal nodes, next_check
        nodes += 1
        if deadline is not None and nodes >= next_check:
            next_check = nodes + 1024
            if clock() > deadline:
                raise _Timeout(nodes, None)
        if moves == cells:
            return 0  # a full board is a draw, even at the horizon
        if ply == depth:
            return s
        possible = (mask + bottom) & board
        if winning_cells(current, mask) & possible:
            return WIN - ply - 1  # the best a node can be: no need to look further
        if not evaluate and ply + 1 == depth:
            return 0  # every child is a leaf worth 0 (win/loss leaves), or a full board
        opponent = current ^ mask
        threats = winning_cells(opponent, mask)
        if not evaluate and ply + 2 == depth and moves + 1 < cells:
            nodes += 1  # the one child that decides: 0 if a move leaves no win, else a loss
            forced = possible & threats
            if forced & (forced - 1):
                return -(WIN - ply - 2)
            safe = (forced or possible) & ~(threats >> 1)
            return 0 if safe else -(WIN - ply - 2)
        key = current + mask
        entry = table.get(key)
        first = 0
        if entry is not None:
            stored_depth, flag, stored, first = entry
            if stored_depth == depth - ply and (
                flag == EXACT
                or (flag == LOWER and stored >= beta)
                or (flag == UPPER and stored <= alpha)
            ):
                return stored
        forced = possible & threats
        if forced and not forced & (forced - 1):
            first = forced  # the one block: try it first
        alpha_in, best, best_move = alpha, -INFINITY, 0
        deep = ply + 1 < depth and moves + 1 < cells  # can a child see the opponent's win?
        if ply + 5 <= depth:  # near the leaves, counting threats costs more than it saves
            moves_here = ordered(current, mask, possible, first)
        else:
            moves_here = [possible & column_masks[c] for c in order if possible & column_masks[c]]
            if first:
                moves_here.remove(first)
                moves_here.insert(0, first)
        for move in moves_here:
            child_mask = mask | move
            if deep and threats & ~move & ((child_mask + bottom) & board):
                nodes += 1
                v = -(WIN - ply - 2)  # the opponent wins at once
            elif ply + 1 == depth:
                nodes += 1
                v = 0 if moves + 1 == cells else s + gain(current, opponent, move)
            else:
                child_s = -(s + gain(current, opponent, move))
                if best_move == 0:
                    v = -value(opponent, child_mask, moves + 1, ply + 1, -beta, -alpha, child_s)
                else:  # null window: is this move better than alpha?
                    v = -value(
                        opponent, child_mask, moves + 1, ply + 1, -alpha - 1, -alpha, child_s
                    )
                    if alpha < v < beta:
                        v = -value(opponent, child_mask, moves + 1, ply + 1, -beta, -v, child_s)
            if v > best:
                best, best_move = v, move
                if v >= beta:
                    break
                alpha = max(alpha, v)
        flag = UPPER if best <= alpha_in else LOWER if best >= beta else EXACT
        table[key] = (depth - ply, flag, best, best_move)
        return best

    current, mask, moves = position.current, position.mask, position.moves
    s = position.evaluation() if evaluate else 0
    possible = (mask + bottom) & board
    wins = winning_cells(current, mask) & possible
    if wins:
        return WIN - 1, wins & -wins, 1
    first = previous[1] if previous else 0
    opponent = current ^ mask
    alpha, best, best_move = -INFINITY, -INFINITY, 0
    for move in ordered(current, mask, possible, first):
        child_mask = mask | move
        child_s = -(s + gain(current, opponent, move))
        try:
            if depth == 1:
                nodes += 1
                v = 0 if moves + 1 == cells else -child_s
            else:
                v = -value(opponent, child_mask, moves + 1, 1, -INFINITY, -alpha, child_s)
        except _Timeout:  # the previous best came first: any finished move counts
            improved = (best, best_move) if best_move else None
            raise _Timeout(nodes, improved) from None
        if v > best:
            best, best_move = v, move
            alpha = max(alpha, v)
    return best, best_move, nodes


# --------------------------------------------------------------------------------------------
# Exact solving
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Solution:
    """The exact result of a position for the player to move.

    ``score``: Pons' convention (the published test sets'): 0 a draw; positive, the mover wins
    and the score is ``(cells + 1 - n) // 2`` where ``n`` stones are on the board before the
    winning move (22 minus the winner's stones at the win on 7 x 6); negative, the same for the
    opponent. ``value``: 1, 0 or -1. ``plies``: moves until the game ends with perfect play
    (the winner wins as soon as possible, the loser holds out as long as possible).
    """

    score: int
    value: int
    plies: int
    nodes: int


def solve(position: Position, max_table_entries: int = DEFAULT_TABLE_ENTRIES) -> Solution:
    """The exact value of ``position`` and its distance to the end (see `Solution`)."""
    sh = position.shape
    if position.is_won():
        raise ValueError(f"the game is over: the last move won\n{position}")
    cells, moves = sh.cells, position.moves
    score, nodes = _solve_score(position, max_table_entries)
    if score == 0:
        plies = cells - moves
    else:  # the winning move is played with n stones on the board, n of the winner's parity
        n = cells + 1 - 2 * abs(score)
        if (n - moves) % 2 != (0 if score > 0 else 1):
            n -= 1
        plies = n - moves + 1
    return Solution(score, (score > 0) - (score < 0), plies, nodes)


def _solve_score(position: Position, max_table_entries: int) -> tuple[int, int]:
    """Pons' solver: (score, nodes). Null-window searches narrow [low, high] to the score."""
    sh = position.shape
    bottom, board, cells, order = sh.bottom, sh.board, sh.cells, sh.order
    column_masks, winning_cells = sh.column_masks, sh.winning_cells
    table: dict[int, int] = {}  # key -> 2 * bound + (1 for a lower bound, 0 for an upper one)
    ranked = [(15 - rank, column_masks[c]) for rank, c in enumerate(order)]
    nodes = 0

    def negamax(current: int, mask: int, moves: int, alpha: int, beta: int) -> int:
        """Score for the mover, within [alpha, beta]; the mover cannot win at once here."""
        nonlocal nodes
        nodes += 1
        possible = (mask + bottom) & board
        threats = winning_cells(current ^ mask, mask)
        forced = possible & threats
        if forced:
            if forced & (forced - 1):
                return -((cells - moves) // 2)  # two threats: the opponent wins next move
            possible = forced
        safe = possible & ~(threats >> 1)  # never play just below an opponent's winning cell
        if not safe:
            return -((cells - moves) // 2)
        if moves >= cells - 2:
            return 0  # the last two stones cannot win: each player checked that above
        low = -((cells - 2 - moves) // 2)  # the opponent cannot win next move
        if alpha < low:
            alpha = low
            if alpha >= beta:
                return alpha
        high = (cells - 1 - moves) // 2  # nor can the mover
        key = current + mask
        code = table.get(key)
        if code is not None:
            bound = code >> 1
            if code & 1:
                if alpha < bound:
                    alpha = bound
                    if alpha >= beta:
                        return alpha
            elif bound < high:
                high = bound
        if beta > high:
            beta = high
            if alpha >= beta:
                return beta
        scored = []  # (16 * threats made + centrality, move): most threats first, then centre
        for centrality, column in ranked:
            move = safe & column
            if move:
                threats_made = winning_cells(current | move, mask | move).bit_count()
                scored.append(((threats_made << 4) + centrality, move))
        scored.sort(reverse=True)
        opponent = current ^ mask
        for _, move in scored:
            score = -negamax(opponent, mask | move, moves + 1, -beta, -alpha)
            if score >= beta:
                table[key] = 2 * score + 1
                return score
            if score > alpha:
                alpha = score
        if len(table) > max_table_entries:
            table.clear()
        table[key] = 2 * alpha
        return alpha

    current, mask, moves = position.current, position.mask, position.moves
    if moves == cells:
        return 0, 1
    if winning_cells(current, mask) & (mask + bottom) & board:
        return (cells + 1 - moves) // 2, 1
    low, high = -((cells - moves) // 2), (cells + 1 - moves) // 2
    while low < high:  # ask "score > middle?" with a null window, leaning towards 0 first
        middle = low + (high - low) // 2
        if middle <= 0 and low // 2 < middle:
            middle = low // 2
        elif middle >= 0 and high // 2 > middle:
            middle = high // 2
        found = negamax(current, mask, moves, middle, middle + 1)
        if found <= middle:
            high = found
        else:
            low = found
    return low, nodes


def best_moves(position: Position) -> tuple[Solution, list[int]]:
    """The position's `Solution` and every column (1-based) that keeps it, left to right."""
    solution = solve(position)
    keep = []
    for col in range(1, position.shape.width + 1):
        if not position.can_play(col):
            continue
        child = position.play(col)
        if child.is_won():
            child_score = -((position.shape.cells + 1 - position.moves) // 2)
        elif child.moves == position.shape.cells:
            child_score = 0
        else:
            child_score = solve(child).score
        if -child_score == solution.score:
            keep.append(col)
    return solution, keep


# --------------------------------------------------------------------------------------------
# The course's protocol: engines on gamekit states, and a player
# --------------------------------------------------------------------------------------------


def fast_cutoff_search(
    state: BoardState,
    game: ConnectFour,
    depth: int = 4,
    *,
    evaluate: bool = True,
    with_value: bool = False,
) -> Any:
    """`gamekit.search.alphabeta_cutoff_search` with ``eval_fn=eval_for(game)`` (or no
    evaluation when ``evaluate=False``), the fast way: same value, possibly another of the
    equally good moves. Returns the move, or ``(value, move)`` with ``with_value``.
    """
    if game.terminal_test(state):
        value = game.utility(state, state.to_move) * WIN
        return (value, None) if with_value else None
    result = search(Position.from_state(game, state), depth, evaluate=evaluate)
    return (result.value, result.move) if with_value else result.move


def fast_solve(state: BoardState, game: ConnectFour) -> Solution:
    """`solve` for a gamekit ``ConnectFour`` state."""
    if game.terminal_test(state):
        raise ValueError(f"the game is over: nothing to solve\n{state}")
    return solve(Position.from_state(game, state))


ENDGAME_CELLS = 12
"""With this many empty cells or fewer, `fast_connect4_player` plays exactly (`best_moves`)."""

SEARCH_SHARE = 0.8
"""Share of a player's time limit given to the search; the rest covers the clock's granularity
(it is read every 1,024 nodes) and Python's garbage collector."""


def fast_connect4_player(
    time_limit: float | None = 1.0, depth: int | None = None
) -> Callable[[Game, BoardState], Move]:
    """A Connect Four player using `search`: iterative deepening for ``time_limit`` seconds a
    move (None: no limit), to at most ``depth`` plies (None: as deep as time allows).

    With ``depth=None`` it plays perfectly once `ENDGAME_CELLS` cells or fewer are empty (the
    solver is quick there), choosing the most central of the best moves. With neither limit it
    would search to the end of the game: give at least one.
    """
    if time_limit is None and depth is None:
        raise ValueError("give a time_limit, a depth or both: the full game is too big to search")
    if time_limit is not None and not time_limit > 0:
        raise ValueError(f"time_limit must be a positive number of seconds, got {time_limit!r}")
    budget = None if time_limit is None else SEARCH_SHARE * time_limit

    def play(game: Game, state: BoardState) -> Move:
        position = Position.from_state(game, state)
        if depth is None and position.shape.cells - position.moves <= ENDGAME_CELLS:
            _, keep = best_moves(position)
            middle = (game.v + 1) / 2
            col = min(keep, key=lambda c: (abs(c - middle), c))
            return next(move for move in game.actions(state) if move[1] == col)
        result = search(position, depth, time_limit=budget)
        play.last_result = result  # type: ignore[attr-defined]
        return result.move

    play.__name__ = "fast_connect4_player"
    return play
