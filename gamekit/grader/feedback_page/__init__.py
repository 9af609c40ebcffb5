"""The feedback page a student reads: one self-contained HTML file per notebook.

nbgrader's own feedback page is its notebook template with scores added: the sentence that
names the mistake sits in a traceback box that does not wrap, cells carry no number or title,
formulas need MathJax from the network, and a submission that could not be graded gets no page.
This page is written for the student instead, from what the grader recorded:

- at the top, the score and, when grading failed, what happened and what to do; then a table
  of every graded cell (its part and exercise in words, read off the release notebook's
  headings and checks, never a grade_id; its cell number, the points, the explanation); a
  graded cell whose explanation is the one just above says "the same as cell 8" instead;
- then the notebook as graded, each cell numbered as in the grader's messages ("cell 19"), each
  graded cell boxed with its points and the explanation *first*, wrapped;
- an exercise left unanswered says so calmly (○), never with a traceback; a cell that crashed
  shows only the traceback's steps in the notebook's own cells and the error's sentence, and
  no path of the grading machine appears anywhere (`without_paths`);
- a checker's witness that names a Connect Four or Quarto board is drawn as a small inline
  SVG made here from the parsed, validated board (`witness_html`), moves written as the
  course writes them, ``(4,1)``;
- no hidden test's code and no script: everything the submission holds reaches the page through
  `gamekit.grader.safe_html` (escaped text; pictures decoded, checked and re-encoded; markdown
  checked tag by tag), and the page's Content-Security-Policy forbids scripts and requests;
- formulas are drawn at generation time (matplotlib's mathtext, SVG pictures): nothing to
  fetch; at most `FORMULAS` of them and `FORMULA_BYTES` of pictures per page, the rest shown
  as TeX source.

What a submission shows is limited per page (`Budget`); how long and how much memory writing
one page may take is `gamekit.grader.feedback_bounds`'s business.

`render_notebook_page` draws a graded notebook; `render_status_page` a page for a submission
with no graded notebook (missing, or one that could not be read); `render_short_page` the page
of a notebook whose page could not be written within its limits.

The package holds, one module each: what a page is drawn from (`records`), text, formulas and
markdown (`text`), the cells (`cells`), a witness's board (`boards`) and whole pages (`pages`).
"""

from __future__ import annotations

from gamekit.grader.feedback_page.boards import witness_html
from gamekit.grader.feedback_page.cells import (
    cell_titles,
    check_titles,
    exercise_titles,
    explanation,
    student_traceback,
    title_text,
    without_paths,
)
from gamekit.grader.feedback_page.pages import (
    render_notebook_page,
    render_short_page,
    render_status_page,
)
from gamekit.grader.feedback_page.records import (
    FORMULAS,
    UNANSWERED,
    UNANSWERED_HERE,
    CellScore,
    PageInfo,
)
from gamekit.grader.feedback_page.text import Budget, markdown_html, math_svg

__all__ = [
    "FORMULAS",
    "UNANSWERED",
    "UNANSWERED_HERE",
    "Budget",
    "CellScore",
    "PageInfo",
    "cell_titles",
    "check_titles",
    "exercise_titles",
    "explanation",
    "markdown_html",
    "math_svg",
    "render_notebook_page",
    "render_short_page",
    "render_status_page",
    "student_traceback",
    "title_text",
    "without_paths",
    "witness_html",
]
