"""The instructor's whole pipeline, for real, in scratch copies of the course.

For every assignment under source/: the source validates clean; the release fails only with
NotImplementedError; regenerating the release reproduces the committed release/; no solution
or hidden-test text leaks into it; and every fixture submission under tests/submissions/ gets
exactly the per-cell scores its case.py expects, with feedback that names its mistake.
"""

from __future__ import annotations

import json
import re
import shutil
import uuid
from pathlib import Path

import pytest

from gamekit import course

ROOT = Path(__file__).resolve().parent.parent
ASSIGNMENTS = course.assignments(ROOT)


def _hostile(case: course.Case) -> bool:
    return case.flagged or case.status == "failed"


# Without bubblewrap, a hostile fixture would really damage this checkout: grade only the others.
_SANDBOXED = __import__("gamekit.grader.sandbox", fromlist=["x"]).sandbox_available()[0]
CASES = [
    pytest.param(
        a,
        c.name,
        id=f"{a}/{c.name}",
        marks=[] if _SANDBOXED or not _hostile(c) else [pytest.mark.skip(reason="no sandbox")],
    )
    for a in ASSIGNMENTS
    for c in course.load_cases(ROOT, a)
]

pytestmark = pytest.mark.slow


def _fingerprint() -> dict[str, str]:
    """A hash of every file of the gamekit package and the course's notebooks."""
    import hashlib

    files = [
        *ROOT.joinpath("gamekit").rglob("*.py"),
        *ROOT.joinpath("source").rglob("*.ipynb"),
        *ROOT.joinpath("release").rglob("*.ipynb"),
    ]
    return {str(p.relative_to(ROOT)): hashlib.sha256(p.read_bytes()).hexdigest() for p in files}


BEFORE = _fingerprint()

_generated: dict[str, Path] = {}
_graded: dict[str, dict[str, course.CaseResult]] = {}
_graded_roots: dict[str, Path] = {}
_problems: dict[str, list[str]] = {}  # what the driver found changed behind its back


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    return tmp_path_factory.mktemp("courses")


def generated(assignment: str, scratch: Path) -> Path:
    """A scratch course with ``assignment`` generated once (shared by several tests)."""
    if assignment not in _generated:
        root = course.scratch_course(scratch / f"generated-{assignment}", ROOT)
        course.generate(root, assignment)
        _generated[assignment] = root
    return _generated[assignment]


def graded(assignment: str, scratch: Path) -> dict[str, course.CaseResult]:
    """Every fixture case of ``assignment`` autograded once in its own scratch course."""
    if assignment not in _graded:
        keep = scratch / f"graded-{assignment}"
        safe = [c.name for c in course.load_cases(ROOT, assignment) if not _hostile(c)]
        found, results = course.check_cases(
            assignment,
            None if _SANDBOXED else safe,
            root=ROOT,
            keep=keep,
            validate=False,
            log=print,
        )
        _graded[assignment] = {r.case.name: r for r in results}
        _problems[assignment] = found
        _graded_roots[assignment] = keep
    return _graded[assignment]


def comparable(nb: dict) -> dict:
    """A notebook without what legitimately changes from run to run."""
    cells = [
        {
            "cell_type": c["cell_type"],
            "source": "".join(c["source"]) if isinstance(c["source"], list) else c["source"],
            "nbgrader": c.get("metadata", {}).get("nbgrader"),
        }
        for c in nb["cells"]
    ]
    meta = {k: v for k, v in nb.get("metadata", {}).items() if k != "language_info"}
    return {"cells": cells, "metadata": meta}


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_source_validates_clean(assignment, scratch):
    root = generated(assignment, scratch)
    assert course.validate_source(root, assignment) == []


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_release_fails_only_with_not_implemented(assignment, scratch):
    root = generated(assignment, scratch)
    assert course.validate_release(root, assignment) == []


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_committed_release_is_up_to_date(assignment, scratch):
    root = generated(assignment, scratch)
    fresh = sorted((root / "release" / assignment).glob("*"))
    committed = sorted((ROOT / "release" / assignment).glob("*"))
    assert [p.name for p in fresh] == [p.name for p in committed], (
        "release/ differs from a fresh `nbgrader generate_assignment`: run `make release`"
    )
    for new, old in zip(fresh, committed, strict=True):
        if new.suffix == ".ipynb":
            assert comparable(json.loads(new.read_text())) == comparable(
                json.loads(old.read_text())
            ), f"{old.relative_to(ROOT)} is stale: run `make release` and commit it"
        else:
            assert new.read_bytes() == old.read_bytes()


def plant_canaries(notebook: Path, canary: str) -> int:
    """Add a canary line inside every solution and hidden-test block; return how many."""
    nb = json.loads(notebook.read_text())
    planted = 0
    markers = re.compile(r"^(\s*)### BEGIN (SOLUTION|HIDDEN TESTS)\s*$")
    for cell in nb["cells"]:
        lines = "".join(cell["source"]).split("\n")
        out = []
        for line in lines:
            out.append(line)
            match = markers.match(line)
            if match:
                prefix = "# " if cell["cell_type"] == "code" else ""
                out.append(f"{match.group(1)}{prefix}{canary}")
                planted += 1
        cell["source"] = "\n".join(out)
    notebook.write_text(json.dumps(nb, indent=1))
    return planted


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_release_holds_no_solution_or_hidden_test(assignment, scratch):
    root = course.scratch_course(scratch / f"canary-{assignment}", ROOT)
    canary = f"CANARY-{uuid.uuid4().hex}"
    planted = sum(
        plant_canaries(nb, canary) for nb in (root / "source" / assignment).glob("*.ipynb")
    )
    assert planted >= 2, "expected solution and hidden-test blocks in the source"
    course.generate(root, assignment)
    released = [p.read_text() for p in (root / "release" / assignment).rglob("*.ipynb")]
    assert released
    for text in released:
        assert canary not in text
        assert "BEGIN SOLUTION" not in text and "BEGIN HIDDEN TESTS" not in text
    shutil.rmtree(root)


@pytest.mark.parametrize(("assignment", "case"), CASES)
def test_fixture_submission_grades_as_expected(assignment, case, scratch):
    result = graded(assignment, scratch)[case]
    assert result.ok, "\n".join([f"{assignment}/{case}: {result.case.doc}", *result.problems])


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_every_assignment_has_reference_and_blank_cases(assignment, scratch):
    names = {c.name for c in course.load_cases(ROOT, assignment)}
    assert {"reference", "blank"} <= names
    results = graded(assignment, scratch)
    reference, blank = results["reference"], results["blank"]
    auto_max = sum(
        m for cell, m in reference.max_scores.items() if reference.scores[cell] is not None
    )
    assert sum(s for s in reference.scores.values() if s is not None) == auto_max > 0
    assert sum(s or 0 for s in blank.scores.values()) == 0


def hidden_test_lines(notebook: Path) -> set[str]:
    """The distinctive lines of every hidden-test block of a source notebook."""
    lines: set[str] = set()
    for cell in json.loads(notebook.read_text())["cells"]:
        inside = False
        for line in "".join(cell["source"]).split("\n"):
            if "### BEGIN HIDDEN TESTS" in line:
                inside = True
            elif "### END HIDDEN TESTS" in line:
                inside = False
            elif inside and len(line.strip()) >= 20:
                lines.add(line.strip())
    return lines


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_feedback_never_shows_hidden_tests(assignment, scratch):
    graded(assignment, scratch)
    root = _graded_roots[assignment]
    release_text = "\n".join(
        "".join(cell["source"])
        for p in (root / "release" / assignment).glob("*.ipynb")
        for cell in json.loads(p.read_text())["cells"]
    )
    secret = {
        line
        for nb in (ROOT / "source" / assignment).glob("*.ipynb")
        for line in hidden_test_lines(nb)
        if line not in release_text
    }
    assert secret, "expected hidden tests in the source"
    students = [r.case.name for r in _graded[assignment].values() if r.case.start == "solution"]
    for student in students:
        text = course.feedback_text(root, student, assignment)
        assert text, f"no feedback for {student}"
        squeezed = re.sub(r"\s+", "", text)
        for line in secret:
            words = re.sub(r"\s+", "", line)
            assert words not in squeezed, f"feedback of {student} shows hidden test text: {line!r}"


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_grade_table_lists_every_student_with_the_gradebook_scores(assignment, scratch):
    results = graded(assignment, scratch)
    table = course.grade_table(_graded_roots[assignment], [assignment]).splitlines()
    legend = [line for line in table[2:] if line.split()[0].endswith(":")]
    rows = {line.split()[0]: line for line in table[2:] if line not in legend}
    assert set(rows) == set(results)
    for name, result in results.items():
        if result.case.status == "missing":
            assert "missing" in rows[name] and any(ln.startswith("missing:") for ln in legend)
            continue
        score = sum(s or 0 for s in result.scores.values())
        assert f"{score:.1f} / {sum(result.max_scores.values()):5.1f}" in rows[name]
        if result.case.status == "failed":
            assert rows[name].split("/")[1].strip().split()[0].endswith("F"), rows[name]


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_hostile_submissions_change_nothing_and_leave_nothing(assignment, scratch):
    """After grading every fixture (attacks included): the package and the course's notebooks
    are as they were, the gradebook holds only what the driver wrote, and no process a
    submission started is still alive."""
    import psutil

    from gamekit.grader.driver import db_url_of, verify
    from gamekit.grader.sandbox import MARKER_VARIABLE

    graded(assignment, scratch)
    assert _problems[assignment] == []
    assert _fingerprint() == BEFORE
    assert verify(db_url_of(_graded_roots[assignment]), assignment) == []
    left = []
    for process in psutil.process_iter():
        try:
            if MARKER_VARIABLE in process.environ():
                left.append(f"{process.pid} {process.cmdline()[:3]}")
        except psutil.Error:
            continue
    assert left == []


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_class_report_on_the_graded_fixtures(assignment, scratch):
    """The class report (`gamekit.report`) on every graded fixture: its counts are what the
    gradebook and the ledger hold, its histogram holds every submission, the CSV's scores are
    the gradebook's, and each fixture's mistake code is on the page under its name, on the
    cell it cost."""
    import csv
    import html

    from gamekit.grader.driver import db_url_of
    from gamekit.grader.ledger import read_ledger
    from gamekit.report import stats, write_reports
    from gamekit.report.catalogue import plain_words, short_name

    results = graded(assignment, scratch)
    root = _graded_roots[assignment]
    db_url = db_url_of(root)
    written = write_reports(root, [assignment], db_url, root / "reports-test")
    grades = course.read_grades(root, assignment)
    ledger = {s: r for (s, a), r in read_ledger(db_url, assignment).items()}
    glance = stats.glance(written.classes[0])
    expected = {
        "submitted": len(grades),
        "missing": sum(r["status"] == "missing" and s not in grades for s, r in ledger.items()),
        "failed": sum(r["status"] == "failed" for r in ledger.values()),
        "flagged": sum(r["status"] == "graded" and bool(r.get("flags")) for r in ledger.values()),
    }
    assert {key: getattr(glance, key) for key in expected} == expected
    assert expected["failed"] == sum(r.case.status == "failed" for r in results.values())
    assert sum(count for _, _, count in glance.bins) == len(grades)
    page = written.pages[assignment].read_text()
    for key, value in expected.items():
        assert f"data-count='{key}'>{value}<" in page
    with open(written.csv or "") as handle:
        from_csv = {
            (r["student"], r["grade_id"]): float(r["score"]) if r["score"] else None
            for r in csv.DictReader(handle)
            if r["student"] in grades
        }
    assert from_csv == {(s, g.grade_id): g.score for s, rows in grades.items() for g in rows}
    for name, result in results.items():
        for grade_id, code in result.case.mistakes.items():
            if code == "timeout":  # never a misconception row (issue 28): not in this table
                continue
            rows = re.findall(rf"<tr data-code='{re.escape(code)}'.*?</tr>", page, re.S)
            assert rows, f"{name}: {code} is not on the page"
            assert any(f"<code>{grade_id}</code>" in row for row in rows), (name, code)
            assert all(html.escape(short_name(code)) in row for row in rows)
            words = plain_words(code)
            assert words is None or all(html.escape(words) in row for row in rows), code
