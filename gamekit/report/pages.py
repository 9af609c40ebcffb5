"""The report's HTML: one self-contained page per assignment and an index.

Every text that comes from a student or a checker (names, messages, witnesses, lint reasons) is
escaped. In anonymous mode (for projecting in class) no student is named anywhere: names are
left out, links to feedback pages (whose paths hold names) are left out, and every untrusted
text has each name on the roster replaced by "[a student]".
"""

from __future__ import annotations

import html
import re
import urllib.parse
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from gamekit.report import figures
from gamekit.report.catalogue import plain_words, short_name
from gamekit.report.data import AssignmentData, Result
from gamekit.report.stats import (
    CellStats,
    Example,
    Glance,
    Help,
    Misconception,
    examples_to_show,
    most_common,
    timed_out,
)

HIDDEN = "[a student]"

STYLE = """
:root { color-scheme: light dark; --ink: #1d1d1f; --soft: #5a5f66; --bg: #ffffff;
        --line: #c9ccd1; --head: #eef1f5; --bad: #b3261e; --good: #1e6b35; --link: #1f5fa8;
        --panel: #ffffff; --code: #f4f5f7; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #e8e8ea; --soft: #a9adb3; --bg: #16181c; --line: #3d424a; --head: #23272e;
          --bad: #ff8a80; --good: #7fd19a; --link: #8cbcff; --panel: #f4f5f7; --code: #23272e; }
}
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink);
       background: var(--bg); max-width: 72rem; margin: 1.5rem auto; padding: 0 1rem; }
a { color: var(--link); }
h1 { font-size: 1.5rem; margin-bottom: .2rem; } h2 { font-size: 1.2rem; margin-top: 2.2rem; }
.sub, .note { color: var(--soft); } .note { font-size: .9rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
th, td { border: 1px solid var(--line); padding: .35rem .55rem; text-align: left;
         vertical-align: top; overflow-wrap: anywhere; }
th { background: var(--head); } td.num, th.num { text-align: right; white-space: nowrap; }
table.wide { width: 100%; }
.counts td { font-size: 1.15rem; font-weight: 600; text-align: center; min-width: 6rem; }
.counts th { text-align: center; font-weight: 500; }
figure { margin: .6rem 0; } figure .panel { background: var(--panel); color: #222;
         border-radius: 6px; padding: .4rem; display: inline-block; max-width: 100%; }
figure svg { max-width: 100%; height: auto; } figcaption { color: var(--soft); font-size: .9rem; }
.id { color: var(--soft); font-size: .8rem; } .part { color: var(--soft); font-size: .85rem; }
.bad { color: var(--bad); font-weight: 600; } .good { color: var(--good); font-weight: 600; }
code, pre { font: 13px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--code); margin: .2rem 0;
      padding: .35rem .5rem; border-radius: 4px; }
ul.tight { margin: .2rem 0; padding-left: 1.2rem; }
summary { cursor: pointer; color: var(--link); margin: .3rem 0; }
th.name, td.name, td.cost, td.links, td.verdict { white-space: nowrap; }
td.cost code { font-size: .8rem; }
table.mistakes td.what { width: 34%; } table.mistakes td.witness { width: 34%; }
"""


@dataclass
class Names:
    """How students appear: by name on the instructor's page; never in anonymous mode."""

    anonymous: bool
    roster: Iterable[str] = ()

    def __post_init__(self) -> None:
        names = sorted({n for n in self.roster if n and n.strip()}, key=len, reverse=True)
        self._pattern = (
            re.compile(
                r"(?<![\w])(" + "|".join(re.escape(n) for n in names) + r")(?![\w])",
                re.IGNORECASE,
            )
            if names
            else None
        )

    def text(self, value: object) -> str:
        """An untrusted text, escaped (names replaced in anonymous mode)."""
        words = str(value)
        if self.anonymous and self._pattern is not None:
            words = self._pattern.sub(HIDDEN, words)
        return html.escape(words)

    def who(self, student: str) -> str:
        return html.escape(HIDDEN if self.anonymous else student)


def page(title: str, body: str) -> str:
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
        f"<body>{body}</body></html>\n"
    )


def plural(count: int, word: str) -> str:
    """``1 student``, ``2 students``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def percent(share: float | None) -> str:
    return "–" if share is None else f"{100 * share:.0f} %"


def number(value: float | None, digits: int = 2) -> str:
    return "–" if value is None else f"{value:.{digits}f}".rstrip("0").rstrip(".")


def figure(svg: str, prefix: str, caption: str) -> str:
    return (
        f"<figure role='img' aria-label='{html.escape(caption)}'><div class='panel'>"
        f"{figures.strip_ids(svg, prefix)}</div><figcaption>{html.escape(caption)}</figcaption>"
        "</figure>"
    )


def on(words: str) -> str:
    """A probe's words after "on" (some checkers' words already start with it).

    >>> on("the tree A(a1 -> 1)"), on("on first_tree()")
    ('on the tree A(a1 -> 1)', 'on first_tree()')
    """
    return words if words.startswith("on ") else f"on {words}"


def clean_message(message: str) -> str:
    """A checker's message without the exception's class name in front."""
    return re.sub(r"^(GradingError|AssertionError):\s*", "", message.strip())


# --------------------------------------------------------------------------------------------
# One assignment
# --------------------------------------------------------------------------------------------


def glance_html(glance: Glance) -> str:
    heads = [
        "submitted", "missing", "failed", "flagged", "no result yet", "hand grading due",
        "stopped at a time limit",
    ]  # fmt: skip
    values = [
        glance.submitted,
        glance.missing,
        glance.failed,
        glance.flagged,
        glance.waiting,
        glance.pending_hand,
        glance.timeout_submissions,
    ]
    table = (
        "<table class='counts'><tr>"
        + "".join(f"<th>{h}</th>" for h in heads)
        + "</tr><tr>"
        + "".join(f"<td data-count='{h}'>{v}</td>" for h, v in zip(heads, values, strict=True))
        + "</tr></table>"
    )
    notes = (
        "<p class='note'>Submitted: submissions in the gradebook (failed and flagged ones "
        "included, scored on the cells graded). Missing: nothing handed in. No result yet: "
        "students in the gradebook with neither a submission nor a result for this assignment "
        "(not handed in, or not graded yet). Hand grading due: submissions with a written "
        "answer not graded by hand yet (counted as 0 until then). Stopped at a time limit: "
        "submissions in which a time limit stopped a graded cell (the cell scores 0; it is "
        "not counted as a mistake).</p>"
    )
    if glance.timeouts:
        notes += (
            f"<p data-timeouts='{glance.timeouts}'>{plural(glance.timeouts, 'cell')} in "
            f"{plural(glance.timeout_submissions, 'submission')} stopped at their time limit: "
            "a fact about the run, counted apart from the misconceptions (who: "
            "<a href='#stopped'>Who needs help</a>).</p>"
        )
    if not glance.submitted:
        return table + notes + "<p>No submission is in the gradebook yet.</p>"
    summary = (
        f"<p>Median total <b>{number(glance.median)}</b> of {number(glance.out_of)}; "
        f"<b>{percent(glance.full_share)}</b> of the submissions have full marks.</p>"
    )
    caption = (
        f"Total scores of the {glance.submitted} submissions in {len(glance.bins)} bins of "
        f"{number(glance.bins[0][1] - glance.bins[0][0])} points (each bin holds its lower "
        "end; the last one both ends)."
    )
    svg = figures.histogram_svg(glance.bins, glance.out_of)
    counts = " ".join(str(b[2]) for b in glance.bins)
    return (
        table
        + notes
        + summary
        + figure(svg, "hist-", caption)
        + f"<p class='note' data-bins='{counts}'>Bins, lowest first: {counts}.</p>"
    )


DISCRIMINATION_TEXT = (
    "Discrimination: the corrected point-biserial correlation, Pearson's r between the cell's "
    "score and the total score without that cell, over the submissions with a score for it. "
    "0.3 and above separates strong from weak students well; below 0.1 hardly at all; below 0 "
    "stronger students do worse on it (look at the question). – : everyone scored the same."
)


VERDICT_AFTER = 5
"""A question gets a word (hard, easy, ...) only once this many submissions have its score."""


def verdict(stats: CellStats) -> str:
    """A word for the teacher, from the figures (thresholds stated on the page)."""
    if stats.mean is None or stats.scored < VERDICT_AFTER:
        return ""
    d = stats.discrimination
    if d is not None and d < 0:
        return "<span class='bad'>check it: stronger students do worse</span>"
    # Hard reads only the cells no time limit stopped: a slow program is not a hard question.
    if stats.mean_in_time is not None and stats.in_time >= VERDICT_AFTER:
        share = stats.mean_in_time / stats.cell.max_score if stats.cell.max_score else 1.0
        if share < 0.3:
            return "<span class='bad'>hard</span>"
    if stats.full_share is not None and stats.full_share > 0.95:
        return "easy"
    if d is not None and d < 0.1:
        return "does not separate"
    return ""


def questions_html(rows: Sequence[CellStats]) -> str:
    head = (
        "<tr><th>question</th><th class='num'>points</th><th class='num'>scored</th>"
        "<th class='num'>mean</th><th class='num'>full marks</th>"
        "<th class='num'>not answered</th><th class='num'>stopped at time limit</th>"
        "<th class='num'>discrimination</th><th></th></tr>"
    )
    body = []
    for s in rows:
        title = f"<span class='part'>{html.escape(s.cell.title)}</span><br>" if s.cell.title else ""
        kind = " (by hand)" if s.cell.manual else ""
        body.append(
            f"<tr data-cell='{html.escape(s.cell.grade_id)}'><td>{title}"
            f"<code>{html.escape(s.cell.grade_id)}</code>{kind}</td>"
            f"<td class='num'>{number(s.cell.max_score)}</td><td class='num'>{s.scored}</td>"
            f"<td class='num'>{number(s.mean)}</td><td class='num'>{percent(s.full_share)}</td>"
            f"<td class='num'>{percent(s.unanswered_share)}</td>"
            f"<td class='num' data-timeouts='{s.timeouts}'>{s.timeouts}</td>"
            f"<td class='num' data-d='{'' if s.discrimination is None else s.discrimination}'>"
            f"{number(s.discrimination)}</td><td class='verdict'>{verdict(s)}</td></tr>"
        )
    note = (
        f"<p class='note'>{DISCRIMINATION_TEXT} Hard: mean below 30 % of the points, over "
        "the submissions whose cell no time limit stopped; easy: more than 95 % at full marks "
        f"(a word only once {VERDICT_AFTER} submissions have the score). Not answered: share "
        "of the submissions whose cell was left as handed out. Stopped at time limit: "
        "submissions whose cell a time limit stopped (scored 0; the word hard leaves them "
        "out).</p>"
    )
    return f"<table class='wide'>{head}{''.join(body)}</table>{note}"


def witness_html(example: Example, names: Names, words: str | None = None) -> str:
    """The witness as data (input, returned, expected), else the checker's message (without
    the mistake's sentence ``words``, already shown beside it)."""
    evidence = example.evidence
    parts = []
    if evidence.get("input"):
        parts.append(names.text(on(str(evidence["input"]))))
    if "got" in evidence:
        parts.append(f"returned <code>{names.text(evidence['got'])}</code>")
    if "expected" in evidence:
        parts.append(f"should return <code>{names.text(evidence['expected'])}</code>")
    if "raised" in evidence:
        parts.append(f"raised: {names.text(evidence['raised'])}")
    said = ", ".join(parts)
    message = clean_message(example.message)
    if words and words in message:
        message = message.replace(words, "…")
    if not said:
        return f"<pre>{names.text(message)}</pre>" if message.strip("… ") else "–"
    return f"<div>{said}</div>"


def feedback_link(example: Example, assignment: str, root: Path | None) -> str | None:
    """The relative link from reports/ to the example's feedback page, if it was written."""
    if root is None:
        return None
    page_path = root / "feedback" / example.student / assignment / f"{example.notebook}.html"
    if not page_path.is_file():
        return None
    parts = ["..", "feedback", example.student, assignment, f"{example.notebook}.html"]
    return "/".join(urllib.parse.quote(p) for p in parts)


def misconceptions_html(
    rows: Sequence[Misconception], submitted: int, assignment: str, names: Names, root: Path | None
) -> str:
    if not rows:
        return "<p>No failing cell has a mistake code.</p>"
    head = (
        "<tr><th>mistake</th><th class='num'>students</th><th class='num'>share</th>"
        "<th>question it cost (students)</th><th>smallest witness</th>"
        "<th class='name'>examples</th></tr>"
    )
    body = []
    for row in rows:
        smallest = row.smallest
        words = row.words or clean_message(smallest.message)
        name = (
            f"<b>{html.escape(short_name(row.code))}</b> "
            f"<span class='id'>{html.escape(row.code)}</span>"
        )
        if row.group:
            name += f"<br><span class='part'>first differs {names.text(on(row.group))}</span>"
        cost = "<br>".join(
            f"<code>{html.escape(g)}</code> ({n})" for g, n in row.cells.most_common()
        )
        links = []
        for i, example in enumerate(examples_to_show(row), start=1):
            href = None if names.anonymous else feedback_link(example, assignment, root)
            label = f"example {i}"
            links.append(f"<a href='{html.escape(href)}'>{label}</a>" if href else label)
        if names.anonymous:
            examples = plural(len(row.examples), "cell")
        elif any("<a " in link for link in links):
            examples = ", ".join(links)
        else:
            examples = "<span class='note'>no feedback page written yet (make feedback)</span>"
        body.append(
            f"<tr data-code='{html.escape(row.code)}' data-students='{len(row.students)}'>"
            f"<td class='what'>{name}<br>{names.text(words)}</td>"
            f"<td class='num'>{len(row.students)}</td>"
            f"<td class='num'>{percent(len(row.students) / submitted if submitted else None)}</td>"
            f"<td class='cost'>{cost}<br><span class='note'>{number(row.points)} points lost"
            f"</span></td><td class='witness'>{witness_html(smallest, names, words)}</td>"
            f"<td class='links'>{examples}</td></tr>"
        )
    note = (
        "<p class='note'>Each failing cell's mistake code, from the grader's ledger: a named "
        "mistake when the checker confirmed it on the student's own answers, else what was "
        "seen (witness: a wrong answer on an input the feedback shows; raised: an error in the "
        "student's code; hidden: only a hidden case failed), grouped by step and by the input "
        "where it first differs. Share: "
        "of the submitted. Not answered cells are counted in the table of questions.</p>"
    )
    return f"<table class='wide mistakes'>{head}{''.join(body)}</table>{note}"


def _people(results: Sequence[Result], names: Names, detail: Callable[[Result], str]) -> str:
    """A list of students with one detail each, folded away (a class may have hundreds); in
    anonymous mode only the count and the distinct details, no names."""
    if not results:
        return "<p class='note'>None.</p>"
    if names.anonymous:
        items = sorted({detail(r) for r in results if detail(r)})
        listed = "".join(f"<li>{item}</li>" for item in items[:20])
        more = f"<li>and {len(items) - 20} more</li>" if len(items) > 20 else ""
        return f"<p>{plural(len(results), 'student')}.</p>" + (
            f"<ul class='tight'>{listed}{more}</ul>" if listed else ""
        )
    rows = "".join(
        f"<tr><td class='name'>{names.who(r.student)}</td><td>{detail(r)}</td></tr>"
        for r in results
    )
    return (
        f"<details><summary>{plural(len(results), 'student')}</summary>"
        f"<table>{rows}</table></details>"
    )


def help_html(
    help_: Help, out_of: float, repeats: dict[str, dict[str, list[str]]], names: Names
) -> str:
    line = help_.threshold * out_of
    below = _people(
        help_.below,
        names,
        lambda r: "" if names.anonymous else f"{number(r.total)} / {number(out_of)}",
    )
    flagged = _people(help_.flagged, names, lambda r: "<br>".join(names.text(f) for f in r.flags))
    failed = _people(help_.failed, names, lambda r: "<br>".join(names.text(f) for f in r.reasons))
    stopped = _people(
        help_.stopped,
        names,
        lambda r: ", ".join(f"<code>{html.escape(g)}</code>" for g in timed_out(r)),
    )
    if not repeats:
        repeat_html = "<p class='note'>None.</p>"
    elif names.anonymous:
        repeat_html = (
            f"<p>{plural(len(repeats), 'student')}: the same mistake on several assignments.</p>"
        )
    else:
        repeat_html = (
            f"<details><summary>{plural(len(repeats), 'student')}</summary><table>"
            + "".join(
                f"<tr><td>{names.who(s)}</td><td>"
                + "<br>".join(
                    f"<code>{html.escape(code)}</code> on {html.escape(', '.join(where))}"
                    for code, where in codes.items()
                )
                + "</td></tr>"
                for s, codes in repeats.items()
            )
            + "</table></details>"
        )
    return (
        f"<h3>Below {percent(help_.threshold)} of the points ({number(line)} of "
        f"{number(out_of)})</h3>{below}"
        f"<h3>The same mistake on several assignments</h3>{repeat_html}"
        f"<h3>Flagged by the checks before grading</h3>{flagged}"
        f"<h3>Grading failed</h3>{failed}"
        f"<h3 id='stopped'>Stopped at a time limit</h3><p class='note'>Cells a time limit "
        "stopped: each scores 0 and is not counted as a mistake; the student's feedback says "
        f"what was measured.</p>{stopped}"
    )


def assignment_page(
    data: AssignmentData,
    glance: Glance,
    questions: Sequence[CellStats],
    mistakes: Sequence[Misconception],
    help_: Help,
    repeats: dict[str, dict[str, list[str]]],
    names: Names,
    root: Path | None,
    when: str,
) -> str:
    local = {
        student: {code: where for code, where in codes.items() if data.name in where}
        for student, codes in repeats.items()
    }
    repeats = {student: codes for student, codes in local.items() if codes}
    mode = "anonymous: no student is named" if names.anonymous else "instructor's page: names shown"
    body = (
        f"<p><a href='index.html'>All assignments</a></p>"
        f"<h1>{html.escape(data.name)}: what the class got wrong</h1>"
        f"<p class='sub'>From the gradebook and the grader's ledger, {html.escape(when)} "
        f"({mode}).</p>"
        f"<h2 id='glance'>At a glance</h2>{glance_html(glance)}"
        f"<h2 id='questions'>By question</h2>{questions_html(questions)}"
        f"<h2 id='mistakes'>The misconceptions</h2>"
        f"{misconceptions_html(mistakes, glance.submitted, data.name, names, root)}"
        f"<h2 id='help'>Who needs help</h2>{help_html(help_, data.out_of, repeats, names)}"
    )
    return page(f"{data.name}: class report", body)


# --------------------------------------------------------------------------------------------
# The index
# --------------------------------------------------------------------------------------------


def index_page(
    lines: Sequence[tuple[AssignmentData, Glance, Sequence[Misconception]]],
    heatmap: str | None,
    students: int,
    names: Names,
    csv_name: str | None,
    when: str,
) -> str:
    head = (
        "<tr><th class='name'>assignment</th><th class='num'>submitted</th>"
        "<th class='num'>missing</th>"
        "<th class='num'>failed</th><th class='num'>flagged</th><th class='num'>median</th>"
        "<th class='num'>full marks</th><th>most common mistake</th></tr>"
    )
    rows = []
    for data, glance, mistakes in lines:
        tied = most_common(mistakes)
        common = "<br>".join(
            f"{html.escape(short_name(top.code))} ({plural(len(top.students), 'student')}): "
            f"{names.text(plain_words(top.code) or clean_message(top.smallest.message))}"
            for top in tied
        )
        if len(tied) > 1:
            common = f"<span class='note'>a tie of {len(tied)}:</span><br>{common}"
        rows.append(
            f"<tr data-assignment='{html.escape(data.name)}'><td class='name'><a href='"
            f"{urllib.parse.quote(data.name)}.html'>{html.escape(data.name)}</a></td>"
            f"<td class='num'>{glance.submitted}</td><td class='num'>{glance.missing}</td>"
            f"<td class='num'>{glance.failed}</td><td class='num'>{glance.flagged}</td>"
            f"<td class='num'>{number(glance.median)} / {number(glance.out_of)}</td>"
            f"<td class='num'>{percent(glance.full_share)}</td><td>{common}</td></tr>"
        )
    body = (
        "<h1>Class report: every assignment</h1>"
        f"<p class='sub'>From the gradebook and the grader's ledger, {html.escape(when)}; "
        f"{students} students.</p>"
        f"<table class='wide'>{head}{''.join(rows)}</table>"
    )
    if heatmap:
        caption = (
            "Each student's share of each assignment's points, one row per student, highest "
            "total first; grey: no submission."
        )
        body += f"<h2>Students x assignments</h2>{figure(heatmap, 'heat-', caption)}"
    if csv_name:
        body += (
            f"<h2>For a spreadsheet</h2><p><a href='{html.escape(csv_name)}'>"
            f"{html.escape(csv_name)}</a>: one row per student and graded cell (status, score, "
            "points, mistake code), for a spreadsheet or an LMS; nbgrader's own "
            "<code>nbgrader export</code> gives the totals.</p>"
        )
    return page("Class report", body)
