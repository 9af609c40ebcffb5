"""The catalogue of alpha-beta mistakes, and the course's alpha-beta with each one built in."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamekit.games import Game
from gamekit.i18n import N_
from gamekit.search import scored_result

infinity = math.inf
EvalFn = Callable[[Any, str], float]


# --------------------------------------------------------------------------------------------
# The catalogue of mistakes, and alpha-beta with each mistake built in
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mistake:
    """A catalogued mistake: the flaws of `flawed_alphabeta` that show it, and what to say (a
    sentence of the course's catalogue: `gamekit.i18n.N_`)."""

    name: str
    flaws: tuple[str, ...]
    message: str
    depth_limited_only: bool = False


MISTAKES: tuple[Mistake, ...] = (
    Mistake(
        "minimax_as_alphabeta",
        ("no_pruning",),
        N_(
            "nothing is pruned: your search explores every node, like minimax. After each child, "
            "MAX must return as soon as v >= beta and MIN as soon as v <= alpha, and each child "
            "must get the window (alpha, beta) updated by its elder siblings."
        ),
    ),
    Mistake(
        "strict_inequality",
        ("strict",),
        N_(
            "pruned only on strict inequality: your search goes on when v equals the bound. The "
            "course prunes on equality too: MAX returns when v >= beta, MIN when v <= alpha."
        ),
    ),
    Mistake(
        "bounds_updated_before_test",
        ("stale_window_test",),
        N_(
            "cutoff test and bound update out of order: your cutoff test reads a bound that does "
            "not yet hold the value the child just returned, so every cutoff comes one child late. "
            "Right after v changes, test v itself (MAX: v >= beta; MIN: v <= alpha), then update "
            "the bound (MAX: alpha = max(alpha, v); MIN: beta = min(beta, v))."
        ),
    ),
    Mistake(
        "alpha_beta_swapped",
        ("swapped_tests", "swapped_args", "swapped_min_params", "swapped_init"),
        N_(
            "alpha and beta are swapped somewhere: MAX raises alpha and compares v with beta, MIN "
            "lowers beta and compares v with alpha, every call passes (alpha, beta) in that order, "
            "and the root starts with alpha = -inf, beta = +inf."
        ),
    ),
    Mistake(
        "eager_successors",
        ("eager", "eager_no_pruning"),
        N_(
            "successors generated eagerly: your search builds every child of a node (game.result) "
            "before it searches the first one, so the children a cutoff skips are generated "
            "anyway. Call game.result(state, a) inside the loop, just before searching that child."
        ),
    ),
    Mistake(
        "ties_to_last",
        ("last_tie",),
        N_(
            "ties go to the wrong move: when two moves have the same value, keep the first one in "
            "actions() order (replace the best move only on a strictly better value)."
        ),
    ),
    Mistake(
        "mover_perspective",
        ("mover_perspective",),
        N_(
            "values are scored from the wrong player's point of view: score every leaf for the "
            "player to move at the root (player = game.to_move(state), computed once before the "
            "recursion), both game.utility(s, player) and eval_fn(s, player)."
        ),
    ),
    Mistake(
        "plain_utility",
        ("plain_utility",),
        N_(
            "terminal positions are scored with the bare utility: in depth-limited search a "
            "finished game scores scored_result(game.utility(state, player), ply), so a real win "
            "beats every evaluation and a sooner win beats a later one."
        ),
        depth_limited_only=True,
    ),
)
"""The mistakes `check_alphabeta_search` and `check_alphabeta_cutoff` recognise, in the order
they are tried. Depth, evaluation and return-type mistakes are read off the trace directly."""

FLAWS = (
    "none",
    "no_pruning",
    "strict",
    "stale_window_test",
    "swapped_tests",
    "swapped_args",
    "swapped_min_params",
    "swapped_init",
    "eager",
    "eager_no_pruning",
    "last_tie",
    "mover_perspective",
    "plain_utility",
    "depth_plus_one",
    "depth_minus_one",
    "eval_at_every_node",
    "eval_on_terminal",
    "stale_window_at_max",
    "stale_window_at_min",
    "wrong_bound",
    "no_cutoff_at_max",
    "no_cutoff_at_min",
)


def flawed_alphabeta(
    state: Any,
    game: Game,
    depth: int | None = None,
    eval_fn: EvalFn | None = None,
    *,
    flaw: str = "none",
) -> Any:
    """Alpha-beta as the course writes it (``flaw='none'``), or with one mistake built in.

    With ``depth=None`` it searches to the end like `gamekit.search.alphabeta_search`; with a
    depth it is `gamekit.search.alphabeta_cutoff_search`. Returns the chosen move. The flaws:

    - ``no_pruning``: never prunes (minimax in alpha-beta's clothes);
    - ``strict``: MAX prunes only when ``v > beta``, MIN only when ``v < alpha``;
    - ``stale_window_test``: tests ``alpha >= beta`` *before* the bound takes in the child's value;
    - ``swapped_tests``: MAX tests ``v <= alpha`` and lowers beta, MIN the reverse;
    - ``swapped_args``: children are called with ``(beta, alpha)``;
    - ``swapped_min_params``: MIN's function declares its parameters as ``(state, beta, alpha)``;
    - ``swapped_init``: the root starts with ``alpha = +inf, beta = -inf``;
    - ``eager`` / ``eager_no_pruning``: every child is generated before the first is searched;
    - ``last_tie``: a later move with an equal value replaces the best move;
    - ``mover_perspective``: leaves are scored for the player to move there, not the root's;
    - ``plain_utility``: terminal states score ``utility`` instead of `scored_result`;
    - ``depth_plus_one`` / ``depth_minus_one``: evaluates one ply deeper / shallower;
    - ``eval_at_every_node``: calls ``eval_fn`` on every non-terminal node it enters;
    - ``eval_on_terminal``: scores terminal states with ``eval_fn`` too;
    - ``stale_window_at_max`` / ``stale_window_at_min``: a MAX (MIN) node passes its children the
      window it was entered with, not the one its elder children updated;
    - ``wrong_bound``: MAX lowers beta to v, MIN raises alpha to v (the other player's bound);
    - ``no_cutoff_at_max`` / ``no_cutoff_at_min``: MAX (MIN) never cuts off.
    """
    if flaw not in FLAWS:
        raise ValueError(f"unknown flaw {flaw!r}; known: {FLAWS}")
    root_player = game.to_move(state)
    limit = (
        None if depth is None else depth + {"depth_plus_one": 1, "depth_minus_one": -1}.get(flaw, 0)
    )
    evaluate = eval_fn if eval_fn is not None else (lambda s, p: 0)
    prunes = flaw not in ("no_pruning", "eager_no_pruning")
    uncut = {"no_cutoff_at_max": True, "no_cutoff_at_min": False}.get(flaw)  # who never cuts

    def leaf_value(state: Any, ply: int) -> float | None:
        """The value of a leaf of the search, or None when the node is to be expanded."""
        player = game.to_move(state) if flaw == "mover_perspective" else root_player
        if flaw == "eval_on_terminal" and depth is not None and game.terminal_test(state):
            return evaluate(state, player)
        if game.terminal_test(state):
            utility = game.utility(state, player)
            return (
                utility if depth is None or flaw == "plain_utility" else scored_result(utility, ply)
            )
        estimate = evaluate(state, player) if flaw == "eval_at_every_node" and depth else None
        if limit is not None and ply >= limit:
            return estimate if estimate is not None else evaluate(state, player)
        return None

    def value(state: Any, alpha: float, beta: float, ply: int, is_max: bool) -> tuple:
        if flaw == "swapped_min_params" and not is_max:
            alpha, beta = beta, alpha
        leaf = leaf_value(state, ply)
        if leaf is not None:
            return leaf, None
        moves = game.actions(state)
        children = [game.result(state, a) for a in moves] if flaw.startswith("eager") else None
        v, best = (-infinity if is_max else infinity), None
        entry = (alpha, beta)
        for i, a in enumerate(moves):
            child = children[i] if children is not None else game.result(state, a)
            stale = flaw == ("stale_window_at_max" if is_max else "stale_window_at_min")
            window = (beta, alpha) if flaw == "swapped_args" else entry if stale else (alpha, beta)
            v2, _ = value(child, *window, ply + 1, not is_max)
            if flaw == "last_tie":
                better = v2 >= v if is_max else v2 <= v
            else:
                better = v2 > v if is_max else v2 < v
            if better:
                v, best = v2, a
            if flaw == "stale_window_test":
                if alpha >= beta:
                    return v, best
                alpha, beta = (max(alpha, v), beta) if is_max else (alpha, min(beta, v))
                continue
            if flaw == "swapped_tests":
                alpha, beta = (alpha, min(beta, v)) if is_max else (max(alpha, v), beta)
                if prunes and (v <= alpha if is_max else v >= beta):
                    return v, best
                continue
            if flaw == "strict":
                cut = v > beta if is_max else v < alpha
            else:
                cut = v >= beta if is_max else v <= alpha
            if prunes and cut and is_max is not uncut:  # the test first, then the bound moves
                return v, best
            if flaw == "wrong_bound":
                alpha, beta = (alpha, min(beta, v)) if is_max else (max(alpha, v), beta)
                continue
            alpha, beta = (max(alpha, v), beta) if is_max else (alpha, min(beta, v))
        return v, best

    start = (infinity, -infinity) if flaw == "swapped_init" else (-infinity, infinity)
    return value(state, *start, 0, True)[1]
