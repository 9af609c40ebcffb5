"""One grading job in a child process of its own, killed at its outer limit: the Dask path.

The local pool (`gamekit.grader.driver`) watches its workers' clocks itself; a Dask worker
(`gamekit.grader.cluster`) has no such watcher, so it grades each job through
`run_job_with_limit`, which starts ``python -m gamekit.grader.job_process FOLDER``: that child
caps itself (`gamekit.grader.bounds.limit_job_process`), grades FOLDER/job.json
(`gamekit.grader.job.grade_job`) and writes FOLDER/result.json. The parent kills the child's
whole process group when the job's own time (`gamekit.grader.bounds.JobClock`) passes the limit.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gamekit.grader.bounds import (
    OUTER_LIMIT,
    JobClock,
    cut_messages,
    death_sentence,
    limit_job_process,
    memory_sentence,
    outer_limit_sentence,
)
from gamekit.grader.job import STATUS_FAILED, empty_result, grade_job


def failed_result(job: dict, reason: str) -> dict:
    """A failed result record for ``job`` (a job dict) with ``reason``."""
    from types import SimpleNamespace

    who = SimpleNamespace(
        assignment=job.get("assignment", ""),
        student=job.get("student", ""),
        recheck=bool(job.get("recheck")),
    )
    return empty_result(who, STATUS_FAILED, [reason])  # type: ignore[arg-type]


def run_job_with_limit(job: dict, outer_limit: float = OUTER_LIMIT) -> dict:
    """Grade ``job`` in a child process of its own (`limit_job_process` applied) and return
    its result record; at ``outer_limit`` seconds of its own time (`JobClock`) the child (its
    whole process group) is killed and the job failed with `outer_limit_sentence`, as the local
    pool does.

    A child process, not a thread: only a process can be stopped for sure, and its memory
    given back. Started with ``subprocess`` (a fresh interpreter): a Dask worker is a daemonic
    process, which `multiprocessing` does not let have children.
    """
    with tempfile.TemporaryDirectory(prefix="gamekit-job-") as folder:
        where = Path(folder)
        (where / "job.json").write_text(json.dumps(job))
        with open(where / "stderr.txt", "wb") as errors:
            child = subprocess.Popen(
                [sys.executable, "-m", "gamekit.grader.job_process", folder],
                env={**os.environ, "TMPDIR": folder},  # its temporary folders go with this one
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=errors,
                start_new_session=True,  # its own process group: killed as a whole
            )
            clock = JobClock(child.pid)
            try:
                while child.poll() is None:
                    if clock.over(outer_limit):
                        _kill_group(child)
                        return failed_result(job, outer_limit_sentence(outer_limit))
                    time.sleep(0.1)
            except BaseException:
                _kill_group(child)
                raise
        result_file = where / "result.json"
        if child.returncode != 0 or not result_file.exists():
            return failed_result(job, death_sentence(child.returncode))
        return json.loads(result_file.read_text())


def _kill_group(child: subprocess.Popen) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(child.pid, signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError):
        child.kill()
    child.wait()


def _die_with_parent() -> None:
    """Ask Linux to kill this process when its parent dies (a Dask worker that is gone)."""
    parent = os.getppid()
    with contextlib.suppress(Exception):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # the parent died before the request: go now
        os._exit(1)


def _child_main(folder: str) -> int:
    """``python -m gamekit.grader.job_process FOLDER``: grade FOLDER/job.json, bounded, into
    FOLDER/result.json."""
    _die_with_parent()
    limit_job_process()
    where = Path(folder)
    job = json.loads((where / "job.json").read_text())
    started = time.monotonic()
    try:
        result = grade_job(job)
    except MemoryError:
        result = failed_result(job, memory_sentence())
    result.setdefault("timings", {})["process"] = round(time.monotonic() - started, 3)
    part = where / "result.json.part"
    part.write_text(json.dumps(cut_messages(result)))
    os.replace(part, where / "result.json")
    return 0


if __name__ == "__main__":
    sys.exit(_child_main(sys.argv[1]))
