"""Which gamekit functions could answer an assignment for a student: the rule, stated once.

An assignment that asks students to write a search (a01 minimax, a02 alpha-beta, a05 MCTS, a06
negamax) is answered by *any* gamekit function that searches a game and returns a value, a move
or a table of values: the engines of `gamekit.search`, `gamekit.negamax` and `gamekit.mcts`,
and just as well the complete solvers of `gamekit.explain` (``minimax_values`` gives every
node's value) or Connect Four's exact solver. `SEARCHES` lists them all. Whatever calls one of
them (the players, the boards' engines) searches through it, and is refused with it.

How the rule is enforced, per assignment (`status`):

- **refused in the view**: the assignment's kernel gets gamekit through a view whose copies of
  these functions only raise (`gamekit.grader.kernel_view`); the code is not in the kernel's
  files at all. For every assignment that asks for a search (a01, a02, a05, a06) and for a04;
  a01's and a02's notebooks skip their pictures of gamekit's solvers while graded. The
  per-call refusal below stays as a second line.
- **refused per call**: while the grader calls a student's function, these functions raise in
  the kernel (`gamekit.checks.engines_swapped_out`); the lint flags code that calls or copies
  them. For a03, whose notebook plays with gamekit's search on purpose and which asks for an
  evaluation, not a search.

``python -m pytest tests/test_searches.py`` walks every public function of the modules that
hold searches (`SEARCH_MODULES`) and checks that each is classified and has its status.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

SEARCH_MODULES = (
    "gamekit.search",
    "gamekit.explain",
    "gamekit.negamax",
    "gamekit.mcts",
    "gamekit.players",
    "gamekit.connect4_fast.solver",
    "gamekit.connect4_fast.analysis",
    "gamekit.connect4_fast.players",
    "gamekit.connect4_fast.reference",
    "gamekit.widgets.engines",
)
"""The modules where gamekit keeps its searches: every public function there is classified."""

SEARCHES = (
    "gamekit.search:minimax_value",
    "gamekit.search:minimax_decision",
    "gamekit.search:alphabeta_search",
    "gamekit.search:alphabeta_cutoff_search",
    "gamekit.search:negamax",
    "gamekit.search:expectiminimax",
    "gamekit.explain:alphabeta_steps",
    "gamekit.explain:alphabeta_intervals",
    "gamekit.explain:alphabeta_values",
    "gamekit.explain:alphabeta_pruned",
    "gamekit.explain:minimax_values",
    "gamekit.explain:expectiminimax_values",
    "gamekit.explain:_backed_up_values",
    "gamekit.negamax:negamax_search",
    "gamekit.negamax:_search",
    "gamekit.negamax:_deepen",
    "gamekit.mcts:mcts_search",
    "gamekit.mcts:child_statistics",
    "gamekit.mcts:_iterate",
    "gamekit.mcts:MCTSNode.ucb",
    "gamekit.connect4_fast.solver:solve",
    "gamekit.connect4_fast.solver:best_moves",
    "gamekit.connect4_fast.solver:child_score",
    "gamekit.connect4_fast.solver:compiled_solve_score",
    "gamekit.connect4_fast.analysis:analyse",
    "gamekit.connect4_fast.reference:reference_solve_score",
    "gamekit.connect4_fast.reference:search",
    "gamekit.connect4_fast.reference:window_search",
    "gamekit.connect4_fast.players:fast_cutoff_search",
    "gamekit.connect4_fast.players:fast_solve",
)
"""``module:qualname`` of every gamekit function that searches a game itself and returns a
value, a move or values of positions."""

SEARCHING_THROUGH = {
    "gamekit.players:alphabeta_player": "gamekit.search:alphabeta_search",
    "gamekit.players:expectimax_player": "gamekit.search:expectiminimax",
    "gamekit.players:minimax_player": "gamekit.search:minimax_decision",
    "gamekit.players:negamax_player": "gamekit.negamax:negamax_search",
    "gamekit.players:mcts_player": "gamekit.mcts:mcts_search",
    "gamekit.connect4_fast.players:fast_connect4_player": "gamekit.connect4_fast.solver:solve",
    "gamekit.widgets.engines:think": "gamekit.search:alphabeta_cutoff_search",
    "gamekit.widgets.engines:hints": "gamekit.search:alphabeta_cutoff_search",
    "gamekit.widgets.engines:move_values": "gamekit.search:alphabeta_cutoff_search",
}
"""Public functions that search only by calling one of `SEARCHES` (and are refused with it):
each with the search it calls (the boards' functions: for their alpha-beta engine; each of
their other engines is one of `SEARCHES` too)."""

NOT_SEARCHES = (
    "gamekit.search:scored_result",
    "gamekit.explain:entered_nodes",
    "gamekit.explain:format_value",
    "gamekit.explain:random_tree",
    "gamekit.negamax:check_options",
    "gamekit.mcts:check_options",
    "gamekit.mcts:random_rollout",
    "gamekit.players:greedy_player",
    "gamekit.players:greedy_score",
    "gamekit.players:human_player",
    "gamekit.players:parse_move",
    "gamekit.players:random_player",
    "gamekit.connect4_fast.solver:plies_left",
    "gamekit.connect4_fast.solver:plies_to_end",
    "gamekit.connect4_fast.solver:shared_table",
    "gamekit.connect4_fast.solver:use_compiled",
    "gamekit.connect4_fast.reference:next_window",
    "gamekit.connect4_fast.reference:score_bounds",
    "gamekit.widgets.engines:deepening",
    "gamekit.widgets.engines:describe_value",
    "gamekit.widgets.engines:no_evaluation",
    "gamekit.widgets.engines:quick_handover",
    "gamekit.widgets.engines:register_engine",
    "gamekit.widgets.engines:short_value",
    "gamekit.widgets.engines:visit_counts",
    "gamekit.widgets.engines:watched_search",
)
"""Public functions of `SEARCH_MODULES` that search nothing themselves (one-ply scores, helpers,
words; ``deepening`` and ``watched_search`` run the search they are handed)."""

ASKS_FOR_A_SEARCH = ("a01_minimax", "a02_alphabeta", "a05_mcts", "a06_negamax_quarto")
"""The assignments whose answers are searches: every one of `SEARCHES` could answer them."""

REFUSED_IN_THE_VIEW = (
    "a01_minimax",
    "a02_alphabeta",
    "a04_hex_heuristics",
    "a05_mcts",
    "a06_negamax_quarto",
)
"""The assignments whose kernels get `SEARCHES` only as refusals (`kernel_view.FORBIDDEN`)."""

PER_CALL_MODULES_SKIPPED = ("gamekit.connect4_fast",)
"""Searches not refused per call: Connect Four's solver (numba) would be imported into every
kernel to refuse it, and no assignment that asks for a search plays Connect Four."""


def status(assignment: str, target: str) -> str:
    """How ``target`` (a function of `SEARCHES`) is kept from answering ``assignment``:
    "refused in the view", "refused per call", or "allowed" (an assignment that asks for no
    search, or a search no per-call refusal covers)."""
    if target not in SEARCHES:
        raise ValueError(f"{target} is not one of gamekit's searches")
    if assignment in REFUSED_IN_THE_VIEW:
        return "refused in the view"
    if assignment in ASKS_FOR_A_SEARCH and not target.startswith(PER_CALL_MODULES_SKIPPED):
        return "refused per call"
    return "allowed"


def per_call_searches() -> tuple[str, ...]:
    """`SEARCHES` a student's call is refused, kernel side (`gamekit.checks.default_forbidden`)."""
    return tuple(t for t in SEARCHES if not t.startswith(PER_CALL_MODULES_SKIPPED))


def resolve(target: str) -> Callable[..., Any]:
    """The function ``"module:qualname"`` names (a method: the function on its class)."""
    module, _, qualname = target.partition(":")
    found: Any = importlib.import_module(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    return found
