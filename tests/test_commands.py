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
