"""The references the checks compare with, written apart from `gamekit.search`, and their mutants
(the catalogued mistakes, built in)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from gamekit.checks import (
    default_forbidden,
)
from gamekit.games import Game
from gamekit.gametree import CHANCE, MAX
from gamekit.i18n import N_
from gamekit.search import scored_result

EvalFn = Callable[[Any, str], float]
infinity = math.inf

_WRONG_PLAYER = N_(
    "utility taken for the wrong player: read the leaves with game.utility(state, player), for "
    "the player the value is computed for (not for MAX, nor for whoever would move there)"
)

MUTANTS = {
    "swap": N_(
        "min and max swapped: the player's own nodes take the largest child value, the "
        "opponent's nodes the smallest"
    ),
    "leaf_max": _WRONG_PLAYER,
    "leaf_mover": _WRONG_PLAYER,
    "chance_uniform": N_(
        "chance probabilities ignored (plain average): weight each child of a "
        "chance node by its probability from game.chance_outcomes(state)"
    ),
    "chance_max": N_(
        "max taken at chance nodes: a chance node is worth the probability-weighted "
        "average of its children, nobody chooses there"
    ),
    "chance_min": N_(
        "min taken at chance nodes: a chance node is worth the probability-weighted "
        "average of its children, nobody chooses there"
    ),
    "plain_terminal": N_(
        "terminal states scored with plain utility: in depth-limited search a "
        "terminal state ply plies below the start scores scored_result(utility, ply)"
    ),
    "eval_for_max": N_("evaluation taken for the wrong player: call eval_fn(state, player)"),
    "parity": N_(
        "max and min chosen by depth parity instead of by whose turn it is: the player "
        "asked for is not always the one to move at the start (nor every other ply). At each node "
        "maximise when game.to_move(state) == player, minimise otherwise"
    ),
    "max_view": N_(
        "values always from MAX's point of view: the value must be for the player "
        "asked for (player), so read game.utility(state, player) and maximise where "
        "game.to_move(state) == player"
    ),
    "max_at_max": N_(
        "max taken wherever MAX moves and min wherever MIN moves, whatever the player "
        "asked for: the values are the player's (game.utility(state, player)), so maximise where "
        "game.to_move(state) == player and minimise where the other player moves"
    ),
}


def _value(
    state: Any,
    game: Game,
    player: str,
    depth: int | None = None,
    eval_fn: EvalFn | None = None,
    mutant: str | None = None,
    ply: int = 0,
) -> float:
    """Minimax / depth-limited minimax / expectiminimax value of ``state`` for ``player``,
    ``state`` lying ``ply`` plies below the start of the search.

    Children are generated one at a time in ``actions()`` order, each just before it is
    searched. ``mutant`` names one deliberate mistake from `MUTANTS` (None: the reference).
    The recursion is a closure, so a copy of this function keeps working while the original is
    swapped out.
    """

    if mutant == "max_view":
        player = game.players[0]
    start = ply

    def value(state: Any, ply: int) -> float:
        if game.terminal_test(state):
            first, mover = game.players[0], game.to_move(state)
            reader = {"leaf_max": first, "leaf_mover": mover}.get(mutant, player)
            utility = game.utility(state, reader)
            if depth is None or mutant == "plain_terminal":
                return utility
            return scored_result(utility, ply)
        if depth is not None and ply == depth:
            return eval_fn(state, MAX if mutant == "eval_for_max" else player)
        mover = game.to_move(state)
        if mover == CHANCE:
            outcomes = game.chance_outcomes(state)
            moves = game.actions(state)
            values = [value(game.result(state, a), ply + 1) for a in moves]
            if mutant == "chance_max":
                return max(values)
            if mutant == "chance_min":
                return min(values)
            if mutant == "chance_uniform":
                return sum(values) / len(values)
            return sum(outcomes[a] * v for a, v in zip(moves, values, strict=True))
        values = [value(game.result(state, a), ply + 1) for a in game.actions(state)]
        maximise = (mover == player) != (mutant == "swap")
        if mutant == "max_at_max":
            maximise = mover == game.players[0]
        if mutant == "parity":
            maximise = (ply - start) % 2 == 0
        return max(values) if maximise else min(values)

    return value(state, ply)


def _decision(state: Any, game: Game) -> tuple[float, Any, list[float]]:
    """``(value, move, child values)`` of the reference minimax decision; ties go to the first."""
    player = game.to_move(state)
    best, best_move, values = -infinity, None, []
    for a in game.actions(state):
        v = _value(game.result(state, a), game, player)
        values.append(v)
        if v > best:
            best, best_move = v, a
    return best, best_move, values


def reference_minimax_value(state: Any, game: Game, player: str) -> float:
    """The reference answer of ``minimax_value``."""
    return _value(state, game, player)


def reference_minimax_decision(state: Any, game: Game) -> Any:
    """The reference answer of ``minimax_decision``."""
    return _decision(state, game)[1]


def reference_cutoff_value(
    state: Any, game: Game, depth: int, eval_fn: EvalFn, player: str, ply: int = 0
) -> float:
    """The reference answer of ``minimax_cutoff_value``."""
    return _value(state, game, player, depth, eval_fn, ply=ply)


def reference_expectiminimax_value(state: Any, game: Game, player: str) -> float:
    """The reference answer of ``expectiminimax_value``."""
    return _value(state, game, player)


class correct_minimax_value:  # noqa: N801 - stands in for the student's function
    """A correct ``minimax_value(state, game, player)`` that replaces the student's while their
    ``minimax_decision`` is graded. It asks the game the same questions in the same order as
    the reference, and it is a class so that it can be sent to the student's kernel."""

    def __call__(self, state: Any, game: Game, player: str) -> float:
        if game.terminal_test(state):
            return game.utility(state, player)
        values = [self(game.result(state, a), game, player) for a in game.actions(state)]
        return max(values) if game.to_move(state) == player else min(values)


def forbidden(stand_in_allowed: bool = False) -> tuple[Callable[..., Any], ...]:
    """What a01's answers must not call: gamekit's engines, explain's solvers, this module's
    references, and the correct ``minimax_value`` the grader sends to the kernel as a stand-in
    (allowed only while it stands in, for ``minimax_decision``: ``stand_in_allowed``)."""
    from gamekit import explain

    stand_in = () if stand_in_allowed else (correct_minimax_value.__call__,)
    return (
        *default_forbidden(),
        *stand_in,
        explain.minimax_values,
        explain.expectiminimax_values,
        _value,
        _decision,
        reference_minimax_value,
        reference_minimax_decision,
        reference_cutoff_value,
        reference_expectiminimax_value,
    )
