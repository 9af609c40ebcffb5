"""Instructor tools: regenerate the release, build and autograde submissions, print grades.

Every nbgrader step runs as nbgrader's own command line, from a course directory (the one
holding ``nbgrader_config.py``), exactly as an instructor would type it.

    python -m gamekit.course release            # regenerate release/ (and ./gradebook.db)
    python -m gamekit.course grade              # autograde everything under submitted/
    python -m gamekit.course feedback           # feedback HTML under feedback/
    python -m gamekit.course demo               # the whole pipeline in build/demo, grade table
    python -m gamekit.course check a01_minimax  # grade the fixture cases, compare with SCORES
    python -m gamekit.course report             # what the class got wrong: reports/index.html

Fixture cases live in ``tests/submissions/<assignment>/<case>/case.py`` (format in
``tests/submissions/README.md``); ``check`` and the pipeline tests grade them in a scratch copy.
"""

from __future__ import annotations

import argparse
import html as html_lib
import json
import re
import shutil
import tempfile
import time
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import nbformat

from gamekit.course.folders import (
    assignments,
    course_root,
    demo_commands,
    has_gradebook,
    point_to_demo,
    scratch_course,
)
from gamekit.grader.nbgrader_run import nbgrader

if TYPE_CHECKING:
    from gamekit.grader.feedback import FeedbackRun

BEGIN_SOLUTION, END_SOLUTION = "### BEGIN SOLUTION", "### END SOLUTION"


def generate(root: Path, assignment: str) -> None:
    """``nbgrader generate_assignment``: writes release/<assignment> and the gradebook entry;
    then the release in each of the course's other languages, ``release/<lang>/<assignment>``,
    from the catalogues: what those students are handed, and what names each graded cell on
    their feedback page (`gamekit.grader.feedback`)."""
    from gamekit.course.translate import write_translations

    nbgrader(root, "generate_assignment", assignment, "--force")
    english = sorted((root / "release" / assignment).glob("*.ipynb"))
    write_translations(root, log=lambda *a: None, notebooks=english)


def validate_source(root: Path, assignment: str) -> list[str]:
    """Problems found running the source notebooks (solutions and hidden tests must pass)."""
    from nbgrader.validator import Validator

    problems = []
    for path in sorted((root / "source" / assignment).glob("*.ipynb")):
        result = Validator().validate(str(path))
        for kind, cells in result.items():
            for cell in cells:
                error = cell.get("raw_error", "")[-600:]
                problems.append(f"source {path.name}: {kind} cell {cell['source'][:60]!r}: {error}")
    return problems


def validate_release(root: Path, assignment: str) -> list[str]:
    """Problems with the release notebooks: every graded test cell must fail, and only with
    NotImplementedError (an unanswered exercise never passes its tests)."""
    from nbgrader.validator import Validator

    from gamekit.checks.cells import is_test_cell

    problems = []
    for path in sorted((root / "release" / assignment).glob("*.ipynb")):
        result = Validator().validate(str(path))
        failing = {cell["source"] for cell in result.get("failed", [])}
        for cell in json.loads(path.read_text())["cells"]:
            source = "".join(cell["source"]).strip()
            if is_test_cell(cell) and source not in failing:
                problems.append(f"release {path.name}: {_grade_id(cell)} passes unanswered")
        for kind, cells in result.items():
            for cell in cells:
                error = cell.get("raw_error", "")
                if kind == "failed" and error.strip() == "You did not provide a response.":
                    continue  # an unanswered free-text cell, graded by hand: as it should be
                if kind != "failed" or "NotImplementedError" not in error:
                    problems.append(
                        f"release {path.name}: {kind} cell {cell['source'][:60]!r} fails with "
                        f"something else than NotImplementedError: {error[-400:]}"
                    )
    return problems


# --------------------------------------------------------------------------------------------
# Fixture submissions
# --------------------------------------------------------------------------------------------


@dataclass
class Case:
    """One fixture submission: what a student handed in and what grading must give it."""

    name: str
    doc: str
    start: str = "solution"
    answers: dict[str, str] = field(default_factory=dict)
    edit_cells: dict[str, str] = field(default_factory=dict)
    delete_cells: list[str] = field(default_factory=list)
    scores: dict[str, float] = field(default_factory=dict)
    feedback: list[str] = field(default_factory=list)
    mistakes: dict[str, str] = field(default_factory=dict)  # grade_id -> mistake code
    status: str = "graded"  # what the driver must report: graded, failed or missing
    flagged: bool = False  # whether the lint must flag it for the instructor
    reasons: list[str] = field(default_factory=list)  # phrases its reasons or flags must hold
    notebook_name: str | None = None  # handed in under another file name
    raw_notebook: str | None = None  # these exact characters instead of the notebook
    empty: bool = False  # an empty folder
    extra_files: dict[str, str] = field(default_factory=dict)
    duplicate_cells: list[str] = field(default_factory=list)  # cells pasted a second time

    @classmethod
    def load(cls, path: Path) -> Case:
        namespace: dict[str, Any] = {}
        exec(compile(path.read_text(), str(path), "exec"), namespace)
        case = cls(
            name=path.parent.name,
            doc=(namespace.get("__doc__") or "").strip(),
            start=namespace.get("START", "solution"),
            answers=dict(namespace.get("ANSWERS", {})),
            edit_cells=dict(namespace.get("EDIT_CELLS", {})),
            delete_cells=list(namespace.get("DELETE_CELLS", [])),
            scores=dict(namespace.get("SCORES", {})),
            feedback=list(namespace.get("FEEDBACK", [])),
            mistakes=dict(namespace.get("MISTAKES", {})),
            status=namespace.get("STATUS", "graded"),
            flagged=bool(namespace.get("FLAGGED", False)),
            reasons=list(namespace.get("REASONS", [])),
            notebook_name=namespace.get("NOTEBOOK_NAME"),
            raw_notebook=namespace.get("RAW_NOTEBOOK"),
            empty=bool(namespace.get("EMPTY", False)),
            extra_files=dict(namespace.get("EXTRA_FILES", {})),
            duplicate_cells=list(namespace.get("DUPLICATE_CELLS", [])),
        )
        if case.start not in ("solution", "release"):
            raise ValueError(f"{path}: START must be 'solution' or 'release', got {case.start!r}")
        return case


def cases_dir(root: Path, assignment: str) -> Path:
    return root / "tests" / "submissions" / assignment


def load_cases(root: Path, assignment: str, only: Iterable[str] | None = None) -> list[Case]:
    """The fixture cases of ``assignment`` (all, or those named in ``only``)."""
    folder = cases_dir(root, assignment)
    paths = sorted(folder.glob("*/case.py")) if folder.is_dir() else []
    found = [Case.load(p) for p in paths]
    if only:
        wanted = set(only)
        missing = wanted - {c.name for c in found}
        if missing:
            known = ", ".join(c.name for c in found) or "none"
            raise ValueError(
                f"no such case for {assignment}: {', '.join(sorted(missing))} (its cases: {known})"
            )
        found = [c for c in found if c.name in wanted]
    return found


def _grade_id(cell: dict) -> str | None:
    return cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")


def strip_solution_markers(source: str) -> str:
    """The reference answer a student would hand in: the source cell minus the markers."""
    lines = [ln for ln in source.splitlines() if ln.strip() not in (BEGIN_SOLUTION, END_SOLUTION)]
    return "\n".join(lines)


def build_submission(release_nb: dict, source_nb: dict, case: Case) -> dict:
    """The notebook a student would hand in for ``case``, built from the release."""
    nb = json.loads(json.dumps(release_nb))
    reference = {_grade_id(c): c["source"] for c in source_nb["cells"] if _grade_id(c)}
    known = {_grade_id(c) for c in nb["cells"]}
    for grade_id in [*case.answers, *case.edit_cells, *case.delete_cells]:
        if grade_id not in known:
            raise ValueError(f"case {case.name}: no cell with grade_id {grade_id!r}")
    kept = []
    for cell in nb["cells"]:
        grade_id = _grade_id(cell)
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if grade_id in case.delete_cells:
            continue
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if grade_id in case.answers:
            source = case.answers[grade_id]
        elif grade_id in case.edit_cells:
            source = case.edit_cells[grade_id]
        elif meta.get("solution") and case.start == "solution":
            ref = reference[grade_id]
            source = strip_solution_markers("".join(ref) if isinstance(ref, list) else ref)
        cell["source"] = source
        kept.append(cell)
        if grade_id in case.duplicate_cells:
            kept.append(json.loads(json.dumps(cell)))
    nb["cells"] = kept
    return nb


def write_submissions(
    root: Path,
    assignment: str,
    students: dict[str, Case],
    languages: Callable[[str], str] | None = None,
) -> None:
    """Write ``submitted/<student>/<assignment>/<notebook>`` for each student's case, each
    from the release in the student's language (``languages``: student -> language; default
    English), as a student who worked from ``release/<lang>/`` hands it in."""
    from gamekit.course.translate import catalogue_path, read_catalogue, translated_notebook

    release_dir = root / "release" / assignment
    for release_path in sorted(release_dir.glob("*.ipynb")):
        source_path = root / "source" / assignment / release_path.name
        english = json.loads(release_path.read_text())
        source_nb = json.loads(source_path.read_text())
        in_language: dict[str, dict] = {"en": english}
        for student, case in students.items():
            language = languages(student) if languages else "en"
            if language not in in_language:
                catalogue = read_catalogue(catalogue_path(language, release_path))
                in_language[language] = translated_notebook(english, catalogue, language)
            release_nb = in_language[language]
            folder = root / "submitted" / student / assignment
            folder.mkdir(parents=True, exist_ok=True)
            if case.empty:
                continue
            for name, text in case.extra_files.items():
                (folder / name).write_text(text)
            target = folder / (case.notebook_name or release_path.name)
            if case.raw_notebook is not None:
                target.write_text(case.raw_notebook)
                continue
            nb = build_submission(release_nb, source_nb, case)
            # Written as Jupyter writes a notebook (nbformat: sources as lists of lines, cell
            # ids), so every fixture is graded as a student's saved file would be.
            with warnings.catch_warnings():
                warnings.simplefilter(
                    "ignore"
                )  # a duplicated cell's id is renewed, as Jupyter does
                nbformat.write(nbformat.from_dict(nb), target)


# --------------------------------------------------------------------------------------------
# Grades
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CellGrade:
    """One graded cell of one submission, as the gradebook has it."""

    notebook: str
    grade_id: str
    score: float | None  # None: waits for manual grading
    max_score: float
    manual: bool


def read_grades(
    root: Path, assignment: str, db_url: str | None = None
) -> dict[str, list[CellGrade]]:
    """``{student: [CellGrade, ...]}`` for one assignment, read from the gradebook at ``db_url``
    (default: the course's, `gamekit.grader.driver.db_url_of`)."""
    from nbgrader.api import Gradebook, MissingEntry

    from gamekit.grader.driver import db_url_of

    grades: dict[str, list[CellGrade]] = {}
    with Gradebook(db_url or db_url_of(root)) as gb:
        try:
            gb.find_assignment(assignment)
        except MissingEntry:
            return grades
        for submission in gb.assignment_submissions(assignment):
            rows = []
            for nb in submission.notebooks:
                for grade in nb.grades:
                    manual = grade.auto_score is None
                    rows.append(
                        CellGrade(
                            nb.name,
                            grade.name,
                            grade.score if not manual else grade.manual_score,
                            grade.max_score,
                            manual,
                        )
                    )
            grades[submission.student.id] = rows
    return grades


def grade_submissions(
    root: Path,
    names: list[str],
    *,
    students: Iterable[str] | None = None,
    workers: int | None = None,
    force: bool = False,
    progress: bool = True,
    log=print,
    cluster: str | None = None,
    db_url: str | None = None,
):
    """Grade through the trusted driver (`gamekit.grader.driver`); returns its summary.
    ``cluster``: a Dask scheduler's address (default: local worker processes); ``db_url``: the
    gradebook (default: ``$GAMEKIT_DB_URL``, else the course's SQLite file)."""
    from gamekit.grader import driver

    return driver.grade(
        root,
        names,
        students=students,
        workers=workers,
        force=force,
        progress=progress,
        log=log,
        cluster=cluster,
        db_url=db_url,
    )


def feedback(root: Path, assignment: str) -> FeedbackRun:
    """Feedback pages under feedback/<student>/<assignment>/ for every student the driver saw
    (`gamekit.grader.feedback.write_feedback`): a graded notebook's page, a failed one's page
    that opens with what happened, a status page for a notebook that could not be read or never
    came. Returns what was written and what could not be."""
    from gamekit.grader.driver import db_url_of
    from gamekit.grader.feedback import write_feedback

    return write_feedback(root, assignment, db_url_of(root))


def feedback_text(root: Path, student: str, assignment: str) -> str:
    """The student's feedback HTML with tags removed and whitespace collapsed."""
    folder = root / "feedback" / student / assignment
    html = " ".join(p.read_text() for p in sorted(folder.glob("*.html")))
    text = html_lib.unescape(re.sub(r"<[^>]+>", " ", html))
    return re.sub(r"\s+", " ", text)


# --------------------------------------------------------------------------------------------
# Checking fixture cases
# --------------------------------------------------------------------------------------------


@dataclass
class CaseResult:
    """How one fixture case graded, and every way it differs from what its case.py expects."""

    case: Case
    scores: dict[str, float | None]
    max_scores: dict[str, float]
    problems: list[str]
    record: dict = field(default_factory=dict)  # the driver's result record

    @property
    def ok(self) -> bool:
        return not self.problems


def expected_score(case: Case, grade: CellGrade) -> float | None:
    if grade.manual:
        return None
    if grade.grade_id in case.scores:
        return float(case.scores[grade.grade_id])
    return grade.max_score if case.start == "solution" else 0.0


def check_cases(
    assignment: str,
    only: Iterable[str] | None = None,
    keep: Path | None = None,
    root: Path | None = None,
    log=print,
    validate: bool = True,
    workers: int | None = None,
) -> tuple[list[str], list[CaseResult]]:
    """Grade the fixture cases of ``assignment`` in a scratch course; compare with expectations.

    Returns the validation problems of the source and release notebooks (when ``validate``)
    and one result per case.
    """
    root = root or course_root()
    cases = load_cases(root, assignment, only)
    if not cases:
        raise ValueError(f"no fixture cases under {cases_dir(root, assignment)}")
    tmp = tempfile.mkdtemp(prefix=f"check-{assignment}-")
    course = scratch_course(Path(keep) if keep else Path(tmp) / "course", root)
    try:
        t0 = time.perf_counter()
        generate(course, assignment)
        write_submissions(course, assignment, {c.name: c for c in cases})
        t1 = time.perf_counter()
        summary = grade_submissions(
            course, [assignment], workers=workers, force=True, progress=False, log=lambda *a: None
        )
        t2 = time.perf_counter()
        feedback(course, assignment)
        t3 = time.perf_counter()
        log(
            f"{assignment}: generate {t1 - t0:.1f} s, grade {len(cases)} submissions "
            f"{t2 - t1:.1f} s ({(t2 - t1) / len(cases):.1f} s each), feedback {t3 - t2:.1f} s"
        )
        validation: list[str] = []
        if validate:
            t4 = time.perf_counter()
            validation = validate_source(course, assignment) + validate_release(course, assignment)
            log(
                f"validated source and release in {time.perf_counter() - t4:.1f} s: "
                + ("clean" if not validation else f"{len(validation)} problems")
            )
            for problem in validation:
                log(f"  - {problem}")
        validation += [f"gradebook changed behind the driver: {p}" for p in summary.problems]
        grades = read_grades(course, assignment)
        records = {r["student"]: r for r in summary.results}
        results = []
        for case in cases:
            problems = []
            record = records.get(case.name, {})
            rows = grades.get(case.name)
            if rows is None and case.status != "missing":
                problems.append(f"not in the gradebook (driver: {record.get('reasons')})")
            rows = rows or []
            scores = {g.grade_id: g.score for g in rows}
            maxima = {g.grade_id: g.max_score for g in rows}
            for grade in rows:
                want = expected_score(case, grade)
                if want is not None and grade.score != want:
                    problems.append(f"{grade.grade_id}: scored {grade.score}, expected {want}")
            unknown = set(case.scores) - set(scores)
            if unknown and rows:
                problems.append(f"SCORES names cells that are not graded: {sorted(unknown)}")
            if record.get("status") != case.status:
                problems.append(
                    f"status {record.get('status')!r} ({'; '.join(record.get('reasons', []))}), "
                    f"expected {case.status!r}"
                )
            flags = [f["message"] for f in record.get("flags", [])]
            if bool(flags) != case.flagged:
                problems.append(f"flagged {bool(flags)} ({flags[:3]}), expected {case.flagged}")
            said = " ".join([*record.get("reasons", []), *flags]).lower()
            for phrase in case.reasons:
                if phrase.lower() not in said:
                    problems.append(f"reasons do not mention {phrase!r}: {said[:300]}")
            codes = {cell.get("grade_id"): cell.get("mistake") for cell in record.get("cells", [])}
            for grade_id, code in case.mistakes.items():
                if codes.get(grade_id) != code:
                    problems.append(
                        f"{grade_id}: mistake {codes.get(grade_id)!r}, expected {code!r}"
                    )
            problems += unkept_messages(record)
            if case.feedback:
                text = feedback_text(course, case.name, assignment).lower()
                for phrase in case.feedback:
                    if phrase.lower() not in text:
                        problems.append(f"feedback does not mention {phrase!r}")
            results.append(CaseResult(case, scores, maxima, problems, record))
        return validation, results
    finally:
        if not keep:
            shutil.rmtree(tmp, ignore_errors=True)


KEPT_KINDS = ("CellTimeoutError", "GradingError", "EngineForbidden")
"""The failures of a test cell whose sentence is always kept as data (`unkept_messages`): a time
limit, every checker's finding, and a refused call to the course's own answer (kept again by
the grader when the kernel raised it: `gamekit.grader.job.score_cells`). (A student's own
exception, an ``AssertionError`` of a visible test, is checked when it was kept.)"""


def unkept_messages(record: dict) -> list[str]:
    """The test cells' messages in a result record that a page could not say in another
    language: a failure of one of `KEPT_KINDS` whose sentence was not kept as one of the
    course's templates, or a kept sentence whose data does not give the English one back."""
    from gamekit.i18n import course_templates, said_again, speaking, split_kind

    problems = []
    for cell in record.get("cells", []):
        kind, text = split_kind(str(cell.get("message", "")))
        said = cell.get("said")
        if said is None and kind not in KEPT_KINDS:
            continue
        if not isinstance(said, dict) or said.get("template") not in course_templates():
            problems.append(f"{cell.get('grade_id')}: message not kept as a sentence: {text!r}")
            continue
        with speaking("en"):
            again = said_again(said, "")
        if not again.startswith(text[:400]):
            problems.append(f"{cell.get('grade_id')}: kept sentence {again!r} is not {text!r}")
    return problems


def print_results(results: list[CaseResult], log=print) -> None:
    for r in results:
        total = sum(s or 0 for s in r.scores.values())
        out_of = sum(r.max_scores.values())
        verdict = "ok " if r.ok else "BAD"
        log(f"{verdict} {r.case.name:28s} {total:5.1f} / {out_of:4.1f}  {r.case.doc}")
        for problem in r.problems:
            log(f"      - {problem}")


# --------------------------------------------------------------------------------------------
# Commands
# --------------------------------------------------------------------------------------------


def grade_table(root: Path, names: list[str], db_url: str | None = None) -> str:
    """Student x assignment scores with totals, as text, with each submission's status, from the
    gradebook at ``db_url`` (default: the course's).

    ``missing``: nothing handed in (not a 0); ``F``: grading failed (the summary says why, the
    score counts the cells graded before it stopped); ``!``: flagged for the instructor to look
    at; ``*``: free-text answers still to be graded by hand.
    """
    from gamekit.grader.driver import db_url_of
    from gamekit.grader.ledger import read_ledger

    db_url = db_url or db_url_of(root)
    # Grades first: nbgrader sets up a gradebook that does not exist yet, then the ledger joins.
    grades_of = {assignment: read_grades(root, assignment, db_url) for assignment in names}
    ledger = read_ledger(db_url)
    table: dict[str, dict[str, str]] = {}
    totals: dict[str, list[float]] = {}
    maxima: dict[str, float] = {}
    marks_used: set[str] = set()
    for assignment in names:
        grades = grades_of[assignment]
        for rows in grades.values():
            maxima[assignment] = sum(g.max_score for g in rows)
        students = set(grades) | {s for (s, a) in ledger if a == assignment}
        for student in students:
            record = ledger.get((student, assignment), {})
            rows = grades.get(student, [])
            out_of = maxima.get(assignment, 0.0)
            if record.get("status") == "missing" or (not rows and not record):
                table.setdefault(student, {})[assignment] = f"{'missing':>16s} "
                totals.setdefault(student, [0.0, 0.0, 0])[2] += 1
                marks_used.add("missing")
                continue
            score = sum(g.score or 0 for g in rows)
            mark = " "
            if record.get("status") == "failed":
                mark = "F"
            elif record.get("flags"):
                mark = "!"
            elif any(g.manual and g.score is None for g in rows):
                mark = "*"
            marks_used.add(mark)
            table.setdefault(student, {})[assignment] = f"{score:7.1f} / {out_of:5.1f}{mark}"
            total = totals.setdefault(student, [0.0, 0.0, 0])
            total[0] += score
            total[1] += out_of
    width = max([len(s) for s in table] + [7])
    header = f"{'student':{width}s} " + " ".join(f"{a:>17s}" for a in names) + f" {'total':>14s}"
    lines = [header, "-" * len(header)]
    for student in sorted(table):
        cells = [table[student].get(a, f"{'missing':>16s} ") for a in names]
        score, out_of, missing = totals.get(student, [0.0, 0.0, len(names)])
        missing += len([a for a in names if a not in table[student]])
        total = f"{score:6.1f} / {out_of:5.1f}" if out_of or missing < len(names) else ""
        if missing:
            total = f"{total} +{missing} missing".strip()
            marks_used.add("missing total")
        lines.append(f"{student:{width}s} " + " ".join(cells) + f" {total:>14s}".rstrip())
    legend = {
        "missing": "missing: nothing handed in (not a score of 0)",
        "missing total": (
            "total: the assignments handed in; +N missing: assignments not handed in, not counted"
        ),
        "F": "F: grading failed; the score counts only the cells graded before it stopped",
        "!": "!: flagged by the checks before grading: look at the reasons in the summary",
        "*": "*: free-text answers still to be graded by hand (nbgrader formgrader)",
    }
    lines += [text for mark, text in legend.items() if mark in marks_used]
    return "\n".join(lines)


def demo(root: Path | None = None, log=print) -> Path:
    """The main job end to end in build/demo: release, sample submissions, grades, feedback."""
    root = root or course_root()
    course = scratch_course(root / "build" / "demo", root)
    names = assignments(course)
    from gamekit.grader.settings import ClassLanguages
    from gamekit.i18n import chosen

    languages = ClassLanguages.read(course, chosen())  # each sample student works in theirs
    with open(root / "tests" / "submissions" / "demo_students.json") as f:
        roster: dict[str, dict[str, str]] = json.load(f)
    for assignment in names:
        generate(course, assignment)
        cases = {c.name: c for c in load_cases(root, assignment)}
        students = {
            student: cases[plan[assignment]]
            for student, plan in roster.items()
            if plan.get(assignment) in cases
        }
        write_submissions(course, assignment, students, languages.of)
        log(f"{assignment}: released, {len(students)} sample submissions handed in")
    handed_in = len(list((course / "submitted").glob("*/*")))
    log(
        f"Grading {handed_in} sample submissions: a few minutes (one loops for ever on "
        "purpose: it is stopped at its 20 s of CPU time and graded again, alone)."
    )
    summary = grade_submissions(course, names, log=log)
    for assignment in names:
        feedback(course, assignment)
    log("")
    log(summary.text())
    log("")
    log(grade_table(course, names))
    log("")
    log(f"Gradebook: {course / 'gradebook.db'}")
    log(f"Feedback:  {course / 'feedback'}/<student>/<assignment>/*.html")
    from gamekit.grader.driver import db_url_of
    from gamekit.report import write_reports

    log(f"Report:    {write_reports(course, names, db_url_of(course)).index}")
    log("")
    log(demo_commands(root, course))
    return course


def release(root: Path | None = None, log=print) -> None:
    """Regenerate release/ from source/ in the course itself (creates ./gradebook.db), in every
    language, and the lecture notebooks' translations (notebooks/<lang>/)."""
    root = root or course_root()
    for assignment in assignments(root):
        generate(root, assignment)
        log(f"release/{assignment} regenerated, in every language")
    from gamekit.course.translate import write_translations

    lectures = sorted((root / "notebooks").glob("*.ipynb"))
    write_translations(root, log=log, notebooks=lectures)


def calibrate(
    root: Path | None = None, names: list[str] | None = None, rounds: int = 3, log=print
) -> Path:
    """``python -m gamekit.course calibrate``: grade the reference answers ``rounds`` times,
    one at a time, and write the most CPU time each graded cell took to
    ``source/cpu_reference.json``: a cell's time limit is a multiple of it, and a stopped cell's
    message quotes it (`gamekit.grader.budget`). Run it after changing a test cell."""
    from gamekit.grader.budget import REFERENCE_FILE, read_reference

    root = root or course_root()
    names = names or assignments(root)
    measured = read_reference(root / "source")
    with tempfile.TemporaryDirectory(prefix="gamekit-calibrate-") as folder:
        course = scratch_course(Path(folder) / "course", root)
        for assignment in names:
            generate(course, assignment)
            (reference,) = load_cases(root, assignment, ["reference"])
            write_submissions(
                course, assignment, {f"reference-{n + 1}": reference for n in range(rounds)}
            )
        summary = grade_submissions(course, names, workers=1, log=log)
    for assignment in names:
        cells: dict[str, float] = {}
        for result in summary.results:
            if result["assignment"] != assignment or result["status"] != "graded":
                continue
            for grade_id, seconds in result["timings"].get("cpu", {}).items():
                cells[grade_id] = round(max(cells.get(grade_id, 0.0), seconds), 2)
        measured[assignment] = dict(sorted(cells.items()))
        slowest = max(cells.items(), key=lambda item: item[1], default=("-", 0.0))
        log(f"{assignment}: {len(cells)} cells, the slowest {slowest[0]} ({slowest[1]:.2f} s)")
    path = root / "source" / REFERENCE_FILE
    about = (
        "CPU seconds the reference answers need in each graded cell (the most of "
        f"{rounds} gradings), written by `python -m gamekit.course calibrate`"
    )
    data = {"about": about, "assignments": dict(sorted(measured.items()))}
    path.write_text(json.dumps(data, indent=1) + "\n")
    log(f"wrote {path}")
    return path


def grade_all(
    root: Path | None = None,
    names: list[str] | None = None,
    students: list[str] | None = None,
    workers: int | None = None,
    force: bool = False,
    log=print,
    cluster: str | None = None,
    db_url: str | None = None,
) -> int:
    """``make grade``: grade what is under submitted/ through the driver; print the summary
    and the grade table. ``cluster`` and ``db_url`` as in `grade_submissions`. Returns an exit
    code (1 when something must be fixed first)."""
    from gamekit.grader.driver import GradingSetupError

    root = root or course_root()
    known = assignments(root)
    names = names or [a for a in known if list((root / "submitted").glob(f"*/{a}"))]
    unknown = sorted(set(names) - set(known))
    if unknown:
        log(f"No such assignment: {', '.join(unknown)} (the course has {', '.join(known)})")
        return 1
    if not names:
        log("Nothing to grade: put submissions in submitted/<student>/<assignment>/")
        return 1
    try:
        summary = grade_submissions(
            root,
            names,
            students=students,
            workers=workers,
            force=force,
            log=log,
            cluster=cluster,
            db_url=db_url,
        )
    except GradingSetupError as error:
        log(f"Grading could not start: {error}")
        return 1
    log(summary.text())
    log("")
    log(grade_table(root, names, db_url))
    return 0


def feedback_all(root: Path | None = None, log=print) -> int:
    """``make feedback``: pages for every graded assignment; says what it wrote and what it
    could not write. Returns an exit code (1 when a page could not be written)."""
    from gamekit.grader.driver import db_url_of
    from gamekit.grader.ledger import read_ledger

    root = root or course_root()
    db_url = db_url_of(root)
    graded = {a for (_, a) in read_ledger(db_url)} if has_gradebook(db_url) else set()
    if not graded:
        log("No feedback to write: nothing has been graded yet (make grade).")
        point_to_demo(root, log)
        return 0
    failed = 0
    for assignment in assignments(root):
        if assignment not in graded:
            continue
        run = feedback(root, assignment)
        students = sorted({p.parent.parent.name for p in run.written})
        log(
            f"{assignment}: {len(run.written)} page(s) for {len(students)} student(s) in "
            f"feedback/<student>/{assignment}/"
        )
        for problem in run.failed:
            log(f"  could not write: {problem}")
        for short in run.short:
            log(f"  {short}")
        failed += len(run.failed)
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gamekit.course",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("demo")
    sub.add_parser("release")
    sub.add_parser(
        "translations",
        help="update the notebooks' catalogues (gamekit/locale/<lang>/notebooks/) from the "
        "English notebooks, then write release/<lang>/ and notebooks/<lang>/ from them",
    )
    grade = sub.add_parser("grade", help="grade submitted/ through the trusted driver")
    grade.add_argument("assignment", nargs="*", help="default: every assignment handed in")
    grade.add_argument("--student", action="append", help="only these students (repeatable)")
    grade.add_argument("--workers", type=int, help="jobs at once (default: the number of cores)")
    grade.add_argument("--force", action="store_true", help="grade unchanged submissions again")
    grade.add_argument("--cluster", metavar="ADDRESS", help="a Dask scheduler to grade on")
    grade.add_argument("--db-url", help="the gradebook's URL (default: $GAMEKIT_DB_URL or SQLite)")
    feedback_cmd = sub.add_parser("feedback")
    feedback_cmd.add_argument(
        "--language",
        help="the language of the pages' own words: en, pt_BR or es (default: $GAMEKIT_LANG, "
        "else en)",
    )
    calibrate_cmd = sub.add_parser(
        "calibrate", help="measure the CPU time of every graded cell with the reference answers"
    )
    calibrate_cmd.add_argument("assignment", nargs="*", help="default: every assignment")
    calibrate_cmd.add_argument("--rounds", type=int, default=3)
    check = sub.add_parser("check")
    check.add_argument("assignment")
    check.add_argument("--case", action="append")
    check.add_argument("--keep", type=Path)
    from gamekit.report import cli as report_cli

    report_cli.add_arguments(sub.add_parser("report", help="the class report under reports/"))
    args = parser.parse_args(argv)
    if args.command == "demo":
        demo()
    elif args.command == "release":
        release()
    elif args.command == "translations":
        from gamekit.course.translate import add_test_phrases, update_catalogues, write_translations
        from gamekit.i18n import DOMAIN, LOCALE_DIR

        added = add_test_phrases(LOCALE_DIR / f"{DOMAIN}.pot", course_root())
        print(f"{added} sentences of the test cells added to {DOMAIN}.pot")
        update_catalogues(course_root())
        write_translations(course_root())
    elif args.command == "grade":
        return grade_all(
            None,
            args.assignment,
            args.student,
            args.workers,
            args.force,
            cluster=args.cluster,
            db_url=args.db_url,
        )
    elif args.command == "feedback":
        if args.language:
            from gamekit.i18n import set_language

            set_language(args.language)
        return feedback_all()
    elif args.command == "calibrate":
        calibrate(None, args.assignment or None, args.rounds)
    elif args.command == "check":
        try:
            problems, results = check_cases(args.assignment, args.case, args.keep)
        except ValueError as error:  # an unknown case or assignment: one sentence, no traceback
            print(f"Nothing checked: {error}")
            return 1
        print_results(results)
        return 0 if not problems and all(r.ok for r in results) else 1
    elif args.command == "report":
        return report_cli.run(args)
    return 0
