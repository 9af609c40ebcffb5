"""Limits of the grading job's own process: what a submission can make the *grader* spend.

The kernel has its caps (`gamekit.grading.sandbox.Limits`); the job process that drives it, runs
nbclient and judges the test cells is trusted code, but the work it does depends on what the
kernel sends (outputs, replies, trace events). This module bounds that process:

- `limit_job_process`, called first thing in a job's process (the driver's worker, or the child
  that `run_job_with_limit` starts on a Dask worker): address space (`JOB_MEMORY_BYTES`), CPU
  time (`JOB_CPU_SECONDS`, a little over the outer limit, so it only acts if the wall clock
  guard did not), no core files. Soft limits only: the kernel, a child of the job, sets its
  own (lower) caps over them, as it always did.
- `run_job_with_limit`: one job in a child process killed at the outer limit, for the Dask path,
  where no pool watches the clock (the local pool kills its worker at ``driver.OUTER_LIMIT``).
- `cut_messages`: the strings of a result record (reasons, notes, flags, cell messages) cut to
  a size a summary and a feedback page can show.
- The sentences a job that hits one of these limits is failed with.

Inside the job, the replies of the kernel are bounded by `gamekit.grading.remote.ReplyLimits`
(events replayed, values decoded, bytes) and a cell's outputs by
`gamekit.grading.trusted.TrustedClient.max_output`.
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
from typing import Any

GIB = 1024**3

OUTER_LIMIT = 300.0
"""Seconds one job may take in all (the same figure as ``driver.OUTER_LIMIT``), not counting
the time its processes waited for a free processor (`JobClock`)."""

JOB_MEMORY_BYTES = 4 * GIB
"""Address space of the job process. Measured: a job grading the reference a02 peaks at 0.6 GB
of address space (160 MB resident); one receiving a 200 MB error message from the kernel at
1.8 GB (1.3 GB resident). 4 GiB leaves room for that and stops a runaway job before it takes
the machine; a kernel is capped at 2 GiB, so it cannot send much more."""

JOB_CPU_SECONDS = int(OUTER_LIMIT) + 60
"""CPU seconds of the job process (soft: SIGXCPU ends it). The wall-clock outer limit comes
first for any job; this one is the backstop if that guard fails."""

MESSAGE_CHARS = 2_000
"""Characters kept of each reason, note, flag or cell message of a result record."""

MESSAGES = 200
"""Reasons, notes or flags kept in a result record (each list)."""


def outer_limit_sentence(limit: float = OUTER_LIMIT) -> str:
    """What a job stopped at the outer limit is failed with (the local pool's sentence)."""
    return f"grading took over {limit:g} s and was stopped"


def is_outer_limit(reason: object) -> bool:
    """Is ``reason`` the sentence of a job stopped at the outer limit (any limit)?

    >>> is_outer_limit(outer_limit_sentence(12))
    True
    """
    text = str(reason)
    return text.startswith("grading took over ") and text.endswith(" s and was stopped")


def memory_sentence(limit: int = JOB_MEMORY_BYTES) -> str:
    """What a job that ran out of its memory is failed with."""
    return (
        f"grading this submission needed more than the grader's {limit / GIB:g} GiB of memory "
        "and was stopped"
    )


def death_sentence(exitcode: int | None) -> str:
    """Why a job process ended without a result, from its exit code."""
    if exitcode == -signal.SIGXCPU:
        return (
            f"grading used more than the grader's {JOB_CPU_SECONDS} s of CPU time and was stopped"
        )
    return "the grading process died"


def limit_job_process(
    memory_bytes: int = JOB_MEMORY_BYTES, cpu_seconds: int = JOB_CPU_SECONDS
) -> None:
    """Cap this process (a grading job): address space, CPU time, no core files.

    Soft limits: the kernel the job starts inherits them and lowers them for itself
    (`sandbox.Limits.apply`); a hard limit here would cap the kernel's own settings too.
    """
    import resource

    for name, value in (
        (resource.RLIMIT_AS, memory_bytes),
        (resource.RLIMIT_CPU, cpu_seconds),
        (resource.RLIMIT_CORE, 0),
    ):
        soft, hard = resource.getrlimit(name)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        if soft == resource.RLIM_INFINITY or value < soft:
            resource.setrlimit(name, (value, hard))


def _cut(text: Any) -> Any:
    if isinstance(text, str) and len(text) > MESSAGE_CHARS:
        return text[:MESSAGE_CHARS] + f" [... {len(text) - MESSAGE_CHARS:,} characters cut]"
    return text


def cut_messages(result: dict) -> dict:
    """``result`` with every message cut to `MESSAGE_CHARS` and each list to `MESSAGES`."""
    for key in ("reasons", "notes", "flags"):
        entries = result.get(key)
        if not isinstance(entries, list):
            continue
        more = len(entries) - MESSAGES
        entries = [
            {k: _cut(v) for k, v in e.items()} if isinstance(e, dict) else _cut(e)
            for e in entries[:MESSAGES]
        ]
        if more > 0:
            note = f"[... {more:,} more cut by the grader]"
            entries.append(
                {"kind": "cut", "notebook": "", "cell": None, "message": note, "severity": "flag"}
                if key == "flags"
                else note
            )
        result[key] = entries
    cells = result.get("cells")
    for cell in cells if isinstance(cells, list) else []:
        if isinstance(cell, dict):
            cell["message"] = _cut(cell.get("message", ""))
    return result


# --------------------------------------------------------------------------------------------
# One job in a child process, killed at the outer limit (the Dask path)
# --------------------------------------------------------------------------------------------


def failed_result(job: dict, reason: str) -> dict:
    """A failed result record for ``job`` (a job dict) with ``reason``."""
    from types import SimpleNamespace

    from gamekit.grading.job import STATUS_FAILED, empty_result

    who = SimpleNamespace(
        assignment=job.get("assignment", ""),
        student=job.get("student", ""),
        recheck=bool(job.get("recheck")),
    )
    return empty_result(who, STATUS_FAILED, [reason])  # type: ignore[arg-type]


HARD_FACTOR = 4.0
"""Whatever the machine's load, a job is stopped after this many times the outer limit of
wall-clock time."""


class JobClock:
    """The time a job has taken, as its outer limit counts it: wall-clock time since it began,
    less the time its processes (the job and its kernel, the main thread of each) waited for a
    free processor, so a busy machine does not stop a job; capped at `HARD_FACTOR` times the
    limit of plain wall-clock time."""

    def __init__(self, pid: int) -> None:
        self.pid, self.started = pid, time.monotonic()
        self.waits: dict[int, tuple[float, float]] = {}  # pid -> (wait when first seen, now)
        self.seconds()  # the waits so far are not the job's: read them as the baseline

    def seconds(self) -> float:
        """The job's own seconds so far (the waits of its processes since the clock began; a
        process that ended keeps the wait last read)."""
        from gamekit.grading.budget import waiting_seconds
        from gamekit.grading.sandbox import descendants

        for pid in descendants(self.pid):
            now = waiting_seconds(pid)
            first = self.waits.get(pid, (now, now))[0]
            self.waits[pid] = (first, max(now, first))
        waited = sum(last - first for first, last in self.waits.values())
        return time.monotonic() - self.started - waited

    def over(self, limit: float) -> bool:
        wall = time.monotonic() - self.started
        return wall > limit and (self.seconds() > limit or wall > HARD_FACTOR * limit)


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
                [sys.executable, "-m", "gamekit.grading.bounds", folder],
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
    """``python -m gamekit.grading.bounds FOLDER``: grade FOLDER/job.json, bounded, into
    FOLDER/result.json."""
    _die_with_parent()
    limit_job_process()
    where = Path(folder)
    job = json.loads((where / "job.json").read_text())
    from gamekit.grading.job import grade_job

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
