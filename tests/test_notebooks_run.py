"""Every notebook runs top to bottom as a student's *Run All* does (not as the grader does).

- a lecture notebook: no error output (notebook 03 once stopped at its second cell, and nothing
  noticed: nothing ran the lecture notebooks);
- a release notebook, blank as handed out: no error output, and every exercise's check says ○
  ("not answered yet") instead of stopping the notebook;
- a source notebook, with its solutions: no error output and no ○, so every check passed and
  the cells that run only for students (plots, tours, experiments) work too.

nbgrader's validator (tests/test_pipeline.py) runs the notebooks the way the grader does, with
``NBGRADER_EXECUTION`` set, which skips those student-only cells.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
RELEASED = sorted((ROOT / "release").glob("*/*.ipynb"))
SOURCES = sorted((ROOT / "source").glob("*/*.ipynb"))


def errors_of(notebook: nbformat.NotebookNode) -> list[str]:
    """One line per error output: the cell's number, the exception and its message."""
    found = []
    for number, cell in enumerate(notebook.cells, start=1):
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                found.append(f"cell {number}: {output.get('ename')}: {output.get('evalue')}")
    return found


def test_there_are_lecture_notebooks():
    assert len(NOTEBOOKS) >= 3, NOTEBOOKS


def run_as_a_student(path: Path, folder: Path) -> nbformat.NotebookNode:
    """``path`` run top to bottom in a fresh kernel, in a copy in ``folder``, outside grading."""
    copy = folder / path.name  # run a copy: the repository's notebook keeps no outputs
    shutil.copy(path, copy)
    notebook = nbformat.read(copy, as_version=4)
    env = {k: v for k, v in os.environ.items() if k != "NBGRADER_EXECUTION"}
    client = NotebookClient(
        notebook,
        timeout=300,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(folder)}},
    )
    client.execute(env={**env, "MPLBACKEND": "Agg"})
    return notebook


def printed(notebook: nbformat.NotebookNode) -> str:
    return "".join(
        str(output.get("text", ""))
        for cell in notebook.cells
        for output in cell.get("outputs", [])
        if output.get("output_type") == "stream"
    )


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_lecture_notebook_runs_without_errors(path: Path, tmp_path: Path):
    notebook = run_as_a_student(path, tmp_path)
    assert errors_of(notebook) == []
    assert any(cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code")


@pytest.mark.slow
@pytest.mark.parametrize("path", RELEASED, ids=[p.stem for p in RELEASED])
def test_blank_release_notebook_runs_to_the_end_with_circles(path: Path, tmp_path: Path):
    notebook = run_as_a_student(path, tmp_path)
    assert errors_of(notebook) == []
    assert "○" in printed(notebook)  # the unanswered exercises say so, calmly


@pytest.mark.slow
@pytest.mark.parametrize("path", SOURCES, ids=[p.stem for p in SOURCES])
def test_source_notebook_runs_with_every_check_passing(path: Path, tmp_path: Path):
    notebook = run_as_a_student(path, tmp_path)
    assert errors_of(notebook) == []
    text = printed(notebook)
    assert "○" not in text and "✓" in text
