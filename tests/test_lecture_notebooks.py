"""Every lecture notebook runs top to bottom without an error, as a student's Run All does.

Nothing else runs them: a lecture notebook that calls gamekit with an old signature would
otherwise stop at its first cell in class (notebook 03 did, with an AttributeError).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


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


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_lecture_notebook_runs_without_errors(path: Path, tmp_path: Path, monkeypatch):
    copy = tmp_path / path.name  # run a copy: the repository's notebook keeps no outputs
    shutil.copy(path, copy)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    notebook = nbformat.read(copy, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=300,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(tmp_path)}},
    )
    client.execute(env={**os.environ, "MPLBACKEND": "Agg"})
    assert errors_of(notebook) == []
    assert any(cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code")
