"""Whole feedback pages: a graded notebook (`render_notebook_page`), a short page when that one
could not be written within its limits, and a page for a submission with no graded notebook.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from gamekit.grader.feedback_page.cells import (
    _cell_html,
    _meta,
    _points,
    _said,
    _state,
    cell_titles,
    exercise_titles,
    plain,
    repeats,
)
from gamekit.grader.feedback_page.records import CellScore, PageInfo, _dict, _list
from gamekit.grader.feedback_page.text import Budget
from gamekit.grader.safe_html import (
    Markup,
    content_security_policy,
    html,
    join,
    text,
)
from gamekit.i18n import _, number, said_again, said_with_kind, speaking

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


def _page(title: str, body: Markup, language: str = "en") -> str:
    """The whole page: its policy first (no script, no request), then the style and body."""
    return str(
        html(
            "<!DOCTYPE html>\n<html lang='{}'><head><meta charset='utf-8'>"
            "<meta http-equiv='Content-Security-Policy' content='{}'>"
            "<meta name='referrer' content='no-referrer'>"
            "<meta name='color-scheme' content='light dark'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            "<title>{}</title><style>{}</style></head><body>{}</body></html>\n",
            language.replace("_", "-"),
            content_security_policy(STYLE),
            title,
            Markup(STYLE),
            body,
        )
    )


def _banners(info: PageInfo, more: Iterable[str] = ()) -> Markup:
    parts = []
    if info.status == "failed":
        reasons = plain("; ".join(info.reasons)) or _("the grader could not finish")
        said = _(
            "<b>Grading could not finish.</b> {}. Cells after that point were not graded. Open "
            "your notebook, run <i>Kernel › Restart Kernel and Run All Cells</i>, fix what stops "
            "it, and hand it in again, or ask your instructor."
        )
        parts.append(html('<div class="banner">{}</div>', html(said, reasons)))
    for note in [*_new_notes(info), *more]:
        parts.append(html('<div class="banner note">{}</div>', plain(note)))
    return join(parts)


def _new_notes(info: PageInfo) -> list[str]:
    """The notes that say something the reasons do not already say, each once."""
    said = " ".join(info.reasons)
    return [n for n in dict.fromkeys(info.notes) if n and n not in said]


def _score_in_language(score: CellScore) -> CellScore:
    """``score`` with its explanation said again, whole, in the language in use, from what
    it is made of (the record keeps it: `CellScore.said`)."""
    return dataclasses.replace(score, message=said_with_kind(score.message, score.said))


def _said_in_language(cell: Any) -> Any:
    """A graded test cell in the language in use: its error sentence, when the grader kept it
    as data (its metadata's ``gamekit.said``, written by the trusted runner and by nothing
    else), and each line it printed with ``passed`` (``✓`` and one of the catalogue's
    sentences); any other cell as it is."""
    if not _meta(cell).get("grade") or _meta(cell).get("solution"):
        return cell
    kept = _dict(_dict(_dict(cell).get("metadata")).get("gamekit")).get("said")
    cell = dict(_dict(cell))
    outputs = []
    for output in _list(cell.get("outputs")):
        output = _dict(output)
        if output.get("output_type") == "error" and isinstance(kept, dict):
            again = said_again(kept, str(output.get("evalue", "")))
            name = output.get("ename")
            output = {**output, "evalue": again, "traceback": [f"{name}: {again}"]}
        elif output.get("output_type") == "stream":
            lines = str(output.get("text", "")).split("\n")
            lines = [f"✓ {_(line[2:])}" if line.startswith("✓ ") else line for line in lines]
            output = {**output, "text": "\n".join(lines)}
        outputs.append(output)
    cell["outputs"] = outputs
    return cell


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
        where = html(_('<a href="#cell-{0}">cell {0}</a>'), index + 1) if index is not None else "–"
        part, exercise = titles.get(grade_id, ("", ""))
        title = html('<span class="part">{}</span><br>', part) if part else Markup("")
        title += text(exercise or (_("A written answer") if score.manual else _("A check")))
        rows.append(
            html(
                '<tr class="{}" data-grade-id="{}" data-score="{}" data-max-score="{:g}">'
                '<td>{}</td><td class="num">{}</td><td class="num pts">{}</td><td>{}</td></tr>',
                _state(score),
                grade_id,
                "" if score.score is None else f"{score.score:g}",  # data, not words
                score.max_score,
                title,
                where,
                _points(score),
                _said(score, (same or {}).get(grade_id)),
            )
        )
    total = f"{number(got)} / {number(out_of)}"
    if pending:
        total += _(" ({pending} of these points still to be graded by hand)").format(
            pending=number(pending)
        )
    table = html(
        '<h2>{}</h2><table class="summary"><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>'
        "{}</table>",
        _("Each graded cell"), _("Part and exercise"), _("Where"), _("Points"),
        _("What the grader found"), join(rows),
    )  # fmt: skip
    return html('<p class="score">{}</p>', _("Score: {}").format(total)), table


def render_notebook_page(
    notebook: Any, info: PageInfo, scores: dict[str, CellScore], release: Any = None
) -> str:
    """The page for one graded notebook (``notebook``: the graded notebook, as the grader ran
    it; ``scores``: the gradebook's scores of its graded cells, by grade_id; ``release``: the
    notebook as handed out, whose headings and checks name each graded cell's part and
    exercise, else the graded notebook's own), its own words in ``info.language``."""
    with speaking(info.language):
        cells = [_said_in_language(c) for c in _list(_dict(notebook).get("cells"))]
        titles = cell_titles(_dict(c) for c in cells)
        named = exercise_titles(cells)
        named.update(exercise_titles(_list(_dict(release).get("cells"))))
        scores = {
            grade_id: _score_in_language(s) if s.said else _with_full_message(s, cells)
            for grade_id, s in scores.items()
        }
        positions = {
            _meta(c).get("grade_id"): i for i, c in enumerate(cells) if _meta(c).get("grade")
        }
        order = sorted(scores, key=lambda g: positions.get(g, 10**6))
        cell_number = {g: positions[g] + 1 if g in positions else 0 for g in order}
        same = repeats(scores, [g for g in order if g in positions], cell_number)
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
            "{}{}{}{}<h2>{}</h2>{}",
            _heading(info), score_line, _banners(info, budget.notes()), table,
            _("Your notebook, as graded"), shown,
        )  # fmt: skip
        return _page(_title(info), body, info.language)


def _heading(info: PageInfo, handed_in: bool = True) -> Markup:
    """The page's title line and who handed what in."""
    who = (
        _("{notebook}, handed in by {student}") if handed_in else _("{notebook}, {student}")
    ).format(notebook=info.notebook, student=info.student)
    return html(
        '<h1>{}</h1><p class="who">{}</p>',
        _("{assignment}: feedback").format(assignment=info.assignment),
        who,
    )


def _title(info: PageInfo) -> str:
    return _("{assignment} feedback: {student}").format(
        assignment=info.assignment, student=info.student
    )


def render_short_page(info: PageInfo, scores: dict[str, CellScore], why: str) -> str:
    """The page of a graded notebook whose full page could not be written within its limits
    (``why`` says which): the score and the table of graded cells, without the notebook."""
    with speaking(info.language):
        score_line, table = _summary(scores, {}, {})
        said = _(
            "This page is short: your notebook, as graded, could not be shown, because {why}. "
            "Your score and the grader's findings below are complete; ask your instructor for "
            "the rest."
        ).format(why=why)
        body = html(
            "{}{}{}<div class='banner'>{}</div>{}",
            _heading(info), score_line, _banners(info), said, table,
        )  # fmt: skip
        return _page(_title(info), body, info.language)


def render_status_page(info: PageInfo, out_of: float = 0.0) -> str:
    """The page for a submission with no graded notebook: never handed in, or unreadable."""
    with speaking(info.language):
        if info.status == "missing":
            what = _(
                "Not submitted: no {notebook} was handed in, so nothing was graded. This is not "
                "a score of 0; ask your instructor if you did hand it in."
            ).format(notebook=info.notebook)
        else:
            reasons = plain("; ".join(info.reasons)) or _("the grader could not read it")
            what = _(
                "Your notebook could not be graded, and no cell of it was run. What the grader "
                "found: {reasons}. Open it in JupyterLab: if it does not open, the file was "
                "damaged (save it again from Jupyter, or download it again from your work); then "
                "hand it in again, or ask your instructor."
            ).format(reasons=reasons)
        score = (
            html("<p class='score'>{}</p>", _("Score: {}").format(f"0 / {number(out_of)}"))
            if info.status != "missing"
            else Markup("")
        )
        notes = join(html('<div class="banner note">{}</div>', plain(n)) for n in _new_notes(info))
        body = html(
            "{}{}<div class='banner'>{}</div>{}",
            _heading(info, handed_in=False), score, what, notes,
        )  # fmt: skip
        return _page(_title(info), body, info.language)
