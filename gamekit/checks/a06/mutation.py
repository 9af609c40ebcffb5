"""For the mutation harness (`gamekit.checks.mutants`): what a06's functions do, the catalogue
of its mistakes and the re-checks of a named mistake.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from gamekit.checks.a06.counted_search import COUNT_MISTAKES
from gamekit.checks.a06.negamax import PROBE_WINDOWS, negamax_probes
from gamekit.checks.a06.negamax_calls import _said_call, call_probes, call_sequences
from gamekit.checks.a06.ordering import order_probes
from gamekit.checks.a06.positions import random_positions
from gamekit.checks.a06.references import GAME, MISTAKES, Counts, reference, reference_order
from gamekit.checks.a06.running import _clamped, _show, _within, forbidden_functions
from gamekit.checks.mutants import Catalogued, unforbidden


def _outcome(function: Callable[..., Any], *args: Any, **kwargs: Any) -> str:
    try:
        value = function(*args, **kwargs)
    except Exception as error:  # noqa: BLE001 - what a wrong program does is the data
        return f"raised {type(error).__name__}"
    if isinstance(value, dict):
        value = sorted((str(k), repr(v)) for k, v in value.items())
    return repr(value)


def observe(namespace: dict[str, Any]) -> list[str]:
    """What the notebook's negamax, best_move, counted_search and quarto_order do on public
    probes and a few more positions (seeded), every window of the probes included."""
    positions = negamax_probes() + random_positions(5, 3, seed=4242)
    seen = []
    for position in positions:
        state = position.state
        for alpha, beta in PROBE_WINDOWS:
            seen.append(_outcome(namespace["negamax"], state, GAME, alpha, beta))
        seen.append(_outcome(namespace["best_move"], state, GAME))
        seen.append(_outcome(namespace["counted_search"], state, GAME))
        seen.append(_outcome(namespace["counted_search"], state, GAME, order=reference_order))
        for move in GAME.actions(state):
            seen.append(_outcome(namespace["quarto_order"], GAME, state, move))
    for position in order_probes():  # where the definition's three kinds of move occur
        for move in GAME.actions(position.state):
            seen.append(_outcome(namespace["quarto_order"], GAME, position.state, move))
    return seen


def _negamax_with(name: str) -> Callable[..., float]:
    """The notebook's ``negamax`` with the catalogued mistake ``name`` of `MISTAKES`."""

    def negamax(state: Any, game: Any, alpha: float = -math.inf, beta: float = math.inf) -> float:
        return reference(state, game, alpha, beta, mistake=name)[0]

    return unforbidden(negamax, forbidden_functions(ordering=True))


def _counting(name: str) -> Callable[[Callable[..., dict]], Callable[..., dict]]:
    """The counting mistake ``name`` of `COUNT_MISTAKES`, built around a ``counted_search``:
    its own answer with the one count the name is about taken the wrong way (a name says
    only how that count was taken, and is checked on nothing else)."""
    which, fits, _ = COUNT_MISTAKES[name]

    def counts_of(state: Any, order: Any) -> int:
        counts, plain = Counts(), Counts()
        reference(state, GAME, order=order, counts=counts)
        reference(state, GAME, counts=plain)
        return fits(counts, plain)

    counted = unforbidden(counts_of, forbidden_functions(ordering=True))

    def around(own: Callable[..., dict]) -> Callable[..., dict]:
        def counted_search(state: Any, game: Any, order: Any = None) -> dict:
            stats = own(state, game, order)
            return {**stats, which: counted(state, order)} if isinstance(stats, dict) else stats

        return counted_search

    return around


def catalogue() -> list[Catalogued]:
    """Every mistake a06 can name, as a program (for `gamekit.checks.mutants`)."""
    return [
        *(Catalogued(f"a06.{name}", "negamax", _negamax_with(name)) for name in MISTAKES),
        *(
            Catalogued(f"a06.{name}", "counted_search", _counting(name), around=True)
            for name in COUNT_MISTAKES
        ),
    ]


def _recheck_sequence(namespace: dict[str, Any], evidence: dict) -> str | None:
    """A sequence's witness (`check_negamax_calls`, on the public probes): the same calls made
    again in order must give the answers the message lists, and the last must be wrong."""
    said = [list(call) for call in evidence["calls"]]
    for calls, _ in call_sequences(call_probes(), parents=3):
        listed = [[c.name, c.position.label, _show(c.alpha), _show(c.beta)] for c in calls]
        if listed[: len(said)] != said:
            continue
        for call, answer in zip(calls, evidence["answers"], strict=False):
            got = namespace["negamax"](call.position.state, GAME, call.alpha, call.beta)
            if repr(got) != answer:
                return f"{_said_call(call)} returns {got!r}, the message says {answer}"
        last = calls[len(said) - 1]
        true, _ = reference(last.position.state)
        if _within(got, true, last.alpha, last.beta):
            return f"the last answer, {_said_call(last, got)}, is right"
        return None
    return "the calls of the witness are not a sequence on the public probes"


def recheck(namespace: dict[str, Any], code: str, evidence: dict | None) -> str | None:
    """Whether a failing cell's claim holds for the program in ``namespace`` (None if it does).
    A witness on a probe is recomputed there; a named negamax mistake must give the program's
    answer on every probe and window."""
    if code == "witness:negamax" and evidence and "calls" in evidence:
        return _recheck_sequence(namespace, evidence)
    if code == "witness:negamax" and evidence:
        for probe in negamax_probes():
            for alpha, beta in PROBE_WINDOWS:
                where = f"{probe.label}, window ({_show(alpha)}, {_show(beta)})"
                if where == evidence.get("input"):
                    got = namespace["negamax"](probe.state, GAME, alpha, beta)
                    true, _ = reference(probe.state)
                    if repr(got) != evidence.get("got"):
                        return f"negamax returns {got!r} there, the message says {evidence['got']}"
                    if _within(got, true, alpha, beta):
                        return f"negamax's answer {got!r} on {where} is right"
                    return None
        return f"the witness {evidence.get('input')!r} is not a probe"
    name = code.removeprefix("a06.")
    if code.startswith("a06.") and name in MISTAKES:
        for probe in negamax_probes():
            for alpha, beta in PROBE_WINDOWS:
                got = namespace["negamax"](probe.state, GAME, alpha, beta)
                wrong, _ = reference(probe.state, GAME, alpha, beta, mistake=name)
                true_wrong, _ = reference(probe.state, GAME, mistake=name)
                if got not in (wrong, _clamped(wrong, alpha, beta)) and not _within(
                    got, true_wrong, alpha, beta
                ):
                    return f"named {name}, but negamax differs from it on {probe.label}"
    return None
