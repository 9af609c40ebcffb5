"""A PostgreSQL gradebook: the driver, its ledger and nbgrader's feedback. Two runs at once on a
new PostgreSQL gradebook: tests/test_concurrent_gradebook.py.

Each test module starts a throwaway PostgreSQL (`gamekit.grader.pgserver`); the tests are
skipped, saying why, where its binaries or psycopg are missing (``make scale-deps`` installs them).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gamekit import course
from gamekit.grader import driver, pgserver

ROOT = Path(__file__).resolve().parent.parent
ASSIGNMENT = "a02_alphabeta"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(bool(pgserver.missing_reason()), reason=str(pgserver.missing_reason())),
]


def code_cells(scores: dict[str, float], max_scores: dict[str, float]) -> dict[str, float]:
    """Only the test cells (an unanswered written cell gets an automatic 0 as well)."""
    return {name: score for name, score in scores.items() if name in max_scores}


def expected_scores(case: course.Case, max_scores: dict[str, float]) -> dict[str, float]:
    """What the fixture says each test cell must score (its SCORES, else full or 0)."""
    default = (lambda name: max_scores[name]) if case.start == "solution" else (lambda _: 0.0)
    return {name: float(case.scores.get(name, default(name))) for name in max_scores}


def max_auto_scores(db_url: str) -> dict[str, float]:
    from nbgrader.api import Gradebook

    with Gradebook(db_url) as gb:
        notebook = gb.find_notebook(ASSIGNMENT, ASSIGNMENT)
        return {g.name: g.max_score for g in notebook.grade_cells if g.cell_type == "code"}


def make_course(where: Path, students: dict[str, course.Case]) -> Path:
    root = course.scratch_course(where, ROOT)
    shutil.copytree(ROOT / "release", root / "release")
    course.write_submissions(root, ASSIGNMENT, students)
    return root


@pytest.fixture(scope="module")
def cases() -> dict[str, course.Case]:
    names = ["reference", "blank", "depth_off_by_one"]
    return {c.name: c for c in course.load_cases(ROOT, ASSIGNMENT, names)}


@pytest.fixture(scope="module")
def graded(tmp_path_factory, cases):
    """A course graded by the driver into a fresh PostgreSQL gradebook."""
    with pgserver.temporary_postgres() as url:
        students = {"ada": cases["reference"], "blaise": cases["blank"]}
        students["carl"] = cases["depth_off_by_one"]
        root = make_course(tmp_path_factory.mktemp("pg") / "course", students)
        summary = driver.grade(root, [ASSIGNMENT], db_url=url, workers=2, progress=False, log=print)
        yield root, url, students, summary


def test_the_driver_grades_into_postgresql(graded):
    root, url, students, summary = graded
    assert summary.count("graded") == 3, summary.text()
    assert not (root / "gradebook.db").exists()  # nothing went to SQLite, nbgrader included
    scores = driver.read_scores(url, ASSIGNMENT)
    max_scores = max_auto_scores(url)
    assert {s: code_cells(scores[s], max_scores) for s in students} == {
        s: expected_scores(case, max_scores) for s, case in students.items()
    }
    assert set(driver.read_ledger(url, ASSIGNMENT)) == {(s, ASSIGNMENT) for s in students}


def test_the_ledger_check_puts_back_a_changed_score(graded):
    from nbgrader.api import Gradebook

    _, url, _, _ = graded
    with Gradebook(url) as gb:
        gb.find_grade("test_alphabeta_search", ASSIGNMENT, ASSIGNMENT, "blaise").auto_score = 3.0
        gb.db.commit()
    problems = driver.verify(url, ASSIGNMENT)
    assert len(problems) == 1 and "blaise: test_alphabeta_search" in problems[0]
    assert driver.read_scores(url, ASSIGNMENT)["blaise"]["test_alphabeta_search"] == 0.0
    assert driver.verify(url, ASSIGNMENT) == []


def test_nbgrader_feedback_reads_the_postgresql_gradebook(graded, monkeypatch):
    root, url, _, _ = graded
    monkeypatch.setenv(driver.DB_URL_VARIABLE, url)
    done = course.feedback(root, ASSIGNMENT)
    assert done.failed == [] and len(done.written) == 3, done
    for student in ("ada", "blaise", "carl"):
        assert "alphabeta_search" in course.feedback_text(root, student, ASSIGNMENT), student
    assert not (root / "gradebook.db").exists()
