"""Diagnosis by evidence: what a checker may say about a wrong function, and how it knows.

A checker compares the student's function with the reference on a *ladder* of probes, from
the smallest input upwards, before any hidden case. The first probe where they differ is the
*witness*. A catalogued mistake is named only when its mutant (the reference with that one
mistake) gives exactly the student's outputs on *every* probe; otherwise the message is the
witness itself: the input, what the student's function returned, what the definition gives
there, and a fact computed from that input (never a guess about the cause).

Probes are public-sized inputs chosen here, not the hidden test cases, so a witness may show
the expected answer. A hidden case that fails after every probe agreed is reported without its
expected answer.

Each diagnosis is raised as a `GradingError` with a stable ``code`` (the mistake's name, or
``witness:<step>``) and the witness as plain data (``evidence``); the grader keeps both in the
result record, so a class report can count mistakes without reading messages.

The mechanism is written once, here: `first_witness` climbs a ladder (and with ``narrow``
goes on down inside the witness, to the smallest input that goes wrong), `confirmed` names a
mutant only if it fits every output, `diagnose` does both and words the result, and
`standing_in` lets one answer be judged with the course's version of another. An assignment's
module holds data on it: its probes, its reference, its mutants, its facts and message codes,
and its confirmation set (seeded generated inputs a name must fit too: a01 ``confirm``, a02
``confirm``, a03 ``ladder.confirmation_states``, a05 ``confirm_on``). a01 and a03 confirm on
theirs with `confirmed`; a02's catalogue is ordered, each mistake with several flaws (its
variants), and the first mistake one of whose flaws reproduces every run is named.

- a01's three ladders (values, narrowed down the tree; depth-limited values; decisions), a02's
  searches, a03's moves, evaluation and summaries, and a05's UCB1, search and best move are
  written on `first_witness`.
- a04 has no ladder: its checks are whole tournaments, not one function on one input.
- a06's ``negamax`` keeps its own loop: an answer outside the window is right anywhere in a
  range (fail-soft or fail-hard), so "the same" depends on each probe's window; a hidden
  position can be the witness after every probe agreed; and its confirmation asks the student's
  function again, because a table kept between calls can fit a mistake on every probe.

>>> probes = [Probe("x = 1", (1,)), Probe("x = 2", (2,))]
>>> def reference(x):
...     return 2 * x
>>> def wrong(x):
...     return x + x if x < 2 else x * x + 1
>>> diagnose("double", wrong, reference, probes, fact=lambda p, got, exp: f"2 * x is {exp}")
Traceback (most recent call last):
...
gamekit.checks.GradingError: double on x = 2 returned 5, but should return 4: 2 * x is 4

A mutant that gives 5 at x = 2 but not 2 at x = 1 fits one symptom only: it is not named.

>>> mutants = {"square": Mutant("double squares x instead", lambda x: x * x + (x > 1))}
>>> diagnose("double", wrong, reference, probes, mutants=mutants)
Traceback (most recent call last):
...
gamekit.checks.GradingError: double on x = 2 returned 5, but should return 4
"""

from __future__ import annotations

import contextlib
import math
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamekit.checks import GradingError
from gamekit.i18n import Said, kept_sentence


@dataclass(frozen=True)
class Probe:
    """One rung of the ladder: the arguments, and the input in the exercise's words."""

    words: str
    args: tuple[Any, ...]


@dataclass(frozen=True)
class Mutant:
    """A catalogued mistake: the sentence that names it, and the reference with that mistake.
    The sentence is one of the course's (marked with `gamekit.i18n.N_`) or a kept sentence
    (`gamekit.i18n.kept_sentence`), so that it is said again in its reader's language."""

    sentence: str
    function: Callable[..., Any]


@dataclass(frozen=True)
class Witness:
    """The smallest probe on which the student's function and the reference differ."""

    step: str
    probe: Probe
    got: Any
    expected: Any

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the result record (reprs: any value can be written as JSON)."""
        return {
            "step": self.step,
            **input_evidence(self.probe.words),
            "got": repr(self.got),
            "expected": repr(self.expected),
        }


def input_evidence(words: str) -> dict[str, Any]:
    """A witness's input for the record: its words in English (``input``: what checkers and
    reports group and compare by) and, when they are a kept sentence, what they are made of
    (``input_said``: the class report says them again in its language)."""
    found: dict[str, Any] = {"input": str(words)}
    if isinstance(words, Said):
        found["input_said"] = words.to_dict()
    return found


Same = Callable[[Any, Any], bool]
Fact = Callable[[Probe, Any, Any], str]
"""``fact(probe, got, expected)``: a sentence about the witness's input (a kept sentence, so
that it is said again in its reader's language)."""


def kept(sentence: str) -> Said:
    """``sentence`` as a kept sentence: itself if it is one, else the course's sentence it is
    (a constant marked with `gamekit.i18n.N_`)."""
    return sentence if isinstance(sentence, Said) else kept_sentence(sentence)


def said_by(error: BaseException) -> str:
    """What ``error`` says: its kept sentence when it was raised with one (a `GradingError`
    made with `gamekit.i18n.kept_sentence`), else its text."""
    message = error.args[0] if len(error.args) == 1 else None
    return message if isinstance(message, Said) else str(error)


def in_turn(parts: Sequence[str]) -> str:
    """``parts`` one after the other, separated by "; ": a kept sentence when a part is one
    (each part keeps its own template), else the text.

    >>> in_turn([kept_sentence("{a} is wrong", a="B"), "C = 3"]).template
    '{first}; {then}'
    """
    if not any(isinstance(part, Said) for part in parts):
        return "; ".join(parts)
    together = parts[0]
    for part in parts[1:]:
        together = kept_sentence("{first}; {then}", first=together, then=part)
    return together


def listed(parts: Sequence[str]) -> str:
    """``parts`` separated by ", ": a kept sentence when a part is one, else the text."""
    if not any(isinstance(part, Said) for part in parts):
        return ", ".join(parts)
    together = parts[0]
    for part in parts[1:]:
        together = kept_sentence("{first}, {then}", first=together, then=part)
    return together


def equal(a: Any, b: Any) -> bool:
    return a == b


def close(a: Any, b: Any) -> bool:
    """Two numbers equal up to rounding; anything else (a `Raised`, say) equals nothing."""
    numbers = isinstance(a, (int, float)) and isinstance(b, (int, float))
    return numbers and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def outputs(function: Callable[..., Any], probes: Sequence[Probe]) -> list[Any]:
    """``function`` on every probe, in ladder order; a `GradingError` is kept as its text."""
    found = []
    for probe in probes:
        try:
            found.append(function(*probe.args))
        except GradingError as error:
            found.append(Raised(str(error)))
    return found


@dataclass(frozen=True)
class Raised:
    """What a function did on a probe where it raised (no mutant does: it is never confirmed)."""

    message: str


def first_witness(
    step: str,
    student: Callable[..., Any],
    reference: Callable[..., Any],
    probes: Sequence[Probe],
    same: Same = equal,
    raised_fact: Callable[[Probe], str] | None = None,
    *,
    narrow: Callable[[Probe], Sequence[Probe]] | None = None,
    every: bool = True,
    raised_at: Callable[[Probe, GradingError], None] | None = None,
) -> tuple[Witness | None, list[Any]]:
    """The first probe where ``student`` and ``reference`` differ (None if none), and the
    student's outputs on the probes (on every one with ``every``: a mutant is confirmed on the
    whole ladder; else up to the witness).

    If the student's function raises (a `GradingError` from the checker's call) on a probe
    before any difference, that is the witness: it is raised again with the probe's words,
    and ``raised_fact`` says what the reference does there (every earlier probe agreed);
    ``raised_at(probe, error)`` is told first (to keep the probe for a re-check).

    ``narrow(probe)``: smaller probes inside a witness's (a tree's children, say). The witness
    moves to the first of them where the student is wrong too, and on down, so that it ends
    on the smallest input that goes wrong while every smaller one inside it is right."""
    got: list[Any] = []
    witness = None
    for probe in probes:
        if witness is not None and not every:
            break
        try:
            value = _called(
                step, student, probe, raised_fact, raised_at if witness is None else None
            )
        except GradingError as error:
            if witness is None:
                raise
            got.append(Raised(str(error.evidence.get("raised", error))))
            continue
        got.append(value)
        if witness is None:
            expected = reference(*probe.args)
            if not same(value, expected):
                witness = Witness(step, probe, value, expected)
    if witness is not None and narrow is not None:
        witness = _narrowed(witness, student, reference, same, narrow, raised_fact, raised_at)
    return witness, got


def _called(
    step: str,
    student: Callable[..., Any],
    probe: Probe,
    raised_fact: Callable[[Probe], str] | None = None,
    raised_at: Callable[[Probe, GradingError], None] | None = None,
) -> Any:
    """``student`` on ``probe``; a `GradingError` is raised again with the probe's words."""
    try:
        return student(*probe.args)
    except GradingError as error:
        said = kept_sentence("on {probe}: {error}", probe=probe.words, error=said_by(error))
        if raised_fact is not None:
            said = kept_sentence(
                "on {probe}: {error}; {fact}",
                probe=probe.words,
                error=said_by(error),
                fact=raised_fact(probe),
            )
        failed = GradingError(
            said,
            code=error.code or f"raised:{step}",
            evidence={"step": step, **input_evidence(probe.words), "raised": str(error)},
        )
        if raised_at is not None:
            raised_at(probe, failed)
        raise failed from None


def _narrowed(
    witness: Witness,
    student: Callable[..., Any],
    reference: Callable[..., Any],
    same: Same,
    narrow: Callable[[Probe], Sequence[Probe]],
    raised_fact: Callable[[Probe], str] | None,
    raised_at: Callable[[Probe, GradingError], None] | None,
) -> Witness:
    """The witness moved down ``narrow`` while the student is wrong on a smaller probe."""
    while True:
        for probe in narrow(witness.probe):
            value = _called(witness.step, student, probe, raised_fact, raised_at)
            expected = reference(*probe.args)
            if not same(value, expected):
                witness = Witness(witness.step, probe, value, expected)
                break
        else:
            return witness


def confirmed(
    mutants: Mapping[str, Mutant], probes: Sequence[Probe], got: Sequence[Any], same: Same = equal
) -> str | None:
    """The one catalogued mistake whose mutant gives exactly ``got`` on every probe, or None
    (also when two mutants both fit: then naming one would be a guess)."""
    fitting = []
    for code, mutant in mutants.items():
        try:
            theirs = outputs(mutant.function, probes)
        except Exception:  # noqa: BLE001 - a mutant that fails where the student did not
            continue
        if all(same(a, b) for a, b in zip(got, theirs, strict=True)):
            fitting.append(code)
    return fitting[0] if len(fitting) == 1 else None


def diagnose(
    step: str,
    student: Callable[..., Any],
    reference: Callable[..., Any],
    probes: Sequence[Probe],
    *,
    mutants: Mapping[str, Mutant] | None = None,
    same: Same = equal,
    fact: Fact | None = None,
    raised_fact: Callable[[Probe], str] | None = None,
    show: Callable[[Any], str] = repr,
    code_prefix: str = "",
    confirm_on: Sequence[Probe] = (),
    found: tuple[Witness | None, list[Any]] | None = None,
) -> None:
    """Raise a `GradingError` about ``step`` if ``student`` differs from ``reference`` on a
    probe: the confirmed mistake's sentence if exactly one mutant reproduces the student on
    every probe (and on ``confirm_on``, hidden cases that are never shown), else the witness;
    both with the witness's input and values. ``found``: what `first_witness` already returned
    for these probes (the ladder is then not climbed twice)."""
    if found is None:
        found = first_witness(step, student, reference, probes, same, raised_fact)
    witness, got = found
    if witness is None:
        return
    values = {
        "step": step,
        "probe": witness.probe.words,
        "got": show(witness.got),
        "expected": show(witness.expected),
    }
    said = kept_sentence("{step} on {probe} returned {got}, but should return {expected}", **values)
    # A name must fit the hidden cases too (never shown: they only confirm or refute it).
    name = confirmed(mutants or {}, probes, got, same)
    if name is not None and confirm_on:
        theirs = outputs(student, confirm_on)
        if confirmed({name: mutants[name]}, confirm_on, theirs, same) is None:
            name = None
    evidence = witness.to_dict()
    if name is not None:
        raise GradingError(
            kept_sentence(
                "{mistake} ({witness})", mistake=kept(mutants[name].sentence), witness=said
            )
            if mutants
            else said,
            code=f"{code_prefix}{name}",
            evidence=evidence,
        )
    if fact is not None:
        said = kept_sentence(
            "{step} on {probe} returned {got}, but should return {expected}: {fact}",
            **values,
            fact=fact(witness.probe, witness.got, witness.expected),
        )
    raise GradingError(said, code=f"witness:{step}", evidence=evidence)


@contextlib.contextmanager
def standing_in(function: Any, name: str, replacement: Any) -> Iterator[None]:
    """While active, the notebook's global ``name`` is ``replacement`` during every call of
    ``function``: so a check judges one answer with the course's version of another answer it
    calls (one mistake, one charge).

    In the grader ``function`` is a handle on the student's kernel, and the kernel swaps the
    global during each call (`gamekit.checks.remote.substituting`; ``replacement`` must then be
    picklable: a module-level function or a class of gamekit). For a function defined in this
    process (a notebook run in its own kernel, the mutation harness), its ``__globals__`` are
    swapped. A notebook that never defined ``name`` is left as it is.
    """
    from gamekit.checks.remote import substituting

    namespace = function.__globals__ if isinstance(function, types.FunctionType) else None
    with substituting(name, replacement):
        if namespace is None or not callable(namespace.get(name)):
            yield
            return
        saved = namespace[name]
        namespace[name] = replacement
        try:
            yield
        finally:
            namespace[name] = saved
