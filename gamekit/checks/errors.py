"""What the checks raise: `GradingError` (a mistake found), `EngineForbidden` (the course's own
answer called), and the code of a refused function (`refusing_code`).

A module of its own, below both the checks' helpers (`gamekit.checks`, which re-exports every
name here) and the calls across the socket (`gamekit.checks.remote`, which raises them again
on the grader's side when the kernel raised them). The classes carry the package's name,
``gamekit.checks.GradingError``: that is how the kernel's replies name them.
"""

from __future__ import annotations

import functools
import types
from typing import Any

from gamekit.i18n import Said, kept_sentence, said_again


class GradingError(AssertionError):
    """A test found a mistake; the message says which, not what the right answer is.

    ``code`` names the mistake for the record (a confirmed catalogue name such as
    ``a05.log_of_child``, or ``witness:<step>``); ``evidence`` is the witness as plain data
    (`gamekit.checks.evidence`). Both are kept in the result record, never shown as such.
    A message made with `gamekit.i18n.kept_sentence` is kept as data too (``said``), so that a
    feedback page says it in its reader's language; its text is the English sentence.
    """

    __module__ = "gamekit.checks"  # its public name, by which the kernel's replies name it

    def __init__(self, message: str = "", *, code: str = "", evidence: dict | None = None):
        super().__init__(message)
        self.code, self.evidence = code, evidence
        self.said = message.to_dict() if isinstance(message, Said) else None

    def in_language(self) -> str:
        """The message in the language in use (the English one if it was not kept)."""
        return said_again(self.said, str(self)) if self.said else str(self)

    def _render_traceback_(self) -> list[str]:
        """How IPython shows it: one line with the message, not the checker's internals."""
        return [f"\x1b[31m✗ {self.in_language()}\x1b[0m"]


class EngineForbidden(GradingError):
    """The student's code called one of gamekit's own engines instead of its own. Its
    message, wherever it was raised (here, or in the kernel and sent back as text), is kept
    when it is `forbidden_message`'s."""

    __module__ = "gamekit.checks"

    def __init__(self, message: str = "", **details: Any):
        super().__init__(forbidden_again(message), **details)


@functools.lru_cache(maxsize=512)
def refusing_code(name: str, message: str) -> types.CodeType:
    """The code of a function ``name(*args, **kwargs)`` that raises `EngineForbidden` with
    ``message``; it needs no globals and no closure, so it fits any function object. Made once
    per name (the kernel swaps every refused function in for each call the grader makes)."""
    source = (
        f"def {name}(*args, **kwargs):\n"
        f"    raise __import__('gamekit.checks', fromlist=['EngineForbidden'])"
        f".EngineForbidden({str(message)!r})\n"
    )
    namespace: dict[str, Any] = {}
    exec(source, {}, namespace)
    return namespace[name].__code__


def forbidden_message(name: str) -> Said:
    """Why calling ``name`` is refused (kept: `gamekit.i18n.Said`)."""
    return kept_sentence(
        "{name} is the course's own answer: this exercise asks you to write it yourself, so "
        "your code must not call it",
        name=name,
    )


def forbidden_again(message: str) -> str | Said:
    """A refusal the kernel raised (`EngineForbidden` crossing the socket as its English
    text), kept again when it is one of `forbidden_message`'s: the kernel's own data is
    never trusted as a template."""
    name, sep, rest = message.partition(" is the course's own answer: ")
    if isinstance(message, Said) or not sep or not name.replace("_", "").isalnum():
        return message
    again = forbidden_message(name)
    return again if again == message else message
