"""Writing feedback is bounded per page (gamekit.grader.feedback_bounds): a notebook of 150,000
formulas gets a page of bounded size within its limits, a page that reaches a limit is the short
page that says so, and the other students' pages are written all the same. Run through
``course.feedback_all``, the function ``make feedback`` calls, on a small course of its own."""

from __future__ import annotations

import re
import time
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from gamekit import course
from gamekit.grader import feedback_bounds
from gamekit.grader.feedback_bounds import PageTask, write_page
from gamekit.grader.feedback_page import FORMULAS, CellScore, PageInfo
from gamekit.grader.ledger import _write_ledger

ASSIGNMENT = "a01_bounded"
NOTEBOOK = f"{ASSIGNMENT}.ipynb"
FORMULA_COUNT = 150_000


def answer_and_check(text: str) -> list:
    """A graded answer cell and its check, the check failed with an explanation."""
    answer = new_code_cell("def f():\n    return 1\n")
    answer.metadata["nbgrader"] = {
        "grade": False, "solution": True, "locked": False, "grade_id": "f_code", "points": 0,
    }  # fmt: skip
    check = new_code_cell(
        "assert f() == 2",
        outputs=[new_output("error", ename="GradingError", evalue=text, traceback=[text])],
    )
    check.metadata["nbgrader"] = {
        "grade": True, "solution": False, "locked": True, "grade_id": "test_f", "points": 2,
    }  # fmt: skip
    return [answer, check]


def formulas(count: int) -> str:
    return " ".join(f"${'abcdefghij'[i % 10]}_{{{i}}}$" for i in range(count))


def build_course(root: Path, notebooks: dict[str, nbformat.NotebookNode]) -> str:
    """A course with one assignment, a graded notebook per student and the ledger's records."""
    release = new_notebook(cells=[new_markdown_cell("# Bounded"), *answer_and_check("")])
    for folder in ("source", "release"):
        (root / folder / ASSIGNMENT).mkdir(parents=True)
        nbformat.write(release, root / folder / ASSIGNMENT / NOTEBOOK)
    db_url = f"sqlite:///{root / 'gradebook.db'}"
    for student, notebook in notebooks.items():
        graded = root / "autograded" / student / ASSIGNMENT
        graded.mkdir(parents=True)
        nbformat.write(notebook, graded / NOTEBOOK)
        record = {
            "student": student,
            "assignment": ASSIGNMENT,
            "status": "graded",
            "reasons": [],
            "notes": [],
            "flags": [],
            "cells": [
                {
                    "notebook": NOTEBOOK,
                    "grade_id": "test_f",
                    "score": 0.0,
                    "max_score": 2.0,
                    "message": "GradingError: f returns 1 where the definition gives 2",
                }
            ],
        }
        _write_ledger(db_url, record, "0" * 64)
    return db_url


def graded_notebook(markdown: str) -> nbformat.NotebookNode:
    return new_notebook(
        cells=[
            new_markdown_cell("# Bounded\n\n" + markdown),
            *answer_and_check("f returns 1 where the definition gives 2"),
        ]
    )


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> dict:
    root = tmp_path_factory.mktemp("bounded") / "course"
    build_course(
        root,
        {
            "ada": graded_notebook("UCB1 is $\\frac{Q}{N} + c \\sqrt{\\ln N / n}$."),
            "bo": graded_notebook(formulas(FORMULA_COUNT)),
            "cy": graded_notebook("The last student, after the big one."),
        },
    )
    said: list[str] = []
    started = time.monotonic()
    code = course.feedback_all(root, log=said.append)
    return {"root": root, "said": said, "code": code, "seconds": time.monotonic() - started}


def page_of(root: Path, student: str) -> str:
    return (root / "feedback" / student / ASSIGNMENT / f"{ASSIGNMENT}.html").read_text()


def test_150000_formulas_make_a_bounded_page_and_everyone_gets_theirs(written):
    root = written["root"]
    assert written["code"] == 0, written["said"]
    assert "3 page(s) for 3 student(s)" in written["said"][0]
    big = page_of(root, "bo")
    size = len(big.encode())
    print(f"150,000 formulas: page {size / 2**20:.1f} MiB, feedback_all {written['seconds']:.1f} s")
    assert size <= feedback_bounds.PAGE_BYTES
    assert written["seconds"] < 3 * feedback_bounds.PAGE_SECONDS  # three pages, each bounded
    assert "Score: 0 / 2" in big
    if "This page is short" not in big:  # written in full: formulas capped, the rest as TeX
        assert big.count('class="math"') == FORMULAS
        assert f"{FORMULA_COUNT - FORMULAS:,} more are shown as their TeX source" in big
        assert " $j_{149999}$" in big and '<code class="tex">$j_' not in big
    for student in ("ada", "cy"):
        page = page_of(root, student)
        assert "f returns 1 where the definition gives 2" in page
        assert "This page is short" not in page
    assert page_of(root, "ada").count('class="math"') == 1
    assert "after the big one" in page_of(root, "cy")
    assert not list((root / "feedback").rglob("*.part"))


def short_task(tmp_path: Path, markdown: str) -> PageTask:
    graded = tmp_path / "graded.ipynb"
    nbformat.write(graded_notebook(markdown), graded)
    info = PageInfo(ASSIGNMENT, NOTEBOOK, "dee")
    scores = {"test_f": CellScore("test_f", 2, 0, message="GradingError: f returns 1")}
    return PageTask(tmp_path / "out" / "page.html", info, scores, graded)


def test_a_page_over_its_time_is_the_short_page_that_says_so(tmp_path):
    task = short_task(tmp_path, formulas(20_000))
    started = time.monotonic()
    outcome = write_page(task, seconds=0.5)
    assert time.monotonic() - started < 10
    assert outcome.short == "writing it took over 0.5 s" and not outcome.error
    page = task.target.read_text()
    assert "This page is short" in page and "took over 0.5 s" in page
    assert "Score: 0 / 2" in page and "f returns 1" in page and 'data-grade-id="test_f"' in page
    assert "$a_{0}$" not in page  # the notebook itself is not shown
    assert not task.target.with_name("page.html.part").exists()


def test_a_page_over_its_cpu_or_memory_is_the_short_page(tmp_path, monkeypatch):
    def spin(task):  # a page that needs more than its CPU time on any machine, however fast
        while True:
            pass

    def hoard(task):  # a page that needs 512 MB at once: new address space, whatever the
        return str(len(bytearray(512 * 2**20)))  # writer's heap already holds (a long run)

    with monkeypatch.context() as patched:
        patched.setattr(feedback_bounds, "render", spin)  # the forked child draws with it
        outcome = write_page(short_task(tmp_path, formulas(20)), cpu_seconds=1)
    assert outcome.short == "writing it took over 1 s of CPU time", outcome
    with monkeypatch.context() as patched:
        patched.setattr(feedback_bounds, "render", hoard)
        outcome = write_page(short_task(tmp_path, formulas(20)), memory_bytes=20 * 2**20)
    assert "MB of memory" in outcome.short, outcome
    assert "needed more than 20 MB" in outcome.target.read_text()
    assert write_page(short_task(tmp_path, "a few words"), memory_bytes=20 * 2**20).short == ""


def test_a_page_too_large_is_not_written(tmp_path, monkeypatch):
    monkeypatch.setattr(feedback_bounds, "PAGE_BYTES", 50_000)
    task = short_task(tmp_path, "many words " * 20_000)
    outcome = write_page(task)
    assert re.fullmatch(r"it would be 0\.\d MB, over the 0\.\d+ MB a page may be", outcome.short)
    assert len(task.target.read_bytes()) < 50_000


def test_an_error_drawing_a_page_is_reported_and_the_short_page_written(tmp_path):
    task = short_task(tmp_path, "fine")
    task.graded.write_text("{ this is not JSON")
    outcome = write_page(task)
    assert outcome.short == "it could not be drawn" and outcome.error
    assert "This page is short" in task.target.read_text()
