"""The readable reference: the fast Connect Four engine and exact solver in pure Python.

Students read this file. `gamekit.connect4_fast.kernel` compiles the exact solver's search
(`window_search`) with numba; the two agree position for position (the package's tests check
it), and this one is what runs when numba is missing (or ``GAMEKIT_PURE_SOLVER=1``). The ideas
are listed in the package's docstring (`gamekit.connect4_fast`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, reduce
from operator import or_

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
            if not position.can_play(int(char)):
                playable = [c for c in range(1, width + 1) if position.can_play(c)]
                raise ValueError(
                    f"move {index + 1} of {moves!r}: column {char} cannot be played; playable"
                    f" columns: {playable} (column {char} is full)"
                )
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


class OutOfBudget(Exception):
    """Raised by `window_search` when it has generated its ``node_limit`` nodes."""


NO_LIMIT = 1 << 62
"""A node limit no search reaches."""


def window_search(
    sh: Shape,
    table: dict[int, int],
    max_table_entries: int,
    current: int,
    mask: int,
    moves: int,
    alpha: int,
    beta: int,
    node_limit: int = NO_LIMIT,
) -> tuple[int, int]:
    """Pons' negamax on one position the mover cannot win at once: (score, nodes).

    The score is exact when it falls strictly inside ``(alpha, beta)``, else a bound (at most
    ``alpha`` or at least ``beta``). ``table`` maps a position's key to
    ``2 * bound + (1 for a lower bound, 0 for an upper one)`` and is kept by the caller, so
    successive windows on one position share it; it is emptied when it holds more than
    ``max_table_entries``. Raises `OutOfBudget` after ``node_limit`` nodes (the table keeps
    only sound bounds, so a later search can go on from it).
    """
    bottom, board, cells, order = sh.bottom, sh.board, sh.cells, sh.order
    column_masks, winning_cells = sh.column_masks, sh.winning_cells
    ranked = [(15 - rank, column_masks[c]) for rank, c in enumerate(order)]
    nodes = 0

    def negamax(current: int, mask: int, moves: int, alpha: int, beta: int) -> int:
        """Score for the mover, within [alpha, beta]; the mover cannot win at once here."""
        nonlocal nodes
        nodes += 1
        if nodes > node_limit:
            raise OutOfBudget(nodes)
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

    try:
        score = negamax(current, mask, moves, alpha, beta)
    except RecursionError:  # pragma: no cover - boards deeper than Python's stack
        raise ValueError(f"board too large for the pure-Python solver: {sh.cells} cells") from None
    return score, nodes


def score_bounds(position: Position) -> tuple[int, int]:
    """The widest possible scores of a position nobody can win at once: (low, high)."""
    cells, moves = position.shape.cells, position.moves
    return -((cells - moves) // 2), (cells + 1 - moves) // 2


def next_window(low: int, high: int) -> int:
    """The ``middle`` whose null window ``(middle, middle + 1)`` the solver asks next while the
    score lies in ``[low, high]``: halfway, leaning towards 0 first (most positions are near)."""
    middle = low + (high - low) // 2
    if middle <= 0 and low // 2 < middle:
        middle = low // 2
    elif middle >= 0 and high // 2 > middle:
        middle = high // 2
    return middle


def reference_solve_score(position: Position, max_table_entries: int) -> tuple[int, int]:
    """Pons' solver in pure Python: (score, nodes). Null-window searches narrow [low, high] to
    the score."""
    sh = position.shape
    current, mask, moves = position.current, position.mask, position.moves
    if moves == sh.cells:
        return 0, 1
    if sh.winning_cells(current, mask) & (mask + sh.bottom) & sh.board:
        return (sh.cells + 1 - moves) // 2, 1
    table: dict[int, int] = {}
    low, high = score_bounds(position)
    nodes = 0
    while low < high:  # ask "score > middle?" with a null window
        middle = next_window(low, high)
        found, count = window_search(
            sh, table, max_table_entries, current, mask, moves, middle, middle + 1
        )
        nodes += count
        if found <= middle:
            high = found
        else:
            low = found
    return low, nodes
