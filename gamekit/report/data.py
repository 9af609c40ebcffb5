"""Reading one assignment's results for the class report: the gradebook and the ledger only.

The scores come from nbgrader's gradebook, in one query per assignment (a class of thousands
reads in well under a second; nbgrader's object API would ask once per grade). What the grader
knows beyond a score (each failing cell's mistake code and witness, a submission's status, its
lint flags and failure reasons) comes from the driver's ledger (`gamekit.grader.driver`).
Student notebooks are never read again; the course's release notebooks are read only for the
headings that give each graded cell its part's title.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamekit.i18n import said_again, said_with_kind, say

SUBMITTED, FAILED, FLAGGED, MISSING = "graded", "failed", "flagged", "missing"


@dataclass(frozen=True)
class Cell:
    """One graded cell of the assignment, as the gradebook defines it."""

    notebook: str
    grade_id: str
    max_score: float
    manual: bool  # graded by hand (a written answer)
    title: str = ""  # the part and exercise headings above it in the release


@dataclass
class Result:
    """One student's submission of one assignment: gradebook scores and ledger facts."""

    student: str
    status: str  # graded, failed, flagged or missing (ledger); graded when only in the gradebook
    in_gradebook: bool  # the gradebook holds a submission (its scores are below)
    scores: dict[str, float | None] = field(default_factory=dict)  # None: to grade by hand
    mistakes: dict[str, str] = field(default_factory=dict)  # grade_id -> mistake code
    evidence: dict[str, dict[str, Any]] = field(default_factory=dict)  # grade_id -> witness
    messages: dict[str, str] = field(default_factory=dict)  # grade_id -> the checker's message
    flags: list[str] = field(default_factory=list)  # the lint's reasons (flagged submissions)
    reasons: list[str] = field(default_factory=list)  # why grading failed
    in_ledger: bool = False

    @property
    def total(self) -> float:
        """The sum of the cell scores in the gradebook (a cell waiting for hand grading: 0)."""
        return sum(s or 0.0 for s in self.scores.values())

    @property
    def submitted(self) -> bool:
        return self.in_gradebook


@dataclass
class AssignmentData:
    """Everything the report knows about one assignment."""

    name: str
    cells: list[Cell]
    results: dict[str, Result]  # student -> result
    roster: list[str]  # every student the gradebook knows (any assignment)
    names: set[str] = field(default_factory=set)  # their first and last names, where given

    @property
    def out_of(self) -> float:
        return sum(c.max_score for c in self.cells)

    def submitted(self) -> list[Result]:
        return [r for r in self.results.values() if r.submitted]

    def count(self, status: str) -> int:
        return sum(r.status == status for r in self.results.values())

    @property
    def waiting(self) -> list[str]:
        """Students on the roster with no result for this assignment yet (not handed in, or
        not graded yet: the gradebook and the ledger cannot tell which), and students the
        ledger has but the gradebook not yet (being written)."""
        written = {s for s, r in self.results.items() if r.in_gradebook or r.status == MISSING}
        return sorted(set(self.roster) - written)


def tools_on_path() -> None:
    """nbgrader runs ``alembic`` by name when it opens a new gradebook: find this env's."""
    tools = os.path.dirname(sys.executable)
    if tools not in os.environ.get("PATH", "").split(os.pathsep):
        os.environ["PATH"] = tools + os.pathsep + os.environ.get("PATH", "")


def _gradebook_rows(
    db_url: str, assignment: str
) -> tuple[list[Cell], list[tuple], list[str], set[str]]:
    """The assignment's graded cells, one row per (student, cell) grade, the roster and the
    students' first and last names."""
    from nbgrader.api import (
        Assignment,
        Grade,
        Gradebook,
        GradeCell,
        MissingEntry,
        Notebook,
        SolutionCell,
        Student,
        SubmittedAssignment,
        SubmittedNotebook,
    )
    from sqlalchemy import select

    tools_on_path()
    with Gradebook(db_url) as gb:
        session = gb.db
        people = session.execute(select(Student.id, Student.first_name, Student.last_name))
        roster, names = [], set()
        for student, first, last in people:
            roster.append(student)
            names |= {n for n in (first, last) if n}
        try:
            gb.find_assignment(assignment)
        except MissingEntry:
            return [], [], roster, names
        cells_query = (
            select(Notebook.name, GradeCell.name, GradeCell.max_score)
            .join(Assignment, Notebook.assignment_id == Assignment.id)
            .join(GradeCell, GradeCell.notebook_id == Notebook.id)
            .where(Assignment.name == assignment)
        )
        manual_query = (
            select(Notebook.name, SolutionCell.name)
            .join(Assignment, Notebook.assignment_id == Assignment.id)
            .join(SolutionCell, SolutionCell.notebook_id == Notebook.id)
            .where(Assignment.name == assignment)
        )
        solutions = {tuple(row) for row in session.execute(manual_query)}
        cells = [
            Cell(nb, name, float(points), (nb, name) in solutions)
            for nb, name, points in session.execute(cells_query)
        ]
        grades_query = (
            select(
                SubmittedAssignment.student_id,
                Notebook.name,
                GradeCell.name,
                Grade.auto_score,
                Grade.manual_score,
                Grade.extra_credit,
            )
            .join(Assignment, SubmittedAssignment.assignment_id == Assignment.id)
            .join(SubmittedNotebook, SubmittedNotebook.assignment_id == SubmittedAssignment.id)
            .join(Notebook, SubmittedNotebook.notebook_id == Notebook.id)
            .join(Grade, Grade.notebook_id == SubmittedNotebook.id)
            .join(GradeCell, Grade.cell_id == GradeCell.id)
            .where(Assignment.name == assignment)
        )
        rows = [tuple(row) for row in session.execute(grades_query)]
        students_query = (
            select(SubmittedAssignment.student_id)
            .join(Assignment, SubmittedAssignment.assignment_id == Assignment.id)
            .where(Assignment.name == assignment)
        )
        # A submission with no grade rows yet (being written) still counts as handed in.
        rows += [(row[0], None, None, None, None, None) for row in session.execute(students_query)]
    return cells, rows, roster, names


def cell_score(auto: float | None, manual: float | None, extra: float | None) -> float | None:
    """nbgrader's score of a grade (manual over automatic, plus extra credit); None when
    neither is set: a written answer waiting for hand grading.

    >>> cell_score(1.0, None, None), cell_score(0.0, 2.0, 0.5), cell_score(None, None, None)
    (1.0, 2.5, None)
    """
    base = manual if manual is not None else auto
    return None if base is None else base + (extra or 0.0)


def part_titles(root: Path | None, assignment: str) -> dict[tuple[str, str], str]:
    """``{(notebook, grade_id): "Part 2 › Exercise 2.1"}`` from the course's release notebooks
    (the handout, never a student's file), in the language in use when the course has that
    translation (``release/<lang>/``); empty when the release is not there."""
    from gamekit.grader.feedback_page import cell_titles, title_text
    from gamekit.i18n import language

    titles: dict[tuple[str, str], str] = {}
    folder = (root / "release" / assignment) if root else None
    translated = (root / "release" / language() / assignment) if root else None
    if language() != "en" and translated is not None and translated.is_dir():
        folder = translated
    if folder is None or not folder.is_dir():
        return titles
    for path in sorted(folder.glob("*.ipynb")):
        cells = json.loads(path.read_text()).get("cells", [])
        for index, title in cell_titles(cells).items():
            grade_id = cells[index].get("metadata", {}).get("nbgrader", {}).get("grade_id")
            if grade_id and cells[index].get("metadata", {}).get("nbgrader", {}).get("grade"):
                titles[(path.stem, grade_id)] = title_text(title)
    return titles


def _status(record: dict[str, Any]) -> str:
    status = str(record.get("status", SUBMITTED))
    if status == SUBMITTED and record.get("flags"):
        return FLAGGED
    return status


def read_assignment(
    db_url: str,
    assignment: str,
    root: Path | None = None,
    ledger: dict[tuple[str, str], dict] | None = None,
) -> AssignmentData:
    """One assignment's cells and results: scores from the gradebook, the rest from the ledger
    (``ledger``: `gamekit.grader.ledger.read_ledger`'s answer, read once for all assignments)."""
    from gamekit.grader.ledger import read_ledger

    cells, rows, roster, names = _gradebook_rows(db_url, assignment)
    titles = part_titles(root, assignment)
    cells = [
        Cell(
            c.notebook, c.grade_id, c.max_score, c.manual, titles.get((c.notebook, c.grade_id), "")
        )
        for c in cells
    ]
    results: dict[str, Result] = {}
    for student, _notebook, grade_id, auto, manual, extra in rows:
        result = results.setdefault(student, Result(student, SUBMITTED, True))
        if grade_id is not None:
            result.scores[grade_id] = cell_score(auto, manual, extra)
    if ledger is None:
        ledger = read_ledger(db_url, assignment)
    for (student, name), record in ledger.items():
        if name != assignment:
            continue
        result = results.setdefault(student, Result(student, SUBMITTED, False))
        result.in_ledger = True
        result.status = _status(record)
        kept = record.get("said") if isinstance(record.get("said"), dict) else {}
        result.flags = [
            said_again(f.get("said"), str(f.get("message", f))) if isinstance(f, dict) else str(f)
            for f in record.get("flags", [])
        ]  # each sentence in the report's language when the grader kept it (`said_again`)
        result.reasons = [say(str(r), kept) for r in record.get("reasons", [])]
        for cell in record.get("cells", []):
            grade_id = str(cell.get("grade_id"))
            if cell.get("mistake"):
                result.mistakes[grade_id] = str(cell["mistake"])
            elif cell.get("manual") and cell.get("message") == "no answer":
                result.mistakes[grade_id] = "unanswered"
            if cell.get("evidence"):
                result.evidence[grade_id] = dict(cell["evidence"])
            if cell.get("message"):
                result.messages[grade_id] = _message_in_language(cell)
    return AssignmentData(assignment, cells, results, roster, names)


def _message_in_language(cell: dict[str, Any]) -> str:
    """A failing cell's message (``"GradingError: ..."``) in the language in use: its sentence
    said again when the grader kept it as data (`gamekit.grader.job.score_cells`), else as the
    grader wrote it."""
    message = str(cell["message"])
    kept = cell.get("said")
    return said_with_kind(message, kept) if isinstance(kept, dict) else message
