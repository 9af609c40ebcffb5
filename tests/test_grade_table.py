"""The grade table's totals are true: a missing assignment is said, never counted as a 0."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from gamekit import course
from gamekit.grader import driver
from gamekit.grader import ledger as ledgers


def grade(score: float, out_of: float) -> SimpleNamespace:
    return SimpleNamespace(score=score, max_score=out_of, manual=False, grade_id="cell")


def test_totals_count_what_was_handed_in_and_say_what_is_missing(monkeypatch):
    def read_grades(root, assignment, db_url):
        if assignment == "a1":
            return {"ann": [grade(5, 10)], "bo": [grade(7, 10)]}
        return {"ann": [grade(3, 4)]}

    ledger = {
        ("bo", "a2"): {"status": "missing"},
        ("cy", "a1"): {"status": "missing"},
        ("cy", "a2"): {"status": "missing"},
    }
    monkeypatch.setattr(course, "read_grades", read_grades)
    monkeypatch.setattr(ledgers, "read_ledger", lambda db_url, assignment=None: ledger)
    table = course.grade_table(Path("/nowhere"), ["a1", "a2"], db_url="sqlite://")
    rows = {line.split()[0]: line for line in table.splitlines()[2:]}
    assert rows["ann"].endswith("8.0 /  14.0")
    assert rows["bo"].endswith("7.0 /  10.0 +1 missing")  # not 7.0 / 14.0
    assert rows["cy"].split() == ["cy", "missing", "missing", "+2", "missing"]  # no 0.0 / 14.0
    assert any(line.startswith("total: the assignments handed in") for line in table.splitlines())


def test_the_summary_lists_each_student_once_under_one_status():
    def result(student, status, reasons=(), flags=(), notes=()):
        return {
            "student": student,
            "assignment": "a02_alphabeta",
            "status": status,
            "reasons": list(reasons),
            "flags": [{"message": m} for m in flags],
            "notes": list(notes),
        }

    summary = driver.Summary(
        results=[
            result("ann", "graded", flags=["answer cell uses os._exit"]),
            result("bo", "failed", ["a02 could not be read (broken JSON)"] * 2, ["broken JSON"]),
            result("cy", "missing", ["nothing was handed in"], ["a02 was not handed in"]),
            result("dee", "graded", notes=["renamed: a02 (1).ipynb was graded as a02.ipynb"]),
        ]
    )
    text = summary.text()
    assert "graded 2, failed 1, missing 1" in text and "of the graded, flagged 1" in text
    assert text.count("bo /") == 1 and text.count("could not be read") == 1  # printed once
    assert "cy /" not in text  # missing: counted, never listed as flagged
    assert "flagged ann / a02_alphabeta: answer cell uses os._exit" in text
    assert "note    dee / a02_alphabeta: renamed: a02 (1).ipynb" in text
    assert 're-run the failures: make grade ARGS="a02_alphabeta --student bo --force"' in text
