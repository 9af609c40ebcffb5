"""The student's feedback page (gamekit.grader.feedback_page): what it says and what it never
shows. The pipeline tests (test_pipeline, test_driver, test_hub) write pages for real
submissions; these tests pin the page's own rules on small notebooks."""

from __future__ import annotations

import re

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from gamekit.grader.feedback_page import (
    UNANSWERED,
    UNANSWERED_HERE,
    CellScore,
    PageInfo,
    cell_titles,
    explanation,
    markdown_html,
    math_svg,
    render_notebook_page,
    render_status_page,
)
from gamekit.i18n import speaking


def graded(cell, grade_id: str, *, solution: bool = False, points: float = 0) -> object:
    cell.metadata["nbgrader"] = {
        "grade": not solution or points > 0,
        "solution": solution,
        "locked": not solution,
        "grade_id": grade_id,
        "points": points,
    }
    return cell


def small_notebook() -> nbformat.NotebookNode:
    """Two parts: a written exercise, and a code exercise with a hidden test that failed."""
    return new_notebook(
        cells=[
            new_markdown_cell("# Assignment\n\n## Part 1: pruning\n\n### Exercise 1.1 (2 points)"),
            graded(new_code_cell("def f():\n    return 1\n"), "f_code", solution=True),
            graded(
                new_code_cell(
                    "### BEGIN HIDDEN TESTS\nassert secret_case() == 42\n### END HIDDEN TESTS",
                    outputs=[
                        new_output("stream", name="stdout", text="✓ f returns a number\n"),
                        new_output(
                            "error",
                            ename="GradingError",
                            evalue="f: returns 1 where the definition gives 2",
                            traceback=["File checker.py line 9", "GradingError: f: ..."],
                        ),
                    ],
                ),
                "test_f",
                points=2,
            ),
            new_code_cell(
                "with if_answered('Exercise 1.1'):\n    draw(f())",
                outputs=[
                    new_output(
                        "error",
                        ename="NotImplementedError",
                        evalue="",
                        traceback=["----", "NotImplementedError   Traceback (most recent call)"],
                    )
                ],
            ),
            new_markdown_cell("## Part 2: a student's own notes <script>alert(1)</script>"),
            new_code_cell(
                "1 / 0",
                outputs=[
                    new_output(
                        "error",
                        ename="ZeroDivisionError",
                        evalue="division by zero",
                        traceback=["\x1b[31mZeroDivisionError\x1b[0m: division by zero"],
                    )
                ],
            ),
        ]
    )


def test_explanation_says_what_the_grader_found_in_plain_words():
    lost = CellScore("t", 2, 0, message="GradingError: f: returns 1 where the definition gives 2")
    assert explanation(lost) == "f: returns 1 where the definition gives 2"
    own = CellScore("t", 2, 0, message="IndexError: list index out of range")
    shown = "<code>IndexError: list index out of range</code>"  # the error's own text, as code
    assert explanation(own) == f"the cell stopped with an error: {shown}"
    with speaking("pt_BR"):
        assert explanation(own) == f"a célula parou com um erro: {shown}"
    hostile = CellScore("t", 2, 0, message="ValueError: <script>x</script>")
    assert "<script>" not in explanation(hostile)
    blank = CellScore("t", 2, 0, message="NotImplementedError: ")
    assert explanation(blank) == UNANSWERED
    assert explanation(CellScore("t", 2, 2)) == "✓ all checks passed"
    assert explanation(CellScore("w", 2, None, manual=True)) == "to be graded by hand"
    unanswered = CellScore("w", 2, 0, manual=True, message="no answer")
    assert explanation(unanswered) == "○ not answered yet"
    commented = CellScore("w", 2, 1.5, manual=True, comment="Good, but say why.")
    assert explanation(commented) == "Good, but say why."


def test_formulas_are_drawn_at_generation_time_and_raw_html_is_escaped():
    picture = math_svg(r"c \sqrt{\frac{\ln N}{n}}")
    assert picture is not None and picture.startswith('<img class="math"')
    assert "data:image/svg+xml;base64," in picture
    page = markdown_html("UCB1 adds $c \\sqrt{2}$ and\n\n$$Q / N$$\n\n<script>x</script>")
    assert "$" not in page and page.count('class="math"') == 2
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert "mathjax" not in page.lower()


def test_titles_are_the_part_and_the_exercise_above_each_cell():
    titles = cell_titles(small_notebook().cells)
    assert titles[2] == ("Part 1: pruning", "Exercise 1.1 (2 points)")
    assert titles[5][0].startswith("Part 2")


def test_a_graded_notebook_page_shows_scores_explanations_and_never_hidden_code():
    info = PageInfo("a02_alphabeta", "a02_alphabeta.ipynb", "ada", notes=["renamed: x"])
    scores = {
        "test_f": CellScore(
            "test_f", 2, 0, message="GradingError: f: returns 1 where the definition gives 2"
        )
    }
    page = render_notebook_page(small_notebook(), info, scores)
    assert "Score: 0 / 2" in page
    assert 'data-grade-id="test_f" data-score="0"' in page
    assert "f: returns 1 where the definition gives 2" in page
    assert "GradingError" not in page and "checker.py" not in page  # no checker traceback
    assert "secret_case" not in page and "HIDDEN" not in page  # a test cell's code: never
    assert "✓ f returns a number" in page  # what the check printed is shown
    assert 'id="cell-3"' in page and "Cell 3 · check" in page
    assert "Part 1: pruning" in page and "Exercise 1.1 (2 points)" in page
    assert "<script>" not in page  # the student's markdown is escaped
    assert "ZeroDivisionError: division by zero" in page  # the student's own error, kept
    assert "Traceback" not in page  # a check-it cell of an unanswered exercise says ○ instead
    assert UNANSWERED_HERE in page
    assert "\x1b[" not in page  # without terminal colours
    assert "renamed: x" in page
    # The explanation comes before anything else in its cell's box.
    box = page[page.index('id="cell-3"') :]
    assert box.index("f: returns 1") < box.index("✓ f returns a number")


def test_pending_hand_grades_are_said_as_such():
    info = PageInfo("a02_alphabeta", "a02_alphabeta.ipynb", "ada")
    scores = {
        "test_f": CellScore("test_f", 2, 2),
        "f_code": CellScore("f_code", 3, None, manual=True),
    }
    page = render_notebook_page(small_notebook(), info, scores)
    assert "Score: 2 / 5 (3 of these points still to be graded by hand)" in page
    assert 'data-grade-id="f_code" data-score=""' in page


def test_status_pages_for_a_failed_and_a_missing_submission():
    failed = PageInfo(
        "a02_alphabeta",
        "a02_alphabeta.ipynb",
        "bo",
        status="failed",
        reasons=["a02_alphabeta.ipynb could not be read (its JSON is broken at line 1)"],
        notes=["its JSON is broken at line 1", "a02_alphabeta.ipynb: a note worth reading"],
    )
    page = render_status_page(failed, out_of=12)
    text = re.sub(r"<[^>]+>", " ", page)
    assert "could not be graded" in text and "broken at line 1" in text
    assert "Score: 0 / 12" in text
    assert text.count("its JSON is broken at line 1") == 1  # a note the reason says is not repeated
    assert "a note worth reading" in text
    missing = render_status_page(PageInfo("a02_alphabeta", "a02_alphabeta.ipynb", "cy", "missing"))
    assert "Not submitted" in missing and "not a score of 0" in missing and "Score:" not in missing


def test_the_explanation_is_the_graded_cells_whole_message_not_the_records_cut():
    long = "GradingError: f: " + "why, " * 150 + "and MIN never cuts off."
    notebook = small_notebook()
    notebook.cells[2].outputs[1]["evalue"] = long.removeprefix("GradingError: ")
    info = PageInfo("a02_alphabeta", "a02_alphabeta.ipynb", "ada")
    scores = {"test_f": CellScore("test_f", 2, 0, message=long[:500])}  # as the record keeps it
    page = render_notebook_page(notebook, info, scores)
    assert "and MIN never cuts off." in page
