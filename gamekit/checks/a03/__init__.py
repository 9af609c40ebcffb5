"""Checks for assignment 03 (Connect Four): ``ConnectFour.actions``, ``evaluate``, depth-limited
play and ``score_summary``, called by the notebook's test cells.

The checks live in one module per graded step: `actions`, `evaluate`, `play` (depth-limited
games) and `summary`, on the positions of `positions` and the way of calling the student's code
of `running`; the public probe boards and series are in `ladder` (the smallest input that goes
wrong, shown with its right answer), what the notebook specifies in `spec`, and what the
mutation harness needs in `mutation`.

Why more than a few screens: a03 checks a class (``ConnectFour.actions`` on boards of any size
and k), an evaluation, games played with it (ahead, in the kernel) and a summary of results;
each has its own probes (`gamekit.checks.evidence.Probe`, in `ladder`) and its own facts.
"""

from __future__ import annotations

from gamekit.checks.a03.actions import check_actions, check_standard_board
from gamekit.checks.a03.evaluate import (
    EVALUATE_MISTAKE_KEYS,
    _mistakes,
    check_evaluate_positions,
    check_evaluate_symmetry,
    window_eval,
)
from gamekit.checks.a03.mutation import catalogue, observation_states, observe, recheck
from gamekit.checks.a03.play import check_depth_limited_play
from gamekit.checks.a03.positions import Position, from_columns, from_rows, random_positions
from gamekit.checks.a03.running import forbidden_functions, heuristic_functions
from gamekit.checks.a03.spec import SUMMARY_KEYS
from gamekit.checks.a03.summary import check_score_summary, series_from_outcomes

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
