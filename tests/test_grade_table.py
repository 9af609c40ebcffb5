"""The grade table's totals are true: a missing assignment is said, never counted as a 0."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from gamekit import course
from gamekit.grading import driver


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
    monkeypatch.setattr(driver, "read_ledger", lambda db_url, assignment=None: ledger)
    table = course.grade_table(Path("/nowhere"), ["a1", "a2"], db_url="sqlite://")
    rows = {line.split()[0]: line for line in table.splitlines()[2:]}
    assert rows["ann"].endswith("8.0 /  14.0")
    assert rows["bo"].endswith("7.0 /  10.0 +1 missing")  # not 7.0 / 14.0
    assert rows["cy"].split() == ["cy", "missing", "missing", "+2", "missing"]  # no 0.0 / 14.0
    assert any(line.startswith("total: the assignments handed in") for line in table.splitlines())
