"""What an nbgrader cell is: shared by the trusted runner, the course tools and the mutation
harness, which all tell a graded test cell from the cells a student writes."""

from __future__ import annotations

from typing import Any


def nbgrader_meta(cell: Any) -> dict:
    """The cell's nbgrader metadata ({} for a cell nbgrader does not know)."""
    return cell.get("metadata", {}).get("nbgrader", {}) or {}


def source_of(cell: Any) -> str:
    """The cell's source as one string (a notebook may store it as a list of lines)."""
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def is_test_cell(cell: Any) -> bool:
    """A graded code cell the student cannot edit: a test, judged by the grader."""
    meta = nbgrader_meta(cell)
    return cell.get("cell_type") == "code" and bool(meta.get("grade")) and not meta.get("solution")
