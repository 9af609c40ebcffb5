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
from gamekit.checks.a06.positions import Position, random_positions
from gamekit.checks.a06.references import GAME, MISTAKES, reference
from gamekit.checks.a06.running import _call, _clamped, _show, _within
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
            answer = _call(negamax, what, "a position", position, GAME, low, high)
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
            to_place = piece_name(position.state.to_place)
            cells = "cell" if empty == 1 else "cells"
            label = f"the position {rows} ({to_place} to place; {empty} empty {cells})"
            probes.append(Position(label, position.state))
    return probes


def _should(true: float, alpha: float, beta: float, got: float | None = None) -> str:
    """What a search with window (alpha, beta) must return when the value is ``true``; with
    ``got``, an answer on the window's side but past the value is said to be no bound."""
    if alpha < true < beta:
        return f"exactly {_show(true)}, its value for the player to move (inside the window)"
    if true <= alpha:
        said = (
            f"at most alpha = {_show(alpha)}: its value for the player to move is "
            f"{_show(true)}, at or below the window"
        )
        past = got is not None and got < true
    else:
        said = (
            f"at least beta = {_show(beta)}: its value for the player to move is {_show(true)}, "
            "at or above the window"
        )
        past = got is not None and got > true
    if past:
        low, high = sorted((true, alpha if true <= alpha else beta))
        said += (
            f"; {_show(got)} is past that value, which no bound may pass: return a number from "
            f"{_show(low)} to {_show(high)}"
        )
    return said


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
        where = f"{position.label}, window ({_show(alpha)}, {_show(beta)})"
        got = _call(negamax, what, where, position.state, GAME, alpha, beta)
        got = require_number(got, f"{what} on {where}")
        answers.append((position.state, alpha, beta, got))
        true, _ = reference(position.state)
        if witness is None and not _within(got, true, alpha, beta):
            witnessed = (position.state, alpha, beta, got)
            if public:
                said = f"on {where} negamax returned {_show(got)}; it should return "
                witness = (said + _should(true, alpha, beta, got), where, got, public)
            else:
                said = (
                    f"on {where} negamax returned {_show(got)}, which is wrong (not a probe, so "
                    "its answer is not shown; every probe was right)"
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
            f"negamax {MISTAKES[name]} ({said})", code=f"a06.{name}", evidence=evidence
        )
    code = "witness:negamax" if public else "hidden:negamax"
    raise GradingError(said, code=code, evidence=evidence)


# --------------------------------------------------------------------------------------------
# negamax called again and again: window sequences, orders of positions (tables, hidden state)
# --------------------------------------------------------------------------------------------
