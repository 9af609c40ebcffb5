"""The feedback page a student reads: one self-contained HTML file per notebook.

nbgrader's own feedback page is its notebook template with scores added: the sentence that
names the mistake sits in a traceback box that does not wrap, cells carry no number or title,
formulas need MathJax from the network, and a submission that could not be graded gets no page.
This page is written for the student instead, from what the grader recorded:

- at the top, the score and, when grading failed, what happened and what to do; then a table
  of every graded cell (its part and exercise, its cell number, the points, the explanation);
- then the notebook as graded, each cell numbered as in the grader's messages ("cell 19"), each
  graded cell boxed with its points and the explanation *first*, wrapped;
- an exercise left unanswered says so calmly (○), never with a traceback;
- no hidden test's code, no raw HTML from the submission (all of it is escaped), no script;
- formulas are drawn at generation time (matplotlib's mathtext, inline SVG): nothing to fetch.

`render_notebook_page` draws a graded notebook; `render_status_page` a page for a submission
with no graded notebook (missing, or one that could not be read).
"""

from __future__ import annotations

import base64
import dataclasses
import functools
import html
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

UNANSWERED = "○ not answered yet: this exercise still raises NotImplementedError"
"""What a graded cell of an unanswered exercise says (the notebook's own ○ line, in words)."""

UNANSWERED_HERE = "○ not run: the exercise this cell uses is not answered yet"
"""What a cell that only uses an unanswered exercise shows, instead of a traceback."""

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
MATH = re.compile(r"\$\$(.+?)\$\$|(?<![\\$])\$(?!\s)([^$\n]+?)(?<!\s)\$", re.S)
MAX_TEXT = 20_000  # characters of one output shown; the grader already cut longer ones


@dataclass
class CellScore:
    """What the gradebook holds for one graded cell."""

    grade_id: str
    max_score: float
    score: float | None  # None: a written answer still to be graded by hand
    manual: bool = False  # graded by a person (a written answer)
    comment: str = ""  # the instructor's comment, if any
    message: str = ""  # the grader's explanation, when it lost points


@dataclass
class PageInfo:
    """Who and what a page is about, and what the grader said about the submission."""

    assignment: str
    notebook: str
    student: str
    status: str = "graded"  # graded, failed, missing
    reasons: list[str] = field(default_factory=list)  # why grading failed
    notes: list[str] = field(default_factory=list)  # what the grader repaired or matched


# --------------------------------------------------------------------------------------------
# Text, math and markdown
# --------------------------------------------------------------------------------------------


def escape(text: str) -> str:
    return html.escape(ANSI.sub("", text), quote=True)


@functools.lru_cache(maxsize=256)
def math_svg(tex: str) -> str | None:
    """``tex`` drawn by matplotlib's mathtext as an inline ``<img>`` (SVG), or None when
    mathtext cannot draw it (the page then shows the TeX source)."""
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.figure import Figure

    figure = Figure(figsize=(0.01, 0.01))
    FigureCanvasSVG(figure)
    figure.text(0, 0, f"${tex}$", fontsize=13)
    buffer = io.BytesIO()
    try:
        figure.savefig(buffer, format="svg", bbox_inches="tight", pad_inches=0.01, transparent=True)
    except (ValueError, RuntimeError):
        return None
    data = base64.b64encode(buffer.getvalue()).decode()
    return f'<img class="math" alt="{escape(tex)}" src="data:image/svg+xml;base64,{data}">'


def markdown_html(text: str) -> str:
    """Markdown as HTML with every raw HTML tag escaped and formulas drawn as pictures."""
    import mistune

    formulas: list[str] = []

    def hold(match: re.Match) -> str:
        tex = (match.group(1) or match.group(2) or "").strip()
        display = match.group(1) is not None
        picture = math_svg(tex) or f"<code>{escape(tex)}</code>"
        formulas.append(f'<div class="display">{picture}</div>' if display else picture)
        return f"MATHPLACEHOLDER{len(formulas) - 1}X"

    held = MATH.sub(hold, text)
    render = mistune.create_markdown(escape=True, plugins=["table", "strikethrough"])
    rendered = str(render(held))
    return re.sub(r"MATHPLACEHOLDER(\d+)X", lambda m: formulas[int(m.group(1))], rendered)


# --------------------------------------------------------------------------------------------
# Cells
# --------------------------------------------------------------------------------------------


def _meta(cell: Any) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {}) or {}


def _source(cell: Any) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def cell_titles(cells: Iterable[Any]) -> dict[int, tuple[str, str]]:
    """Cell index -> ("Part 2: ...", "Exercise 2.1 (3 points)"): the headings above each cell."""
    titles: dict[int, tuple[str, str]] = {}
    part = exercise = ""
    for index, cell in enumerate(cells):
        if cell.get("cell_type") == "markdown":
            for line in _source(cell).splitlines():
                heading = re.match(r"(#{1,4})\s+(.*)", line)
                if not heading:
                    continue
                level, words = len(heading.group(1)), heading.group(2).strip()
                if level <= 2:
                    part, exercise = (words if level == 2 else part), ""
                else:
                    exercise = words
        titles[index] = (part, exercise)
    return titles


def title_text(title: tuple[str, str]) -> str:
    return " › ".join(t for t in title if t)


def unanswered(message: str) -> bool:
    """Whether a graded cell's error says the exercise is still the release's stub."""
    return "NotImplementedError" in message


def explanation(score: CellScore) -> str:
    """The sentence a graded cell shows first: the grader's explanation without the name of
    the checker's exception class (a student's own exception keeps its name)."""
    message = score.message.strip()
    if score.manual:
        if score.score is None:
            return "to be graded by hand"
        if message == "no answer" and not score.comment:
            return "○ not answered yet"
        return score.comment or "graded by hand"
    if score.score is not None and score.score >= score.max_score:
        return "✓ all checks passed"
    if unanswered(message):
        return UNANSWERED
    message = re.sub(r"^(GradingError|AssertionError): ", "", message)
    return message or "this cell's checks did not pass"


def _points(score: CellScore) -> str:
    if score.score is None:
        return f"– / {score.max_score:g}"
    return f"{score.score:g} / {score.max_score:g}"


def _outputs_html(cell: Any, graded_test: bool) -> str:
    parts = []
    for output in cell.get("outputs", []):
        kind = output.get("output_type")
        if kind == "stream":
            text = str(output.get("text", ""))[:MAX_TEXT]
            parts.append(f'<pre class="out">{escape(text)}</pre>')
        elif kind == "error":
            if graded_test:
                continue  # the explanation above says it, without the checker's traceback
            if unanswered(f"{output.get('ename')}: {output.get('evalue')}"):
                parts.append(f'<pre class="out">{escape(UNANSWERED_HERE)}</pre>')
                continue  # a "check it" cell of an exercise still to answer: no traceback
            lines = output.get("traceback") or [f"{output.get('ename')}: {output.get('evalue')}"]
            text = "\n".join(str(line) for line in lines)[:MAX_TEXT]
            parts.append(f'<pre class="out error">{escape(text)}</pre>')
        elif kind in ("display_data", "execute_result"):
            data = output.get("data", {})
            if "image/png" in data:
                png = str(data["image/png"]).replace("\n", "")
                parts.append(
                    f'<img class="plot" alt="a picture" src="data:image/png;base64,{png}">'
                )
            elif "text/plain" in data:
                text = (
                    "".join(data["text/plain"])
                    if isinstance(data["text/plain"], list)
                    else str(data["text/plain"])
                )
                parts.append(f'<pre class="out">{escape(text[:MAX_TEXT])}</pre>')
    return "".join(parts)


def _state(score: CellScore) -> str:
    """pending (to grade by hand), full, blank (unanswered) or lost: the box's colour."""
    if score.score is None:
        return "pending"
    if score.score >= score.max_score:
        return "full"
    return "blank" if unanswered(score.message) else "lost"


def _graded_box(score: CellScore, kind: str) -> str:
    state = _state(score)
    return (
        f'<div class="verdict {state}"><span class="points">{escape(_points(score))}</span>'
        f'<span class="what">{escape(kind)}</span>'
        f'<p class="explain">{escape(explanation(score))}</p></div>'
    )


def _cell_html(index: int, cell: Any, title: tuple[str, str], scores: dict[str, CellScore]) -> str:
    number = index + 1
    meta = _meta(cell)
    grade_id = meta.get("grade_id")
    score = scores.get(grade_id) if grade_id and meta.get("grade") else None
    if cell.get("cell_type") == "markdown":
        if cell.get("metadata", {}).get("gamekit", {}).get("banner"):
            return ""  # the grader's own note: the page says it at the top
        body = markdown_html(_source(cell))
        box = _graded_box(score, "written answer") if score else ""
        return f'<section class="md" id="cell-{number}">{box}{body}</section>'
    if cell.get("cell_type") != "code":
        return ""
    test = bool(meta.get("grade")) and not meta.get("solution")
    label = f"Cell {number}"
    if meta.get("solution"):
        label += " · your answer"
    elif test:
        label += " · check"
    words = escape(title_text(title))
    heading = f'<div class="label">{escape(label)}<span class="title">{words}</span></div>'
    box = ""
    if score is not None:
        box = _graded_box(score, "written answer" if score.manual else "check")
    code = "" if test else f'<pre class="code">{escape(_source(cell))}</pre>'
    outputs = _outputs_html(cell, graded_test=test)
    classes = "cell graded" if score is not None else "cell"
    return f'<section class="{classes}" id="cell-{number}">{heading}{box}{code}{outputs}</section>'


# --------------------------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------------------------

STYLE = """
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d1d1f;
       max-width: 58rem; margin: 1.5rem auto; padding: 0 1rem; background: #fff; }
h1 { font-size: 1.5rem; margin-bottom: .2rem; } h2 { font-size: 1.2rem; margin-top: 2rem; }
.who { color: #555; margin-top: 0; }
.score { font-size: 1.25rem; font-weight: 600; }
.banner { border: 2px solid #b3261e; background: #fdecea; padding: .6rem .9rem;
          border-radius: 6px; margin: 1rem 0; overflow-wrap: anywhere; }
.banner.note { border-color: #8a6d00; background: #fff8e1; }
table.summary { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; }
table.summary th, table.summary td { border: 1px solid #c9ccd1; padding: .45rem .6rem;
          text-align: left; vertical-align: top; overflow-wrap: anywhere; }
table.summary th { background: #eef1f5; white-space: nowrap; }
table.summary td.num { white-space: nowrap; } table.summary td:first-child { width: 34%; }
table.summary .part { color: #555; font-size: .85rem; } table.summary .id { color: #777;
          font-size: .8rem; }
table.summary tr.lost td.pts { color: #b3261e; font-weight: 600; }
table.summary tr.full td.pts { color: #1e6b35; font-weight: 600; }
section { margin: .8rem 0; } section.md table { border-collapse: collapse; }
section.md th, section.md td { border: 1px solid #c9ccd1; padding: .3rem .6rem; }
.cell { border-left: 3px solid #c9ccd1; padding-left: .8rem; }
.cell.graded { border-left-color: #3f6fb5; }
.label { font-size: .85rem; color: #555; font-weight: 600; }
.label .title { font-weight: 400; margin-left: .6rem; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: .3rem 0; padding: .5rem .7rem;
      border-radius: 4px; font: 13px/1.45 ui-monospace, "DejaVu Sans Mono", monospace; }
pre.code { background: #f4f5f7; } pre.out { background: #fff; border: 1px solid #e1e3e6; }
pre.error { border-color: #e0a39e; background: #fff6f5; }
.verdict { border: 1px solid #c9ccd1; border-radius: 6px; padding: .5rem .8rem; margin: .4rem 0; }
.verdict.full { border-color: #7fb38d; background: #f0f8f2; }
.verdict.lost { border-color: #e0a39e; background: #fff6f5; }
.verdict.blank, .verdict.pending { background: #f6f6f6; }
.verdict .points { font-weight: 700; margin-right: .7rem; }
.verdict .what { color: #555; font-size: .85rem; }
.verdict .explain { margin: .25rem 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
img.math { vertical-align: middle; } .display { text-align: center; margin: .6rem 0; }
img.plot { max-width: 100%; }
"""


def _page(title: str, body: str) -> str:
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>{body}</body></html>\n"
    )


def _banners(info: PageInfo) -> str:
    parts = []
    if info.status == "failed":
        reasons = "; ".join(info.reasons) or "the grader could not finish"
        parts.append(
            f'<div class="banner"><b>Grading could not finish.</b> {escape(reasons)}. '
            "Cells after that point were not graded. Open your notebook, run "
            "<i>Kernel › Restart Kernel and Run All Cells</i>, fix what stops it, and hand it in "
            "again, or ask your instructor.</div>"
        )
    for note in _new_notes(info):
        parts.append(f'<div class="banner note">{escape(note)}</div>')
    return "".join(parts)


def _new_notes(info: PageInfo) -> list[str]:
    """The notes that say something the reasons do not already say, each once."""
    said = " ".join(info.reasons)
    return [n for n in dict.fromkeys(info.notes) if n and n not in said]


def _with_full_message(score: CellScore, cells: list[Any]) -> CellScore:
    """``score`` with its explanation as the graded cell's own error output says it (the
    result record keeps only its first 500 characters)."""
    for cell in cells:
        if _meta(cell).get("grade_id") != score.grade_id:
            continue
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                full = f"{output.get('ename')}: {output.get('evalue')}"
                if len(full) > len(score.message) and full.startswith(score.message[:100]):
                    return dataclasses.replace(score, message=full)
    return score


def render_notebook_page(notebook: Any, info: PageInfo, scores: dict[str, CellScore]) -> str:
    """The page for one graded notebook (``notebook``: the graded notebook, as the grader ran
    it; ``scores``: the gradebook's scores of its graded cells, by grade_id)."""
    cells = list(notebook.get("cells", []))
    titles = cell_titles(cells)
    scores = {grade_id: _with_full_message(score, cells) for grade_id, score in scores.items()}
    got = sum(s.score or 0 for s in scores.values())
    out_of = sum(s.max_score for s in scores.values())
    pending = sum(s.max_score for s in scores.values() if s.score is None)
    rows = []
    positions = {_meta(c).get("grade_id"): i for i, c in enumerate(cells) if _meta(c).get("grade")}
    for grade_id, score in sorted(scores.items(), key=lambda kv: positions.get(kv[0], 10**6)):
        index = positions.get(grade_id)
        state = _state(score)
        where = f'<a href="#cell-{index + 1}">cell {index + 1}</a>' if index is not None else "–"
        part, exercise = titles.get(index, ("", "")) if index is not None else ("", "")
        title = f'<span class="part">{escape(part)}</span><br>' if part else ""
        title += f"{escape(exercise or grade_id)} <span class='id'>({escape(grade_id)})</span>"
        shown = "" if score.score is None else f"{score.score:g}"
        rows.append(
            f'<tr class="{state}" data-grade-id="{escape(grade_id)}" data-score="{shown}" '
            f'data-max-score="{score.max_score:g}"><td>{title}</td><td class="num">{where}</td>'
            f'<td class="num pts">{escape(_points(score))}</td>'
            f"<td>{escape(explanation(score))}</td></tr>"
        )
    total = f"{got:g} / {out_of:g}"
    if pending:
        total += f" ({pending:g} of these points still to be graded by hand)"
    body = (
        f"<h1>{escape(info.assignment)}: feedback</h1>"
        f'<p class="who">{escape(info.notebook)}, handed in by {escape(info.student)}</p>'
        f'<p class="score">Score: {escape(total)}</p>'
        f"{_banners(info)}"
        "<h2>Each graded cell</h2>"
        '<table class="summary"><tr><th>Part and exercise</th><th>Where</th><th>Points</th>'
        f"<th>What the grader found</th></tr>{''.join(rows)}</table>"
        "<h2>Your notebook, as graded</h2>"
        + "".join(_cell_html(i, c, titles.get(i, ("", "")), scores) for i, c in enumerate(cells))
    )
    return _page(f"{info.assignment} feedback: {info.student}", body)


def render_status_page(info: PageInfo, out_of: float = 0.0) -> str:
    """The page for a submission with no graded notebook: never handed in, or unreadable."""
    if info.status == "missing":
        what = (
            f"Not submitted: no {info.notebook} was handed in, so nothing was graded. This is not "
            "a score of 0; ask your instructor if you did hand it in."
        )
    else:
        reasons = "; ".join(info.reasons) or "the grader could not read it"
        what = (
            f"Your notebook could not be graded, and no cell of it was run. What the grader "
            f"found: {reasons}. Open it in JupyterLab: if it does not open, the file was damaged "
            "(save it again from Jupyter, or download it again from your work); then hand it in "
            "again, or ask your instructor."
        )
    score = f"<p class='score'>Score: 0 / {out_of:g}</p>" if info.status != "missing" else ""
    body = (
        f"<h1>{escape(info.assignment)}: feedback</h1>"
        f'<p class="who">{escape(info.notebook)}, {escape(info.student)}</p>'
        f"{score}<div class='banner'>{escape(what)}</div>"
        + "".join(f'<div class="banner note">{escape(n)}</div>' for n in _new_notes(info))
    )
    return _page(f"{info.assignment} feedback: {info.student}", body)
