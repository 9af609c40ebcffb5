"""The harness and its reports: kill rates, how each kill was explained, false claims and false
names; the catalogue run and the hand-written cases; ``python -m gamekit.checks.mutants``."""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamekit.checks.mutants.making import Mutation, edited_cells, mutations, second_order
from gamekit.checks.mutants.running import (
    load_spec,
    notebook_cells,
    run_isolated,
    same_behaviour,
)


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
