"""A witness's board, drawn: a Connect Four or Quarto board named in a checker's evidence,
parsed, validated and drawn as a small inline SVG.
"""

from __future__ import annotations

import re
from typing import Any

from gamekit.grader.feedback_page.records import _dict
from gamekit.grader.safe_html import (
    Markup,
    html,
    join,
)
from gamekit.i18n import _

CONNECT_FOUR = re.compile(
    r"(?P<rows>(?:[.XO]{2,12} / ){1,11}[.XO]{2,12}) \((?P<h>\d+) x (?P<v>\d+), k = (?P<k>\d+)"
)
"""A Connect Four board as the a03 checkers write it: ``..X. / .XO. (2 x 4, k = 3``."""

PIECE = r"(?:\.{4}|[DL][RQS][TS][HFO])"
QUARTO = re.compile(
    rf"(?P<rows>(?:{PIECE}(?: {PIECE}){{3}} / ){{3}}{PIECE}(?: {PIECE}){{3}})"
    r"(?: \((?P<place>[DL][RQS][TS][HFO]) to place)?"
)
"""A Quarto board as the a06 checkers write it: four rows of four pieces (``DQSH``, or an
earlier spelling such as ``LSSO``) or ``....``; `gamekit.quarto.parse_piece` reads each."""

CELL = 30  # pixels of one cell of a drawn board
MARGIN = 22  # pixels for the row and column numbers


def _cells(value: Any, h: int, v: int) -> list[tuple[int, int]] | None:
    """A checker's repr of a list of ``(row, col)`` moves as cells of an h x v board, or None
    when it is anything else (read with `ast.literal_eval`: a value, never code)."""
    import ast

    if not isinstance(value, str) or len(value) > 2000:
        return None
    try:
        moves = ast.literal_eval(value)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    if not isinstance(moves, list | tuple) or len(moves) > h * v:
        return None
    cells = []
    for move in moves:
        if not (isinstance(move, tuple) and len(move) == 2):
            return None
        if not all(type(x) is int for x in move) or not (1 <= move[0] <= h and 1 <= move[1] <= v):
            return None
        cells.append(move)
    return cells


def move_words(cells: list[tuple[int, int]]) -> str:
    """Moves as the course writes a cell (`gamekit.stepper.move_name`): ``(4,1), (4,2)``."""
    return ", ".join(f"({row},{col})" for row, col in sorted(cells)) or _("none")


def _numbers(h: int, v: int, columns: str = "numbers") -> Markup:
    """Row numbers down the left, column numbers (or letters) along the top."""
    parts = []
    for col in range(1, v + 1):
        name = str(col) if columns == "numbers" else "abcdefghijkl"[col - 1]
        parts.append(
            html(
                '<text x="{}" y="{}" text-anchor="middle">{}</text>',
                MARGIN + (col - 0.5) * CELL,
                MARGIN - 7,
                name,
            )  # fmt: skip
        )
    for row in range(1, h + 1):
        parts.append(
            html(
                '<text x="{}" y="{}" text-anchor="middle">{}</text>',
                MARGIN / 2,
                MARGIN + (row - 0.5) * CELL + 5,
                row,
            )  # fmt: skip
        )
    return join(parts)


def _svg(h: int, v: int, label: str, body: Markup, columns: str = "numbers") -> Markup:
    width, height = MARGIN + v * CELL + 2, MARGIN + h * CELL + 2
    return html(
        '<svg class="board" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{}" '
        'width="{}" height="{}" viewBox="0 0 {} {}">{}{}</svg>',
        label, width, height, width, height, _numbers(h, v, columns), body,
    )  # fmt: skip


def connect_four_board(
    rows: list[str], marked: list[tuple[int, int]], answered: list[tuple[int, int]]
) -> Markup:
    """A Connect Four board as an inline SVG drawn here from validated rows (``.XO`` only):
    ``marked`` cells ringed (the right moves), ``answered`` cells crossed (the answer given)."""
    h, v = len(rows), len(rows[0])
    parts = [
        html(
            '<rect class="frame" x="{}" y="{}" width="{}" height="{}" rx="4"/>',
            MARGIN,
            MARGIN,
            v * CELL,
            h * CELL,
        )  # fmt: skip
    ]
    for r, line in enumerate(rows, start=1):
        for c, piece in enumerate(line, start=1):
            x, y = MARGIN + (c - 0.5) * CELL, MARGIN + (r - 0.5) * CELL
            kind = {"X": "x", "O": "o"}.get(piece, "hole")
            parts.append(html('<circle class="{}" cx="{}" cy="{}" r="11"/>', kind, x, y))
            if (r, c) in marked:
                parts.append(html('<circle class="right" cx="{}" cy="{}" r="13.5"/>', x, y))
            if (r, c) in answered:
                parts.append(
                    html('<path class="given" d="M{} {}l10 10m0 -10l-10 10"/>', x - 5, y - 5)
                )
    return _svg(h, v, "the board of the witness", join(parts))


def quarto_board(rows: list[list[str]]) -> Markup | None:
    """A Quarto board as an inline SVG drawn here from validated piece names: dark or light,
    round or square, tall (large) or short (small), hollow (a hole) or solid; None when a name
    is not a piece."""
    from gamekit.quarto import attributes, parse_piece

    parts = [
        html(
            '<rect class="frame quarto" x="{}" y="{}" width="{}" height="{}" rx="4"/>',
            MARGIN,
            MARGIN,
            4 * CELL,
            4 * CELL,
        )  # fmt: skip
    ]
    for r, line in enumerate(rows, start=1):
        for c, name in enumerate(line, start=1):
            x, y = MARGIN + (c - 0.5) * CELL, MARGIN + (r - 0.5) * CELL
            if name == "....":
                parts.append(html('<circle class="spot" cx="{}" cy="{}" r="3"/>', x, y))
                continue
            try:
                piece = attributes(parse_piece(name))
            except (ValueError, TypeError):
                return None
            tone = "dark" if piece["colour"] == "dark" else "light"
            size = 11 if piece["height"] == "tall" else 7
            if piece["shape"] == "round":
                parts.append(html('<circle class="{}" cx="{}" cy="{}" r="{}"/>', tone, x, y, size))
            else:
                parts.append(
                    html(
                        '<rect class="{}" x="{}" y="{}" width="{}" height="{}"/>',
                        tone,
                        x - size,
                        y - size,
                        2 * size,
                        2 * size,
                    )  # fmt: skip
                )
            if piece["filling"] == "hollow":
                parts.append(html('<circle class="hole-in" cx="{}" cy="{}" r="3"/>', x, y))
    return _svg(4, 4, "the Quarto position of the witness", join(parts), columns="letters")


def witness_html(evidence: Any) -> Markup:
    """The board of a checker's witness, drawn, with what it shows in words; nothing when the
    evidence carries no board this page can read (it is then only in the sentence above)."""
    evidence = _dict(evidence)
    where = evidence.get("input")
    if not isinstance(where, str) or len(where) > 2000:
        return Markup("")
    found = CONNECT_FOUR.search(where)
    if found:
        rows = found.group("rows").split(" / ")
        h, v = int(found.group("h")), int(found.group("v"))
        if len(rows) != h or any(len(row) != v for row in rows):
            return Markup("")
        right = _cells(evidence.get("expected"), h, v) or []
        given = _cells(evidence.get("got"), h, v) or []
        words = [
            _("The board where it goes wrong ({h} x {v}, rows counted from 1 at the top).").format(
                h=h, v=v
            )
        ]
        if right:
            words.append(_("Ringed: the legal moves, {moves}.").format(moves=move_words(right)))
        if given:
            words.append(_("Crossed: your answer, {moves}.").format(moves=move_words(given)))
        picture = connect_four_board(rows, right, given)
    else:
        found = QUARTO.search(where)
        if not found:
            return Markup("")
        rows = [line.split(" ") for line in found.group("rows").split(" / ")]
        picture = quarto_board(rows)
        if picture is None:
            return Markup("")
        words = [_("The position where it goes wrong (rows 1 to 4 from the top, columns a to d).")]
        if found.group("place"):
            words.append(_("The piece to place: {piece}.").format(piece=found.group("place")))
        words.append(
            _("Dark or light; round or square; large: tall, small: short; a hole: hollow.")
        )
    return html(
        '<figure class="witness">{}<figcaption>{}</figcaption></figure>', picture, " ".join(words)
    )


# --------------------------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------------------------
