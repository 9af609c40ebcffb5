"""What the class got wrong: a report for the instructor after each grading run.

``python -m gamekit.course report [ASSIGNMENT ...] [--db-url URL] [--anonymous]`` (``make
report``) reads the gradebook and the grader's ledger, never the notebooks again, and writes
one self-contained HTML page per assignment, an index and a CSV under ``reports/``:

- `data`: reading the gradebook (one query per assignment) and the ledger;
- `catalogue`: mistake codes in plain words, from the checkers' own catalogues;
- `stats`: the figures (counts, histogram, item analysis, misconceptions, who needs help);
- `figures` and `pages`: the pictures (matplotlib, inline SVG) and the HTML;
- `cli`: the command; `synthetic` and `bench`: a generated class, for the tests and the bench.
"""

from __future__ import annotations

import csv
import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from gamekit.report.data import AssignmentData, read_assignment

if TYPE_CHECKING:  # imported when a report is written: the pictures need matplotlib
    from gamekit.report.pages import Names

CSV_NAME = "grades.csv"
ANONYMOUS_FOLDER = "anonymous"


@dataclass
class Written:
    """What `write_reports` wrote, and the figures it wrote them from."""

    index: Path
    pages: dict[str, Path] = field(default_factory=dict)
    csv: Path | None = None
    classes: list[AssignmentData] = field(default_factory=list)
    rows: int = 0  # grade rows read (student x cell)


def _safe_cell(value: object) -> object:
    """A spreadsheet must not run a student's text as a formula: such a text gets a quote."""
    if isinstance(value, str) and value[:1] in ("=", "+", "@", "\t", "\r"):
        return "'" + value
    return value


def write_csv(path: Path, classes: Sequence[AssignmentData]) -> int:
    """One row per student x graded cell of every result (score empty: no score); returns the
    number of rows."""
    count = 0
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            ["student", "assignment", "status", "notebook", "grade_id", "score", "max_score",
             "mistake"]
        )  # fmt: skip
        for data in classes:
            for student in sorted(data.results):
                result = data.results[student]
                for cell in data.cells:
                    score = result.scores.get(cell.grade_id)
                    writer.writerow(
                        [
                            _safe_cell(student),
                            data.name,
                            result.status,
                            cell.notebook,
                            cell.grade_id,
                            "" if score is None else score,
                            cell.max_score,
                            _safe_cell(result.mistakes.get(cell.grade_id, "")),
                        ]
                    )
                    count += 1
    return count


def heatmap(classes: Sequence[AssignmentData], names: Names) -> str | None:
    """The student x assignment picture, students by total share, highest first."""
    from gamekit.report.figures import heatmap_svg

    students = sorted({s for data in classes for s, r in data.results.items() if r.submitted})
    if not students or not classes:
        return None
    shares: dict[str, list[float | None]] = {}
    for student in students:
        row: list[float | None] = []
        for data in classes:
            result = data.results.get(student)
            ok = result is not None and result.submitted and data.out_of > 0
            row.append(result.total / data.out_of if ok and result else None)
        shares[student] = row
    order = sorted(students, key=lambda s: (-sum(v or 0 for v in shares[s]), s))
    labels = [] if names.anonymous else order
    return heatmap_svg(labels, [d.name for d in classes], [shares[s] for s in order])


def write_reports(
    root: Path,
    names: Sequence[str],
    db_url: str,
    out: Path | None = None,
    *,
    anonymous: bool = False,
    threshold: float = 0.5,
    every: Sequence[str] | None = None,
    language: str | None = None,
) -> Written:
    """Pages for ``names``, the index and the CSV for ``every`` assignment (default: ``names``),
    under ``out`` (default ``root/reports``, ``reports/anonymous`` when ``anonymous``).
    The anonymous report has no CSV (it would name every student). The pages' own words are
    in ``language``, by default the instructor's (`gamekit.grader.settings.ClassLanguages`),
    and so are the mistakes' names, the questions' titles (the translated release) and the
    checkers' messages the grader kept as sentences (`gamekit.i18n.said_again`)."""
    from gamekit.grader.settings import ClassLanguages
    from gamekit.i18n import chosen, speaking

    if language is None:
        language = ClassLanguages.read(root, chosen()).instructor
    with speaking(language):
        return _write_reports(root, names, db_url, out, anonymous, threshold, every)


def _write_reports(
    root: Path,
    names: Sequence[str],
    db_url: str,
    out: Path | None,
    anonymous: bool,
    threshold: float,
    every: Sequence[str] | None,
) -> Written:
    from gamekit.grader.ledger import read_ledger
    from gamekit.report import pages, stats

    out = out or (root / "reports" / (ANONYMOUS_FOLDER if anonymous else ""))
    out.mkdir(parents=True, exist_ok=True)
    every = list(every or names)
    ledger = read_ledger(db_url)
    classes = [read_assignment(db_url, name, root, ledger) for name in every]
    roster = {s for data in classes for s in [*data.roster, *data.results, *data.names]}
    who = pages.Names(anonymous, roster)
    when = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    repeats = stats.repeated_mistakes(classes)
    written = Written(out / "index.html", classes=classes)
    lines = []
    for data in classes:
        glance = stats.glance(data)
        mistakes = stats.misconceptions(data)
        lines.append((data, glance, mistakes))
        written.rows += sum(len(r.scores) for r in data.results.values())
        if data.name not in names:
            continue
        text = pages.assignment_page(
            data,
            glance,
            stats.cell_stats(data),
            mistakes,
            stats.who_needs_help(data, threshold),
            repeats,
            who,
            None if anonymous else root,
            when,
        )
        path = out / f"{data.name}.html"
        path.write_text(text, encoding="utf-8")
        written.pages[data.name] = path
    if not anonymous:
        written.csv = out / CSV_NAME
        write_csv(written.csv, classes)
    students = len({s for data in classes for s in [*data.results, *data.roster]})
    index = pages.index_page(
        lines,
        heatmap(classes, who),
        students,
        who,
        None if anonymous else CSV_NAME,
        when,
    )
    written.index.write_text(index, encoding="utf-8")
    return written
