"""A generated gradebook and ledger, for the report's tests and its bench: no kernel, no grading.

The assignment, its notebook and its graded cells go in through nbgrader's own `Gradebook`
API; students, submissions and grades (thousands) in bulk, through nbgrader's tables; ledger
rows through the driver's own table (`gamekit.grader.ledger._ledger`). Each student has an
ability, each cell a difficulty, so stronger students pass more cells (the item analysis has
something to find); a failed cell gets one of a few mistake codes, with a witness.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import random
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field

ASSIGNMENT = "synthetic"
NOTEBOOK = "synthetic"

CELLS: dict[str, tuple[float, float, bool]] = {
    # grade_id: (points, difficulty, graded by hand)
    "test_ucb1": (3.0, -1.0, False),
    "test_search_trees": (4.0, 0.0, False),
    "test_search_tictactoe": (4.0, 0.3, False),
    "test_best_move": (2.0, -0.5, False),
    "test_converges": (3.0, 0.8, False),
    "c_answer": (4.0, 0.0, True),
}
CODES = {
    "test_ucb1": ["a05.ucb1.log_of_child", "witness:ucb1"],
    "test_search_trees": ["a05.search.not_negated", "witness:search", "raised:search"],
    "test_search_tictactoe": ["a05.search.not_negated", "witness:search", "timeout"],
    "test_best_move": ["a05.best_move.best_mean", "witness:best_move"],
    "test_converges": ["a05.not_converging", "hidden:search"],
}
PROBES = ["the tree A(a1 -> 1, a2 -> 0) after 1 iteration", "the tree A(a1 -> 1, a2 -> 0) after 2"]
WORDS = ["okapi", "quokka", "ibis", "tapir", "zebu", "gecko", "lemur", "dingo", "yak", "kiwi"]


@dataclass
class Generated:
    """What was written: counts to compare the report with."""

    students: list[str] = field(default_factory=list)
    submitted: int = 0
    missing: int = 0
    failed: int = 0
    flagged: int = 0
    waiting: int = 0  # in the gradebook's roster, no submission and no ledger row
    grades: int = 0
    scores: dict[str, dict[str, float | None]] = field(default_factory=dict)


def student_name(index: int) -> str:
    """Distinctive ids, so a test can look for any of them in a page."""
    return f"{WORDS[index % len(WORDS)]}{index:05d}"


def setup_assignment(db_url: str, cells: Mapping[str, tuple[float, float, bool]]) -> None:
    """The assignment, its notebook and its graded cells, through nbgrader's API."""
    from nbgrader.api import Gradebook

    from gamekit.report.data import tools_on_path

    tools_on_path()
    with Gradebook(db_url) as gb:
        gb.update_or_create_assignment(ASSIGNMENT)
        gb.update_or_create_notebook(NOTEBOOK, ASSIGNMENT)
        for name, (points, _, manual) in cells.items():
            kind = "markdown" if manual else "code"
            gb.update_or_create_grade_cell(
                name, NOTEBOOK, ASSIGNMENT, max_score=points, cell_type=kind
            )
            if manual:
                gb.update_or_create_solution_cell(name, NOTEBOOK, ASSIGNMENT)


def write_rows(
    db_url: str,
    scores: Mapping[str, Mapping[str, float | None]],
    records: Mapping[str, dict],
    roster_only: list[str] = (),  # type: ignore[assignment]
    full_names: Mapping[str, tuple[str, str]] | None = None,
) -> int:
    """Students, submissions and grades in bulk (nbgrader's tables), and ledger rows (the
    driver's table). ``scores``: student -> grade_id -> score (None: to grade by hand);
    ``records``: student -> ledger record. Returns the number of grade rows."""
    import sqlalchemy as sa
    from nbgrader.api import (
        Assignment,
        Grade,
        GradeCell,
        Notebook,
        Student,
        SubmittedAssignment,
        SubmittedNotebook,
    )

    from gamekit.grader.ledger import _ledger

    engine = sa.create_engine(db_url)
    full_names = full_names or {}
    with engine.begin() as conn:
        assignment_id = conn.execute(
            sa.select(Assignment.id).where(Assignment.name == ASSIGNMENT)
        ).scalar_one()
        notebook_id = conn.execute(
            sa.select(Notebook.id).where(Notebook.assignment_id == assignment_id)
        ).scalar_one()
        cell_ids = dict(
            conn.execute(
                sa.select(GradeCell.name, GradeCell.id).where(GradeCell.notebook_id == notebook_id)
            ).all()
        )
        everyone = sorted({*scores, *records, *roster_only})
        conn.execute(
            sa.insert(Student.__table__),
            [
                {
                    "id": s,
                    "first_name": full_names.get(s, ("", ""))[0] or None,
                    "last_name": full_names.get(s, ("", ""))[1] or None,
                }
                for s in everyone
            ],
        )
        submissions, notebooks, grades = [], [], []
        stamp = dt.datetime(2026, 11, 20, 12, 0)
        for student, cells in scores.items():
            sub_id, nb_id = uuid.uuid4().hex, uuid.uuid4().hex
            submissions.append(
                {"id": sub_id, "assignment_id": assignment_id, "student_id": student,
                 "timestamp": stamp}
            )  # fmt: skip
            notebooks.append(
                {"id": nb_id, "assignment_id": sub_id, "notebook_id": notebook_id, "flagged": False}
            )
            for grade_id, score in cells.items():
                manual = score is None
                grades.append(
                    {
                        "id": uuid.uuid4().hex,
                        "notebook_id": nb_id,
                        "cell_id": cell_ids[grade_id],
                        "auto_score": score,
                        "manual_score": None,
                        "extra_credit": None,
                        "needs_manual_grade": manual,
                    }
                )
        if submissions:
            conn.execute(sa.insert(SubmittedAssignment.__table__), submissions)
            conn.execute(sa.insert(SubmittedNotebook.__table__), notebooks)
        if grades:
            conn.execute(sa.insert(Grade.__table__), grades)
    engine.dispose()
    ledger_engine, table = _ledger(db_url)
    now = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    if records:
        with ledger_engine.begin() as conn:
            conn.execute(
                table.insert(),
                [
                    {
                        "student": student,
                        "assignment": ASSIGNMENT,
                        "digest": "0" * 64,
                        "status": record["status"],
                        "record": json.dumps(record),
                        "updated": now,
                    }
                    for student, record in records.items()
                ],
            )
    ledger_engine.dispose()
    return len(grades)


def _record(student: str, status: str) -> dict:
    return {
        "assignment": ASSIGNMENT,
        "student": student,
        "status": status,
        "reasons": [],
        "flags": [],
        "notes": [],
        "cells": [],
        "timings": {},
        "sandboxed": True,
    }


def generate(db_url: str, count: int = 3000, seed: int = 0) -> Generated:
    """A class of ``count`` students on one assignment: about 2 % hand in nothing, 1 % fail,
    3 % are flagged (their reasons name them: anonymous mode must hide that), 1 % are in the
    gradebook but not yet in the ledger (grading still running), 1 % in the roster only;
    written answers are half graded by hand."""
    rng = random.Random(seed)
    setup_assignment(db_url, CELLS)
    made = Generated()
    scores: dict[str, dict[str, float | None]] = {}
    records: dict[str, dict] = {}
    roster_only: list[str] = []
    for index in range(count):
        student = student_name(index)
        made.students.append(student)
        draw = rng.random()
        if draw < 0.02:
            records[student] = _record(student, "missing")
            records[student]["reasons"] = ["nothing was handed in"]
            made.missing += 1
            continue
        if draw < 0.03:
            roster_only.append(student)
            made.waiting += 1
            continue
        ability = rng.gauss(0.0, 1.0)
        record = _record(student, "graded")
        cells: dict[str, float | None] = {}
        for grade_id, (points, difficulty, manual) in CELLS.items():
            passed = rng.random() < 1 / (1 + math.exp(-(ability - difficulty) * 1.7))
            if manual:
                graded_by_hand = rng.random() < 0.5
                cells[grade_id] = (points if passed else 1.0) if graded_by_hand else None
                continue
            score = points if passed else 0.0
            cells[grade_id] = score
            cell: dict = {"notebook": f"{NOTEBOOK}.ipynb", "grade_id": grade_id,
                          "max_score": points, "manual": False, "score": score}  # fmt: skip
            if not passed:
                if rng.random() < 0.05:
                    code = "unanswered"
                else:
                    code = CODES[grade_id][min(int(rng.expovariate(1.2)), 2) % len(CODES[grade_id])]
                cell["mistake"] = code
                cell["message"] = f"GradingError: {grade_id} went wrong ({code})"
                if code.startswith(("witness:", "a05.")):
                    cell["evidence"] = {
                        "step": code.split(":")[-1].split(".")[-1],
                        "input": rng.choice(PROBES),
                        "got": repr(rng.randint(-1, 1)),
                        "expected": "1",
                    }
            record["cells"].append(cell)
        scores[student] = cells
        made.submitted += 1
        if draw < 0.04:
            record["status"] = "failed"
            record["reasons"] = [f"cell 12 of {student}'s notebook ran over 20 s"]
            made.failed += 1
        elif draw < 0.07:
            record["flags"] = [
                {"kind": "code", "message": f"answer cell prints 'by {student}' to sys.modules"}
            ]
            made.flagged += 1
        if 0.07 <= draw < 0.08:
            continue  # in the gradebook, not in the ledger yet
        records[student] = record
    made.grades = write_rows(db_url, scores, records, roster_only)
    made.scores = scores
    return made
