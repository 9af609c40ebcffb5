"""The course's colours, one per player, shared by trees, boards, plots, widgets and the terminal.

X, the first player and MAX are blue; O, the second player and MIN are orange. Blue and
orange stay apart for every kind of colour blindness (Okabe and Ito's advice) and differ in
lightness too, and every picture also tells the players apart by shape or letter (X and O
marks, MAX's upward and MIN's downward triangles), never by colour alone.

This module imports nothing heavy: the terminal and the widgets read it without matplotlib.

>>> PLAYER_COLOURS["X"] == PLAYER_COLOURS["MAX"] == MAX_COLOUR == X_COLOUR
True
>>> player_colour("MIN") == O_COLOUR
True
"""

from __future__ import annotations

import re

X_COLOUR = "#0b5cad"
"""Blue: X, the first player, MAX (6.7:1 against white)."""

O_COLOUR = "#e66100"
"""Orange: O, the second player, MIN (3.5:1 against white, enough for marks and thick lines)."""

MAX_COLOUR = X_COLOUR
MIN_COLOUR = O_COLOUR

PLAYER_COLOURS: dict[str, str] = {"X": X_COLOUR, "O": O_COLOUR, "MAX": X_COLOUR, "MIN": O_COLOUR}
"""``{player: colour}`` for ``'X'``, ``'O'``, ``'MAX'`` and ``'MIN'``."""

PLAYER_TINTS: dict[str, str] = {"X": "#dbe7f6", "O": "#fde3cf", "MAX": "#dbe7f6", "MIN": "#fde3cf"}
"""Light versions of the player colours, for backgrounds (a cell, a last move) under black text."""

PLAYER_INK: dict[str, str] = {"X": "white", "O": "black", "MAX": "white", "MIN": "black"}
"""The text colour that reads best on a player's colour (a letter on a disc)."""

PLAYER_ROLES: dict[str, str] = {"X": "first player", "O": "second player"}
"""What the legends say about X and O."""

DISC_COLOURS = {"X": X_COLOUR, "O": O_COLOUR}
"""Connect Four discs: the player colours too (kept under this name for older callers)."""

CHANCE_COLOUR = "#ffffff"
LEAF_COLOUR = "#d9d9d9"
EDGE_COLOUR = "#333333"
PRUNED_COLOUR = "#6b6b6b"  # dashed; dark enough to read (5.3:1 against white)
VALUE_COLOUR = "#111111"
PROVISIONAL_COLOUR = "#6b6b6b"
HIGHLIGHT_COLOUR = "#f0c419"  # a yellow halo, plus a thick black outline: not a player colour
LAST_MOVE_COLOUR = "#fff3b0"

BOARD_COLOUR = "#3385e0"
"""Connect Four's board: a bright blue, lighter than X's discs (1.8:1 between them).

No disc touches it: every hole is a white ring (`HOLE_COLOUR`, 3.8:1 against the board) and a
disc sits inside it, so X's blue disc meets white (6.7:1) and O's orange disc too (3.5:1), each
above WCAG's 3:1 for shapes; each disc carries its letter in `PLAYER_INK` (6.7:1 and 6.1:1).
`contrast_ratio` computes these figures."""

HOLE_COLOUR = "#ffffff"
"""A Connect Four hole: the white ring around each disc (and an empty hole)."""

WIN_COLOUR = "#111111"
"""Rings round a Connect Four win's holes, and the casing of the line through it (5.0:1 against
the board, 21:1 against the white holes)."""


def _luminance(colour: str) -> float:
    """WCAG 2 relative luminance of ``#rrggbb``: 0 for black, 1 for white."""
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", colour):
        raise ValueError(f"colour must be #rrggbb, got {colour!r}")
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(first: str, second: str) -> float:
    """WCAG 2's contrast ratio of two ``#rrggbb`` colours: 1 (the same) to 21 (black on white).

    WCAG asks at least 4.5:1 for text and 3:1 for the shapes a person must see.

    >>> contrast_ratio("#000000", "#ffffff"), contrast_ratio("#3385e0", "#3385e0")
    (21.0, 1.0)
    >>> round(contrast_ratio(X_COLOUR, "#ffffff"), 2), round(contrast_ratio(O_COLOUR, "#ffffff"), 2)
    (6.67, 3.46)
    >>> round(contrast_ratio(HOLE_COLOUR, BOARD_COLOUR), 2)  # the white rings on the blue board
    3.77
    >>> round(contrast_ratio(X_COLOUR, BOARD_COLOUR), 2)  # X's disc and the board never touch
    1.77
    >>> contrast_ratio("blue", "#ffffff")
    Traceback (most recent call last):
    ...
    ValueError: colour must be #rrggbb, got 'blue'
    """
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def player_colour(player: str) -> str:
    """The colour of ``player`` (``'X'``, ``'O'``, ``'MAX'`` or ``'MIN'``).

    >>> player_colour("O")
    '#e66100'
    >>> player_colour("Y")
    Traceback (most recent call last):
    ...
    ValueError: no colour for player 'Y': the players are 'X', 'O', 'MAX', 'MIN'
    """
    try:
        return PLAYER_COLOURS[player]
    except (KeyError, TypeError):
        legal = ", ".join(repr(p) for p in PLAYER_COLOURS)
        raise ValueError(f"no colour for player {player!r}: the players are {legal}") from None


__all__ = [
    "BOARD_COLOUR",
    "CHANCE_COLOUR",
    "DISC_COLOURS",
    "EDGE_COLOUR",
    "HIGHLIGHT_COLOUR",
    "HOLE_COLOUR",
    "LAST_MOVE_COLOUR",
    "LEAF_COLOUR",
    "MAX_COLOUR",
    "MIN_COLOUR",
    "O_COLOUR",
    "PLAYER_COLOURS",
    "PLAYER_INK",
    "PLAYER_ROLES",
    "PLAYER_TINTS",
    "PROVISIONAL_COLOUR",
    "PRUNED_COLOUR",
    "VALUE_COLOUR",
    "WIN_COLOUR",
    "X_COLOUR",
    "contrast_ratio",
    "player_colour",
]
