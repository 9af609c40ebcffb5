"""The class report agrees with the feedback, for every student of the demo (`make demo`).

The demo's students (tests/submissions/demo_students.json) are graded once, with their feedback
pages; then, for every student, assignment and failing cell, the report (`gamekit.report`) must
count exactly the mistake the result record holds, in the words the student's feedback page
shows: a catalogued mistake's words are on the page, a mistake the report calls uncatalogued
is named by no catalogue sentence on the page, and a cell left unanswered or stopped at its
time limit is never counted as a misconception.

Grading is the slow part: when tests/test_pipeline.py ran first in the same session (`make
test`), its graded fixture courses (every case, each a student named after it) are read instead
of grading the demo's cases again.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from gamekit import course
from gamekit.report import stats, write_reports
from gamekit.report.catalogue import (
    FIXED,
    KINDS,
    catalogue,
    is_misconception,
    is_timeout,
    plain_words,
)

ROOT = Path(__file__).resolve().parent.parent
ASSIGNMENTS = course.assignments(ROOT)
ROSTER: dict[str, dict[str, str]] = json.loads(
    (ROOT / "tests" / "submissions" / "demo_students.json").read_text()
)

pytestmark = pytest.mark.slow


def _pipeline_courses() -> dict[str, Path]:
    """tests/test_pipeline.py's graded courses, by assignment, if it graded them in this
    session (its students are its cases)."""
    pipeline = sys.modules.get("test_pipeline")
    return dict(getattr(pipeline, "_graded_roots", {}) or {})


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> dict[str, tuple[Path, dict[str, str]]]:
    """``{assignment: (graded course, {demo student: their name in that course})}``."""
    found: dict[str, tuple[Path, dict[str, str]]] = {}
    for assignment, root in _pipeline_courses().items():
        cases = {student: plan[assignment] for student, plan in ROSTER.items()}
        if assignment in ASSIGNMENTS and all(
            (root / "feedback" / c).is_dir() for c in cases.values()
        ):
            found[assignment] = (root, cases)
    todo = [a for a in ASSIGNMENTS if a not in found]
    if todo:  # the demo itself (`gamekit.course.demo`), in a scratch course
        root = course.scratch_course(tmp_path_factory.mktemp("demo") / "course", ROOT)
        for assignment in todo:
            course.generate(root, assignment)
            cases = {c.name: c for c in course.load_cases(ROOT, assignment)}
            plan = {s: cases[p[assignment]] for s, p in ROSTER.items()}
            course.write_submissions(root, assignment, plan)
        course.grade_submissions(root, todo, progress=False, log=lambda *a: None)
        for assignment in todo:
            course.feedback(root, assignment)
            found[assignment] = (root, {s: s for s in ROSTER})
    return found


def _words_on_page(words: str) -> str:
    """Text as `course.feedback_text` gives it: whitespace collapsed."""
    return re.sub(r"\s+", " ", words).strip()


def _catalogued(code: str) -> bool:
    """A code that names a mistake: in a checker's table, or one the report words for it."""
    return code in catalogue() or (code in FIXED and "." in code)


def _checker_sentences(assignment: str) -> dict[str, str]:
    """The assignment's catalogued codes and the words the report shows for each."""
    prefix = assignment.split("_")[0] + "."
    return {code: words for code, words in catalogue().items() if code.startswith(prefix)}


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_the_report_and_the_feedback_name_the_same_mistakes(demo, assignment, tmp_path):
    from gamekit.grader.driver import db_url_of
    from gamekit.grader.ledger import read_ledger

    root, names = demo[assignment]
    db_url = db_url_of(root)
    written = write_reports(root, [assignment], db_url, tmp_path / "reports")
    data = written.classes[0]
    rows = stats.misconceptions(data)
    counted = {
        (example.student, example.grade_id): row.code for row in rows for example in row.examples
    }
    ledger = {student: record for (student, _), record in read_ledger(db_url, assignment).items()}
    sentences = _checker_sentences(assignment)
    stopped = {r.student for r in stats.who_needs_help(data, 0.5).stopped}
    problems = []
    for student, name in sorted(names.items()):
        page = course.feedback_text(root, name, assignment)
        assert page.strip(), f"{student} has no feedback page for {assignment}"
        for cell in ledger[name].get("cells", []):
            code, grade_id = cell.get("mistake"), cell["grade_id"]
            if not code:
                continue
            where = f"{student} ({name}) {assignment} {grade_id} [{code}]"
            message = _words_on_page(str(cell.get("message", "")))
            if is_misconception(code):
                if counted.get((name, grade_id)) != code:
                    problems.append(f"{where}: the report counts {counted.get((name, grade_id))}")
            elif (name, grade_id) in counted:
                problems.append(f"{where}: counted as a misconception")
            if is_timeout(code) and name not in stopped:
                problems.append(f"{where}: not listed as stopped at its time limit")
            if code in sentences:  # a catalogued mistake: its words are on the feedback page
                words = _words_on_page(sentences[code])
                if words not in page and words.split(" ", 1)[-1] not in page:
                    problems.append(f"{where}: the page does not say {words!r}")
            named = [c for c, w in sentences.items() if _words_on_page(w) in message]
            if code.partition(":")[0] in KINDS and named:
                problems.append(f"{where}: the report says uncatalogued, the feedback says {named}")
            if plain_words(code) is None:
                problems.append(f"{where}: the report has no words for the code")
    # Nothing counted that the ledger does not hold.
    for (name, grade_id), code in counted.items():
        cells = {c["grade_id"]: c.get("mistake") for c in ledger[name].get("cells", [])}
        if cells.get(grade_id) != code:
            problems.append(
                f"{name} {grade_id}: counted {code}, the ledger says {cells.get(grade_id)}"
            )
    assert problems == []


def test_every_demo_student_with_a_mistake_has_it_named(demo):
    """Each demo student except the reference and the blank one hands in one catalogued
    mistake per assignment (tests/submissions/README.md): the report names it (a checker's
    code, or a kind the report words itself such as gamekit's own code called) or says the
    cell was stopped at its time limit; never only "no catalogued mistake fits"."""
    from gamekit.grader.driver import db_url_of
    from gamekit.grader.ledger import read_ledger

    problems = []
    for assignment in ASSIGNMENTS:
        root, names = demo[assignment]
        ledger = read_ledger(db_url_of(root), assignment)
        for student, name in sorted(names.items()):
            if ROSTER[student][assignment] in ("reference", "blank"):
                continue
            codes = [c.get("mistake") for c in ledger[(name, assignment)].get("cells", [])]
            codes = [c for c in codes if c]
            named = [c for c in codes if is_timeout(c) or c == "forbidden" or _catalogued(c)]
            if not named:
                problems.append(f"{student} {assignment} ({ROSTER[student][assignment]}): {codes}")
    assert problems == []


@pytest.mark.parametrize("language", ["pt_BR", "es"])
def test_every_page_of_the_demo_reads_in_the_class_language(demo, language, tmp_path):
    """`make demo LANG=pt_BR` (or es): every feedback page and the class report of every
    assignment (and every fixture case's page, when test_pipeline graded them) are in the
    class's language, with no English sentence outside code, outputs and the students' own
    written answers (`english.english_sentences`).

    The demo's graded courses are graded once, in English: grading does not depend on the
    language (a mixed class grades the same, `test_notebook_translations`), and a student who
    worked from the translated release is graded on their notebook with the release's
    translated prose (`gamekit.grader.job`). So each graded notebook here is given the class
    language's prose from the catalogues, and the pages are written in that language."""
    import shutil

    import nbformat
    from english import english_sentences

    from gamekit.grader.driver import db_url_of
    from gamekit.i18n import speaking
    from gamekit.notebook_translation import catalogue_path, read_catalogue, translated_notebook

    copies: dict[Path, Path] = {}
    found = {}
    for assignment in ASSIGNMENTS:
        graded, names = demo[assignment]
        if graded not in copies:
            copies[graded] = tmp_path / f"course{len(copies)}"
            shutil.copytree(graded, copies[graded], symlinks=True)
        root = copies[graded]
        assert (root / "release" / language / assignment).is_dir()  # `course.generate` wrote it
        students = sorted(p.parent.name for p in (root / "autograded").glob(f"*/{assignment}"))
        assert set(names.values()) <= set(students)
        for name in students:  # the demo's, and every fixture case when test_pipeline graded
            for path in (root / "autograded" / name / assignment).glob("*.ipynb"):
                catalogue = read_catalogue(catalogue_path(language, path))
                notebook = nbformat.read(path, as_version=4)
                translated = translated_notebook(notebook, catalogue, language)
                nbformat.write(nbformat.from_dict(translated), path)
        with speaking(language):
            course.feedback(root, assignment)
            reports = tmp_path / "reports" / assignment
            write_reports(root, [assignment], db_url_of(root), reports, language=language)
        pages = [p for n in students for p in (root / "feedback" / n / assignment).glob("*")]
        pages += sorted(reports.rglob("*.html"))
        assert len(pages) > len(names), (assignment, pages)
        for page in pages:
            english = english_sentences(page.read_text())
            if english:
                found[str(page.relative_to(tmp_path))] = english[:3]
    assert found == {}
