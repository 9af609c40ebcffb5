"""Checks for assignment 03 (Connect Four): ``ConnectFour.actions``, ``evaluate``, depth-limited
play and ``score_summary``, called by the notebook's test cells.

The checks live in `checks` (the positions, running the student's code, one ``check_*`` per
graded step), the public probe boards and series in `ladder` (the smallest input that goes
wrong, shown with its right answer), and what the mutation harness needs in `mutation`.

Why more than a few screens: a03 checks a class (``ConnectFour.actions`` on boards of any size
and k), an evaluation, games played with it (ahead, in the kernel) and a summary of results;
each has its own probes (`gamekit.checks.evidence.Probe`, in `ladder`) and its own facts.
"""

from __future__ import annotations

from gamekit.checks.a03.checks import (
    EVALUATE_MISTAKE_KEYS,
    SUMMARY_KEYS,
    Position,
    _mistakes,
    check_actions,
    check_depth_limited_play,
    check_evaluate_positions,
    check_evaluate_symmetry,
    check_score_summary,
    check_standard_board,
    forbidden_functions,
    from_columns,
    from_rows,
    heuristic_functions,
    random_positions,
    series_from_outcomes,
    window_eval,
)
from gamekit.checks.a03.mutation import catalogue, observation_states, observe, recheck

__all__ = [
    "EVALUATE_MISTAKE_KEYS",
    "SUMMARY_KEYS",
    "Position",
    "_mistakes",
    "check_actions",
    "check_depth_limited_play",
    "check_evaluate_positions",
    "check_evaluate_symmetry",
    "check_score_summary",
    "check_standard_board",
    "forbidden_functions",
    "from_columns",
    "from_rows",
    "heuristic_functions",
    "observation_states",
    "catalogue",
    "observe",
    "random_positions",
    "recheck",
    "series_from_outcomes",
    "window_eval",
]
