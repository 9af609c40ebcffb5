"""The feedback page's rows and cells, in-process: each graded cell named by its part and
exercise in words (from the release notebook), a long message said once, tracebacks cut to the
student's own cells, no path of the grading machine, a witness's board drawn, plain words for a
refused call. tests/test_feedback_browser.py checks the same on pages of graded fixtures."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from gamekit.grader.feedback_page import (
    CellScore,
    PageInfo,
    exercise_titles,
    explanation,
    render_notebook_page,
    student_traceback,
    without_paths,
    witness_html,
)

ROOT = Path(__file__).resolve().parents[1]
MACHINE = ("/work/", "/tmp/", "site-packages", ".venv", str(ROOT))


def release(assignment: str) -> list[dict]:
    folder = ROOT / "release" / assignment
    return json.loads((folder / f"{assignment}.ipynb").read_text())["cells"]


@pytest.mark.parametrize(
    "assignment",
    [
        "a01_minimax",
        "a02_alphabeta",
        "a03_connect_four",
        "a04_hex_heuristics",
        "a05_mcts",
        "a06_negamax_quarto",
    ],
)
def test_every_graded_cell_of_every_release_is_named_in_words(assignment):
    cells = release(assignment)
    graded = [
        c["metadata"]["nbgrader"]["grade_id"]
        for c in cells
        if c["metadata"].get("nbgrader", {}).get("grade")
    ]
    titles = exercise_titles(cells)
    assert sorted(titles) == sorted(graded)
    for grade_id, (part, exercise) in titles.items():
        assert part.startswith("Part "), (grade_id, part)
        assert exercise and not re.search(r"\btest_|_answer\b", exercise), (grade_id, exercise)
        assert re.search(r"\d+ points?\b|\(\d", exercise), (grade_id, exercise)  # its points


@pytest.mark.parametrize("language", ["pt_BR", "es"])
@pytest.mark.parametrize(
    "assignment", sorted(p.name for p in (ROOT / "source").iterdir() if p.is_dir())
)
def test_a_translated_release_names_every_graded_cell_in_its_language(assignment, language):
    """A page in Portuguese or Spanish names each graded cell from the release the student was
    handed (release/<lang>/): the same cells, each with its translated part and exercise (a
    heading, a written question's lead, or a check cell's words from the catalogue), never
    the English one."""
    from gamekit.i18n import speaking

    english = exercise_titles(release(assignment))
    translated_file = ROOT / "release" / language / assignment / f"{assignment}.ipynb"
    with speaking(language):
        translated = exercise_titles(json.loads(translated_file.read_text())["cells"])
    assert sorted(translated) == sorted(english)
    from gamekit.grader.feedback_page.cells import _check_words

    checks_say = {
        _check_words("".join(c["source"])) for c in release(assignment) if c["cell_type"] == "code"
    }
    for grade_id, (part, exercise) in translated.items():
        assert part and part != english[grade_id][0], (grade_id, part)
        assert exercise and exercise != english[grade_id][1], (grade_id, exercise)
        said_in_english = [w for w in checks_say if w and exercise.startswith(w)]
        assert said_in_english == [], (grade_id, exercise)


def test_a03_rows_say_what_each_check_checks():
    titles = exercise_titles(release("a03_connect_four"))
    assert titles["test_actions_small"] == (
        "Part 1: Connect Four's moves (5 points)",
        "Checks ConnectFour.actions on 4 x 4 boards (k = 3) (2 points)",
    )
    assert titles["expectimax_answer"][1] == "Question (2 points, graded by hand)"
    assert (
        exercise_titles(release("a01_minimax"))["test_vocabulary"][1] == "Exercise 1.1 (3 points)"
    )


TRACEBACK = [
    "\x1b[0;31m---------------------------------------------------------------------------\x1b[0m",
    "\x1b[0;31mIllegalMoveError\x1b[0m                          Traceback (most recent call last)",
    "Cell \x1b[0;32mIn[7], line 6\x1b[0m\n\x1b[1;32m      4\x1b[0m small = ConnectFour(h=4)\n"
    "\x1b[0;32m----> 6\x1b[0m example = small.replay([(4, 2)])",
    "File \x1b[0;32m/work/main/gamekit/games.py:210\x1b[0m, in \x1b[0;36mGame.replay\x1b[0m\n"
    "\x1b[0;32m--> 210\x1b[0m state = self.result(state, move)",
    "File \x1b[0;32m/tmp/ipykernel_4242/1234.py:9\x1b[0m, in \x1b[0;36mConnectFour.actions\x1b[0m\n"
    "\x1b[0;32m----> 9\x1b[0m return [(1, c) for c in cols]",
    "File \x1b[0;32m/work/main/.venv/lib/python3.11/site-packages/x.py:3\x1b[0m, in f\n",
    "\x1b[0;31mIllegalMoveError\x1b[0m: (4, 2) is not a legal move in /work/main/x",
]


def test_a_crash_in_a_visible_check_shows_only_the_students_cells():
    output = {
        "output_type": "error",
        "ename": "IllegalMoveError",
        "evalue": "(4, 2) is not a legal move in /work/main/x",
        "traceback": TRACEBACK,
    }
    shown = student_traceback(output, {7: 8})
    assert "Cell 8, line 6" in shown  # IPython's In[7] is the page's cell 8
    assert "A cell of your notebook, line 9" in shown and "return [(1, c)" in shown
    assert "games.py" not in shown and "Game.replay" not in shown and "x.py" not in shown
    assert "2 steps in the course's or Python's code not shown" in shown
    assert shown.rstrip().endswith("IllegalMoveError: (4, 2) is not a legal move in …/x")
    assert not any(m in shown for m in MACHINE), shown
    assert "\x1b" not in shown


def test_paths_of_the_grading_machine_are_never_shown_but_boards_and_fractions_are():
    words = "see /work/main/gamekit/games.py and /tmp/ipykernel_1/2.py: Q/N, 1/2, .X.. / ..O."
    assert without_paths(words) == "see …/games.py and …/2.py: Q/N, 1/2, .X.. / ..O."
    assert without_paths("https://example.org/a/b") == "https://example.org/a/b"


def test_a_refused_call_is_said_in_plain_words():
    score = CellScore(
        "t", 3, 0, message="EngineForbidden: negamax is the course's own answer: write it"
    )
    assert explanation(score) == "Not allowed: negamax is the course's own answer: write it"
    note = "cell 8 raised EngineForbidden: reference_order, in /work/main/gamekit/checks/a06.py"
    info = PageInfo("a06", "a06.ipynb", "ada", notes=[note])
    page = render_notebook_page(new_notebook(cells=[]), info, {})
    assert "cell 8 raised Not allowed: reference_order, in …/a06.py" in page
    assert "EngineForbidden" not in page and "/work/" not in page


def graded(grade_id: str, message: str, points: int = 2) -> object:
    cell = new_code_cell(
        f"# Checks {grade_id}.\n### BEGIN HIDDEN TESTS\nsecret()\n### END HIDDEN TESTS",
        outputs=[new_output("error", ename="GradingError", evalue=message, traceback=["x"])],
    )
    cell.metadata["nbgrader"] = {
        "grade": True, "solution": False, "locked": True, "grade_id": grade_id, "points": points,
    }  # fmt: skip
    return cell


LONG = (
    "actions on the probe board .... / .... / .... / .... (4 x 4, k = 3, rows from the top; X "
    "to move) returned [(1, 1), (1, 2), (1, 3), (1, 4)], but the legal moves are [(4, 1), (4, 2), "
    "(4, 3), (4, 4)] (in any order)"
)
EVIDENCE = {
    "step": "actions",
    "input": "the probe board .... / .... / .... / .X.. (4 x 4, k = 3, rows from the top; "
    "O to move)",
    "got": "[(1, 1), (1, 2), (1, 3), (1, 4)]",
    "expected": "[(3, 2), (4, 1), (4, 3), (4, 4)]",
}


def test_a_long_message_is_said_once_and_the_next_cell_points_to_it():
    notebook = new_notebook(
        cells=[
            new_markdown_cell("## Part 1: moves (5 points)"),
            graded("test_a", LONG),
            graded("test_b", LONG, 3),
        ]
    )
    scores = {
        "test_a": CellScore("test_a", 2, 0, message=f"GradingError: {LONG}", evidence=EVIDENCE),
        "test_b": CellScore("test_b", 3, 0, message=f"GradingError: {LONG}", evidence=EVIDENCE),
    }
    page = render_notebook_page(notebook, PageInfo("a03", "a03.ipynb", "ada"), scores)
    assert page.count("the legal moves are [(4, 1)") == 2  # the table's row and cell 2's box
    assert page.count('the same as <a href="#cell-2">cell 2</a>') == 2  # row and cell 3's box
    assert "Checks test_a (2 points)" in page and "Part 1: moves (5 points)" in page
    assert "(test_a)" not in page and "secret" not in page
    assert page.count('<svg class="board"') == 1  # the witness, drawn once


def test_a_witness_board_is_drawn_from_the_checkers_evidence():
    drawn = str(witness_html(EVIDENCE))
    assert drawn.count('class="hole"') == 15 and drawn.count('class="x"') == 1
    assert drawn.count('class="right"') == 4 and drawn.count('class="given"') == 4
    assert "Ringed: the legal moves, (3,2), (4,1), (4,3), (4,4)." in drawn
    assert "Crossed: your answer, (1,1), (1,2), (1,3), (1,4)." in drawn
    quarto = {
        "input": "the position .... DRSH LRTO DSTH / LSTH .... DSTO DRSO / LSSO DRTO DSSH LRTH "
        "/ LRSH LSSH DRTH LSTO (DSSO to place; 2 empty cells), window (-inf, inf)"
    }
    drawn = str(witness_html(quarto))  # pieces as earlier versions named them
    assert drawn.count('class="spot"') == 2 and "The piece to place: DSSO." in drawn
    now = {
        "input": "on the position DQSH LQTF .... LQTH / LRSH DRSF .... DQSF / DQTF LRSF .... "
        "DRSH / DRTF DRTH LRTH LQSH (LRTF to place; 3 empty cells), window (-inf, inf)"
    }
    drawn = str(witness_html(now))  # and as they are named now (Q: square, F: solid)
    assert drawn.count('class="spot"') == 3 and drawn.count('class="hole-in"') == 7
    assert drawn.count('<rect class="dark"') + drawn.count('<rect class="light"') == 6
    assert ">a</text>" in drawn and ">4</text>" in drawn
    # Anything that is not a board the page can read draws nothing.
    for evidence in (None, {"input": "<svg onload=x>"}, {"input": "XX / X (2 x 2, k = 3"}):
        assert str(witness_html(evidence)) == ""
    odd = dict(EVIDENCE, got="__import__('os').system('x')", expected="[(9, 9)]")
    drawn = str(witness_html(odd))
    assert "given" not in drawn and "right" not in drawn and "Ringed" not in drawn
