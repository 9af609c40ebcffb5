"""The grading driver as an instructor meets it: a fresh clone, re-runs, hand grades, statuses.

One small scratch course (a02, three students) is graded for real through
`gamekit.course.grade_all`, the function behind ``make grade``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gamekit import course
from gamekit.grader import driver

ROOT = Path(__file__).resolve().parent.parent
ASSIGNMENT = "a02_alphabeta"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def fresh_clone(tmp_path_factory) -> Path:
    """A course as a clone has it: sources and the committed release, but no gradebook yet."""
    root = course.scratch_course(tmp_path_factory.mktemp("clone") / "course", ROOT)
    shutil.copytree(ROOT / "release", root / "release")
    cases = {c.name: c for c in course.load_cases(ROOT, ASSIGNMENT, ["reference", "blank"])}
    course.write_submissions(
        root, ASSIGNMENT, {"ada": cases["reference"], "blaise": cases["blank"]}
    )
    (root / "submitted" / "carl" / ASSIGNMENT).mkdir(parents=True)  # an empty folder
    return root


def test_grading_a_fresh_clone_adds_the_assignment_and_grades_everyone(fresh_clone):
    said: list[str] = []
    assert not (fresh_clone / "gradebook.db").exists()
    code = course.grade_all(fresh_clone, [ASSIGNMENT], workers=2, log=said.append)
    text = "\n".join(said)
    assert code == 0, text
    assert "not in the gradebook yet" in text
    grades = course.read_grades(fresh_clone, ASSIGNMENT)
    assert sum(g.score or 0 for g in grades["ada"]) == 10.0
    assert sum(g.score or 0 for g in grades["blaise"]) == 0.0
    assert "carl" not in grades  # missing is not a 0 in the gradebook ...
    table = course.grade_table(fresh_clone, [ASSIGNMENT])
    carl = next(line for line in table.splitlines() if line.startswith("carl"))
    assert "missing" in carl and "0.0 /" not in carl.split("missing")[0]  # ... nor in the table
    assert "graded 2" in text and "missing 1" in text
    assert "CHANGED BEHIND" not in text


def test_an_unchanged_submission_is_not_graded_again(fresh_clone):
    said: list[str] = []
    course.grade_all(fresh_clone, [ASSIGNMENT], workers=2, log=said.append)
    assert f"{ASSIGNMENT}: 0 to grade, 3 unchanged" in "\n".join(said)


def test_hand_grades_survive_a_forced_rerun_and_the_ledger_catches_tampering(fresh_clone):
    from nbgrader.api import Gradebook

    url = driver.db_url_of(fresh_clone)
    with Gradebook(url) as gb:
        manual = gb.find_grade("reflection_ordering", ASSIGNMENT, ASSIGNMENT, "ada")
        manual.manual_score = 1.5
        auto = gb.find_grade("test_alphabeta_search", ASSIGNMENT, ASSIGNMENT, "blaise")
        auto.auto_score = 3.0  # written behind the driver's back
        gb.db.commit()
    said: list[str] = []
    course.grade_all(fresh_clone, [ASSIGNMENT], students=["ada"], force=True, log=said.append)
    with Gradebook(url) as gb:
        assert gb.find_grade("reflection_ordering", ASSIGNMENT, ASSIGNMENT, "ada").score == 1.5
        blaise = gb.find_grade("test_alphabeta_search", ASSIGNMENT, ASSIGNMENT, "blaise")
        assert blaise.auto_score == 0.0  # put back by the check against the ledger
    assert "GRADEBOOK CHANGED BEHIND THE DRIVER: blaise: test_alphabeta_search" in "\n".join(said)


def test_an_unknown_assignment_or_nothing_to_grade_is_said_in_words(tmp_path):
    root = course.scratch_course(tmp_path / "course", ROOT)
    said: list[str] = []
    assert course.grade_all(root, ["a99_nothing"], log=said.append) == 1
    assert "No such assignment: a99_nothing" in said[0]
    said.clear()
    assert course.grade_all(root, None, log=said.append) == 1
    assert "Nothing to grade" in said[0]


def test_feedback_reaches_every_student_missing_included(fresh_clone):
    course.feedback(fresh_clone, ASSIGNMENT)
    assert "Not submitted" in course.feedback_text(fresh_clone, "carl", ASSIGNMENT)
    assert "alphabeta_search" in course.feedback_text(fresh_clone, "blaise", ASSIGNMENT)


def test_the_bench_says_where_each_second_of_grading_went(fresh_clone):
    """`python -m gamekit.grader.bench --phases` sums each result's phases over the class:
    every phase it names was measured, none is negative, and together with the rest of the
    jobs and the driver they make up the wall-clock time."""
    from gamekit.grader import bench

    sums = bench.grading_phases(fresh_clone, ASSIGNMENT, ["ada"])
    assert set(bench.PHASES) <= set(sums) and min(sums.values()) >= 0
    for phase in ("kernel start", "imports", "answer", "test", "kernel stop", "lint"):
        assert sums[phase] > 0, phase  # a notebook was graded: each phase took some time
    parts = sum(seconds for name, seconds in sums.items() if name != "wall")
    assert parts == pytest.approx(sums["wall"], rel=0.02)
    table = bench.phases_table(ASSIGNMENT, 1, [sums], [sums["wall"] / 2])
    assert "ratio: 2.00x" in table and "test cells, judged on the trusted side" in table


def test_the_bench_compares_with_plain_nbgrader_only_on_what_it_may_run_unsandboxed(tmp_path):
    """Plain nbgrader runs a submission's code as it is: `--phases` gives it no attack fixture
    (an earlier run let `appends_noop_checkers` append to the checkout's gamekit/checks/*.py),
    and its kernels import a copy of gamekit, never the checkout's."""
    import subprocess
    import sys

    from gamekit.grader import bench
    from gamekit.grader.job import environment_with

    cases = course.load_cases(course.course_root(), "a02_alphabeta")
    kept = bench.comparable_cases(cases)
    flagged = {c.name for c in cases if c.flagged}
    assert "appends_noop_checkers" in flagged and "reference" in kept
    assert not flagged & set(kept) and "infinite_loop" not in " ".join(kept)
    bench.gamekit_copy(tmp_path)
    elsewhere = tmp_path / "autograded"  # a kernel runs in its notebook's folder, not here
    elsewhere.mkdir()
    with environment_with(PYTHONPATH=str(tmp_path / "lib")):
        seen = subprocess.run(
            [sys.executable, "-c", "import gamekit; print(gamekit.__file__)"],
            capture_output=True,
            text=True,
            check=True,
            cwd=elsewhere,
        ).stdout.strip()
    assert Path(seen).is_relative_to(tmp_path / "lib" / "gamekit")


def test_the_bench_names_the_course_s_assignments_when_given_another(capsys):
    """A misspelt assignment stops the bench before any grading, with the names it could be
    (it used to fail minutes later, inside nbgrader, on the first scratch course)."""
    from gamekit.grader import bench

    with pytest.raises(SystemExit) as stopped:
        bench.main(["--phases", "a02_alphabeta", "a04_tournament"])
    assert stopped.value.code == 2
    said = capsys.readouterr().err
    assert "no assignment a04_tournament; the course has a01_minimax, a02_alphabeta" in said


def test_grading_from_another_checkout_than_the_environment_s_is_refused_at_once(
    tmp_path, monkeypatch
):
    """The sandbox shows gamekit's view in place of the grader's own gamekit folder; a kernel
    of an environment installed from another checkout imports gamekit from there, finds it
    hidden, and never answers (each job waited minutes). The grader says so before any job."""
    import subprocess
    import sys

    from gamekit.grader import bench, sandbox
    from gamekit.grader.job import environment_with

    installed = sandbox.kernel_gamekit_folder()
    assert installed == (course.course_root() / "gamekit").resolve()
    sandbox.check_kernels_import_this_gamekit()  # from the checkout: nothing to say

    bench.gamekit_copy(tmp_path)
    with environment_with(PYTHONPATH=str(tmp_path / "lib")):
        refused = subprocess.run(
            [sys.executable, "-c", "from gamekit.grader import sandbox as s; "
             "s.check_kernels_import_this_gamekit()"],
            capture_output=True, text=True, cwd=tmp_path,
        )  # fmt: skip
    assert refused.returncode == 1
    assert f"this grader runs gamekit from {(tmp_path / 'lib' / 'gamekit').resolve()}, but" in (
        refused.stderr
    )
    assert f"imports gamekit from {installed}: grade from the checkout" in refused.stderr

    if not sandbox.sandbox_available()[0]:
        pytest.skip("no sandbox here: the driver checks only what a sandboxed kernel imports")
    copy = str(tmp_path / "lib" / "gamekit" / "__init__.py")
    monkeypatch.setattr(sandbox, "_gamekit_file", lambda: copy)
    with pytest.raises(driver.GradingSetupError, match="imports gamekit from"):
        driver.grade(tmp_path / "no-course-needed", ["a02_alphabeta"], progress=False)
    assert not (tmp_path / "no-course-needed").exists()


def test_grading_workers_start_with_every_module_of_the_preload_loaded():
    """`gamekit.grader.preload` is imported once in the server the jobs are forked from; a
    module renamed or broken would be left out silently, each job paying for it again."""
    import subprocess
    import sys

    code = "import gamekit.grader.preload as p; print(p.warm())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_cells_kind_is_read_from_its_nbgrader_metadata():
    from nbformat.v4 import new_code_cell, new_markdown_cell

    from gamekit.grader.trusted import cell_kind

    def graded(**meta):
        return new_code_cell("", metadata={"nbgrader": meta})

    cells = [
        new_markdown_cell("# Title"),
        new_code_cell("import gamekit"),
        graded(solution=True, grade=False, grade_id="answer"),
        graded(solution=False, grade=True, grade_id="test", points=1),
        new_code_cell("show()"),
    ]
    kinds = [cell_kind(cells, i) for i in range(len(cells))]
    assert kinds == ["text", "imports", "answer", "test", "course"]
