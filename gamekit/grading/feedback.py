"""An nbgrader preprocessor for feedback: failing hidden tests show their message, not code.

nbgrader's ClearHiddenTests removes hidden-test source from the feedback, but a failing
assertion's traceback still quotes the lines around it. This preprocessor keeps only the last
line of every error in a graded test cell (``GradingError: what went wrong``), so feedback shows
the explanation and never the hidden test's source or expected values.
"""

from __future__ import annotations

import re

from nbconvert.preprocessors import Preprocessor
from traitlets import Bool


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


def pending_hand_grades(db_url: str, assignment: str, student: str) -> dict[str, dict[str, float]]:
    """``{notebook: {grade_id: points}}`` of the cells still waiting for a hand grade (a written
    answer nobody has scored yet: neither an automatic nor a manual score)."""
    from nbgrader.api import Gradebook, MissingEntry

    pending: dict[str, dict[str, float]] = {}
    with Gradebook(db_url) as gradebook:
        try:
            submission = gradebook.find_submission(assignment, student)
        except MissingEntry:
            return pending
        for notebook in submission.notebooks:
            for grade in notebook.grades:
                if grade.manual_score is None and grade.auto_score is None:
                    pending.setdefault(notebook.name, {})[grade.name] = grade.max_score
    return pending


def mark_pending_hand_grades(html: str, pending: dict[str, float]) -> str:
    """nbgrader's feedback page shows an ungraded written answer as "Score: 0.0 / 2.0". Say
    "to be graded by hand" there instead, in the table of contents, at the cell, and in the
    total, so a student does not read a placeholder as a mark."""
    number = r"[0-9.]+"
    for grade_id, points in pending.items():
        anchor = re.escape(f'href="#{grade_id}"')
        html = re.sub(
            rf"({anchor}>[^<]*</a>) \(Score: {number} / {number}\)",
            rf"\1 (to be graded by hand, {points:g} points)",
            html,
        )
        html = re.sub(
            rf'(<a name="{re.escape(grade_id)}"></a>.*?)Score: {number} / ({number})',
            r"\1To be graded by hand (out of \2)",
            html,
            count=1,
            flags=re.S,
        )
    if pending:
        total = sum(pending.values())
        html = re.sub(
            rf"(<h4>[^<]*\(Score: {number} / {number})\)",
            rf"\1; {total:g} of these points are still to be graded by hand)",
            html,
            count=1,
        )
    return html
