"""The class report's figures, each computed from an `AssignmentData` (nothing else).

Discrimination index: the *corrected point-biserial correlation*, Pearson's r between a cell's
score and the total score without that cell, over the submissions with a score for the cell.
About 0.3 and above, the cell separates strong from weak students well; near 0, it does not;
below 0, stronger students do worse on it than weaker ones (a broken or misleading question).
Correcting (leaving the cell out of the total) keeps a cell from correlating with itself.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gamekit.report.catalogue import is_misconception, is_timeout, is_witness_only, plain_words
from gamekit.report.data import FAILED, FLAGGED, MISSING, AssignmentData, Cell, Result

FULL = 1e-9  # a score this close to the maximum counts as full marks


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Pearson's correlation of two equally long lists; None when either does not vary.

    >>> round(pearson([0, 1, 1, 0], [1, 3, 2, 2]), 4)
    0.7071
    >>> pearson([1, 1], [0, 2]) is None
    True
    """
    n = len(xs)
    if n < 2:
        return None
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx <= 0 or syy <= 0:
        return None
    return sxy / math.sqrt(sxx * syy)


def discrimination(cell_scores: Sequence[float], totals: Sequence[float]) -> float | None:
    """Corrected point-biserial: r(cell score, total - cell score). None when either is constant."""
    rest = [t - s for s, t in zip(cell_scores, totals, strict=True)]
    return pearson(cell_scores, rest)


@dataclass
class Glance:
    """At a glance: the counts and the total score's distribution."""

    submitted: int
    missing: int
    failed: int
    flagged: int
    waiting: int  # on the roster, no result yet
    pending_hand: int  # submissions with a written answer still to grade by hand
    timeouts: int  # graded cells a time limit stopped (not mistakes: see `timed_out`)
    timeout_submissions: int  # submissions with at least one such cell
    totals: list[float]
    out_of: float
    median: float | None
    full_share: float | None
    bins: list[tuple[float, float, int]]  # (from, to, count): the histogram, sums to submitted


def histogram(
    totals: Sequence[float], out_of: float, count: int = 10
) -> list[tuple[float, float, int]]:
    """``count`` equal bins from 0 to ``out_of`` (the last one closed); scores outside (extra
    credit) go into the nearest end bin, so the counts always add up to ``len(totals)``.

    >>> [c for _, _, c in histogram([0, 2.5, 5, 10, 10], 10, 4)]
    [1, 1, 1, 2]
    """
    top = out_of if out_of > 0 else max([*totals, 1.0])
    width = top / count
    counts = [0] * count
    for total in totals:
        index = int(total // width) if width else 0
        counts[min(max(index, 0), count - 1)] += 1
    return [(i * width, (i + 1) * width, counts[i]) for i in range(count)]


def timed_out(result: Result) -> list[str]:
    """The grade_ids of ``result``'s cells that a time limit stopped, in the result's order."""
    return [g for g, code in result.mistakes.items() if is_timeout(code)]


def glance(data: AssignmentData) -> Glance:
    submitted = data.submitted()
    totals = [r.total for r in submitted]
    out_of = data.out_of
    full = [t >= out_of - FULL for t in totals] if out_of > 0 else []
    return Glance(
        submitted=len(submitted),
        missing=sum(r.status == MISSING and not r.submitted for r in data.results.values()),
        failed=data.count(FAILED),
        flagged=data.count(FLAGGED),
        waiting=len(data.waiting),
        pending_hand=sum(any(s is None for s in r.scores.values()) for r in submitted),
        timeouts=sum(len(timed_out(r)) for r in submitted),
        timeout_submissions=sum(bool(timed_out(r)) for r in submitted),
        totals=totals,
        out_of=out_of,
        median=statistics.median(totals) if totals else None,
        full_share=(sum(full) / len(full)) if full else None,
        bins=histogram(totals, out_of),
    )


@dataclass
class CellStats:
    """By question: one graded cell's item analysis."""

    cell: Cell
    scored: int  # submissions with a score for it (hand-graded cells: once graded)
    mean: float | None
    full_share: float | None
    unanswered_share: float | None
    discrimination: float | None
    timeouts: int = 0  # submissions whose cell a time limit stopped
    in_time: int = 0  # scored submissions whose cell was not stopped
    mean_in_time: float | None = None  # their mean: what a verdict such as "hard" reads


def cell_stats(data: AssignmentData) -> list[CellStats]:
    submitted = data.submitted()
    found = []
    for cell in data.cells:
        pairs = [
            (r.scores[cell.grade_id], r.total)
            for r in submitted
            if r.scores.get(cell.grade_id) is not None
        ]
        scores = [float(s) for s, _ in pairs if s is not None]
        totals = [t for _, t in pairs]
        unanswered = sum(r.mistakes.get(cell.grade_id) == "unanswered" for r in submitted)
        stopped = {r.student for r in submitted if is_timeout(r.mistakes.get(cell.grade_id, ""))}
        in_time = [
            float(s)
            for r in submitted
            if r.student not in stopped and (s := r.scores.get(cell.grade_id)) is not None
        ]
        found.append(
            CellStats(
                cell,
                len(scores),
                sum(scores) / len(scores) if scores else None,
                sum(s >= cell.max_score - FULL for s in scores) / len(scores) if scores else None,
                unanswered / len(submitted) if submitted else None,
                discrimination(scores, totals),
                len(stopped),
                len(in_time),
                sum(in_time) / len(in_time) if in_time else None,
            )
        )
    return found


@dataclass
class Example:
    """One student's instance of a mistake: the cell, the witness, the checker's message."""

    student: str
    grade_id: str
    notebook: str
    evidence: dict[str, Any]
    message: str

    @property
    def size(self) -> tuple[int, int]:
        """How small the witness is: its input's length, then the whole witness's."""
        words = str(self.evidence.get("input", ""))
        rest = "".join(str(v) for v in self.evidence.values())
        return (len(words) if words else 10**9, len(rest) + len(self.message))


@dataclass
class Misconception:
    """One row of the misconceptions: a mistake code (or a witness group) and who made it."""

    code: str
    words: str | None  # the plain-words name (None: the code has none; show the message)
    group: str  # for witness-only rows, the probe they differ on ("" for named mistakes)
    students: set[str] = field(default_factory=set)
    cells: Counter[str] = field(default_factory=Counter)  # grade_id -> students it cost
    points: float = 0.0  # points lost on those cells
    examples: list[Example] = field(default_factory=list)

    @property
    def smallest(self) -> Example:
        return min(self.examples, key=lambda e: (e.size, e.student))


def witness_group(evidence: dict[str, Any]) -> str:
    """The kind of witness a witness-only failure has: the probe it differs on."""
    return str(evidence.get("input", "")) if evidence else ""


def misconceptions(data: AssignmentData) -> list[Misconception]:
    """Every mistake in the class, most common first. A named code is one row; a witness-only
    code (``witness:``/``raised:``/``hidden:``) is one row per step, kind and probe, so one
    uncatalogued but common mistake shows as one row. Unanswered cells are left out (the
    question table counts them), and so are cells a time limit stopped (a fact about the run, not
    a misconception: `glance` and `who_needs_help` count them)."""
    found: dict[tuple[str, str], Misconception] = {}
    notebooks = {c.grade_id: c.notebook for c in data.cells}
    maxima = {c.grade_id: c.max_score for c in data.cells}
    for result in data.submitted():
        for grade_id, code in result.mistakes.items():
            if not is_misconception(code):
                continue
            evidence = result.evidence.get(grade_id, {})
            group = witness_group(evidence) if is_witness_only(code) else ""
            row = found.setdefault((code, group), Misconception(code, plain_words(code), group))
            row.students.add(result.student)
            row.cells[grade_id] += 1
            score = result.scores.get(grade_id)
            row.points += maxima.get(grade_id, 0.0) - (score or 0.0)
            row.examples.append(
                Example(
                    result.student,
                    grade_id,
                    notebooks.get(grade_id, ""),
                    evidence,
                    result.messages.get(grade_id, ""),
                )
            )
    return sorted(found.values(), key=lambda m: (-len(m.students), m.code, m.group))


def most_common(rows: Sequence[Misconception]) -> list[Misconception]:
    """The misconceptions made by the most students: several when they tie."""
    top = max((len(row.students) for row in rows), default=0)
    return [row for row in rows if len(row.students) == top] if top else []


def examples_to_show(row: Misconception, count: int = 3) -> list[Example]:
    """Up to ``count`` examples from different students, the smallest witness first."""
    seen: set[str] = set()
    chosen = []
    for example in sorted(row.examples, key=lambda e: (e.size, e.student)):
        if example.student not in seen:
            seen.add(example.student)
            chosen.append(example)
        if len(chosen) == count:
            break
    return chosen


@dataclass
class Help:
    """Who needs help on one assignment."""

    below: list[Result]  # submitted, total below the threshold
    threshold: float  # a share of the total
    flagged: list[Result]
    failed: list[Result]
    stopped: list[Result] = field(default_factory=list)  # a time limit stopped a cell


def who_needs_help(data: AssignmentData, threshold: float) -> Help:
    line = threshold * data.out_of
    submitted = sorted(data.submitted(), key=lambda r: (r.total, r.student))
    results = sorted(data.results.values(), key=lambda r: r.student)
    return Help(
        below=[r for r in submitted if r.total < line],
        threshold=threshold,
        flagged=[r for r in results if r.status == FLAGGED],
        failed=[r for r in results if r.status == FAILED],
        stopped=[r for r in results if r.submitted and timed_out(r)],
    )


def repeated_mistakes(classes: Sequence[AssignmentData]) -> dict[str, dict[str, list[str]]]:
    """``{student: {code: [assignments]}}`` for codes a student got on two assignments or
    more (misconceptions only: not unanswered cells, not cells a time limit stopped)."""
    seen: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for data in classes:
        for result in data.submitted():
            for code in result.mistakes.values():
                if is_misconception(code):
                    seen[result.student][code].add(data.name)
    return {
        student: {code: sorted(names) for code, names in codes.items() if len(names) > 1}
        for student, codes in sorted(seen.items())
        if any(len(names) > 1 for names in codes.values())
    }
