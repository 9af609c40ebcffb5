"""Checks that the course's hidden tests call: they compare a student's code with gamekit's
reference engines and explain what differs, without printing the expected answers.

The logic is public (students may read it); the cases it is run on live in the hidden tests.
Each ``check_*`` function raises `GradingError` (an ``AssertionError``) with a message a student
can act on, or returns None when everything matches.

This package is the side of grading a student's kernel sees: each assignment's checks
(``a01`` ... ``a06``), the mechanism they share (`evidence`, `mutants`, `searches`), and the
kernel's end of the grader's line (`remote`, `kernel`, `transformers`). The grading machine,
which runs on the trusted side only, is `gamekit.grader`; nothing here imports it.
"""

from __future__ import annotations

import contextlib
import functools
import math
import os
import types
from collections.abc import Callable, Iterator, Sequence
from typing import Any

# The errors, re-exported: checks and notebooks import them from here.
from gamekit.checks.errors import EngineForbidden as EngineForbidden
from gamekit.checks.errors import (
    GradingError,
    forbidden_message,
    refusing_code,
)
from gamekit.i18n import Said, _, kept_sentence, said_again


def expect(condition: object, message: str, code: str = "expect", **values: Any) -> None:
    """A visible test's check: raise `GradingError` with ``message`` unless ``condition``. Its
    mistake code says that a visible test's stated condition failed on the student's output.
    ``message`` is a template of the course's catalogue (the test cells' sentences are in it:
    `gamekit.course.translate.test_phrases`), filled with ``values``; it is kept, so a feedback
    page says it in the student's language."""
    if not condition:
        raise GradingError(Said(message, values), code=code)


def passed(what: str) -> None:
    """Say what a visible test checked, once all its checks have passed (one line, with ✓), in
    the language in use (``what`` is one of the catalogue's sentences)."""
    print(f"✓ {_(what)}")


GRADING = False
"""True in the grader's process while it judges test cells (set by `gamekit.grader.trusted`)."""


def _unanswered(error: BaseException | None) -> bool:
    """Whether ``error`` comes from a stub still raising NotImplementedError."""
    seen = 0
    while error is not None and seen < 10:
        if isinstance(error, NotImplementedError) or "raised NotImplementedError" in str(error):
            return True
        error, seen = error.__cause__ or error.__context__, seen + 1
    return False


@contextlib.contextmanager
def if_answered(name: str) -> Iterator[None]:
    """Run the checks or the "check it" code of exercise ``name``. While the exercise is still a
    stub, say so in one line instead of stopping *Run All Cells* here, so the rest of the
    notebook (worked examples, pictures) still runs. When graded or validated (nbgrader sets
    ``NBGRADER_EXECUTION``), an unanswered exercise fails as before and scores 0."""
    try:
        yield
    except Exception as error:
        if GRADING or os.environ.get("NBGRADER_EXECUTION") or not _unanswered(error):
            raise  # graded or validated: an unanswered exercise fails
        sentence = kept_sentence(
            "{name}: not answered yet (this cell checks it once you have answered).", name=name
        )
        print(f"○ {said_again(sentence.to_dict(), sentence)}")  # the kernel's language, at once


def message_of(error: BaseException) -> str:
    """``error``'s message as a value of another sentence: its kept sentence (`Said`) when it
    was made with one (a `GradingError`, an `EngineForbidden`), else its text, as ``str``
    gives it."""
    said = error.args[0] if len(error.args) == 1 else None
    return said if isinstance(said, Said) else str(error)


def listed(parts: Sequence[str]) -> str:
    """``parts`` of a sentence (kept sentences, or values) separated by commas, kept as one
    sentence whose parts are each said again in the reader's language; "" for no part.

    >>> listed(["column 1 is full", kept_sentence("column {c} is full", c=2)])
    'column 1 is full, column 2 is full'
    """
    said = parts[0] if parts else ""
    for part in parts[1:]:
        said = kept_sentence("{before}, {after}", before=said, after=part)
    return said


def semicolon_listed(parts: Sequence[str]) -> str:
    """`listed`, with semicolons between the parts."""
    said = parts[0] if parts else ""
    for part in parts[1:]:
        said = kept_sentence("{before}; {after}", before=said, after=part)
    return said


PLAIN_TYPES = (int, float, str, bool, type(None))


def type_name(value: Any) -> str:
    """The name of ``value``'s type; for an object in the student's kernel, its class there."""
    from gamekit.checks.remote import HugeInt, RemoteRef

    if isinstance(value, HugeInt):
        return "int"
    return value.remote_type if isinstance(value, RemoteRef) else type(value).__name__


def shown(value: Any, limit: int = 200) -> str:
    """``repr(value)`` for a message, cut to ``limit`` characters; an int too long to print
    (Python refuses past 4,300 digits) is described by its number of digits."""
    from gamekit.checks.remote import HugeInt, int_digits

    if type(value) is int and value.bit_length() > 1000:
        return HugeInt(-1 if value < 0 else 1, *int_digits(value)).describe()
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - e.g. a list holding an int too long to print
        return kept_sentence("a {kind} that cannot be printed", kind=type_name(value))
    return text if len(text) <= limit else text[: limit - 3] + "..."


def require_plain(value: Any, what: str) -> None:
    """Fail unless ``value`` is made only of built-in types (dict, list, tuple, set, str,
    numbers, None): an object with a home-made ``__eq__`` must not pass a comparison."""
    if type(value) in PLAIN_TYPES:
        if type(value) is float and math.isnan(value):
            raise GradingError(kept_sentence("{what} contains NaN", what=what), code="wrong_type")
        return
    if type(value) in (list, tuple, set, frozenset):
        for item in value:
            require_plain(item, what)
        return
    if type(value) is dict:
        for key, item in value.items():
            require_plain(key, what)
            require_plain(item, what)
        return
    from gamekit.checks.remote import HugeInt

    if isinstance(value, HugeInt):
        raise GradingError(
            kept_sentence(
                "{what} contains {value}, too long for the grader to receive",
                what=what,
                value=value.describe(),
            ),
            code="wrong_type",
        )
    raise GradingError(
        kept_sentence(
            "{what} must be built from plain Python values (dict, list, tuple, str, int, float), "
            "but it contains a {kind}",
            what=what,
            kind=type_name(value),
        ),
        code="wrong_type",
    )


def require_type(value: Any, expected: type | tuple[type, ...], what: str) -> None:
    """Fail unless ``type(value)`` is exactly one of ``expected`` (no subclasses)."""
    allowed = expected if isinstance(expected, tuple) else (expected,)
    if type(value) not in allowed:
        names: str = allowed[0].__name__
        for other in allowed[1:]:  # "int or float": the word between them is the language's
            names = kept_sentence("{names} or {name}", names=names, name=other.__name__)
        raise GradingError(
            kept_sentence(
                "{what} should be a {names}, got {kind}: {value}",
                what=what,
                names=names,
                kind=type_name(value),
                value=shown(value),
            ),
            code="wrong_type",
        )


LARGEST_FLOAT = "1.8e308"
"""Roughly the largest float (``sys.float_info.max``), as messages print it."""


def a_type(value: Any) -> str:
    """ "a list", "an Estimate", "None": what ``value`` is, for a message."""
    if value is None:
        return "None"
    name = type_name(value)
    if name[:1].lower() in "aeiou":
        return kept_sentence("an {kind}", kind=name)
    return kept_sentence("a {kind}", kind=name)


def require_number(value: Any, what: str) -> float:
    """Fail unless ``value`` is a real int or float (not bool, not NaN, not an int too large to
    be compared with a float); return it. Every way to fail is one sentence saying what
    ``value`` is."""
    from gamekit.checks.remote import HugeInt, int_digits

    if type(value) is float and math.isnan(value):
        raise GradingError(
            kept_sentence("{what} should be a number, got nan (not a number)", what=what),
            code="wrong_type",
        )
    if type(value) is int:
        try:
            float(value)
        except OverflowError:
            value = HugeInt(-1 if value < 0 else 1, *int_digits(value))
    if isinstance(value, HugeInt):
        raise GradingError(
            kept_sentence(
                "{what} should be a number a float can hold, got {value} (floats stop near "
                "{largest})",
                what=what,
                value=value.describe(),
                largest=LARGEST_FLOAT,
            ),
            code="wrong_type",
        )
    if value is None:
        raise GradingError(
            kept_sentence("{what} should be a number, got {kind}", what=what, kind=a_type(value)),
            code="wrong_type",
        )
    if type(value) not in (int, float):
        raise GradingError(
            kept_sentence(
                "{what} should be a number, got {kind}: {value}",
                what=what,
                kind=a_type(value),
                value=shown(value),
            ),
            code="wrong_type",
        )
    return value


def target_of(function: Callable[..., Any]) -> str:
    """``"module:qualname"``: how the student's kernel finds ``function``."""
    return f"{function.__module__}:{function.__qualname__}"


@functools.lru_cache(maxsize=64)
def _refusals(
    functions: tuple[Callable[..., Any], ...],
) -> tuple[tuple[tuple[str, str], ...], tuple[types.CodeType, ...]]:
    """The kernel's targets and this process's refusing code for ``functions``, made once: a
    checker swaps the same functions out around each of thousands of calls."""
    messages = [forbidden_message(f.__name__) for f in functions]
    targets = tuple((target_of(f), m) for f, m in zip(functions, messages, strict=True))
    codes = tuple(refusing_code(f.__name__, m) for f, m in zip(functions, messages, strict=True))
    return targets, codes


@contextlib.contextmanager
def engines_swapped_out(*functions: Callable[..., Any]) -> Iterator[None]:
    """Within the block, every listed gamekit function raises `EngineForbidden` when called,
    in this process and in the student's kernel during every call the checkers make to it.

    The function objects themselves are changed (their ``__code__``), so a name a student bound
    with ``from gamekit import alphabeta_search`` is caught too. Restored on exit.
    """
    from gamekit.checks.remote import forbidding

    saved = [(f, f.__code__) for f in functions]
    targets, codes = _refusals(functions)
    try:
        for f, code in zip(functions, codes, strict=True):
            f.__code__ = code
        with forbidding(list(targets)):
            yield
    finally:
        for f, code in saved:
            f.__code__ = code


def engines_swapped_out_for(
    function: Callable[..., Any], *functions: Callable[..., Any]
) -> contextlib.AbstractContextManager[None]:
    """`engines_swapped_out` around a call of ``function``. When ``function`` is a student's
    function in their kernel (a `gamekit.checks.remote.RemoteRef`), only the kernel's
    refusals are set: no student code runs in this process, so this process's copies need no
    swapping, and each of a tournament's thousands of calls saves swapping them twice."""
    from gamekit.checks.remote import RemoteRef, forbidding

    if isinstance(function, RemoteRef):
        return forbidding(list(_refusals(functions)[0]))
    return engines_swapped_out(*functions)


def default_forbidden() -> tuple[Callable[..., Any], ...]:
    """gamekit's searches, the solvers of `gamekit.explain` included: the functions an exercise
    on search must not delegate to (the rule: `gamekit.checks.searches`)."""
    from gamekit.checks.searches import per_call_searches, resolve

    return tuple(resolve(target) for target in per_call_searches())
