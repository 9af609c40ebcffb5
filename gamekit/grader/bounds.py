"""Limits of the grading job's own process: what a submission can make the *grader* spend.

The kernel has its caps (`gamekit.grader.sandbox.Limits`); the job process that drives it, runs
nbclient and judges the test cells is trusted code, but the work it does depends on what the
kernel sends (outputs, replies, trace events). This module bounds that process:

- `limit_job_process`, called first thing in a job's process (the driver's worker, or the
  child that `gamekit.grader.job_process` starts on a Dask worker): address space
  (`JOB_MEMORY_BYTES`), CPU time (`JOB_CPU_SECONDS`, a little over the outer limit, so it
  only acts if the wall clock guard did not), no core files. Soft limits only: the kernel, a
  child of the job, sets its own (lower) caps over them, as it always did.
- `JobClock`: a job's own time, which its outer limit counts (the local pool's in
  `gamekit.grader.driver`, and `gamekit.grader.job_process` on the Dask path).
- `cut_messages`: the strings of a result record (reasons, notes, flags, cell messages) cut to
  a size a summary and a feedback page can show.
- The sentences a job that hits one of these limits is failed with.

Inside the job, the replies of the kernel are bounded by `gamekit.checks.remote.ReplyLimits`
(events replayed, values decoded, bytes) and a cell's outputs by
`gamekit.grader.trusted.TrustedClient.max_output`.
"""

from __future__ import annotations

import json
import signal
import time
from typing import Any

from gamekit.i18n import kept_sentence

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
    return kept_sentence(
        "grading took over {seconds} s and was stopped", seconds=format(limit, "g")
    )


def is_outer_limit(reason: object) -> bool:
    """Is ``reason`` the sentence of a job stopped at the outer limit (any limit)?

    >>> is_outer_limit(outer_limit_sentence(12))
    True
    """
    text = str(reason)
    return text.startswith("grading took over ") and text.endswith(" s and was stopped")


def memory_sentence(limit: int = JOB_MEMORY_BYTES) -> str:
    """What a job that ran out of its memory is failed with."""
    return kept_sentence(
        "grading this submission needed more than the grader's {gib} GiB of memory and was stopped",
        gib=format(limit / GIB, "g"),
    )


def death_sentence(exitcode: int | None) -> str:
    """Why a job process ended without a result, from its exit code."""
    if exitcode == -signal.SIGXCPU:
        return kept_sentence(
            "grading used more than the grader's {seconds} s of CPU time and was stopped",
            seconds=JOB_CPU_SECONDS,
        )
    return kept_sentence("the grading process died")


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
    kept = result.get("said")
    if isinstance(kept, dict):  # a kept sentence as long as a cut one is not kept at all
        result["said"] = {
            k: v for k, v in list(kept.items())[:MESSAGES] if len(json.dumps(v)) <= MESSAGE_CHARS
        }
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
        from gamekit.grader.budget import waiting_seconds
        from gamekit.grader.sandbox import descendants

        for pid in descendants(self.pid):
            now = waiting_seconds(pid)
            first = self.waits.get(pid, (now, now))[0]
            self.waits[pid] = (first, max(now, first))
        waited = sum(last - first for first, last in self.waits.values())
        return time.monotonic() - self.started - waited

    def over(self, limit: float) -> bool:
        wall = time.monotonic() - self.started
        return wall > limit and (self.seconds() > limit or wall > HARD_FACTOR * limit)
