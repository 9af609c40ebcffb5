"""Checks for assignment 03 (Connect Four): ``ConnectFour.actions``, ``evaluate``, depth-limited
play and ``score_summary``.

Hidden tests build positions with `from_rows` / `from_columns` (with gamekit's own Connect Four,
before the student's code runs) and pass them to the ``check_*`` functions. Each check runs the
student's code with gamekit's Connect Four moves and evaluation functions swapped out, compares
with the reference, and names the likely mistake without printing the expected answer.
"""

from __future__ import annotations

import dataclasses
import inspect
import itertools
import math
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from gamekit.checks import (
    EngineForbidden,
    GradingError,
    engines_swapped_out,
    require_number,
    require_plain,
    require_type,
)
from gamekit.checks.a03.ladder import (
    SUMMARY_LADDER,
    _same_moves,
    actions_probes,
    actions_witness,
    confirmation_states,
    evaluate_witness,
    legal_moves,
    probe_states,
    right_summary,
    summary_witness,
)
from gamekit.checks.a03.spec import (
    CENTRE_WEIGHT,
    DIRECTION_NAMES,
    DIRECTIONS,
    EMPTY,
    SUMMARY_KEYS,
    WEIGHTS,
)
from gamekit.checks.remote import RemoteRef, run_ahead
from gamekit.games import ConnectFour as ReferenceConnectFour

# --------------------------------------------------------------------------------------------
# Positions for the hidden tests
# --------------------------------------------------------------------------------------------


class Position(NamedTuple):
    """A position for a check: a label that says what kind of board it is, never its content."""

    label: str
    h: int
    v: int
    k: int
    state: Any


def from_rows(label: str, rows: Sequence[str], k: int = 4, to_move: str | None = None) -> Position:
    """A position from its picture (top row first). Pieces must rest on the bottom or a piece."""
    h, v = len(rows), len(rows[0])
    for row in range(h - 1):
        for col in range(v):
            if rows[row][col] != EMPTY and rows[row + 1][col] == EMPTY:
                raise ValueError(f"{label}: a piece floats above an empty cell in {rows!r}")
    game = ReferenceConnectFour(h, v, k)
    return Position(label, h, v, k, game.from_rows(rows, to_move))


def from_columns(label: str, h: int, v: int, k: int, columns: Iterable[int] | str) -> Position:
    """A position reached by dropping pieces in ``columns`` (1-based), X first: ``"4435"``."""
    game = ReferenceConnectFour(h, v, k)
    state = game.initial
    for col in columns:
        state = game.drop(state, int(col))
    return Position(label, h, v, k, state)


def random_positions(h: int, v: int, k: int, count: int, seed: int) -> list[Position]:
    """``count`` non-terminal positions after 2..h*v-2 random plies (reproducible by ``seed``)."""
    rng = random.Random(seed)
    game = ReferenceConnectFour(h, v, k)
    found: list[Position] = []
    while len(found) < count:
        state = game.initial
        for _ in range(rng.randint(2, h * v - 2)):
            if game.terminal_test(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        if not game.terminal_test(state):
            found.append(Position(f"a random {h} x {v} position", h, v, k, state))
    return found


# --------------------------------------------------------------------------------------------
# Running student code
# --------------------------------------------------------------------------------------------


def heuristic_functions() -> tuple[Callable[..., Any], ...]:
    """Every function of gamekit.heuristics (the evaluations a student's evaluate must not call)."""
    from gamekit import heuristics

    return tuple(
        f
        for _, f in inspect.getmembers(heuristics, inspect.isfunction)
        if f.__module__ == heuristics.__name__
    )


def forbidden_functions() -> tuple[Callable[..., Any], ...]:
    """gamekit's Connect Four moves and every function of gamekit.heuristics."""
    from gamekit import games

    return (games.ConnectFour.actions, games.ConnectFour.drop, *heuristic_functions())


def _snapshot(state: Any) -> tuple:
    return (state.cells, state.to_move, state.utility, state.moves, state.last_move, state.h)


def _mutation_message(error: BaseException) -> str | None:
    """The explanation when ``error`` comes from an attempt to change an immutable state."""
    text = str(error)
    if isinstance(error, dataclasses.FrozenInstanceError):
        return (
            "your actions tries to change the state (it assigns to one of its fields): states "
            "are immutable; read state.board / state.moves and build a new list instead"
        )
    if isinstance(error, TypeError) and ("item assignment" in text or "item deletion" in text):
        return (
            "your actions tries to change the state (it writes into state.board): states are "
            "immutable; read the board and build a new list of moves instead"
        )
    if isinstance(error, AttributeError) and "'tuple' object has no attribute" in text:
        return (
            "your actions tries to change the state in place (state.moves is a tuple and cannot "
            "be changed): build a new list of moves instead"
        )
    return None


def _call(
    function: Callable[..., Any],
    what: str,
    where: str,
    *args: Any,
    forbidden: tuple[Callable[..., Any], ...] | None = None,
) -> Any:
    """Call student code with gamekit's answers (default: `forbidden_functions`) swapped out;
    explain any error it raises."""
    forbidden = forbidden_functions() if forbidden is None else forbidden
    try:
        with engines_swapped_out(*forbidden):
            return function(*args)
    except EngineForbidden as error:
        raise GradingError(f"{what} calls gamekit's own code: {error}", code="forbidden") from None
    except (GradingError, NotImplementedError):  # a blank answer stays unanswered
        raise
    except Exception as error:
        mutation = _mutation_message(error)
        if mutation:
            raise GradingError(f"{mutation} (on {where})", code="raised:actions") from None
        raise GradingError(
            f"{what} raised {type(error).__name__}: {error} (on {where})",
            code=f"raised:{what.split('(')[0]}",
        ) from None


# --------------------------------------------------------------------------------------------
# ConnectFour.actions
# --------------------------------------------------------------------------------------------


def _columns(state: Any) -> list[str]:
    """Each column of the board, top to bottom (index 0 is column 1)."""
    return [state.cells[col :: state.v] for col in range(state.v)]


def _topmost_empty(state: Any) -> set[tuple[int, int]]:
    return {(col.find(EMPTY) + 1, c + 1) for c, col in enumerate(_columns(state)) if EMPTY in col}


def _check_move_types(moves: Any, where: str) -> None:
    require_type(moves, list, f"actions(state) on {where}")
    for move in moves:
        require_type(move, tuple, f"each move returned by actions (on {where})")
        if len(move) != 2 or any(type(x) is not int for x in move):
            raise GradingError(
                f"each move must be a (row, col) tuple of two ints, got {move!r} (on {where})",
                code="shape:actions",
            )


ACTIONS_MISTAKES = {
    "moves_after_win": "returns moves for a position where someone has already won: the game "
    "is over, so there are no legal moves (check state.utility)",
    "every_empty_cell": "returns every empty cell (TicTacToe's rule): in Connect Four only the "
    "lowest empty cell of each column can be played",
    "topmost_cell": "returns the top-most empty cell of a column: a piece falls to the lowest "
    "empty cell (rows are counted from 1 at the top, so the lowest cell has the largest row)",
    "full_columns_kept": "keeps full columns: a column with no empty cell has no legal move",
    "off_by_one_row": "is off by one row",
    "row_col_swapped": "has row and column swapped",
    "swapped_or_one_cell_per_row": "has row and column swapped (or it gives one cell per row "
    "instead of one per column)",
    "one_cell_per_row": "gives one cell per row instead of one per column",
}
"""``actions``'s catalogued mistakes: the code ``a03.actions.<key>`` and the words its message
opens with (the class report, `gamekit.report.catalogue`, shows the same words). Each is
checked on the student's answer on the board the message shows, not on every board."""


def _actions_mistake(got: set, expected: set, state: Any, h: int, v: int) -> tuple[str, str]:
    """The mistake code behind a wrong set of moves (``witness:actions`` when no catalogued
    mistake fits: the words then only say what is wrong) and the words for the message."""
    words = ACTIONS_MISTAKES

    def named(key: str, more: str = "") -> tuple[str, str]:
        return f"a03.actions.{key}", words[key] + more

    if state.utility != 0 and got:
        return named("moves_after_win")
    if got == set(state.moves) and got != expected:
        return named("every_empty_cell")
    if got == _topmost_empty(state) and got != expected:
        return named("topmost_cell")
    full = {c + 1 for c, col in enumerate(_columns(state)) if EMPTY not in col}
    if any(col in full for _, col in got) and expected <= got:
        return named("full_columns_kept")
    for shift, where in ((-1, "above"), (1, "below")):
        if got == {(row + shift, col) for row, col in expected}:
            return named(
                "off_by_one_row",
                f": each move is one row {where} the lowest empty cell "
                f"(rows go from 1 at the top to h = {h} at the bottom)",
            )
    per_row_why = (
        ": a move drops a piece into a column, so there is one move for each column that is not "
        "full, at its lowest empty cell"
    )
    swapped = got == {(col, row) for row, col in expected}
    rows = [row for row, _ in got]
    columns = [col for _, col in got]
    if swapped:  # the same answer as one cell per row when no two moves share a row
        both = len(set(rows)) == len(rows) > 1
        return named(
            "swapped_or_one_cell_per_row" if both else "row_col_swapped",
            f": a move is (row, col), the row first (1 at the top, h = {h} at the bottom), "
            f"then the column (1 to v = {v})",
        )
    if len(got) > 1 and len(set(rows)) == len(rows) and len(set(columns)) < len(columns):
        return named("one_cell_per_row", per_row_why)
    return _actions_fault(got, expected, state, h, v)


def _actions_fault(got: set, expected: set, state: Any, h: int, v: int) -> tuple[str, str]:
    """``witness:actions`` and what is wrong with ``got`` on this board, in words that say only
    what the moves are (no rule behind them)."""
    witness = "witness:actions"
    off_board = [m for m in got if not (1 <= m[0] <= h and 1 <= m[1] <= v)]
    if off_board:
        return witness, f"returns a cell outside the {h} x {v} board: {sorted(off_board)[0]!r}"
    occupied = [m for m in got if m not in set(state.moves)]
    if occupied:
        return witness, f"returns a cell that is already occupied: {sorted(occupied)[0]!r}"
    if got < expected:
        return witness, "misses a column that can still be played"
    return witness, "returns cells that are not the lowest empty cell of their column"


def check_actions(connect_four_class: type, positions: Sequence[Position]) -> None:
    """The student's ``ConnectFour(h, v, k).actions(state)`` equals gamekit's on every position.

    Order does not matter; the type does: a ``list`` of ``(row, col)`` tuples of ints, no
    repeats, and the state must not change. (The student's class lives in their kernel: it is
    called there, on copies of the positions.)
    """
    is_class = (
        isinstance(connect_four_class, type) or getattr(connect_four_class, "kind", None) == "class"
    )
    if not is_class:
        raise GradingError(
            f"ConnectFour should be a class, got {connect_four_class!r}", code="shape:actions"
        )
    checked_fresh_list = False
    for position in positions:
        where = f"{position.label} ({position.h} x {position.v}, k = {position.k})"
        expected = set(
            ReferenceConnectFour(position.h, position.v, position.k).actions(position.state)
        )
        game = _call(
            connect_four_class, "ConnectFour(h, v, k)", where, position.h, position.v, position.k
        )
        before = _snapshot(position.state)
        got = _call(game.actions, "actions(state)", where, position.state)
        if _snapshot(position.state) != before:
            raise GradingError(
                f"your actions changed the state it was given (on {where}): states are "
                "immutable; build a new list of moves instead",
                code="witness:actions",
            )
        _check_move_types(got, where)
        if len(set(got)) != len(got):
            raise GradingError(f"actions returns a move twice (on {where})", code="witness:actions")
        if set(got) != expected:
            _climb_actions_ladder(connect_four_class)
            code, mistake = _actions_mistake(
                set(got), expected, position.state, position.h, position.v
            )
            raise GradingError(f"actions {mistake} (on {where})", code=code)
        if got and not checked_fresh_list and not isinstance(game, RemoteRef):
            # Only observable where the class runs in this process (the visible tests, in the
            # student's kernel): a copy of the list crosses to the grader, never the list.
            checked_fresh_list = True
            got.append((0, 0))  # a caller changing the list it received ...
            again = _call(game.actions, "actions(state)", where, position.state)
            if again is got or (0, 0) in again:
                raise GradingError(
                    "actions returns the same list object every time (a list kept in the game "
                    "or the state): a caller that changes it would corrupt your game; build "
                    "and return a new list on each call",
                    code="witness:actions",
                )


def _climb_actions_ladder(connect_four_class: type) -> None:
    """Raise the witness of `gamekit.checks.a03.ladder` if the student's ``actions`` goes
    wrong on a public probe board (shown with its legal moves); return if right on them all."""

    def run(h: int, v: int, k: int, state: Any) -> Any:
        game = _call(connect_four_class, "ConnectFour(h, v, k)", "the probe board", h, v, k)
        return _call(game.actions, "actions(state)", "the probe board", state)

    said = {"code": "witness:actions"}  # the code of the mistake the message names, if any

    def describe(got: set, expected: set, state: Any, h: int, v: int) -> str:
        code, words = _actions_mistake(got, expected, state, h, v)
        if code != "witness:actions" and not _wrong_alike_on_every_probe(run, code):
            code, words = _actions_fault(got, expected, state, h, v)  # what it did, no name
        said["code"] = code
        return words

    found = actions_witness(run, describe)
    if found is not None:
        witness, message = found
        raise GradingError(message, code=said["code"], evidence=witness.to_dict())


def _wrong_alike_on_every_probe(run: Callable[..., Any], code: str) -> bool:
    """Whether the student's ``actions`` (``run(h, v, k, state)``) is wrong as the mistake
    ``code`` describes on every probe board where it is wrong: a name read off one board must
    hold on the others (returning row 1 is "the top-most empty cell" only on an empty board)."""
    for probe in actions_probes():
        h, v, _, state = probe.args
        try:
            got = run(*probe.args)
            moves = set(got)
        except (GradingError, TypeError):
            return False
        expected = set(legal_moves(*probe.args))
        wrong = not _same_moves(got, sorted(expected))
        if wrong and _actions_mistake(moves, expected, state, h, v)[0] not in _ALIKE.get(
            code, {code}
        ):
            return False
    return True


_ALIKE = {
    "a03.actions.one_cell_per_row": {
        "a03.actions.one_cell_per_row",
        "a03.actions.swapped_or_one_cell_per_row",
    },
    "a03.actions.row_col_swapped": {
        "a03.actions.row_col_swapped",
        "a03.actions.swapped_or_one_cell_per_row",
    },
    "a03.actions.swapped_or_one_cell_per_row": {
        "a03.actions.swapped_or_one_cell_per_row",
        "a03.actions.row_col_swapped",
        "a03.actions.one_cell_per_row",
    },
}
"""The codes whose words also hold where another is found: one cell per row in distinct rows
and columns is the swapped-or-per-row case on that board."""


def check_standard_board(connect_four_class: type) -> None:
    """``ConnectFour()`` with no arguments is the standard board: 6 rows, 7 columns, 4 in a
    row (the class's default arguments)."""
    game = _call(connect_four_class, "ConnectFour()", "the default board")
    got = tuple(
        _call(lambda name=name: getattr(game, name), f"ConnectFour().{name}", "the default board")
        for name in ("h", "v", "k")
    )
    if got != (6, 7, 4):
        raise GradingError(
            f"ConnectFour() gives a board with h = {got[0]!r}, v = {got[1]!r}, k = {got[2]!r}: "
            "with no arguments it must be the standard board, h = 6 rows, v = 7 columns, "
            "k = 4 in a row (keep the default arguments h=6, v=7, k=4)",
            code="witness:actions",
        )


# --------------------------------------------------------------------------------------------
# evaluate
# --------------------------------------------------------------------------------------------


def window_eval(
    state: Any,
    player: str,
    k: int = 4,
    *,
    weights: Sequence[float] = WEIGHTS,
    centre: float = CENTRE_WEIGHT,
    opponent: bool = True,
    mixed: bool = False,
    directions: Sequence[tuple[int, int]] = DIRECTIONS,
    short_lines: bool = False,
) -> float:
    """A plain, independent version of the window heuristic, with switches that reproduce the
    usual mistakes (to name them): ``opponent=False`` ignores the opponent's windows,
    ``mixed=True`` scores windows holding both colours, ``directions`` drops some, and
    ``short_lines`` forgets the last window of every line."""
    h, v = state.h, state.v
    opp = "O" if player == "X" else "X"
    board = {(i // v + 1, i % v + 1): mark for i, mark in enumerate(state.cells)}
    total = 0.0
    for d_row, d_col in directions:
        for row in range(1, h + 1):
            for col in range(1, v + 1):
                cells = [(row + i * d_row, col + i * d_col) for i in range(k)]
                if not all(1 <= r <= h and 1 <= c <= v for r, c in cells):
                    continue
                if short_lines:
                    after = (row + k * d_row, col + k * d_col)
                    if not (1 <= after[0] <= h and 1 <= after[1] <= v):
                        continue
                marks = [board[cell] for cell in cells]
                own, other = marks.count(player), marks.count(opp)
                if mixed:
                    total += weights[own] - (weights[other] if opponent else 0)
                elif other == 0:
                    total += weights[own]
                elif own == 0 and opponent:
                    total -= weights[other]
    middle = ((v + 1) // 2,) if v % 2 else (v // 2, v // 2 + 1)
    for col in middle:
        column = state.cells[col - 1 :: v]
        total += centre * column.count(player)
        if opponent:
            total -= centre * column.count(opp)
    return total


def _mistake_rules() -> list[tuple[str, dict[str, Any], int]]:
    """(explanation, `window_eval`'s settings, sign) of each catalogued mistake, in the order
    of `EVALUATE_MISTAKE_KEYS`."""
    rules: list[tuple[str, dict[str, Any], int]] = [
        (
            "has no centre preference: add 3 points per own piece in the centre column "
            "(the two middle columns when the number of columns is even), minus 3 per opponent "
            "piece",
            {"centre": 0},
            1,
        ),
        (
            "is not symmetric: it ignores the opponent's windows (and centre pieces); they "
            "must count negatively, so that evaluate(state, 'X') == -evaluate(state, 'O')",
            {"opponent": False},
            1,
        ),
        (
            "counts windows that hold both colours: such a window can never be won and scores 0",
            {"mixed": True},
            1,
        ),
        (
            "misses the last window of each line: a line of n cells has n - k + 1 windows "
            "(range(n - k + 1), not range(n - k))",
            {"short_lines": True},
            1,
        ),
        ("has the sign the wrong way round: positive must mean good for `player`", {}, -1),
    ]
    for missing in DIRECTIONS:
        kept = [d for d in DIRECTIONS if d != missing]
        rules.append(
            (
                f"misses the windows in one direction: {DIRECTION_NAMES[missing]}",
                {"directions": kept},
                1,
            )
        )
    return rules


_MISTAKE_RULES = _mistake_rules()


def mistake_value(state: Any, player: str, index: int) -> float:
    """The value of the catalogued mistake ``index`` (of `EVALUATE_MISTAKE_KEYS`) on ``state``."""
    _, settings, sign = _MISTAKE_RULES[index]
    return sign * window_eval(state, player, **settings)


def _mistakes(state: Any, player: str) -> list[tuple[str, float]]:
    """(explanation, value) of each catalogued mistake on ``state``."""
    return [
        (words, mistake_value(state, player, index))
        for index, (words, _, _) in enumerate(_MISTAKE_RULES)
    ]


def _same(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


EVALUATE_MISTAKE_KEYS = (
    "no_centre",
    "ignores_opponent",
    "mixed_windows",
    "short_lines",
    "sign",
    *(f"missing_direction_{dr}_{dc}" for dr, dc in DIRECTIONS),
)
"""A stable code for each entry of `_mistakes`, in its order."""


def check_evaluate_positions(
    evaluate: Callable[[Any, str], Any], positions: Sequence[Position]
) -> None:
    """``evaluate(state, player)`` equals the course's window heuristic (k = 4) for X and O. A
    catalogued mistake is named only if it gives the student's value for both players on every
    position; otherwise the message gives the value and the rule, on the first position where
    they differ."""
    from gamekit.heuristics import connect_four_eval

    seen = []  # (position, where, got, expected) for every position, in order
    for position in positions:
        where = f"{position.label} ({position.h} x {position.v})"
        got = {}
        for player in ("X", "O"):
            value = _call(evaluate, f"evaluate(state, {player!r})", where, position.state, player)
            got[player] = require_number(value, f"evaluate(state, {player!r}) on {where}")
        expected = {p: connect_four_eval(position.state, p, position.k) for p in ("X", "O")}
        seen.append((position, where, got, expected))
    wrong = [
        (position, where, got, expected, player)
        for position, where, got, expected in seen
        for player in ("X", "O")
        if not _same(got[player], expected[player])
    ]
    if not wrong:
        return
    position, where, got, expected, player = wrong[0]
    same_for_both = all(_same(values["X"], values["O"]) for _, _, values, _ in seen)
    if same_for_both and not _same(expected["X"], expected["O"]):
        raise GradingError(  # a fact on every position checked, not one coincidence
            f"evaluate ignores `player`: it returns the same value for X and for O on every "
            f"position checked ({got['X']:g} for both on {where}); score the board for "
            "`player`, positive when good for them",
            code="a03.ignores_player",
        )

    def student(state: Any, who: str) -> float:
        value = _call(evaluate, f"evaluate(state, {who!r})", "a probe board", state, who)
        return require_number(value, f"evaluate(state, {who!r}) on a probe board")

    fitting = set(range(len(EVALUATE_MISTAKE_KEYS)))
    for pos, _, values, _ in seen:
        for who in ("X", "O"):
            mutants = [value for _, value in _mistakes(pos.state, who)]
            fitting &= {i for i, value in enumerate(mutants) if _same(values[who], value)}
    # a name must fit the public probe boards and the generated boards beyond them too
    for state in itertools.chain(probe_states(), confirmation_states()):
        if not fitting:
            break
        for who in ("X", "O"):
            try:
                mine = student(state, who)
            except GradingError:  # it fails there: not the mistake, which never fails
                fitting = set()
                break
            fitting &= {i for i in fitting if _same(mine, mistake_value(state, who, i))}
    if len(fitting) == 1:
        (index,) = fitting
        explanation = _mistakes(position.state, player)[index][0]
        raise GradingError(
            f"evaluate {explanation} (it gives exactly such a heuristic's values for X and O on "
            f"every position checked; first different from the course's on {where}, for "
            f"{player})",
            code=f"a03.{EVALUATE_MISTAKE_KEYS[index]}",
        )
    found = evaluate_witness(student, _same)
    if found is not None:
        witness, message = found
        raise GradingError(message, code="witness:evaluate", evidence=witness.to_dict())
    raise GradingError(  # right on every probe board: the test's board, without its value
        f"evaluate(state, {player!r}) on {where} is {got[player]:g}, which differs from the "
        "window heuristic (weights 1 / 10 / 50 / 512 for 1 / 2 / 3 / 4 own pieces in a window "
        "free of the opponent's, minus the same for the opponent's, and 3 per piece in the "
        "centre); it agrees with it on every public probe board",
        code="wrong_value:evaluate",
    )


def check_evaluate_symmetry(
    evaluate: Callable[[Any, str], Any], positions: Sequence[Position]
) -> None:
    """``evaluate(state, 'X') == -evaluate(state, 'O')`` on every position (zero-sum)."""
    for position in positions:
        where = f"{position.label} ({position.h} x {position.v})"
        x = _call(evaluate, "evaluate(state, 'X')", where, position.state, "X")
        o = _call(evaluate, "evaluate(state, 'O')", where, position.state, "O")
        x = require_number(x, f"evaluate(state, 'X') on {where}")
        o = require_number(o, f"evaluate(state, 'O') on {where}")
        if not _same(x, -o):
            detail = (
                "it returns the same value for both players: it ignores `player`"
                if _same(x, o)
                else "a position good for one player must be exactly as bad for the other, "
                "so the opponent's windows and centre pieces must count negatively"
            )
            raise GradingError(
                f"evaluate is not symmetric: evaluate(state, 'X') = {x} but "
                f"evaluate(state, 'O') = {o} on {where}; {detail}",
                code="a03.not_zero_sum",
            )


# --------------------------------------------------------------------------------------------
# Depth-limited play
# --------------------------------------------------------------------------------------------


class _Memo:
    """The student's evaluation, remembered per (board, player), with its type checked; the
    boards it was asked about are kept (to say afterwards where it differs from the course's)."""

    def __init__(self, evaluate: Callable[[Any, str], Any]) -> None:
        self.evaluate = evaluate
        self.seen: dict[tuple[str, int, str], tuple[Any, float]] = {}

    def __call__(self, state: Any, player: str) -> float:
        key = (state.cells, state.v, player)
        found = self.seen.get(key)
        if found is None:
            value = self.evaluate(state, player)
            require_number(value, "evaluate(state, player) during the games")
            found = self.seen[key] = (state, value)
        return found[1]

    def differences(self) -> str:
        """What was verified about the student's values on the boards the search evaluated: on
        how many they differ from the window heuristic, and the first public probe board where
        they differ (the games' own boards are not shown: the games are hidden cases)."""
        from gamekit.heuristics import connect_four_eval

        differ = sum(
            not _same(value, connect_four_eval(state, player, 4))
            for (_, _, player), (state, value) in self.seen.items()
        )
        said = (
            f"In these games your evaluate differed from the course's window heuristic on "
            f"{differ:,} of the {len(self.seen):,} (board, player) pairs the search evaluated"
        )
        if not differ:
            return f"{said}."

        def student(state: Any, who: str) -> float:
            value = _call(self.evaluate, f"evaluate(state, {who!r})", "a probe board", state, who)
            return require_number(value, f"evaluate(state, {who!r}) on a probe board")

        found = evaluate_witness(student, _same)
        if found is None:
            return f"{said}; it agrees with it on every public probe board."
        return f"{said}. The first public probe board where it differs: {found[1]}."


def check_depth_limited_play(
    evaluate: Callable[[Any, str], Any],
    seed: int,
    *,
    depth_vs_random: int = 2,
    depth_vs_greedy: int = 3,
    games: int = 20,
    min_wins: int = 19,
) -> None:
    """Alpha-beta cut off at ``depth_vs_random`` plies with ``evaluate`` on 6 x 7 Connect Four
    beats a random player in at least ``min_wins`` of ``games`` seeded games (colours
    alternate), and at ``depth_vs_greedy`` plies does not lose to the one-ply greedy player
    (which uses the course's evaluation) as X or as O.

    Depth 2 is plenty against random play; beating the greedy player needs depth 3, where the
    search sees the greedy player's reply to our reply.
    """
    game = ReferenceConnectFour()
    start = "the empty 6 x 7 board"
    for player in ("X", "O"):
        value = _call(evaluate, f"evaluate(state, {player!r})", start, game.initial, player)
        require_number(value, f"evaluate(state, {player!r}) on {start}")
    settings = (seed, depth_vs_random, depth_vs_greedy, games, min_wins)
    ahead = run_ahead(evaluate, _play_depth_limited, *settings, key=evaluation_key)
    _play_depth_limited(ahead, *settings)


def evaluation_key(state: Any, player: Any) -> str:
    """What tells one evaluation from another in the games (`_Memo`'s key, as plain data)."""
    return f"{state.v}/{player}/{state.cells}"


def _play_depth_limited(
    evaluate: Callable[[Any, str], Any],
    seed: int,
    depth_vs_random: int,
    depth_vs_greedy: int,
    games: int,
    min_wins: int,
) -> None:
    """The games of `check_depth_limited_play`, up to the first series it fails. The student's
    kernel plays them ahead (`gamekit.checks.remote.run_ahead`), then the grader itself."""
    from gamekit.players import alphabeta_player, greedy_player, random_player
    from gamekit.tournament import play_series

    game = ReferenceConnectFour()
    remembered = _Memo(evaluate)
    opponents = (
        ("a random player", random_player, depth_vs_random, games),
        ("the one-ply greedy player", greedy_player(_reference_for_greedy), depth_vs_greedy, 2),
    )
    for name, opponent, depth, count in opponents:
        searcher = alphabeta_player(depth=depth, eval_fn=remembered)
        series = _call(
            play_series,
            "depth-limited play",
            f"6 x 7 games against {name}",
            game,
            searcher,
            opponent,
            count,
            seed,
            True,
            False,
            forbidden=heuristic_functions(),
        )
        if opponent is random_player and series.wins < min_wins:
            raise GradingError(
                f"with your evaluate, depth-{depth} alpha-beta beat a random player in only "
                f"{series.wins} of {count} games (at least {min_wins} needed). "
                f"{remembered.differences()}",
                code="a03.loses_games",
            )
        for record in series.records:
            if opponent is not random_player and record.outcome == "loss":
                raise GradingError(
                    f"with your evaluate, depth-{depth} alpha-beta lost to the one-ply greedy "
                    f"player when playing {record.a_colour}. {remembered.differences()}",
                    code="a03.loses_games",
                )


def _reference_for_greedy(state: Any, player: str) -> float:
    """The greedy opponent's evaluation (the course's heuristic, computed here)."""
    return window_eval(state, player)


# --------------------------------------------------------------------------------------------
# score_summary
# --------------------------------------------------------------------------------------------


def series_from_outcomes(outcomes: str, name_a: str = "A", name_b: str = "B") -> Any:
    """A `SeriesResult` with one game per letter of ``outcomes``: W (A won), D, L; colours
    alternate, A first in game 1. For tests of code that summarises a series."""
    from gamekit.tournament import GameRecord, SeriesResult

    result = SeriesResult("ConnectFour(h=4, v=4, k=3)", name_a, name_b, 0)
    for index, letter in enumerate(outcomes):
        utility = {"W": 1, "D": 0, "L": -1}[letter]
        colours = ("X", "O") if index % 2 == 0 else ("O", "X")
        result.records.append(GameRecord(index, *colours, utility, (), (None, None)))
    return result


def check_score_summary(score_summary: Callable[[Any], Any], outcomes: Sequence[str]) -> None:
    """``score_summary(series)`` returns the right plain dict for each series of ``outcomes``."""
    for letters in outcomes:
        series = series_from_outcomes(letters)
        where = f"a series of {len(letters)} games"
        got = _call(score_summary, "score_summary(series)", where, series)
        require_type(got, dict, f"score_summary(series) on {where}")
        require_plain(got, f"score_summary(series) on {where}")
        if set(got) != set(SUMMARY_KEYS):
            raise GradingError(
                f"score_summary should return exactly the keys {list(SUMMARY_KEYS)}, got "
                f"{sorted(got, key=str)}",
                code="shape:score_summary",
            )
        n = len(letters)
        expected = right_summary(letters)
        require_type(got["games"], int, f"score_summary(...)['games'] on {where}")
        for key in SUMMARY_KEYS[1:]:
            value = require_number(got[key], f"score_summary(...)[{key!r}] on {where}")
            if _same(value, expected[key]):
                continue
            if key != "mean_score" and _counts_everywhere(score_summary, key):
                raise GradingError(
                    f"score_summary(...)[{key!r}] is a count, not a rate: divide by the number "
                    f"of games (on {where}, and on every public series of the probes)",
                    code="a03.count_not_rate",
                )
            _climb_summary_ladder(score_summary)
            raise GradingError(
                f"score_summary(...)[{key!r}] is wrong on {where}", code="witness:score_summary"
            )
        if got["games"] != n:
            _climb_summary_ladder(score_summary)
            raise GradingError(
                f"score_summary(...)['games'] is wrong on {where}", code="witness:score_summary"
            )


def _counts_everywhere(score_summary: Callable[[Any], Any], key: str) -> bool:
    """Whether ``score_summary(...)[key]`` is the number of games of that outcome, not their
    share, on every public series of the ladder."""
    for letters in SUMMARY_LADDER:
        got = _call(
            score_summary, "score_summary(series)", "a probe series", series_from_outcomes(letters)
        )
        value = got.get(key) if isinstance(got, dict) else None
        if not isinstance(value, (int, float)) or not _same(
            value, right_summary(letters)[key] * len(letters)
        ):
            return False
    return True


def _climb_summary_ladder(score_summary: Callable[[Any], Any]) -> None:
    """Raise the witness of the first public series where ``score_summary`` is wrong."""

    def run(letters: str) -> Any:
        return _call(
            score_summary, "score_summary(series)", "a probe series", series_from_outcomes(letters)
        )

    found = summary_witness(run, _same)
    if found is not None:
        witness, message = found
        raise GradingError(message, code="witness:score_summary", evidence=witness.to_dict())
