"""The course's negamax for a06 (`reference`), with switches that reproduce each catalogued
mistake, its statistics and the course's move-ordering key; every answer is remembered for one
job's run.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from gamekit.i18n import N_
from gamekit.quarto import Quarto, QuartoState

GAME = Quarto()

EMPTY_WINDOW = N_(
    "gives the child an empty window (alpha above beta): the child's window must be negated "
    "and swapped, (-beta, -alpha); negating alone, (-alpha, -beta), or swapping alone, "
    "(beta, alpha), turns it inside out"
)

MISTAKES = {
    "no_negation": N_("does not negate the value a child returns (negamax: v = max(v, -child))"),
    "window_not_swapped": N_(
        "does not swap and negate the window one ply down: the child's window is (-beta, -alpha)"
    ),
    "window_not_negated": EMPTY_WINDOW,
    "window_negated_not_swapped": EMPTY_WINDOW,
    "utility_of_x": N_(
        "scores a finished game for X at every leaf: the value is the utility of the player "
        "to move, game.utility(state, game.to_move(state))"
    ),
    "utility_of_mover": N_(
        "scores a finished game for the player who just moved, not for the player to move: "
        "use game.utility(state, game.to_move(state))"
    ),
    "first_give": N_(
        "ignores the piece-to-give part of the move: it tries only one piece to give per "
        "cell, but a move is (cell, give) and every pair in game.actions(state) counts"
    ),
}
"""What each catalogued mistake of ``negamax`` does, as the feedback states it after
"negamax" (each a sentence of the catalogue: ``kept_sentence(MISTAKES[name])``)."""


# --------------------------------------------------------------------------------------------
# The reference, with switches that reproduce the catalogued mistakes
# --------------------------------------------------------------------------------------------


@dataclass
class Counts:
    """What one search counted: every position visited, and the cutoffs (see `reference`)."""

    nodes: int = 0
    cutoffs: int = 0
    interior: int = 0  # positions visited that were not finished games
    cutoffs_at_parent: int = 0  # children whose value made -value <= alpha at their parent
    partial_cutoffs: int = 0  # cutoffs that left at least one move unsearched

    def add(self, other: Counts) -> None:
        """Adds what ``other`` counted to these counts."""
        for field in fields(self):
            setattr(self, field.name, getattr(self, field.name) + getattr(other, field.name))


def reference(
    state: Any,
    game: Any = GAME,
    alpha: float = -math.inf,
    beta: float = math.inf,
    *,
    order: Callable[[Any, Any, Any], Any] | None = None,
    mistake: str | None = None,
    counts: Counts | None = None,
) -> tuple[float, Any]:
    """``(value, first best move)`` of negamax with alpha-beta, fail-soft, for the player to move.

    Counting (into ``counts``), as the notebook defines it: a *node* is each position the search
    visits (each call), counted on entry, before the terminal test, root and finished games
    included; a *cutoff* is counted at the node whose loop stops because ``v >= beta`` (once per
    such node). ``mistake`` names one of `MISTAKES` to reproduce it.

    Answers are remembered (`_SOLVED`) for the course's own game, states and ordering key: the
    checks ask for the same position's value once per window, probe and check.
    """
    remembered = (
        game is GAME and type(state) is QuartoState and (order is None or order is reference_order)
    )
    key = (state, alpha, beta, order is None, mistake)
    if remembered and key in _SOLVED:
        value, move, seen = _SOLVED[key]
    else:
        seen = Counts()
        value, move = _search(state, game, alpha, beta, order, mistake, seen)
        if remembered:
            _SOLVED[key] = (value, move, seen)
    if counts is not None:
        counts.add(seen)
    return value, move


_SOLVED: dict[tuple[Any, ...], tuple[float, Any, Counts]] = {}
"""`reference`'s answers by (position, alpha, beta, unordered, mistake). Only trusted objects go
in: the course's `GAME`, states of exactly `QuartoState`, no key but `reference_order`."""


def _search(
    state: Any,
    game: Any,
    alpha: float,
    beta: float,
    order: Callable[[Any, Any, Any], Any] | None,
    mistake: str | None,
    counts: Counts,
) -> tuple[float, Any]:
    """`reference`'s search itself, counting into ``counts``."""

    def moves_of(state: Any) -> list[Any]:
        moves = list(game.actions(state))
        if order is not None:
            keys = _keys(order, game, state, moves)
            moves = [moves[i] for i in sorted(range(len(moves)), key=keys.__getitem__)]
        if mistake == "first_give":
            first: dict[Any, Any] = {}
            for move in moves:
                first.setdefault(move.cell, move)
            moves = list(first.values())
        return moves

    def value(state: Any, alpha: float, beta: float) -> tuple[float, Any]:
        counts.nodes += 1
        mover = game.to_move(state)
        if game.terminal_test(state):
            if mistake == "utility_of_x":
                return game.utility(state, "X"), None
            if mistake == "utility_of_mover":
                return game.utility(state, "O" if mover == "X" else "X"), None
            return game.utility(state, mover), None
        counts.interior += 1
        moves = moves_of(state)
        v, best = -math.inf, None
        for index, move in enumerate(moves):
            if mistake == "window_not_swapped":
                child, _ = value(game.result(state, move), alpha, beta)
            elif mistake == "window_negated_not_swapped":
                child, _ = value(game.result(state, move), -alpha, -beta)
            elif mistake == "window_not_negated":
                child, _ = value(game.result(state, move), beta, alpha)
            else:
                child, _ = value(game.result(state, move), -beta, -alpha)
            mine = child if mistake == "no_negation" else -child
            if mine <= alpha:
                counts.cutoffs_at_parent += 1
            if mine > v:
                v, best = mine, move
            if v >= beta:
                counts.cutoffs += 1
                counts.partial_cutoffs += index < len(moves) - 1
                break
            alpha = max(alpha, v)
        return v, best

    return value(state, alpha, beta)


def _keys(order: Callable[..., Any], game: Any, state: Any, moves: list[Any]) -> list[Any]:
    """``order``'s key for each of ``moves``: all at once if it can (`_StudentKey.keys_of`
    asks the student's kernel in one round trip), else one call per move."""
    keys_of = getattr(order, "keys_of", None)
    if keys_of is not None:
        return keys_of(game, state, moves)
    return [order(game, state, move) for move in moves]


def reference_stats(state: Any, order: Callable[[Any, Any, Any], Any] | None = None) -> dict:
    """What the notebook's ``counted_search`` returns, by `reference`: a dict with the keys
    ``'value'``, ``'move'``, ``'nodes'`` and ``'cutoffs'``.

    >>> from gamekit.checks.a06.positions import random_positions
    >>> stats = reference_stats(random_positions(4, 1, seed=1)[0].state)
    >>> sorted(stats), stats["nodes"] > stats["cutoffs"] > 0
    (['cutoffs', 'move', 'nodes', 'value'], True)
    """
    counts = Counts()
    value, move = reference(state, order=order, counts=counts)
    return {"value": value, "move": move, "nodes": counts.nodes, "cutoffs": counts.cutoffs}


def reference_order(game: Any, state: Any, move: Any) -> int:
    """The notebook's ordering key: 0 for a placement that wins, 2 for a move that hands the
    opponent a piece it can win with at once, 1 for any other move (lower is tried first)."""
    after = game.result(state, move)
    if game.terminal_test(after):
        return 0 if after.winner is not None else 1
    return 2 if _wins_now(game, after) else 1


def _wins_now(game: Any, state: Any) -> list[Any]:
    """The moves that end the game by a win at ``state`` (a placement with nothing to give)."""
    return [m for m in game.actions(state) if game.result(state, m).winner is not None]


# --------------------------------------------------------------------------------------------
# Positions for the hidden tests
# --------------------------------------------------------------------------------------------
