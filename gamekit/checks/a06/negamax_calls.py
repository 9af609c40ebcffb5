"""``negamax`` called again and again: window sequences and orders of positions, which catch a
table or hidden state that outlives one call.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from gamekit.checks import (
    GradingError,
    require_number,
    semicolon_listed,
)
from gamekit.checks.a06.negamax import _should, in_window
from gamekit.checks.a06.positions import Position, every_kind_positions
from gamekit.checks.a06.references import GAME, reference
from gamekit.checks.a06.running import _call, _show, _within, move_words
from gamekit.i18n import kept_sentence

SEQUENCE_WINDOWS = (
    (0.5, math.inf),
    (-math.inf, -0.5),
    (0, 1),
    (-1, 0),
    (1, 2),
    (-2, -1),
    (-0.5, 0.5),
)
"""The narrow windows a sequence tries before the full one, in this order: one-sided windows
above and below a draw (a fail-soft search may return a bound that is not the value), the null
windows on both sides of each value a position can have (-1, 0 and 1), and an aspiration window
around a draw."""


class Call(NamedTuple):
    """One call of a sequence: ``negamax(position, game, alpha, beta)``; ``name`` is how the
    message calls the position ("A", "B", "A after (place on (2, 3), give LRSF)")."""

    name: str
    position: Position
    alpha: float
    beta: float


def call_sequences(
    positions: Sequence[Position], parents: int = 2
) -> list[tuple[list[Call], dict[str, str]]]:
    """The sequences of calls of `check_negamax_calls`, each with its legend (name -> label):

    - by pairs of ``positions`` (A, B): each window of `SEQUENCE_WINDOWS` on A, then on B; then
      the full window on B, then on A (narrow windows first, then the wide one; the positions
      alternate, and the last two calls take them in the other order); the last position of an
      odd number alone, each window then the full one;
    - for the first ``parents`` unfinished positions with at least 3 empty cells: the full
      window on the position, then on every position one move away, in the reverse of
      ``game.actions`` order (the positions the first search met with narrower windows)."""
    sequences = []
    full = (-math.inf, math.inf)
    for first, second in zip(positions[::2], positions[1::2], strict=False):
        calls = [Call(n, p, *w) for w in SEQUENCE_WINDOWS for n, p in (("A", first), ("B", second))]
        calls += [Call("B", second, *full), Call("A", first, *full)]
        sequences.append((calls, {"A": first.label, "B": second.label}))
    if len(positions) % 2:  # the last one alone
        alone = positions[-1]
        calls = [Call("A", alone, *window) for window in (*SEQUENCE_WINDOWS, full)]
        sequences.append((calls, {"A": alone.label}))
    chosen = [
        p for p in positions if not GAME.terminal_test(p.state) and p.state.cells.count(None) >= 3
    ][:parents]
    for parent in chosen:
        calls = [Call("A", parent, *full)]
        for move in reversed(GAME.actions(parent.state)):
            said = move_words(move)
            label = kept_sentence("{position}, after {move}", position=parent.label, move=said)
            child = Position(label, GAME.result(parent.state, move))
            calls.append(
                Call(kept_sentence("{name} after ({move})", name="A", move=said), child, *full)
            )
        sequences.append((calls, {"A": parent.label}))
    return sequences


def call_probes() -> list[Position]:
    """Public positions for `check_negamax_calls`, one of each kind (`every_kind_positions`,
    4 empty cells where the kind allows): the ladder on which a wrong answer is shown with the
    course's."""
    return every_kind_positions(seed=993, empty=4, public=True)


def _said_call(call: Call, got: float | None = None) -> str:
    said = kept_sentence(
        "negamax({name}, game, {alpha}, {beta})",
        name=call.name,
        alpha=_show(call.alpha),
        beta=_show(call.beta),
    )
    return (
        said if got is None else kept_sentence("{call} returned {got}", call=said, got=_show(got))
    )


def _sequence_failure(
    calls: list[Call],
    answers: list[float],
    legend: dict[str, str],
    public: bool,
    earlier: dict[tuple[Any, float, float], float],
) -> GradingError:
    """The message for a sequence whose last call's answer is wrong: the calls in order, what
    each returned, and (on a public probe) what the course's negamax returns on the last."""
    last, got = calls[-1], answers[-1]
    true, _ = reference(last.position.state)
    listed = semicolon_listed([_said_call(c, a) for c, a in zip(calls, answers, strict=True)])
    called = kept_sentence(
        "negamax was called in this order (after the earlier calls of this test and of the "
        "tests above, not listed): {calls}.",
        calls=listed,
    )
    if public:
        fresh, _ = reference(last.position.state, GAME, last.alpha, last.beta)
        verdict = kept_sentence(
            "The course's negamax, searching {name} afresh with the window ({alpha}, {beta}), "
            "returns {fresh}; the last answer should be {should}.",
            name=last.name,
            alpha=_show(last.alpha),
            beta=_show(last.beta),
            fresh=_show(fresh),
            should=_should(true, last.alpha, last.beta, got),
        )
    else:
        verdict = kept_sentence(
            "The last answer is wrong (not a probe, so its answer is not shown; every sequence "
            "on the probes was right)."
        )
    names = [n for n in legend if any(c.name == n or c.name.startswith(f"{n} ") for c in calls)]
    legend_said = semicolon_listed(
        [kept_sentence("{name} is {position}", name=n, position=legend[n]) for n in names]
    )
    before = earlier.get((last.position.state, last.alpha, last.beta))
    if before is not None and before != got:
        said = kept_sentence(
            "{calls} {verdict} {earlier} {legend}.",
            calls=called,
            verdict=verdict,
            earlier=kept_sentence(
                "The same call returned {before} earlier in this test.", before=_show(before)
            ),
            legend=legend_said,
        )
    else:
        said = kept_sentence(
            "{calls} {verdict} {legend}.", calls=called, verdict=verdict, legend=legend_said
        )
    evidence = {
        "step": "negamax",
        "input": _said_call(last),
        "got": repr(got),
        "calls": [[c.name, c.position.label, _show(c.alpha), _show(c.beta)] for c in calls],
        "answers": [repr(a) for a in answers],
    }
    code = "witness:negamax" if public else "hidden:negamax"
    return GradingError(said, code=code, evidence=evidence)


def check_negamax_calls(
    negamax: Callable[..., Any], positions: Sequence[Position], parents: int = 1
) -> None:
    """``negamax`` answers right whatever was asked before: on public probes of every kind
    (`call_probes`, three of them as parents), then on ``positions`` (``parents`` of them), the
    sequences of `call_sequences` (narrow windows then the full one, null windows around every
    value, re-searches, positions in alternating and reversed orders, a position then the
    positions one move away), every answer compared with the course's search of that position
    and window afresh. A negamax that keeps a table between calls must store and use bounds as
    bounds, under a key that tells positions apart.

    A failure lists the calls of its sequence in order with what each returned; on a public
    probe, with what the course's negamax returns on the last call. If the same call returned
    something else earlier in this test, the message says so (only what was seen)."""
    earlier: dict[tuple[Any, float, float], float] = {}
    values: dict[Any, float] = {}  # the course's value of each position met
    for public, group in ((True, call_probes()), (False, list(positions))):
        for calls, legend in call_sequences(group, parents=3 if public else parents):
            answers: list[float] = []
            for index, call in enumerate(calls):
                where = in_window(call.position.label, call.alpha, call.beta)
                what = "negamax(state, game, alpha, beta)"
                got = _call(negamax, what, where, call.position.state, GAME, call.alpha, call.beta)
                got = require_number(
                    got, kept_sentence("{what} on {where}", what=what, where=where)
                )
                answers.append(got)
                state = call.position.state
                if state not in values:
                    values[state] = reference(state)[0]
                if not _within(got, values[state], call.alpha, call.beta):
                    raise _sequence_failure(calls[: index + 1], answers, legend, public, earlier)
                earlier.setdefault((call.position.state, call.alpha, call.beta), got)


# --------------------------------------------------------------------------------------------
# best_move and counted_search
# --------------------------------------------------------------------------------------------
