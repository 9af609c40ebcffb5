"""Limits of writing one feedback page: what a submission can make ``make feedback`` spend.

A page shows what a notebook holds, and a notebook can hold a great deal: a 48 KB markdown
cell of 1,500 formulas once made a 7.1 MiB page and a minute of CPU. The page caps what it
draws (`gamekit.grader.feedback_page.Budget`: formulas, pictures); this module bounds the rest,
per page, as grading bounds a job (`gamekit.grader.bounds`):

- each page is written by a child process of its own (forked from the writer, which has the
  page's modules imported already, so a page costs milliseconds to start): address space
  (`PAGE_MEMORY_BYTES` over what the writer maps), CPU time (`PAGE_CPU_SECONDS`), killed at
  `PAGE_SECONDS` of wall-clock time, and a page over `PAGE_BYTES` is not written;
- when a limit is reached, or drawing the page fails, the student gets a short page instead
  (`feedback_page.render_short_page`: the score and the table of graded cells, and a sentence
  saying why the notebook is not shown), and the next page goes on.

`write_page` writes one page this way and says how it went (`Outcome`).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MIB = 1024 * 1024

PAGE_SECONDS = 120.0
"""Wall-clock seconds one page may take. A course notebook's page takes about a second; a
markdown cell of 150,000 formulas (1.8 MB) about 10 s of CPU."""

PAGE_CPU_SECONDS = 60
"""CPU seconds of the process writing one page."""

PAGE_MEMORY_BYTES = 1024 * MIB
"""Address space the process writing one page may add to what the writer already maps."""

PAGE_BYTES = 16 * MIB
"""Bytes of one page; a larger page is not written (the short page is)."""

EXIT_MEMORY = 3
EXIT_ERROR = 4
EXIT_TOO_BIG = 5


@dataclass
class PageTask:
    """One page to write: for a graded notebook (``graded``) or a status page (None)."""

    target: Path
    info: Any  # feedback_page.PageInfo
    scores: dict[str, Any] = field(default_factory=dict)  # grade_id -> feedback_page.CellScore
    graded: Path | None = None
    out_of: float = 0.0
    release: Path | None = None  # the notebook as handed out: its parts and exercises


@dataclass
class Outcome:
    """How writing a page went: ``short`` says why the short page was written instead (empty
    when the whole page was); ``error`` is set when drawing the page failed (a bug to report)."""

    target: Path
    short: str = ""
    error: str = ""


def preload() -> None:
    """Import what drawing a page needs, once, in the writer: every forked child has it."""
    import markupsafe  # noqa: F401
    import matplotlib.backends.backend_svg  # noqa: F401
    import matplotlib.figure  # noqa: F401
    import mistune  # noqa: F401
    import nbformat  # noqa: F401
    import PIL.Image  # noqa: F401

    import gamekit.grader.feedback_page  # noqa: F401


def render(task: PageTask) -> str:
    """The page ``task`` asks for (no limits: `write_page` runs this in a bounded child)."""
    from gamekit.grader.feedback_page import render_notebook_page, render_status_page

    if task.graded is None:
        return render_status_page(task.info, task.out_of)
    import nbformat

    notebook = nbformat.read(task.graded, as_version=4)
    release = None
    if task.release is not None and task.release.is_file():
        release = nbformat.read(task.release, as_version=4)
    return render_notebook_page(notebook, task.info, task.scores, release)


def _mapped_bytes() -> int:
    """The address space of this process now (Linux), or 0 when it cannot be read."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 0
    return pages * os.sysconf("SC_PAGE_SIZE")


def _part(target: Path) -> Path:
    return target.with_name(target.name + ".part")


def _child(task: PageTask, memory_bytes: int, cpu_seconds: int, pipe: Any) -> None:
    """Draw the page within the limits and write it to ``<target>.part``; report by exit code
    (and, for an error, its words through ``pipe``)."""
    from gamekit.grader.bounds import limit_job_process

    limit_job_process(memory_bytes=memory_bytes, cpu_seconds=cpu_seconds)
    try:
        data = render(task).encode("utf-8")
    except MemoryError:
        os._exit(EXIT_MEMORY)
    except BaseException as error:  # noqa: BLE001 - said to the writer, who goes on
        with contextlib.suppress(Exception):
            pipe.send(f"{type(error).__name__}: {str(error)[:300]}")
        os._exit(EXIT_ERROR)
    if len(data) > PAGE_BYTES:
        with contextlib.suppress(Exception):
            pipe.send(str(len(data)))
        os._exit(EXIT_TOO_BIG)
    _part(task.target).write_bytes(data)
    os._exit(0)


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def write_page(
    task: PageTask,
    seconds: float = PAGE_SECONDS,
    cpu_seconds: int = PAGE_CPU_SECONDS,
    memory_bytes: int = PAGE_MEMORY_BYTES,
) -> Outcome:
    """Write ``task``'s page in a child process within the limits; on any limit (or an error
    drawing it) write the short page instead. Either way ``task.target`` is a page after."""
    from gamekit.grader.feedback_page import render_short_page

    task.target.parent.mkdir(parents=True, exist_ok=True)
    part = _part(task.target)
    part.unlink(missing_ok=True)
    context = _context()
    receive, send = context.Pipe(duplex=False)
    child = context.Process(
        target=_child,
        args=(task, _mapped_bytes() + memory_bytes, cpu_seconds, send),
        daemon=True,
    )
    child.start()
    send.close()
    child.join(seconds)
    timed_out = child.is_alive()
    if timed_out:
        child.kill()
        child.join()
    said = ""
    with contextlib.suppress(Exception):
        if receive.poll():
            said = str(receive.recv())
    receive.close()
    code = child.exitcode
    outcome = Outcome(task.target)
    if timed_out:
        outcome.short = f"writing it took over {seconds:g} s"
    elif code == 0 and part.is_file():
        part.replace(task.target)
        return outcome
    elif code == -signal.SIGXCPU:
        outcome.short = f"writing it took over {cpu_seconds} s of CPU time"
    elif code == EXIT_MEMORY or code == -signal.SIGKILL:
        outcome.short = f"writing it needed more than {memory_bytes // MIB:,} MB of memory"
    elif code == EXIT_TOO_BIG:
        size = int(said) if said.isdigit() else 0
        outcome.short = (
            f"it would be {size / MIB:.1f} MB, over the {PAGE_BYTES / MIB:g} MB a page may be"
        )
    else:
        outcome.short = "it could not be drawn"
        outcome.error = said or f"the page's process ended with code {code}"
    part.unlink(missing_ok=True)
    if task.graded is None:  # a status page is tiny: its failure is a bug, said as such
        outcome.error = outcome.error or outcome.short
    page = render_short_page(task.info, task.scores, outcome.short)
    part.write_text(page, encoding="utf-8")
    part.replace(task.target)
    return outcome
