"""Calling a student's code from the grader, trusting nothing the student's code can change:
what both ends of the line share, and what the checks use to call across it.

The course's checkers run in the grader's own process (the *trusted side*). The student's
functions live in the student's kernel, possibly in a sandbox. The two talk over a Unix socket:

- the trusted side sends small, fixed requests (look up a name, call a function with these
  arguments, read an attribute), as pickles: the kernel only ever *receives* pickles;
- the kernel answers with plain JSON: numbers, strings, lists, tuples, dicts, sets, or a
  handle (`RemoteRef`) to an object that stays in the kernel. The trusted side never unpickles
  anything the kernel sends.

A `gamekit.trace.TracedGame` argument does not cross: the kernel gets the plain game, wrapped
in a recorder that writes down every question the student's engine asks (``terminal_test``,
``actions``, ``result``, ``utility`` and evaluations), by node number. The trusted side then asks
the very same questions of its own traced game, in the same order: the trace the checkers
compare is built by trusted code from the moves the student's engine made. A kernel that lies
can only lie about its own answers.

Three modules, one per place: this one (the framing, the plain values, the refusals a call runs
under, and `RemoteRef`, `call_each` and `run_ahead`, which the checks use); the kernel's end,
`gamekit.checks.kernel` (``serve``, started by the grader for each graded test cell); and the
trusted end, `gamekit.grader.connection` (`Connection`, which the kernel never sees).
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import pickle
import socket
import struct
import sys
import time
import types
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from gamekit.i18n import kept_sentence

NOTEBOOK_MODULE = "__notebook__"
"""The ``__name__`` of the grader's copy of the notebook's own definitions (see `trusted`)."""

MAX_MESSAGE = 64 * 1024 * 1024
"""The largest request the kernel accepts (the grader's requests are small)."""


@dataclasses.dataclass(frozen=True)
class ReplyLimits:
    """What one reply from the kernel may make the grader do; every figure is far above what
    the course's checkers need (see `LIMITS` for the measured use).

    A reply over a limit loses its cell, with a sentence that names the limit: the grader's
    work (its memory, its CPU time) stays bounded whatever the kernel sends.
    """

    message_bytes: int = 16 * 1024 * 1024  # one reply, as sent (JSON)
    events_per_call: int = 1_000_000  # trace events replayed for one call
    events_per_cell: int = 2_000_000  # trace events replayed for all the calls of one cell
    values: int = 1_000_000  # numbers, strings and containers in one decoded value
    string_chars: int = 100_000  # characters of one string in a decoded value


LIMITS = ReplyLimits()
"""The grader's limits. The largest use measured, over the 83,409 replies of every fixture case
of the six assignments (reference answers and every catalogued mistake, graded with
``course check``): a reply of 51,337 bytes, 3,158 trace events in one call and 4,630 in one
cell, 201 values in one answer, a string of 52 characters. Each limit is 300 times that or
more. Since then a03's run ahead (`run_ahead`) sends one reply of about 221,000 bytes and 3,800
keys (the reference's record of its games): the reply limit is 75 times that."""


# --------------------------------------------------------------------------------------------
# Framing: a 4-byte length, then the payload
# --------------------------------------------------------------------------------------------


def send_frame(sock: socket.socket, payload: bytes) -> None:
    sock.sendall(struct.pack("!I", len(payload)) + payload)


class CellClock(Protocol):
    """A cell's time, for a wait that must end when it runs out (`gamekit.grader.budget`)."""

    def left(self) -> float:
        """Seconds to wait before looking again: 0 once the cell's time is up."""
        ...

    def wall_left(self) -> float:
        """Seconds of wall-clock time left (for one send, which cannot be cut in slices)."""
        ...


Deadline = float | CellClock
"""When a wait must end: a `time.monotonic` value, or a `CellClock` (CPU time with a cap)."""


def seconds_left(deadline: Deadline, whole: bool = False) -> float:
    """Seconds to wait at most before looking at ``deadline`` again (0: it has passed).
    ``whole``: all the wall-clock time left, not a slice."""
    if isinstance(deadline, (int, float)):
        return deadline - time.monotonic()
    return deadline.wall_left() if whole else deadline.left()


def recv_frame(
    sock: socket.socket, deadline: Deadline | None = None, limit: int = MAX_MESSAGE
) -> bytes:
    """One message. With ``deadline`` the *whole* message must have come before it passes,
    however slowly its bytes trickle in; ``limit`` caps its size, read from the header before
    any of it is read."""
    header = _recv_exactly(sock, 4, deadline)
    (size,) = struct.unpack("!I", header)
    if size > limit:
        raise ReplyLimitError(
            kept_sentence(
                "your code's reply was {size} bytes long, the limit is {limit} bytes",
                size=format(size, ","),
                limit=format(limit, ","),
            )
        )
    return _recv_exactly(sock, size, deadline)


def _recv_exactly(sock: socket.socket, size: int, deadline: Deadline | None = None) -> bytes:
    chunks, left = [], size
    while left:
        if deadline is not None:
            remaining = seconds_left(deadline)
            if remaining <= 0:
                raise TimeoutError("the reply did not come whole before the deadline")
            sock.settimeout(remaining)  # recomputed for every recv: the deadline is the reply's
            try:
                chunk = sock.recv(min(left, 1 << 20))
            except TimeoutError:
                continue  # look at the deadline again (a CPU budget is read every slice)
        else:
            chunk = sock.recv(min(left, 1 << 20))
        if not chunk:
            raise RemoteProtocolError(kept_sentence("the kernel closed the connection"))
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


class RemoteProtocolError(BaseException):
    """The kernel broke the protocol, went silent past its time, or died.

    A BaseException, like KeyboardInterrupt: the checkers' ``except Exception`` clauses that
    explain a student's error must not catch it and call it the student's."""


class ReplyLimitError(RemoteProtocolError):
    """A reply that asks more of the grader than one of `LIMITS` allows: its message names the
    limit, and the cell is lost with it."""


# --------------------------------------------------------------------------------------------
# Plain values as JSON (kernel -> trusted side)
# --------------------------------------------------------------------------------------------

PLAIN_SCALARS = (bool, int, float, str, type(None))

MAX_DEPTH = 200
"""How deeply a value may nest (lists in lists ...), from the kernel or to it."""


HUGE_INT_BITS = 13_000
"""An int of more bits than this (over 3,900 digits) crosses as its sign and number of digits
(`HugeInt`): JSON readers refuse integers of more than 4,300 digits, and no checker's answer
is anywhere near that size."""


def encode(value: Any, refs: Callable[[Any], dict], depth: int = 0) -> Any:
    """``value`` as JSON-ready data; objects that are not plain become handles (``refs``)."""
    if depth > MAX_DEPTH:
        from gamekit.checks.errors import GradingError

        raise GradingError(
            kept_sentence(
                "a value your code gave the grader is nested over {depth} levels deep (lists in "
                "lists ...), the grader's limit is {depth}",
                depth=MAX_DEPTH,
            )
        )
    kind = type(value)
    if kind is float and not math.isfinite(value):
        return {"$float": repr(value)}
    if kind is int and value.bit_length() > HUGE_INT_BITS:
        digits, exact = int_digits(value)
        return {"$hugeint": [-1 if value < 0 else 1, digits, exact]}
    if kind in PLAIN_SCALARS:
        return value
    numpy = sys.modules.get("numpy")  # never imported here: only a kernel that uses it has it
    if numpy is not None and isinstance(value, numpy.generic) and value.ndim == 0:
        plain = value.item()  # np.int64(3) from np.max: the number it holds, as Python's
        if type(plain) in PLAIN_SCALARS:
            return encode(plain, refs, depth + 1)
    if kind is list:
        return [encode(v, refs, depth + 1) for v in value]
    if kind is tuple:
        return {"$tuple": [encode(v, refs, depth + 1) for v in value]}
    if kind in (set, frozenset):
        items = [encode(v, refs, depth + 1) for v in value]
        return {"$set" if kind is set else "$frozenset": items}
    if kind is dict:
        return {
            "$dict": [
                [encode(k, refs, depth + 1), encode(v, refs, depth + 1)] for k, v in value.items()
            ]
        }
    return refs(value)


def int_digits(value: int) -> tuple[int, bool]:
    """How many decimal digits ``value`` has, without converting it to a string (Python refuses
    to for more than 4,300 digits), and whether that count is exact: past 1,000,000 bits it is
    a lower bound, so that counting stays cheap."""
    n = abs(value)
    bits = n.bit_length()
    if bits == 0:
        return 1, True
    # 2 ** (bits - 1) <= n, so n has at least this many digits:
    guess = int((bits - 1) * 0.30102999566398120 - 1e-9) + 1
    if bits > 1_000_000:
        return guess, False
    while n >= 10**guess:
        guess += 1
    return guess, True


@dataclasses.dataclass(frozen=True)
class HugeInt:
    """On the trusted side, an int from the kernel too long to cross (see `HUGE_INT_BITS`):
    only its sign and its number of digits came."""

    sign: int
    digits: int
    exact: bool = True

    def describe(self) -> str:
        """As "an integer of 5,001 digits" ("a negative integer", "at least" if not `exact`):
        a kept sentence (`gamekit.i18n.Said`)."""
        digits = f"{self.digits:,}"
        if self.sign < 0:
            if self.exact:
                return kept_sentence("a negative integer of {digits} digits", digits=digits)
            return kept_sentence("a negative integer of at least {digits} digits", digits=digits)
        if self.exact:
            return kept_sentence("an integer of {digits} digits", digits=digits)
        return kept_sentence("an integer of at least {digits} digits", digits=digits)

    def __repr__(self) -> str:
        return f"<{self.describe()}>"


# --------------------------------------------------------------------------------------------
# What the checks use: the refusals of a call, calls across the line, handles
# --------------------------------------------------------------------------------------------

_forbidden: list[tuple[str, str]] = []
"""``(target, message)`` pairs the kernel must refuse while a student call runs."""


@contextlib.contextmanager
def forbidding(targets: list[tuple[str, str]]) -> Iterator[None]:
    """While active, every student call refuses these gamekit functions or methods.

    A target is ``"module:qualname"`` (``"gamekit.search:alphabeta_search"``,
    ``"gamekit.gametree:GameTree.actions"``); calling it in the kernel raises
    `gamekit.checks.EngineForbidden` with ``message``.
    """
    _forbidden.extend(targets)
    try:
        yield
    finally:
        del _forbidden[len(_forbidden) - len(targets) :]


_substitutes: list[tuple[str, Any]] = []
"""``(name, replacement)``: globals of the student's notebook replaced while a call runs."""


@contextlib.contextmanager
def substituting(name: str, replacement: Any) -> Iterator[None]:
    """While active, the student's global ``name`` is ``replacement`` (a picklable callable)
    during every student call, so one answer is graded without another's mistakes."""
    _substitutes.append((name, replacement))
    try:
        yield
    finally:
        _substitutes.remove((name, replacement))


def call_each(function: Any, each: list[tuple]) -> tuple[list[Any], BaseException | None]:
    """``function(*args)`` for each ``args`` in ``each``, in order, stopping at the first call
    that raises: the values of the calls made before it, and its exception (None if every call
    returned). For a student's function in the kernel (a `RemoteRef`) the calls go in one round
    trip, as the same calls one by one would (same order, same refusals), for a search that asks
    one function many times (a sort key on every move). Arguments must be plain data."""
    if isinstance(function, RemoteRef):
        return function._conn.call_each(function, each)
    values = []
    for args in each:
        try:
            values.append(function(*args))
        except Exception as error:  # noqa: BLE001 - returned, as the kernel's would be
            return values, error
    return values, None


RECORD_LIMIT = 50_000
"""The most calls one run ahead writes down (`run_ahead`); later calls go one by one. The
course's longest run makes about 4,000 (a03's games)."""

RECORD_BYTES = 4 * 1024 * 1024
"""About the most bytes of answers one run ahead writes down (keys not counted)."""


def run_ahead(function: Any, run: Callable[..., Any], *args: Any, key: Callable[..., Any]) -> Any:
    """``function`` as ``run(function, *args)`` will call it: for a course run (a module-level
    function of the course) that calls a student's function many times, one call after another,
    such as games searched with the student's evaluation at the leaves.

    For a student's function in the kernel (a `RemoteRef`) it is a `RunAhead`: at its first
    call the kernel runs ``run`` itself, with the real function, in one round trip, and sends
    back the key (``key(*call_args)``, plain data) and the answer of each call. The trusted side
    then runs ``run`` as before; a call whose key is the next one recorded gets the recorded
    answer (or raises the recorded error). The first call that differs, and every call after
    the record, goes to the kernel as a lone call. The course's code is deterministic, so an
    honest kernel records the very calls the trusted run makes: the same answers in the same
    order, under the same refusals, with one round trip instead of thousands. A kernel that
    lies can only lie about its own answers, as it can in a lone call. Any other ``function``
    (the student's code in this process, as under plain nbgrader) is returned as it is.

    Use it only where the kernel may run ``run``: its view must hold the code ``run`` calls
    (a04's view refuses the searches, so a04 cannot), and the run's arguments reach the kernel
    (a03's hidden seed is no secret there: every board of its games reaches the kernel call by
    call anyway)."""
    if isinstance(function, RemoteRef):
        return RunAhead(function, run, args, key)
    return function


class RunAhead:
    """A student's function answered from a run the kernel made ahead (`run_ahead`)."""

    def __init__(
        self, function: RemoteRef, run: Callable[..., Any], args: tuple, key: Callable[..., Any]
    ) -> None:
        self.function, self.run, self.args, self.key = function, run, args, key
        self.record: list[tuple[Any, Any]] | None = None
        self.failed: tuple[Any, BaseException] | None = None
        self.rules: tuple[list, list] | None = None  # refusals and substitutes of the record
        self.answered = 0  # calls answered from the record
        self.live = False  # a call differed from the record, or came after it

    def __call__(self, *args: Any) -> Any:
        if self.record is None:
            self.rules = (list(_forbidden), list(_substitutes))
            self.record, self.failed = self.function._conn.record(
                self.function, self.run, self.args, self.key
            )
        if not self.live and self.rules == (_forbidden, _substitutes):
            marker = self.key(*args)
            if self.answered < len(self.record):
                recorded, value = self.record[self.answered]
                if recorded == marker:
                    self.answered += 1
                    return value
            elif self.failed is not None and self.failed[0] == marker:
                self.live = True
                raise self.failed[1]
        self.live = True
        return self.function(*args)

    def __repr__(self) -> str:
        return repr(self.function)


class RemoteRef:
    """A handle to an object in the student's kernel: call it, read its attributes."""

    def __init__(self, conn: Any, ref: int, kind: str, mro: list[str], text: str) -> None:
        self._conn, self.ref, self.kind, self.mro, self.text = conn, ref, kind, mro, text

    @property
    def remote_type(self) -> str:
        """The name of the object's class in the kernel (for messages)."""
        return self.mro[0].rpartition(".")[2] if self.mro else "object"

    def derives_from(self, qualified: str) -> bool:
        """For a class handle: is ``qualified`` (``"gamekit.games.Game"``) among its bases?"""
        return qualified in self.mro

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._conn.call(self, args, kwargs)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return self._conn.getattr(self, name)

    def __repr__(self) -> str:
        return self.text or f"<{self.remote_type} in the student's kernel>"

    def __reduce__(self):  # only ever pickled by _TrustedPickler, which sends the handle
        raise TypeError("a RemoteRef cannot be pickled except as a handle")


_PLAIN_TYPES = frozenset(
    {str, int, float, bool, type(None), bytes, tuple, list, dict, set, frozenset}
)
"""Types that are never a handle, a traced object or a notebook's function (their contents are
still looked at one by one)."""


def _handed_over(handed: tuple) -> Any:
    """Stands in a request for an object the kernel looks up itself (`_KernelUnpickler`)."""
    raise pickle.UnpicklingError("an object handed over is read by the kernel's unpickler only")


def _registered(args: tuple, kwargs: dict) -> list[Any]:
    """The hashable arguments, in order: node numbers 0, 1, ... of the recorded events."""
    values = [*args, *(kwargs[k] for k in sorted(kwargs))]
    return [v for v in values if _hashable(v)]


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except Exception:
        return False
    return True


def code_fingerprint(code: Any) -> str:
    """What a function's code does, without where it was compiled (file, lines): the same for
    the grader's copy of a locked cell's function and the kernel's, and different once a
    student redefined it. "" for anything that is not code."""
    import hashlib

    if not isinstance(code, types.CodeType):
        return ""

    def parts(code: types.CodeType) -> list[Any]:
        consts = [parts(c) if isinstance(c, types.CodeType) else repr(c) for c in code.co_consts]
        return [code.co_code.hex(), code.co_names, code.co_varnames, code.co_freevars, consts]

    return hashlib.sha256(repr(parts(code)).encode()).hexdigest()
