"""Feedback for students: the course's pages, and a preprocessor for nbgrader's own.

`write_feedback` (``make feedback``) writes one page per student and notebook with
`gamekit.grader.feedback_page`, from the ledger, the gradebook (hand grades and comments
included) and the graded notebooks in ``autograded/``; every student the driver saw gets a page,
a submission that could not be read or never came included. Each page is written by a child
process with limits of its own (`gamekit.grader.feedback_bounds`): a page that reaches one is
replaced by a short page that says so, and the next student goes on.

`ShortenTestTracebacks` is for nbgrader's own ``generate_feedback`` (still configured in
nbgrader_config.py for instructors who run it by hand): nbgrader's ClearHiddenTests removes
hidden-test source, but a failing assertion's traceback still quotes the lines around it; this
keeps only the last line of every error in a graded test cell.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from nbconvert.preprocessors import Preprocessor
from traitlets import Bool

if TYPE_CHECKING:
    from gamekit.grader.feedback_page import CellScore


class ShortenTestTracebacks(Preprocessor):
    """Replace the traceback of every error output in a graded test cell by its last line."""

    enabled = Bool(True).tag(config=True)  # nbconvert preprocessors are off unless enabled

    def preprocess_cell(self, cell, resources, index):
        nbgrader = cell.get("metadata", {}).get("nbgrader", {})
        if cell.cell_type == "code" and nbgrader.get("grade") and not nbgrader.get("solution"):
            for output in cell.get("outputs", []):
                if output.get("output_type") == "error":
                    output["traceback"] = [f"{output.get('ename')}: {output.get('evalue')}"]
        return cell, resources


# --------------------------------------------------------------------------------------------
# The course's feedback pages (gamekit.grader.feedback_page), for every student the driver saw
# --------------------------------------------------------------------------------------------


@dataclass
class FeedbackRun:
    """What `write_feedback` wrote, for whom it could not write a page (with why), and whose
    page is the short one because writing the whole page reached a limit (with which)."""

    written: list[Path] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    short: list[str] = field(default_factory=list)


def gradebook_scores(db_url: str, assignment: str) -> dict[tuple[str, str], dict[str, dict]]:
    """``{(student, notebook): {grade_id: {score, max_score, comment}}}`` as the gradebook holds
    them now: a hand grade given in the formgrader wins over the automatic one."""
    from nbgrader.api import Gradebook, MissingEntry

    found: dict[tuple[str, str], dict[str, dict]] = {}
    with Gradebook(db_url) as gradebook:
        try:
            submissions = gradebook.assignment_submissions(assignment)
        except MissingEntry:
            return found
        for submission in submissions:
            for notebook in submission.notebooks:
                comments = {c.name: c.comment or "" for c in notebook.comments}
                found[(submission.student.id, notebook.name + ".ipynb")] = {
                    grade.name: {
                        "score": grade.score
                        if grade.manual_score is not None or grade.auto_score is not None
                        else None,
                        "max_score": grade.max_score,
                        "comment": comments.get(grade.name, ""),
                    }
                    for grade in notebook.grades
                }
    return found


def write_feedback(
    root: Path, assignment: str, db_url: str, students: Iterable[str] | None = None
) -> FeedbackRun:
    """Write ``feedback/<student>/<assignment>/<notebook>.html`` for every student the driver
    graded (or only ``students``): a graded notebook's page, or a status page for a submission
    that never came or could not be read, the page's own words in the student's language
    (`gamekit.grader.settings.ClassLanguages`: the class's, chosen for this run or set in
    ``nbgrader_config.py``, unless the student has one of their own). Reads the ledger, the
    gradebook and ``autograded/``."""
    from gamekit.grader.feedback_bounds import PageTask, preload, write_page
    from gamekit.grader.feedback_page import PageInfo
    from gamekit.grader.ledger import read_ledger
    from gamekit.grader.settings import ClassLanguages
    from gamekit.i18n import chosen, said_again, say, speaking

    preload()
    languages = ClassLanguages.read(root, chosen())
    run = FeedbackRun()
    wanted = set(students) if students is not None else None
    release = sorted(p.name for p in (root / "release" / assignment).glob("*.ipynb"))
    scores = gradebook_scores(db_url, assignment)
    for (student, _), record in sorted(read_ledger(db_url, assignment).items()):
        if wanted is not None and student not in wanted:
            continue
        folder = root / "feedback" / student / assignment
        graded_folder = root / "autograded" / student / assignment
        for kept in ("timestamp.txt", "submission_secret.txt"):  # nbgrader's release_feedback
            if (graded_folder / kept).is_file():  # reads both beside the page, as it sends it
                folder.mkdir(parents=True, exist_ok=True)
                (folder / kept).write_text((graded_folder / kept).read_text())
        language = languages.of(student)
        kept = record.get("said") if isinstance(record.get("said"), dict) else {}
        with speaking(language):  # the grader's own sentences, said again in the page's
            reasons = [say(str(r), kept) for r in record.get("reasons", [])]
            notes = [say(str(n), kept) for n in record.get("notes", [])]
            notes += [
                said_again(f.get("said"), str(f["message"]))
                for f in record.get("flags", [])
                if isinstance(f, dict) and f.get("message")
            ]  # the lint's and the intake's findings, kept as data like the notes
        for name in release:
            info = PageInfo(
                assignment, name, student, record.get("status", "graded"), reasons, notes,
                language,
            )  # fmt: skip
            cells = [c for c in record.get("cells", []) if c.get("notebook") == name]
            stored = scores.get((student, name), {})
            graded = graded_folder / name
            where = f"{student} / {assignment} / {name}"
            try:
                target = folder / Path(name).with_suffix(".html").name
                if info.status != "missing" and graded.is_file():
                    task = PageTask(
                        target, info, _cell_scores(cells, stored), graded,
                        release=_release_in(root, language, assignment, name),
                    )  # fmt: skip
                else:
                    if info.status != "missing":
                        info.status = "failed"
                    out_of = sum(float(c.get("max_score") or 0) for c in cells)
                    task = PageTask(target, info, out_of=out_of)
                outcome = write_page(task)
                run.written.append(target)
                if outcome.error:
                    run.failed.append(
                        f"{where}: the full page could not be drawn ({outcome.error}); "
                        "a short page was written"
                    )
                elif outcome.short:
                    run.short.append(f"{where}: a short page, because {outcome.short}")
            except Exception as error:  # noqa: BLE001 - one page must not stop the others
                run.failed.append(f"{where}: {error}")
    return run


def _release_in(root: Path, language: str, assignment: str, name: str) -> Path:
    """The release notebook as the student was handed it, whose headings name each graded cell
    on the page: the translation in ``release/<language>/`` when the course has one, else the
    English release."""
    translated = root / "release" / language / assignment / name
    if language != "en" and translated.is_file():
        return translated
    return root / "release" / assignment / name


def _cell_scores(cells: list[dict], stored: dict[str, dict]) -> dict[str, CellScore]:
    from gamekit.grader.feedback_page import CellScore

    result = {}
    for cell in cells:
        grade_id = cell["grade_id"]
        now = stored.get(grade_id, {})
        score = now.get("score", cell.get("score")) if now else cell.get("score")
        result[grade_id] = CellScore(
            grade_id,
            float(now.get("max_score", cell.get("max_score") or 0)),
            None if score is None else float(score),
            bool(cell.get("manual")),
            str(now.get("comment") or ""),
            str(cell.get("message") or ""),
            cell.get("evidence") if isinstance(cell.get("evidence"), dict) else None,
            cell.get("said") if isinstance(cell.get("said"), dict) else None,
        )
    return result
