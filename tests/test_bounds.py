"""The grader bounds its own work (`gamekit.grader.bounds`, and the output caps of `trusted`).

- The job process has limits of its own: address space, CPU time (`limit_job_process`), and
  the kernel it starts still sets its own caps over them.
- On the Dask path a job runs in a child process killed at the local pool's outer limit
  (`run_job_with_limit`), failed with the pool's sentence, nothing of it left running.
- A cell's outputs are bounded as they arrive and when the cell ends: every kind of output is
  counted (text, every mime type, metadata, an error's value and traceback), and the error
  that decides a test cell's score is always kept, cut.
- A result record's messages are cut.

The limits on replies (`remote.ReplyLimits`) are tested in test_remote.py, with a fake kernel
end of the socket; the attacks as notebook code are fixtures in tests/submissions/a02_alphabeta
(drip_reply, event_flood, giant_error, giant_error_small, giant_stderr).
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import nbformat
import pytest

from gamekit import course
from gamekit.grader import bounds, driver, job_process
from gamekit.grader.trusted import (
    CUT_TEXT,
    ERROR_CHARS,
    STREAM_OVERHEAD,
    TrustedClient,
    output_size,
)

ROOT = Path(__file__).resolve().parent.parent


def run_python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )


def test_the_job_process_gets_a_memory_cap_and_its_kernel_still_sets_its_own():
    result = run_python(
        "import resource\n"
        "from gamekit.grader import bounds, sandbox\n"
        "bounds.limit_job_process(memory_bytes=512 * 1024**2, cpu_seconds=100)\n"
        "soft = [resource.getrlimit(r)[0] for r in (resource.RLIMIT_AS, resource.RLIMIT_CPU,"
        " resource.RLIMIT_CORE)]\n"
        "print(*soft)\n"
        "try:\n"
        "    block = bytearray(1024**3)\n"
        "    print('allocated')\n"
        "except MemoryError:\n"
        "    print('refused')\n"
        "sandbox.Limits().apply()  # what the kernel, a child of the job, does first\n"
        "print(resource.getrlimit(resource.RLIMIT_AS), resource.getrlimit(resource.RLIMIT_CPU))\n"
    )
    assert result.returncode == 0, result.stderr
    caps, allocation, kernel = result.stdout.splitlines()
    assert caps == f"{512 * 1024**2} 100 0"
    assert allocation == "refused"
    assert kernel == f"({2 * 1024**3}, {2 * 1024**3}) (600, 601)"


def test_a_job_process_over_its_cpu_time_is_stopped_and_said_so():
    result = run_python(
        "from gamekit.grader import bounds\n"
        "bounds.limit_job_process(cpu_seconds=1)\n"
        "while True:\n"
        "    pass\n"
    )
    assert result.returncode == -signal.SIGXCPU
    assert bounds.death_sentence(result.returncode) == (
        f"grading used more than the grader's {bounds.JOB_CPU_SECONDS} s of CPU time and was "
        "stopped"
    )
    assert bounds.death_sentence(-signal.SIGKILL) == "the grading process died"


def test_the_dask_path_has_the_local_pools_outer_limit():
    assert bounds.OUTER_LIMIT == driver.OUTER_LIMIT
    assert bounds.outer_limit_sentence() == "grading took over 300 s and was stopped"
    assert bounds.JOB_CPU_SECONDS > driver.OUTER_LIMIT  # the wall clock acts first


def test_result_messages_are_cut():
    result = {
        "reasons": ["r" * 10_000],
        "notes": [f"note {i}" for i in range(bounds.MESSAGES + 7)],
        "flags": [{"kind": "k", "notebook": "", "cell": 1, "message": "f" * 5_000}],
        "cells": [{"grade_id": "g", "message": "m" * 3_000}],
    }
    cut = bounds.cut_messages(result)
    assert cut["reasons"][0].startswith("r" * bounds.MESSAGE_CHARS + " [... 8,000 characters")
    assert len(cut["notes"]) == bounds.MESSAGES + 1 and cut["notes"][-1].startswith("[... 7 more")
    assert len(cut["flags"][0]["message"]) < bounds.MESSAGE_CHARS + 50
    assert len(cut["cells"][0]["message"]) < bounds.MESSAGE_CHARS + 50


# --------------------------------------------------------------------------------------------
# One job in a child process, stopped at the outer limit
# --------------------------------------------------------------------------------------------


def _a02_job(tmp_path_factory, student: str, answers: dict[str, str] | None = None) -> dict:
    """The a02 job of ``student``, who hands in the reference answers (with ``answers`` in
    place of some)."""
    (case,) = course.load_cases(ROOT, "a02_alphabeta", ["reference"])
    if answers:
        case = dataclasses.replace(case, answers={**case.answers, **answers})
    where = tmp_path_factory.mktemp("bounds")
    root = course.scratch_course(where / "course", ROOT)
    shutil.copytree(ROOT / "release", root / "release")
    course.write_submissions(root, "a02_alphabeta", {student: case})
    url = driver.db_url_of(root)
    driver.ensure_in_gradebook(root, "a02_alphabeta", url, log=lambda _: None)
    (job,) = driver.build_jobs(root, "a02_alphabeta", url, None)
    return job.to_dict()


@pytest.fixture(scope="module")
def reference_job(tmp_path_factory):
    """The a02 job of a student who hands in the reference answers (full marks: 10 points)."""
    return _a02_job(tmp_path_factory, f"bounded{os.getpid()}")


@pytest.fixture(scope="module")
def slow_job(tmp_path_factory):
    """An a02 job that cannot end within a few seconds, however fast the machine: an answer
    cell sleeps 15 s (under the 20 s cell limit)."""
    return _a02_job(
        tmp_path_factory, f"slow{os.getpid()}", {"cutoff_code": "import time\ntime.sleep(15)\n"}
    )


def processes_naming(text: str) -> list[int]:
    """PIDs whose command line holds ``text`` (the job's scratch folder carries the student)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and entry.name != str(os.getpid()):
            try:
                if text.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def test_a_job_in_a_bounded_child_grades_as_in_the_pool(reference_job):
    result = job_process.run_job_with_limit(reference_job)
    assert result["status"] == "graded", result["reasons"]
    assert sum(c["score"] or 0 for c in result["cells"]) == 10.0


def test_a_job_over_the_outer_limit_is_killed_with_the_pools_sentence(slow_job):
    """The slow job takes at least 15 s; with a 10 s limit its child is killed while the
    kernel runs (10 s leave the kernel time to start on a busy machine, so the watcher sees
    it), and nothing of it (the kernel, the sandbox) is left."""
    student = slow_job["student"]
    seen: list[int] = []
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            seen.extend(processes_naming(f"grade-{student}"))
            time.sleep(0.2)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        result = job_process.run_job_with_limit(slow_job, outer_limit=10)
    finally:
        done.set()
        watcher.join()
    assert result["status"] == "failed"
    assert result["reasons"] == ["grading took over 10 s and was stopped"]
    assert result["student"] == student and result["cells"] == []
    assert seen, "the job's kernel was never seen running: the check below would prove nothing"
    for _ in range(50):
        if not processes_naming(f"grade-{student}"):
            break
        time.sleep(0.1)
    assert processes_naming(f"grade-{student}") == []


def test_a_job_grades_with_a_long_tmpdir(reference_job, tmp_path):
    """A TMPDIR of 60 characters leaves no room in a Unix socket's 107 bytes for the kernel's
    sockets below it: the run's and the job's folders go to a shorter one (/tmp)."""
    base = Path(tempfile.mkdtemp(prefix="tmpdir-"))
    long = base / ("t" * (60 - len(str(base)) - 1))
    long.mkdir()
    assert len(str(long)) == 60
    job = tmp_path / "job.json"
    job.write_text(json.dumps(reference_job))
    code = (
        "import json, sys\n"
        "from gamekit.grader import driver\n"
        "results = []\n"
        "job = driver.Job(**json.loads(open(sys.argv[1]).read()))\n"
        "driver.run_jobs([job], 1, results.append, progress=False)\n"
        "print(json.dumps([results[0]['status'], results[0]['reasons'],"
        " sum(c['score'] or 0 for c in results[0]['cells'])]))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code, str(job)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "TMPDIR": str(long)},
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    status, reasons, score = json.loads(run.stdout.splitlines()[-1])
    assert (status, reasons, score) == ("graded", [], 10.0)
    assert list(long.iterdir()) == []  # nothing left there either
    shutil.rmtree(base)


def scratch_folders(student: str) -> list[Path]:
    """The job's scratch folders (``grade-<student>-*``) anywhere under the temporary folder."""
    top = Path(tempfile.gettempdir())
    return [*top.glob(f"grade-{student}-*"), *top.glob(f"*/grade-{student}-*")]


def test_a_job_killed_at_the_outer_limit_leaves_no_folder_behind(slow_job):
    """A worker killed at the outer limit cannot remove its own copy of the submission or its
    kernel's sockets: the local pool and the Dask path put them in a folder they remove."""
    student = slow_job["student"]
    results: list[dict] = []
    driver.run_jobs([driver.Job(**slow_job)], 1, results.append, outer_limit=4, progress=False)
    assert results[0]["reasons"] == ["grading took over 4 s and was stopped"]
    assert scratch_folders(student) == []
    assert job_process.run_job_with_limit(slow_job, outer_limit=4)["status"] == "failed"
    assert scratch_folders(student) == []


@pytest.mark.slow
def test_a_job_over_the_outer_limit_on_a_dask_cluster_is_failed_like_the_pools(slow_job):
    pytest.importorskip("distributed", reason="dask[distributed] is not installed")
    from distributed import LocalCluster

    from gamekit.grader.cluster import run_jobs_on_cluster

    class Job:
        student, assignment = slow_job["student"], slow_job["assignment"]

        def to_dict(self) -> dict:
            return slow_job

    results: list[dict] = []
    with LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        run_jobs_on_cluster(
            [Job()], cluster.scheduler_address, results.append, progress=False, outer_limit=4
        )
    assert [r["status"] for r in results] == ["failed"]
    assert results[0]["reasons"] == ["grading took over 4 s and was stopped"]


# --------------------------------------------------------------------------------------------
# A cell's outputs: bounded as they arrive, and when the cell ends
# --------------------------------------------------------------------------------------------


def message(kind: str, **content) -> dict:
    return {"msg_type": kind, "header": {"msg_type": kind}, "parent_header": {}, "content": content}


@pytest.fixture
def client() -> TrustedClient:
    runner = TrustedClient(nbformat.v4.new_notebook(), max_output=100_000)
    runner.clear_before_next_output = False  # as nbclient sets it when a cell starts
    return runner


def test_a_flood_of_output_is_not_kept_as_it_arrives(client):
    outs: list = []
    for _ in range(300):  # 300 MB of stderr, one megabyte a message
        client.output(outs, message("stream", name="stderr", text="x" * 1_000_000), None, 0)
    assert [o.get("text") for o in outs] == ["x" * (100_000 - STREAM_OVERHEAD), CUT_TEXT]
    client.output(outs, message("error", ename="E", evalue="v" * 10**6, traceback=["t"]), None, 0)
    assert outs[-1]["output_type"] == "error" and len(outs[-1]["evalue"]) < ERROR_CHARS + 100


def test_error_outputs_are_cut_and_always_kept(client):
    """An error after a long output still decides the cell: it is kept, its value and its
    traceback cut (the evalue and traceback of an error were never counted before)."""
    cell = nbformat.v4.new_code_cell("raise ValueError(...)")
    cell.outputs = [
        nbformat.v4.new_output("stream", name="stdout", text="o" * 99_000),
        nbformat.v4.new_output("display_data", data={"image/png": "p" * 50_000}),
        nbformat.v4.new_output(
            "error",
            ename="ValueError",
            evalue="x" * 5_000_000,
            traceback=["frame\n" * 1_000] * 1_000 + ["ValueError: " + "x" * 5_000_000],
        ),
    ]
    client._limit_output(cell)
    kinds = [o["output_type"] for o in cell.outputs]
    assert kinds == ["stream", "stream", "error"]  # the text, the cut marker, the error
    assert cell.outputs[0]["text"] == "o" * 99_000
    assert cell.outputs[1]["text"] == CUT_TEXT
    error = cell.outputs[2]
    assert error["ename"] == "ValueError"
    assert len(error["evalue"]) < ERROR_CHARS + 100
    assert output_size(error["traceback"], 10**9) < 2 * ERROR_CHARS
    assert error["traceback"][-1].startswith("ValueError: xxx")  # the end, which names it
    assert output_size(cell.outputs, 10**9) < 100_000 + 3 * ERROR_CHARS
    nbformat.validate(nbformat.v4.new_notebook(cells=[cell]))


def test_a_long_stream_keeps_its_start(client):
    cell = nbformat.v4.new_code_cell("")
    cell.outputs = [
        nbformat.v4.new_output("stream", name="stdout", text="a" * 60_000),
        nbformat.v4.new_output("stream", name="stderr", text="b" * 60_000),
        nbformat.v4.new_output("stream", name="stdout", text="c" * 10),
    ]
    client._limit_output(cell)
    assert [o["text"][:1] for o in cell.outputs] == ["a", "b", "\n"]
    assert cell.outputs[2]["text"] == CUT_TEXT
    assert output_size(cell.outputs[:2], 10**9) <= 100_000


def test_every_mime_type_and_metadata_is_counted(client):
    cell = nbformat.v4.new_code_cell("")
    cell.outputs = [
        nbformat.v4.new_output("display_data", data={"text/html": "h" * 60_000}),
        nbformat.v4.new_output(
            "display_data", data={"text/plain": "x"}, metadata={"big": "m" * 60_000}
        ),
        nbformat.v4.new_output("execute_result", data={"application/json": {"a": "j" * 60_000}}),
    ]
    client._limit_output(cell)
    assert len(cell.outputs) == 2 and cell.outputs[1]["text"] == CUT_TEXT
    assert output_size(cell.outputs, 10**9) <= 100_000


def test_display_updates_cannot_grow_a_cut_cell(client):
    """An update to a display whose cell is already over the limit empties it instead."""
    nb = client.nb
    nb.cells.append(nbformat.v4.new_code_cell(""))
    outs = nb.cells[0].outputs
    shown = message("display_data", data={"text/plain": "small"}, metadata={}, transient={})
    shown["content"]["transient"] = {"display_id": "d1"}
    client.output(outs, shown, "d1", 0)
    for _ in range(5):
        update = message(
            "update_display_data",
            data={"text/plain": "u" * 90_000},
            metadata={},
            transient={"display_id": "d1"},
        )
        client.output(outs, message("stream", name="stdout", text="s" * 30_000), None, 0)
        client._update_display_id("d1", update)
    assert output_size(outs, 10**9) <= 100_000 + len(CUT_TEXT) + 100


OUTPUT_MODEL = {
    "_model_name": "OutputModel",
    "_model_module": "@jupyter-widgets/output",
    "_model_module_version": "1.0.0",
    "outputs": [],
}


def test_widget_state_and_output_widgets_cannot_grow_the_notebook(client):
    """nbclient keeps every widget's state for the notebook's metadata, and mimics the Output
    widget by gathering outputs outside the cell's limit: the grader does neither."""
    opened = message(
        "comm_open",
        comm_id="w1",
        target_name="jupyter.widget",
        data={"state": OUTPUT_MODEL | {"big": "s" * 1_000_000}, "buffer_paths": []},
    )
    client.handle_comm_msg([], opened, 0)
    assert client.widget_state == {} and client.comm_objects == {}
    client.set_widgets_metadata()
    assert "widgets" not in client.nb.metadata
