"""Reading a submitted notebook file as every real writer saves it.

Jupyter, nbformat, VS Code and Colab all write version-4 notebooks, but not alike: a cell's
source is a list of lines (Jupyter, nbformat) or one string (some tools), minor versions run
from 4.0 to 4.5 (cell ids from 4.5 on), Windows editors add a byte-order mark or CRLF line
ends. The grader must read each of them as the same notebook. `parse_notebook` is the one
place that turns a file's bytes into an ``nbformat.NotebookNode`` with string sources; it
raises `NotebookError` with a sentence a student can act on when the bytes are not a notebook.
"""

from __future__ import annotations

import json
import warnings
from typing import Any

import nbformat
from nbformat import NotebookNode

from gamekit.i18n import kept_sentence


class NotebookError(ValueError):
    """The bytes are not a notebook the grader can read; the message says why."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind  # a lint finding's kind: corrupt-json or not-a-notebook


def decode_json(raw: bytes) -> dict[str, Any]:
    """The notebook's JSON object, read from ``raw`` (UTF-8, with or without a BOM).

    >>> decode_json(b'\\xef\\xbb\\xbf{"cells": []}')
    {'cells': []}
    >>> decode_json(b"[1]")
    Traceback (most recent call last):
    ...
    gamekit.grader.nbfile.NotebookError: it is JSON but not a notebook (it holds list)
    """
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise NotebookError("corrupt-json", kept_sentence("it is not UTF-8 text")) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        broken = kept_sentence(
            "its JSON is broken at line {line}, column {column}",
            line=error.lineno,
            column=error.colno,
        )
        raise NotebookError("corrupt-json", broken) from None
    except (ValueError, RecursionError) as error:
        unread = kept_sentence("its JSON cannot be read ({error})", error=str(error))
        raise NotebookError("corrupt-json", unread) from None
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
        what = (
            type(data).__name__
            if not isinstance(data, dict)
            else kept_sentence("an object without cells")
        )
        raise NotebookError(
            "not-a-notebook",
            kept_sentence("it is JSON but not a notebook (it holds {what})", what=what),
        )
    return data


def joined(source: Any) -> str:
    """A cell source as one string, whether it was saved as a list of lines or a string."""
    if isinstance(source, list):
        return "".join(str(line) for line in source)
    return source if isinstance(source, str) else ""


def normalise(data: dict[str, Any]) -> NotebookNode:
    """``data`` as a version-4 NotebookNode whose every cell source is one string.

    Nothing of the student's text changes: line ends and spaces stay as written. Cells that
    are not objects are dropped (they could not have been shown by any editor).
    """
    cells = []
    for cell in data.get("cells", []):
        if not isinstance(cell, dict):
            continue
        cell = dict(cell)
        cell["source"] = joined(cell.get("source", ""))
        if not isinstance(cell.get("metadata"), dict):
            cell["metadata"] = {}
        if cell.get("cell_type") == "code":
            outputs = cell.get("outputs")
            cell["outputs"] = outputs if isinstance(outputs, list) else []
        cells.append(cell)
    metadata = data.get("metadata")
    notebook = {
        "nbformat": 4,
        "nbformat_minor": data.get("nbformat_minor")
        if isinstance(data.get("nbformat_minor"), int)
        else 5,
        "metadata": metadata if isinstance(metadata, dict) else {},
        "cells": cells,
    }
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return nbformat.from_dict(notebook)


def parse_notebook(raw: bytes) -> NotebookNode:
    """The notebook saved in ``raw``, as `normalise` gives it; `NotebookError` if it is none.

    >>> nb = parse_notebook(b'{"nbformat": 4, "nbformat_minor": 2, "metadata": {},'
    ...                     b' "cells": [{"cell_type": "code", "metadata": {},'
    ...                     b' "source": ["x = 1\\\\n", "y = 2"], "outputs": []}]}')
    >>> nb.cells[0].source
    'x = 1\\ny = 2'
    """
    data = decode_json(raw)
    major = data.get("nbformat")
    if major not in (4, None):
        raise NotebookError(
            "not-a-notebook",
            kept_sentence(
                "it is a version-{version} notebook; save it again with Jupyter (version 4)",
                version=repr(major),
            ),
        )
    return normalise(data)
