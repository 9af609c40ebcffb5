"""The check of ``negamax``: its value in a window on each position, a ladder of public probes
first, and a catalogued mistake named only when it fits every answer.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from gamekit.checks import (
    GradingError,
    require_number,
)
from gamekit.checks.a06.positions import Position, position_words, random_positions
from gamekit.checks.a06.references import GAME, MISTAKES, reference
from gamekit.checks.a06.running import _call, _clamped, _show, _within
from gamekit.i18n import kept_sentence
from gamekit.quarto import piece_name


def _diagnose(answers: Sequence[tuple[Any, float, float, float]]) -> str | None:
    """The name of the catalogued mistake that gives every ``(state, alpha, beta, got)`` of
    ``answers`` (fail-soft or fail-hard), if any."""
    for name in MISTAKES:
        for state, alpha, beta, got in answers:
            wrong, _ = reference(state, GAME, alpha, beta, mistake=name)
            if got in (wrong, _clamped(wrong, alpha, beta)):
                continue
            wrong_value, _ = reference(state, GAME, mistake=name)
            if not _within(got, wrong_value, alpha, beta):
                break
        else:
            return name
    return None


def _confirmed(
    negamax: Callable[..., Any], name: str, witnessed: tuple[Any, float, float, float]
) -> bool:
    """Whether ``negamax`` still answers as the mistake ``name`` when asked again: the call of
    the witness repeated (a function of the position and window gives the same answer), then
    the full window on every position one move away, each compared with the mistake's own
    search of that position. A negamax whose answers depend on earlier calls (a table kept
    between them, under a key that mixes positions up) can fit a mistake on every probe while
    not being that mistake; then no name is given, and the witness stands alone."""
    state, alpha, beta, got = witnessed
    what = "negamax(state, game, alpha, beta)"
    calls = [(state, alpha, beta, got)]
    for move in GAME.actions(state):
        child = GAME.result(state, move)
        calls.append((child, -math.inf, math.inf, reference(child, mistake=name)[0]))
    try:
        for position, low, high, expected in calls:
            answer = _call(negamax, what, kept_sentence("a position"), position, GAME, low, high)
            if type(answer) not in (int, float) or answer != expected:
                return False
    except GradingError:  # an error while confirming: no name, the witness stands
        return False
    return True


PROBE_WINDOWS = ((-math.inf, math.inf), (-0.5, 0.5), (0.5, math.inf), (-math.inf, -0.5))
"""The windows of the probes: the full one, and ones the value lies inside, above or below."""


def negamax_probes() -> list[Position]:
    """Small public positions, smallest first (1 to 4 empty cells, two of each): the ladder on
    which a wrong negamax is shown with the value it should have found."""
    probes = []
    for empty in (1, 2, 3, 4):
        for position in random_positions(empty, 2, seed=900 + empty):
            rows = " / ".join(position.state.rows())
            label = position_words(rows, piece_name(position.state.to_place), empty)
            probes.append(Position(label, position.state))
    return probes


def _should(true: float, alpha: float, beta: float, got: float | None = None) -> str:
    """What a search with window (alpha, beta) must return when the value is ``true``; with
    ``got``, an answer on the window's side but past the value is said to be no bound."""
    if alpha < true < beta:
        return kept_sentence(
            "exactly {value}, its value for the player to move (inside the window)",
            value=_show(true),
        )
    if true <= alpha:
        said = kept_sentence(
            "at most alpha = {alpha}: its value for the player to move is {value}, at or below "
            "the window",
            alpha=_show(alpha),
            value=_show(true),
        )
        past = got is not None and got < true
    else:
        said = kept_sentence(
            "at least beta = {beta}: its value for the player to move is {value}, at or above "
            "the window",
            beta=_show(beta),
            value=_show(true),
        )
        past = got is not None and got > true
    if past:
        low, high = sorted((true, alpha if true <= alpha else beta))
        said = kept_sentence(
            "{bound}; {got} is past that value, which no bound may pass: return a number from "
            "{low} to {high}",
            bound=said,
            got=_show(got),
            low=_show(low),
            high=_show(high),
        )
    return said


def in_window(position: str, alpha: float, beta: float) -> str:
    """ "{position}, window (alpha, beta)": where a call of negamax is made (kept)."""
    return kept_sentence(
        "{position}, window ({alpha}, {beta})",
        position=position,
        alpha=_show(alpha),
        beta=_show(beta),
    )


def check_negamax(
    negamax: Callable[..., Any],
    positions: Sequence[Position],
    windows: Sequence[tuple[float, float]] = ((-math.inf, math.inf),),
) -> None:
    """``negamax(state, game, alpha, beta)`` is right on the public probes, then on every
    position and window: the exact value inside the window, a bound on the right side outside
    it (fail-soft or fail-hard). A wrong answer on a probe is shown with the value it should
    have been; one on another position is not. A catalogued mistake is named only if it gives
    every answer seen, probes and other positions alike, and still does when asked again
    (`_confirmed`)."""
    what = "negamax(state, game, alpha, beta)"
    answers: list[tuple[Any, float, float, float]] = []
    witness = None
    cases = [(p, w, True) for p in negamax_probes() for w in PROBE_WINDOWS]
    cases += [(p, w, False) for p in positions for w in windows]
    for position, (alpha, beta), public in cases:
        where = in_window(position.label, alpha, beta)
        got = _call(negamax, what, where, position.state, GAME, alpha, beta)
        got = require_number(got, kept_sentence("{what} on {where}", what=what, where=where))
        answers.append((position.state, alpha, beta, got))
        true, _ = reference(position.state)
        if witness is None and not _within(got, true, alpha, beta):
            witnessed = (position.state, alpha, beta, got)
            if public:
                said = kept_sentence(
                    "on {where} negamax returned {got}; it should return {should}",
                    where=where,
                    got=_show(got),
                    should=_should(true, alpha, beta, got),
                )
            else:
                said = kept_sentence(
                    "on {where} negamax returned {got}, which is wrong (not a probe, so its "
                    "answer is not shown; every probe was right)",
                    where=where,
                    got=_show(got),
                )
            witness = (said, where, got, public)
    if witness is None:
        return
    said, where, got, public = witness
    name = _diagnose(answers)
    if name is not None and not _confirmed(negamax, name, witnessed):
        name = None
    evidence = {"step": "negamax", "input": where, "got": repr(got)}
    if name is not None:
        raise GradingError(
            kept_sentence(
                "negamax {mistake} ({said})", mistake=kept_sentence(MISTAKES[name]), said=said
            ),
            code=f"a06.{name}",
            evidence=evidence,
        )
    code = "witness:negamax" if public else "hidden:negamax"
    raise GradingError(said, code=code, evidence=evidence)


# --------------------------------------------------------------------------------------------
# negamax called again and again: window sequences, orders of positions (tables, hidden state)
# --------------------------------------------------------------------------------------------
