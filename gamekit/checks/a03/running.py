"""Running a03's student code: with gamekit's Connect Four moves and evaluation functions
refused, every error explained (a state changed in place is named as such).
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from typing import Any

from gamekit.checks import (
    EngineForbidden,
    GradingError,
    engines_swapped_out,
    message_of,
)
from gamekit.i18n import kept_sentence

# --------------------------------------------------------------------------------------------
# Positions for the hidden tests
# --------------------------------------------------------------------------------------------


def heuristic_functions() -> tuple[Callable[..., Any], ...]:
    """Every function of gamekit.heuristics (the evaluations a student's evaluate must not call)."""
    from gamekit import heuristics

    return tuple(
        f
        for _, f in inspect.getmembers(heuristics, inspect.isfunction)
        if f.__module__ == heuristics.__name__
    )


def forbidden_functions() -> tuple[Callable[..., Any], ...]:
    """gamekit's Connect Four moves and every function of gamekit.heuristics."""
    from gamekit import games

    return (games.ConnectFour.actions, games.ConnectFour.drop, *heuristic_functions())


def _snapshot(state: Any) -> tuple:
    return (state.cells, state.to_move, state.utility, state.moves, state.last_move, state.h)


def _mutation_message(error: BaseException) -> str | None:
    """The explanation when ``error`` comes from an attempt to change an immutable state."""
    text = str(error)
    if isinstance(error, dataclasses.FrozenInstanceError):
        return kept_sentence(
            "your actions tries to change the state (it assigns to one of its fields): states "
            "are immutable; read state.board / state.moves and build a new list instead"
        )
    if isinstance(error, TypeError) and ("item assignment" in text or "item deletion" in text):
        return kept_sentence(
            "your actions tries to change the state (it writes into state.board): states are "
            "immutable; read the board and build a new list of moves instead"
        )
    if isinstance(error, AttributeError) and "'tuple' object has no attribute" in text:
        return kept_sentence(
            "your actions tries to change the state in place (state.moves is a tuple and cannot "
            "be changed): build a new list of moves instead"
        )
    return None


def _call(
    function: Callable[..., Any],
    what: str,
    where: str,
    *args: Any,
    forbidden: tuple[Callable[..., Any], ...] | None = None,
) -> Any:
    """Call student code with gamekit's answers (default: `forbidden_functions`) swapped out;
    explain any error it raises."""
    forbidden = forbidden_functions() if forbidden is None else forbidden
    try:
        with engines_swapped_out(*forbidden):
            return function(*args)
    except EngineForbidden as error:
        raise GradingError(
            kept_sentence(
                "{what} calls gamekit's own code: {error}", what=what, error=message_of(error)
            ),
            code="forbidden",
        ) from None
    except (GradingError, NotImplementedError):  # a blank answer stays unanswered
        raise
    except Exception as error:
        mutation = _mutation_message(error)
        if mutation:
            raise GradingError(
                kept_sentence("{mistake} (on {where})", mistake=mutation, where=where),
                code="raised:actions",
            ) from None
        raise GradingError(
            kept_sentence(
                "{what} raised {kind}: {error} (on {where})",
                what=what,
                kind=type(error).__name__,
                error=str(error),
                where=where,
            ),
            code=f"raised:{what.split('(')[0]}",
        ) from None


# --------------------------------------------------------------------------------------------
# ConnectFour.actions
# --------------------------------------------------------------------------------------------
