"""Running a mutant's notebook through the real test cells, in a process of its own, and
observing a program on the wide input set (a name is false if the catalogued mistake is not
observed exactly as the program)."""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Catalogued:
    """A catalogued mistake built as a program: the grader names it ``code`` when it fails
    ``function``; ``implementation`` is that function with the mistake (the student's
    signature), to put in a notebook in place of the student's answer."""

    code: str
    function: str
    implementation: Callable[..., Any]
    words: str = ""  # which variant, when one code has several (a02's swapped alpha and beta)
    around: bool = False  # implementation(own) builds the mistake around the notebook's own

    def fits(self, code: str, evidence: dict | None) -> bool:
        """Whether a failing cell's ``code`` and ``evidence`` name this mistake."""
        return code == self.code and (evidence or {}).get("step", self.function) == self.function

    def standing_in(self, own: Callable[..., Any]) -> Callable[..., Any]:
        """The mistake, in place of the notebook's ``own`` function. Most are whole programs;
        a mistake that is a relation to the function itself ("ignores `order`": the same as
        without one) is built around ``own``."""
        return self.implementation(own) if self.around else self.implementation


def unforbidden(
    implementation: Callable[..., Any], guarded: tuple[Callable[..., Any], ...]
) -> Callable[..., Any]:
    """``implementation``, called with the functions ``guarded`` as they are now. A check
    forbids the course's references to the student's answer by swapping their code; a
    catalogued mistake is built on those references and stands in for a student, so each of
    its calls puts their code back for its own duration."""
    codes = [(function, function.__code__) for function in guarded]

    def call(*args: Any, **kwargs: Any) -> Any:
        swapped = [(function, function.__code__) for function, _ in codes]
        for function, code in codes:
            function.__code__ = code
        try:
            return implementation(*args, **kwargs)
        finally:
            for function, code in swapped:
                function.__code__ = code

    return call


def _same_observation(a: str, b: str) -> bool:
    """Two observations agree: the same text, or two numbers equal to 1e-9 (27 and 27.0)."""
    if a == b:
        return True
    try:
        return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-9)
    except ValueError:
        return False


def same_behaviour(a: list[str], b: list[str]) -> bool:
    """Two programs behave alike on the wide input set: every observation agrees."""
    return len(a) == len(b) and all(_same_observation(x, y) for x, y in zip(a, b, strict=True))


def false_name(spec: Any, namespace: dict[str, Any], observed: list[str], cell: Any) -> str:
    """Why the name a failing cell gave is false ("" when it holds or names nothing catalogued):
    the program must behave like the named mistake on every input of the wide set, that is, the
    notebook with the named function replaced by the mistake's implementation must be observed
    exactly as the notebook itself."""
    catalogue = getattr(spec, "catalogue", None)
    if catalogue is None or cell.kind != "named":
        return ""
    variants = [entry for entry in catalogue() if entry.fits(cell.code, cell.evidence)]
    if not variants:
        return ""
    for entry in variants:
        own = namespace.get(entry.function)
        standing = {**namespace, entry.function: entry.standing_in(own)}
        try:
            seen = spec.observe(standing)
        except Exception:  # noqa: BLE001 - the observation of a wrong program may fail
            continue
        if same_behaviour(seen, observed):
            return ""
    return (
        f"named {cell.code} for {variants[0].function}, but the program differs from that "
        "mistake on the wide input set"
    )


# --------------------------------------------------------------------------------------------
# Running one notebook in-process (in a child process of the harness)
# --------------------------------------------------------------------------------------------


@dataclass
class CellOutcome:
    grade_id: str
    passed: bool
    kind: str = ""  # named, witness, hidden, timeout, generic, traceback, unanswered
    code: str = ""
    message: str = ""
    evidence: dict | None = None


@dataclass
class Run:
    """What one notebook (the reference or a mutant) did."""

    cells: list[CellOutcome] = field(default_factory=list)
    observed: list[str] = field(default_factory=list)
    claims: list[str] = field(default_factory=list)  # false claims found by the re-check
    names: int = 0  # names checked against the named mistake on the wide input set
    false_names: list[str] = field(default_factory=list)  # names that did not hold there
    error: str = ""  # the notebook itself failed to run (outside a test cell)


def kind_of(error: BaseException) -> str:
    """How a failing test cell explained itself. An exception other than a `GradingError` is
    the student's own error when it was raised in the notebook's code (their function, or a
    name their failed answer cell never defined), and a checker's traceback when it was raised
    inside gamekit.checks: the one kind that must never happen."""
    import traceback

    from gamekit.checks import GradingError

    if not isinstance(error, GradingError):
        frames = traceback.extract_tb(error.__traceback__)
        inner = frames[-1].filename if frames else ""
        return "traceback" if "gamekit/checks" in inner.replace("\\", "/") else "own error"
    code = error.code
    if not code:
        return "generic"
    if code.startswith(("witness:", "raised:", "wrong_value:", "shape:")) or code == "wrong_type":
        return "witness"  # the input, and what the student's code did (or returned) there
    if code.startswith("hidden:"):
        return "hidden"
    if code == "expect":
        return "visible"  # a visible test's stated condition, false on the student's output
    return "named"


@contextlib.contextmanager
def grading_mode() -> Iterator[None]:
    """As the grader runs a notebook: NBGRADER_EXECUTION set, `if_answered` never skipping."""
    import gamekit.checks

    before_env, before_flag = os.environ.get("NBGRADER_EXECUTION"), gamekit.checks.GRADING
    os.environ["NBGRADER_EXECUTION"] = "autograde"
    gamekit.checks.GRADING = True
    try:
        yield
    finally:
        gamekit.checks.GRADING = before_flag
        if before_env is None:
            os.environ.pop("NBGRADER_EXECUTION", None)
        else:
            os.environ["NBGRADER_EXECUTION"] = before_env


def run_notebook(
    cells: list[tuple[str, str, bool]], spec: Any, overrides: dict[str, Catalogued] | None = None
) -> Run:
    """Run ``cells`` (``(grade_id, source, is_test)``) in one namespace; observe and re-check.
    ``overrides`` (`Catalogued` mistakes by function name) replace the notebook's functions of
    those names after each answer cell (a catalogued mistake graded as if a student had
    written it)."""
    import io

    import matplotlib

    matplotlib.use("Agg")
    namespace: dict[str, Any] = {"display": lambda *a, **k: None, "__name__": "__main__"}
    run = Run()
    with grading_mode(), contextlib.redirect_stdout(io.StringIO()):
        for grade_id, source, is_test in cells:
            try:
                exec(compile(source, f"<cell {grade_id}>", "exec"), namespace)
            except BaseException as error:  # noqa: BLE001 - a failure is the data here
                if isinstance(error, (KeyboardInterrupt, SystemExit)):
                    raise
                if not is_test:
                    run.error = f"{grade_id}: {type(error).__name__}: {error}"
                    continue
                run.cells.append(
                    CellOutcome(
                        grade_id,
                        False,
                        "unanswered" if isinstance(error, NotImplementedError) else kind_of(error),
                        getattr(error, "code", ""),
                        f"{type(error).__name__}: {error}"[:400],
                        getattr(error, "evidence", None),
                    )
                )
                continue
            if is_test:
                run.cells.append(CellOutcome(grade_id, True))
            else:  # a catalogued mistake in place of the answer it replaces
                for name, entry in (overrides or {}).items():
                    if name in namespace:
                        namespace[name] = entry.standing_in(namespace[name])
        try:
            run.observed = spec.observe(namespace)
        except Exception as error:  # noqa: BLE001 - e.g. a function the mutant never defined
            run.observed = [f"observing raised {type(error).__name__}: {error}"]
        for cell in run.cells:
            if not cell.passed and cell.kind in ("named", "witness"):
                problem = spec.recheck(namespace, cell.code, cell.evidence)
                if problem:
                    run.claims.append(f"{cell.grade_id}: {problem}")
        observed = not run.observed[:1] or not run.observed[0].startswith("observing raised")
        for cell in run.cells if observed else ():  # every name a student would read
            problem = false_name(spec, namespace, run.observed, cell)
            run.names += cell.kind == "named" and hasattr(spec, "catalogue")
            if problem:
                run.false_names.append(f"{cell.grade_id}: {problem}")
    return run


def _child(cells, assignment, conn, overrides) -> None:
    spec = load_spec(assignment)
    try:
        conn.send(run_notebook(cells, spec, overrides))
    except BaseException as error:  # noqa: BLE001
        conn.send(Run(error=f"{type(error).__name__}: {error}"))


def run_isolated(
    cells: list[tuple[str, str, bool]],
    assignment: str,
    seconds: float,
    overrides: dict[str, Catalogued] | None = None,
) -> Run:
    """`run_notebook` in a child process; a mutant that runs past ``seconds`` is a timeout."""
    context = multiprocessing.get_context("fork")
    mine, theirs = context.Pipe(duplex=False)
    process = context.Process(
        target=_child, args=(cells, assignment, theirs, overrides), daemon=True
    )
    process.start()
    theirs.close()
    try:
        if mine.poll(seconds):
            return mine.recv()
    except EOFError:
        pass
    finally:
        process.kill()
        process.join()
    run = Run()
    run.cells.append(CellOutcome("(all)", False, "timeout", "timeout", f"over {seconds:g} s"))
    return run


# --------------------------------------------------------------------------------------------
# The harness
# --------------------------------------------------------------------------------------------


def load_spec(assignment: str) -> Any:
    """The assignment's checker module, which holds ``observe`` and ``recheck``."""
    import importlib

    module = importlib.import_module(f"gamekit.checks.{assignment.split('_')[0]}")
    if not hasattr(module, "observe") or not hasattr(module, "recheck"):
        raise SystemExit(f"{assignment} is not prepared for mutation testing yet (no observe)")
    return module


def notebook_cells(source_path: Path) -> tuple[list[tuple[str, str, bool]], dict[str, str]]:
    """The code cells as ``(grade_id, source, is_test)`` and the answer cells' sources."""
    import nbformat

    from gamekit.checks.cells import is_test_cell, nbgrader_meta

    notebook = nbformat.read(source_path, as_version=4)
    cells, answers = [], {}
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        meta = nbgrader_meta(cell)
        grade_id = meta.get("grade_id") or f"cell-{index}"
        cells.append((grade_id, cell.source, is_test_cell(cell)))
        if meta.get("solution"):
            answers[grade_id] = cell.source
    return cells, answers
