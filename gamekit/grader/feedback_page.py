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
"""

from __future__ import annotations

import dataclasses
import functools
import io
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from gamekit.grader.safe_html import (
    IMAGE_BYTES,
    Markup,
    allowed_fragment,
    clean,
    content_security_policy,
    html,
    join,
    jpeg_data_uri,
    png_data_uri,
    svg_data_uri,
    text,
)

UNANSWERED = "○ not answered yet: this exercise still raises NotImplementedError"
"""What a graded cell of an unanswered exercise says (the notebook's own ○ line, in words)."""

UNANSWERED_HERE = "○ not run: the exercise this cell uses is not answered yet"
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


@dataclass
class PageInfo:
    """Who and what a page is about, and what the grader said about the submission."""

    assignment: str
    notebook: str
    student: str
    status: str = "graded"  # graded, failed, missing
    reasons: list[str] = field(default_factory=list)  # why grading failed
    notes: list[str] = field(default_factory=list)  # what the grader repaired or matched


@dataclass
class Budget:
    """What one page may still draw: formulas and their bytes, pictures' bytes; and how many
    it did not draw (the page says so at the top)."""

    formulas: int = FORMULAS
    formula_bytes: int = FORMULA_BYTES
    picture_bytes: int = PICTURE_BYTES
    formulas_cut: int = 0
    pictures_cut: int = 0

    def formula(self, tex: str, display: bool) -> Markup:
        """``tex`` drawn, or as escaped source once the page has drawn its share."""
        tex = tex.strip()
        picture = None
        room = self.formulas > 0 and self.formula_bytes > 0 and len(tex) <= TEX_CHARS
        if room:
            picture = math_svg(tex)  # None: mathtext cannot draw it
            if picture is not None and len(picture) > self.formula_bytes:
                picture, room = None, False
        if picture is not None:
            self.formulas -= 1
            self.formula_bytes -= len(picture)
        elif not room:
            self.formulas_cut += 1
            return text(f"$${tex}$$" if display else f"${tex}$")  # as typed, escaped
        else:
            picture = Markup('<code class="tex">') + text(f"${tex}$") + Markup("</code>")
        return html('<span class="display">{}</span>', picture) if display else picture

    def picture(self, make: Callable[..., Markup | None], data: Any) -> Markup | None:
        """A data URI for a picture, if it is well formed and the page has room for it."""
        uri = make(data, min(self.picture_bytes, IMAGE_BYTES))
        if uri is None:
            self.pictures_cut += 1
            return None
        self.picture_bytes -= len(uri) * 3 // 4
        return uri

    def notes(self) -> list[str]:
        said = []
        if self.formulas_cut:
            said.append(
                f"This page draws at most {FORMULAS} formulas ({FORMULA_BYTES // 1024} KB of "
                f"pictures), each of at most {TEX_CHARS} characters: {self.formulas_cut:,} "
                "more are shown as their TeX source."
            )
        if self.pictures_cut:
            said.append(
                f"{self.pictures_cut:,} picture(s) of your notebook are not shown: this page "
                "shows PNG and JPEG pictures that are well formed, up to "
                f"{PICTURE_BYTES // 1024 // 1024} MB in all."
            )
        return said


# --------------------------------------------------------------------------------------------
# Text, math and markdown
# --------------------------------------------------------------------------------------------


def escape(value: Any) -> str:
    """``value`` as escaped HTML text (without terminal colours or control characters)."""
    return str(text(value))


@functools.lru_cache(maxsize=256)
def math_svg(tex: str) -> Markup | None:
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
    except Exception:  # noqa: BLE001 - whatever mathtext cannot draw is shown as source
        return None
    return html('<img class="math" alt="{}" src="{}">', tex, svg_data_uri(buffer.getvalue()))


def _markdown(budget: Budget, attachments: dict):
    """A mistune renderer whose every output is made here from escaped values: links only to
    http(s), mailto or within the page; pictures only as checked data URIs (inline or a cell
    attachment); formulas drawn within ``budget``; raw HTML escaped."""
    import mistune

    class Renderer(mistune.HTMLRenderer):
        def link(self, text: str, url: str, title: str | None = None) -> str:
            words = Markup(text)  # the renderer's own output for the link's words
            if re.fullmatch(r"(?:https?://|mailto:|#)[^\s\"'<>`\\]*", url, re.I):
                return html('<a href="{}" rel="noopener noreferrer nofollow">{}</a>', url, words)
            return words

        def image(self, text: str, url: str, title: str | None = None) -> str:
            alt = Markup(text).striptags()
            found: Any = None
            make: Callable[..., Markup | None] | None = None
            if url.startswith("attachment:"):
                bundle = attachments.get(url.removeprefix("attachment:"))
                if isinstance(bundle, dict):
                    for mime, maker in (("image/png", png_data_uri), ("image/jpeg", jpeg_data_uri)):
                        if mime in bundle:
                            found, make = bundle[mime], maker
                            break
            elif url.startswith(("data:image/png;base64,", "data:image/jpeg;base64,")):
                kind, _, found = url.partition(",")
                make = png_data_uri if "png" in kind else jpeg_data_uri
            uri = budget.picture(make, found) if make is not None else None
            if uri is None:
                return html('<span class="not-shown">[a picture, not shown: {}]</span>', alt)
            return html('<img class="picture" alt="{}" src="{}">', alt, uri)

        def block_code(self, code: str, info: str | None = None) -> str:
            return html("<pre><code>{}</code></pre>\n", code)

        def block_error(self, text: str) -> str:
            return html("<pre>{}</pre>\n", text)

        def inline_math(self, text: str) -> str:
            return budget.formula(text, display=False)

        def block_math(self, text: str) -> str:
            return budget.formula(text, display=True)

        def table_cell(self, text: str, align: str | None = None, head: bool = False) -> str:
            tag = Markup("th" if head else "td")
            if align in ("left", "center", "right"):
                return html('<{0} class="align-{1}">{2}</{0}>\n', tag, align, Markup(text))
            return html("<{0}>{1}</{0}>\n", tag, Markup(text))

    return mistune.create_markdown(
        renderer=Renderer(escape=True), plugins=["table", "strikethrough", "math"]
    )


def markdown_html(
    source: str, budget: Budget | None = None, attachments: dict | None = None
) -> Markup:
    """Markdown as HTML with every raw HTML tag escaped and formulas drawn as pictures (within
    ``budget``). HTML the renderer makes that is not on `safe_html.allowed_fragment`'s short
    list is not used: the cell is then shown as its escaped source."""
    budget = budget if budget is not None else Budget()
    source = clean(source)  # no control characters or lone surrogates reach the renderer
    try:
        rendered = str(
            _markdown(budget, attachments if isinstance(attachments, dict) else {})(source)
        )
    except Exception:  # noqa: BLE001 - a cell the renderer cannot read is shown as source
        rendered = None
    if rendered is not None and allowed_fragment(rendered):
        return Markup(rendered)
    return html('<pre class="code">{}</pre>', source)


# --------------------------------------------------------------------------------------------
# Cells
# --------------------------------------------------------------------------------------------


def _dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []


def _meta(cell: Any) -> dict:
    return _dict(_dict(_dict(cell).get("metadata")).get("nbgrader"))


def _joined(value: Any) -> str:
    """A notebook's multiline string (a string, or a list of lines) as one string."""
    if isinstance(value, list):
        return "".join(str(line) for line in value)
    return "" if value is None else str(value)


def _source(cell: Any) -> str:
    return _joined(_dict(cell).get("source", ""))


def cell_titles(cells: Iterable[Any]) -> dict[int, tuple[str, str]]:
    """Cell index -> ("Part 2: ...", "Exercise 2.1 (3 points)"): the headings above each cell
    (a part is a level-1 or 2 heading, an exercise a level-3 or 4 heading under it)."""
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


EXERCISE_HEADING = re.compile(r"(?:Exercise|Question)\b", re.I)
"""A level-3 heading that names an exercise (not "Worked example" or another section)."""

QUESTION = re.compile(r"\*\*((?:Question|Exercise)\b[^*]{0,120}?)\.?\*\*")
"""A written question's bold lead: ``**Question (2 points, graded by hand).**``."""

CHECK_WORDS = 90
"""Characters of a check's own description kept in its title."""


def _points_words(points: Any) -> str:
    try:
        value = float(points)
    except (TypeError, ValueError):
        return ""
    return f"{value:g} point" + ("" if value == 1 else "s")


def _check_words(source: str) -> str:
    """What a check cell says it checks: the first clause of its leading comment."""
    lines = []
    for line in source.splitlines():
        if not line.startswith("#") or "BEGIN HIDDEN" in line.upper():
            break
        lines.append(line.lstrip("#").strip())
    words = " ".join(lines).replace("`", "").strip()
    words = re.split(r"(?<=[^.\s])(?::\s|\.\s|\.$)", words, maxsplit=1)[0].strip()
    if len(words) > CHECK_WORDS:
        head = words[:CHECK_WORDS]
        cut = max(head.rfind(", "), head.rfind(" ("))
        words = head[: cut if cut > 20 else head.rfind(" ")].rstrip(" ,") + " ..."
    return words


def exercise_titles(cells: Iterable[Any]) -> dict[str, tuple[str, str]]:
    """grade_id -> (part, exercise) in words, read off a notebook's structure (the release
    notebook's, so that what a student edits does not change it): the part is the ``##``
    heading above the cell; the exercise is the ``### Exercise ...`` heading above it in that
    part, else a written answer's bold ``**Question (...)**`` lead in the markdown above it,
    else what the check cell's leading comment says it checks, with its points."""
    titles: dict[str, tuple[str, str]] = {}
    part = exercise = question = ""
    for cell in cells:
        cell = _dict(cell)
        meta = _meta(cell)
        source = _source(cell)
        if cell.get("cell_type") == "markdown" and not meta.get("grade"):
            for line in source.splitlines():
                heading = re.match(r"(#{1,4})\s+(.*)", line)
                if heading and len(heading.group(1)) <= 2:
                    part, exercise, question = heading.group(2).strip(), "", ""
                elif heading and EXERCISE_HEADING.match(heading.group(2).strip()):
                    exercise, question = heading.group(2).strip(), ""
            lead = QUESTION.search(source)
            if lead:
                question = lead.group(1).strip()
            continue
        grade_id = meta.get("grade_id")
        if not meta.get("grade") or not isinstance(grade_id, str):
            continue
        points = _points_words(meta.get("points"))
        if exercise:
            words = exercise
        elif cell.get("cell_type") == "markdown" or meta.get("solution"):
            words = question or f"A written answer ({points})"
        else:
            what = _check_words(source)
            words = f"{what} ({points})" if what else f"A check ({points})"
        titles[grade_id] = (part, words)
    return titles


def title_text(title: tuple[str, str]) -> str:
    return " › ".join(t for t in title if t)


MACHINE_PATH = re.compile(r"(?<![\w.:/~-])(?:/[\w.+@~-]+)+/?")
"""An absolute path (``/work/...``, ``/tmp/ipykernel_1/2.py``): the grading machine's, never
shown. A fraction (``Q/N``), a URL's path and a board's `` / `` between rows do not match."""


def without_paths(words: str) -> str:
    """``words`` with every absolute path replaced by ``…/`` and its last name (``games.py``):
    the grading machine's folders are nobody's business."""

    def short(found: re.Match) -> str:
        name = found.group(0).rstrip("/").rsplit("/", 1)[-1]
        return f"…/{name}" if name else "…"

    return MACHINE_PATH.sub(short, words)


def plain(words: str) -> str:
    """What the grader said, for a student: a refused call's class name said in words
    (``EngineForbidden:`` as ``Not allowed:``), and no path of the grading machine."""
    return without_paths(re.sub(r"\bEngineForbidden: ", "Not allowed: ", words))


STUDENT_FRAME = re.compile(
    r"\s*(?:Cell In\s*\[(?P<cell>\d*)\]|Input In\s*\[(?P<input>\d*)\]"
    r"|File \S*(?:ipykernel_\d+|<ipython-input-)|<ipython-input-)"
)
"""The first line of a traceback frame in a notebook cell (IPython's ``Cell In[12], line 5``,
older ``Input In [12]`` or ``<ipython-input-...>``, or the kernel's ``/tmp/ipykernel_N/...py``
file); every other frame is in gamekit, Python or a library."""


def student_traceback(output: dict, cells_by_count: dict[int, int]) -> str:
    """An error output's traceback with only the frames in the notebook's cells (IPython's
    ``Cell In[12]`` written as the page's ``cell 19``) and the error's sentence; how many frames
    were left out is said, and no path of the grading machine is shown."""
    lines = [clean(line) for line in _list(output.get("traceback"))]
    kept, left_out = [], 0
    last = f"{output.get('ename')}: {output.get('evalue')}"
    for frame in lines[:-1] if lines else []:
        first = frame.strip().splitlines()[0] if frame.strip() else ""
        if (
            not first
            or re.match(r"-{5,}|Traceback \(most recent call last\)", first)
            or (first.endswith("Traceback (most recent call last)"))
        ):
            continue  # IPython's header line: said below in words
        found = STUDENT_FRAME.match(frame)
        if found is None:
            left_out += 1
            continue
        number = found.group("cell") or found.group("input")
        if number and number.isdigit() and int(number) in cells_by_count:
            frame = STUDENT_FRAME.sub(f"Cell {cells_by_count[int(number)]}", frame, count=1)
        frame = re.sub(
            r"File \S*?(?:ipykernel_\d+/\d+\.py|<ipython-input-[^>]*>):(\d+)",
            r"A cell of your notebook, line \1",
            frame,
        )
        kept.append(frame.strip("\n"))
    head = "Traceback (most recent call last), in your notebook's cells"
    if left_out:
        steps = "1 step" if left_out == 1 else f"{left_out} steps"
        head += f" ({steps} in the course's or Python's code not shown)"
    body = "\n".join([head + ":", *kept, last]) if kept or left_out else last
    return plain(body)


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
    return plain(message) or "this cell's checks did not pass"


def _points(score: CellScore) -> str:
    if score.score is None:
        return f"– / {score.max_score:g}"
    return f"{score.score:g} / {score.max_score:g}"


IMAGE_TYPES = (("image/png", png_data_uri), ("image/jpeg", jpeg_data_uri))


def _not_shown(data: dict, pictures: bool) -> Markup:
    names = [str(k)[:60] for k in data if not pictures or str(k).startswith("image/")]
    kinds = ", ".join(names[:6]) + (", ..." if len(names) > 6 else "")
    if pictures:
        return html('<p class="not-shown">A picture ({}) is not shown here.</p>', kinds)
    return html(
        '<p class="not-shown">An output ({}) is not shown here: this page shows text and PNG '
        "or JPEG pictures.</p>",
        kinds or "empty",
    )


def _display_html(data: dict, budget: Budget) -> Markup:
    """A display_data or execute_result output: its picture (PNG or JPEG, checked), else its
    text/plain; never its HTML, SVG, markdown, LaTeX or JavaScript."""
    for mime, make in IMAGE_TYPES:
        if mime in data:
            uri = budget.picture(make, data[mime])
            if uri is not None:
                return html('<img class="plot" alt="a picture" src="{}">', uri)
    parts = []
    if any(str(k).startswith("image/") for k in data):
        parts.append(_not_shown(data, pictures=True))
    if "text/plain" in data:
        words = plain(_joined(data["text/plain"])[:MAX_TEXT])
        parts.append(html('<pre class="out">{}</pre>', words))
    return join(parts) if parts else _not_shown(data, pictures=False)


def _outputs_html(
    cell: Any,
    graded_test: bool,
    budget: Budget | None = None,
    cells_by_count: dict[int, int] | None = None,
) -> Markup:
    budget = budget if budget is not None else Budget()
    parts = []
    for output in _list(_dict(cell).get("outputs")):
        output = _dict(output)
        kind = output.get("output_type")
        if kind == "stream":
            words = plain(_joined(output.get("text", ""))[:MAX_TEXT])
            parts.append(html('<pre class="out">{}</pre>', words))
        elif kind == "error":
            if graded_test:
                continue  # the explanation above says it, without the checker's traceback
            if unanswered(f"{output.get('ename')}: {output.get('evalue')}"):
                parts.append(html('<pre class="out">{}</pre>', UNANSWERED_HERE))
                continue  # a "check it" cell of an exercise still to answer: no traceback
            words = student_traceback(output, cells_by_count or {})[:MAX_TEXT]
            parts.append(html('<pre class="out error">{}</pre>', words))
        elif kind in ("display_data", "execute_result"):
            parts.append(_display_html(_dict(output.get("data")), budget))
    return join(parts)


def _state(score: CellScore) -> str:
    """pending (to grade by hand), full, blank (unanswered) or lost: the box's colour."""
    if score.score is None:
        return "pending"
    if score.score >= score.max_score:
        return "full"
    return "blank" if unanswered(score.message) else "lost"


def _said(score: CellScore, same_as: int | None) -> Markup:
    """The explanation, or a pointer to the graded cell above that says the same."""
    if same_as is not None:
        return html('the same as <a href="#cell-{0}">cell {0}</a>', same_as)
    return text(explanation(score))


def _graded_box(score: CellScore, kind: str, same_as: int | None = None) -> Markup:
    shown = witness_html(score.evidence) if same_as is None and _state(score) == "lost" else ""
    return html(
        '<div class="verdict {}"><span class="points">{}</span><span class="what">{}</span>'
        '<p class="explain">{}</p>{}</div>',
        _state(score),
        _points(score),
        kind,
        _said(score, same_as),
        shown,
    )


def repeats(
    scores: dict[str, CellScore], order: list[str], number: dict[str, int]
) -> dict[str, int]:
    """grade_id -> the cell number of the graded cell just above that lost points with the same
    explanation (the first of a run): that cell's page says it once, the next ones point to it."""
    same: dict[str, int] = {}
    previous: tuple[str, int] | None = None
    for grade_id in order:
        score = scores.get(grade_id)
        if score is None:
            continue
        said = explanation(score)
        if _state(score) == "lost" and previous is not None and previous[0] == said:
            same[grade_id] = previous[1]
        else:
            previous = (said, number[grade_id]) if _state(score) == "lost" else None
    return same


def _cell_html(
    index: int,
    cell: Any,
    title: tuple[str, str],
    scores: dict[str, CellScore],
    budget: Budget | None = None,
    same: dict[str, int] | None = None,
    cells_by_count: dict[int, int] | None = None,
) -> Markup:
    budget = budget if budget is not None else Budget()
    same = same or {}
    cell = _dict(cell)
    number = index + 1
    meta = _meta(cell)
    grade_id = meta.get("grade_id")
    score = scores.get(grade_id) if isinstance(grade_id, str) and meta.get("grade") else None
    if cell.get("cell_type") == "markdown":
        if _dict(_dict(cell.get("metadata")).get("gamekit")).get("banner"):
            return Markup("")  # the grader's own note: the page says it at the top
        body = markdown_html(_source(cell), budget, _dict(cell.get("attachments")))
        box = _graded_box(score, "written answer", same.get(grade_id)) if score else Markup("")
        return html('<section class="md" id="cell-{}">{}{}</section>', number, box, body)
    if cell.get("cell_type") != "code":
        return Markup("")
    test = bool(meta.get("grade")) and not meta.get("solution")
    label = f"Cell {number}"
    if meta.get("solution"):
        label += " · your answer"
    elif test:
        label += " · check"
    heading = html(
        '<div class="label">{}<span class="title">{}</span></div>', label, title_text(title)
    )
    box = Markup("")
    if score is not None:
        box = _graded_box(
            score, "written answer" if score.manual else "check", same.get(str(grade_id))
        )
    code = Markup("") if test else html('<pre class="code">{}</pre>', _source(cell))
    outputs = _outputs_html(cell, graded_test=test, budget=budget, cells_by_count=cells_by_count)
    classes = "cell graded" if score is not None else "cell"
    return html(
        '<section class="{}" id="cell-{}">{}{}{}{}</section>',
        classes, number, heading, box, code, outputs,
    )  # fmt: skip


# --------------------------------------------------------------------------------------------
# A witness's board, drawn
# --------------------------------------------------------------------------------------------

CONNECT_FOUR = re.compile(
    r"(?P<rows>(?:[.XO]{2,12} / ){1,11}[.XO]{2,12}) \((?P<h>\d+) x (?P<v>\d+), k = (?P<k>\d+)"
)
"""A Connect Four board as the a03 checkers write it: ``..X. / .XO. (2 x 4, k = 3``."""

PIECE = r"(?:\.{4}|[DL][RQS][TS][HFO])"
QUARTO = re.compile(
    rf"(?P<rows>(?:{PIECE}(?: {PIECE}){{3}} / ){{3}}{PIECE}(?: {PIECE}){{3}})"
    r"(?: \((?P<place>[DL][RQS][TS][HFO]) to place)?"
)
"""A Quarto board as the a06 checkers write it: four rows of four pieces (``DQSH``, or an
earlier spelling such as ``LSSO``) or ``....``; `gamekit.quarto.parse_piece` reads each."""

CELL = 30  # pixels of one cell of a drawn board
MARGIN = 22  # pixels for the row and column numbers


def _cells(value: Any, h: int, v: int) -> list[tuple[int, int]] | None:
    """A checker's repr of a list of ``(row, col)`` moves as cells of an h x v board, or None
    when it is anything else (read with `ast.literal_eval`: a value, never code)."""
    import ast

    if not isinstance(value, str) or len(value) > 2000:
        return None
    try:
        moves = ast.literal_eval(value)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    if not isinstance(moves, list | tuple) or len(moves) > h * v:
        return None
    cells = []
    for move in moves:
        if not (isinstance(move, tuple) and len(move) == 2):
            return None
        if not all(type(x) is int for x in move) or not (1 <= move[0] <= h and 1 <= move[1] <= v):
            return None
        cells.append(move)
    return cells


def move_words(cells: list[tuple[int, int]]) -> str:
    """Moves as the course writes a cell (`gamekit.stepper.move_name`): ``(4,1), (4,2)``."""
    return ", ".join(f"({row},{col})" for row, col in sorted(cells)) or "none"


def _numbers(h: int, v: int, columns: str = "numbers") -> Markup:
    """Row numbers down the left, column numbers (or letters) along the top."""
    parts = []
    for col in range(1, v + 1):
        name = str(col) if columns == "numbers" else "abcdefghijkl"[col - 1]
        parts.append(
            html(
                '<text x="{}" y="{}" text-anchor="middle">{}</text>',
                MARGIN + (col - 0.5) * CELL,
                MARGIN - 7,
                name,
            )  # fmt: skip
        )
    for row in range(1, h + 1):
        parts.append(
            html(
                '<text x="{}" y="{}" text-anchor="middle">{}</text>',
                MARGIN / 2,
                MARGIN + (row - 0.5) * CELL + 5,
                row,
            )  # fmt: skip
        )
    return join(parts)


def _svg(h: int, v: int, label: str, body: Markup, columns: str = "numbers") -> Markup:
    width, height = MARGIN + v * CELL + 2, MARGIN + h * CELL + 2
    return html(
        '<svg class="board" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{}" '
        'width="{}" height="{}" viewBox="0 0 {} {}">{}{}</svg>',
        label, width, height, width, height, _numbers(h, v, columns), body,
    )  # fmt: skip


def connect_four_board(
    rows: list[str], marked: list[tuple[int, int]], answered: list[tuple[int, int]]
) -> Markup:
    """A Connect Four board as an inline SVG drawn here from validated rows (``.XO`` only):
    ``marked`` cells ringed (the right moves), ``answered`` cells crossed (the answer given)."""
    h, v = len(rows), len(rows[0])
    parts = [
        html(
            '<rect class="frame" x="{}" y="{}" width="{}" height="{}" rx="4"/>',
            MARGIN,
            MARGIN,
            v * CELL,
            h * CELL,
        )  # fmt: skip
    ]
    for r, line in enumerate(rows, start=1):
        for c, piece in enumerate(line, start=1):
            x, y = MARGIN + (c - 0.5) * CELL, MARGIN + (r - 0.5) * CELL
            kind = {"X": "x", "O": "o"}.get(piece, "hole")
            parts.append(html('<circle class="{}" cx="{}" cy="{}" r="11"/>', kind, x, y))
            if (r, c) in marked:
                parts.append(html('<circle class="right" cx="{}" cy="{}" r="13.5"/>', x, y))
            if (r, c) in answered:
                parts.append(
                    html('<path class="given" d="M{} {}l10 10m0 -10l-10 10"/>', x - 5, y - 5)
                )
    return _svg(h, v, "the board of the witness", join(parts))


def quarto_board(rows: list[list[str]]) -> Markup | None:
    """A Quarto board as an inline SVG drawn here from validated piece names: dark or light,
    round or square, tall (large) or short (small), hollow (a hole) or solid; None when a name
    is not a piece."""
    from gamekit.quarto import attributes, parse_piece

    parts = [
        html(
            '<rect class="frame quarto" x="{}" y="{}" width="{}" height="{}" rx="4"/>',
            MARGIN,
            MARGIN,
            4 * CELL,
            4 * CELL,
        )  # fmt: skip
    ]
    for r, line in enumerate(rows, start=1):
        for c, name in enumerate(line, start=1):
            x, y = MARGIN + (c - 0.5) * CELL, MARGIN + (r - 0.5) * CELL
            if name == "....":
                parts.append(html('<circle class="spot" cx="{}" cy="{}" r="3"/>', x, y))
                continue
            try:
                piece = attributes(parse_piece(name))
            except (ValueError, TypeError):
                return None
            tone = "dark" if piece["colour"] == "dark" else "light"
            size = 11 if piece["height"] == "tall" else 7
            if piece["shape"] == "round":
                parts.append(html('<circle class="{}" cx="{}" cy="{}" r="{}"/>', tone, x, y, size))
            else:
                parts.append(
                    html(
                        '<rect class="{}" x="{}" y="{}" width="{}" height="{}"/>',
                        tone,
                        x - size,
                        y - size,
                        2 * size,
                        2 * size,
                    )  # fmt: skip
                )
            if piece["filling"] == "hollow":
                parts.append(html('<circle class="hole-in" cx="{}" cy="{}" r="3"/>', x, y))
    return _svg(4, 4, "the Quarto position of the witness", join(parts), columns="letters")


def witness_html(evidence: Any) -> Markup:
    """The board of a checker's witness, drawn, with what it shows in words; nothing when the
    evidence carries no board this page can read (it is then only in the sentence above)."""
    evidence = _dict(evidence)
    where = evidence.get("input")
    if not isinstance(where, str) or len(where) > 2000:
        return Markup("")
    found = CONNECT_FOUR.search(where)
    if found:
        rows = found.group("rows").split(" / ")
        h, v = int(found.group("h")), int(found.group("v"))
        if len(rows) != h or any(len(row) != v for row in rows):
            return Markup("")
        right = _cells(evidence.get("expected"), h, v) or []
        given = _cells(evidence.get("got"), h, v) or []
        words = [f"The board where it goes wrong ({h} x {v}, rows counted from 1 at the top)."]
        if right:
            words.append(f"Ringed: the legal moves, {move_words(right)}.")
        if given:
            words.append(f"Crossed: your answer, {move_words(given)}.")
        picture = connect_four_board(rows, right, given)
    else:
        found = QUARTO.search(where)
        if not found:
            return Markup("")
        rows = [line.split(" ") for line in found.group("rows").split(" / ")]
        picture = quarto_board(rows)
        if picture is None:
            return Markup("")
        words = ["The position where it goes wrong (rows 1 to 4 from the top, columns a to d)."]
        if found.group("place"):
            words.append(f"The piece to place: {found.group('place')}.")
        words.append("Dark or light; round or square; large: tall, small: short; a hole: hollow.")
    return html(
        '<figure class="witness">{}<figcaption>{}</figcaption></figure>', picture, " ".join(words)
    )


# --------------------------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------------------------

STYLE = """
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d1d1f;
       max-width: 58rem; margin: 1.5rem auto; padding: 0 1rem; background: #fff;
       overflow-wrap: anywhere; }
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
table.summary .part { color: #555; font-size: .85rem; }
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
img.plot, img.picture { max-width: 100%; }
.display { display: block; } code.tex { background: #f4f5f7; padding: 0 .2rem; }
.not-shown { color: #555; font-style: italic; }
figure.witness { margin: .5rem 0 .2rem; } figure.witness figcaption { color: #555;
          font-size: .85rem; max-width: 36rem; }
svg.board { display: block; margin: .2rem 0; }
svg.board text { fill: #1d1d1f; font: 12px system-ui, sans-serif; }
svg.board .frame { fill: #2f5fa7; } svg.board .hole { fill: #fff; }
svg.board .x { fill: #c62828; } svg.board .o { fill: #f2c200; }
svg.board .right { fill: none; stroke: #fff; stroke-width: 2.5; stroke-dasharray: 4 2; }
svg.board .given { fill: none; stroke: #111; stroke-width: 3; stroke-linecap: round; }
svg.board .frame.quarto { fill: #efe4cf; } svg.board .spot { fill: #b9a47c; }
svg.board .dark { fill: #4a3728; } svg.board .light { fill: #fbf7ee; stroke: #4a3728;
          stroke-width: 1.5; } svg.board .hole-in { fill: #efe4cf; stroke: #4a3728; }
th.align-left, td.align-left { text-align: left; } th.align-center, td.align-center
{ text-align: center; } th.align-right, td.align-right { text-align: right; }
@media (prefers-color-scheme: dark) {
  body { color: #e6e6e6; background: #16181c; }
  .who, .label, .verdict .what, table.summary .part, .not-shown { color: #a9adb3; }
  figure.witness figcaption { color: #a9adb3; } svg.board text { fill: #e6e6e6; }
  table.summary th { background: #262a31; }
  table.summary th, table.summary td, section.md th, section.md td,
  .verdict { border-color: #454a52; }
  pre.code, code.tex { background: #23262c; }
  pre.out { background: #16181c; border-color: #3a3f47; }
  pre.error, .verdict.lost { border-color: #8c4a44; background: #2c1b1a; }
  .verdict.full { border-color: #3f7a4e; background: #16281c; }
  .verdict.blank, .verdict.pending { background: #22252a; }
  .banner { border-color: #d0665e; background: #2c1b1a; }
  .banner.note { border-color: #b59a3a; background: #29240f; }
  table.summary tr.lost td.pts { color: #f08c84; } table.summary tr.full td.pts { color: #7fd19a; }
  .cell { border-left-color: #454a52; } .cell.graded { border-left-color: #6f9be0; }
  img.math { filter: invert(1); }
  a { color: #8ab4f8; }
}
"""


def _page(title: str, body: Markup) -> str:
    """The whole page: its policy first (no script, no request), then the style and body."""
    return str(
        html(
            "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
            "<meta http-equiv='Content-Security-Policy' content='{}'>"
            "<meta name='referrer' content='no-referrer'>"
            "<meta name='color-scheme' content='light dark'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            "<title>{}</title><style>{}</style></head><body>{}</body></html>\n",
            content_security_policy(STYLE),
            title,
            Markup(STYLE),
            body,
        )
    )


def _banners(info: PageInfo, more: Iterable[str] = ()) -> Markup:
    parts = []
    if info.status == "failed":
        reasons = plain("; ".join(info.reasons)) or "the grader could not finish"
        parts.append(
            html(
                '<div class="banner"><b>Grading could not finish.</b> {}. '
                "Cells after that point were not graded. Open your notebook, run "
                "<i>Kernel › Restart Kernel and Run All Cells</i>, fix what stops it, and hand "
                "it in again, or ask your instructor.</div>",
                reasons,
            )
        )
    for note in [*_new_notes(info), *more]:
        parts.append(html('<div class="banner note">{}</div>', plain(note)))
    return join(parts)


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
        for output in _list(_dict(cell).get("outputs")):
            output = _dict(output)
            if output.get("output_type") == "error":
                full = f"{output.get('ename')}: {output.get('evalue')}"
                if len(full) > len(score.message) and full.startswith(score.message[:100]):
                    return dataclasses.replace(score, message=full)
    return score


def _summary(
    scores: dict[str, CellScore],
    positions: dict[str, int],
    titles: dict[str, tuple[str, str]],
    same: dict[str, int] | None = None,
) -> tuple[Markup, Markup]:
    """The score line and the table of graded cells."""
    got = sum(s.score or 0 for s in scores.values())
    out_of = sum(s.max_score for s in scores.values())
    pending = sum(s.max_score for s in scores.values() if s.score is None)
    rows = []
    for grade_id, score in sorted(scores.items(), key=lambda kv: positions.get(kv[0], 10**6)):
        index = positions.get(grade_id)
        where = html('<a href="#cell-{0}">cell {0}</a>', index + 1) if index is not None else "–"
        part, exercise = titles.get(grade_id, ("", ""))
        title = html('<span class="part">{}</span><br>', part) if part else Markup("")
        title += text(exercise or ("A written answer" if score.manual else "A check"))
        rows.append(
            html(
                '<tr class="{}" data-grade-id="{}" data-score="{}" data-max-score="{:g}">'
                '<td>{}</td><td class="num">{}</td><td class="num pts">{}</td><td>{}</td></tr>',
                _state(score),
                grade_id,
                "" if score.score is None else f"{score.score:g}",
                score.max_score,
                title,
                where,
                _points(score),
                _said(score, (same or {}).get(grade_id)),
            )
        )
    total = f"{got:g} / {out_of:g}"
    if pending:
        total += f" ({pending:g} of these points still to be graded by hand)"
    table = html(
        "<h2>Each graded cell</h2>"
        '<table class="summary"><tr><th>Part and exercise</th><th>Where</th><th>Points</th>'
        "<th>What the grader found</th></tr>{}</table>",
        join(rows),
    )
    return html('<p class="score">Score: {}</p>', total), table


def render_notebook_page(
    notebook: Any, info: PageInfo, scores: dict[str, CellScore], release: Any = None
) -> str:
    """The page for one graded notebook (``notebook``: the graded notebook, as the grader ran
    it; ``scores``: the gradebook's scores of its graded cells, by grade_id; ``release``: the
    notebook as handed out, whose headings and checks name each graded cell's part and
    exercise, else the graded notebook's own)."""
    cells = _list(_dict(notebook).get("cells"))
    titles = cell_titles(_dict(c) for c in cells)
    named = exercise_titles(cells)
    named.update(exercise_titles(_list(_dict(release).get("cells"))))
    scores = {grade_id: _with_full_message(score, cells) for grade_id, score in scores.items()}
    positions = {_meta(c).get("grade_id"): i for i, c in enumerate(cells) if _meta(c).get("grade")}
    order = sorted(scores, key=lambda g: positions.get(g, 10**6))
    number = {g: positions[g] + 1 if g in positions else 0 for g in order}
    same = repeats(scores, [g for g in order if g in positions], number)
    cells_by_count = {
        c["execution_count"]: i + 1
        for i, c in enumerate(cells)
        if isinstance(_dict(c).get("execution_count"), int)
    }
    budget = Budget()
    shown = join(
        _cell_html(
            i, c, named.get(_meta(c).get("grade_id"), titles.get(i, ("", "")))
            if _meta(c).get("grade") else titles.get(i, ("", "")),
            scores, budget, same, cells_by_count,
        )
        for i, c in enumerate(cells)
    )  # fmt: skip
    score_line, table = _summary(scores, positions, named, same)
    body = html(
        "<h1>{}: feedback</h1>"
        '<p class="who">{}, handed in by {}</p>'
        "{}{}{}<h2>Your notebook, as graded</h2>{}",
        info.assignment, info.notebook, info.student,
        score_line, _banners(info, budget.notes()), table, shown,
    )  # fmt: skip
    return _page(f"{info.assignment} feedback: {info.student}", body)


def render_short_page(info: PageInfo, scores: dict[str, CellScore], why: str) -> str:
    """The page of a graded notebook whose full page could not be written within its limits
    (``why`` says which): the score and the table of graded cells, without the notebook."""
    score_line, table = _summary(scores, {}, {})
    body = html(
        "<h1>{}: feedback</h1>"
        '<p class="who">{}, handed in by {}</p>'
        "{}{}<div class='banner'>{}</div>{}",
        info.assignment, info.notebook, info.student, score_line, _banners(info),
        f"This page is short: your notebook, as graded, could not be shown, because {why}. "
        "Your score and the grader's findings below are complete; ask your instructor for "
        "the rest.",
        table,
    )  # fmt: skip
    return _page(f"{info.assignment} feedback: {info.student}", body)


def render_status_page(info: PageInfo, out_of: float = 0.0) -> str:
    """The page for a submission with no graded notebook: never handed in, or unreadable."""
    if info.status == "missing":
        what = (
            f"Not submitted: no {info.notebook} was handed in, so nothing was graded. This is not "
            "a score of 0; ask your instructor if you did hand it in."
        )
    else:
        reasons = plain("; ".join(info.reasons)) or "the grader could not read it"
        what = (
            f"Your notebook could not be graded, and no cell of it was run. What the grader "
            f"found: {reasons}. Open it in JupyterLab: if it does not open, the file was damaged "
            "(save it again from Jupyter, or download it again from your work); then hand it in "
            "again, or ask your instructor."
        )
    score = (
        html("<p class='score'>Score: 0 / {:g}</p>", out_of)
        if info.status != "missing"
        else Markup("")
    )
    body = html(
        "<h1>{}: feedback</h1>"
        '<p class="who">{}, {}</p>'
        "{}<div class='banner'>{}</div>{}",
        info.assignment, info.notebook, info.student, score, what,
        join(html('<div class="banner note">{}</div>', plain(n)) for n in _new_notes(info)),
    )  # fmt: skip
    return _page(f"{info.assignment} feedback: {info.student}", body)
