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
from typing import Any

from gamekit.i18n import N_, _, decimal_mark, language, ngettext, said_again
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

HEADINGS = (
    N_("question"),
    N_("points"),
    N_("scored"),
    N_("mean"),
    N_("full marks"),
    N_("not answered"),
    N_("stopped at time limit"),
    N_("discrimination"),
    N_("mistake"),
    N_("students"),
    N_("share"),
    N_("question it cost (students)"),
    N_("smallest witness"),
    N_("examples"),
    N_("The same mistake on several assignments"),
    N_("Flagged by the checks before grading"),
    N_("Grading failed"),
    N_("Stopped at a time limit"),
    N_("All assignments"),
    N_("{assignment}: what the class got wrong"),
    N_("At a glance"),
    N_("By question"),
    N_("The misconceptions"),
    N_("Who needs help"),
    N_("assignment"),
    N_("submitted"),
    N_("missing"),
    N_("failed"),
    N_("flagged"),
    N_("median"),
    N_("most common mistake"),
    N_("Class report: every assignment"),
    N_("Students x assignments"),
    N_("For a spreadsheet"),
)
"""The headings and table columns the pages below say inside f-strings, marked here for the
catalogue (Babel does not read inside an f-string); each is looked up where it is shown."""

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
th { background: var(--head); overflow-wrap: normal; }
td.num, th.num { text-align: right; white-space: nowrap; }
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
        f"<!DOCTYPE html>\n<html lang='{language().replace('_', '-')}'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
        f"<body>{body}</body></html>\n"
    )


def students(count: int) -> str:
    """``1 student``, ``2 students``, in the language in use."""
    return ngettext("{n} student", "{n} students", count).format(n=count)


def percent(share: float | None) -> str:
    return "–" if share is None else f"{100 * share:.0f} %"


def number(value: float | None, digits: int = 2) -> str:
    """A score with at most ``digits`` decimals, with the decimal mark of the language."""
    if value is None:
        return "–"
    return f"{value:.{digits}f}".rstrip("0").rstrip(".").replace(".", decimal_mark())


def figure(svg: str, prefix: str, caption: str) -> str:
    return (
        f"<figure role='img' aria-label='{html.escape(caption)}'><div class='panel'>"
        f"{figures.strip_ids(svg, prefix)}</div><figcaption>{html.escape(caption)}</figcaption>"
        "</figure>"
    )


def on(words: str) -> str:
    """A probe's words after "on", in the language in use (some checkers' words already
    start with the English word).

    >>> on("the tree A(a1 -> 1)"), on("on first_tree()")
    ('on the tree A(a1 -> 1)', 'on first_tree()')
    """
    return _("on {probe}").format(probe=words.removeprefix("on "))


def on_input(evidence: dict[str, Any]) -> str:
    """The word "on" and a witness's input, in the language in use: said again when the checker kept
    the input as a sentence (``input_said``), else its words as recorded.

    >>> from gamekit.i18n import kept_sentence, speaking
    >>> board = kept_sentence("the board {rows}", rows="X.. / ...")
    >>> with speaking("pt_BR"):
    ...     print(on_input({"input": str(board), "input_said": board.to_dict()}))
    no tabuleiro X.. / ...
    """
    english = on(str(evidence.get("input", "")))
    kept = evidence.get("input_said")
    if not isinstance(kept, dict):
        return english
    if str(kept.get("template", "")).startswith("on "):  # the words already say "on"
        return said_again(kept, english)
    return said_again({"template": "on {probe}", "values": {"probe": kept}}, english)


def first_differs(words: str) -> str:
    """Where a group of witnesses first differs from the reference (the checker's words)."""
    return _("first differs {where}").format(where=on(words))


def clean_message(message: str) -> str:
    """A checker's message without the exception's class name in front."""
    return re.sub(r"^(GradingError|AssertionError):\s*", "", message.strip())


# --------------------------------------------------------------------------------------------
# One assignment
# --------------------------------------------------------------------------------------------


def glance_html(glance: Glance) -> str:
    keys = [
        "submitted", "missing", "failed", "flagged", "no result yet", "hand grading due",
        "stopped at a time limit",
    ]  # fmt: skip
    heads = [
        _("submitted"), _("missing"), _("failed"), _("flagged"), _("no result yet"),
        _("hand grading due"), _("stopped at a time limit"),
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
        + "".join(f"<td data-count='{k}'>{v}</td>" for k, v in zip(keys, values, strict=True))
        + "</tr></table>"
    )
    notes = (
        "<p class='note'>"
        + _(
            "Submitted: submissions in the gradebook (failed and flagged ones included, scored on "
            "the cells graded). Missing: nothing handed in. No result yet: students in the "
            "gradebook with neither a submission nor a result for this assignment (not handed in, "
            "or not graded yet). Hand grading due: submissions with a written answer not graded by "
            "hand yet (counted as 0 until then). Stopped at a time limit: submissions in which a "
            "time limit stopped a graded cell (the cell scores 0; it is not counted as a mistake)."
        )
        + "</p>"
    )
    if glance.timeouts:
        cells = ngettext("{n} cell", "{n} cells", glance.timeouts).format(n=glance.timeouts)
        stopped = ngettext(
            "{cells} in {n} submission stopped at their time limit: a fact about the run, "
            "counted apart from the misconceptions (who: {link}).",
            "{cells} in {n} submissions stopped at their time limit: a fact about the run, "
            "counted apart from the misconceptions (who: {link}).",
            glance.timeout_submissions,
        ).format(
            cells=cells,
            n=glance.timeout_submissions,
            link="<a href='#stopped'>" + _("Who needs help") + "</a>",
        )
        notes += f"<p data-timeouts='{glance.timeouts}'>{stopped}</p>"
    if not glance.submitted:
        return table + notes + "<p>" + _("No submission is in the gradebook yet.") + "</p>"
    summary = (
        "<p>"
        + _(
            "Median total <b>{median}</b> of {out_of}; <b>{share}</b> of the submissions have "
            "full marks."
        ).format(
            median=number(glance.median),
            out_of=number(glance.out_of),
            share=percent(glance.full_share),
        )
        + "</p>"
    )
    caption = _(
        "Total scores of the {n} submissions in {bins} bins of {width} points (each bin holds "
        "its lower end; the last one both ends)."
    ).format(
        n=glance.submitted,
        bins=len(glance.bins),
        width=number(glance.bins[0][1] - glance.bins[0][0]),
    )
    svg = figures.histogram_svg(glance.bins, glance.out_of)
    counts = " ".join(str(b[2]) for b in glance.bins)
    return (
        table
        + notes
        + summary
        + figure(svg, "hist-", caption)
        + f"<p class='note' data-bins='{counts}'>"
        + _("Bins, lowest first: {counts}.").format(counts=counts)
        + "</p>"
    )


DISCRIMINATION_TEXT = N_(
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
        return "<span class='bad'>" + _("check it: stronger students do worse") + "</span>"
    # Hard reads only the cells no time limit stopped: a slow program is not a hard question.
    if stats.mean_in_time is not None and stats.in_time >= VERDICT_AFTER:
        share = stats.mean_in_time / stats.cell.max_score if stats.cell.max_score else 1.0
        if share < 0.3:
            return "<span class='bad'>" + _("hard") + "</span>"
    if stats.full_share is not None and stats.full_share > 0.95:
        return _("easy")
    if d is not None and d < 0.1:
        return _("does not separate")
    return ""


def questions_html(rows: Sequence[CellStats]) -> str:
    head = (
        f"<tr><th>{_('question')}</th><th class='num'>{_('points')}</th>"
        f"<th class='num'>{_('scored')}</th><th class='num'>{_('mean')}</th>"
        f"<th class='num'>{_('full marks')}</th><th class='num'>{_('not answered')}</th>"
        f"<th class='num'>{_('stopped at time limit')}</th>"
        f"<th class='num'>{_('discrimination')}</th><th></th></tr>"
    )
    body = []
    for s in rows:
        title = f"<span class='part'>{html.escape(s.cell.title)}</span><br>" if s.cell.title else ""
        kind = " " + _("(by hand)") if s.cell.manual else ""
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
    words = _(
        "Hard: mean below 30 % of the points, over the submissions whose cell no time limit "
        "stopped; easy: more than 95 % at full marks (a word only once {n} submissions have "
        "the score). Not answered: share of the submissions whose cell was left as handed out. "
        "Stopped at time limit: submissions whose cell a time limit stopped (scored 0; the word "
        "hard leaves them out)."
    ).format(n=VERDICT_AFTER)
    note = f"<p class='note'>{_(DISCRIMINATION_TEXT)} {words}</p>"
    return f"<table class='wide'>{head}{''.join(body)}</table>{note}"


def witness_html(example: Example, names: Names, words: str | None = None) -> str:
    """The witness as data (input, returned, expected), else the checker's message (without
    the mistake's sentence ``words``, already shown beside it). A witness that raised is its
    message whole: the input and the error, said in the language in use (the evidence keeps
    only the error's English text)."""
    evidence = example.evidence
    message = clean_message(example.message)
    if "raised" in evidence and message:
        return f"<div>{names.text(message)}</div>"
    parts = []
    if evidence.get("input"):
        parts.append(names.text(on_input(evidence)))
    if "got" in evidence:
        got = f"<code>{names.text(evidence['got'])}</code>"
        parts.append(_("returned {value}").format(value=got))
    if "expected" in evidence:
        expected = f"<code>{names.text(evidence['expected'])}</code>"
        parts.append(_("should return {value}").format(value=expected))
    if "raised" in evidence:
        parts.append(_("raised: {error}").format(error=names.text(evidence["raised"])))
    said = ", ".join(parts)
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
        return "<p>" + _("No failing cell has a mistake code.") + "</p>"
    head = (
        f"<tr><th>{_('mistake')}</th><th class='num'>{_('students')}</th>"
        f"<th class='num'>{_('share')}</th><th>{_('question it cost (students)')}</th>"
        f"<th>{_('smallest witness')}</th><th class='name'>{_('examples')}</th></tr>"
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
            name += f"<br><span class='part'>{names.text(first_differs(row.group))}</span>"
        cost = "<br>".join(
            f"<code>{html.escape(g)}</code> ({n})" for g, n in row.cells.most_common()
        )
        links = []
        for i, example in enumerate(examples_to_show(row), start=1):
            href = None if names.anonymous else feedback_link(example, assignment, root)
            label = _("example {n}").format(n=i)
            links.append(f"<a href='{html.escape(href)}'>{label}</a>" if href else label)
        if names.anonymous:
            examples = ngettext("{n} cell", "{n} cells", len(row.examples)).format(
                n=len(row.examples)
            )
        elif any("<a " in link for link in links):
            examples = ", ".join(links)
        else:
            examples = (
                "<span class='note'>"
                + _("no feedback page written yet (make feedback)")
                + "</span>"
            )
        body.append(
            f"<tr data-code='{html.escape(row.code)}' data-students='{len(row.students)}'>"
            f"<td class='what'>{name}<br>{names.text(words)}</td>"
            f"<td class='num'>{len(row.students)}</td>"
            f"<td class='num'>{percent(len(row.students) / submitted if submitted else None)}</td>"
            f"<td class='cost'>{cost}<br><span class='note'>"
            + _("{points} points lost").format(points=number(row.points))
            + f"</span></td><td class='witness'>{witness_html(smallest, names, words)}</td>"
            f"<td class='links'>{examples}</td></tr>"
        )
    note = (
        "<p class='note'>"
        + _(
            "Each failing cell's mistake code, from the grader's ledger: a named mistake when the "
            "checker confirmed it on the student's own answers, else what was seen (witness: a "
            "wrong answer on an input the feedback shows; raised: an error in the student's code; "
            "hidden: only a hidden case failed), grouped by step and by the input where it first "
            "differs. Share: of the submitted. Not answered cells are counted in the table of "
            "questions."
        )
        + "</p>"
    )
    return f"<table class='wide mistakes'>{head}{''.join(body)}</table>{note}"


def _people(results: Sequence[Result], names: Names, detail: Callable[[Result], str]) -> str:
    """A list of students with one detail each, folded away (a class may have hundreds); in
    anonymous mode only the count and the distinct details, no names."""
    if not results:
        return "<p class='note'>" + _("None.") + "</p>"
    if names.anonymous:
        items = sorted({detail(r) for r in results if detail(r)})
        listed = "".join(f"<li>{item}</li>" for item in items[:20])
        more = ""
        if len(items) > 20:
            more = "<li>" + _("and {n} more").format(n=len(items) - 20) + "</li>"
        return f"<p>{students(len(results))}.</p>" + (
            f"<ul class='tight'>{listed}{more}</ul>" if listed else ""
        )
    rows = "".join(
        f"<tr><td class='name'>{names.who(r.student)}</td><td>{detail(r)}</td></tr>"
        for r in results
    )
    return f"<details><summary>{students(len(results))}</summary><table>{rows}</table></details>"


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
        repeat_html = "<p class='note'>" + _("None.") + "</p>"
    elif names.anonymous:
        same = _("{students}: the same mistake on several assignments.")
        repeat_html = f"<p>{same.format(students=students(len(repeats)))}</p>"
    else:
        repeat_html = (
            f"<details><summary>{students(len(repeats))}</summary><table>"
            + "".join(
                f"<tr><td>{names.who(s)}</td><td>"
                + "<br>".join(
                    _("{code} on {assignments}").format(
                        code=f"<code>{html.escape(code)}</code>",
                        assignments=html.escape(", ".join(where)),
                    )
                    for code, where in codes.items()
                )
                + "</td></tr>"
                for s, codes in repeats.items()
            )
            + "</table></details>"
        )
    below_heading = _("Below {share} of the points ({line} of {out_of})").format(
        share=percent(help_.threshold), line=number(line), out_of=number(out_of)
    )
    stopped_note = _(
        "Cells a time limit stopped: each scores 0 and is not counted as a mistake; the "
        "student's feedback says what was measured."
    )
    return (
        f"<h3>{below_heading}</h3>{below}"
        f"<h3>{_('The same mistake on several assignments')}</h3>{repeat_html}"
        f"<h3>{_('Flagged by the checks before grading')}</h3>{flagged}"
        f"<h3>{_('Grading failed')}</h3>{failed}"
        f"<h3 id='stopped'>{_('Stopped at a time limit')}</h3>"
        f"<p class='note'>{stopped_note}</p>{stopped}"
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
    if names.anonymous:
        mode = _("anonymous: no student is named")
    else:
        mode = _("instructor's page: names shown")
    name = html.escape(data.name)
    source = _("From the gradebook and the grader's ledger, {when} ({mode}).").format(
        when=html.escape(when), mode=mode
    )
    body = (
        f"<p><a href='index.html'>{_('All assignments')}</a></p>"
        f"<h1>{_('{assignment}: what the class got wrong').format(assignment=name)}</h1>"
        f"<p class='sub'>{source}</p>"
        f"<h2 id='glance'>{_('At a glance')}</h2>{glance_html(glance)}"
        f"<h2 id='questions'>{_('By question')}</h2>{questions_html(questions)}"
        f"<h2 id='mistakes'>{_('The misconceptions')}</h2>"
        f"{misconceptions_html(mistakes, glance.submitted, data.name, names, root)}"
        f"<h2 id='help'>{_('Who needs help')}</h2>"
        f"{help_html(help_, data.out_of, repeats, names)}"
    )
    return page(_("{assignment}: class report").format(assignment=data.name), body)


# --------------------------------------------------------------------------------------------
# The index
# --------------------------------------------------------------------------------------------


def index_page(
    lines: Sequence[tuple[AssignmentData, Glance, Sequence[Misconception]]],
    heatmap: str | None,
    class_size: int,
    names: Names,
    csv_name: str | None,
    when: str,
) -> str:
    head = (
        f"<tr><th class='name'>{_('assignment')}</th><th class='num'>{_('submitted')}</th>"
        f"<th class='num'>{_('missing')}</th><th class='num'>{_('failed')}</th>"
        f"<th class='num'>{_('flagged')}</th><th class='num'>{_('median')}</th>"
        f"<th class='num'>{_('full marks')}</th><th>{_('most common mistake')}</th></tr>"
    )
    rows = []
    for data, glance, mistakes in lines:
        tied = most_common(mistakes)
        common = "<br>".join(
            f"{html.escape(short_name(top.code))} ({students(len(top.students))}): "
            f"{names.text(plain_words(top.code) or clean_message(top.smallest.message))}"
            for top in tied
        )
        if len(tied) > 1:
            tie = _("a tie of {n}:").format(n=len(tied))
            common = f"<span class='note'>{tie}</span><br>{common}"
        rows.append(
            f"<tr data-assignment='{html.escape(data.name)}'><td class='name'><a href='"
            f"{urllib.parse.quote(data.name)}.html'>{html.escape(data.name)}</a></td>"
            f"<td class='num'>{glance.submitted}</td><td class='num'>{glance.missing}</td>"
            f"<td class='num'>{glance.failed}</td><td class='num'>{glance.flagged}</td>"
            f"<td class='num'>{number(glance.median)} / {number(glance.out_of)}</td>"
            f"<td class='num'>{percent(glance.full_share)}</td><td>{common}</td></tr>"
        )
    source = ngettext(
        "From the gradebook and the grader's ledger, {when}; {n} student.",
        "From the gradebook and the grader's ledger, {when}; {n} students.",
        class_size,
    ).format(when=html.escape(when), n=class_size)
    body = (
        f"<h1>{_('Class report: every assignment')}</h1>"
        f"<p class='sub'>{source}</p>"
        f"<table class='wide'>{head}{''.join(rows)}</table>"
    )
    if heatmap:
        caption = _(
            "Each student's share of each assignment's points, one row per student, highest "
            "total first; grey: no submission."
        )
        body += f"<h2>{_('Students x assignments')}</h2>{figure(heatmap, 'heat-', caption)}"
    if csv_name:
        link = f"<a href='{html.escape(csv_name)}'>{html.escape(csv_name)}</a>"
        said = _(
            "{link}: one row per student and graded cell (status, score, points, mistake code), "
            "for a spreadsheet or an LMS; nbgrader's own <code>nbgrader export</code> gives the "
            "totals."
        ).format(link=link)
        body += f"<h2>{_('For a spreadsheet')}</h2><p>{said}</p>"
    return page(_("Class report"), body)
