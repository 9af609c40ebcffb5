"""Reading a submitted notebook: its cells, with their nbgrader metadata, and whether it is
one at all."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamekit.grader.lint.report import ERROR, Finding, _describe
from gamekit.grader.nbfile import NotebookError, decode_json
from gamekit.i18n import Said, kept_sentence

# --------------------------------------------------------------------------------------------
# Notebooks: reading and cells
# --------------------------------------------------------------------------------------------


@dataclass
class _Cell:
    """One notebook cell, read defensively (every field has a usable type)."""

    index: int
    cell_type: str
    source: str
    meta: dict[str, Any]  # the nbgrader metadata ({} if none)
    grade_id: str  # "" if none

    @property
    def locked(self) -> bool:
        return bool(self.meta.get("locked"))

    @property
    def solution(self) -> bool:
        return bool(self.meta.get("solution"))

    @property
    def graded(self) -> bool:
        return bool(self.meta.get("grade"))

    @property
    def nbgrader(self) -> bool:
        """nbgrader treats it as its own (it dedupes, restores or grades such cells)."""
        return bool(self.grade_id) and (self.locked or self.solution or self.graded)


def _text(source: Any) -> str:
    if isinstance(source, str):
        return source
    if isinstance(source, list):
        return "".join(part for part in source if isinstance(part, str))
    return ""


def _cells(nb: dict[str, Any]) -> list[_Cell]:
    cells = nb.get("cells")
    out = []
    for index, cell in enumerate(cells if isinstance(cells, list) else []):
        if not isinstance(cell, dict):
            continue
        metadata = cell.get("metadata")
        meta = metadata.get("nbgrader") if isinstance(metadata, dict) else None
        meta = meta if isinstance(meta, dict) else {}
        grade_id = meta.get("grade_id")
        out.append(
            _Cell(
                index=index,
                cell_type=str(cell.get("cell_type", "")),
                source=_text(cell.get("source")),
                meta=meta,
                grade_id=grade_id if isinstance(grade_id, str) else "",
            )
        )
    return out


def _locked_ids(cells: list[_Cell]) -> set[str]:
    return {c.grade_id for c in cells if c.locked and c.grade_id}


def _squeeze(text: str) -> str:
    """The text without any whitespace: whitespace-only edits compare equal."""
    return "".join(text.split())


@dataclass
class _Submitted:
    """A submitted .ipynb file: its notebook, or why it could not be read."""

    rel: str
    path: Path
    nb: dict[str, Any] | None = None
    problem: Finding | None = None  # kind, message and severity when nb is None
    cells: list[_Cell] = field(default_factory=list)


def _read_notebook(path: Path, rel: str, max_bytes: int) -> _Submitted:
    found = _Submitted(rel, path)

    def fail(kind: str, message: str) -> _Submitted:
        found.problem = Finding(kind, "", "", message, ERROR, file=rel)
        return found

    try:
        size = path.stat().st_size
        if size > max_bytes:
            return fail("oversized", _oversized(rel, size, max_bytes))
        raw = path.read_bytes()
    except OSError as error:
        return fail(
            "unreadable",
            kept_sentence("{file} cannot be read: {error}", file=rel, error=_describe(error)),
        )
    try:
        nb = decode_json(raw)  # the grader's own reader: a BOM, any v4 writer (nbfile)
    except NotebookError as error:
        said = error.args[0]
        if error.kind == "not-a-notebook" and isinstance(said, Said) and "what" in said.values:
            holds = "{file} is JSON but not a notebook (it holds {what})"
            return fail(error.kind, kept_sentence(holds, file=rel, what=said.values["what"]))
        return fail(
            error.kind,
            kept_sentence(
                "{file} is not a notebook: {error}",
                file=rel,
                error=said if isinstance(said, Said) else str(error),
            ),
        )
    found.nb = nb
    found.cells = _cells(nb)
    return found


def _oversized(rel: str, size: int, max_bytes: int) -> Said:
    """The finding of a file over the size a submission's file may have."""
    return kept_sentence(
        "{file} is {size} bytes, over the {limit} allowed",
        file=rel,
        size=format(size, ","),
        limit=format(max_bytes, ","),
    )


def _schema_problems(nb: dict[str, Any]) -> list[str]:
    """What nbformat's schema says is wrong with ``nb`` (empty when it is a valid notebook)."""
    from nbformat import validator

    major = nb.get("nbformat")
    if major != 4:
        return [
            kept_sentence(
                "nbformat version {version} (the course's notebooks are version 4)",
                version=repr(major),
            )
        ]
    minor = nb.get("nbformat_minor")
    minor = minor if isinstance(minor, int) and 0 <= minor <= 5 else None
    problems = []
    for error in validator.iter_validate(nb, version=4, version_minor=minor):
        place = "/".join(str(p) for p in error.absolute_path) or kept_sentence("the top level")
        problems.append(kept_sentence("{place}: {error}", place=place, error=error.message[:120]))
    return problems


def handed_out(cell: _Cell, notebook: str) -> set[str]:
    """A release cell's source as it was handed out in each of the course's languages
    (``release/<lang>/`` translates a locked markdown cell, and the comments of an ungraded
    code cell), squeezed: a student's copy of any of them is the release's cell."""
    from gamekit.notebook_translation import in_every_language

    raw = {"cell_type": cell.cell_type, "metadata": {"nbgrader": cell.meta}, "source": cell.source}
    return {_squeeze(source) for source in in_every_language(raw, notebook)}
