"""Grade one submission: a pure function of (release, submission, hidden tests) -> result record.

`grade_job` is what the driver runs in a worker process, one call per student and assignment.
It shares nothing with other jobs: it gets everything in a `Job` (plain data), works in a scratch
folder of its own, and returns a plain ``dict`` (the *result record*). It never touches the
gradebook; only the driver writes grades.

Steps: lint the submission (`gamekit.grader.lint`), rebuild each notebook from the release's
cells (locked and test cells from the instructor's copy, answers from the student), run it in
a kernel in a sandbox with the graded test cells judged outside it
(`gamekit.grader.trusted`), and score every graded cell.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import nbformat

from gamekit.checks.errors import forbidden_again
from gamekit.grader.nbfile import parse_notebook
from gamekit.i18n import N_, Said, kept_sentence, speaking

STATUS_GRADED, STATUS_FAILED, STATUS_MISSING = "graded", "failed", "missing"


@dataclass
class Job:
    """Everything one grading job needs, as plain data (it may travel to another machine).

    A job built by the driver names the student's ``folder`` and leaves ``submission`` empty:
    the folder is read (`gamekit.grader.intake`, never through a link) only when the job is
    sent off, by `to_dict`, so a class is never held in memory at once.
    """

    assignment: str
    student: str
    release: dict[str, str]  # notebook file name -> the release notebook's JSON text
    hidden: dict[str, dict[str, dict]]  # notebook -> grade_id -> {source, cell_type, points, ...}
    submission: dict[str, str]  # relative path -> base64 content of every file read
    literal_cells: list[str] = field(default_factory=list)  # by-hand answers: literals only
    timeout: float = 20.0  # CPU seconds a cell may use at least (`gamekit.grader.budget`)
    reference_cpu: dict[str, float] = field(default_factory=dict)  # grade_id -> reference CPU s
    recheck: bool = False  # a second grading, alone, of a submission a time limit stopped
    sandbox: str = "auto"  # "auto": bubblewrap when available; "off": resource limits only
    limits: dict[str, int] = field(default_factory=dict)
    hidden_paths: list[str] = field(default_factory=list)  # never visible to the kernel
    folder: str = ""  # the submission folder, read by `to_dict` when submission is empty
    fingerprint: str = ""  # `intake.fingerprint` of the folder when the job was built
    intake: list[dict] = field(default_factory=list)  # what reading the folder refused
    handed_in: bool = True  # False: the folder does not exist
    problem: str | None = None  # the folder as a whole could not be read: why

    def to_dict(self) -> dict:
        """The job as plain data, the submission read from ``folder`` now if it is not yet."""
        job = self if self.submission or not self.folder else self.read()
        return asdict(job)

    def read(self) -> Job:
        """A copy of this job with its folder read (`gamekit.grader.intake.read_folder`)."""
        import dataclasses

        from gamekit.grader.intake import read_folder

        found = read_folder(Path(self.folder))
        return dataclasses.replace(
            self,
            submission={k: base64.b64encode(v).decode() for k, v in found.files.items()},
            intake=[r.as_finding() for r in found.refused],
            handed_in=found.exists,
            problem=found.problem,
        )


# --------------------------------------------------------------------------------------------
# Rebuilding a notebook from the release
# --------------------------------------------------------------------------------------------


def _meta(cell: Any) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {}) or {}


def _source(cell: Any) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def assemble(release: Any, submitted: Any, hidden: dict[str, dict]) -> tuple[Any, list[str]]:
    """The notebook to run: the student's cells in their order, with every instructor cell (by
    grade_id) replaced by the instructor's copy (hidden tests included), roles taken from the
    release, duplicates dropped and deleted cells put back. Returns it and what was repaired."""
    release_cells = {_meta(c).get("grade_id"): c for c in release.cells if _meta(c).get("grade_id")}
    order = [g for g in (_meta(c).get("grade_id") for c in release.cells) if g]
    notes: list[Said] = []
    cells, seen = [], set()
    for cell in submitted.get("cells", []):
        if not isinstance(cell, dict) or cell.get("cell_type") not in ("code", "markdown", "raw"):
            continue
        grade_id = _meta(cell).get("grade_id")
        mine = release_cells.get(grade_id)
        if mine is None:  # the student's own cell: never graded, whatever its metadata says
            cell = nbformat.from_dict(dict(cell))
            cell.source = _source(cell)  # Jupyter saves sources as lists of lines
            cell.metadata.pop("nbgrader", None)
            if cell.cell_type == "code":  # saved outputs are the student's word: only what
                cell.outputs, cell.execution_count = [], None  # grading runs is shown
            cells.append(cell)
            continue
        if grade_id in seen:
            notes.append(kept_sentence("a second copy of cell {cell} was ignored", cell=grade_id))
            continue
        seen.add(grade_id)
        cells.append(_instructor_version(mine, cell, hidden.get(grade_id)))
    for position, grade_id in enumerate(order):
        if grade_id in seen:
            continue
        notes.append(kept_sentence("cell {cell} was missing and was put back", cell=grade_id))
        earlier = set(order[:position])
        at = 0
        for index, cell in enumerate(cells):
            if _meta(cell).get("grade_id") in earlier:
                at = index + 1
        cells.insert(at, _instructor_version(release_cells[grade_id], None, hidden.get(grade_id)))
        seen.add(grade_id)
    notebook = nbformat.v4.new_notebook(metadata=release.metadata)
    notebook.cells = cells
    return notebook, notes


def _instructor_version(release_cell: Any, student_cell: Any, stored: dict | None) -> Any:
    meta = _meta(release_cell)
    cell = nbformat.from_dict(json.loads(json.dumps(release_cell)))
    if meta.get("solution") and student_cell is not None:
        cell.source = _source(student_cell)  # the student's answer, in the release's cell
    elif stored is not None and not meta.get("solution") and cell.cell_type == "code":
        cell.source = stored.get("source", cell.source)  # hidden tests restored (a markdown
        # cell stays as the release, in the student's language, handed it out)
    if cell.cell_type == "code":
        cell.outputs, cell.execution_count = [], None
    return cell


# --------------------------------------------------------------------------------------------
# Scores
# --------------------------------------------------------------------------------------------


def _checksum_unchanged(cell: Any) -> bool:
    from nbgrader.utils import compute_checksum

    stored = _meta(cell).get("checksum")
    return stored is not None and stored == compute_checksum(cell)


def mistake_code(cell: Any, error: dict) -> str:
    """The stable name of why a test cell failed: the checker's code (a confirmed mistake,
    ``witness:<step>``, ``hidden:<step>``), else what kind of failure it was."""
    code = cell.get("metadata", {}).get("gamekit", {}).get("mistake")
    if code:
        return str(code)
    name = str(error.get("ename", ""))
    if name == "CellTimeoutError":
        return "timeout"
    if name == "NotImplementedError":
        return "unanswered"
    if name == "GradingError":
        return "unclassified"
    if name == "EngineForbidden":  # raised only where the student's code called a refused one
        return "forbidden"
    return f"error:{name}"


def score_cells(notebook: Any, name: str, points: dict[str, float], ran: set[int]) -> list[dict]:
    """One record per graded cell: its score (None: to grade by hand) and why it lost points."""
    from gamekit.checks.cells import is_test_cell

    records = []
    for index, cell in enumerate(notebook.cells):
        meta = _meta(cell)
        if not meta.get("grade"):
            continue
        grade_id = meta.get("grade_id")
        max_score = float(points.get(grade_id, meta.get("points", 0)) or 0)
        record = {
            "notebook": name,
            "grade_id": grade_id,
            "max_score": max_score,
            "manual": bool(meta.get("solution")),
            "score": 0.0,
            "message": "",
        }
        if meta.get("solution"):
            unanswered = _checksum_unchanged(cell)
            record["score"] = 0.0 if unanswered else None
            record["message"] = "no answer" if unanswered else "to be graded by hand"
        elif is_test_cell(cell):
            errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
            if index not in ran:
                not_run = kept_sentence("not run: grading stopped before this cell")
                record["message"], record["said"] = str(not_run), not_run.to_dict()
            elif errors:
                record["message"] = f"{errors[0].get('ename')}: {errors[0].get('evalue')}"[:500]
                record["mistake"] = mistake_code(cell, errors[0])
                found = cell.get("metadata", {}).get("gamekit", {})
                if found.get("evidence"):
                    record["evidence"] = found["evidence"]
                if isinstance(found.get("said"), dict):  # the message as data (`keep_said`)
                    record["said"] = found["said"]
                elif errors[0].get("ename") == "EngineForbidden":  # raised in the kernel, as text
                    refusal = forbidden_again(str(errors[0].get("evalue", "")))
                    if isinstance(refusal, Said):  # only the course's own sentence is kept
                        record["said"] = refusal.to_dict()
            else:
                record["score"] = max_score
        records.append(record)
    return records


# --------------------------------------------------------------------------------------------
# The job
# --------------------------------------------------------------------------------------------


def _kernel_manager(work: Path, job: Job):
    """An asyncio kernel manager for this job (nbclient's cell timeouts need one): in
    bubblewrap when possible, else unsandboxed with the same resource limits."""
    from gamekit.grader import sandbox

    limits = sandbox.Limits(**job.limits) if job.limits else sandbox.Limits()
    use_bwrap = job.sandbox != "off" and sandbox.sandbox_available()[0]
    hidden = [p for p in job.hidden_paths if os.path.exists(p)]
    sockets = work.parent / "sockets"  # the kernel's and the grader's sockets, bound in
    sockets.mkdir(exist_ok=True)
    view = ""
    if use_bwrap:  # the student-facing gamekit, forbidden engines refusing (kernel_view)
        from gamekit.grader.kernel_view import build_view

        view = str(build_view(job.assignment))
    return sandbox.AsyncSandboxedKernelManager(
        kernel_name="python3",
        work_dir=str(work),
        limits=limits,
        use_bwrap=use_bwrap,
        hidden=hidden,
        work_quota=True,  # the work folder: a bounded tmpfs with a copy of the submission
        view=view,
        socket_dir=str(sockets),
    )


def _banner(text: str) -> Any:
    """The grader's note at the top of a graded notebook (the formgrader shows it; the course's
    feedback page says it in its own words and skips this cell, by its metadata)."""
    return nbformat.v4.new_markdown_cell(
        f"<div style='border:2px solid #c0392b;padding:8px'><b>Grading note.</b> {text}</div>",
        metadata={"gamekit": {"banner": True}},
    )


def empty_result(job: Job, status: str, reasons: list[str] | None = None) -> dict:
    """A result record with nothing graded yet (the shape every job returns); a `Said` among
    ``reasons`` is kept as data (`kept_as_said`)."""
    return kept_as_said(
        {
            "assignment": job.assignment,
            "student": job.student,
            "status": status,
            "reasons": list(reasons or []),
            "flags": [],
            "notes": [],
            "cells": [],
            "notebooks": {},
            "timings": {},
            "stopped": [],
            "recheck": job.recheck,
            "sandboxed": None,
        }
    )


SOCKET_PATH_BYTES = 107
"""The longest path of a Unix socket Linux takes (``sun_path`` less its final NUL)."""

JOB_PATH_ROOM = 80
"""Bytes a job's scratch folder needs below its base for its deepest socket path:
``grade-<12>-<8>/sockets/.grader-<pid>-<cell>.sock`` is at most 75."""

RUN_PATH_ROOM = JOB_PATH_ROOM + 15
"""The same for a grading run's folder, which holds the jobs' folders (``gk-<8>/``)."""


def short_temp_dir(room: int) -> str | None:
    """A folder for temporary files whose path leaves ``room`` bytes for the names below it
    within a socket path: the usual one (``TMPDIR``) when it is short enough, else the first
    of /tmp, /dev/shm and /var/tmp that is. None: the usual one all the same (a later socket
    will say it is too long)."""
    usual = tempfile.gettempdir()
    for folder in (usual, "/tmp", "/dev/shm", "/var/tmp"):
        if (
            len(os.fsencode(folder)) + room <= SOCKET_PATH_BYTES
            and os.path.isdir(folder)
            and os.access(folder, os.W_OK | os.X_OK)
        ):
            return folder
    return None


def grade_job(job: Job | dict) -> dict:
    """Grade one submission; return its result record (plain data, never raises)."""
    if isinstance(job, dict):
        job = Job(**job)
    started = time.monotonic()
    result = empty_result(job, STATUS_GRADED)
    base = short_temp_dir(JOB_PATH_ROOM)
    scratch = Path(tempfile.mkdtemp(prefix=f"grade-{job.student[:12]}-", dir=base))
    try:
        with speaking("en"):  # the record is English and data, whatever the run's language
            _run_job(job, scratch, result)
    except MemoryError:  # the job process at its own limit (`gamekit.grader.bounds`)
        from gamekit.grader.bounds import memory_sentence

        result["status"] = STATUS_FAILED
        result["reasons"].append(memory_sentence())
    except Exception as error:  # noqa: BLE001 - a job reports, it never takes the driver down
        result["status"] = STATUS_FAILED
        result["reasons"].append(
            kept_sentence("the grader could not run this submission: {error}", error=error)
        )
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    result["timings"]["total"] = round(time.monotonic() - started, 3)
    return kept_as_said(result)


def kept_as_said(result: dict) -> dict:
    """``result`` with its reasons and notes as plain strings (English), and what each `Said`
    among them was made of under ``"said"``: a feedback page says them in its reader's
    language (`gamekit.i18n.say`)."""
    kept = result.setdefault("said", {})
    for key in ("reasons", "notes"):
        for sentence in result.get(key, []):
            if isinstance(sentence, Said):
                kept[str(sentence)] = sentence.to_dict()
        result[key] = [str(sentence) for sentence in result.get(key, [])]
    return result


def _in_language_of(submitted: Any, release: Any, name: str) -> Any:
    """The release notebook ``name`` in the language the student worked in (the submitted
    notebook's ``gamekit.language``, written by the translated release): its locked markdown
    cells go back into the graded notebook as the student was handed them. Only prose differs
    between the languages, never a test cell or a line of locked code, so the grade is the
    same whatever the notebook says."""
    from gamekit.notebook_translation import (
        LANGUAGES,
        catalogue_path,
        read_catalogue,
        translated_notebook,
    )

    meta = submitted.get("metadata", {}) if isinstance(submitted, dict) else {}
    language = meta.get("gamekit", {}).get("language") if isinstance(meta, dict) else None
    if not isinstance(meta.get("gamekit"), dict) or language not in LANGUAGES:
        return release
    catalogue = read_catalogue(catalogue_path(language, Path(name)))
    return nbformat.from_dict(translated_notebook(release, catalogue, language))


def _write_files(folder: Path, files: dict[str, str]) -> None:
    for relative, content in files.items():
        target = (folder / relative).resolve()
        if folder.resolve() not in target.parents:
            continue  # a path that climbs out of the folder: never written
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(base64.b64decode(content))


def _run_job(job: Job, scratch: Path, result: dict) -> None:
    from gamekit.grader.trusted import TrustedNamespace

    release_dir, submitted_dir, work = scratch / "release", scratch / "submitted", scratch / "work"
    for folder in (release_dir, submitted_dir, work):
        folder.mkdir()
    for name, text in job.release.items():
        (release_dir / name).write_text(text)
    _write_files(submitted_dir, job.submission)
    _write_files(work, job.submission)
    for finding in job.intake:  # what reading the folder refused: links, pipes, big files
        if finding.get("severity") == "info":
            said = finding.get("said")
            result["notes"].append(Said(**said) if isinstance(said, dict) else finding["message"])
        else:
            result["flags"].append(finding)
    if job.problem:
        result["status"] = STATUS_FAILED
        result["reasons"].append(job.problem)
    elif not job.handed_in or not (job.submission or job.intake):
        result["status"] = STATUS_MISSING  # no folder, or an empty one
        result["reasons"].append(kept_sentence("nothing was handed in"))
    elif not job.submission:
        result["status"] = STATUS_FAILED
        why = "; ".join(f["message"] for f in job.intake[:3]) or "the folder is empty"
        result["reasons"].append(
            kept_sentence("nothing in the folder could be read ({why})", why=why)
        )
    started = time.monotonic()
    report = _lint(release_dir, submitted_dir, result)
    _add_phase(result, "lint", time.monotonic() - started)
    for name, text in sorted(job.release.items()):
        release = nbformat.reads(text, as_version=4)
        hidden = job.hidden.get(name, {})
        points = {g: float(c.get("points") or 0) for g, c in hidden.items()}
        submitted_path = report.get(name)
        submitted = None
        if submitted_path is not None:
            try:
                submitted = parse_notebook(Path(submitted_path).read_bytes())
            except (OSError, ValueError) as error:
                result["status"] = STATUS_FAILED
                result["reasons"].append(
                    kept_sentence(
                        "{notebook} could not be read ({error}): not graded",
                        notebook=name,
                        error=error,
                    )
                )
                submitted = None
        broken = [
            f["message"]
            for f in result["flags"]
            if f["kind"] == "corrupt-json" and f["notebook"] in ("", name)
        ]
        if submitted is None and broken:
            result["status"] = STATUS_FAILED
            result["reasons"].append(
                kept_sentence(
                    "{notebook} could not be read ({error}): not graded",
                    notebook=name,
                    error=broken[0],
                )
            )
        if submitted is None:
            blank, _ = assemble(release, {"cells": []}, hidden)
            if job.submission and not any("could not be read" in r for r in result["reasons"]):
                result["reasons"].append(
                    kept_sentence("{notebook} was not handed in", notebook=name)
                )
            none = kept_sentence("not graded: no notebook")
            result["cells"] += [
                dict(r, score=0.0, message=str(none), said=none.to_dict())
                for r in score_cells(blank, name, points, set())
            ]
            continue
        release = _in_language_of(submitted, release, name)
        started = time.monotonic()
        notebook, notes = assemble(release, submitted, hidden)
        _add_phase(result, "assemble", time.monotonic() - started)
        result["notes"] += [
            kept_sentence("{notebook}: {note}", notebook=name, note=note) for note in notes
        ]
        namespace = TrustedNamespace(release, job.literal_cells, submitted)
        ran, failure, sandboxed = _execute(notebook, namespace, work, job, result)
        result["sandboxed"] = sandboxed
        if failure:
            result["status"] = STATUS_FAILED
            result["reasons"].append(failure)
            notebook.cells.insert(
                0,
                _banner(
                    f"Grading could not finish: {failure}. The cells "
                    "after that point were not graded."
                ),
            )
        result["cells"] += score_cells(notebook, name, points, ran)
        result["notebooks"][name] = nbformat.writes(notebook)


def _add_phase(result: dict, phase: str, seconds: float) -> None:
    """Add ``seconds`` to ``phase`` in the result's timings (``python -m
    gamekit.grader.bench --phases`` sums them over a class)."""
    phases = result["timings"].setdefault("phases", {})
    phases[phase] = round(phases.get(phase, 0.0) + seconds, 4)


def _lint(release_dir: Path, submitted_dir: Path, result: dict) -> dict[str, str | None]:
    """Run the static checks; return release notebook -> submitted file to grade."""
    try:
        from gamekit.grader.lint import lint_submission
    except ImportError:
        lint_submission = None
    if lint_submission is None:
        return {
            p.name: str(submitted_dir / p.name) if (submitted_dir / p.name).exists() else None
            for p in release_dir.glob("*.ipynb")
        }
    report = lint_submission(release_dir, submitted_dir)
    for finding in report.findings:
        entry = {
            "kind": finding.kind,
            "notebook": finding.notebook,
            "cell": finding.cell,
            "message": str(finding.message),
            "severity": finding.severity,
        }
        if isinstance(finding.message, Said):  # said again on the page (`feedback`)
            entry["said"] = finding.message.to_dict()
        (result["flags"] if finding.severity in ("flag", "error") else result["notes"]).append(
            entry if finding.severity in ("flag", "error") else finding.message
        )
    return {
        name: (str(path) if path is not None else None) for name, path in report.notebooks.items()
    }


def _execute(notebook, namespace, work: Path, job: Job, result: dict):
    """Run the notebook; return (indices of cells run, failure reason or None, sandboxed)."""
    # As under nbgrader, NBGRADER_EXECUTION is set for the kernel and for the test cells that
    # this process runs (they read it: a cell skips its slow demonstration while graded). It is
    # put back afterwards, since tests grade in their own process.
    env = {**os.environ, "NBGRADER_EXECUTION": "autograde"}
    env.setdefault("MPLBACKEND", "Agg")
    with environment_with(NBGRADER_EXECUTION="autograde"):
        return _execute_with(notebook, namespace, work, job, result, env)


@contextlib.contextmanager
def environment_with(**values: str):
    """``values`` in this process's environment while the block runs, then as they were."""
    before = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _execute_with(notebook, namespace, work: Path, job: Job, result: dict, env: dict):
    from nbclient.exceptions import DeadKernelError

    from gamekit.grader.trusted import KernelUnresponsive, TrustedClient

    km = _kernel_manager(work, job)
    client = TrustedClient(
        notebook,
        km=km,
        timeout=job.timeout,
        interrupt_on_timeout=True,
        allow_errors=True,
        kernel_name="python3",
        resources={"metadata": {"path": str(work)}},
        namespace=namespace,
        socket_dir=km.socket_dir,
        record_timing=False,
        reference_cpu=job.reference_cpu,
        recheck=job.recheck,
    )
    failure = None
    t0 = time.monotonic()
    try:
        client.execute(cwd=str(work), env=env)
    except DeadKernelError:
        reason = getattr(km, "kill_reason", None)
        failure = _died(client, reason)
    except KernelUnresponsive as error:
        failure = error.args[0] if error.args and isinstance(error.args[0], Said) else str(error)
    except MemoryError:  # the job process at its limit, e.g. decoding a huge output
        from gamekit.grader.bounds import memory_sentence

        failure = memory_sentence()
    except Exception as error:  # noqa: BLE001
        reason = getattr(km, "kill_reason", None)
        failure = (
            _died(client, reason)
            if reason
            else kept_sentence("the kernel failed: {error}", error=error)
        )
    finally:
        stopping = time.monotonic()
        _shutdown(km)
        _add_phase(result, "kernel stop", time.monotonic() - stopping)
    result["timings"]["execute"] = round(time.monotonic() - t0, 3)
    for phase, seconds in client.phases.items():
        _add_phase(result, phase, seconds)
    result["timings"]["slowest_cells"] = sorted(
        ((round(t, 2), int(i)) for i, t in client.timings.items()), reverse=True
    )[:3]
    grade_ids = {i: _meta(c).get("grade_id") for i, c in enumerate(notebook.cells)}
    result["timings"]["cpu"] = {  # each graded cell's CPU seconds (`course calibrate` reads it)
        grade_ids[int(i)]: seconds for i, seconds in client.cpu.items() if grade_ids[int(i)]
    }
    result["stopped"] = result.get("stopped", []) + [
        dict(note, cell=int(i) + 1, grade_id=grade_ids[int(i)])
        for i, note in client.stopped.items()
    ]
    ran = {int(i) for i in client.timings}
    if failure:
        last = max(ran) if ran else -1
        ran.discard(last)  # the cell it died in did not finish
    return ran, failure, bool(getattr(km, "sandboxed", False))


def _shutdown(km) -> None:
    """Stop the kernel and everything it started (the sandbox makes sure nothing is left)."""
    from jupyter_client.utils import run_sync

    with contextlib.suppress(Exception):
        if km.has_kernel:
            run_sync(km.shutdown_kernel)(now=True)
    with contextlib.suppress(Exception):
        run_sync(km.cleanup_resources)()


def _died(client, reason: str | None) -> str:
    last = max((int(i) for i in client.timings), default=-1)
    cell = last + 1
    if reason is None and str(last) in client.stopped:
        return kept_sentence(
            "cell {cell} was stopped at its time limit and the kernel did not stop when "
            "interrupted (a loop that catches KeyboardInterrupt, or a kernel that ran out of "
            "memory sending its reply?): it was stopped",
            cell=cell,
        )
    templates = {
        "memory": N_(
            "the kernel died while running cell {cell}: it used more memory than the limit"
        ),
        "processes": N_(
            "the kernel died while running cell {cell}: it started more processes than the limit"
        ),
        "cpu": N_(
            "the kernel died while running cell {cell}: it used more CPU time than the limit"
        ),
        "disk": N_(
            "the kernel died while running cell {cell}: it wrote more into the folder of its "
            "sockets than the limit"
        ),
    }
    default = N_(
        "the kernel died while running cell {cell}: the code ended the process or crashed it"
    )
    return kept_sentence(templates.get(reason or "", default), cell=cell)
