"""What students see when a check passes, fails, or meets an exercise they have not answered."""

from __future__ import annotations

import pytest

import gamekit.checks as grading
from gamekit.checks import GradingError, expect, if_answered, passed


def stub() -> None:
    raise NotImplementedError


def test_a_failed_check_shows_as_one_line_with_its_message():
    with pytest.raises(GradingError) as caught:
        expect(1 + 1 == 3, "one plus one is two")
    lines = caught.value._render_traceback_()
    assert len(lines) == 1 and "✗ one plus one is two" in lines[0]


def test_a_passed_check_says_what_it_checked(capsys):
    expect(True, "never shown")
    passed("sums on 3 examples")
    assert capsys.readouterr().out == "✓ sums on 3 examples\n"


def test_an_unanswered_exercise_is_named_and_the_notebook_goes_on(capsys, monkeypatch):
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    with if_answered("Exercise 2.1"):
        stub()
    assert "○ Exercise 2.1: not answered yet" in capsys.readouterr().out


def test_a_checker_message_about_a_stub_counts_as_unanswered(capsys, monkeypatch):
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    with if_answered("Part 1"):
        try:
            stub()
        except NotImplementedError:
            raise GradingError("actions(state) raised NotImplementedError") from None
    assert "○ Part 1" in capsys.readouterr().out


def test_a_wrong_answer_still_fails():
    with pytest.raises(GradingError), if_answered("Exercise 2.1"):
        expect(False, "wrong value at B")
    with pytest.raises(KeyError), if_answered("Exercise 2.1"):
        raise KeyError("D2")


@pytest.mark.parametrize("where", ["grader", "nbgrader"])
def test_an_unanswered_exercise_fails_when_graded_or_validated(where, monkeypatch):
    if where == "grader":
        monkeypatch.setattr(grading, "GRADING", True)
        monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    else:
        monkeypatch.setenv("NBGRADER_EXECUTION", "validate")
    with pytest.raises(NotImplementedError), if_answered("Exercise 2.1"):
        stub()


def test_every_fixture_mistake_is_named_in_its_feedback():
    """Issue 10 asks that feedback name the mistake in at least 9 of 10 wrong answers. Every
    fixture that loses points for a mistake lists the phrases its feedback must hold (the
    pipeline test checks they are there); here: that none of them goes without."""
    from pathlib import Path

    from gamekit import course

    root = Path(__file__).resolve().parent.parent
    mistakes = [
        (assignment, case.name)
        for assignment in course.assignments(root)
        for case in course.load_cases(root, assignment)
        if case.start == "solution" and case.scores and case.status == "graded"
    ]
    unnamed = [
        (assignment, name)
        for assignment, name in mistakes
        if not course.load_cases(root, assignment, [name])[0].feedback
    ]
    assert len(mistakes) >= 40
    assert unnamed == []


def test_every_demo_student_hands_in_every_assignment():
    """`make demo` grades the roster of demo_students.json: each of its students has a fixture
    case for every assignment, and each case exists."""
    import json
    from pathlib import Path

    from gamekit import course

    root = Path(__file__).resolve().parent.parent
    roster = json.loads((root / "tests" / "submissions" / "demo_students.json").read_text())
    for assignment in course.assignments(root):
        cases = {case.name for case in course.load_cases(root, assignment)}
        plans = {student: plan.get(assignment) for student, plan in roster.items()}
        assert all(plans.values()), (assignment, plans)
        assert set(plans.values()) <= cases, (assignment, set(plans.values()) - cases)
        assert plans["ada"] == "reference" and plans["blaise"] == "blank"
