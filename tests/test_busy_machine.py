"""A verdict does not depend on the machine's load (`gamekit.grader.budget`).

A cell's limit is CPU time of the kernel's processes, and its cap on the time it runs, sleeps
or blocks leaves out the time the kernel waited for a processor: the reference answers keep
every point while busy processes compete for the CPU, and an answer that loops for ever is
still stopped at its CPU limit and scored 0 on its cell, and the run ends.

`make test` runs a short version: the a01 reference and an endless loop, with a cell limit of
3 s of CPU (so a loop costs seconds, not minutes), while 6 busy processes per core compete.
The full version grades the reference answers of all six assignments with the course's own
setting (20 s) under the same load: ``GAMEKIT_BUSY_FULL=1 .venv/bin/python -m pytest
tests/test_busy_machine.py``.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from gamekit import course
from gamekit.checks import remote
from gamekit.grader.budget import POLL, CellBudget, cell_limit, read_reference

ROOT = Path(__file__).resolve().parent.parent
BUSY_PER_CORE = 6


# --------------------------------------------------------------------------------------------
# The budget, with clocks the test controls
# --------------------------------------------------------------------------------------------


class Clocks:
    """A kernel's CPU time and run-queue wait, set by the test."""

    def __init__(self) -> None:
        self.cpu = 0.0
        self.wait = 0.0


def test_a_budget_runs_out_on_cpu_time_not_on_waiting_for_a_processor():
    clocks = Clocks()
    budget = CellBudget(2.0, 6.0, lambda: clocks.cpu, lambda: clocks.wait)
    time.sleep(0.3)
    clocks.wait = 10.0  # the machine's other work held the kernel back for "10 s"
    time.sleep(POLL)  # the budget reads the clocks at most every POLL / 2
    assert budget.over() is None and budget.wall_used() < 1
    clocks.cpu = 1.9
    time.sleep(POLL)
    assert budget.over() is None
    clocks.cpu = 2.1
    time.sleep(POLL)
    assert budget.over() == "cpu" and budget.left() == 0 and budget.wall_left() == 0


def test_a_budget_caps_a_cell_that_sleeps_without_computing():
    budget = CellBudget(20.0, 0.3, lambda: 0.0, lambda: 0.0)
    assert budget.over() is None and 0 < budget.left() <= 0.1
    time.sleep(0.4)
    assert budget.over() == "wall" and budget.cpu_used() == 0


def test_a_cells_limit_is_a_multiple_of_the_reference_with_the_setting_as_floor():
    assert cell_limit(20, None) == 20 and cell_limit(20, 1.0) == 20
    assert cell_limit(3, 1.0) == 10 and cell_limit(20, 4.2) == 42


def test_the_committed_calibration_covers_every_graded_cell_of_every_assignment():
    """`python -m gamekit.course calibrate` wrote a figure for each graded cell."""
    import nbformat

    measured = read_reference(ROOT / "source")
    for assignment in course.assignments(ROOT):
        (notebook,) = (ROOT / "release" / assignment).glob("*.ipynb")
        graded = {
            c.metadata["nbgrader"]["grade_id"]
            for c in nbformat.read(notebook, as_version=4).cells
            if c.metadata.get("nbgrader", {}).get("grade") and c.cell_type == "code"
        }
        assert graded <= set(measured.get(assignment, {})), assignment


def test_a_reply_wait_ends_when_the_kernel_has_used_its_cpu_time(tmp_path):
    """The grader's wait on a reply looks at the kernel's CPU clock every slice: a kernel
    past its CPU limit is cut within a slice, long before the wall-clock cap."""
    path = str(tmp_path / "s.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(1)
    peer = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    peer.connect(path)
    sock, _ = listener.accept()
    clocks = Clocks()
    budget = CellBudget(1.0, 60.0, lambda: clocks.cpu, lambda: clocks.wait)
    threading.Timer(0.3, lambda: setattr(clocks, "cpu", 5.0)).start()
    started = time.monotonic()
    with pytest.raises(TimeoutError):
        remote.recv_frame(sock, budget)
    assert time.monotonic() - started < 2 and budget.stopped_by == "cpu"
    # A reply that comes while time is left is read whole.
    budget = CellBudget(1.0, 60.0, lambda: 0.0, lambda: 0.0)
    threading.Timer(0.3, lambda: remote.send_frame(peer, b"hello")).start()
    assert remote.recv_frame(sock, budget) == b"hello"
    for s in (peer, sock, listener):
        s.close()


def test_a_jobs_clock_leaves_out_its_wait_for_a_processor():
    """The outer limit's clock (`bounds.JobClock`): a process that sleeps is charged its wall
    time; one that computes among 6 busy processes per core is charged far less than its wall
    time, since it spends most of it waiting for a processor."""
    from gamekit.grader.bounds import JobClock

    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    busy = busy_processes(BUSY_PER_CORE * (os.cpu_count() or 1))
    try:
        asleep, computing = JobClock(sleeper.pid), JobClock(spinner.pid)
        time.sleep(4)
        own = computing.seconds()  # the test itself waits for a processor: read wall after
        assert own < 0.6 * (time.monotonic() - computing.started)
        own = asleep.seconds()
        assert own > 0.9 * (time.monotonic() - asleep.started - 1) and asleep.over(0.8 * own)
    finally:
        for process in [sleeper, spinner, *busy]:
            process.kill()
            process.wait()


# --------------------------------------------------------------------------------------------
# Grading while the machine is busy
# --------------------------------------------------------------------------------------------


def busy_processes(count: int) -> list[subprocess.Popen]:
    """``count`` endless loops, each in a session of its own: where Linux groups processes by
    session for the scheduler (autogroup), the kernel, in its own session, would otherwise get
    as much of a processor as all of them together."""
    command = [sys.executable, "-c", "while True: pass"]
    return [subprocess.Popen(command, start_new_session=True) for _ in range(count)]


def grade_while_busy(tmp_path: Path, plan: dict[str, list[str]], seconds: float | None):
    """Grade ``plan`` (assignment -> fixture cases) with 2 workers while 6 busy processes per
    core run; ``seconds``: the course's cell setting in the scratch course (None: as it is)."""
    root = course.scratch_course(tmp_path / "course", ROOT)
    if seconds is not None:
        config = root / "nbgrader_config.py"
        text = config.read_text().replace(
            "c.Execute.timeout = 20", f"c.Execute.timeout = {seconds}"
        )
        assert text != config.read_text()
        config.write_text(text)
    for assignment, cases in plan.items():
        course.generate(root, assignment)
        found = {c.name: c for c in course.load_cases(ROOT, assignment, cases)}
        course.write_submissions(root, assignment, found)
    busy = busy_processes(BUSY_PER_CORE * (os.cpu_count() or 1))
    try:
        time.sleep(1)
        load = os.getloadavg()[0]
        summary = course.grade_submissions(
            root, list(plan), workers=2, force=True, progress=False, log=lambda *a: None
        )
    finally:
        for process in busy:
            process.kill()
            process.wait()
    return root, summary, load


def scores_of(summary, student: str, assignment: str) -> dict[str, tuple[float, float]]:
    (record,) = [
        r for r in summary.results if r["student"] == student and r["assignment"] == assignment
    ]
    assert record["status"] == "graded", record["reasons"]
    lost = {c["grade_id"]: c["message"] for c in record["cells"] if c["score"] != c["max_score"]}
    print(f"{student} / {assignment}: lost {lost}; stopped {record.get('stopped')}")
    return {c["grade_id"]: (c["score"], c["max_score"]) for c in record["cells"] if not c["manual"]}


@pytest.mark.slow
def test_on_a_busy_machine_the_reference_keeps_every_point_and_a_loop_is_stopped(tmp_path):
    root, summary, load = grade_while_busy(
        tmp_path, {"a01_minimax": ["reference", "infinite_loop"]}, seconds=3
    )
    print(f"load average at the start: {load:.1f}; graded in {summary.seconds:.0f} s")
    reference = scores_of(summary, "reference", "a01_minimax")
    assert all(score == most for score, most in reference.values()), reference
    loop = scores_of(summary, "infinite_loop", "a01_minimax")
    lost = {g for g, (score, most) in loop.items() if score != most}
    assert lost == {"test_expectiminimax_value"}
    (record,) = [r for r in summary.results if r["student"] == "infinite_loop"]
    (stop,) = [s for s in record["stopped"] if s["grade_id"] == "test_expectiminimax_value"]
    assert stop["stopped_by"] == "cpu" and stop["cpu_used"] >= 3 and record["recheck"]
    assert "of CPU time in this cell" in summary.text() or "s of CPU, limit" in summary.text()


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("GAMEKIT_BUSY_FULL"), reason="set GAMEKIT_BUSY_FULL=1")
def test_on_a_busy_machine_every_reference_keeps_every_point(tmp_path):
    plan = {a: ["reference"] for a in course.assignments(ROOT)}
    plan["a01_minimax"].append("infinite_loop")
    root, summary, load = grade_while_busy(tmp_path, plan, seconds=None)
    print(f"load average at the start: {load:.1f}; graded in {summary.seconds:.0f} s")
    for assignment in plan:
        reference = scores_of(summary, "reference", assignment)
        assert all(score == most for score, most in reference.values()), (assignment, reference)
    loop = scores_of(summary, "infinite_loop", "a01_minimax")
    assert {g for g, (s, m) in loop.items() if s != m} == {"test_expectiminimax_value"}
