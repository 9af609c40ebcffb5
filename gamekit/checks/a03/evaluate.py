"""The checks of ``evaluate``: the window heuristic's value on fixed and random positions, its
symmetry, and the catalogued mistakes (each a variant of the course's `window_eval`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from typing import Any

from gamekit.checks import (
    GradingError,
    require_number,
)
from gamekit.checks.a03.ladder import (
    confirmation_states,
    evaluate_witness,
    probe_states,
)
from gamekit.checks.a03.positions import Position
from gamekit.checks.a03.running import _call
from gamekit.checks.a03.spec import (
    CENTRE_WEIGHT,
    DIRECTION_NAMES,
    DIRECTIONS,
    WEIGHTS,
)
from gamekit.checks.evidence import Mutant, Probe, close, confirmed, outputs
from gamekit.i18n import kept_sentence

# --------------------------------------------------------------------------------------------
# Positions for the hidden tests
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
    of `EVALUATE_MISTAKE_KEYS` (each explanation a kept sentence)."""
    rules: list[tuple[str, dict[str, Any], int]] = [
        (
            kept_sentence(
                "has no centre preference: add 3 points per own piece in the centre column "
                "(the two middle columns when the number of columns is even), minus 3 per "
                "opponent piece"
            ),
            {"centre": 0},
            1,
        ),
        (
            kept_sentence(
                "is not symmetric: it ignores the opponent's windows (and centre pieces); they "
                "must count negatively, so that evaluate(state, 'X') == -evaluate(state, 'O')"
            ),
            {"opponent": False},
            1,
        ),
        (
            kept_sentence(
                "counts windows that hold both colours: such a window can never be won and scores 0"
            ),
            {"mixed": True},
            1,
        ),
        (
            kept_sentence(
                "misses the last window of each line: a line of n cells has n - k + 1 windows "
                "(range(n - k + 1), not range(n - k))"
            ),
            {"short_lines": True},
            1,
        ),
        (
            kept_sentence("has the sign the wrong way round: positive must mean good for `player`"),
            {},
            -1,
        ),
    ]
    for missing in DIRECTIONS:
        kept = [d for d in DIRECTIONS if d != missing]
        rules.append(
            (
                kept_sentence(
                    "misses the windows in one direction: {direction}",
                    direction=kept_sentence(DIRECTION_NAMES[missing]),
                ),
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
            got[player] = require_number(
                value,
                kept_sentence(
                    "evaluate(state, {player}) on {where}", player=repr(player), where=where
                ),
            )
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
            kept_sentence(
                "evaluate ignores `player`: it returns the same value for X and for O on every "
                "position checked ({value} for both on {where}); score the board for `player`, "
                "positive when good for them",
                value=format(got["X"], "g"),
                where=where,
            ),
            code="a03.ignores_player",
        )

    def student(state: Any, who: str) -> float:
        where = kept_sentence("a probe board")
        value = _call(evaluate, f"evaluate(state, {who!r})", where, state, who)
        return require_number(
            value, kept_sentence("evaluate(state, {player}) on a probe board", player=repr(who))
        )

    fitting = set(range(len(EVALUATE_MISTAKE_KEYS)))
    for pos, _, values, _ in seen:
        for who in ("X", "O"):
            mutants = [value for _, value in _mistakes(pos.state, who)]
            fitting &= {i for i, value in enumerate(mutants) if _same(values[who], value)}
    # a name must fit the public probe boards and the generated boards beyond them too
    # (`evidence.confirmed`: exactly one mutant gives every value; a failure fits none)
    name = None
    if fitting:
        boards = itertools.chain(probe_states(), confirmation_states())
        board = kept_sentence("a board")
        probes = [Probe(board, (state, who)) for state in boards for who in ("X", "O")]
        mutants = {
            i: Mutant(EVALUATE_MISTAKE_KEYS[i], lambda s, w, i=i: mistake_value(s, w, i))
            for i in sorted(fitting)
        }
        name = confirmed(mutants, probes, outputs(student, probes), close)
    if name is not None:
        index = name
        explanation = _mistakes(position.state, player)[index][0]
        raise GradingError(
            kept_sentence(
                "evaluate {mistake} (it gives exactly such a heuristic's values for X and O on "
                "every position checked; first different from the course's on {where}, for "
                "{player})",
                mistake=explanation,
                where=where,
                player=player,
            ),
            code=f"a03.{EVALUATE_MISTAKE_KEYS[index]}",
        )
    found = evaluate_witness(student, _same)
    if found is not None:
        witness, message = found
        raise GradingError(message, code="witness:evaluate", evidence=witness.to_dict())
    raise GradingError(  # right on every probe board: the test's board, without its value
        kept_sentence(
            "evaluate(state, {player}) on {where} is {value}, which differs from the window "
            "heuristic (weights 1 / 10 / 50 / 512 for 1 / 2 / 3 / 4 own pieces in a window free "
            "of the opponent's, minus the same for the opponent's, and 3 per piece in the "
            "centre); it agrees with it on every public probe board",
            player=repr(player),
            where=where,
            value=format(got[player], "g"),
        ),
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
        x = require_number(
            x, kept_sentence("evaluate(state, {player}) on {where}", player="'X'", where=where)
        )
        o = require_number(
            o, kept_sentence("evaluate(state, {player}) on {where}", player="'O'", where=where)
        )
        if not _same(x, -o):
            detail = (
                kept_sentence("it returns the same value for both players: it ignores `player`")
                if _same(x, o)
                else kept_sentence(
                    "a position good for one player must be exactly as bad for the other, so "
                    "the opponent's windows and centre pieces must count negatively"
                )
            )
            raise GradingError(
                kept_sentence(
                    "evaluate is not symmetric: evaluate(state, 'X') = {x} but "
                    "evaluate(state, 'O') = {o} on {where}; {detail}",
                    x=x,
                    o=o,
                    where=where,
                    detail=detail,
                ),
                code="a03.not_zero_sum",
            )


# --------------------------------------------------------------------------------------------
# Depth-limited play
# --------------------------------------------------------------------------------------------
