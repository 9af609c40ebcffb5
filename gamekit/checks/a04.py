"""Checks for assignment 04 (an evaluation function for Hex): ``evaluate(state, player)``.

The hidden tests pass the student's ``evaluate`` to the ``check_*`` functions: fixed 5 x 5
positions (built here with gamekit's Hex before the student's code runs) test the promises of an
evaluation (a number in [-1, 1], zero-sum, the same for O on the mirrored board as for X, a won
position above every unwon one, connection rather than stone count, the hexagon's six
neighbours); `check_values` tests the value the docstring specifies (1 won, -1 lost, else the
opponent's shortest path minus the player's over the number of cells plus one) on positions of
every kind and size (`VALUE_POSITIONS`), then asks again in other orders: a value must not depend
on the calls made before it; and `check_tournament` plays a small seeded depth-2 alpha-beta series
against Random and against `gamekit.hex_heuristics.connected`. Each position is evaluated once
per player: every call is a round trip to the student's kernel, so `Memo` keeps the answers by
(cells, player).

One module, no ladder of probes: each check is a promise of one function on fixed positions,
and a failure names the position where the promise fails, with the values seen there.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from gamekit.checks import (
    EngineForbidden,
    GradingError,
    default_forbidden,
    engines_swapped_out_for,
    message_of,
    require_number,
)
from gamekit.checks.evidence import input_evidence
from gamekit.hex import Hex, HexState, adjacency, cell_name
from gamekit.i18n import N_, kept_sentence

SIZE = 5
GAME = Hex(size=SIZE)
TOLERANCE = 1e-9

MISTAKES = {
    "not_zero_sum": N_(
        "evaluate is not zero-sum: evaluate(state, 'O') must be -evaluate(state, 'X') (what is "
        "good for one player is bad for the other)"
    ),
    "not_symmetric": N_(
        "evaluate does not score a position and its mirror image alike: the board mirrored "
        "along the a1-e5 diagonal with X and O swapped is the same position seen from the "
        "other side (X joins top to bottom, O left to right), so O must score there what X "
        "scores here"
    ),
    "connection": N_("evaluate does not prefer the connected position"),
    "hidden_state": N_(
        "evaluate gives another value when the same position and player are asked again: what "
        "was asked before changes its answer"
    ),
}
"""The property each check tests, as the feedback states it (with the values it saw)."""


def position(rows: Sequence[str]) -> HexState:
    """A 5 x 5 position from its rows (``'X'``, ``'O'``, ``'.'``)."""
    return GAME.from_rows(list(rows))


def mirrored(state: HexState) -> HexState:
    """The board mirrored along the a1-e5 diagonal with X and O swapped: the same position seen
    from the other side, since the mirror turns X's top-bottom direction into O's left-right.
    The hexagon's six neighbours map onto six neighbours, so the game is the same."""
    swap = {"X": "O", "O": "X", ".": "."}
    rows = ["".join(swap[row[c]] for row in state.rows()) for c in range(state.size)]
    return position(rows)


class Pair(NamedTuple):
    """Two positions with the same stones counted, where X is better off in ``better``;
    ``fact`` says why, about the positions alone (never a guess about the student's code)."""

    better: HexState
    worse: HexState
    fact: str


# Positions where nobody has won yet, X to move: X and O have the same number of stones, so
# the mirrored position (colours swapped) is a legal one too.
UNWON = [
    position(["..X..", "..X..", ".O...", "..O..", "....."]),
    position([".....", ".XO..", "..X..", ".O...", "....."]),
    position(["X....", ".O...", "..XO.", ".....", "O..X."]),
    position(["....X", "...X.", "..OO.", ".O...", "...X."]),
    position([".O...", "..X..", ".X...", "O....", "X...O"]),
    position([".....", "OOX..", "..XX.", "...O.", "....."]),
    position([".....", ".....", "..X..", "...O.", "....."]),
    position(["X.O..", ".X.O.", "..X..", "...O.", "....."]),
]

# Won positions: X has joined top and bottom, O has joined left and right.
WON = [
    position(["..X..", "..XO.", ".XO..", ".X.O.", "X.O.."]),
    position([".X...", "OOOOO", "..X..", "X.X..", "X...."]),
]

PAIRS = [
    # X's three stones in a column chain, or the same three scattered (O's stones the same).
    Pair(
        position(["..X..", "..X..", "..X..", "OO...", "....."]),
        position(["X....", "....X", "..X..", "OO...", "....."]),
        kept_sentence(
            "both have 3 X stones and 2 O stones; in the first X's stones c1, c2, c3 are a "
            "chain from the top edge, in the second no two X stones touch"
        ),
    ),
    # X's four stones on the diagonal that touches in Hex (r+1, c-1), or on the one that does
    # not (r+1, c+1): a square grid (4 or 8 neighbours) cannot tell them apart.
    Pair(
        position(["....X", "...X.", "..X..", ".X...", "OOO.O"]),
        position(["X....", ".X...", "..X..", "...X.", "OOO.O"]),
        kept_sentence(
            "both have 4 X stones on a diagonal; in the first they are e1, d2, c3, b4, each "
            "touching the next (a hexagon's neighbours include (r+1, c-1)), in the second a1, "
            "b2, c3, d4, where no two touch (a hexagon has no neighbour at (r+1, c+1))"
        ),
    ),
]


def forbidden_functions() -> tuple[Callable[..., Any], ...]:
    """gamekit's search engines and its Hex heuristics: the student writes their own."""
    from gamekit import hex_heuristics as h

    return (
        *default_forbidden(),
        h.connected,
        h.better_connected,
        h.shortest_path,
        h.distance,
    )


class Memo:
    """The student's ``evaluate`` called through the guard, once per (cells, player): every
    call is a round trip to their kernel, and a tournament asks about the same leaves often."""

    def __init__(self, evaluate: Callable[..., Any]) -> None:
        self.evaluate = evaluate
        self.values: dict[tuple[str, str], float] = {}
        self.forbidden = forbidden_functions()  # found once: a tournament asks thousands of times

    def __call__(self, state: HexState, player: str) -> float:
        key = (state.cells, player)
        if key not in self.values:
            self.values[key] = self._ask(state, player)
        return self.values[key]

    def _ask(self, state: HexState, player: str) -> float:
        try:
            with engines_swapped_out_for(self.evaluate, *self.forbidden):
                value = self.evaluate(state, player)
        except EngineForbidden as error:
            raise GradingError(
                kept_sentence(
                    "{what} calls gamekit's own code: {error}",
                    what="evaluate",
                    error=message_of(error),
                ),
                code="forbidden",
            ) from None
        except GradingError:
            raise
        except Exception as error:
            raise GradingError(
                kept_sentence(
                    "{what} raised {kind}: {error}",
                    what=_call_text(state, player),
                    kind=type(error).__name__,
                    error=str(error),
                ),
                code="raised:evaluate",
            ) from None
        if type(value) is not float or not -1 <= value <= 1:  # the usual answer, checked fast
            value = self._checked(value, state, player)
        return value

    @staticmethod
    def _checked(value: Any, state: HexState, player: str) -> float:
        where = _call_text(state, player)
        value = require_number(value, where)
        if not -1 - TOLERANCE <= value <= 1 + TOLERANCE:
            raise GradingError(
                kept_sentence(
                    "{where} returned {value}, outside [-1, 1]", where=where, value=value
                ),
                code="a04.out_of_range",
            )
        return float(value)


def _call_text(state: HexState, player: str) -> str:
    return kept_sentence(
        "evaluate(state, {player}) with state.rows() == {rows}",
        player=repr(player),
        rows=state.rows(),
    )


def _memo(evaluate: Callable[..., Any]) -> Memo:
    return evaluate if isinstance(evaluate, Memo) else Memo(evaluate)


def _same(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE


def check_range_and_zero_sum(evaluate: Callable[..., Any]) -> None:
    """A number in [-1, 1] for both players, and ``evaluate(s, 'O') == -evaluate(s, 'X')``."""
    f = _memo(evaluate)
    for state in UNWON + WON:
        x, o = f(state, "X"), f(state, "O")
        if not _same(x, -o):
            values = {
                "mistake": kept_sentence(MISTAKES["not_zero_sum"]),
                "rows": state.rows(),
                "x": f"{x:.4g}",
                "o": f"{o:.4g}",
            }
            said = (
                kept_sentence(
                    "{mistake}; on {rows} it gives {x} for X and {o} for O, and {o} is not -({x})",
                    **values,
                )
                if state.winner is None
                else kept_sentence(
                    "{mistake}; on {rows} (a position {winner} has won) it gives {x} for X and "
                    "{o} for O, and {o} is not -({x})",
                    **values,
                    winner=state.winner,
                )
            )
            raise GradingError(
                said,
                code="a04.not_zero_sum",
                evidence={"step": "evaluate", "input": str(state.rows()), "got": repr((x, o))},
            )


def check_wins(evaluate: Callable[..., Any]) -> None:
    """A won position scores above every unwon one for the winner (below for the loser)."""
    f = _memo(evaluate)
    for player in ("X", "O"):
        top = max(f(state, player) for state in UNWON)
        for state in WON:
            value = f(state, player)
            good = value > top if state.winner == player else value < -top
            bound = top if state.winner == player else -top
            if not good:
                values = {
                    "player": repr(player),
                    "value": f"{value:.4g}",
                    "winner": state.winner,
                    "rows": state.rows(),
                    "bound": f"{bound:.4g}",
                }
                said = (
                    kept_sentence(
                        "evaluate(state, {player}) gives {value} for a position {winner} has won "
                        "({rows}); a win must score above every unwon position, and an unwon "
                        "one here scores {bound}",
                        **values,
                    )
                    if state.winner == player
                    else kept_sentence(
                        "evaluate(state, {player}) gives {value} for a position {winner} has won "
                        "({rows}); a win must score below every unwon position, and an unwon "
                        "one here scores {bound}",
                        **values,
                    )
                )
                raise GradingError(
                    said,
                    code="a04.win_not_extreme",
                    evidence={"step": "evaluate", "input": str(state.rows()), "got": repr(value)},
                )


def balanced_positions(count: int = 100, seed: int = 11) -> list[HexState]:
    """``count`` seeded random 5 x 5 positions nobody has won, with as many X stones as O
    stones (X to move), so that their mirror images are positions too."""
    rng = random.Random(seed)
    found: list[HexState] = []
    while len(found) < count:
        state = GAME.initial
        for _ in range(2 * rng.randint(1, 8)):
            state = GAME.result(state, rng.choice(GAME.actions(state)))
            if GAME.terminal_test(state):
                break
        if not GAME.terminal_test(state) and state.to_move == "X":
            found.append(state)
    return found


def check_symmetry(evaluate: Callable[..., Any], states: Sequence[HexState] | None = None) -> None:
    """The mirrored position with colours swapped scores the same for O as the original for X
    (``states``: positions nobody has won, with as many X stones as O stones; by default the
    fixed ones, then `balanced_positions`: the property must hold everywhere, not only on a
    few boards)."""
    states = UNWON + balanced_positions() if states is None else states
    f = _memo(evaluate)
    for state in states:
        other = mirrored(state)
        x, o = f(state, "X"), f(other, "O")
        if not _same(x, o):
            raise GradingError(
                kept_sentence(
                    "{mistake}; it gives {x} for X on {rows} but {o} for O on its mirror image "
                    "{mirror}",
                    mistake=kept_sentence(MISTAKES["not_symmetric"]),
                    x=f"{x:.4g}",
                    rows=state.rows(),
                    o=f"{o:.4g}",
                    mirror=other.rows(),
                ),
                code="a04.not_symmetric",
                evidence={"step": "evaluate", "input": str(state.rows()), "got": repr((x, o))},
            )


def check_connection(evaluate: Callable[..., Any], pairs: Sequence[Pair] = PAIRS) -> None:
    """Connection counts: in each of ``pairs`` X scores more on the better board."""
    f = _memo(evaluate)
    for pair in pairs:
        better, worse = f(pair.better, "X"), f(pair.worse, "X")
        if not better > worse:
            relation = (
                kept_sentence("the same for both")
                if _same(better, worse)
                else kept_sentence("less for the first")
            )
            raise GradingError(
                kept_sentence(
                    "{mistake}: for X it gives {better} on {first} and {worse} on {second}, "
                    "{relation}, though the first is better for X: {fact}",
                    mistake=kept_sentence(MISTAKES["connection"]),
                    better=f"{better:.4g}",
                    first=pair.better.rows(),
                    worse=f"{worse:.4g}",
                    second=pair.worse.rows(),
                    relation=relation,
                    fact=pair.fact,
                ),
                code="a04.connection",
                evidence={
                    "step": "evaluate",
                    **input_evidence(
                        kept_sentence(
                            "{better} against {worse}",
                            better=pair.better.rows(),
                            worse=pair.worse.rows(),
                        )
                    ),
                    "got": repr((better, worse)),
                },
            )


def check_positions(evaluate: Callable[..., Any]) -> Memo:
    """All the fixed-position checks, in the order that names the simplest mistake first."""
    f = _memo(evaluate)
    check_range_and_zero_sum(f)
    check_wins(f)
    check_symmetry(f)
    check_connection(f)
    return f


# --------------------------------------------------------------------------------------------
# The value the docstring specifies
# --------------------------------------------------------------------------------------------

EDGES = {"X": N_("the top and bottom rows"), "O": N_("the left and right columns")}
"""The two edges each player joins, in the feedback's words."""


def board(rows: str | Sequence[str]) -> HexState:
    """A position of any size from its rows, given as a list or as one string with the rows
    separated by spaces (``"X.. .O. ..."``)."""
    rows = rows.split() if isinstance(rows, str) else list(rows)
    return Hex(size=len(rows)).from_rows(rows)


def _other(player: str) -> str:
    return "O" if player == "X" else "X"


def needed(state: HexState, player: str) -> int | None:
    """The fewest stones ``player`` must still add to join their edges (gamekit's
    `gamekit.hex_heuristics.distance`: a 0-1 breadth-first search over the six neighbours)."""
    from gamekit.hex_heuristics import distance

    return distance(state, player)


def reference_evaluate(state: HexState, player: str) -> float:
    """What ``evaluate(state, player)`` must return, as its docstring says (the source
    notebook's answer): 1 if ``player`` has won, -1 if they have lost, else the opponent's
    shortest path minus the player's, over the number of cells plus one."""
    if state.winner is not None:
        return 1.0 if state.winner == player else -1.0
    mine, theirs = needed(state, player), needed(state, _other(player))
    if mine is None or theirs is None:  # in Hex only a won position blocks a player
        raise ValueError(f"a player has no way left on the unwon {state.rows()}")
    return (theirs - mine) / (state.size * state.size + 1)


def path_stones(state: HexState, player: str) -> list[str] | None:
    """The empty cells of one shortest way for ``player`` to join their edges, from their first
    edge (top row, left column) on, named as on the board (``'b2'``), or None if no way is left.
    Checked here: as many cells as `needed` counts, and with stones of ``player`` on them the
    two edges are joined."""
    n, cells, other = state.size, state.cells, _other(player)
    around = adjacency(n)
    first = range(n) if player == "X" else range(0, n * n, n)
    last = set(range(n * (n - 1), n * n)) if player == "X" else set(range(n - 1, n * n, n))
    cost = {i: int(cells[i] == ".") for i in range(n * n) if cells[i] != other}
    best: dict[int, int] = {}
    came: dict[int, int | None] = {}
    starts = sorted((cost[i], i, None) for i in first if i in cost)
    queue: deque[tuple[int, int, int | None]] = deque(starts)
    while queue:  # a 0-1 breadth-first search that remembers where each cell was reached from
        d, i, before = queue.popleft()
        if i in best and best[i] <= d:
            continue
        best[i], came[i] = d, before
        for j in around[i]:
            if j in cost and best.get(j, n * n + 1) > d + cost[j]:
                step = (d + cost[j], j, i)
                queue.appendleft(step) if cost[j] == 0 else queue.append(step)
    ends = [i for i in last if i in best]
    if not ends:
        return None
    end: int | None = min(ends, key=lambda i: (best[i], i))
    way: list[int] = []
    while end is not None and len(way) <= n * n:
        way.append(end)
        end = came[end]
    empty = [i for i in reversed(way) if cells[i] == "."]  # from the first edge on
    filled = "".join(player if i in empty else cells[i] for i in range(n * n))
    if len(empty) != needed(state, player) or not _joined(filled, n, player):
        return None  # never: the search above is checked, not trusted
    return [cell_name((i // n + 1, i % n + 1)) for i in empty]


def _joined(cells: str, n: int, player: str) -> bool:
    """Whether ``player``'s stones in ``cells`` join their two edges (a flood fill)."""
    around = adjacency(n)
    first = range(n) if player == "X" else range(0, n * n, n)
    seen = {i for i in first if cells[i] == player}
    todo = list(seen)
    while todo:
        i = todo.pop()
        if (i // n if player == "X" else i % n) == n - 1:
            return True
        for j in around[i]:
            if cells[j] == player and j not in seen:
                seen.add(j)
                todo.append(j)
    return False


def _stones(count: int) -> str:
    if count == 1:
        return kept_sentence("{count} more stone", count=count)
    return kept_sentence("{count} more stones", count=count)


def value_fact(state: HexState, player: str) -> str:
    """Why ``reference_evaluate(state, player)`` is what it is, computed from the position (a
    kept sentence)."""
    n = state.size
    if state.winner is not None:
        return kept_sentence(
            "{winner} has joined {edges}, so the position is won by {winner} and scores {sign} "
            "for {player}",
            winner=state.winner,
            edges=kept_sentence(EDGES[state.winner]),
            sign="1" if state.winner == player else "-1",
            player=player,
        )
    parts = []
    for who in ("X", "O"):
        way = path_stones(state, who)
        stones, edges = _stones(needed(state, who) or 0), kept_sentence(EDGES[who])
        parts.append(
            kept_sentence(
                "{player} needs {stones} (for example at {cells}) to join {edges}",
                player=who,
                stones=stones,
                cells=", ".join(way),
                edges=edges,
            )
            if way
            else kept_sentence(
                "{player} needs {stones} to join {edges}", player=who, stones=stones, edges=edges
            )
        )
    mine, theirs = needed(state, player), needed(state, _other(player))
    return kept_sentence(
        "nobody has won; {x_needs}, {o_needs}; so for {player} the value is "
        "({theirs} - {mine}) / ({n} * {n} + 1) = {value}",
        x_needs=parts[0],
        o_needs=parts[1],
        player=player,
        theirs=theirs,
        mine=mine,
        n=n,
        value=_show(reference_evaluate(state, player)),
    )


def _show(value: float, other: float | None = None) -> str:
    """A value for a sentence: 6 significant digits, or every digit when that is what tells
    ``value`` from ``other``."""
    short = f"{value:.6g}"
    if other is not None and short == f"{other:.6g}" and not _same(value, other):
        return repr(value)
    return short


VALUE_ROWS = (
    # 3 x 3
    "... ... ...",
    "..O ... ..X",
    "... OX. X.O",
    ".XO .OX ..X",
    "O.X .XO .X.",
    "X.. XOO O.X",
    ".OX XOX XO.",
    # 4 x 4
    ".... .... .... ....",
    ".... ..X. .... OX..",
    "X..O O.O. .... X..X",
    "..X. ...X OOOO X.X.",
    "..X. .XOO .OX. .OX.",
    "O.XO O.X. ..X. XX.O",
    # 5 x 5 (and the positions of the property checks, UNWON and WON)
    "..... ..... ..... ..... .....",
    ".X... .X... ....O .O.O. ...X.",
    "..X.. O.X.. .OX.. .XO.. .X..O",
    "..... ...X. .X.X. OOOOO .XXXO",
    "...OO ..... X.O.. OOX.X XOXX.",
    "O...X .O.X. ...XX .OXOO XOOX.",
    # 7 x 7
    "....... ....... ....... ....... ....... ....... .......",
    ".X..XO. ...XO.. .OOOX.. ....... ....... .X..... .X.....",
    ".....X. ....X.. X..XX.X ....OOO OOOO... ....... .....X.",
    "..XOO.. ..XO... O.XXO.. ...X... ..X.... ..X...O OX..OX.",
    "...O.X. ...X... O.X.XOO .OOOOX. ......X .X.X... XO..O.X",
    ".XXO.OO OXXXX.X ..O.XOX O..O... X....O. OXOX.O. XOOX..X",
    # 11 x 11 (the size Hex is usually played on)
    "........... ........... ........... ........... ........... ........... "
    "........... ........... ........... ........... ...........",
    ".O..OOO..XO ........X.. .....XXXX.. ....XOO.O.. ....X...... .O.X....... "
    "........... ........... ....O...... X.......... ........X..",
    ".O..OOO..XO ........X.. .....XXXX.. ....XOO.O.O ....X...... .O.X....... "
    ".OXX....... .OOO.X..... ..X.O...... X.......... ........X..",
    ".........X. .......OX.. OO..O..XOOO .O....XOX.. .....XO.... .....X..... "
    "..O..XXX... .O.O...XX.. ...OO.X.... ......XX... X.O...X....",
    ".X.....X... ......O..OO .....XX.O.. ......XO.X. .X....O.... X...OO...X. "
    ".OOO...XO.. OXXXX...... XOOO..OX... O.......... ......X.X..",
    "....XO..... ....X...... ..X.....O.. .OOX......X XXX.......O XO.X..OOXO. "
    "XOOOO.....O XO...X..... XXXX....... .O......... .X.......OO",
    ".O..OOO..XO ........X.. .O...XXXX.. ....XOO.O.O .X..X...... .O.X....... "
    ".OXXXO.O... .OOOXX.O... ..XOOX..... X....X..... X..O....X..",
    "OOOX..O..XO XXX....XO.. O.O.XO.OX.. ...OX.XO..X ...OOO...X. .X....O.X.X "
    ".XOO.X...O. O.XXOO.O..X OX.XOXXX... .O..XOX.... .X.........",
    "OOOX..O..XO XXX....XO.. O.O.XO.OX.. ...OX.XO..X ...OOO...X. .X....O.X.X "
    ".XOO.X...O. O.XXOO.O..X OX.XOXXX... OO..XOX.... .X.........",
    "OOOX..O..XO XXX....XO.. O.OXXO.OX.. ...OX.XO..X ...OOO...X. .X....O.X.X "
    ".XOO.X...O. O.XXOO.O..X OX.XOXXX... OO..XOX.... .X.........",
    "XOOOO.OXO.X XOXO.XX.... .OXOOOXX... ..XX.OX.... ..OXOOXXOOO .OXO.OOOX.. "
    "OXOXX.XX... XXOOXOO...O .XOX..XX.O. .XXX.X.X.XO OOXO.XO.O.X",
    "XOOOO.OXO.X XOXO.XX.... XOXOOOXX... ..XX.OX.... ..OXOOXXOOO .OXO.OOOX.. "
    "OXOXX.XX... XXOOXOO...O .XOX..XX.O. .XXX.X.X.XO OOXO.XO.O.X",
)
"""Positions of every kind on every size from 3 x 3 to 11 x 11: the empty board, early, middle
and late positions, and positions won by X and by O. Chosen from 3,368 positions of seeded games
(random moves, and moves that shorten the mover's path): each of the 159 single-edit mutants of
the reference answer (`gamekit.checks.mutants`) that changes a value on one of those positions
changes it on at least six of these (two more mutants loop for ever, four change nothing)."""


def _stone_count(state: HexState) -> int:
    return len(state.cells) - state.cells.count(".")


VALUE_POSITIONS = tuple(
    sorted(
        {state.cells: state for state in [*map(board, VALUE_ROWS), *UNWON, *WON]}.values(),
        key=lambda state: (state.size, _stone_count(state), state.cells),
    )
)
"""What `check_values` asks about by default, smallest board and fewest stones first (so the
position a wrong value is shown on is the simplest one where it goes wrong)."""

VALUE_EXAMPLES = (
    board("... .X. ..."),
    board(".X... ..O.. .XO.. ..... ....."),
    board("..X. .OX. OX.. .X.O"),
)
"""The positions the visible test shows (a 3 x 3, a 5 x 5 and a 4 x 4 one, won by X)."""


def _ask(evaluate: Callable[..., Any], state: HexState, player: str) -> float:
    """One call of the student's ``evaluate``, through the guard, with no memo."""
    return Memo(evaluate)._ask(state, player)


def _where(state: HexState) -> str:
    return kept_sentence("the {n} x {n} board {rows}", n=state.size, rows=state.rows())


def check_values(
    evaluate: Callable[..., Any], states: Sequence[HexState] = VALUE_POSITIONS
) -> None:
    """``evaluate(state, player)`` is the value its docstring specifies on each of ``states``,
    for both players (X asked first on every other position, O on the others). Then every
    question is asked again, straight to ``evaluate``, in two other orders (the same positions
    with the players the other way round and the second player's question asked twice in a row,
    then all of them shuffled with a fixed seed), and each answer is compared with the value it
    must have: the same call must give the same value whatever was asked before it (a cache or a
    counter must not change it)."""
    f = _memo(evaluate)
    asked: list[tuple[HexState, str]] = []
    for index, state in enumerate(states):
        for player in ("X", "O") if index % 2 == 0 else ("O", "X"):
            got, expected = f(state, player), reference_evaluate(state, player)
            if not _same(got, expected):
                raise GradingError(
                    kept_sentence(
                        "evaluate(state, {player}) returned {got} on {where}, but should return "
                        "{expected}: {fact}",
                        player=repr(player),
                        got=_show(got, expected),
                        where=_where(state),
                        expected=_show(expected, got),
                        fact=value_fact(state, player),
                    ),
                    code="witness:evaluate",
                    evidence=_evidence(state, player, got, expected),
                )
            asked.append((state, player))
    swapped = []  # each position again, the players the other way round, the second twice
    for one, two in zip(asked[::2], asked[1::2], strict=True):
        swapped += [two, one, one]
    shuffled = list(asked)
    random.Random(30).shuffle(shuffled)
    before = asked[-1] if asked else None
    for state, player in swapped + shuffled:
        got, expected = _ask(f.evaluate, state, player), reference_evaluate(state, player)
        if not _same(got, expected):
            first = f(state, player)
            raise GradingError(
                kept_sentence(
                    "evaluate(state, {player}) on {where} returned {first} the first time this "
                    "check asked, as it should, and {got} when asked again, {when}: the same "
                    "call must give the same value whatever was asked before it",
                    player=repr(player),
                    where=_where(state),
                    first=_show(first, got),
                    got=_show(got, first),
                    when=_just_after(before, state),
                ),
                code="a04.hidden_state",
                evidence={
                    **_evidence(state, player, got, expected),
                    "first": repr(first),
                    "before": None if before is None else [str(before[0].rows()), before[1]],
                },
            )
        before = (state, player)


def _just_after(before: tuple[HexState, str] | None, state: HexState) -> str:
    """The call made just before a question, in words."""
    if before is None:
        return kept_sentence("as the first call")
    where = kept_sentence("the same board") if before[0] == state else _where(before[0])
    return kept_sentence(
        "just after evaluate(state, {player}) on {where}", player=repr(before[1]), where=where
    )


def _evidence(state: HexState, player: str, got: float, expected: float) -> dict[str, Any]:
    return {
        "step": "evaluate",
        "input": str(state.rows()),
        "player": player,
        "got": repr(got),
        "expected": repr(expected),
    }


def _winner(first: Callable[..., Any], second: Callable[..., Any]) -> str | None:
    """Play one game of 5 x 5 Hex, ``first`` as X; return the winner."""
    state = GAME.initial
    players = {"X": first, "O": second}
    while not GAME.terminal_test(state):
        state = GAME.result(state, players[state.to_move](GAME, state))
    return state.winner


def series(
    evaluate: Callable[..., Any],
    opponent: str,
    games: int = 2,
    seed: int = 0,
    depth: int = 2,
) -> int:
    """How many of ``games`` games a depth-``depth`` alpha-beta player with ``evaluate`` wins
    against ``opponent`` ('random' or 'connected', the same search with
    `gamekit.hex_heuristics.connected`), alternating who moves first."""
    from gamekit.hex_heuristics import connected
    from gamekit.players import alphabeta_player, random_player

    if opponent not in ("random", "connected"):
        raise ValueError(f"opponent must be 'random' or 'connected', got {opponent!r}")
    student = alphabeta_player(depth=depth, eval_fn=evaluate)
    wins = 0
    for index in range(games):
        if opponent == "random":
            other = random_player(seed=seed * 1000 + index)
        else:
            other = alphabeta_player(depth=depth, eval_fn=connected)
        if index % 2 == 0:
            wins += _winner(student, other) == "X"
        else:
            wins += _winner(other, student) == "O"
    return wins


def check_tournament(evaluate: Callable[..., Any], games: int = 4, seed: int = 0) -> None:
    """Depth-2 alpha-beta with ``evaluate`` wins most of ``games`` games against Random and
    most against the same search with `connected`, first and second in turn.

    A majority, not every game: at depth 2 even a good heuristic loses the odd game to luck."""
    f = _memo(evaluate)
    for opponent in ("random", "connected"):
        wins = series(f, opponent, games=games, seed=seed)
        if 2 * wins <= games:
            raise GradingError(
                kept_sentence(
                    "with evaluate, depth-2 alpha-beta on 5 x 5 Hex wins only {wins} of {games} "
                    "games against {opponent} (it should win most); does evaluate measure how "
                    "close each player is to joining their edges?",
                    wins=wins,
                    games=games,
                    opponent=opponent,
                ),
                code="a04.loses_games",
            )


# --------------------------------------------------------------------------------------------
# For the mutation harness (gamekit.checks.mutants)
# --------------------------------------------------------------------------------------------


def observation_states(games: int = 12, seed: int = 5) -> list[HexState]:
    """Every position along seeded random games of 5 x 5 Hex (the won ones included)."""
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        state = GAME.initial
        while True:
            found.append(state)
            if GAME.terminal_test(state):
                break
            state = GAME.result(state, rng.choice(GAME.actions(state)))
    return found


def observe(namespace: dict[str, Any]) -> list[str]:
    """What the notebook's ``evaluate`` does, position by position: its value (to 9 decimals,
    the tests' tolerance) on seeded random games, the fixed positions and `VALUE_POSITIONS`,
    since the docstring specifies the value; the properties the exercise states (a number in
    [-1, 1], zero-sum, 1 for a win and -1 for a loss, a win above every unwon position, the
    mirror symmetry and the connection pairs); and the games the tests play."""
    evaluate = namespace["evaluate"]

    def value(state: HexState, player: str) -> Any:
        try:
            got = evaluate(state, player)
        except Exception as error:  # noqa: BLE001 - what a wrong program does is the data
            return f"raised {type(error).__name__}"
        return got if type(got) in (int, float) else f"a {type(got).__name__}"

    states = observation_states() + UNWON + WON
    values = {(s.cells, p): value(s, p) for s in states for p in ("X", "O")}
    unwon_top = {
        p: max((values[s.cells, p] for s in states if s.winner is None), key=_order)
        for p in ("X", "O")
    }
    seen = []
    for state in states:
        x, o = values[state.cells, "X"], values[state.cells, "O"]
        if not all(type(v) in (int, float) for v in (x, o)):
            seen.append(f"{x!r} {o!r}")
            continue
        facts = [-1 - TOLERANCE <= v <= 1 + TOLERANCE for v in (x, o)] + [_same(x, -o)]
        if state.winner is not None:
            loser = "O" if state.winner == "X" else "X"
            facts.append(
                values[state.cells, state.winner] == 1 and values[state.cells, loser] == -1
            )
            facts.append(
                _order(values[state.cells, state.winner]) > _order(unwon_top[state.winner])
            )
            facts.append(_order(values[state.cells, loser]) < -_order(unwon_top[loser]))
        elif state.cells.count("X") == state.cells.count("O"):
            mirror = value(mirrored(state), "O")
            facts.append(type(mirror) in (int, float) and _same(x, mirror))
        seen.append(repr(facts))
    for state in [*states, *VALUE_POSITIONS, *VALUE_EXAMPLES]:
        for player in ("X", "O"):
            key = (state.cells, player)
            got = values[key] if key in values else value(state, player)
            seen.append(repr(round(float(got), 9) + 0.0) if type(got) in (int, float) else got)
    for pair in PAIRS:
        better, worse = value(pair.better, "X"), value(pair.worse, "X")
        both = all(type(v) in (int, float) for v in (better, worse))
        seen.append(repr(both and better > worse))
    for seed in (2, 3):  # the games the tests play (a few seconds in all)
        for opponent in ("random", "connected"):
            try:
                seen.append(repr(series(evaluate, opponent, games=2, seed=seed)))
            except Exception as error:  # noqa: BLE001
                seen.append(f"raised {type(error).__name__}")
    return seen


def _order(value: Any) -> float:
    """A value for comparisons in ``observe`` (what is not a number ranks lowest)."""
    return float(value) if type(value) in (int, float) else float("-inf")


def recheck(namespace: dict[str, Any], code: str, evidence: dict | None) -> str | None:
    """Whether a failing cell's claim holds for the ``evaluate`` in ``namespace`` (None if it
    does): the values the message quotes are recomputed on the position it names."""
    if not evidence or evidence.get("step") != "evaluate":
        return None
    evaluate = namespace["evaluate"]
    known = [*UNWON, *WON, *balanced_positions(), *VALUE_POSITIONS, *VALUE_EXAMPLES]
    by_rows = {str(s.rows()): s for s in known}
    if code == "a04.connection":
        pair = next(
            (
                p
                for p in PAIRS
                if f"{p.better.rows()} against {p.worse.rows()}" == evidence["input"]
            ),
            None,
        )
        if pair is None:
            return f"the pair {evidence['input']!r} is not one of PAIRS"
        got = (float(evaluate(pair.better, "X")), float(evaluate(pair.worse, "X")))
        if repr(got) != evidence["got"]:
            return f"evaluate gives {got!r} on the pair, the message says {evidence['got']}"
        return None if not got[0] > got[1] else "the first position does score more"
    state = by_rows.get(evidence["input"])
    if state is None:
        return f"the position {evidence['input']!r} is not one the checks use"
    if code == "a04.not_zero_sum":
        got = (float(evaluate(state, "X")), float(evaluate(state, "O")))
        if repr(got) != evidence["got"]:
            return f"evaluate gives {got!r} there, the message says {evidence['got']}"
        return None if not _same(got[0], -got[1]) else "the values are zero-sum"
    if code == "a04.not_symmetric":
        got = (float(evaluate(state, "X")), float(evaluate(mirrored(state), "O")))
        if repr(got) != evidence["got"]:
            return f"evaluate gives {got!r} there, the message says {evidence['got']}"
        return None if not _same(*got) else "the values are the same"
    if code == "witness:evaluate":
        player = evidence["player"]
        got = float(evaluate(state, player))
        if repr(got) != evidence["got"]:
            return f"evaluate gives {got!r} there, the message says {evidence['got']}"
        expected = reference_evaluate(state, player)
        if repr(expected) != evidence["expected"]:
            return f"the value is {expected!r}, the message says {evidence['expected']}"
        return None if not _same(got, expected) else "evaluate gives the right value there"
    if code == "a04.hidden_state":  # the calls before are not replayed; the values are checked
        expected = reference_evaluate(state, evidence["player"])
        first, got = float(evidence["first"]), float(evidence["got"])
        if repr(expected) != evidence["expected"] or not _same(first, expected):
            return f"the value is {expected!r}, the message says {evidence['first']}"
        return None if not _same(got, expected) else "the second answer is the right value"
    return None


__all__ = [
    "VALUE_EXAMPLES",
    "VALUE_POSITIONS",
    "balanced_positions",
    "board",
    "check_values",
    "needed",
    "path_stones",
    "reference_evaluate",
    "value_fact",
    "observe",
    "recheck",
    "MISTAKES",
    "PAIRS",
    "UNWON",
    "WON",
    "Memo",
    "check_connection",
    "check_positions",
    "check_range_and_zero_sum",
    "check_symmetry",
    "check_tournament",
    "check_wins",
    "mirrored",
    "series",
]
