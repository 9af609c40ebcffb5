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
BOARD_COLOUR = "#4d5560"  # Connect Four's frame: neutral grey, so both disc colours stand out
LAST_MOVE_COLOUR = "#fff3b0"


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
    "X_COLOUR",
    "player_colour",
]
