"""A notebook in the course's other languages, translated like documentation.

The English notebooks stay the single source. What a student reads in them is cut into
*units*, each a catalogue message (``gamekit/locale/<lang>/notebooks/<notebook>.po``):

- a markdown cell's blocks (a paragraph, a heading, a list, a table), fenced code left as is;
- in an answer cell or an ungraded code cell, each run of comment lines and each docstring.

A translated notebook is the English one with each unit replaced by its translation; nothing
else changes: the test cells, the code of locked cells, the grade ids and the code are the very
same, so one grading run grades a class that worked from several languages. An answer cell
whose comments changed gets its checksum again (nbgrader's), so an untouched answer still reads
as "no answer"; a locked markdown cell in any of the course's languages is an unchanged one
(`in_every_language`, for the lint). A unit with no translation stays English.

>>> cell = {"cell_type": "markdown", "metadata": {}, "source": "# Minimax\\n\\nThe value."}
>>> [unit.text for unit in units_of_cell(cell)]
['# Minimax', 'The value.']
>>> translated_cell(cell, {"The value.": "O valor."})["source"]
'# Minimax\\n\\nO valor.'
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from gamekit.i18n import LOCALE_DIR

LANGUAGES = ("pt_BR", "es")
"""The languages the notebooks are translated into."""

KEPT = "YOUR CODE HERE"
"""nbgrader's marker in an answer stub, left as nbgrader writes it."""

NOTEBOOK_CATALOGUES = "notebooks"
"""The folder of a language's notebook catalogues, under ``gamekit/locale/<lang>/``."""


@dataclasses.dataclass(frozen=True)
class Unit:
    """One message of a notebook: its English ``text`` and where it is (for translators)."""

    text: str
    where: str


def _nbgrader(cell: dict) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {})


def translatable_code(cell: dict) -> bool:
    """Whether a code cell's comments and docstrings are translated: an answer cell or a cell
    nbgrader does not know; never a test cell or a locked cell (the grader restores those from
    the English release)."""
    meta = _nbgrader(cell)
    return cell.get("cell_type") == "code" and (
        bool(meta.get("solution")) or not (meta.get("grade") or meta.get("locked"))
    )


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


# ------------------------------------------------------------------------------------------
# Markdown: blocks between blank lines, fenced code kept whole and untranslated
# ------------------------------------------------------------------------------------------


def markdown_blocks(text: str) -> list[tuple[str, bool]]:
    """``text`` as its pieces in order, each with whether it is translated: the blocks between
    blank lines are; the blank lines and fenced code are not. Joined, the pieces are ``text``.

    >>> markdown_blocks("A\\nB\\n\\n```\\ncode\\n\\nmore\\n```\\nC")
    [('A\\nB', True), ('\\n\\n```\\ncode\\n\\nmore\\n```\\n', False), ('C', True)]
    """
    pieces: list[tuple[str, bool]] = []
    position = 0
    for fence in re.finditer(r"^[ \t]*```.*?^[ \t]*```[^\n]*$", text, re.M | re.S):
        pieces += _prose_pieces(text[position : fence.start()])
        pieces.append((fence.group(), False))
        position = fence.end()
    pieces += _prose_pieces(text[position:])
    return _merged(pieces)


def _prose_pieces(text: str) -> list[tuple[str, bool]]:
    pieces: list[tuple[str, bool]] = []
    for index, part in enumerate(re.split(r"(\n(?:[ \t]*\n)+)", text)):
        if index % 2:
            pieces.append((part, False))
            continue
        core = part.strip("\n")
        lead = part[: len(part) - len(part.lstrip("\n"))]
        trail = part[len(lead) + len(core) :]
        pieces += [(lead, False), (core, bool(core.strip())), (trail, False)]
    return pieces


def _merged(pieces: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    """Neighbouring untranslated pieces as one."""
    merged: list[tuple[str, bool]] = []
    for piece, translated in pieces:
        if merged and not translated and not merged[-1][1]:
            merged[-1] = (merged[-1][0] + piece, False)
        elif piece or translated:
            merged.append((piece, translated))
    return merged


def _worth_translating(text: str) -> bool:
    """A block with a word in it (not only math, a picture or an HTML tag)."""
    prose = re.sub(r"\$[^$]*\$|<[^>]*>|!\[[^\]]*\]\([^)]*\)|`[^`]*`", "", text)
    return re.search(r"[A-Za-z]{2}", prose) is not None


# ------------------------------------------------------------------------------------------
# Code: runs of comment lines and docstrings
# ------------------------------------------------------------------------------------------

_COMMENT = re.compile(r"^(?P<indent>[ \t]*)#(?P<space> ?)(?P<text>.*)$")


def _comment_lines(source: str) -> set[int]:
    """The 0-based lines of ``source`` that are a comment alone (not a ``#`` in a string)."""
    found: set[int] = set()
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if (
                token.type == tokenize.COMMENT
                and source.split("\n")[token.start[0] - 1][: token.start[1]].strip() == ""
            ):
                found.add(token.start[0] - 1)
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return set()
    return found


def _docstrings(source: str) -> list[tuple[int, int, str, str]]:
    """The triple-quoted strings of ``source`` that stand alone as a statement: (start, end)
    offsets of their inside, and their quotes."""
    found = []
    lines = source.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return []
    for index, token in enumerate(tokens):
        if token.type != tokenize.STRING:
            continue
        quote = token.string[-3:]
        if quote not in ('"""', "'''") or not token.string.startswith(quote):
            continue
        before = [t for t in tokens[max(0, index - 3) : index] if t.type not in (tokenize.NL,)]
        if before and before[-1].type not in (tokenize.INDENT, tokenize.NEWLINE, tokenize.DEDENT):
            continue
        start = offsets[token.start[0] - 1] + token.start[1] + 3
        end = offsets[token.end[0] - 1] + token.end[1] - 3
        found.append((start, end, quote, source[start:end]))
    return found


def code_units(source: str) -> list[str]:
    """The comment runs and docstrings of ``source``, as messages.

    >>> stub = 'def f():\\n    \"\"\"Return one.\"\"\"\\n    # the answer,\\n    # not 2\\n    ...'
    >>> code_units(stub)
    ['the answer,\\nnot 2', 'Return one.']
    """
    return [text for _, text in _code_pieces(source) if _worth_translating(text) and text != KEPT]


def _comment(line: str) -> tuple[str, str]:
    """A comment line's indent and its text after ``# `` (only called on comment lines)."""
    found = _COMMENT.match(line)
    assert found is not None, line
    return found["indent"], found["text"]


def _code_pieces(source: str) -> list[tuple[tuple[int, int, str], str]]:
    """Each unit of ``source``: (how to put it back, its text). A run of comment lines with
    the same indent is one unit (first line, last line, indent); a docstring is one unit (its
    start and end offsets, ``"doc"`` and its quotes)."""
    lines = source.split("\n")
    runs: list[list[int]] = []
    for number in sorted(_comment_lines(source)):
        last = runs[-1][-1] if runs else None
        same_run = last == number - 1 and _comment(lines[last])[0] == _comment(lines[number])[0]
        if same_run:
            runs[-1].append(number)
        else:
            runs.append([number])
    pieces: list[tuple[tuple[int, int, str], str]] = [
        (
            (run[0], run[-1], _comment(lines[run[0]])[0]),
            "\n".join(_comment(lines[i])[1] for i in run),
        )
        for run in runs
    ]
    for start, end, quote, text in _docstrings(source):
        pieces.append(((start, end, "doc" + quote), text))
    return pieces


def _translated_code(source: str, catalogue: dict[str, str]) -> str:
    """``source`` with its docstrings, then its comment runs, translated."""
    text = source
    for (start, end, how), original in reversed(_code_pieces(source)):
        if how.startswith("doc") and catalogue.get(original):
            text = text[:start] + catalogue[original] + text[end:]
    lines = text.split("\n")
    for (first, last, how), original in reversed(_code_pieces(text)):
        if not how.startswith("doc") and catalogue.get(original):
            wanted = catalogue[original].split("\n")
            lines[first : last + 1] = [f"{how}# {line}".rstrip() for line in wanted]
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------
# Notebooks
# ------------------------------------------------------------------------------------------


def units_of_cell(cell: dict, where: str = "") -> list[Unit]:
    """The messages of one cell."""
    if cell.get("cell_type") == "markdown":
        texts = [p for p, translated in markdown_blocks(_source(cell)) if translated]
        return [Unit(t, where) for t in texts if _worth_translating(t)]
    if translatable_code(cell):
        return [Unit(t, where) for t in code_units(_source(cell))]
    return []


def units(notebook: dict) -> Iterator[Unit]:
    """Every message of a notebook, in order."""
    for index, cell in enumerate(notebook.get("cells", [])):
        yield from units_of_cell(cell, f"cell {index + 1} ({cell.get('cell_type')})")


def translated_cell(cell: dict, catalogue: dict[str, str]) -> dict:
    """``cell`` with each of its messages translated (a copy)."""
    new = copy.deepcopy(cell)
    source = _source(cell)
    if cell.get("cell_type") == "markdown":
        pieces = markdown_blocks(source)
        text = "".join(catalogue.get(p) or p if t else p for p, t in pieces)
    elif translatable_code(cell):
        text = _translated_code(source, catalogue)
    else:
        return new
    if text != source:
        new["source"] = text
        meta = _nbgrader(new)
        if meta.get("checksum"):
            from nbgrader.utils import compute_checksum

            meta["checksum"] = compute_checksum(_as_node(new))
    return new


def _as_node(cell: dict) -> Any:
    import nbformat

    return nbformat.from_dict(cell)


def translated_notebook(notebook: dict, catalogue: dict[str, str], language: str) -> dict:
    """``notebook`` in ``language``: each message translated, the rest the very same; the
    notebook's metadata says its language (``gamekit.language``)."""
    new = copy.deepcopy(notebook)
    new["cells"] = [translated_cell(cell, catalogue) for cell in notebook.get("cells", [])]
    new.setdefault("metadata", {}).setdefault("gamekit", {})["language"] = language
    return new


# ------------------------------------------------------------------------------------------
# Catalogues
# ------------------------------------------------------------------------------------------


def catalogue_path(language: str, notebook: Path) -> Path:
    """The catalogue of one notebook in one language."""
    return LOCALE_DIR / language / NOTEBOOK_CATALOGUES / f"{notebook.stem}.po"


def read_catalogue(path: Path) -> dict[str, str]:
    """English -> translation, for every translated entry that is not fuzzy."""
    if not path.exists():
        return {}
    from babel.messages.pofile import read_po

    with path.open("rb") as file:
        catalogue = read_po(file)
    return {
        str(m.id): str(m.string)
        for m in catalogue
        if m.id and m.string and not m.fuzzy and isinstance(m.id, str)
    }


# ------------------------------------------------------------------------------------------
# What the test cells say when they run
# ------------------------------------------------------------------------------------------


def test_phrases(notebook: dict) -> Iterator[Unit]:
    """What the notebook's test cells say when they run: the sentence of each
    ``passed("...")`` and each ``expect(condition, "...", ...)``. The cells stay as they are
    (the same in every language); these sentences go to the course's own catalogue
    (``gamekit.pot``), and `gamekit.checks` says them in the language in use."""
    import ast

    for index, cell in enumerate(notebook.get("cells", [])):
        meta = _nbgrader(cell)
        if cell.get("cell_type") != "code" or not meta.get("grade") or meta.get("solution"):
            continue
        try:
            tree = ast.parse(_source(cell))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            position = {"passed": 0, "expect": 1}.get(node.func.id)
            if position is None or len(node.args) <= position:
                continue
            said = node.args[position]
            if isinstance(said, ast.Constant) and isinstance(said.value, str):
                yield Unit(said.value, f"test cell {meta.get('grade_id')}, cell {index + 1}")


def in_every_language(cell: dict, notebook: str) -> set[str]:
    """The source of a release notebook's ``cell`` (its notebook's file name: ``notebook``) in
    English and in each of the course's languages: what a student who worked from any of them
    was handed."""
    sources = {_source(cell)}
    for language in LANGUAGES:
        catalogue = _catalogue_of(catalogue_path(language, Path(notebook)))
        if catalogue:
            sources.add(translated_cell(cell, catalogue)["source"])
    return sources


def _catalogue_of(path: Path) -> dict[str, str]:
    """`read_catalogue`, read once per file (as long as it does not change)."""
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return {}
    return _read_once(path, stamp)


@functools.lru_cache(maxsize=64)
def _read_once(path: Path, stamp: int) -> dict[str, str]:
    return read_catalogue(path)
