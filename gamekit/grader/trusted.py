"""Run a submission's notebook with every graded test cell judged outside the student's kernel.

`TrustedClient` is nbclient's notebook runner with one change. Every cell runs in the student's
kernel as usual *except* the graded test cells: those run here, in the grader's process, in a
namespace of the grader's own (`TrustedNamespace`). Inside it:

- the notebook's locked definitions (imports, data, helper functions) are the grader's copies,
  taken from the release, never from the submission; a locked function or class that uses the
  student's names (a given loop that calls their steps) counts as the student's;
- the names the student's answers define resolve to the kernel: a plain value comes by value,
  a function or class as a `gamekit.checks.remote.RemoteRef` whose calls run in the kernel;
- a by-hand answer (a literal a student types) is read from the answer cell's source, never
  run (`literal_answer`).

So a checker's verdict depends only on what the student's functions answered, never on
anything the student's code changed in its own process. A cell passes when its code raised
nothing; its outputs are what the grader printed and, on failure, one line with the reason.
"""

from __future__ import annotations

import ast
import asyncio
import contextlib
import io
import math
import os
import queue
import socket
import time
from collections.abc import Iterable
from typing import Any

from jupyter_core.utils import ensure_async
from nbclient import NotebookClient
from nbclient.exceptions import CellTimeoutError
from nbformat import NotebookNode
from nbformat.v4 import new_output
from traitlets import Any as AnyTrait
from traitlets import Bool, Dict, Float, Unicode

import gamekit.checks
from gamekit.checks import GradingError
from gamekit.checks.cells import is_test_cell, nbgrader_meta, source_of
from gamekit.checks.remote import NOTEBOOK_MODULE, RemoteProtocolError, ReplyLimitError
from gamekit.grader.budget import (
    POLL,
    WALL_FACTOR,
    CellBudget,
    cell_limit,
    timeout_sentence,
    waiting_seconds,
)
from gamekit.grader.connection import CellTimeout, Connection
from gamekit.grader.names import top_level_names
from gamekit.i18n import Said, kept_sentence

SERVE_EXPRESSION = "__import__('gamekit.checks.kernel', fromlist=['serve']).serve({path!r})"


def cell_kind(cells: list, index: int) -> str:
    """What a cell is, for the bench's table of where grading time goes: "imports" (the first
    code cell: every notebook of the course begins with its imports), "answer" (a solution
    cell), "test" (a graded test cell, judged on the trusted side) or "course" (the course's
    own code and demonstrations); "text" for markdown."""
    cell = cells[index]
    if cell.get("cell_type") != "code":
        return "text"
    if is_test_cell(cell):
        return "test"
    if nbgrader_meta(cell).get("solution"):
        return "answer"
    first = next(i for i, c in enumerate(cells) if c.get("cell_type") == "code")
    return "imports" if index == first else "course"


def defined_names(source: str) -> set[str]:
    """Top-level names a cell defines (functions, classes, assignments, imports)."""
    try:
        return top_level_names(ast.parse(source))
    except SyntaxError:
        return set()


def loaded_names(source: str) -> set[str]:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}


def answer_names(release: NotebookNode) -> set[str]:
    """The names the answer cells of the release define: what the student writes."""
    names: set[str] = set()
    for cell in release.cells:
        if cell.get("cell_type") == "code" and nbgrader_meta(cell).get("solution"):
            names |= defined_names(source_of(cell))
    return names


_DRAWING = ("plt", "draw_", "plot_", "display", "print")


def _is_definition(node: ast.stmt, skip: set[str]) -> bool:
    """Statements of a locked cell the grader copies: definitions that need no student code and
    draw nothing."""
    if {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} & skip:
        return False
    if isinstance(node, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.ClassDef)):
        return True
    if isinstance(node, (ast.Assign, ast.AnnAssign)):
        for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
            name = ast.unparse(call.func)
            if name.startswith(_DRAWING) or ".subplots" in name or ".figure" in name:
                return False
        return True
    return False


# --------------------------------------------------------------------------------------------
# By-hand answers: literals only
# --------------------------------------------------------------------------------------------


class NotALiteral(GradingError):
    """A by-hand answer that is computed by code instead of typed as values."""


_INFINITY_NAMES = {"inf": math.inf, "math.inf": math.inf}


def _literal(node: ast.AST) -> Any:
    if isinstance(node, ast.Constant) and type(node.value) in (int, float, str, bool, type(None)):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _literal(node.operand)
        if type(value) not in (int, float):
            raise ValueError("sign on a non-number")
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, (ast.Name, ast.Attribute)) and ast.unparse(node) in _INFINITY_NAMES:
        return _INFINITY_NAMES[ast.unparse(node)]
    if isinstance(node, ast.Call) and ast.unparse(node) in ('float("inf")', "float('inf')"):
        return math.inf
    if isinstance(node, ast.Call) and ast.unparse(node) == "set()":
        return set()  # the empty set has no literal of its own
    if isinstance(node, ast.Tuple):
        return tuple(_literal(e) for e in node.elts)
    if isinstance(node, ast.List):
        return [_literal(e) for e in node.elts]
    if isinstance(node, ast.Set):
        return {_literal(e) for e in node.elts}
    if isinstance(node, ast.Dict):
        if any(k is None for k in node.keys):
            raise ValueError("** in a dict")
        return {_literal(k): _literal(v) for k, v in zip(node.keys, node.values, strict=True)}
    raise ValueError(ast.unparse(node)[:60])


def literal_answer(source: str, name: str) -> Any:
    """The value a by-hand answer cell gives ``name``: ``def name(): return <literal>`` or
    ``name = <literal>`` (numbers, strings, ``inf``, in dicts, lists, tuples and sets).

    Raises `NotALiteral` for anything computed. Nothing is executed.
    """
    advice = (
        f"{name}: type the values you worked out by hand (a literal such as {{'A': 3, ...}}), "
        "not code that computes them; a computed answer earns no points here"
    )
    try:
        tree = ast.parse(source)
    except SyntaxError as error:
        raise NotALiteral(f"{name}: the answer cell is not valid Python ({error.msg})") from None
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            body = [
                s
                for s in node.body
                if not (
                    isinstance(s, ast.Expr)
                    and isinstance(s.value, ast.Constant)
                    and isinstance(s.value.value, str)
                )
            ]
            if node.args.args or len(body) != 1 or not isinstance(body[0], ast.Return):
                if any(isinstance(s, ast.Raise) for s in body):
                    raise NotImplementedError(f"{name} is not answered yet")
                raise NotALiteral(advice)
            expr = body[0].value
        elif isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == [name]:
            expr = node.value
        else:
            continue
        try:
            return _literal(expr) if expr is not None else None
        except (ValueError, TypeError):
            raise NotALiteral(advice) from None
    raise NameError(f"name {name!r} is not defined")


# --------------------------------------------------------------------------------------------
# The grader's namespace for test cells
# --------------------------------------------------------------------------------------------


class TrustedNamespace:
    """The grader's copy of a notebook's definitions, plus the student's answers on demand."""

    def __init__(
        self,
        release: NotebookNode,
        literal_cells: Iterable[str] = (),
        submission: NotebookNode | None = None,
    ) -> None:
        self.answers = answer_names(release)
        self.literals: dict[str, str] = {}  # answer name -> the grade_id of its literal cell
        wanted = set(literal_cells)
        for cell in release.cells:
            grade_id = nbgrader_meta(cell).get("grade_id")
            if grade_id in wanted:
                for name in defined_names(source_of(cell)):
                    self.literals[name] = grade_id
        self.answer_sources: dict[str, str] = {}
        if submission is not None:
            for cell in submission.cells:
                grade_id = nbgrader_meta(cell).get("grade_id")
                if grade_id in wanted and grade_id not in self.answer_sources:
                    self.answer_sources[grade_id] = source_of(cell)
        self.globals: dict[str, Any] = {"__name__": NOTEBOOK_MODULE, "__builtins__": __builtins__}
        for cell in release.cells:
            meta = nbgrader_meta(cell)
            if cell.get("cell_type") == "code" and meta.get("locked") and not meta.get("grade"):
                self._copy_definitions(source_of(cell))

    def _copy_definitions(self, source: str) -> None:
        try:
            tree = ast.parse(source)
        except SyntaxError:
            return
        for statement in tree.body:
            if isinstance(statement, (ast.FunctionDef, ast.ClassDef)) and not _is_definition(
                statement, self.answers
            ):
                # A given helper that calls the student's code (a05's search loop) is student
                # code in effect: the tests reach the kernel's copy, like an answer's.
                self.answers.add(statement.name)
                continue
            if _is_definition(statement, self.answers):
                code = compile(ast.Module([statement], []), "<notebook>", "exec")
                with contextlib.suppress(Exception), contextlib.redirect_stdout(io.StringIO()):
                    exec(code, self.globals)

    def run_test(self, source: str, conn: Connection | None) -> tuple[str, BaseException | None]:
        """Run a test cell's code; return what it printed and the exception it raised."""
        grading_before = gamekit.checks.GRADING
        gamekit.checks.GRADING = True  # `if_answered()` never skips an unanswered stub here
        needed = loaded_names(source) & self.answers
        bound: list[str] = []
        out = io.StringIO()
        try:
            for name in sorted(needed):
                if name in self.literals:
                    self.globals[name] = _constant(
                        literal_answer(self.answer_sources.get(self.literals[name], ""), name)
                    )
                elif conn is not None:
                    self.globals[name] = conn.lookup(name)
                else:
                    raise NameError(f"name {name!r} is not defined")
                bound.append(name)
            with contextlib.redirect_stdout(out):
                exec(compile(source, "<test cell>", "exec"), self.globals)
            return out.getvalue(), None
        except BaseException as error:  # noqa: BLE001 - a failing test is data here
            if isinstance(error, (KeyboardInterrupt, SystemExit)):
                raise
            return out.getvalue(), error
        finally:
            gamekit.checks.GRADING = grading_before
            for name in bound:
                self.globals.pop(name, None)


def _constant(value: Any) -> Any:
    def answer() -> Any:
        return value

    return answer


def error_output(error: BaseException) -> dict:
    """The one-line error output a failed test cell shows: the reason, never the code."""
    name = getattr(error, "remote_type", None) or type(error).__name__
    message = str(error)
    if hasattr(error, "student_traceback") and len(error.args) == 1:
        message = str(error.args[0])  # already str() of the kernel's error (a KeyError's too)
    if isinstance(error, CellTimeout):
        name = "CellTimeoutError"
    where = getattr(error, "student_traceback", "")
    blame = getattr(error, "blame", None)
    if blame is not None and not isinstance(error, GradingError):
        message = f"{message} ({blame.note()})"
    elif where and not isinstance(error, GradingError):
        message = f"{message} (raised by your code, {where})"
    return new_output("error", ename=name, evalue=message, traceback=[f"{name}: {message}"])


# --------------------------------------------------------------------------------------------
# The notebook runner
# --------------------------------------------------------------------------------------------


class KernelUnresponsive(RuntimeError):
    """The kernel did not stop when interrupted: grading of this submission cannot go on."""


class TrustedClient(NotebookClient):
    """nbclient's runner, with graded test cells judged by the grader (see the module doc)."""

    namespace = AnyTrait(None, allow_none=True)
    socket_dir = Unicode("")
    grace = Float(5.0, help="seconds an interrupted kernel gets to stop")
    reference_cpu = Dict(help="grade_id -> CPU seconds the course's answers need there")
    cpu = Dict(help="cell index -> CPU seconds the kernel used running it")
    stopped = Dict(help="cell index -> what was measured when a time limit stopped a cell")
    recheck = Bool(False, help="a second grading of a submission whose cell ran out of time")
    max_output = Float(100_000, help="characters of output kept per cell")
    timings = Dict()
    phases = Dict(help="where the time went: kernel start, and cells by kind (`cell_kind`)")
    _taken = Dict()  # cell index -> characters of output kept so far (see `output`)
    _cut = Dict()  # cell index -> True once outputs were left out
    store_widget_state = Bool(
        False, help="widget state is not kept: a kernel could grow it (and the notebook) at will"
    )

    def __init__(self, nb, km=None, **kw) -> None:
        super().__init__(nb, km=km, **kw)
        # No emulation of the Output widget: it would gather a cell's outputs outside
        # `output`'s limit (and merge streams by repeated concatenation). Outputs a student
        # sends into an Output widget land in the cell's outputs, bounded like any other.
        self.comm_open_handlers = {}

    async def async_start_new_kernel(self, **kwargs) -> None:
        started = time.monotonic()
        try:
            await super().async_start_new_kernel(**kwargs)
        finally:
            self._add_phase("kernel start", time.monotonic() - started)

    async def async_start_new_kernel_client(self):
        started = time.monotonic()
        try:
            return await super().async_start_new_kernel_client()
        finally:
            self._add_phase("kernel start", time.monotonic() - started)

    def _add_phase(self, name: str, seconds: float) -> None:
        self.phases[name] = self.phases.get(name, 0.0) + seconds

    # ---- time: every cell's limit is CPU time of the kernel (`gamekit.grader.budget`) ----

    def cpu_limit(self, cell) -> float:
        """CPU seconds ``cell`` may use: calibrated on the course's answers, at least `timeout`."""
        reference = self.reference_cpu.get(nbgrader_meta(cell).get("grade_id"))
        return cell_limit(self.timeout or 30, reference)

    def budget(self, cell) -> CellBudget:
        """A new budget for ``cell``: its CPU limit and the wall-clock cap, on the kernel's CPU
        clock when there is one."""
        limit = self.cpu_limit(cell)
        running = self.km.has_kernel
        cpu = getattr(self.km, "cpu_seconds", None) if running else None
        kernel_wait = getattr(self.km, "waiting_seconds", None) if running else None

        def wait() -> float:  # the kernel's and the grader's waits for a processor
            return (kernel_wait() if kernel_wait else 0.0) + waiting_seconds()

        return CellBudget(limit, WALL_FACTOR * limit, cpu, wait)

    def _record_time(self, cell, cell_index: int, budget: CellBudget) -> None:
        """Note the CPU the cell used and, if its limit stopped it, the measured facts: the
        cell's message and mistake record say exactly that."""
        self.cpu[str(cell_index)] = round(budget.cpu_used(), 3)
        if budget.stopped_by is None:
            return
        reference = self.reference_cpu.get(nbgrader_meta(cell).get("grade_id"))
        note = {
            "stopped_by": budget.stopped_by,
            "cpu_used": round(budget.cpu_at_stop, 2),
            "cpu_limit": budget.cpu_limit,
            "wall_limit": budget.wall_limit,
            "reference_cpu": reference,
            "rechecked": bool(self.recheck),
        }
        self.stopped[str(cell_index)] = note
        if is_test_cell(cell):
            cell.metadata["gamekit"] = {"mistake": "timeout", "evidence": note}

    def _timeout_output(self, budget: CellBudget, cell) -> dict:
        reference = self.reference_cpu.get(nbgrader_meta(cell).get("grade_id"))
        sentence = timeout_sentence(
            budget.stopped_by or "cpu",
            budget.cpu_at_stop,
            budget.cpu_limit,
            budget.wall_limit,
            reference,
            confirmed=self.recheck,
        )
        if is_test_cell(cell):
            keep_said(cell, sentence)
        return timeout_output(sentence)

    def _get_timeout(self, cell):
        """nbclient's own per-cell timeout, a net behind `_run_in_kernel`'s budget: the
        cell's wall-clock cap and the interrupted kernel's grace."""
        if cell is None:
            return super()._get_timeout(cell)
        return WALL_FACTOR * self.cpu_limit(cell) + 2 * self.grace

    async def async_execute_cell(self, cell, cell_index, execution_count=None, store_history=True):
        started = time.monotonic()
        self._taken[cell_index], self._cut[cell_index] = 0, False
        try:
            if is_test_cell(cell):
                await self._judge(cell, cell_index)
            else:
                if nbgrader_meta(cell).get("solution") and cell.get("cell_type") == "code":
                    await self._reset_transformers()
                await self._run_in_kernel(cell, cell_index, execution_count, store_history)
            self._limit_output(cell)
            return cell
        finally:
            self.timings[str(cell_index)] = time.monotonic() - started
            self._add_phase(cell_kind(self.nb.cells, cell_index), time.monotonic() - started)

    async def _run_in_kernel(self, cell, cell_index, execution_count, store_history) -> None:
        """Run a cell in the kernel (nbclient's way), watching its budget: once the kernel has
        used the cell's CPU time (or the wall-clock cap passed) it is interrupted, and the
        cell's error says what was measured. A kernel that does not stop when interrupted
        ends the submission's grading (`KernelUnresponsive`)."""
        budget = self.budget(cell)
        task = asyncio.ensure_future(
            super().async_execute_cell(cell, cell_index, execution_count, store_history)
        )
        interrupted = None
        try:
            while not task.done():
                await asyncio.wait({task}, timeout=POLL)
                if task.done():
                    break
                if interrupted is None and budget.over():
                    interrupted = time.monotonic()
                    await ensure_async(self.km.interrupt_kernel())
                elif interrupted is not None and time.monotonic() - interrupted > 2 * self.grace:
                    task.cancel()
                    raise KernelUnresponsive(_unresponsive(cell_index))
            try:
                task.result()
            except CellTimeoutError:
                budget.stop("wall")
        finally:
            if not task.done():
                task.cancel()
            self._record_time(cell, cell_index, budget)
        if budget.stopped_by is not None:
            cell.outputs = [o for o in cell.outputs if not _interrupted(o)]
            cell.outputs.append(self._timeout_output(budget, cell))

    async def _reset_transformers(self) -> None:
        """Give IPython its default cell transformers back before an answer cell, so that one
        answer cannot rewrite the cells after it (gamekit.checks.transformers)."""
        from gamekit.checks.transformers import RESET_EXPRESSION

        msg_id = self.kc.execute(
            "", silent=True, store_history=False, user_expressions={"reset": RESET_EXPRESSION}
        )
        await self._reply_for(msg_id, self.timeout or 30)

    def output(self, outs, msg, display_id, cell_index):
        """nbclient's handling of one output message, bounded as it arrives: once a cell's
        outputs reach `max_output` characters the rest is not kept (the stream text that
        reaches it is cut there; an error is kept, cut), so a cell that prints gigabytes never
        fills the grader's memory."""
        if getattr(self, "clear_before_next_output", False):  # nbclient clears first: recount
            self._taken[cell_index], self._cut[cell_index] = 0, False
        out = super().output(outs, msg, display_id, cell_index)
        if out is None or not outs or outs[-1] is not out:
            return out
        stop = int(self.max_output) + 1
        before = self._taken.get(cell_index, 0)
        taken = before + output_size(out, stop)
        self._taken[cell_index] = taken
        if taken > self.max_output:
            room = int(self.max_output) - before - STREAM_OVERHEAD
            if out.get("output_type") == "error":
                outs[-1] = cut_error(out)
            elif out.get("output_type") == "stream" and room > 0:
                out["text"] = str(out.get("text", ""))[:room]  # its start, up to the limit
                self._taken[cell_index] = int(self.max_output)
            elif display_id:  # its place is remembered for updates: keep it, empty
                out["data"], out["metadata"] = {}, {}
            else:
                outs.pop()
            if not self._cut.get(cell_index):
                self._cut[cell_index] = True
                outs.append(cut_marker())  # `_limit_output` puts it before the error, if any
        return out

    def clear_output(self, outs, msg, cell_index):
        super().clear_output(outs, msg, cell_index)
        if not outs:
            self._taken[cell_index], self._cut[cell_index] = 0, False

    def _update_display_id(self, display_id, msg):
        """nbclient's display update, for outputs the grader may have cut: an update that
        makes its cell's outputs too long empties the updated output."""
        with contextlib.suppress(IndexError, KeyError, TypeError):
            super()._update_display_id(display_id, msg)
        stop = int(self.max_output) + 1
        for cell_index, places in self._display_id_map.get(display_id, {}).items():
            outputs = self.nb.cells[cell_index].get("outputs", [])
            if output_size(outputs, stop) <= self.max_output:
                continue
            for place in places:
                if place < len(outputs) and "data" in outputs[place]:
                    outputs[place]["data"], outputs[place]["metadata"] = {}, {}

    def _limit_output(self, cell) -> None:
        """Keep at most `max_output` characters of a cell's outputs, everything counted (text,
        every mime type's data, metadata, an error's name, value and traceback). Errors are
        always kept, cut (the first error decides a test cell's score)."""
        kept, errors, total, cut = [], [], 0, False
        for output in cell.get("outputs", []):
            if is_cut_marker(output):
                cut = True
            elif output.get("output_type") == "error":
                if len(errors) < 3:
                    errors.append(cut_error(output))
            elif not cut:
                size = output_size(output, int(self.max_output) + 1)
                room = int(self.max_output) - total - STREAM_OVERHEAD
                if total + size > self.max_output:
                    cut = True
                    if output.get("output_type") == "stream" and room > 0:
                        output["text"] = str(output.get("text", ""))[:room]
                        kept.append(output)
                        total = int(self.max_output)
                else:
                    total += size
                    kept.append(output)
        cell.outputs = kept + ([cut_marker()] if cut else []) + errors

    async def _judge(self, cell, cell_index: int) -> None:
        """Judge a graded test cell here, asking the kernel only for the student's answers."""
        cell.outputs = []
        cell.metadata.pop("gamekit", None)  # what this run finds, and nothing the file brought
        source = source_of(cell)
        deadline = self.budget(cell)
        path = os.path.join(self.socket_dir, f".grader-{os.getpid()}-{cell_index}.sock")
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        listener.bind(path)
        listener.listen(1)
        msg_id = None
        conn = None
        try:
            if loaded_names(source) & (self.namespace.answers - set(self.namespace.literals)):
                msg_id = self.kc.execute(
                    "",
                    silent=True,
                    store_history=False,
                    allow_stdin=False,
                    user_expressions={"grader": SERVE_EXPRESSION.format(path=path)},
                )
                from gamekit.grader.connection import connect

                try:
                    conn = connect(listener, deadline)
                except CellTimeout:
                    conn = None
            if msg_id is not None and conn is None:
                printed, error = "", CellTimeout("the kernel never answered the grader")
            else:
                printed, error = self.namespace.run_test(source, conn)
            if isinstance(error, MemoryError) and not hasattr(error, "student_traceback"):
                error = GradingError(  # the grader's own process at its limit (`bounds`)
                    kept_sentence(
                        "the grader ran out of memory judging this cell (the job process's limit)"
                    )
                )
        finally:
            if conn is not None:
                conn.close()
            listener.close()
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
        if isinstance(error, CellTimeout):
            deadline.stop("wall")
        if msg_id is not None:
            await self._await_reply(msg_id, cell_index, stopped=isinstance(error, CellTimeout))
        self._record_time(cell, cell_index, deadline)
        if printed:
            cell.outputs.append(new_output("stream", name="stdout", text=printed))
        if error is not None:
            if isinstance(error, CellTimeout):
                cell.outputs.append(self._timeout_output(deadline, cell))
            elif isinstance(error, ReplyLimitError):
                error = GradingError(kept_sentence("{error} (the grader's limit)", error=error))
                cell.outputs.append(error_output(error))
            elif isinstance(error, RemoteProtocolError):
                error = GradingError(
                    kept_sentence("the grader could not talk to your kernel: {error}", error=error)
                )
                cell.outputs.append(error_output(error))
            else:
                cell.outputs.append(error_output(error))
                code = getattr(error, "code", "")
                if code:  # the mistake as data, for the result record (`score_cells`)
                    cell.metadata["gamekit"] = {
                        "mistake": code,
                        "evidence": getattr(error, "evidence", None),
                    }
            if isinstance(error, GradingError) and error.said:
                keep_said(cell, error.said)

    async def _await_reply(self, msg_id: str, cell_index: int, stopped: bool = False) -> None:
        """Wait for the kernel to finish the grader's request; interrupt it if it hangs (at
        once when the cell's time limit has ``stopped`` it: it is computing for nothing)."""
        if stopped:
            await ensure_async(self.km.interrupt_kernel())
        for attempt in range(2):
            if await self._reply_for(msg_id, self.grace):
                return
            if attempt == 0 and not stopped:
                await ensure_async(self.km.interrupt_kernel())
        raise KernelUnresponsive(_unresponsive(cell_index))

    async def _reply_for(self, msg_id: str, seconds: float) -> bool:
        """True once the reply to ``msg_id`` came; False after ``seconds`` without it."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                reply = await ensure_async(self.kc.get_shell_msg(timeout=left))
            except (queue.Empty, asyncio.TimeoutError, TimeoutError):
                return False
            if reply.get("parent_header", {}).get("msg_id") == msg_id:
                return True
        return False


STREAM_OVERHEAD = 100
"""Characters a stream output's keys and name count for, beyond its text (`output_size`)."""

ERROR_CHARS = 4_000
"""Characters kept of an error's value, and of its traceback, in a cell's outputs."""


def output_size(value: Any, stop: int) -> int:
    """Characters in an output (every string in it, keys included), counted up to ``stop``."""
    total, stack = 0, [value]
    while stack and total < stop:
        item = stack.pop()
        if isinstance(item, str):
            total += len(item)
        elif isinstance(item, dict):
            for key, inner in item.items():
                total += len(str(key))
                stack.append(inner)
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
        else:
            total += 8  # a number, a bool, None
    return min(total, stop)


def cut_text(text: Any, limit: int) -> str:
    text = str(text) if not isinstance(text, str) else text
    if len(text) <= limit:
        return text
    return text[:limit] + f"\n[... {len(text) - limit:,} more characters cut by the grader ...]"


def cut_error(output: dict) -> dict:
    """An error output with its name, value and traceback cut to `ERROR_CHARS` each."""
    lines = output.get("traceback") or []
    lines = [str(line) for line in lines] if isinstance(lines, list) else [str(lines)]
    if output_size(lines, ERROR_CHARS + 1) > ERROR_CHARS:  # keep the end: it names the error
        kept, used = [], 0
        for line in reversed(lines):
            line = cut_text(line, ERROR_CHARS // 2)
            if used + len(line) > ERROR_CHARS:
                break
            kept.insert(0, line)
            used += len(line)
        lines = ["[... the start of the traceback was cut by the grader ...]", *kept]
    return new_output(
        "error",
        ename=cut_text(output.get("ename", ""), 200),
        evalue=cut_text(output.get("evalue", ""), ERROR_CHARS),
        traceback=lines,
    )


CUT_TEXT = "\n[... output cut by the grader: too long ...]\n"


def cut_marker() -> dict:
    """The line that stands for the outputs the grader did not keep."""
    return new_output("stream", name="stdout", text=CUT_TEXT)


def is_cut_marker(output: Any) -> bool:
    return output.get("output_type") == "stream" and output.get("text") == CUT_TEXT


def _interrupted(output: Any) -> bool:
    """The KeyboardInterrupt a kernel shows when the grader stopped it: replaced by what the
    grader measured."""
    return output.get("output_type") == "error" and output.get("ename") == "KeyboardInterrupt"


def keep_said(cell: Any, sentence: Said | dict) -> None:
    """Keep what a test cell's error sentence is made of in the cell's metadata (``gamekit``
    ``said``): the record and the feedback page say it again in the student's language."""
    kept = sentence.to_dict() if isinstance(sentence, Said) else sentence
    if isinstance(kept, dict):
        cell.metadata.setdefault("gamekit", {})["said"] = kept


def timeout_output(text: str) -> dict:
    """The error of a cell its time limit stopped (``text``: `budget.timeout_sentence`)."""
    return new_output(
        "error", ename="CellTimeoutError", evalue=text, traceback=[f"CellTimeoutError: {text}"]
    )


__all__ = [
    "KernelUnresponsive",
    "NotALiteral",
    "TrustedClient",
    "TrustedNamespace",
    "answer_names",
    "is_test_cell",
    "literal_answer",
]


def _unresponsive(cell_index: int) -> Said:
    """Why grading stopped at a cell whose kernel would not stop (a `Said`)."""
    return kept_sentence(
        "cell {cell} was stopped at its time limit and the kernel did not stop when interrupted "
        "(a loop that catches KeyboardInterrupt?)",
        cell=cell_index + 1,
    )
