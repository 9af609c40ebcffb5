"""A fast Connect Four engine and exact solver, beside the course's textbook engines.

The engines in `gamekit.search` are written to be read; this package is written to be fast, and
is checked against them: wherever both finish they give the same values. Use it as the strongest
opponent on the boards, and as an oracle in tests. Its modules:

- `reference`: bitboards, depth-limited search and the exact solver in pure Python (read this);
- `kernel` (and `compiled`): the exact solver's search compiled with numba, the same algorithm
  about 30 times faster per node (optional: without numba the reference runs);
- `solver`: `solve` and `best_moves`, on the kernel when it is available;
- `analysis`: `analyse`, every column's exact value, under a time budget, stoppable;
- `book`: the opening book (exact scores of every position up to a few plies) and its maker;
- `players`: the course's protocol (`fast_cutoff_search`, `fast_solve`, `fast_connect4_player`).

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
  Compiled (`kernel`), its table is a fixed block of memory replaced by depth, never emptied.

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

from gamekit.connect4_fast.analysis import Analysis, ColumnValue, analyse
from gamekit.connect4_fast.players import (
    ENDGAME_CELLS,
    SEARCH_SHARE,
    fast_connect4_player,
    fast_cutoff_search,
    fast_solve,
)
from gamekit.connect4_fast.reference import (
    DEFAULT_TABLE_ENTRIES,
    EXACT,
    INFINITY,
    LOWER,
    UPPER,
    Position,
    SearchResult,
    Shape,
    search,
    shape,
)
from gamekit.connect4_fast.solver import Solution, best_moves, solve

__all__ = [
    "DEFAULT_TABLE_ENTRIES",
    "ENDGAME_CELLS",
    "EXACT",
    "INFINITY",
    "LOWER",
    "SEARCH_SHARE",
    "UPPER",
    "Analysis",
    "ColumnValue",
    "Position",
    "SearchResult",
    "Shape",
    "Solution",
    "analyse",
    "best_moves",
    "fast_connect4_player",
    "fast_cutoff_search",
    "fast_solve",
    "search",
    "shape",
    "solve",
]
