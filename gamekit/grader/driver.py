"""The grading driver: one job per submission, grades written only from here, checked after.

``python -m gamekit.course grade [ASSIGNMENT] [--student S] [--workers N] [--force]`` runs
`grade`. For each assignment it

1. puts the assignment into the gradebook when it is missing (``nbgrader generate_assignment``),
   under a lock (`gradebook_lock`) so that runs started together on a new gradebook add it once;
2. builds one `gamekit.grader.job.Job` per student: the release, the submitted files and the
   hidden tests (read from the gradebook here; the job's kernel never sees them);
3. runs the jobs in separate worker processes, N at a time, each with an outer time limit;
   a job whose submission, release and hidden tests are unchanged since its last result is not
   run again (unless ``force``), so an interrupted run resumes where it stopped;
4. writes each result as it arrives: the scores into nbgrader's gradebook, the graded notebook
   into ``autograded/`` (for feedback and the formgrader), and the whole result record into the
   driver's own table ``gamekit_results`` in the same database (the *ledger*);
5. checks the gradebook against the ledger: an automatic score that differs from what the
   driver wrote is reported and put back. Scores an instructor gave by hand are never written.

Statuses per student and assignment: graded, failed (with the reason), missing (nothing handed
in: never shown as a 0), flagged (graded, but the lint found something the instructor should
look at), and "to grade by hand" while free-text answers wait for the formgrader.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import multiprocessing
import os
import shutil
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamekit.grader import bounds
from gamekit.grader.budget import read_reference
from gamekit.grader.intake import fingerprint, read_small
from gamekit.grader.job import (
    RUN_PATH_ROOM,
    STATUS_FAILED,
    STATUS_GRADED,
    STATUS_MISSING,
    Job,
    empty_result,
    environment_with,
    short_temp_dir,
)
from gamekit.grader.ledger import _ledger, _write_ledger, read_ledger, retrying
from gamekit.grader.settings import cell_time_setting

LITERAL_CELLS = {
    "a01_minimax": ["vocabulary_answer", "hand_values_answer"],
    "a02_alphabeta": ["intervals_answer", "pruned_answer"],
}
"""Answer cells graded from their source as typed literals (the by-hand exercises)."""

OUTER_LIMIT = bounds.OUTER_LIMIT
"""Seconds one job may take in all before its worker is stopped (cells have 20 s each)."""


class GradingSetupError(RuntimeError):
    """Something the instructor must fix before grading can run; the message says what."""


# --------------------------------------------------------------------------------------------
# Building jobs
# --------------------------------------------------------------------------------------------


DB_URL_VARIABLE = "GAMEKIT_DB_URL"
"""Environment variable naming the gradebook's database (nbgrader_config.py reads it too)."""


def db_url_of(root: Path) -> str:
    """The gradebook's URL: ``$GAMEKIT_DB_URL`` when set (e.g. PostgreSQL), else the course's
    SQLite file."""
    return os.environ.get(DB_URL_VARIABLE) or "sqlite:///" + str(root / "gradebook.db")


def _db_url_in_environment(db_url: str):
    """nbgrader, run as a command, must see the same gradebook as the driver."""
    return environment_with(**{DB_URL_VARIABLE: db_url})


SETUP_LOCK = 0x67616D656B6974
"""PostgreSQL advisory lock key of `gradebook_lock` (the bytes of "gamekit")."""


@contextlib.contextmanager
def gradebook_lock(db_url: str) -> Iterator[None]:
    """Hold the gradebook's setup lock: one grading run at a time creates the tables or adds an
    assignment, so a run started at the same moment never reads a half-added assignment.

    SQLite: an exclusive ``flock`` on ``<database>.lock`` beside the file; PostgreSQL: an
    advisory lock. Either is let go when its process dies. Other databases: no lock (the
    retries of `gamekit.grader.ledger.retrying` still apply).
    """
    import sqlalchemy as sa

    url = sa.engine.make_url(db_url)
    backend = url.get_backend_name()
    if backend == "sqlite" and url.database not in (None, "", ":memory:"):
        import fcntl

        with open(f"{url.database}.lock", "a") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)
    elif backend == "postgresql":
        # Autocommit: the session holds the lock, no transaction stays open while it waits.
        engine = sa.create_engine(db_url, poolclass=sa.pool.NullPool, isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as conn:
                conn.execute(sa.text("SELECT pg_advisory_lock(:key)"), {"key": SETUP_LOCK})
                try:
                    yield
                finally:
                    conn.execute(sa.text("SELECT pg_advisory_unlock(:key)"), {"key": SETUP_LOCK})
        finally:
            engine.dispose()
    else:
        yield


def _has_assignment(db_url: str, assignment: str) -> bool:
    """Whether the gradebook holds ``assignment`` (opening it creates nbgrader's tables)."""
    from nbgrader.api import Gradebook, MissingEntry

    with Gradebook(db_url) as gb:
        try:
            gb.find_assignment(assignment)
        except MissingEntry:
            return False
    return True


def ensure_in_gradebook(root: Path, assignment: str, db_url: str, log=print) -> None:
    """Put ``assignment`` into the gradebook (with its hidden tests) if it is not there yet,
    and create the ledger's table. Under `gradebook_lock`, so that two runs starting on a new
    gradebook do it once: the second waits, then finds everything in place."""
    tools = os.path.dirname(sys.executable)  # nbgrader runs alembic by name: find this env's
    if tools not in os.environ.get("PATH", "").split(os.pathsep):
        os.environ["PATH"] = tools + os.pathsep + os.environ.get("PATH", "")
    with gradebook_lock(db_url):
        if not _has_assignment(db_url, assignment):
            _add_assignment(root, assignment, db_url, log)
        _ledger(db_url)[0].dispose()


def _add_assignment(root: Path, assignment: str, db_url: str, log) -> None:
    log(f"{assignment}: not in the gradebook yet; adding it (nbgrader generate_assignment)")
    from gamekit.grader.nbgrader_run import nbgrader

    done = nbgrader(root, "generate_assignment", assignment, "--force", check=False)
    if done.returncode != 0 and not _has_assignment(db_url, assignment):
        lines = [ln for ln in (done.stdout + done.stderr).splitlines() if "ERROR" in ln]
        raise GradingSetupError(
            f"{assignment} could not be added to the gradebook: "
            + ("; ".join(lines[-3:]) or "nbgrader generate_assignment failed")
        )


def hidden_tests(db_url: str, assignment: str) -> dict[str, dict[str, dict]]:
    """Every instructor cell of ``assignment`` as the gradebook stores it (hidden tests in)."""
    from nbgrader.api import Gradebook

    cells: dict[str, dict[str, dict]] = {}
    with Gradebook(db_url) as gb:
        for notebook in gb.find_assignment(assignment).notebooks:
            points = {g.name: g.max_score for g in notebook.grade_cells}
            cells[notebook.name + ".ipynb"] = {
                s.name: {
                    "source": s.source,
                    "cell_type": s.cell_type,
                    "points": points.get(s.name, 0),
                }
                for s in notebook.source_cells
            }
    return cells


def _digest(job: Job) -> str:
    """Changes when the submission (its folder's `intake.fingerprint`), the release, the hidden
    tests or the settings (the cells' time limits) change."""
    submitted = job.fingerprint if job.folder else job.submission
    text = json.dumps(
        [job.release, job.hidden, submitted, job.literal_cells, job.timeout, job.reference_cpu],
        sort_keys=True,
    )
    return hashlib.sha256(text.encode()).hexdigest()


def build_jobs(
    root: Path, assignment: str, db_url: str, students: Iterable[str] | None, sandbox: str = "auto"
) -> list[Job]:
    release_dir = root / "release" / assignment
    if not release_dir.is_dir():
        raise GradingSetupError(f"release/{assignment} is missing: run `make release` first")
    release = {p.name: p.read_text() for p in sorted(release_dir.glob("*.ipynb"))}
    hidden = hidden_tests(db_url, assignment)
    seconds = cell_time_setting(root)
    reference = read_reference(root / "source").get(assignment, {})
    submitted = root / "submitted"
    names = set(students or [])
    if not names:
        names = {p.parent.name for p in submitted.glob(f"*/{assignment}") if p.is_dir()}
        names |= set(gradebook_students(db_url))
    # The folders are read later, one job at a time as it is sent off (Job.to_dict), never
    # the whole class at once; here only their fingerprints, from lstat.
    return [
        Job(
            assignment,
            student,
            release,
            hidden,
            {},
            LITERAL_CELLS.get(assignment, []),
            timeout=seconds,
            reference_cpu=reference,
            sandbox=sandbox,
            folder=str(submitted / student / assignment),
            fingerprint=fingerprint(submitted / student / assignment),
        )
        for student in sorted(names)
    ]


def gradebook_students(db_url: str) -> list[str]:
    """The gradebook's students. Opening a gradebook creates its tables when they are missing,
    and two runs started together on a new PostgreSQL gradebook raced there (a type or the
    ``alembic_version`` table created twice), so it is opened under `gradebook_lock`, as
    `ensure_in_gradebook` adds an assignment; `gamekit.grader.ledger.retrying` stays for a
    lock-less database."""
    from nbgrader.api import Gradebook

    found: list[str] = []

    def read() -> None:
        with Gradebook(db_url) as gb:
            found[:] = [s.id for s in gb.students]

    # nbgrader runs `alembic` by name when it finds the tables half made: this environment's.
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    with environment_with(PATH=path), gradebook_lock(db_url):
        retrying(read)
    return found


# --------------------------------------------------------------------------------------------
# Running jobs in worker processes
# --------------------------------------------------------------------------------------------


def _worker(job: dict, pipe, scratch: str | None = None) -> None:
    from gamekit.grader import bounds

    if scratch:  # every temporary folder of the job (its copy, its kernel's sockets) goes here
        os.environ["TMPDIR"] = scratch
        tempfile.tempdir = None
    bounds.limit_job_process()  # the job process's own limits: memory, CPU time, no core file
    from gamekit.grader.job import grade_job

    pipe.send(json.dumps(bounds.cut_messages(grade_job(job))))
    pipe.close()


def _context():
    """Workers start from a clean interpreter, never as a copy of the driver's process: the
    driver may live in a notebook or a test run whose modules were changed."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if context.get_start_method() == "forkserver":
        # Loaded once in the server the jobs are forked from, not once per job (`preload`).
        context.set_forkserver_preload(["gamekit.grader.preload"])
    return context


def run_jobs(
    jobs: list[Job],
    workers: int,
    on_result: Callable[[dict], None],
    outer_limit: float = OUTER_LIMIT,
    progress: bool = True,
) -> None:
    """Run every job in its own process, ``workers`` at a time; hand each result over as it
    comes. A worker that dies or runs over ``outer_limit`` costs only its own job."""
    from tqdm.auto import tqdm

    ctx = _context()
    # The jobs' temporary folders live in one folder of the run's, removed at the end: a worker
    # killed at the outer limit cannot clean up after itself.
    scratch = tempfile.mkdtemp(prefix="gk-", dir=short_temp_dir(RUN_PATH_ROOM))
    waiting = list(jobs)
    running: list[tuple[Any, Any, Job, bounds.JobClock]] = []
    bar = tqdm(total=len(jobs), unit="submission", disable=not progress, leave=False)
    try:
        while waiting or running:
            while waiting and len(running) < max(1, workers):
                job = waiting.pop(0)
                receive, send = ctx.Pipe(duplex=False)
                process = ctx.Process(
                    target=_worker, args=(job.to_dict(), send, scratch), daemon=False
                )
                process.start()
                send.close()
                running.append((process, receive, job, bounds.JobClock(process.pid)))
            for entry in list(running):
                process, receive, job, clock = entry
                result = None
                if receive.poll(0.05):
                    try:
                        result = json.loads(receive.recv())
                    except (EOFError, OSError, ValueError):
                        process.join(timeout=10)
                        result = _failed(job, bounds.death_sentence(process.exitcode))
                elif not process.is_alive():
                    result = _failed(job, bounds.death_sentence(process.exitcode))
                elif clock.over(outer_limit):
                    process.kill()
                    result = _failed(job, bounds.outer_limit_sentence(outer_limit))
                if result is None:
                    continue
                process.join(timeout=10)
                receive.close()
                running.remove(entry)
                on_result(result)
                bar.update(1)
    finally:
        for process, *_ in running:
            process.kill()
        bar.close()
        shutil.rmtree(scratch, ignore_errors=True)


def _failed(job: Job, reason: str) -> dict:
    return empty_result(job, STATUS_FAILED, [reason])


def needs_recheck(result: dict) -> bool:
    """Did a time limit stop this job (a cell, or the whole job at the outer limit)? Such a
    result is not scored until the submission has been graded again, alone: a busy machine
    must never cost a point."""
    if result["status"] == STATUS_FAILED:
        return any(bounds.is_outer_limit(reason) for reason in result.get("reasons", []))
    return bool(result.get("stopped"))


# --------------------------------------------------------------------------------------------
# Writing results: the trusted side only
# --------------------------------------------------------------------------------------------


def write_result(root: Path, db_url: str, result: dict, digest: str) -> None:
    """Scores into the gradebook, the graded notebook into autograded/, the record into the
    ledger. Manual scores are left as they are. Safe with other runs writing at the same time."""
    if result["status"] != STATUS_MISSING:
        retrying(lambda: _write_gradebook(root, db_url, result))
        _write_autograded(root, result)
    retrying(lambda: _write_ledger(db_url, result, digest))


def _write_autograded(root: Path, result: dict) -> None:
    """The graded notebooks into ``autograded/<student>/<assignment>/``, each file replaced
    whole (another run may write the same folder at the same moment), stale files removed."""
    folder = root / "autograded" / result["student"] / result["assignment"]
    folder.mkdir(parents=True, exist_ok=True)
    files = dict(result["notebooks"])
    # As nbgrader's autograde does: feedback carries these on, and release_feedback needs them.
    submitted = root / "submitted" / result["student"] / result["assignment"]
    for kept in ("timestamp.txt", "submission_secret.txt"):
        text = read_small(submitted, kept)  # never through a link (gamekit.grader.intake)
        if text is not None:
            files[kept] = text
    for old in folder.iterdir():
        if old.name not in files and not old.name.endswith(".part"):
            if old.is_dir():
                shutil.rmtree(old, ignore_errors=True)
            else:
                old.unlink(missing_ok=True)
    for name, text in files.items():
        part = folder / f"{name}.{os.getpid()}.part"
        part.write_text(text)
        os.replace(part, folder / name)


def _write_gradebook(root: Path, db_url: str, result: dict) -> None:
    from nbgrader.api import Gradebook, MissingEntry
    from nbgrader.utils import parse_utc

    student, assignment = result["student"], result["assignment"]
    with Gradebook(db_url) as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nbgrader's own SQLAlchemy warnings, harmless here
        gb.update_or_create_student(student)
        submission = gb.update_or_create_submission(assignment, student)
        stamp = read_small(root / "submitted" / student / assignment, "timestamp.txt")
        if stamp is not None:
            with contextlib.suppress(ValueError, OverflowError):  # a stamp nbgrader cannot read
                submission.timestamp = parse_utc(stamp.strip())
        for cell in result["cells"]:
            notebook = cell["notebook"].removesuffix(".ipynb")
            try:
                grade = gb.find_grade(cell["grade_id"], notebook, assignment, student)
            except MissingEntry:
                continue
            grade.auto_score = cell["score"]
            grade.needs_manual_grade = grade.manual_score is not None or grade.auto_score is None
            if cell["manual"]:
                with contextlib.suppress(MissingEntry):
                    comment = gb.find_comment(cell["grade_id"], notebook, assignment, student)
                    comment.auto_comment = "No response." if cell["score"] == 0 else None
        gb.db.commit()


def read_scores(db_url: str, assignment: str) -> dict[str, dict[str, float]]:
    """``{student: {grade_id: automatic score}}`` in the gradebook at ``db_url`` (any database)."""
    from nbgrader.api import Gradebook

    scores: dict[str, dict[str, float]] = {}
    with Gradebook(db_url) as gb:
        for submission in gb.assignment_submissions(assignment):
            scores[submission.student.id] = {
                grade.name: grade.auto_score
                for notebook in submission.notebooks
                for grade in notebook.grades
                if grade.auto_score is not None
            }
    return scores


def verify(db_url: str, assignment: str) -> list[str]:
    """Automatic scores in the gradebook that differ from the ledger; each is put back."""
    from nbgrader.api import Gradebook, MissingEntry

    problems = []
    ledger = read_ledger(db_url, assignment)
    with Gradebook(db_url) as gb:
        for (student, _), record in sorted(ledger.items()):
            if record.get("status") == STATUS_MISSING:
                continue  # nothing handed in: nothing was written to the gradebook
            for cell in record.get("cells", []):
                notebook = cell["notebook"].removesuffix(".ipynb")
                try:
                    grade = gb.find_grade(cell["grade_id"], notebook, assignment, student)
                except MissingEntry:
                    problems.append(f"{student}: {cell['grade_id']} vanished from the gradebook")
                    continue
                if grade.auto_score != cell["score"]:
                    problems.append(
                        f"{student}: {cell['grade_id']} was {grade.auto_score} in the gradebook, "
                        f"but the driver wrote {cell['score']}: put back"
                    )
                    grade.auto_score = cell["score"]
        gb.db.commit()
    return problems


# --------------------------------------------------------------------------------------------
# The run
# --------------------------------------------------------------------------------------------


@dataclass
class Summary:
    """What one `grade` run did."""

    results: list[dict] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0
    sandboxed: bool | None = None

    def count(self, status: str) -> int:
        return sum(r["status"] == status for r in self.results)

    @property
    def stopped(self) -> list[dict]:
        """Graded submissions with a cell its time limit stopped, after the re-check alone."""
        return [r for r in self.results if r.get("stopped") and r["status"] == STATUS_GRADED]

    @property
    def flagged(self) -> list[dict]:
        """Graded submissions the checks before grading flagged: each student under one
        status, so a failed or missing one is listed as such, never also as flagged."""
        return [r for r in self.results if r.get("flags") and r["status"] == STATUS_GRADED]

    def text(self) -> str:
        lines = []
        if self.sandboxed is False:
            lines.append(
                "WARNING: student code ran UNSANDBOXED (bubblewrap missing or user namespaces "
                "off): verdicts and resource limits held, but the kernels could read and write "
                "what you can."
            )
        lines.append(
            f"graded {self.count(STATUS_GRADED)}, failed {self.count(STATUS_FAILED)}, "
            f"missing {self.count(STATUS_MISSING)}, unchanged (not re-run) "
            f"{len(self.skipped)}, in {self.seconds:.1f} s; of the graded, flagged "
            f"{len(self.flagged)}, with a cell stopped at its time limit {len(self.stopped)}"
        )
        for r in self.results:
            if r["status"] == STATUS_FAILED:
                lines.append(
                    f"  failed  {r['student']} / {r['assignment']}: "
                    + "; ".join(dict.fromkeys(r["reasons"]))
                )
        for r in self.stopped:
            cells = ", ".join(
                f"cell {n['cell']} ({n['cpu_used']:.1f} s of CPU, limit {n['cpu_limit']:g} s)"
                if n.get("stopped_by") == "cpu"
                else f"cell {n['cell']} (waited {n['wall_limit']:g} s)"
                for n in r["stopped"]
            )
            lines.append(
                f"  time    {r['student']} / {r['assignment']}: stopped at the time limit "
                f"again when graded a second time, alone: {cells}"
            )
        for r in self.flagged:
            reasons = sorted({f["message"] for f in r["flags"]})
            lines.append(
                f"  flagged {r['student']} / {r['assignment']}: "
                + "; ".join(reasons[:4])
                + (f" (+{len(reasons) - 4} more)" if len(reasons) > 4 else "")
            )
        for r in self.results:  # worth knowing, nothing to do: a renamed notebook that graded
            renamed = [n for n in r.get("notes", []) if str(n).startswith("renamed:")]
            if renamed:
                lines.append(f"  note    {r['student']} / {r['assignment']}: {renamed[0]}")
        for problem in self.problems:
            lines.append(f"  GRADEBOOK CHANGED BEHIND THE DRIVER: {problem}")
        failed = sorted(
            {(r["assignment"], r["student"]) for r in self.results if r["status"] == STATUS_FAILED}
        )
        if failed:
            students = " ".join(f"--student {s}" for _, s in failed)
            assignments = " ".join(sorted({a for a, _ in failed}))
            lines.append(f're-run the failures: make grade ARGS="{assignments} {students} --force"')
        return "\n".join(lines)


def grade(
    root: Path,
    assignments: list[str],
    *,
    students: Iterable[str] | None = None,
    workers: int | None = None,
    force: bool = False,
    sandbox: str = "auto",
    progress: bool = True,
    log=print,
    cluster: str | None = None,
    db_url: str | None = None,
) -> Summary:
    """Grade ``assignments`` for ``students`` (default: everyone); see the module docstring.
    ``cluster``: a Dask scheduler's address to run the jobs on instead of the local pool.
    ``db_url``: the gradebook (default `db_url_of`), e.g. ``postgresql+psycopg://...``."""
    db_url = db_url or db_url_of(root)
    with _db_url_in_environment(db_url):
        if students:
            refuse_unknown_students(root, assignments, list(students), db_url)
        return _grade(
            root, assignments, students, workers, force, sandbox, progress, log, cluster, db_url
        )


def refuse_unknown_students(
    root: Path, assignments: list[str], students: list[str], db_url: str
) -> None:
    """A student named on the command line must have handed something in (a folder under
    submitted/) or be in the gradebook already: a typo never becomes a phantom student."""
    submitted = root / "submitted"
    known = set(gradebook_students(db_url)) if has_gradebook(db_url) else set()
    handed_in = {p.name for p in submitted.iterdir() if p.is_dir()} if submitted.is_dir() else set()
    unknown = [s for s in students if s not in known | handed_in]
    if unknown:
        names = ", ".join(sorted(known | handed_in)[:20]) or "none yet"
        raise GradingSetupError(
            f"no student {', '.join(repr(s) for s in unknown)}: there is no folder "
            f"submitted/{unknown[0]}/ and no such student in the gradebook (the students: "
            f"{names}); nothing was graded"
        )


def has_gradebook(db_url: str) -> bool:
    """False for a SQLite gradebook whose file does not exist yet (reading would create it);
    True for a database server's, which is there to be asked.

    >>> has_gradebook("sqlite:////nowhere/gradebook.db")
    False
    >>> has_gradebook("postgresql+psycopg://grader@dbhost/gradebook")
    True
    """
    from sqlalchemy.engine import make_url

    url = make_url(db_url)
    return url.get_backend_name() != "sqlite" or Path(url.database or "").is_file()


def _grade(
    root: Path,
    assignments: list[str],
    students: Iterable[str] | None,
    workers: int | None,
    force: bool,
    sandbox: str,
    progress: bool,
    log,
    cluster: str | None,
    db_url: str,
) -> Summary:
    started = time.monotonic()
    summary = Summary()
    workers = workers or os.cpu_count() or 1
    if sandbox != "off" and not cluster:
        from gamekit.grader.sandbox import check_kernels_import_this_gamekit, sandbox_available

        if sandbox_available()[0]:
            try:
                check_kernels_import_this_gamekit()
            except RuntimeError as error:
                raise GradingSetupError(str(error)) from None
    todo: list[Job] = []
    digests: dict[tuple[str, str], str] = {}
    for assignment in assignments:
        ensure_in_gradebook(root, assignment, db_url, log)
        jobs = build_jobs(root, assignment, db_url, students, sandbox)
        ledger = read_ledger(db_url, assignment)
        fresh = 0
        for job in jobs:
            key = (job.student, assignment)
            digests[key] = _digest(job)
            previous = ledger.get(key)
            if (
                not force
                and previous
                and previous["digest"] == digests[key]
                and previous["status"] != STATUS_FAILED
            ):
                summary.skipped.append(f"{job.student}/{assignment}")
                continue
            todo.append(job)
            fresh += 1
        log(f"{assignment}: {fresh} to grade, {len(jobs) - fresh} unchanged")

    by_key = {(job.student, job.assignment): job for job in todo}
    again: list[Job] = []

    def keep(result: dict) -> None:
        key = (result["student"], result["assignment"])
        if needs_recheck(result) and not result.get("recheck"):
            again.append(dataclasses.replace(by_key[key], recheck=True))
            return  # scored only after the second grading, alone (below)
        write_result(root, db_url, result, digests[key])
        summary.results.append(result)
        if result.get("sandboxed") is False:
            summary.sandboxed = False
        elif result.get("sandboxed") and summary.sandboxed is None:
            summary.sandboxed = True

    if cluster:
        from gamekit.grader.cluster import run_jobs_on_cluster

        log(f"grading {len(todo)} submissions on the Dask cluster at {cluster}")
        run_jobs_on_cluster(todo, cluster, keep, progress=progress)
    else:  # one pool: no core idles between assignments
        run_jobs(todo, workers, keep, progress=progress)
    if again:  # a time limit is checked once more, with nothing else running, before it costs
        log(f"grading {len(again)} submission(s) again, one at a time: a time limit stopped them")
        run_jobs(again, 1, keep, progress=progress)
    for assignment in assignments:
        summary.problems += verify(db_url, assignment)
    summary.seconds = time.monotonic() - started
    return summary
