"""The class report (`gamekit.report`) on generated gradebooks: no kernel, no grading.

A small hand-made table checks the figures against a hand computation; a generated class of
3,000 submissions, in SQLite and in a throwaway PostgreSQL, checks the counts, the CSV and the
anonymous pages. The report on really graded fixtures: tests/test_pipeline.py; in a browser:
tests/test_report_browser.py.
"""

from __future__ import annotations

import csv
import html
import math
import re
from pathlib import Path

import pytest

from gamekit import course
from gamekit.report import CSV_NAME, stats, synthetic, write_reports
from gamekit.report.catalogue import catalogue, plain_words

# A table small enough to compute by hand: three cells, four students.
SMALL_CELLS = {
    "cell_a": (1.0, 0.0, False),
    "cell_b": (2.0, 0.0, False),
    "cell_c": (1.0, 0.0, False),
}
SMALL_SCORES = {
    "ann": {"cell_a": 1.0, "cell_b": 2.0, "cell_c": 1.0},  # total 4
    "bo": {"cell_a": 1.0, "cell_b": 0.0, "cell_c": 1.0},  # total 2
    "cy": {"cell_a": 0.0, "cell_b": 2.0, "cell_c": 0.0},  # total 2
    "di": {"cell_a": 0.0, "cell_b": 0.0, "cell_c": 1.0},  # total 1
}


def ledger_record(student: str, scores: dict[str, float], mistakes: dict[str, str]) -> dict:
    """A result record as the driver writes it, for a student of a class of `SMALL_CELLS`."""
    cells = [
        {
            "notebook": "synthetic.ipynb",
            "grade_id": grade_id,
            "max_score": SMALL_CELLS[grade_id][0],
            "manual": False,
            "score": score,
            "message": f"GradingError: {mistakes[grade_id]}" if grade_id in mistakes else "",
            **({"mistake": mistakes[grade_id]} if grade_id in mistakes else {}),
        }
        for grade_id, score in scores.items()
    ]
    return {"assignment": synthetic.ASSIGNMENT, "student": student, "status": "graded",
            "reasons": [], "flags": [], "cells": cells}  # fmt: skip


def small_record(student: str, mistakes: dict[str, str]) -> dict:
    return ledger_record(student, SMALL_SCORES[student], mistakes)


def write_class(db_url: str, plans: dict[str, dict[str, str]]) -> None:
    """A class of `SMALL_CELLS` where each student's cells with a mistake code score 0 and
    the others full marks."""
    synthetic.setup_assignment(db_url, SMALL_CELLS)
    scores = {
        s: {g: 0.0 if g in plan else SMALL_CELLS[g][0] for g in SMALL_CELLS}
        for s, plan in plans.items()
    }
    records = {s: ledger_record(s, scores[s], plan) for s, plan in plans.items()}
    synthetic.write_rows(db_url, scores, records)


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> tuple[Path, str]:
    folder = tmp_path_factory.mktemp("small-class")
    db_url = f"sqlite:///{folder / 'gradebook.db'}"
    synthetic.setup_assignment(db_url, SMALL_CELLS)
    records = {
        "ann": small_record("ann", {}),
        "bo": small_record("bo", {"cell_b": "a02.strict_inequality"}),
        "cy": small_record("cy", {"cell_a": "a02.strict_inequality", "cell_c": "timeout"}),
        "di": small_record("di", {"cell_a": "witness:search", "cell_b": "witness:search"}),
    }
    synthetic.write_rows(db_url, SMALL_SCORES, records)
    return folder, db_url


def test_discrimination_equals_a_hand_computation(small):
    """Corrected point-biserial, by hand. cell_a: scores 1 1 0 0, totals without it 3 1 2 1:
    deviations .5 .5 -.5 -.5 and 1.25 -.75 .25 -.75, so r = .5 / sqrt(1 * 2.75).
    cell_b: 2 0 2 0 against 2 2 0 1: r = -1 / sqrt(4 * 2.75). cell_c: 1 1 0 1 against
    3 1 2 0: r = -.5 / sqrt(.75 * 5)."""
    folder, db_url = small
    written = write_reports(folder, [synthetic.ASSIGNMENT], db_url)
    found = {s.cell.grade_id: s for s in stats.cell_stats(written.classes[0])}
    assert found["cell_a"].discrimination == pytest.approx(0.5 / math.sqrt(2.75))
    assert found["cell_b"].discrimination == pytest.approx(-1 / math.sqrt(11))
    assert found["cell_c"].discrimination == pytest.approx(-0.5 / math.sqrt(3.75))
    assert found["cell_b"].mean == pytest.approx(1.0)
    assert found["cell_c"].full_share == pytest.approx(0.75)
    page = written.pages[synthetic.ASSIGNMENT].read_text()
    assert "corrected point-biserial" in page
    row = re.search(r"<tr data-cell='cell_a'>.*?</tr>", page, re.S)
    assert row and ">0.3</td>" in row.group(0)


def test_misconceptions_count_students_and_group_witnesses(small):
    folder, db_url = small
    written = write_reports(folder, [synthetic.ASSIGNMENT], db_url)
    rows = {m.code: m for m in stats.misconceptions(written.classes[0])}
    assert rows["a02.strict_inequality"].students == {"bo", "cy"}
    assert dict(rows["a02.strict_inequality"].cells) == {"cell_b": 1, "cell_a": 1}
    assert rows["a02.strict_inequality"].points == pytest.approx(3.0)
    assert rows["witness:search"].students == {"di"}  # two cells, one student, one row
    page = written.pages[synthetic.ASSIGNMENT].read_text()
    assert html.escape(catalogue()["a02.strict_inequality"]) in page
    assert "data-code='a02.strict_inequality' data-students='2'" in page


def test_csv_rows_equal_the_gradebook(small):
    folder, db_url = small
    written = write_reports(folder, [synthetic.ASSIGNMENT], db_url)
    grades = course.read_grades(folder, synthetic.ASSIGNMENT, db_url)
    with open(written.csv or "") as handle:
        rows = list(csv.DictReader(handle))
    from_csv = {(r["student"], r["grade_id"]): float(r["score"]) for r in rows}
    from_gradebook = {(s, g.grade_id): g.score for s, cells in grades.items() for g in cells}
    assert from_csv == from_gradebook
    assert {r["mistake"] for r in rows if r["student"] == "cy"} == {
        "a02.strict_inequality",
        "timeout",
        "",
    }


def test_the_command_writes_the_report_and_says_where(small, capsys):
    folder, db_url = small
    assert course.main(["report", "--db-url", db_url, "--out", str(folder / "out")]) == 0
    said = capsys.readouterr().out
    assert f"Report: {folder / 'out' / 'index.html'}" in said
    assert (folder / "out" / f"{synthetic.ASSIGNMENT}.html").is_file()
    assert course.main(["report", "nothing_like_it", "--db-url", db_url]) == 1


NAMED = "(?:" + "|".join(synthetic.WORDS) + r")\d{5}"  # any generated student's id


def check_generated_class(folder: Path, db_url: str) -> None:
    """The report on 3,000 generated submissions: counts, histogram, CSV, anonymity."""
    made = synthetic.generate(db_url, 3000, seed=1)
    written = write_reports(folder, [synthetic.ASSIGNMENT], db_url, folder / "reports")
    data = written.classes[0]
    glance = stats.glance(data)
    assert (glance.submitted, glance.missing, glance.failed, glance.flagged, glance.waiting) == (
        made.submitted,
        made.missing,
        made.failed,
        made.flagged,
        made.waiting,
    )
    assert sum(count for _, _, count in glance.bins) == made.submitted
    assert written.rows == made.grades
    page = written.pages[synthetic.ASSIGNMENT].read_text()
    assert f"data-count='submitted'>{made.submitted}<" in page
    bins = " ".join(str(c) for _, _, c in glance.bins)
    assert f"data-bins='{bins}'" in page
    with open(written.csv or "") as handle:
        rows = list(csv.DictReader(handle))
    written_scores = {
        (student, grade_id): score
        for student, cells in made.scores.items()
        for grade_id, score in cells.items()
    }
    from_csv = {
        (r["student"], r["grade_id"]): (float(r["score"]) if r["score"] else None)
        for r in rows
        if r["status"] != "missing"
    }
    assert from_csv == written_scores

    anonymous = write_reports(
        folder, [synthetic.ASSIGNMENT], db_url, folder / "anonymous", anonymous=True
    )
    assert anonymous.csv is None and not (folder / "anonymous" / CSV_NAME).exists()
    for path in (anonymous.index, *anonymous.pages.values()):
        text = path.read_text()
        named = re.findall(NAMED, text)
        assert named == [], f"{path.name} names {named[:5]}"
        assert "<a href='../feedback" not in text
    # The same figures as the instructor's page (only the names differ).
    assert (
        f"data-count='submitted'>{made.submitted}<"
        in anonymous.pages[synthetic.ASSIGNMENT].read_text()
    )
    instructor = written.pages[synthetic.ASSIGNMENT].read_text()
    assert re.search(NAMED, instructor)


def test_a_generated_class_of_3000_in_sqlite(tmp_path):
    check_generated_class(tmp_path, f"sqlite:///{tmp_path / 'gradebook.db'}")


def test_a_generated_class_of_3000_in_postgresql(tmp_path):
    from gamekit.grader import pgserver

    reason = pgserver.missing_reason()
    if reason:
        pytest.skip(reason)
    with pgserver.temporary_postgres() as db_url:
        check_generated_class(tmp_path, db_url)


def test_every_fixture_code_is_named_or_shown_with_its_message():
    """Each MISTAKES code of the fixtures has plain words, from a checker's catalogue or as a
    kind of failure; none is silently unnamed."""
    root = Path(__file__).resolve().parent.parent
    codes = {
        code
        for assignment in course.assignments(root)
        for case in course.load_cases(root, assignment)
        for code in case.mistakes.values()
    }
    assert codes
    unnamed = sorted(c for c in codes if plain_words(c) is None)
    assert unnamed == []


def one_assignment(name: str, mistakes: dict[str, dict[str, str]]):
    """An assignment of one 1-point cell ``test_x``; each student's mistake codes by cell (a
    cell with a code scores 0, else 1)."""
    from gamekit.report.data import AssignmentData, Cell, Result

    cells = [Cell(name, "test_x", 1.0, False)]
    results = {
        s: Result(s, "graded", True, {"test_x": 0.0 if m else 1.0}, dict(m))
        for s, m in mistakes.items()
    }
    return AssignmentData(name, cells, results, sorted(mistakes))


def test_the_same_mistake_on_two_assignments_is_found():
    """A misconception on two assignments is found; a cell left unanswered or stopped at its
    time limit on both is not a mistake made twice."""
    plan = {
        "ann": {"test_x": "timeout"},
        "bo": {"test_x": "unanswered"},
        "cy": {"test_x": "a02.strict_inequality"},
        "di": {"test_x": "timeout:cpu"},
    }
    first, second = one_assignment("a01", plan), one_assignment("a02", plan)
    assert stats.repeated_mistakes([first, second]) == {
        "cy": {"a02.strict_inequality": ["a01", "a02"]}
    }


# --------------------------------------------------------------------------------------------
# A cell stopped at its time limit is a fact about the run, never a misconception
# --------------------------------------------------------------------------------------------

TIMEOUT_CODES = ["timeout", "timeout:cpu", "timeout:wall"]


@pytest.mark.parametrize("code", TIMEOUT_CODES)
def test_a_timeout_is_never_a_misconception_nor_makes_a_question_hard(code):
    """Eight of ten students' cell stopped at its time limit (0 points: a mean of 20 %), the
    other two have full marks: no misconception row, and the question is not called hard."""
    from gamekit.report.pages import verdict

    plan = {f"s{i}": ({"test_x": code} if i < 8 else {}) for i in range(10)}
    data = one_assignment("a05", plan)
    assert stats.misconceptions(data) == []
    (row,) = stats.cell_stats(data)
    assert row.mean == pytest.approx(0.2)  # the figure itself is shown as it is
    assert (row.timeouts, row.in_time, row.mean_in_time) == (8, 2, 1.0)
    assert "hard" not in verdict(row)
    glance = stats.glance(data)
    assert (glance.timeouts, glance.timeout_submissions) == (8, 8)
    stopped = stats.who_needs_help(data, 0.5).stopped
    assert [r.student for r in stopped] == [f"s{i}" for i in range(8)]
    # With the same scores from a misconception instead, the question is hard.
    wrong = one_assignment(
        "a05", {s: {"test_x": "witness:search"} if m else {} for s, m in plan.items()}
    )
    assert "hard" in verdict(stats.cell_stats(wrong)[0])
    assert [m.code for m in stats.misconceptions(wrong)] == ["witness:search"]


def test_unanswered_cells_are_not_misconceptions():
    data = one_assignment("a05", {"ann": {"test_x": "unanswered"}, "bo": {}})
    assert stats.misconceptions(data) == []
    assert stats.cell_stats(data)[0].unanswered_share == pytest.approx(0.5)


@pytest.fixture(scope="module")
def stopped_class(tmp_path_factory) -> tuple[Path, str]:
    """Ten synthetic students: six stopped at the time limit on cell_c (one of them also has a
    named mistake), one with that named mistake only, three right everywhere."""
    folder = tmp_path_factory.mktemp("stopped-class")
    db_url = f"sqlite:///{folder / 'gradebook.db'}"
    plans = {f"st{i}": {"cell_c": TIMEOUT_CODES[i % 3]} for i in range(6)}
    plans["st0"]["cell_a"] = "a02.strict_inequality"
    plans["st6"] = {"cell_a": "a02.strict_inequality"}
    plans |= {f"st{i}": {} for i in (7, 8, 9)}
    write_class(db_url, plans)
    return folder, db_url


@pytest.mark.parametrize("anonymous", [False, True])
def test_the_page_counts_timeouts_apart(stopped_class, anonymous):
    folder, db_url = stopped_class
    out = folder / ("anonymous" if anonymous else "named")
    written = write_reports(folder, [synthetic.ASSIGNMENT], db_url, out, anonymous=anonymous)
    page = written.pages[synthetic.ASSIGNMENT].read_text()
    assert "data-count='stopped at a time limit'>6<" in page
    assert "data-timeouts='6'>6 cells in 6 submissions stopped at their time limit" in page
    assert "data-code='timeout" not in page  # no row of the misconceptions
    assert "data-code='a02.strict_inequality' data-students='2'" in page
    row = re.search(r"<tr data-cell='cell_c'>.*?</tr>", page, re.S)
    assert row and "data-timeouts='6'" in row.group(0) and "hard" not in row.group(0)
    stopped = page[page.index("<h3 id='stopped'>") :]
    if anonymous:
        assert "6 students" in stopped and "st1" not in page
    else:
        assert all(f">st{i}<" in stopped for i in range(6))
        assert "<code>cell_c</code>" in stopped
    index = written.index.read_text()
    assert "strict inequality (2 students)" in index and "timeout" not in index


def test_a_tie_for_the_most_common_mistake_is_shown(tmp_path):
    """Two mistakes made by two students each: the index names both, and says it is a tie."""
    db_url = f"sqlite:///{tmp_path / 'gradebook.db'}"
    write_class(
        db_url,
        {
            "ann": {"cell_a": "a02.strict_inequality"},
            "bo": {"cell_a": "a02.strict_inequality"},
            "cy": {"cell_b": "a02.wrong_move"},
            "di": {"cell_b": "a02.wrong_move", "cell_c": "timeout"},
            "ed": {"cell_c": "timeout"},
            "flo": {"cell_c": "timeout"},
        },
    )
    written = write_reports(tmp_path, [synthetic.ASSIGNMENT], db_url)
    row = re.search(r"<tr data-assignment=.*?</tr>", written.index.read_text(), re.S)
    assert row
    assert "a tie of 2:" in row.group(0)
    assert "strict inequality (2 students)" in row.group(0)
    assert "wrong move (2 students)" in row.group(0)
    assert "timeout" not in row.group(0)  # three students, but not a mistake


def test_a_test_cell_stopped_by_a_refused_call_is_recorded_as_forbidden():
    """A test cell whose error is `EngineForbidden` (the student's code called one of the
    course's own answers) gets the code the report words as "calls gamekit's own engine",
    whichever assignment raised it; other errors keep their kind."""
    from gamekit.grader.job import mistake_code

    cell = {"metadata": {}}
    assert mistake_code(cell, {"ename": "EngineForbidden"}) == "forbidden"
    assert plain_words("forbidden") == (
        "calls gamekit's own engine or heuristic instead of the student's code"
    )
    assert mistake_code(cell, {"ename": "CellTimeoutError"}) == "timeout"
    assert mistake_code(cell, {"ename": "KeyError"}) == "error:KeyError"
    checker = {"metadata": {"gamekit": {"mistake": "a01.swap"}}}
    assert mistake_code(checker, {"ename": "GradingError"}) == "a01.swap"


def test_a_refusal_raised_in_the_kernel_is_kept_as_the_courses_own_sentence():
    """A refused call raised in the student's kernel reaches the grader as text only; the
    record keeps it as the course's sentence (so every page says it in its reader's
    language) when it is exactly that sentence with a real name, and never a forged one."""
    import nbformat

    from gamekit.checks.errors import forbidden_message
    from gamekit.grader.job import score_cells
    from gamekit.i18n import said_again, speaking

    def graded(evalue: str) -> dict:
        cell = nbformat.v4.new_code_cell("check()")
        cell.metadata["nbgrader"] = {"grade": True, "grade_id": "t1", "points": 2}
        error = {"output_type": "error", "ename": "EngineForbidden", "evalue": evalue}
        cell.outputs = [nbformat.from_dict({**error, "traceback": []})]
        (record,) = score_cells(nbformat.v4.new_notebook(cells=[cell]), "a05", {}, {0})
        return record

    record = graded(str(forbidden_message("mcts_search")))
    assert record["mistake"] == "forbidden" and record["score"] == 0.0
    with speaking("es"):
        assert said_again(record["said"], "?").startswith("mcts_search es la respuesta")
    forged = str(forbidden_message("mcts_search")).replace("mcts_search", "<b>x</b>")
    assert "said" not in graded(forged)
    assert "said" not in graded("mcts_search is the course's own answer: do call it")


def test_a_witness_that_raised_is_quoted_in_the_reports_language():
    """A smallest witness where the student's code raised (the evidence keeps the error's
    English text) is shown as the cell's message said again from its kept sentence: the
    input and the error in the report's language, not the evidence's English."""
    from gamekit.checks.errors import GradingError, forbidden_message
    from gamekit.checks.evidence import Probe, _called
    from gamekit.i18n import speaking
    from gamekit.report.data import _message_in_language
    from gamekit.report.pages import Names, witness_html

    def student(*args):
        raise GradingError(forbidden_message("ucb"))

    with pytest.raises(GradingError) as raised:
        _called("ucb1", student, Probe("Q = 0, N = 0", (0.0, 0, 1, 1.0)))
    error = raised.value
    cell = {"message": f"GradingError: {error}", "said": error.said}
    assert "raised" in error.evidence
    names = Names(anonymous=True)
    for language, says in [("pt_BR", "em Q = 0, N = 0: ucb é a resposta"), ("en", None)]:
        with speaking(language):
            message = _message_in_language(cell)
            example = stats.Example("s", "test_ucb1", "a05", error.evidence, message)
            shown = witness_html(example, names)
        if says:
            assert says in shown and "write it yourself" not in shown, shown
        else:
            assert html.escape(str(error)) in shown


def test_a_witness_input_kept_as_a_sentence_is_said_in_the_reports_language():
    """A witness's input that a checker wrote as a kept sentence (a board, a tree with its
    iterations) is recorded in English for grouping and as data beside it; the report shows
    it in its own language."""
    from gamekit.checks.evidence import Probe, Witness
    from gamekit.i18n import kept_sentence, speaking
    from gamekit.report.pages import Names, witness_html

    words = kept_sentence("the board {rows}", rows="X.. / .O. / ...")
    evidence = Witness("order_moves", Probe(words, ()), [4, 0], [0, 4]).to_dict()
    assert evidence["input"] == "the board X.. / .O. / ..."  # what reports group by
    example = stats.Example("s", "t", "a02", evidence, "GradingError: wrong order")
    names = Names(anonymous=True)
    for language, says in [("pt_BR", "no tabuleiro X.."), ("es", "en el tablero X.."),
                           ("en", "on the board X..")]:  # fmt: skip
        with speaking(language):
            shown = witness_html(example, names)
        assert says in shown, (language, shown)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("pt_BR", ["o que a turma errou", "Num relance", "Por questão", "Quem precisa de ajuda",
                   "discriminação", "Relatório da turma: todas as tarefas", ">0,3</td>"]),
        ("es", ["en qué se equivocó la clase", "De un vistazo", "Por pregunta",
                "Quién necesita ayuda", "discriminación", "Informe de la clase: todas las tareas",
                ">0,3</td>"]),
    ],
)  # fmt: skip
def test_the_report_speaks_the_instructors_language(small, tmp_path, lang, words):
    """The report's own words, its figures' labels and its numbers are in the instructor's
    language, set in nbgrader_config.py (the checkers' messages are quoted as written); the
    figures are the same."""
    from test_terminal import english_fragments

    folder, db_url = small
    (folder / "nbgrader_config.py").write_text(
        f"c = get_config()\nc.GamekitCourse.instructor_language = {lang!r}\n"
    )
    try:
        written = write_reports(folder, [synthetic.ASSIGNMENT], db_url, out=tmp_path / lang)
    finally:
        (folder / "nbgrader_config.py").unlink()
    english = write_reports(folder, [synthetic.ASSIGNMENT], db_url, out=tmp_path / "en")
    page = written.pages[synthetic.ASSIGNMENT].read_text()
    shown = page + written.index.read_text()
    assert f"<html lang='{lang.replace('_', '-')}'>" in page
    for text in words:
        assert text in shown, text
    visible = re.sub(r"<style>.*?</style>|<[^>]+>", " ", shown, flags=re.S)
    leaked = [part for part in english_fragments() if part in visible]
    assert not leaked, leaked
    same = [s.discrimination for s in stats.cell_stats(written.classes[0])]
    assert same == [s.discrimination for s in stats.cell_stats(english.classes[0])]
    assert "Who needs help" in english.pages[synthetic.ASSIGNMENT].read_text()
