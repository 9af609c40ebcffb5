"""Two grading runs started at the same moment on a brand-new gradebook, SQLite and PostgreSQL.

Neither run finds the assignment, nbgrader's tables or the driver's ledger table; both try to
create them, and both write a student they share. Afterwards every student must hold the scores
their fixture case promises (no grade lost), and the gradebook must hold each student and the
assignment exactly once.
"""

from __future__ import annotations

import multiprocessing
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from gamekit import course
from gamekit.grader import driver, pgserver

ROOT = Path(__file__).resolve().parent.parent
ASSIGNMENT = "a02_alphabeta"
RUNS = [["abby"], ["abby", "bob"]]  # both runs grade abby first, at the same moment
CASE_OF = {"abby": "reference", "bob": "blank"}

pytestmark = pytest.mark.slow


def _grade_when_released(root: str, db_url: str, students: list[str], start) -> None:
    """One grading run in its own process; it waits at ``start`` so that the two begin together."""
    start.wait(timeout=120)
    summary = driver.grade(
        Path(root),
        [ASSIGNMENT],
        students=students,
        db_url=db_url,
        workers=1,
        progress=False,
        log=lambda _: None,
    )
    assert summary.count("graded") == len(students), summary.text()


def max_auto_scores(db_url: str) -> dict[str, float]:
    """Points of every automatically graded cell of a02 (the by-hand cells are left out)."""
    from nbgrader.api import Gradebook

    with Gradebook(db_url) as gb:
        notebook = gb.find_notebook(ASSIGNMENT, ASSIGNMENT)
        return {g.name: g.max_score for g in notebook.grade_cells if g.cell_type == "code"}


def expected_scores(case: course.Case, max_scores: dict[str, float]) -> dict[str, float]:
    """What the fixture says each test cell must score (its SCORES, else full or 0)."""
    default = (lambda name: max_scores[name]) if case.start == "solution" else (lambda _: 0.0)
    return {name: float(case.scores.get(name, default(name))) for name in max_scores}


def count_rows(db_url: str, table: str) -> dict[str, int]:
    """``{id: rows}`` of nbgrader's ``student`` or ``assignment`` table, read with plain SQL
    (nbgrader's API would hide a duplicate behind its first match)."""
    import sqlalchemy as sa

    column = "id" if table == "student" else "name"
    engine = sa.create_engine(db_url)
    with engine.connect() as conn:
        rows = conn.execute(sa.text(f"SELECT {column}, COUNT(*) FROM {table} GROUP BY {column}"))
        counted = {name: n for name, n in rows}
    engine.dispose()
    return counted


@pytest.fixture(params=["sqlite", "postgresql"])
def fresh_gradebook(request, tmp_path) -> Iterator[tuple[Path, str]]:
    """A course with submissions but no gradebook yet, and the URL its gradebook will have."""
    cases = {c.name: c for c in course.load_cases(ROOT, ASSIGNMENT, set(CASE_OF.values()))}
    root = course.scratch_course(tmp_path / "course", ROOT)
    shutil.copytree(ROOT / "release", root / "release")
    course.write_submissions(root, ASSIGNMENT, {s: cases[c] for s, c in CASE_OF.items()})
    if request.param == "sqlite":
        yield root, "sqlite:///" + str(root / "gradebook.db")
        return
    reason = pgserver.missing_reason()
    if reason:
        pytest.skip(reason)
    with pgserver.temporary_postgres() as url:
        yield root, url


def test_two_runs_started_together_on_a_fresh_gradebook_lose_nothing(fresh_gradebook):
    root, url = fresh_gradebook
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(len(RUNS))
    processes = [
        context.Process(target=_grade_when_released, args=(str(root), url, run, start))
        for run in RUNS
    ]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=600)
    assert [p.exitcode for p in processes] == [0, 0]  # neither run failed

    assert count_rows(url, "assignment") == {ASSIGNMENT: 1}
    assert count_rows(url, "student") == {student: 1 for student in CASE_OF}
    cases = {c.name: c for c in course.load_cases(ROOT, ASSIGNMENT, set(CASE_OF.values()))}
    max_scores = max_auto_scores(url)
    scores = driver.read_scores(url, ASSIGNMENT)
    for student, case in CASE_OF.items():
        graded = {name: scores[student][name] for name in max_scores}
        assert graded == expected_scores(cases[case], max_scores), student
    assert set(driver.read_ledger(url, ASSIGNMENT)) == {(s, ASSIGNMENT) for s in CASE_OF}
    assert driver.verify(url, ASSIGNMENT) == []


def _students_when_released(db_url: str, start) -> None:
    start.wait(timeout=120)
    assert driver.gradebook_students(db_url) == []


def test_runs_opening_a_new_postgresql_gradebook_together_create_its_tables_once():
    """The first thing a run does is read the gradebook's students, and opening a gradebook
    creates its tables: four runs at once, on each of two new databases, must all get an
    empty list (unlocked, two of them raced to create ``alembic_version``)."""
    import sqlalchemy as sa

    reason = pgserver.missing_reason()
    if reason:
        pytest.skip(reason)
    context = multiprocessing.get_context("spawn")
    with pgserver.temporary_postgres() as url:
        admin = sa.create_engine(url, isolation_level="AUTOCOMMIT")
        for number in range(2):
            with admin.connect() as conn:
                conn.execute(sa.text(f"CREATE DATABASE fresh{number}"))
            fresh = sa.engine.make_url(url).set(database=f"fresh{number}")
            fresh_url = fresh.render_as_string(hide_password=False)
            start = context.Barrier(4)
            runs = [
                context.Process(target=_students_when_released, args=(fresh_url, start))
                for _ in range(4)
            ]
            for run in runs:
                run.start()
            for run in runs:
                run.join(timeout=300)
            assert [run.exitcode for run in runs] == [0, 0, 0, 0]
            assert count_rows(fresh_url, "student") == {}
        admin.dispose()
