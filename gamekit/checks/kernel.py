"""The kernel's end of the grader's line (`gamekit.checks.remote`): ``serve(path)`` answers
the grader's requests from inside the student's kernel, for one graded test cell.

Each call runs under the refusals the grader sent (gamekit's own answers raise), a traced game
arrives wrapped in a `Recorder` that writes down every question the student's code asks, and
every failure goes back as data: the exception's classes, its message and where in the
student's code it happened (`_blame`). Nothing here is trusted: the grader reads the replies as
plain JSON and checks them.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import io
import json
import linecache
import math
import pickle
import socket
import sys
import threading
import types
from collections.abc import Callable, Iterator
from typing import Any

from gamekit.checks.remote import (
    LIMITS,
    PLAIN_SCALARS,
    RECORD_BYTES,
    RECORD_LIMIT,
    _forbidden,
    _handed_over,
    _registered,
    _substitutes,
    code_fingerprint,
    encode,
    recv_frame,
    send_frame,
)


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
        if (module, name) == (_handed_over.__module__, "_handed_over"):
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


_MACHINERY = ("gamekit.checks.kernel", "gamekit.checks.remote", "gamekit.trace")
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

    from gamekit.checks.errors import refusing_code

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
        "mro": ["gamekit.checks.GradingError", "builtins.AssertionError"],
        "message": f"the grader could not send your kernel's reply back as data ({reason})",
        "where": "",
    }


def start_serving_in_thread(path: str) -> threading.Thread:
    """For tests: run `serve` in a thread of this process."""
    thread = threading.Thread(target=serve, args=(path,), daemon=True)
    thread.start()
    return thread
