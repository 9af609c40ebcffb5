"""The cells of a feedback page: their titles in words, each graded cell's explanation, the
student's own traceback steps without the grading machine's paths, and each cell's outputs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from gamekit.grader.feedback_page.boards import witness_html
from gamekit.grader.feedback_page.records import (
    MAX_TEXT,
    UNANSWERED,
    UNANSWERED_HERE,
    CellScore,
    _dict,
    _list,
)
from gamekit.grader.feedback_page.text import Budget, markdown_html
from gamekit.grader.safe_html import (
    Markup,
    clean,
    html,
    join,
    jpeg_data_uri,
    png_data_uri,
    text,
)
from gamekit.i18n import _, ngettext, number, speaking, split_kind


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


EXERCISE_WORDS = "Exercise|Question|Exercício|Pergunta|Ejercicio|Pregunta"
"""How the course's notebooks name an exercise and a written question, in each of the course's
languages (the translated release is read as the English one)."""

EXERCISE_HEADING = re.compile(rf"(?:{EXERCISE_WORDS})\b", re.I)
"""A level-3 heading that names an exercise (not "Worked example" or another section)."""

QUESTION = re.compile(rf"\*\*((?:{EXERCISE_WORDS})\b[^*]{{0,120}}?)\.?\*\*")
"""A written question's bold lead: ``**Question (2 points, graded by hand).**``."""

CHECK_WORDS = 90
"""Characters of a check's own description kept in its title."""


def _points_words(points: Any) -> str:
    try:
        value = float(points)
    except (TypeError, ValueError):
        return ""
    return ngettext("{points} point", "{points} points", 1 if value == 1 else 2).format(
        points=number(value)
    )


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
            words = question or _("A written answer ({points})").format(points=points)
        else:
            checks = _check_words(source)
            what = _(checks) if checks else ""  # the catalogue's words for it: `check_titles`
            words = f"{what} ({points})" if what else _("A check ({points})").format(points=points)
        titles[grade_id] = (part, words)
    return titles


def check_titles(cells: Iterable[Any]) -> list[str]:
    """The check cells' own words that name a graded cell in `exercise_titles` (a check with no
    exercise heading above it), as the English notebook has them: the course's catalogue
    translates them (``make catalogues`` adds them), so the page names the cell in its
    reader's language although the test cell itself is the same in every language."""
    cells = [_dict(c) for c in cells]
    with speaking("en"):
        titles = exercise_titles(cells)
    found = []
    for cell in cells:
        meta = _meta(cell)
        if cell.get("cell_type") != "code" or not meta.get("grade") or meta.get("solution"):
            continue
        words = _check_words(_source(cell))
        if words and titles.get(meta.get("grade_id"), ("", ""))[1].startswith(f"{words} ("):
            found.append(words)
    return found


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
    (``EngineForbidden:`` as "Not allowed:", in the page's language), and no path of the
    grading machine."""
    allowed = _("Not allowed: {problem}.").removesuffix("{problem}.")
    return without_paths(re.sub(r"\bEngineForbidden: ", lambda _m: allowed, words))


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
    head = _("Traceback (most recent call last), in your notebook's cells")
    if left_out:
        head += ngettext(
            " ({count} step in the course's or Python's code not shown)",
            " ({count} steps in the course's or Python's code not shown)",
            left_out,
        ).format(count=left_out)
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
            return _("to be graded by hand")
        if message == "no answer" and not score.comment:
            return _("○ not answered yet")
        return score.comment or _("graded by hand")
    if score.score is not None and score.score >= score.max_score:
        return _("✓ all checks passed")
    if unanswered(message):
        return _(UNANSWERED)
    kind, _sentence = split_kind(message)
    if score.said is None and kind and kind not in ("GradingError", "EngineForbidden"):
        # not one of the course's sentences: an error's own text (Python's, or the student's
        # code's), shown as it was raised, after a sentence in the page's language
        before, _sep, after = _("the cell stopped with an error: {error}").partition("{error}")
        return join([before, html("<code>{}</code>", plain(message)), after])
    message = re.sub(r"^(GradingError|AssertionError): ", "", message)
    return plain(message) or _("this cell's checks did not pass")


def _points(score: CellScore) -> str:
    if score.score is None:
        return f"– / {number(score.max_score)}"
    return f"{number(score.score)} / {number(score.max_score)}"


IMAGE_TYPES = (("image/png", png_data_uri), ("image/jpeg", jpeg_data_uri))


def _not_shown(data: dict, pictures: bool) -> Markup:
    names = [str(k)[:60] for k in data if not pictures or str(k).startswith("image/")]
    kinds = ", ".join(names[:6]) + (", ..." if len(names) > 6 else "")
    if pictures:
        said = _("A picture ({kinds}) is not shown here.").format(kinds=kinds)
    else:
        said = _(
            "An output ({kinds}) is not shown here: this page shows text and PNG or JPEG pictures."
        ).format(kinds=kinds or _("empty"))
    return html('<p class="not-shown">{}</p>', said)


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
                parts.append(html('<pre class="out">{}</pre>', _(UNANSWERED_HERE)))
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
        return html(_('the same as <a href="#cell-{0}">cell {0}</a>'), same_as)
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
        if meta.get("solution"):  # the student's own words, marked as theirs
            body = html('<div class="written">{}</div>', body)
        box = _graded_box(score, _("written answer"), same.get(grade_id)) if score else Markup("")
        return html('<section class="md" id="cell-{}">{}{}</section>', number, box, body)
    if cell.get("cell_type") != "code":
        return Markup("")
    test = bool(meta.get("grade")) and not meta.get("solution")
    label = _("Cell {number}").format(number=number)
    if meta.get("solution"):
        label += _(" · your answer")
    elif test:
        label += _(" · check")
    heading = html(
        '<div class="label">{}<span class="title">{}</span></div>', label, title_text(title)
    )
    box = Markup("")
    if score is not None:
        box = _graded_box(
            score, _("written answer") if score.manual else _("check"), same.get(str(grade_id))
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
