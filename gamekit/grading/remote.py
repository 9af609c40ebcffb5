"""Calling a student's code from the grader, trusting nothing the student's code can change.

The course's checkers run in the grader's own process (the *trusted side*). The student's
functions live in the student's kernel, possibly in a sandbox. The two talk over a Unix socket:

- the trusted side sends small, fixed requests (look up a name, call a function with these
  arguments, read an attribute), as pickles: the kernel only ever *receives* pickles;
- the kernel answers with plain JSON: numbers, strings, lists, tuples, dicts, sets, or a
  handle (`RemoteRef`) to an object that stays in the kernel. The trusted side never unpickles
  anything the kernel sends.

A `gamekit.trace.TracedGame` argument does not cross: the kernel gets the plain game, wrapped
in a `Recorder` that writes down every question the student's engine asks (``terminal_test``,
``actions``, ``result``, ``utility`` and evaluations), by node number. The trusted side then asks
the very same questions of its own traced game, in the same order: the trace the checkers
compare is built by trusted code from the moves the student's engine made. A kernel that lies
can only lie about its own answers.

Kernel side: ``serve(path)`` (started by the grader for each graded test cell).
Trusted side: `Connection` and the `RemoteRef` proxies it hands out.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import functools
import inspect
import io
import json
import linecache
import math
import pickle
import socket
import struct
import sys
import threading
import time
import types
from collections.abc import Callable, Iterator
from typing import Any, Protocol

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
    """A cell's time, for a wait that must end when it runs out (`gamekit.grading.budget`)."""

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
            f"your code's reply was {size:,} bytes long, the limit is {limit:,} bytes"
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
            raise RemoteProtocolError("the kernel closed the connection")
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
        from gamekit.grading.errors import GradingError

        raise GradingError(
            f"a value your code gave the grader is nested over {MAX_DEPTH} levels deep (lists in "
            f"lists ...), the grader's limit is {MAX_DEPTH}"
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
        """As "an integer of 5,001 digits" ("a negative integer", "at least" if not `exact`)."""
        more = "" if self.exact else "at least "
        negative = "a negative integer" if self.sign < 0 else "an integer"
        return f"{negative} of {more}{self.digits:,} digits"

    def __repr__(self) -> str:
        return f"<{self.describe()}>"


class _Budget:
    """How many more values (and how long a string) the rest of one reply may decode into."""

    def __init__(self, limits: ReplyLimits) -> None:
        self.limits = limits
        self.left = limits.values

    def take(self, data: Any) -> None:
        self.left -= 1
        if self.left < 0:
            raise ReplyLimitError(
                f"your code's answer holds over {self.limits.values:,} values (numbers, "
                f"strings, containers), the limit is {self.limits.values:,}"
            )
        if type(data) is str and len(data) > self.limits.string_chars:
            raise ReplyLimitError(
                f"your code's answer holds a string of {len(data):,} characters, the limit is "
                f"{self.limits.string_chars:,}"
            )


def decode(
    data: Any, conn: Connection | None = None, depth: int = 0, budget: _Budget | None = None
) -> Any:
    """The trusted side's reading of `encode`'s output: built-in types and `RemoteRef` only,
    within the limits of one reply (`ReplyLimits`: values, string length, nesting)."""
    if budget is None:
        budget = _Budget(conn.limits if conn is not None else LIMITS)
    if depth > MAX_DEPTH:
        raise ReplyLimitError(
            f"your code's answer is nested over {MAX_DEPTH} levels deep, the limit is {MAX_DEPTH}"
        )
    budget.take(data)
    if type(data) in PLAIN_SCALARS:
        return data
    inner = depth + 1
    if type(data) is list:
        return [decode(v, conn, inner, budget) for v in data]
    if type(data) is not dict or len(data) != 1 and "$ref" not in data:
        raise RemoteProtocolError(f"unexpected value from the kernel: {_glimpse(data)}")
    if "$float" in data:
        text = data["$float"]
        if text not in ("inf", "-inf", "nan"):
            raise RemoteProtocolError(f"bad float {str(text)[:20]!r}")
        return float(text)
    if "$hugeint" in data:
        sign, digits, exact = _triple(data["$hugeint"])
        if sign not in (-1, 1) or type(digits) is not int or digits < 1 or type(exact) is not bool:
            raise RemoteProtocolError("bad huge integer")
        return HugeInt(sign, digits, exact)
    if "$tuple" in data:
        return tuple(decode(v, conn, inner, budget) for v in _list(data["$tuple"]))
    if "$set" in data:
        return {decode(v, conn, inner, budget) for v in _list(data["$set"])}
    if "$frozenset" in data:
        return frozenset(decode(v, conn, inner, budget) for v in _list(data["$frozenset"]))
    if "$dict" in data:
        return {
            decode(k, conn, inner, budget): decode(v, conn, inner, budget)
            for k, v in (_pair(p) for p in _list(data["$dict"]))
        }
    if "$ref" in data:
        if conn is None:
            raise RemoteProtocolError("a handle where only plain data may come")
        return RemoteRef(
            conn,
            _handle_number(data["$ref"]),
            str(data.get("kind", "object"))[:20],
            [str(n)[:200] for n in _list(data.get("mro", []))[:50]],
            str(data.get("repr", ""))[:200],
        )
    raise RemoteProtocolError(f"unexpected value from the kernel: {_glimpse(data)}")


def _glimpse(data: Any) -> str:
    """A short description of an unexpected value, costing little however big it is."""
    if type(data) is dict:
        return f"an object with keys {[str(k)[:20] for k in list(data)[:5]]}"
    return f"a {type(data).__name__}"


def _handle_number(value: Any) -> int:
    if type(value) is not int:
        raise RemoteProtocolError("a handle without a number")
    return value


def _list(value: Any) -> list:
    if type(value) is not list:
        raise RemoteProtocolError("expected a list")
    return value


def _triple(value: Any) -> tuple[Any, Any, Any]:
    if type(value) is not list or len(value) != 3:
        raise RemoteProtocolError("expected three values")
    return value[0], value[1], value[2]


def _pair(value: Any) -> tuple[Any, Any]:
    if type(value) is not list or len(value) != 2:
        raise RemoteProtocolError("expected a pair")
    return value[0], value[1]


# --------------------------------------------------------------------------------------------
# Exceptions raised by student code, as the trusted side sees them
# --------------------------------------------------------------------------------------------


class StudentException(Exception):
    """An exception raised in the student's kernel whose class the grader does not know."""

    remote_type = "Exception"


_exception_classes: dict[str, type[BaseException]] = {}


def _known_exception(qualified: list[str]) -> type[BaseException] | None:
    """A trusted exception class for the kernel's exception, from the names of its classes."""
    from gamekit.games import IllegalMoveError
    from gamekit.grading.errors import EngineForbidden, GradingError

    known = {
        "gamekit.games.IllegalMoveError": IllegalMoveError,
        "gamekit.grading.EngineForbidden": EngineForbidden,
        "gamekit.grading.GradingError": GradingError,
        "dataclasses.FrozenInstanceError": dataclasses.FrozenInstanceError,
    }
    for name in qualified:
        if name in known:
            return known[name]
        module, _, attr = name.rpartition(".")
        if module == "builtins":
            found = getattr(builtins, attr, None)
            if isinstance(found, type) and issubclass(found, Exception):
                return found
    return None


@dataclasses.dataclass(frozen=True)
class Blame:
    """Where the student's code was when an exception was raised in the kernel: the last line
    of the student's answer cells, and, when the exception was raised past it, what that line
    called (the course's code, Python's library, another cell)."""

    function: str  # the student's function, as written: "minimax_value", "TreeGame.result"
    line: int  # in its cell
    code: str  # the line, as written
    called: str = ""  # what the line called, where the exception was raised ("": nothing)
    owner: str = ""  # whose ``called`` is: "course", "student" or "other"
    parameters: str = ""  # what ``called`` takes: "(state, player)"
    recorder: bool = False  # raised by the grader's recorder of a game, in the call
    role: str = ""  # "eval": the evaluation function the grader passed; "attribute": an
    # attribute of a game (``game.player``) looked up, not called

    @property
    def raised_past(self) -> bool:
        """True when the exception was raised in code the student's line called."""
        return bool(self.called) or self.recorder

    def callee(self) -> str:
        """As "the course's GameTree.result(state, move)", "random.choice(seq)"."""
        if self.called:
            what = self.called + self.parameters
            what = f"evaluation function {what}" if self.role == "eval" else what
        else:
            what = "evaluation function" if self.role == "eval" else "game"
        if self.owner == "course":
            return f"the course's {what}"
        if self.owner == "student":
            return f"your {what}"
        return what if self.called else f"the {what}"

    def clause(self, kind: str, message: str) -> str:
        """``your f, at line 5: `code`, called the course's g(a, b), which raised K: m``."""
        said = f"your {self.function}, at line {self.line}: `{self.code}`, called {self.callee()}"
        if self.role == "attribute":
            said = (
                f"your {self.function}, at line {self.line}: `{self.code}`, looked up an "
                f"attribute of {self.callee()}"
            )
        if self.recorder and self.owner == "student":
            return f"{said}, and the grader's record of that call raised {kind}: {message}"
        return f"{said}, which raised {kind}: {message}"

    def advice(self) -> str:
        """What to compare the line with (nothing when the grader's recorder raised)."""
        if self.recorder or not self.called or not self.parameters:
            return ""
        return f" (check the arguments on that line against {self.called}{self.parameters})"

    def note(self) -> str:
        """The short form for a cell's error line: "raised in ..., which your f called at
        line 5: code", or "raised by your code, line 5: code"."""
        if not self.raised_past:
            return f"raised by your code, line {self.line}: {self.code}"
        verb = "looked up" if self.role == "attribute" else "called"
        called_at = f"your {self.function} {verb} at line {self.line}: {self.code}"
        return f"raised in {self.callee()}, which {called_at}"


_OWNERS = ("course", "student", "other")


def _read_blame(data: Any) -> Blame | None:
    """The kernel's ``blame`` as a `Blame`, every field checked and cut (it is the kernel's
    word: it can only be wrong about the student's own code)."""
    if type(data) is not dict:
        return None
    line = data.get("line")
    if type(line) is not int or line < 0:
        return None
    called = data.get("called")
    if type(called) is not dict:
        called = {}
    owner = called.get("owner", "")
    return Blame(
        function=str(data.get("function", ""))[:200] or "code",
        line=line,
        code=str(data.get("code", ""))[:300],
        called=str(called.get("name", ""))[:200],
        owner=owner if owner in _OWNERS else ("other" if called else ""),
        parameters=str(called.get("parameters", ""))[:200],
        recorder=called.get("recorder") is True,
        role=called.get("role") if called.get("role") in ("eval", "attribute") else "",
    )


def remote_exception(error: Any) -> BaseException:
    """The trusted side's exception for an error the kernel reported, with ``student_traceback``
    ("line 6: code", the student's last line; "" if none) and ``blame`` (`Blame`, or None)."""
    if type(error) is not dict:
        raise RemoteProtocolError("the kernel's error report is not an object")
    mro = error.get("mro", [])
    names = [str(n) for n in (mro if type(mro) is list else [])][:20]
    message = str(error.get("message", ""))[:2000]
    cls = _known_exception(names)
    if cls is None:
        short = (names[0].rpartition(".")[2] if names else "Exception") or "Exception"
        cls = _exception_classes.get(short)
        if cls is None:
            cls = type(short, (StudentException,), {"remote_type": short})
            _exception_classes[short] = cls
    try:
        exc = cls(message)
    except Exception:
        exc = StudentException(message)
    exc.student_traceback = str(error.get("where", ""))[:2000]  # type: ignore[attr-defined]
    exc.blame = _read_blame(error.get("blame"))  # type: ignore[attr-defined]
    return exc


# --------------------------------------------------------------------------------------------
# Trusted side
# --------------------------------------------------------------------------------------------

_forbidden: list[tuple[str, str]] = []
"""``(target, message)`` pairs the kernel must refuse while a student call runs."""


@contextlib.contextmanager
def forbidding(targets: list[tuple[str, str]]) -> Iterator[None]:
    """While active, every student call refuses these gamekit functions or methods.

    A target is ``"module:qualname"`` (``"gamekit.search:alphabeta_search"``,
    ``"gamekit.gametree:GameTree.actions"``); calling it in the kernel raises
    `gamekit.grading.EngineForbidden` with ``message``.
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


class Connection:
    """The trusted side's end of one conversation with a kernel's `serve` loop."""

    def __init__(
        self, sock: socket.socket, deadline: Deadline, limits: ReplyLimits = LIMITS
    ) -> None:
        self.sock = sock
        self.deadline = deadline  # when the kernel has run over: the cell's time limit
        self.limits = limits
        self.calls = 0
        self.events = 0  # trace events replayed for this connection (one graded cell)
        # (number, refusals) last sent; None: not known to have come (a request that failed)
        self.forbid_sent: tuple[int, list[tuple[str, str]] | None] = (0, [])

    def _rules(self) -> dict:
        """The refusals and substitutes of a call. The refusals (the same long list for
        thousands of calls) go only when they change or a request failed; every call names
        the list it runs under, and the kernel refuses a call whose list it does not have."""
        number, forbid = self.forbid_sent
        if forbid is None or forbid != _forbidden:
            number, forbid = self.forbid_sent = (number + 1, list(_forbidden))
            return {"rules": number, "forbid": forbid, "substitute": list(_substitutes)}
        return {"rules": number, "substitute": list(_substitutes)}

    def request(self, message: dict, extra: list[Any] | None = None) -> Any:
        """Send ``message`` (pickled, with ``extra`` for the traced objects it hands over) and read
        the reply: the whole exchange must end by the cell's deadline, and the reply must keep
        within `ReplyLimits`."""
        left = seconds_left(self.deadline, whole=True)  # one limit for the whole send
        if left <= 0:
            raise CellTimeout("the cell ran over its time limit")
        self.sock.settimeout(left)
        buffer = io.BytesIO()
        _TrustedPickler(buffer, extra if extra is not None else []).dump(message)
        try:
            send_frame(self.sock, buffer.getvalue())
            raw = recv_frame(self.sock, self.deadline, self.limits.message_bytes)
        except TimeoutError:
            raise CellTimeout("the cell ran over its time limit") from None
        except OSError as error:
            raise RemoteProtocolError(f"the kernel went away: {error}") from None
        self.calls += 1
        try:
            reply = json.loads(raw)
        except (ValueError, RecursionError):
            raise RemoteProtocolError("the kernel sent something that is not JSON") from None
        if type(reply) is not dict:
            raise RemoteProtocolError("the kernel's reply is not an object")
        if "protocol" in reply:  # the grader's own mistake, never the student's
            raise RemoteProtocolError(
                f"the kernel could not follow: {str(reply['protocol'])[:200]}"
            )
        if "error" in reply or "failed" in reply:  # the refusals may not have been read
            self.forbid_sent = (self.forbid_sent[0], None)
        return reply

    def count_events(self, events: Any) -> None:
        """Check a reply's trace events against the limits per call and per cell."""
        if type(events) is not list:
            return
        if len(events) > self.limits.events_per_call:
            raise ReplyLimitError(_too_many_events(len(events), self.limits.events_per_call))
        self.events += len(events)
        if self.events > self.limits.events_per_cell:
            raise ReplyLimitError(
                f"your code's replies in this cell carried {self.events:,} trace events "
                f"(questions asked of the game), the limit is "
                f"{self.limits.events_per_cell:,} per cell"
            )

    def lookup(self, name: str) -> Any:
        reply = self.request({"op": "lookup", "name": name})
        if "error" in reply:
            raise remote_exception(reply["error"])
        return decode(reply.get("value"), self)

    def call(self, target: RemoteRef, args: tuple, kwargs: dict) -> Any:
        traced: list[Any] = []  # TracedGame / TracedEval arguments, replayed afterwards
        message = {
            "op": "call",
            "target": target.ref,
            "args": args,
            "kwargs": kwargs,
            **self._rules(),
        }
        reply = self.request(message, traced)
        events = reply.get("events", [])
        self.count_events(events)
        replay(traced, events, _registered(args, kwargs), self.deadline, self.limits)
        if "error" in reply:
            raise remote_exception(reply["error"])
        return decode(reply.get("value"), self)

    def call_each(
        self, target: RemoteRef, each: list[tuple]
    ) -> tuple[list[Any], BaseException | None]:
        """`call_each` across the socket: one request, one reply."""
        traced: list[Any] = []
        message = {
            "op": "call_each",
            "target": target.ref,
            "each": each,
            **self._rules(),
        }
        reply = self.request(message, traced)
        if traced:  # the course's mistake: events of many calls cannot be told apart
            raise TypeError("call_each takes plain arguments, not traced games or evaluations")
        values = reply.get("values")
        if type(values) is not list or len(values) > len(each):
            raise RemoteProtocolError("the kernel's reply to call_each is not a list of values")
        error = remote_exception(reply["error"]) if "error" in reply else None
        if error is None and len(values) < len(each):
            raise RemoteProtocolError("the kernel answered fewer calls than it was asked")
        return [decode(value, self) for value in values], error

    def record(
        self, target: RemoteRef, run: Callable[..., Any], args: tuple, key: Callable[..., Any]
    ) -> tuple[list[tuple[Any, Any]], tuple[Any, BaseException] | None]:
        """`run_ahead`'s request: one round trip; the recorded calls as ``(key, value)``, each
        value read as a lone call's reply is, and the call that raised as ``(key, error)``."""
        traced: list[Any] = []
        message = {
            "op": "record",
            "target": target.ref,
            "run": run,
            "args": args,
            "key": key,
            **self._rules(),
        }
        reply = self.request(message, traced)
        if traced:  # the course's mistake: the run is the course's, with plain arguments
            raise TypeError("run_ahead takes plain arguments, not traced games or evaluations")
        calls = reply.get("calls")
        if type(calls) is not list or len(calls) > RECORD_LIMIT:
            raise RemoteProtocolError("the kernel's reply to record is not a list of calls")
        keys = decode([_pair(call)[0] for call in calls], self)
        record = [(k, decode(call[1], self)) for k, call in zip(keys, calls, strict=True)]
        failed = None
        if "failed" in reply:
            marker, error = _pair(reply["failed"])
            failed = (decode(marker, self), remote_exception(error))
        return record, failed

    def getattr(self, target: RemoteRef, name: str) -> Any:
        reply = self.request({"op": "getattr", "target": target.ref, "name": name})
        if "error" in reply:
            raise remote_exception(reply["error"])
        return decode(reply.get("value"), self)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.sock.settimeout(2)
            send_frame(self.sock, pickle.dumps({"op": "bye"}))
        with contextlib.suppress(Exception):
            self.sock.close()


class CellTimeout(RemoteProtocolError):
    """The kernel did not answer before the cell's time limit."""


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

    def __init__(self, conn: Connection, ref: int, kind: str, mro: list[str], text: str) -> None:
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


class _TrustedPickler(pickle.Pickler):
    """Pickles a request; handles, traced games and traced evaluations go as a call of
    `_handed_over` with their id, which the kernel's unpickler reads as its own (a hook on
    objects, not a persistent id, which Python would ask about every string and number)."""

    def __init__(self, file: io.BytesIO, traced: list[Any]) -> None:
        super().__init__(file, protocol=4)
        self.traced = traced

    def _nested(self, obj: Any) -> bytes:
        """``obj`` pickled on its own with the same rules."""
        buffer = io.BytesIO()
        _TrustedPickler(buffer, self.traced).dump(obj)
        return buffer.getvalue()

    def reducer_override(self, obj: Any) -> Any:
        handed = self._handed(obj)
        return NotImplemented if handed is None else (_handed_over, (handed,))

    def _handed(self, obj: Any) -> tuple | None:
        if type(obj) in _PLAIN_TYPES:
            return None
        from gamekit.trace import TracedEval, TracedGame

        if isinstance(obj, RemoteRef):
            return ("ref", obj.ref)
        if isinstance(obj, TracedGame):
            self.traced.append(obj)
            return ("game", len(self.traced) - 1, self._nested(obj.game))
        if isinstance(obj, TracedEval):
            self.traced.append(obj)
            inner = getattr(obj.eval_fn, "kernel_eval", obj.eval_fn)
            return ("eval", len(self.traced) - 1, self._nested(inner))
        if callable(obj) and getattr(obj, "__module__", None) == NOTEBOOK_MODULE:
            # defined by a notebook cell the kernel ran too; with the fingerprint of the
            # grader's copy, so that the kernel knows whether its own is the course's
            return ("name", obj.__name__, code_fingerprint(getattr(obj, "__code__", None)))
        return None


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


def _too_many_events(count: int, limit: int) -> str:
    return (
        f"your code's reply carried {count:,} trace events (questions asked of the game), "
        f"the limit is {limit:,} per call"
    )


REPLAY_CHECK_EVERY = 1024
"""Replayed events between two looks at the clock."""


def replay(
    traced: list[Any],
    events: Any,
    registered: list[Any],
    deadline: Deadline | None = None,
    limits: ReplyLimits = LIMITS,
) -> None:
    """Ask the trusted traced games the kernel's questions, in the kernel's order.

    Bounded: at most ``limits.events_per_call`` events (`ReplyLimitError` beyond), states
    decoded within one reply's `ReplyLimits`, and no work past ``deadline`` (`CellTimeout`).

    Events: ``["t"|"a", g, node]``, ``["r", g, node, move_index]``, ``["u", g, node, player]``,
    ``["e", k, node, player]``, and ``["n", g, how, value]`` for a state the engine built itself
    (``how`` is "initial" or "plain"). Nodes are numbered as the kernel's `Recorder` numbers
    them: the call's hashable arguments first, then each new state in order of appearance.
    """
    if not traced or type(events) is not list:
        return
    if len(events) > limits.events_per_call:
        raise ReplyLimitError(_too_many_events(len(events), limits.events_per_call))
    from gamekit.trace import TracedEval, TracedGame

    budget = _Budget(limits)

    states: list[Any] = []
    index: dict[Any, int] = {}

    def note(state: Any) -> None:
        if state not in index:
            index[state] = len(states)
            states.append(state)

    for value in registered:
        note(value)

    def state_at(number: Any) -> Any:
        if type(number) is not int or not 0 <= number < len(states):
            raise RemoteProtocolError("the kernel reported a node it never had")
        return states[number]

    def game_at(number: Any) -> TracedGame:
        if type(number) is not int or not 0 <= number < len(traced):
            raise RemoteProtocolError("the kernel reported a game it was never given")
        game = traced[number]
        if not isinstance(game, TracedGame):
            raise RemoteProtocolError("the kernel mixed up a game and an evaluation")
        return game

    for done, event in enumerate(events):
        if deadline is not None and done % REPLAY_CHECK_EVERY == 0 and seconds_left(deadline) <= 0:
            raise CellTimeout(
                f"the grader's replay of your code's {len(events):,} trace events ran past the "
                "cell's time limit"
            )
        if type(event) is not list or not event:
            raise RemoteProtocolError("malformed event")
        kind = event[0]
        if kind == "e":
            evaluation = (
                traced[event[1]] if type(event[1]) is int and 0 <= event[1] < len(traced) else None
            )
            if not isinstance(evaluation, TracedEval):
                raise RemoteProtocolError("the kernel reported an evaluation it was never given")
            evaluation(state_at(event[2]), _player(event[3]))
            continue
        game = game_at(event[1])
        if kind == "n":
            how, value = event[2], event[3]
            state = game.game.initial if how == "initial" else decode(value, budget=budget)
            note(state)
        elif kind == "t":
            game.terminal_test(state_at(event[2]))
        elif kind == "a":
            game.actions(state_at(event[2]))
        elif kind == "u":
            game.utility(state_at(event[2]), _player(event[3]))
        elif kind == "r":
            state = state_at(event[2])
            moves = game.game.actions(state)
            if type(event[3]) is not int or not 0 <= event[3] < len(moves):
                raise RemoteProtocolError("the kernel reported a move that is not legal")
            note(game.result(state, moves[event[3]]))
        else:
            raise RemoteProtocolError(f"unknown event {kind!r}")


def _player(value: Any) -> str:
    """The player named in an event: the kernel's ``str`` of what the engine passed."""
    if type(value) not in PLAIN_SCALARS:
        raise RemoteProtocolError("malformed event: a player that is not a plain value")
    return str(value)[:100]


def connect(
    listener: socket.socket, deadline: Deadline, limits: ReplyLimits = LIMITS
) -> Connection:
    """Wait (until ``deadline``) for the kernel's `serve` loop to connect."""
    while True:
        listener.settimeout(max(0.01, seconds_left(deadline)))
        try:
            sock, _ = listener.accept()
            return Connection(sock, deadline, limits)
        except TimeoutError:
            if seconds_left(deadline) <= 0:
                raise CellTimeout("the kernel did not answer the grader") from None


# --------------------------------------------------------------------------------------------
# Kernel side
# --------------------------------------------------------------------------------------------


class Recorder:
    """Kernel side of a traced game: answers like ``game`` and writes down every question."""

    def __init__(self, number: int, game: Any, log: _Log) -> None:
        self._number, self._game, self._log = number, game, log

    def __getattr__(self, name: str) -> Any:  # players, initial, anything else: as the game
        return getattr(self._game, name)

    def terminal_test(self, state: Any) -> bool:
        answer = self._game.terminal_test(state)
        self._log.add(["t", self._number, self._log.node(self._number, self._game, state)])
        return answer

    def actions(self, state: Any) -> list[Any]:
        moves = self._game.actions(state)
        self._log.add(["a", self._number, self._log.node(self._number, self._game, state)])
        return moves

    def result(self, state: Any, move: Any) -> Any:
        child = self._game.result(state, move)
        node = self._log.node(self._number, self._game, state)
        legal = self._game.actions(state)
        position = next((i for i, m in enumerate(legal) if m == move), None)
        if position is None:  # a game that accepts moves outside actions(): not traceable
            raise ValueError(f"move {move!r} is not among game.actions(state): {legal}")
        self._log.add(["r", self._number, node, position])
        self._log.known(child)
        return child

    def utility(self, state: Any, player: str) -> float:
        value = self._game.utility(state, player)
        node = self._log.node(self._number, self._game, state)
        self._log.add(["u", self._number, node, _logged_player(player)])
        return value

    def to_move(self, state: Any) -> Any:
        return self._game.to_move(state)

    def __repr__(self) -> str:
        return f"Traced({self._game!r})"


class _RecordedEval:
    def __init__(self, number: int, eval_fn: Callable[[Any, str], float], log: _Log) -> None:
        self._number, self._eval_fn, self._log = number, eval_fn, log

    def __call__(self, state: Any, player: str) -> float:
        value = self._eval_fn(state, player)
        node = self._log.node(None, None, state)
        self._log.add(["e", self._number, node, _logged_player(player)])
        return value


def _logged_player(player: Any) -> Any:
    """The player as an event carries it: a plain value as it is (the trusted side reads its
    ``str``), anything else (an object, nan, a huge int) as a short text, so that the reply
    stays JSON."""
    if type(player) in (str, bool, type(None)) or (
        type(player) is int and player.bit_length() <= 64
    ):
        return player
    if type(player) is float and math.isfinite(player):
        return player
    try:
        return str(player)[:100]
    except Exception:  # noqa: BLE001 - a __str__ that raises, an int too long to print
        return f"<{type(player).__name__}>"


class _Log:
    """The events of one call, with the kernel's numbering of the nodes."""

    def __init__(self) -> None:
        self.events: list[list[Any]] = []
        self.index: dict[Any, int] = {}

    def add(self, event: list[Any]) -> None:
        if len(self.events) >= LIMITS.events_per_call:
            raise MemoryError(
                f"the search asked over {LIMITS.events_per_call:,} questions of the game in one "
                "call, the grader's limit"
            )
        self.events.append(event)

    def known(self, state: Any) -> int:
        if state not in self.index:
            self.index[state] = len(self.index)
        return self.index[state]

    def node(self, game_number: int | None, game: Any, state: Any) -> int:
        if state not in self.index and game_number is not None:
            if state == game.initial:
                self.add(["n", game_number, "initial", None])
            else:
                self.add(["n", game_number, "plain", encode(state, _no_refs)])
        return self.known(state)


def _no_refs(value: Any) -> dict:
    raise ValueError(
        f"the search used a state the grader never gave it ({type(value).__name__}): "
        "build positions with game.result(state, move)"
    )


class _KernelUnpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, server: _Server, log: _Log) -> None:
        super().__init__(file)
        self.server, self.log = server, log

    def _nested(self, data: bytes) -> Any:
        return _KernelUnpickler(io.BytesIO(data), self.server, self.log).load()

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) == (__name__, "_handed_over"):
            return self.handed_over
        return super().find_class(module, name)

    def handed_over(self, pid: Any) -> Any:
        """The kernel's object for what the grader handed over (`_TrustedPickler`)."""
        kind = pid[0]
        if kind == "ref":
            return self.server.objects[pid[1]]
        if kind == "game":
            return Recorder(pid[1], self._nested(pid[2]), self.log)
        if kind == "eval":
            return _RecordedEval(pid[1], self._nested(pid[2]), self.log)
        if kind == "name":  # a definition of a locked cell, as the kernel has it
            value = self.server.namespace[pid[1]]
            code = getattr(value, "__code__", None) if type(value) is types.FunctionType else None
            if len(pid) > 2 and pid[2] and code_fingerprint(code) == pid[2]:
                self.server.course_files.add(code.co_filename)  # the course's code, unchanged
            return value
        raise pickle.UnpicklingError(f"unknown object handed over: {kind!r}")


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


def _qualified(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


class _Server:
    """The kernel's side: a table of handed-out objects and the request handlers."""

    def __init__(self, namespace: dict) -> None:
        self.namespace = namespace
        self.objects: dict[int, Any] = {}
        self.student_files: set[str] = set()  # the cells that define the answers looked up
        self.rules = 0  # the number of the refusals below (`Connection._rules`)
        self.forbid: list[tuple[str, str]] = []
        self.course_files: set[str] = set()  # locked cells the grader named, unchanged

    def ref(self, value: Any) -> dict:
        number = len(self.objects) + 1
        self.objects[number] = value
        if isinstance(value, type):
            kind, mro = "class", [_qualified(c) for c in value.__mro__]
        else:
            kind = "function" if callable(value) else "object"
            mro = [_qualified(c) for c in type(value).__mro__]
        try:
            text = repr(value)[:200]
        except Exception:
            text = f"<{type(value).__name__}>"
        return {"$ref": number, "kind": kind, "mro": mro, "repr": text}

    @contextlib.contextmanager
    def _substituted(self, pairs: list[tuple[str, Any]]) -> Iterator[None]:
        saved = {name: self.namespace[name] for name, _ in pairs if name in self.namespace}
        try:
            for name, replacement in pairs:
                if callable(self.namespace.get(name)):
                    self.namespace[name] = replacement
            yield
        finally:
            self.namespace.update(saved)

    def handle(self, raw: bytes) -> dict:
        log = _Log()
        try:
            message = _KernelUnpickler(io.BytesIO(raw), self, log).load()
            op = message["op"]
            if op == "bye":
                return {"bye": True}
            if op == "lookup":
                if message["name"] not in self.namespace:
                    raise NameError(f"name {message['name']!r} is not defined")
                value = self.namespace[message["name"]]
                self.student_files |= _code_files(value)  # the grader looks up answers only
                return {"value": encode(value, self.ref)}
            if "forbid" in message:
                self.rules, self.forbid = message["rules"], message["forbid"]
            elif "rules" in message and message["rules"] != self.rules:
                return {"protocol": f"refusals {message['rules']} never came (last {self.rules})"}
            target = self.objects[message["target"]]
            if op == "getattr":
                return {"value": encode(getattr(target, message["name"]), self.ref)}
            if op == "call_each":
                return self._call_each(target, message)
            if op == "record":
                return self._record(target, message)
            args, kwargs = message["args"], message["kwargs"]
            for value in _registered(args, kwargs):
                log.known(value)
            with _refusing(self.forbid), self._substituted(message["substitute"]):
                value = target(*args, **kwargs)
            return {"value": encode(value, self.ref), "events": log.events}
        except BaseException as error:  # noqa: BLE001 - every failure goes back as data
            if isinstance(error, (KeyboardInterrupt, SystemExit)):
                raise
            return {"error": _describe_error(error, self), "events": log.events}

    def _call_each(self, target: Any, message: dict) -> dict:
        """The "call_each" request: ``target(*args)`` for each ``args``, stopping at the first
        call that raises; the values so far go back with the error."""
        values: list[Any] = []
        try:
            with _refusing(self.forbid), self._substituted(message["substitute"]):
                for args in message["each"]:
                    values.append(encode(target(*args), self.ref))
        except BaseException as error:  # noqa: BLE001 - every failure goes back as data
            if isinstance(error, (KeyboardInterrupt, SystemExit)):
                raise
            return {"values": values, "error": _describe_error(error, self)}
        return {"values": values}

    def _record(self, target: Any, message: dict) -> dict:
        """The "record" request (`run_ahead`): ``run(recorded, *args)`` here, where each call
        of ``recorded`` calls ``target`` as a lone "call" would (the refusals and substitutes
        around it, its answer encoded) and writes down its key and answer. The record ends
        before a call past `RECORD_LIMIT` or `RECORD_BYTES`, before a call the run makes under
        other refusals than its first (the run here keeps this module's lists as the grader's
        run keeps the grader's), or at the call that raises (its key and error; the run may
        go on, the record does not). Whatever else the run does or raises stays here: the
        trusted side runs it itself."""
        key = message["key"]
        calls: list[list[Any]] = []
        failed: list[Any] = []
        size = 0
        first_rules: list[Any] | None = None  # the refusals of the first call

        def recorded(*args: Any) -> Any:
            nonlocal size, first_rules
            now = [list(_forbidden), [name for name, _ in _substitutes]]
            if first_rules is None:
                first_rules = now
            if failed or len(calls) >= RECORD_LIMIT or size > RECORD_BYTES or now != first_rules:
                raise _RecordEnds
            try:
                marker = encode(key(*args), _no_refs)
            except Exception:  # noqa: BLE001 - not a call the course's run makes: stop here
                raise _RecordEnds from None
            try:
                with _refusing(self.forbid), self._substituted(message["substitute"]):
                    value = target(*args)
                answer = encode(value, self.ref)
            except BaseException as error:
                if isinstance(error, (KeyboardInterrupt, SystemExit)):
                    raise
                failed[:] = [marker, _describe_error(error, self)]
                raise
            size += 24 if type(answer) in PLAIN_SCALARS else len(json.dumps(answer))
            calls.append([marker, answer])
            return value

        try:
            message["run"](recorded, *message["args"])
        except BaseException as error:  # noqa: BLE001 - the run's own outcome is not sent
            if isinstance(error, (KeyboardInterrupt, SystemExit)):
                raise
        return {"calls": calls, "failed": failed} if failed else {"calls": calls}


class _RecordEnds(BaseException):
    """Ends a run ahead early (`_Server._record`); a BaseException, so that no ``except
    Exception`` of the course's run takes it for the student's error."""


def _describe_error(error: BaseException, server: _Server | None = None) -> dict:
    """The kernel's report of ``error``: its classes, its message, and where the student's code
    was (`_blame`)."""
    try:
        message = str(error)[:2000]
    except Exception:  # noqa: BLE001 - a __str__ that raises, an int too long to print
        message = "(its message could not be shown)"
    described = {"mro": [_qualified(c) for c in type(error).__mro__], "message": message}
    try:
        described.update(_blame(error, server))
    except Exception:  # noqa: BLE001 - the report must go back whatever the traceback holds
        described["where"] = ""
    return described


_MACHINERY = ("gamekit.grading.remote", "gamekit.trace")
"""The grader's own code in the kernel: the request loop and the recorders of games."""


def _code_files(value: Any, depth: int = 0) -> set[str]:
    """The files (IPython names one per cell) of the code of a function, a method, a class's
    functions, a decorated function's original, a callable object's class: where ``value``'s
    code is. Read without running the student's code (no ``__getattr__`` is called)."""
    files: set[str] = set()
    if depth > 3:
        return files
    try:
        if isinstance(value, types.FunctionType):
            files.add(value.__code__.co_filename)
        elif isinstance(value, (types.MethodType, staticmethod, classmethod)):
            files |= _code_files(value.__func__, depth + 1)
        elif isinstance(value, property):
            for accessor in (value.fget, value.fset, value.fdel):
                files |= _code_files(accessor, depth + 1)
        elif isinstance(value, type):
            for item in list(vars(value).values())[:500]:
                files |= _code_files(item, depth + 1)
        elif callable(value) and type(value).__module__ not in ("builtins", "functools"):
            files |= _code_files(type(value), depth + 1)  # an object with a __call__
        wrapped = inspect.getattr_static(value, "__wrapped__", None)  # functools.wraps, cache
        if wrapped is not None and wrapped is not value:
            files |= _code_files(wrapped, depth + 1)
    except Exception:  # noqa: BLE001 - an object the kernel cannot look into: no files
        pass
    return files


def _frame_owner(code: types.CodeType, module: Any, server: _Server | None) -> str:
    """Whose code ``code`` is: "student" (a cell that defines an answer the grader looked up),
    "machinery" (the grader's request loop and recorders), "course" (gamekit, or a locked cell
    the grader named) or "other" (Python's library, any other cell)."""
    if server is not None and code.co_filename in server.student_files:
        return "student"
    if module in _MACHINERY:
        return "machinery"
    if isinstance(module, str) and (module == "gamekit" or module.startswith("gamekit.")):
        return "course"
    if server is not None and code.co_filename in server.course_files:
        return "course"
    return "other"


def _shown_name(code: types.CodeType) -> str:
    """A function's name as the student wrote it: ``minimax_value`` for its list comprehension
    too, ``TreeGame.result`` for a method, ``max_value (inside alphabeta_search)`` for a
    function defined in another."""
    outer, _, inner = code.co_qualname.rpartition(".<locals>.")
    while outer and (inner.startswith("<") or inner == "__call__"):  # a comprehension's code
        outer, _, inner = (
            outer.rpartition(".<locals>.") if ".<locals>." in outer else ("", "", outer)
        )
    parts = inner.split(".")
    while len(parts) > 1 and (parts[-1].startswith("<") or parts[-1] == "__call__"):
        parts.pop()
    name = ".".join(parts)
    name = {"<lambda>": "lambda", "<module>": "cell"}.get(name, name)
    if outer:
        return f"{name} (inside {outer.replace('.<locals>.', '.')})"
    return name


def _parameters(code: types.CodeType, method: bool) -> str:
    """``(state, player)``: the parameters ``code`` takes (without ``self`` for a method)."""
    names = code.co_varnames
    positional = list(names[: code.co_argcount])
    keyword = list(names[code.co_argcount : code.co_argcount + code.co_kwonlyargcount])
    at = code.co_argcount + code.co_kwonlyargcount
    star = ""
    if code.co_flags & inspect.CO_VARARGS:
        star, at = "*" + names[at], at + 1
    elif keyword:
        star = "*"
    double = "**" + names[at] if code.co_flags & inspect.CO_VARKEYWORDS else ""
    if method and positional and positional[0] in ("self", "cls"):
        positional = positional[1:]
    shown = [*positional, *([star] if star else []), *keyword, *([double] if double else [])]
    return "(" + ", ".join(shown) + ")"


def _code_of(function: Any) -> tuple[types.CodeType | None, bool]:
    """The code a callable runs, and whether it is a method (its first parameter is bound)."""
    code = getattr(function, "__code__", None)
    if isinstance(code, types.CodeType):
        return code, False
    inner = getattr(function, "__func__", None)
    if isinstance(getattr(inner, "__code__", None), types.CodeType):
        return inner.__code__, True
    for klass in type(function).__mro__:  # a callable object: its class's __call__
        call = vars(klass).get("__call__")
        if isinstance(getattr(call, "__code__", None), types.CodeType):
            return call.__code__, True
    return None, False


def _stands_for(frame: types.FrameType) -> tuple[types.CodeType | None, str, bool]:
    """What a recorder's frame stands for: the game's method or the evaluation function the
    student's code called (its code, module and whether it is a method)."""
    owner = frame.f_locals.get("self")
    if isinstance(owner, Recorder):
        game = object.__getattribute__(owner, "_game")
        method = getattr(type(game), frame.f_code.co_name, None)
        code, _ = _code_of(method)
        return code, getattr(method, "__module__", None), True
    if isinstance(owner, _RecordedEval):
        function = object.__getattribute__(owner, "_eval_fn")
        code, method = _code_of(function)
        module = getattr(function, "__module__", None) or type(function).__module__
        return code, module, method
    return None, "", False


def _blame(error: BaseException, server: _Server | None) -> dict:
    """Where the student's code was when ``error`` was raised: the last frame of the student's
    answer cells (``where``: "line 6: <code>"; ``blame``: function, line, code) and, when the
    error was raised past it, in code the student's code called (gamekit, a locked cell of the
    notebook, Python's library), what it called (``blame["called"]``: name, owner,
    parameters). Nothing else's line is ever given as the student's."""
    frames: list[tuple[types.FrameType, int]] = []
    tb = error.__traceback__
    while tb is not None and len(frames) < 100_000:
        frames.append((tb.tb_frame, tb.tb_lineno or 0))
        tb = tb.tb_next
    owners = [_frame_owner(f.f_code, f.f_globals.get("__name__"), server) for f, _ in frames]
    if server is None:  # no answers looked up: any code but the grader's and gamekit's
        owners = ["student" if o == "other" else o for o in owners]
    mine = [i for i, owner in enumerate(owners) if owner == "student"]
    if not mine:
        return {"where": ""}
    last = mine[-1]
    frame, lineno = frames[last]
    code = linecache.getline(frame.f_code.co_filename, lineno).strip()[:300]
    blame: dict[str, Any] = {"function": _shown_name(frame.f_code), "line": lineno, "code": code}
    after = list(range(last + 1, len(frames)))
    if after:
        outside = [i for i in after if owners[i] != "machinery"]
        if outside:
            callee = frames[outside[0]][0]
            target, module = callee.f_code, callee.f_globals.get("__name__")
            owner = owners[outside[0]]
            method = "." in target.co_qualname.replace(".<locals>", "")
        else:  # raised by the grader's recorder itself (a state it never gave, ...)
            target, module, method = _stands_for(frames[after[0]][0])
            owner = "course"
            if target is not None:
                owner = _frame_owner(target, module, server)
                owner = "course" if owner in ("machinery", "other") else owner
        first = frames[after[0]][0]  # what the student's line called, as the kernel sees it
        wrapper = first.f_locals.get("self") if owners[after[0]] == "machinery" else None
        called = {
            "name": "",
            "owner": owner,
            "parameters": "",
            "recorder": not outside,
            "role": "eval" if isinstance(wrapper, _RecordedEval) else "",
        }
        if isinstance(wrapper, Recorder) and first.f_code.co_name == "__getattr__":
            called["role"] = "attribute"  # game.<name> that the game does not answer
        if target is not None:
            called["name"] = _shown_name(target)
            if owner == "other" and isinstance(module, str) and module not in ("__main__", ""):
                called["name"] = f"{module}.{called['name']}"
            called["parameters"] = _parameters(target, method)
        blame["called"] = called
    return {"where": f"line {lineno}: {code}", "blame": blame}


@functools.lru_cache(maxsize=32)
def _refusal_plan(
    targets: tuple[tuple[str, str], ...],
) -> tuple[tuple[Any, str, types.CodeType], ...]:
    """Kernel side: for each refused target and its message, the module or class that holds
    it, its name and the code that refuses; found once per list and kernel, since a ladder
    makes thousands of quick calls under one list. A target not reachable from outside (a
    local function) has nothing to refuse and is left out."""
    import importlib

    from gamekit.grading.errors import refusing_code

    plan = []
    for target, message in targets:
        module_name, _, qualname = target.partition(":")
        *path, name = qualname.split(".")
        try:
            owner: Any = importlib.import_module(module_name)
            for part in path:
                owner = getattr(owner, part)
        except (ImportError, AttributeError):
            continue
        plan.append((owner, name, refusing_code(name, message)))
    return tuple(plan)


@contextlib.contextmanager
def _refusing(targets: list[tuple[str, str]]) -> Iterator[None]:
    """Kernel side of `forbidding`: swap the targets for functions that refuse, each call
    anew (the function a name holds at that moment), and put them back afterwards."""
    saved: list[tuple[Any, str, Any]] = []
    try:
        for owner, name, code in _refusal_plan(tuple(targets)):
            held = getattr(owner, name, None)
            if held is None:
                continue
            if isinstance(owner, type):  # a method: replace it on its class
                saved.append((owner, name, owner.__dict__[name]))
                refuse: Any = lambda *args, **kwargs: None  # noqa: E731
                refuse.__code__ = code
                setattr(owner, name, refuse)
            else:  # a function: change its code, so aliases are caught too
                saved.append((held, "__code__", held.__code__))
                held.__code__ = code
        yield
    finally:
        for owner, name, value in reversed(saved):
            setattr(owner, name, value)


def serve(path: str) -> str:
    """Kernel side: answer the grader's requests on the Unix socket ``path`` until it says bye."""
    namespace = sys.modules["__main__"].__dict__
    try:
        from IPython import get_ipython

        shell = get_ipython()
        if shell is not None:
            namespace = shell.user_ns
    except ImportError:
        pass
    server = _Server(namespace)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(path)
        while True:
            raw = recv_frame(sock)
            reply = server.handle(raw)
            if reply.get("bye"):
                return "done"
            try:
                payload = json.dumps(reply, allow_nan=False).encode()
            except (TypeError, ValueError, RecursionError) as error:
                payload = json.dumps({"error": _unsendable(error)}).encode()
            send_frame(sock, payload)
    finally:
        sock.close()


def _unsendable(error: BaseException) -> dict:
    """The report of a reply the kernel could not write as JSON (the grader's failure, never
    a line of the student's)."""
    try:
        reason = f"{type(error).__name__}: {str(error)[:300]}"
    except Exception:  # noqa: BLE001
        reason = type(error).__name__
    return {
        "mro": ["gamekit.grading.GradingError", "builtins.AssertionError"],
        "message": f"the grader could not send your kernel's reply back as data ({reason})",
        "where": "",
    }


def start_serving_in_thread(path: str) -> threading.Thread:
    """For tests: run `serve` in a thread of this process."""
    thread = threading.Thread(target=serve, args=(path,), daemon=True)
    thread.start()
    return thread
