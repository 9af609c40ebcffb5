"""Board widgets: play every game of gamekit against any engine, in a notebook.

One widget, `GameBoard`, plays every game; what differs between games lives in a small
`BoardAdapter` (`gamekit.widgets.adapters`): an SVG drawing of a position and which move a
click means. `TicTacToeAdapter`, `ConnectFourAdapter`, `HexAdapter` and `QuartoAdapter` are the
four so far; a new game plugs in by writing an adapter, not a new widget.

Engines think in a thread (`gamekit.widgets.engines`), so the board never freezes: Stop plays
the best move so far, a click during a search is refused, hints show on the board in words.

Widgets stay off the grading path: the ``play_*`` functions build nothing (they print a note
and return None) while nbgrader executes a notebook (``NBGRADER_EXECUTION`` set).
"""

from __future__ import annotations

import os

from .adapters import PLAYER_COLOURS, BoardAdapter, View
from .board import BoardView, GameBoard
from .engines import (
    ENGINES,
    Engine,
    Hint,
    Settings,
    describe_value,
    hints,
    move_values,
    no_evaluation,
    register_engine,
    think,
)
from .hexboard import HexAdapter
from .kinrow import ConnectFourAdapter, TicTacToeAdapter, open_lines_eval
from .quartoboard import QuartoAdapter

__all__ = [
    "ENGINES",
    "PLAYER_COLOURS",
    "BoardAdapter",
    "BoardView",
    "ConnectFourAdapter",
    "Engine",
    "GameBoard",
    "HexAdapter",
    "Hint",
    "QuartoAdapter",
    "Settings",
    "TicTacToeAdapter",
    "View",
    "describe_value",
    "hints",
    "move_values",
    "no_evaluation",
    "open_lines_eval",
    "play_connect_four",
    "play_hex",
    "play_quarto",
    "play_tictactoe",
    "register_engine",
    "think",
]


def _grading() -> bool:
    """True while nbgrader executes a notebook: build no interactive widget then."""
    if os.environ.get("NBGRADER_EXECUTION"):
        print("(The interactive board is not built while nbgrader runs this notebook.)")
        return True
    return False


def play_tictactoe(h: int = 3, v: int = 3, k: int = 3, **options) -> GameBoard | None:
    """A tic-tac-toe board (any h x v, k in a row) against an engine.

    The default is alpha-beta searching the whole game on boards of up to 9 cells (it cannot be
    beaten), else to depth 3 (up to 16 cells) or 2 with an evaluation of open lines. The
    ``options`` are `GameBoard`'s (``engine=``, ``depth=``, ``human_first=``, ``lang=``, ...).
    """
    return None if _grading() else GameBoard(TicTacToeAdapter(h, v, k), **options)


def play_connect_four(h: int = 6, v: int = 7, k: int = 4, **options) -> GameBoard | None:
    """A Connect Four board (any size) against an engine: click a column or press its digit.

    The default is alpha-beta to depth 4 (3 on boards wider than 7 columns) with the course's
    evaluation (`gamekit.heuristics`).
    """
    return None if _grading() else GameBoard(ConnectFourAdapter(h, v, k), **options)


def play_hex(size: int = 7, *, swap: bool = False, **options) -> GameBoard | None:
    """A Hex board (``size`` x ``size``) against an engine: click a hexagon or type its name.

    The default is alpha-beta to depth 2 with the shortest-path evaluation
    (`gamekit.hex_heuristics`).
    """
    return None if _grading() else GameBoard(HexAdapter(size, swap=swap), **options)


def play_quarto(**options) -> GameBoard | None:
    """A Quarto board against an engine: click a cell, then the piece to give.

    The default is alpha-beta to depth 1 with the shared-attributes evaluation
    (`gamekit.quarto`); deeper searches take seconds (a turn has up to 240 moves).
    """
    return None if _grading() else GameBoard(QuartoAdapter(), **options)
