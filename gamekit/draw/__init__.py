"""Pictures for the course: game trees, boards and search statistics, drawn with matplotlib.

Every ``draw_*``/``plot_*`` function takes ``ax=None`` (a new figure when None) and returns the
matplotlib ``Axes``; ``*_png`` functions return PNG bytes rendered off-screen (Agg), which is what
notebooks' ``_repr_png_`` and widgets use. pyplot is imported inside the functions, so
``import gamekit`` stays fast.

One colour per player everywhere (`PLAYER_COLOURS`): X, the first player and MAX are blue; O,
the second player and MIN are orange. Shapes and letters tell them apart too.

Modules: `gamekit.draw.colours` (the colours, no matplotlib), `gamekit.draw.trees`
(`draw_tree`), `gamekit.draw.boards` (`draw_board`, `draw_boards`), `gamekit.draw.plots`
(node counts, branching factors, tables), `gamekit.draw.checks` (what a tree picture accepts).

Pieces of a tree picture carry a ``gid`` so tests and curious students can find them:
``node:<name>``, ``edge:<parent>:<label>``, ``name:<name>``, ``value:<name>``,
``interval:<name>``, ``utility:<leaf>``, ``edgelabel:<parent>:<label>``, ``highlight:<name>``.
"""

from __future__ import annotations

from gamekit.draw.boards import board_png, boards_png, draw_board, draw_boards, hex_centre
from gamekit.draw.colours import (
    BOARD_COLOUR,
    DISC_COLOURS,
    EDGE_COLOUR,
    HIGHLIGHT_COLOUR,
    HOLE_COLOUR,
    LAST_MOVE_COLOUR,
    MAX_COLOUR,
    MIN_COLOUR,
    O_COLOUR,
    PLAYER_COLOURS,
    PLAYER_INK,
    PLAYER_TINTS,
    PROVISIONAL_COLOUR,
    PRUNED_COLOUR,
    VALUE_COLOUR,
    WIN_COLOUR,
    X_COLOUR,
    contrast_ratio,
    player_colour,
)
from gamekit.draw.plots import (
    effective_branching_factor,
    plot_effective_branching,
    plot_nodes_by_depth,
    tournament_table,
)
from gamekit.draw.trees import (
    BASE_FONTSIZE,
    FADED_ALPHA,
    KIND_COLOUR,
    KIND_MARKER,
    MIN_FONTSIZE,
    TARGET_WIDTH_INCHES,
    draw_tree,
    tree_layout,
    tree_png,
)

__all__ = [
    "BASE_FONTSIZE",
    "BOARD_COLOUR",
    "DISC_COLOURS",
    "EDGE_COLOUR",
    "FADED_ALPHA",
    "HIGHLIGHT_COLOUR",
    "HOLE_COLOUR",
    "KIND_COLOUR",
    "KIND_MARKER",
    "LAST_MOVE_COLOUR",
    "MAX_COLOUR",
    "MIN_COLOUR",
    "MIN_FONTSIZE",
    "O_COLOUR",
    "PLAYER_COLOURS",
    "PLAYER_INK",
    "PLAYER_TINTS",
    "PROVISIONAL_COLOUR",
    "PRUNED_COLOUR",
    "TARGET_WIDTH_INCHES",
    "VALUE_COLOUR",
    "WIN_COLOUR",
    "X_COLOUR",
    "board_png",
    "boards_png",
    "contrast_ratio",
    "draw_board",
    "draw_boards",
    "draw_tree",
    "effective_branching_factor",
    "hex_centre",
    "player_colour",
    "plot_effective_branching",
    "plot_nodes_by_depth",
    "tournament_table",
    "tree_layout",
    "tree_png",
]
