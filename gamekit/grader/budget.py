"""A graded cell's time limit, in CPU time: the same verdict on an idle machine and a busy one.

A cell may use `cell_limit` seconds of CPU time, counted over every process of the student's
kernel (the sandbox's process tree, `SandboxMixin.cpu_seconds`), never the wall clock: on a
machine shared with other work, a cell that needs 2 s of CPU may take 20 s to get them, and that
is not the student's doing. A cap `WALL_FACTOR` times larger on the time the cell runs, sleeps
or blocks (wall-clock time less the time the kernel waited for a processor) still stops code
that sleeps or blocks without using the CPU.

The limit of a cell is calibrated on the course's own answers: `python -m gamekit.course
calibrate` grades the reference answers and records each cell's CPU time in
``source/cpu_reference.json`` (beside the assignments' folders, so no release carries it); a
cell may use `REFERENCE_FACTOR` times that, and at
least the course's one setting, ``c.Execute.timeout`` in ``nbgrader_config.py`` (the floor).

>>> cell_limit(20.0, None)
20.0
>>> cell_limit(20.0, 0.4)
20.0
>>> cell_limit(20.0, 5.0)
50.0
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

from gamekit.i18n import kept_sentence

WALL_FACTOR = 3.0
"""The wall-clock cap of a cell is this many times its CPU limit."""

REFERENCE_FACTOR = 10.0
"""A cell may use this many times the CPU time the course's answers need there."""

POLL = 0.1
"""Seconds between two looks at the kernel's CPU time while the grader waits."""

REFERENCE_FILE = "cpu_reference.json"
"""In ``source/``: assignment -> grade_id -> CPU seconds the reference answers need."""


def cell_limit(floor: float, reference: float | None) -> float:
    """CPU seconds a cell may use: `REFERENCE_FACTOR` times the reference's, at least ``floor``."""
    if not reference:
        return float(floor)
    return max(float(floor), round(REFERENCE_FACTOR * reference, 1))


def read_reference(folder: Path) -> dict[str, dict[str, float]]:
    """assignment -> grade_id -> CPU seconds the course's answers need in that cell, from
    ``folder``'s `REFERENCE_FILE` (empty where nothing was measured)."""
    try:
        data = json.loads((folder / REFERENCE_FILE).read_text())
    except (OSError, ValueError):
        return {}
    found: dict[str, dict[str, float]] = {}
    for assignment, cells in (
        data.get("assignments", {}) if isinstance(data, dict) else {}
    ).items():
        if isinstance(cells, dict):
            found[str(assignment)] = {
                str(k): float(v) for k, v in cells.items() if type(v) in (int, float) and v >= 0
            }
    return found


def waiting_seconds(pid: int | str = "self") -> float:
    """Seconds the main thread of process ``pid`` spent runnable but waiting for a processor
    (the run-queue wait of Linux's ``/proc/PID/schedstat``): time the machine's other work
    took. 0 where Linux does not say."""
    try:
        with open(f"/proc/{pid}/schedstat") as stat:
            return int(stat.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0


class CellBudget:
    """The time of one cell: ``cpu_limit`` seconds of the kernel's CPU (read with
    ``cpu_clock``), and a cap of ``wall_limit`` seconds on the time it runs, sleeps or blocks.

    The cap does not count the time the kernel or the grader was ready to run but waited for a
    processor (``wait_clock``: the machine's other work), so a busy machine stops no cell. A
    `gamekit.checks.remote.CellClock`: the grader's waits on the kernel end when it runs out.
    Without clocks (no kernel process to measure) the cap is plain wall-clock time.
    """

    def __init__(
        self,
        cpu_limit: float,
        wall_limit: float,
        cpu_clock: Callable[[], float] | None = None,
        wait_clock: Callable[[], float] | None = None,
    ) -> None:
        self.cpu_limit, self.wall_limit = cpu_limit, wall_limit
        self.cpu_clock, self.wait_clock = cpu_clock, wait_clock
        self.wall_start = time.monotonic()
        self.cpu_start = cpu_clock() if cpu_clock else 0.0
        self.wait_start = wait_clock() if wait_clock else 0.0
        self._cpu, self._wait, self._read_at = self.cpu_start, self.wait_start, time.monotonic()
        self.stopped_by: str | None = None  # "cpu" or "wall", once the cell ran out
        self.cpu_at_stop = 0.0  # the kernel's CPU seconds in the cell when it ran out

    def _read(self) -> tuple[float, float]:
        """The two clocks, read at most once per `POLL / 2` (a ladder of many quick calls
        asks often; reading the kernel's processes is not free)."""
        now = time.monotonic()
        if now - self._read_at >= POLL / 2:
            self._read_at = now
            self._cpu = self.cpu_clock() if self.cpu_clock else 0.0
            self._wait = self.wait_clock() if self.wait_clock else 0.0
        return self._cpu, self._wait

    def cpu_used(self) -> float:
        """CPU seconds the kernel's processes used since the cell began."""
        return max(0.0, self._read()[0] - self.cpu_start)

    def wall_used(self) -> float:
        """Seconds since the cell began, less those the kernel waited for a processor."""
        waited = max(0.0, self._read()[1] - self.wait_start)
        return time.monotonic() - self.wall_start - waited

    def over(self) -> str | None:
        """ "cpu" or "wall" when the cell has run out of that, else None (and remembers it)."""
        if self.stopped_by is None:
            if self.cpu_clock is not None and self.cpu_used() > self.cpu_limit:
                self.stopped_by = "cpu"
            elif self.wall_used() > self.wall_limit:
                self.stopped_by = "wall"
            if self.stopped_by is not None:
                self.cpu_at_stop = self.cpu_used()
        return self.stopped_by

    def stop(self, kind: str) -> None:
        """Note that the cell was stopped (``kind``: "cpu" or "wall"), unless it already was."""
        if self.over() is None:
            self.stopped_by, self.cpu_at_stop = kind, self.cpu_used()

    def wall_left(self) -> float:
        return 0.0 if self.over() else self.wall_limit - self.wall_used()

    def left(self) -> float:
        """Seconds to wait before looking again: a short slice while time is left, else 0."""
        return min(POLL, self.wall_left())


def timeout_sentence(
    budget_or_kind: str, cpu_used: float, cpu_limit: float, wall_limit: float,
    reference: float | None, confirmed: bool = False,
) -> str:  # fmt: skip
    """What a stopped cell's message says: only what was measured, never a guessed cause."""
    if budget_or_kind == "wall":
        stopped = kept_sentence(
            "this cell was stopped after {wall} s, the cap on the time a cell may run, sleep or "
            "wait for a reply (it had used {cpu} s of CPU time)",
            wall=format(wall_limit, "g"),
            cpu=format(cpu_used, ".1f"),
        )
    else:
        stopped = kept_sentence(
            "your code used more than {limit} s of CPU time in this cell, its limit, and was "
            "stopped",
            limit=format(cpu_limit, "g"),
        )
    needs = (
        kept_sentence(
            "; with the course's answers this cell needs {reference} s of CPU",
            reference=format(reference, ".2g"),
        )
        if reference
        else ""
    )
    again = (
        kept_sentence(
            " (this is a second grading of your notebook, run alone after a time limit stopped "
            "the first)"
        )
        if confirmed
        else ""
    )
    return kept_sentence("{stopped}{needs}{again}", stopped=stopped, needs=needs, again=again)
