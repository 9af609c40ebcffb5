"""The instructor's commands answer a mistyped name with a sentence and change nothing."""

from __future__ import annotations

import hashlib
from pathlib import Path

from gamekit import course

ROOT = Path(__file__).resolve().parent.parent


def test_grading_an_unknown_student_fails_with_a_sentence_and_writes_nothing(tmp_path):
    root = course.scratch_course(tmp_path / "course", ROOT)
    course.generate(root, "a01_minimax")
    (reference,) = course.load_cases(ROOT, "a01_minimax", ["reference"])
    course.write_submissions(root, "a01_minimax", {"ada": reference})
    gradebook = root / "gradebook.db"
    before = hashlib.sha256(gradebook.read_bytes()).hexdigest()
    said: list[str] = []
    code = course.grade_all(root, ["a01_minimax"], ["nobody"], log=said.append)
    assert code == 1
    assert "no student 'nobody'" in said[-1] and "submitted/nobody/" in said[-1]
    assert "ada" in said[-1] and "nothing was graded" in said[-1]
    assert hashlib.sha256(gradebook.read_bytes()).hexdigest() == before
    assert not (root / "autograded").exists()


def test_report_and_feedback_in_a_checkout_without_grades_point_to_the_demos_course(tmp_path):
    """After `make demo` the graded course is build/demo, not the checkout: `make report` and
    `make feedback` in the checkout say so, with the command to run there."""
    import argparse

    from gamekit.report import cli

    root = course.scratch_course(tmp_path / "course", ROOT)
    demo = root / "build" / "demo"
    demo.mkdir(parents=True)
    (demo / "gradebook.db").write_bytes(b"")
    said: list[str] = []
    args = argparse.Namespace(assignment=[], db_url=None, anonymous=False, below=0.5, out=None)
    assert cli.run(args, root, log=said.append) == 1
    assert "no gradebook yet" in said[0] and "build/demo" in said[-1]
    assert "-m gamekit.course report" in said[-1]
    said.clear()
    assert course.feedback_all(root, log=said.append) == 0
    assert "nothing has been graded yet" in said[0] and "build/demo" in said[-1]
    (demo / "gradebook.db").unlink()
    said.clear()
    assert cli.run(args, root, log=said.append) == 1 and said == [
        "No report: there is no gradebook yet (make grade first)."
    ]


def test_check_with_an_unknown_case_says_so_and_lists_the_cases(capsys):
    """`python -m gamekit.course check a01_minimax --case nope`: a sentence, the assignment's
    cases, exit status 1, no traceback and nothing graded."""
    assert course.main(["check", "a01_minimax", "--case", "nope"]) == 1
    said = capsys.readouterr().out
    assert said.startswith("Nothing checked: no such case for a01_minimax: nope")
    assert "reference" in said and "Traceback" not in said
    assert course.main(["check", "a99_nothing"]) == 1
    assert "no fixture cases under" in capsys.readouterr().out
