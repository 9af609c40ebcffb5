"""The grader tested by mutation: wrong programs that nobody wrote by hand.

``python -m gamekit.grading.mutants a05_mcts [--sample N] [--seed S]`` takes each answer cell's
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
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import copy
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


def mutated_source(source: str, mutation: Mutation) -> str:
    """``source`` with ``mutation`` applied."""
    tree = copy.deepcopy(ast.parse(source))
    for i, (_, _, apply) in enumerate(_sites(tree)):
        if i == mutation.site:
            apply()
            break
    return ast.unparse(ast.fix_missing_locations(tree))


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
    error: str = ""  # the notebook itself failed to run (outside a test cell)


def kind_of(error: BaseException) -> str:
    """How a failing test cell explained itself. An exception other than a `GradingError` is
    the student's own error when it was raised in the notebook's code (their function, or a
    name their failed answer cell never defined), and a checker's traceback when it was raised
    inside gamekit.grading: the one kind that must never happen."""
    import traceback

    from gamekit.grading import GradingError

    if not isinstance(error, GradingError):
        frames = traceback.extract_tb(error.__traceback__)
        inner = frames[-1].filename if frames else ""
        return "traceback" if "gamekit/grading" in inner.replace("\\", "/") else "own error"
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
    import gamekit.grading

    before_env, before_flag = os.environ.get("NBGRADER_EXECUTION"), gamekit.grading.GRADING
    os.environ["NBGRADER_EXECUTION"] = "autograde"
    gamekit.grading.GRADING = True
    try:
        yield
    finally:
        gamekit.grading.GRADING = before_flag
        if before_env is None:
            os.environ.pop("NBGRADER_EXECUTION", None)
        else:
            os.environ["NBGRADER_EXECUTION"] = before_env


def run_notebook(cells: list[tuple[str, str, bool]], spec: Any) -> Run:
    """Run ``cells`` (``(grade_id, source, is_test)``) in one namespace; observe and re-check."""
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
        try:
            run.observed = spec.observe(namespace)
        except Exception as error:  # noqa: BLE001 - e.g. a function the mutant never defined
            run.observed = [f"observing raised {type(error).__name__}: {error}"]
        for cell in run.cells:
            if not cell.passed and cell.kind in ("named", "witness"):
                problem = spec.recheck(namespace, cell.code, cell.evidence)
                if problem:
                    run.claims.append(f"{cell.grade_id}: {problem}")
    return run


def _child(cells, assignment, conn) -> None:
    spec = load_spec(assignment)
    try:
        conn.send(run_notebook(cells, spec))
    except BaseException as error:  # noqa: BLE001
        conn.send(Run(error=f"{type(error).__name__}: {error}"))


def run_isolated(cells: list[tuple[str, str, bool]], assignment: str, seconds: float) -> Run:
    """`run_notebook` in a child process; a mutant that runs past ``seconds`` is a timeout."""
    context = multiprocessing.get_context("fork")
    mine, theirs = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(cells, assignment, theirs), daemon=True)
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

    module = importlib.import_module(f"gamekit.grading.{assignment.split('_')[0]}")
    if not hasattr(module, "observe") or not hasattr(module, "recheck"):
        raise SystemExit(f"{assignment} is not prepared for mutation testing yet (no observe)")
    return module


def notebook_cells(source_path: Path) -> tuple[list[tuple[str, str, bool]], dict[str, str]]:
    """The code cells as ``(grade_id, source, is_test)`` and the answer cells' sources."""
    import nbformat

    from gamekit.grading.trusted import is_test_cell, nbgrader_meta

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
            f"{len(self.false_claims)} | {len(self.false_failures)} | {self.seconds:.0f} s |"
        )


TABLE_HEAD = (
    "| assignment | mutants | equivalent | killed | explained | named | witness | visible | "
    "own error | hidden | timeout | generic | traceback | false claims | false failures | time |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
)
"""*explained*: named, witness, visible or own error (the student's own exception, raised in
their code at a test's input), as a share of the non-equivalent mutants."""


def harness(
    assignment: str,
    *,
    source_root: Path,
    sample: int | None = None,
    seed: int = 0,
    seconds: float = 30.0,
    progress: bool = True,
) -> Report:
    """Mutate every answer cell of ``assignment``, grade each mutant, and report."""
    from tqdm import tqdm

    started = time.perf_counter()
    path = next((source_root / assignment).glob("*.ipynb"))
    cells, answers = notebook_cells(path)
    reference = run_isolated(cells, assignment, seconds * 4)
    if reference.error or not all(cell.passed for cell in reference.cells):
        failing = [c.message for c in reference.cells if not c.passed]
        raise RuntimeError(f"the reference solution does not pass: {reference.error} {failing}")
    todo = [m for grade_id, source in answers.items() for m in mutations(source, grade_id)]
    if sample is not None and sample < len(todo):
        todo = sorted(random.Random(seed).sample(todo, sample), key=lambda m: (m.grade_id, m.site))
    report = Report(assignment, mutants=len(todo))
    for mutation in tqdm(todo, desc=f"mutants of {assignment}", disable=not progress):
        source = mutated_source(answers[mutation.grade_id], mutation)
        edited = [(g, source if g == mutation.grade_id else s, t) for g, s, t in cells]
        run = run_isolated(edited, assignment, seconds)
        name = f"{mutation.grade_id} {mutation.words}"
        failed = [cell for cell in run.cells if not cell.passed]
        same = run.observed == reference.observed and not run.error
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
    report.seconds = time.perf_counter() - started
    return report


def print_report(report: Report) -> None:
    print(TABLE_HEAD)
    print(report.table_row())
    for what, items in (
        ("survived (lost no points)", report.survived),
        ("false failures (same behaviour, points lost)", report.false_failures),
        ("false claims", report.false_claims),
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
    parser = argparse.ArgumentParser(prog="python -m gamekit.grading.mutants", description=__doc__)
    parser.add_argument("assignment", help="e.g. a05_mcts")
    parser.add_argument("--sample", type=int, help="grade this many mutants, chosen at random")
    parser.add_argument("--seed", type=int, default=0, help="of the sample (default 0)")
    parser.add_argument("--seconds", type=float, default=30.0, help="time limit per mutant")
    parser.add_argument("--source", default="source", help="the source notebooks' folder")
    args = parser.parse_args(argv)
    report = harness(
        args.assignment,
        source_root=Path(args.source),
        sample=args.sample,
        seed=args.seed,
        seconds=args.seconds,
    )
    print_report(report)
    return 0 if not (report.survived or report.false_claims or report.false_failures) else 1


if __name__ == "__main__":
    sys.exit(main())
