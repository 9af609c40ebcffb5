"""Checks for assignment 02, alpha-beta pruning: the hidden tests call these functions.

Every check compares the student's answer with the course's reference (`gamekit.explain` for the
by-hand answers, `gamekit.search` for the engines) and, when they differ, says which mistake
explains the difference, never what the expected hidden values are.

How an engine is diagnosed: the student's function runs through `gamekit.trace.run_traced` with
gamekit's own engines swapped out (`engines_swapped_out`), on trees and tic-tac-toe positions the
hidden test chooses. Its chosen move and the sequence of nodes it generates are compared with the
reference. When they differ, the same cases are searched by `flawed_alphabeta`, which is the
course's alpha-beta with one catalogued mistake built in (`MISTAKES`); the mistake whose
behaviour reproduces the student's, node for node on every case, is the one named. The
depth-limited engine is also checked directly from its trace (where the evaluation was called,
how deep the search went).

When no catalogued mistake reproduces every case (and every probe), the search is run on a
*ladder* of small public probe trees, smallest first (`gamekit.checks.a02.ladder`): the first
probe where its move or its trace leaves the course's alpha-beta is shown in full, with the
node, the window and the value there (a probe is public, so its numbers may be shown). Only when
every probe agrees is the test's own case reported, without its values.

About "bounds updated before the test": moving ``alpha = max(alpha, v)`` before the cutoff test
``if v >= beta`` (or testing ``alpha >= beta`` right after that update) changes nothing, on any
tree: the test does not read alpha, and every node is entered with ``alpha < beta``, so
``max(alpha, v) >= beta`` exactly when ``v >= beta``. Returning ``alpha`` instead of ``v``
(fail-hard) also visits the same nodes and picks the same move. Those are correct programs and
pass. The ordering mistake that does change the search is the other one students write: testing
the window (``alpha >= beta``) *before* the bound has taken in the value just returned, so each
cutoff comes one child late. That is the ``bounds_updated_before_test`` entry of `MISTAKES`.

Why more than a few screens: a02 checks the by-hand intervals and pruned edges, alpha-beta and
its depth-limited form node by node, the counting of nodes and cutoffs, and a move ordering, and
it reproduces each catalogued mistake with a flawed alpha-beta (`mistakes`). Its probes are
`gamekit.checks.evidence.Probe`s; the witness and the confirmation on generated trees follow
that module's rules.
"""

from gamekit.checks.a02.by_hand import (
    check_intervals,
    check_pruned_edges,
    entry_intervals,
    updated_first_intervals,
)
from gamekit.checks.a02.counting import check_nodes_by_depth, check_ordering_key
from gamekit.checks.a02.mistakes import FLAWS, MISTAKES, Mistake, flawed_alphabeta
from gamekit.checks.a02.mutation import catalogue, observe, recheck
from gamekit.checks.a02.search import (
    VISIBLE_BOARDS,
    WINDOW_CAUSES,
    Run,
    Step,
    check_alphabeta_cutoff,
    check_alphabeta_search,
    course_steps,
    departure,
    is_visible,
)
from gamekit.checks.a02.trees import (
    example_tree,
    exercise_tree,
    hashed_eval,
    ordering_states,
    tictactoe_eval,
    tree_from_lists,
)

__all__ = [
    "catalogue",
    "observe",
    "recheck",
    "FLAWS",
    "MISTAKES",
    "VISIBLE_BOARDS",
    "WINDOW_CAUSES",
    "Mistake",
    "Run",
    "Step",
    "check_alphabeta_cutoff",
    "check_alphabeta_search",
    "check_intervals",
    "check_nodes_by_depth",
    "check_ordering_key",
    "check_pruned_edges",
    "course_steps",
    "departure",
    "entry_intervals",
    "example_tree",
    "exercise_tree",
    "flawed_alphabeta",
    "hashed_eval",
    "is_visible",
    "ordering_states",
    "tictactoe_eval",
    "tree_from_lists",
    "updated_first_intervals",
]
