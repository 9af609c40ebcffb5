"""Checks for assignment 01 (game trees and minimax), called by the notebook's test cells.

Every ``check_*`` function runs the student's answer on one case, compares it with a reference
computed here, and raises `GradingError` naming the likely mistake (never the expected value)
when they differ. Engines are compared by what they return *and* by their trace: the nodes they
generate, in order, and the nodes they evaluate (see `gamekit.trace`).

The references below are written independently of `gamekit.search` (the tests check the two
agree), so they can keep running while gamekit's own engines are swapped out: a student function
that delegates to gamekit (or to this module) fails with `EngineForbidden`.

Known mistakes are recognised by running *mutants* of the reference (min and max swapped, the
utility read for the wrong player, chance probabilities ignored, ...) and by the shape of the
student's trace (all children generated before any grandchild, evaluations above the cutoff,
cutoff one ply off).

The checks live in one module per part of the notebook: `by_hand` (parts 1 and 2), `tree_game`
(part 3), `engines` (parts 4 to 6); `cases` builds the cases, `references` holds the references
and their mutants, `diagnosis` runs a student's engine and names its mistakes.

Why more than a few screens: a01 checks four engines (a value, a depth-limited value, a value
with chance nodes, a decision), the by-hand parts and the tree game, each with its own catalogue
of mistakes. Its ladder (`ladder`) is data on the shared mechanism
(`gamekit.checks.evidence.first_witness`): the probe trees, the reference, and the facts that
state a witness; the value ladder's witness is narrowed down the tree (``narrow``), to the
lowest node where the student's value is wrong while right on every child.
"""

from __future__ import annotations

from gamekit.checks.a01.by_hand import (
    VOCABULARY_KEYS,
    check_hand_values,
    check_hand_values_shape,
    check_vocabulary,
    check_vocabulary_shape,
)
from gamekit.checks.a01.cases import open_lines_eval, table_eval, tree_from_nested
from gamekit.checks.a01.diagnosis import raised_by_student
from gamekit.checks.a01.engines import (
    check_expectiminimax_value,
    check_minimax_cutoff_value,
    check_minimax_decision,
    check_minimax_value,
)
from gamekit.checks.a01.mutation import catalogue, observe, recheck
from gamekit.checks.a01.references import (
    MUTANTS,
    correct_minimax_value,
    forbidden,
    reference_cutoff_value,
    reference_expectiminimax_value,
    reference_minimax_decision,
    reference_minimax_value,
)
from gamekit.checks.a01.references import (
    _value as _value,  # tests compare the mutants with it
)
from gamekit.checks.a01.tree_game import TREE_MESSAGE, check_tree_game_moves, check_tree_game_turns

__all__ = [
    "catalogue",
    "observe",
    "recheck",
    "MUTANTS",
    "TREE_MESSAGE",
    "VOCABULARY_KEYS",
    "check_expectiminimax_value",
    "check_hand_values",
    "check_hand_values_shape",
    "check_minimax_cutoff_value",
    "check_minimax_decision",
    "check_minimax_value",
    "check_tree_game_moves",
    "check_tree_game_turns",
    "check_vocabulary",
    "check_vocabulary_shape",
    "correct_minimax_value",
    "forbidden",
    "open_lines_eval",
    "raised_by_student",
    "reference_cutoff_value",
    "reference_expectiminimax_value",
    "reference_minimax_decision",
    "reference_minimax_value",
    "table_eval",
    "tree_from_nested",
]
