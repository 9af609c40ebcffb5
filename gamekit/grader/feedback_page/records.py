"""What a feedback page is drawn from (`CellScore`, `PageInfo`), the limits on what one page
shows, and the sentences of an unanswered exercise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamekit.i18n import N_

UNANSWERED = N_("○ not answered yet: this exercise still raises NotImplementedError")
"""What a graded cell of an unanswered exercise says (the notebook's own ○ line, in words)."""

UNANSWERED_HERE = N_("○ not run: the exercise this cell uses is not answered yet")
"""What a cell that only uses an unanswered exercise shows, instead of a traceback."""

MAX_TEXT = 20_000  # characters of one output shown; the grader already cut longer ones

FORMULAS = 100
"""Formulas drawn as pictures on one page; the course's notebooks have 6 in all. The others
are shown as their TeX source."""

FORMULA_BYTES = 1024 * 1024
"""Bytes of formula pictures on one page (one is about 6 KB)."""

TEX_CHARS = 400
"""Characters of one formula's TeX that mathtext is asked to draw; a longer one is shown as
source."""

PICTURE_BYTES = 8 * 1024 * 1024
"""Bytes of pictures (plots) on one page, decoded; a picture beyond them is not shown."""


@dataclass
class CellScore:
    """What the gradebook holds for one graded cell."""

    grade_id: str
    max_score: float
    score: float | None  # None: a written answer still to be graded by hand
    manual: bool = False  # graded by a person (a written answer)
    comment: str = ""  # the instructor's comment, if any
    message: str = ""  # the grader's explanation, when it lost points
    evidence: dict | None = None  # the checker's witness (step, input, got, expected), if any
    said: dict | None = None  # what ``message`` is made of, to say it in the page's language


@dataclass
class PageInfo:
    """Who and what a page is about, and what the grader said about the submission."""

    assignment: str
    notebook: str
    student: str
    status: str = "graded"  # graded, failed, missing
    reasons: list[str] = field(default_factory=list)  # why grading failed
    notes: list[str] = field(default_factory=list)  # what the grader repaired or matched
    language: str = "en"  # the language of the page's own words (`gamekit.i18n`)


# --------------------------------------------------------------------------------------------
# Text, math and markdown
# --------------------------------------------------------------------------------------------


def _dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []
