"""Checks for assignment 06 (negamax with alpha-beta on Quarto): ``negamax``, ``best_move``,
``counted_search`` and the move-ordering key ``quarto_order``.

The hidden tests pick Quarto positions near the end of the game (`random_positions`, built with
gamekit's Quarto before the student's code runs) and pass them to the ``check_*`` functions.
Each check calls the student's code once per position and question (every call is a round trip
to the student's kernel), with gamekit's engines swapped out, and compares with `reference`, a
plain negamax written here. `reference` can also reproduce each catalogued mistake, so a wrong
answer is named without printing the expected one.

One module per thing checked, on the reference and the positions: `references` (the course's
negamax and its switches for each catalogued mistake), `positions`, `running` (calling the
student's code), `negamax`, `negamax_calls`, `best_move`, `counted_search`, `ordering`, and
`mutation` (for the mutation harness). Together they are more than a few screens because a06
checks four functions, each with its own catalogue of mistakes and its own rule for what a
right answer is (a value in a window, any best move, counts that follow a stated rule, a key
that makes the search cut off more).
"""

from __future__ import annotations

from gamekit.checks.a06.best_move import CourseNegamax, check_best_move, course_negamax
from gamekit.checks.a06.counted_search import (
    COUNT_MISTAKES,
    COUNT_RULE,
    STAT_KEYS,
    check_counted_search,
    fresh_positions,
)
from gamekit.checks.a06.mutation import catalogue, observe, recheck
from gamekit.checks.a06.negamax import PROBE_WINDOWS, check_negamax, negamax_probes
from gamekit.checks.a06.negamax_calls import (
    SEQUENCE_WINDOWS,
    Call,
    call_probes,
    call_sequences,
    check_negamax_calls,
)
from gamekit.checks.a06.ordering import check_order_definition, check_ordering, order_probes
from gamekit.checks.a06.positions import KINDS, Position, every_kind_positions, random_positions
from gamekit.checks.a06.references import (
    EMPTY_WINDOW,
    GAME,
    MISTAKES,
    Counts,
    reference,
    reference_order,
    reference_stats,
)
from gamekit.checks.a06.running import forbidden_functions

__all__ = [
    "Counts",
    "EMPTY_WINDOW",
    "GAME",
    "MISTAKES",
    "reference",
    "reference_order",
    "reference_stats",
    "KINDS",
    "Position",
    "every_kind_positions",
    "random_positions",
    "forbidden_functions",
    "PROBE_WINDOWS",
    "check_negamax",
    "negamax_probes",
    "Call",
    "SEQUENCE_WINDOWS",
    "call_probes",
    "call_sequences",
    "check_negamax_calls",
    "CourseNegamax",
    "check_best_move",
    "course_negamax",
    "COUNT_MISTAKES",
    "COUNT_RULE",
    "STAT_KEYS",
    "check_counted_search",
    "fresh_positions",
    "check_order_definition",
    "check_ordering",
    "order_probes",
    "catalogue",
    "observe",
    "recheck",
]
