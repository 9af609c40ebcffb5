"""Running the student's a06 functions: with gamekit's engines refused, every error explained,
and the number formats and window tests the checks share.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from gamekit.checks import (
    EngineForbidden,
    GradingError,
    default_forbidden,
    engines_swapped_out,
    message_of,
)
from gamekit.checks.a06.references import reference, reference_order, reference_stats
from gamekit.i18n import kept_sentence
from gamekit.quarto import piece_name


def forbidden_functions(ordering: bool = False) -> tuple[Callable[..., Any], ...]:
    """gamekit's search engines (negamax_search among them) and this module's reference: the
    student writes their own. With ``ordering``, the reference ordering key too (it is passed
    to the student's counted_search in the other checks, so it is only forbidden here)."""
    from gamekit.negamax import _search, negamax_search

    own = (reference, reference_stats) + ((reference_order,) if ordering else ())
    return (*default_forbidden(), negamax_search, _search, *own)


def _call(
    function: Callable[..., Any],
    what: str,
    where: str,
    *args: Any,
    ordering: bool = False,
    **kwargs: Any,
) -> Any:
    """Call student code with gamekit's engines swapped out; explain any error it raises."""
    try:
        with engines_swapped_out(*forbidden_functions(ordering)):
            return function(*args, **kwargs)
    except EngineForbidden as error:
        raise GradingError(
            kept_sentence(
                "{what} calls gamekit's own code: {error}", what=what, error=message_of(error)
            ),
            code="forbidden",
        ) from None
    except GradingError:
        raise
    except Exception as error:
        raise GradingError(
            kept_sentence(
                "{what} raised {kind}: {error} (on {where})",
                what=what,
                kind=type(error).__name__,
                error=message_of(error),
                where=where,
            ),
            code=f"raised:{what.split('(')[0]}",
        ) from None


def _clamped(value: float, alpha: float, beta: float) -> float:
    return min(max(value, alpha), beta)


def _within(got: float, true: float, alpha: float, beta: float) -> bool:
    """Is ``got`` a right answer of a search with window [alpha, beta] whose true value is
    ``true``? Exact inside the window; outside, any bound on the right side (fail-soft or
    fail-hard both pass)."""
    if alpha < true < beta:
        return got == true
    if true <= alpha:
        return true <= got <= alpha
    return beta <= got <= true


def move_words(move: Any) -> str:
    """A Quarto move as ``str(QuartoMove)`` says it ("place on (2, 3), give LRSF"), kept (a
    `gamekit.i18n.Said`), so that a message says it in its reader's language."""
    cell, give = move
    if cell is None:
        return kept_sentence("give {piece}", piece=piece_name(give)) if give is not None else ""
    if give is None:
        return kept_sentence("place on {cell}", cell=cell)
    return kept_sentence("place on {cell}, give {piece}", cell=cell, piece=piece_name(give))


def _show(x: float) -> str:
    return "inf" if x == math.inf else "-inf" if x == -math.inf else f"{x:g}"
