"""The grader tested by mutation: wrong programs that nobody wrote by hand.

``python -m gamekit.checks.mutants a05_mcts [--sample N] [--seed S]`` takes each answer cell's
reference solution from the source notebook, makes *mutants* of it with small AST edits (one
edit each: a comparison or an arithmetic operator swapped, a constant off by one, ``max`` for
``min``, a statement removed, two arguments swapped, a minus sign dropped, ``and`` for ``or``,
one attribute for another), and runs each mutant's notebook through the real test cells, hidden
tests included, in a process of its own with a time limit.

Each mutant is also *observed*: the assignment's functions are called on a wide set of inputs
(the assignment module's ``observe``). A mutant whose observations equal the reference's is
*equivalent* (it is the same program) and is left out. For the others it reports:

- **killed**: some test cell failed (the kill rate is the share of non-equivalent mutants);
- how the first failing cell explained it: a confirmed mistake **named**, a **witness** (the
  smallest probe that goes wrong, or the input and what the student's code returned or raised
  there), a **visible** test's stated condition that the student's output fails, the student's
  **own error** (an exception raised in their code), a **hidden**-case failure, a **timeout**, a
  **generic** sentence, or a **traceback** from a checker's own code;
- **false** messages: the harness re-checks each claim (the witness's values, a named mistake
  reproducing the mutant on every probe) against the mutant itself.

A correct program must keep full marks, so an equivalent mutant that lost points is reported as
a **false failure**.

A name is only as good as the inputs that chose it, so every name is also checked on the wide
input set: the notebook with the named function replaced by the catalogued mistake (each
assignment's ``catalogue()``) must be observed exactly as the program itself, or the name is a
**false name**. Three more runs measure the ladders themselves:

- ``--order 2``: *second-order* mutants, pairs of single edits (``--sample`` of them, 300 by
  default), graded the same way: the wrong programs a single edit cannot make;
- ``--catalogue``: each catalogued mistake put in the notebook as a student's answer; the
  grader must name it as itself (the probes separate it from every other catalogued mistake);
- ``--hand-written FOLDER``: the fixture cases of FOLDER marked ``HANDWRITTEN = True``,
  realistic wrong programs written by hand, with the share named, witnessed and untrue.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import copy
import math
import multiprocessing
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SWAPS: dict[type, tuple[type, ...]] = {
    ast.Lt: (ast.LtE, ast.Gt),
    ast.LtE: (ast.Lt, ast.GtE),
    ast.Gt: (ast.GtE, ast.Lt),
    ast.GtE: (ast.Gt, ast.LtE),
    ast.Eq: (ast.NotEq,),
    ast.NotEq: (ast.Eq,),
    ast.Is: (ast.IsNot,),
    ast.IsNot: (ast.Is,),
    ast.In: (ast.NotIn,),
    ast.NotIn: (ast.In,),
    ast.Add: (ast.Sub, ast.Mult),
    ast.Sub: (ast.Add,),
    ast.Mult: (ast.Div, ast.Add),
    ast.Div: (ast.Mult, ast.FloorDiv),
    ast.FloorDiv: (ast.Div,),
    ast.And: (ast.Or,),
    ast.Or: (ast.And,),
}
"""Each operator and what a slip turns it into."""

CALL_SWAPS = {"max": "min", "min": "max", "any": "all", "all": "any"}


@dataclass(frozen=True)
class Mutation:
    """One edit of one answer cell: where, and what it does, in words."""

    grade_id: str
    site: int  # the index of the edit among the cell's possible edits
    words: str


def _sites(tree: ast.AST) -> Iterator[tuple[ast.AST, str, Callable[[], None]]]:
    """Every possible edit of ``tree``: ``(node, words, apply)``; ``apply`` edits in place."""
    attributes = sorted({n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)})
    for node in ast.walk(tree):
        line = getattr(node, "lineno", "?")
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                for new in SWAPS.get(type(op), ()):
                    yield (
                        node,
                        f"line {line}: {type(op).__name__} -> {new.__name__}",
                        (lambda n=node, i=i, new=new: n.ops.__setitem__(i, new())),
                    )
        elif isinstance(node, (ast.BinOp, ast.AugAssign, ast.BoolOp)):
            for new in SWAPS.get(type(node.op), ()):
                yield (
                    node,
                    f"line {line}: {type(node.op).__name__} -> {new.__name__}",
                    (lambda n=node, new=new: setattr(n, "op", new())),
                )
        elif isinstance(node, ast.Constant) and type(node.value) in (int, float, bool):
            if isinstance(node.value, bool):
                changes = [not node.value]
            else:
                changes = [node.value + 1, node.value - 1] if node.value else [1]
            for new in changes:
                yield (
                    node,
                    f"line {line}: constant {node.value!r} -> {new!r}",
                    (lambda n=node, new=new: setattr(n, "value", new)),
                )
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.Not)):
            yield (
                node,
                f"line {line}: {type(node.op).__name__} dropped",
                (
                    lambda n=node: (
                        setattr(n, "op", ast.UAdd())
                        if isinstance(n.op, ast.USub)
                        else setattr(n, "operand", ast.UnaryOp(ast.Not(), n.operand))
                    )
                ),
            )
        elif isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name) and node.func.id in CALL_SWAPS:
                new = CALL_SWAPS[node.func.id]
                yield (
                    node,
                    f"line {line}: {node.func.id}() -> {new}()",
                    (lambda n=node, new=new: setattr(n.func, "id", new)),
                )
            for i in range(len(node.args) - 1):
                yield (
                    node,
                    f"line {line}: arguments {i + 1} and {i + 2} swapped",
                    (
                        lambda n=node, i=i: n.args.__setitem__(
                            slice(i, i + 2), [n.args[i + 1], n.args[i]]
                        )
                    ),
                )
        elif isinstance(node, ast.Attribute):
            for new in attributes:
                if new != node.attr:
                    yield (
                        node,
                        f"line {line}: .{node.attr} -> .{new}",
                        (lambda n=node, new=new: setattr(n, "attr", new)),
                    )
        for name in ("body", "orelse"):
            body = getattr(node, name, None)
            if isinstance(body, list) and len(body) > 1:
                for i, statement in enumerate(body):
                    if isinstance(statement, ast.Expr) and isinstance(
                        statement.value, ast.Constant
                    ):
                        continue  # a docstring
                    yield (
                        node,
                        f"line {statement.lineno}: statement removed",
                        (lambda b=body, i=i: b.__setitem__(i, ast.Pass())),
                    )


def mutations(source: str, grade_id: str) -> list[Mutation]:
    """Every single edit of an answer cell's ``source``."""
    tree = ast.parse(source)
    return [Mutation(grade_id, i, words) for i, (_, words, _) in enumerate(_sites(tree))]


def mutated_source(source: str, *edits: Mutation) -> str:
    """``source`` with every edit of ``edits`` applied (one edit: a first-order mutant; two: a
    second-order one). The sites are listed on the unedited tree, then the edits applied."""
    tree = copy.deepcopy(ast.parse(source))
    sites = list(_sites(tree))
    for edit in edits:
        sites[edit.site][2]()
    return ast.unparse(ast.fix_missing_locations(tree))


def edited_cells(
    cells: list[tuple[str, str, bool]], answers: dict[str, str], edits: tuple[Mutation, ...]
) -> list[tuple[str, str, bool]]:
    """The notebook's ``cells`` with ``edits`` applied to their answer cells."""
    sources = {
        grade_id: mutated_source(answers[grade_id], *(e for e in edits if e.grade_id == grade_id))
        for grade_id in {e.grade_id for e in edits}
    }
    return [(g, sources.get(g, s), t) for g, s, t in cells]


def second_order(todo: list[Mutation], count: int, seed: int) -> list[tuple[Mutation, Mutation]]:
    """``count`` different pairs of two different single edits, drawn at random (seeded): in
    one answer cell or in two."""
    rng = random.Random(seed)
    pairs: set[tuple[Mutation, Mutation]] = set()
    limit = len(todo) * (len(todo) - 1) // 2
    while len(pairs) < min(count, limit):
        a, b = sorted(rng.sample(todo, 2), key=lambda m: (m.grade_id, m.site))
        pairs.add((a, b))
    return sorted(pairs, key=lambda p: [(m.grade_id, m.site) for m in p])


# --------------------------------------------------------------------------------------------
# The catalogue: each named mistake as a function, so that a name can be checked on a wide set
# --------------------------------------------------------------------------------------------


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


@dataclass
class Report:
    assignment: str
    mutants: int = 0
    equivalent: int = 0
    killed: int = 0
    survived: list[str] = field(default_factory=list)
    false_failures: list[str] = field(default_factory=list)
    kinds: Counter = field(default_factory=Counter)
    false_claims: list[str] = field(default_factory=list)
    examples: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0
    order: int = 1  # 1: single edits; 2: pairs of edits
    names: int = 0  # names checked against the named mistake on the wide input set
    false_names: list[str] = field(default_factory=list)

    @property
    def non_equivalent(self) -> int:
        return self.mutants - self.equivalent

    def share(self, count: int) -> float:
        return 100.0 * count / self.non_equivalent if self.non_equivalent else 100.0

    def table_row(self) -> str:
        explained = sum(self.kinds[k] for k in ("named", "witness", "visible", "own error"))
        return (
            f"| {self.assignment} | {self.mutants} | {self.equivalent} | "
            f"{self.share(self.killed):.1f} % | {self.share(explained):.1f} % | "
            f"{self.kinds['named']} | {self.kinds['witness']} | {self.kinds['visible']} | "
            f"{self.kinds['own error']} | "
            f"{self.kinds['hidden']} | "
            f"{self.kinds['timeout']} | {self.kinds['generic']} | {self.kinds['traceback']} | "
            f"{len(self.false_claims)} | {len(self.false_failures)} | {self.names} | "
            f"{len(self.false_names)} | {self.seconds:.0f} s |"
        )


TABLE_HEAD = (
    "| assignment | mutants | equivalent | killed | explained | named | witness | visible | "
    "own error | hidden | timeout | generic | traceback | false claims | false failures | "
    "names checked | false names | time |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
)
"""*explained*: named, witness, visible or own error (the student's own exception, raised in
their code at a test's input), as a share of the non-equivalent mutants. *names checked*: every
catalogued mistake a failing cell named, compared with the program on the wide input set
(`false_name`); *false names*: those where the program behaves otherwise."""


def harness(
    assignment: str,
    *,
    source_root: Path,
    sample: int | None = None,
    seed: int = 0,
    seconds: float = 30.0,
    progress: bool = True,
    order: int = 1,
) -> Report:
    """Mutate every answer cell of ``assignment``, grade each mutant, and report. With
    ``order=2`` the mutants are pairs of single edits (``sample`` pairs, 300 by default)."""
    from tqdm import tqdm

    started = time.perf_counter()
    path = next((source_root / assignment).glob("*.ipynb"))
    cells, answers = notebook_cells(path)
    reference = run_isolated(cells, assignment, seconds * 4)
    if reference.error or not all(cell.passed for cell in reference.cells):
        failing = [c.message for c in reference.cells if not c.passed]
        raise RuntimeError(f"the reference solution does not pass: {reference.error} {failing}")
    singles = [m for grade_id, source in answers.items() for m in mutations(source, grade_id)]
    todo: list[tuple[Mutation, ...]]
    if order == 2:
        todo = list(second_order(singles, sample or 300, seed))
    else:
        if sample is not None and sample < len(singles):
            singles = sorted(
                random.Random(seed).sample(singles, sample), key=lambda m: (m.grade_id, m.site)
            )
        todo = [(m,) for m in singles]
    report = Report(assignment, mutants=len(todo), order=order)
    for edits in tqdm(todo, desc=f"mutants of {assignment}", disable=not progress):
        run = run_isolated(edited_cells(cells, answers, edits), assignment, seconds)
        name = " + ".join(f"{m.grade_id} {m.words}" for m in edits)
        failed = [cell for cell in run.cells if not cell.passed]
        same = same_behaviour(run.observed, reference.observed) and not run.error
        if same and not failed:
            report.equivalent += 1
            continue
        if same and failed:
            report.equivalent += 1  # a correct program must keep its marks
            report.false_failures.append(f"{name}: {failed[0].message}")
            continue
        if not failed:
            report.survived.append(name)
            continue
        report.killed += 1
        first = failed[0]
        report.kinds[first.kind] += 1
        report.examples.setdefault(first.kind, f"{name}: {first.message}")
        report.false_claims += [f"{name}: {claim}" for claim in run.claims]
        report.names += run.names
        report.false_names += [f"{name}: {claim}" for claim in run.false_names]
    report.seconds = time.perf_counter() - started
    return report


@dataclass
class CatalogueReport:
    """Each catalogued mistake graded as a student's answer: the name it got."""

    assignment: str
    named_itself: list[str] = field(default_factory=list)
    named_other: list[str] = field(default_factory=list)  # the name of another mistake
    not_named: list[str] = field(default_factory=list)  # a witness: right, only less specific
    kept_marks: list[str] = field(default_factory=list)  # a catalogued mistake lost no point
    false_names: list[str] = field(default_factory=list)

    @property
    def entries(self) -> int:
        return (
            len(self.named_itself)
            + len(self.named_other)
            + len(self.not_named)
            + len(self.kept_marks)
        )


def catalogue_check(
    assignment: str, *, source_root: Path, seconds: float = 60.0, progress: bool = True
) -> CatalogueReport:
    """Grade the reference notebook with each catalogued mistake in place of its function: the
    grader must name it as itself (the probes separate it from every other catalogued mistake),
    and every name given must hold on the wide input set."""
    from tqdm import tqdm

    spec = load_spec(assignment)
    report = CatalogueReport(assignment)
    path = next((source_root / assignment).glob("*.ipynb"))
    cells, _ = notebook_cells(path)
    entries = list(getattr(spec, "catalogue", lambda: [])())
    reference = run_isolated(cells, assignment, seconds)
    for entry in tqdm(entries, desc=f"catalogue of {assignment}", disable=not progress):
        label = f"{entry.code} ({entry.function}{', ' + entry.words if entry.words else ''})"
        run = run_isolated(cells, assignment, seconds, {entry.function: entry})
        report.false_names += [f"{label}: {claim}" for claim in run.false_names]
        failed = [cell for cell in run.cells if not cell.passed]
        named = [cell.code for cell in failed if cell.kind == "named"]
        if not failed:
            same = same_behaviour(run.observed, reference.observed)
            report.kept_marks.append(
                f"{label}: "
                + ("behaves like the reference on the wide set" if same else "a wrong program")
            )
        elif entry.code in named:
            report.named_itself.append(label)
        elif named:
            report.named_other.append(f"{label}: named {', '.join(named)}")
        else:
            report.not_named.append(f"{label}: {failed[0].kind} {failed[0].message[:160]}")
    return report


def print_catalogue(report: CatalogueReport) -> None:
    print(
        f"{report.assignment}: {report.entries} catalogued mistakes graded; named as themselves "
        f"{len(report.named_itself)}, named as another {len(report.named_other)}, not named "
        f"{len(report.not_named)}, kept their marks {len(report.kept_marks)}, false names "
        f"{len(report.false_names)}"
    )
    for what, items in (
        ("named as another", report.named_other),
        ("not named", report.not_named),
        ("kept their marks", report.kept_marks),
        ("false names", report.false_names),
    ):
        for item in items:
            print(f"  {what}: {item}")


@dataclass
class HandWritten:
    """What grading made of one hand-written wrong program (a fixture case marked
    ``HANDWRITTEN = True``): the first failing cell's kind and message, and what is untrue."""

    case: str
    kind: str  # the first failing cell's kind; "kept marks" if none failed
    message: str = ""
    untrue: list[str] = field(default_factory=list)  # false claims and false names
    wrong: bool = True  # it behaves otherwise than the reference on the wide input set


def load_hand_written(folder: Path) -> dict[str, dict[str, str]]:
    """The answers of every case in ``folder`` marked ``HANDWRITTEN = True`` (each case's
    ``case.py``, see tests/submissions/README.md): ``{case: {grade_id: source}}``."""
    found = {}
    for path in sorted(folder.glob("*/case.py")):
        namespace: dict[str, Any] = {}
        exec(compile(path.read_text(), str(path), "exec"), namespace)
        if namespace.get("HANDWRITTEN"):
            found[path.parent.name] = dict(namespace.get("ANSWERS", {}))
    return found


def hand_written_check(
    assignment: str, *, source_root: Path, cases: Path, seconds: float = 60.0
) -> list[HandWritten]:
    """Grade each hand-written wrong program of ``cases`` in-process, as the mutants are
    graded: how its first failing cell explained it, and every claim re-checked."""
    path = next((source_root / assignment).glob("*.ipynb"))
    cells, _ = notebook_cells(path)
    reference = run_isolated(cells, assignment, seconds)
    found = []
    for case, answers in load_hand_written(cases).items():
        edited = [(g, answers.get(g, s), t) for g, s, t in cells]
        run = run_isolated(edited, assignment, seconds)
        failed = [cell for cell in run.cells if not cell.passed]
        found.append(
            HandWritten(
                case,
                failed[0].kind if failed else "kept marks",
                failed[0].message if failed else "",
                run.claims + run.false_names,
                not same_behaviour(run.observed, reference.observed) or bool(run.error),
            )
        )
    return found


def print_hand_written(assignment: str, found: list[HandWritten]) -> None:
    kinds = Counter(item.kind for item in found)
    explained = sum(kinds[k] for k in ("named", "witness", "visible", "own error"))
    untrue = sum(bool(item.untrue) for item in found)
    print(
        f"| {assignment} | {len(found)} | {len(found) - kinds['kept marks']} | "
        f"{kinds['named']} | {kinds['witness']} | {kinds['visible'] + kinds['own error']} | "
        f"{kinds['hidden'] + kinds['generic'] + kinds['timeout']} | {untrue} | "
        f"{100.0 * explained / len(found) if found else 0:.0f} % |"
    )
    for item in found:
        flag = "" if item.wrong else " (BEHAVES LIKE THE REFERENCE)"
        print(f"  {item.case}{flag}: [{item.kind}] {item.message[:220]}")
        for claim in item.untrue:
            print(f"    UNTRUE: {claim}")


HAND_WRITTEN_HEAD = (
    "| assignment | programs | lost points | named | witness | visible or own error | "
    "hidden, generic or timeout | untrue | explained |\n|---|---|---|---|---|---|---|---|---|"
)


def print_report(report: Report) -> None:
    print(TABLE_HEAD)
    print(report.table_row())
    for what, items in (
        ("survived (lost no points)", report.survived),
        ("false failures (same behaviour, points lost)", report.false_failures),
        ("false claims", report.false_claims),
        ("false names (the program is not the mistake named)", report.false_names),
    ):
        if items:
            print(f"\n{what}: {len(items)}")
            for item in items[:20]:
                print(f"  - {item}")
    if report.examples:
        print("\none message of each kind:")
        for kind, example in sorted(report.examples.items()):
            print(f"  [{kind}] {example[:300]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gamekit.checks.mutants", description=__doc__)
    parser.add_argument("assignment", help="e.g. a05_mcts")
    parser.add_argument("--sample", type=int, help="grade this many mutants, chosen at random")
    parser.add_argument("--seed", type=int, default=0, help="of the sample (default 0)")
    parser.add_argument("--seconds", type=float, default=30.0, help="time limit per mutant")
    parser.add_argument("--source", default="source", help="the source notebooks' folder")
    parser.add_argument(
        "--order", type=int, choices=(1, 2), default=1, help="2: pairs of edits (default 1)"
    )
    parser.add_argument(
        "--catalogue",
        action="store_true",
        help="grade each catalogued mistake instead: is each named as itself?",
    )
    parser.add_argument(
        "--hand-written",
        metavar="FOLDER",
        help="grade the cases of FOLDER marked HANDWRITTEN = True instead "
        "(e.g. tests/submissions/a01_minimax)",
    )
    args = parser.parse_args(argv)
    if args.hand_written:
        graded = hand_written_check(
            args.assignment, source_root=Path(args.source), cases=Path(args.hand_written)
        )
        print(HAND_WRITTEN_HEAD)
        print_hand_written(args.assignment, graded)
        bad = [g for g in graded if g.untrue or g.kind == "kept marks" or not g.wrong]
        return 0 if not bad else 1
    if args.catalogue:
        found = catalogue_check(args.assignment, source_root=Path(args.source))
        print_catalogue(found)
        return 0 if not (found.named_other or found.kept_marks or found.false_names) else 1
    report = harness(
        args.assignment,
        source_root=Path(args.source),
        sample=args.sample,
        seed=args.seed,
        seconds=args.seconds,
        order=args.order,
    )
    print(f"{'second' if args.order == 2 else 'first'}-order mutants")
    print_report(report)
    bad = report.survived or report.false_claims or report.false_failures or report.false_names
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main())
