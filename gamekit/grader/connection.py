"""The trusted end of the line to a student's kernel (`gamekit.checks.remote`): `Connection`
sends the grader's requests and reads the kernel's replies as plain JSON, within `ReplyLimits`
and the cell's time, and `replay` rebuilds a traced call question by question on the grader's
own game. The kernel never sees this module.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import io
import json
import pickle
import socket
from collections.abc import Callable
from typing import Any

from gamekit.checks.remote import (
    _PLAIN_TYPES,
    LIMITS,
    MAX_DEPTH,
    NOTEBOOK_MODULE,
    PLAIN_SCALARS,
    RECORD_LIMIT,
    Deadline,
    HugeInt,
    RemoteProtocolError,
    RemoteRef,
    ReplyLimitError,
    ReplyLimits,
    _forbidden,
    _handed_over,
    _registered,
    _substitutes,
    code_fingerprint,
    recv_frame,
    seconds_left,
    send_frame,
)


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
    from gamekit.checks.errors import EngineForbidden, GradingError
    from gamekit.games import IllegalMoveError

    known = {
        "gamekit.games.IllegalMoveError": IllegalMoveError,
        "gamekit.checks.EngineForbidden": EngineForbidden,
        "gamekit.checks.GradingError": GradingError,
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
# The connection
# --------------------------------------------------------------------------------------------


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
