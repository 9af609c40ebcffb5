"""Board pictures: k-in-a-row (tic-tac-toe marks, Connect Four discs), Hex and Quarto.

`draw_board` picks the picture from the state's type. Every board has row 1 at the top and
column 1 at the left, as in the course's ``(row, col)`` moves; X is blue and O orange
(`gamekit.draw.colours`), and each piece also carries its letter, so colour is never the only
clue. `draw_boards` lays out a series of positions (a game played through) in a grid that fits a
notebook's width, with one legend.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gamekit.draw.colours import (
    BOARD_COLOUR,
    HOLE_COLOUR,
    LAST_MOVE_COLOUR,
    PLAYER_COLOURS,
    PLAYER_INK,
    PLAYER_ROLES,
    PLAYER_TINTS,
)
from gamekit.draw.trees import TARGET_WIDTH_INCHES, _agg_figure, _png

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from gamekit.games import BoardState, Game

FONTSIZE = 10.0  # titles and letters on pieces
LABEL_FONTSIZE = 9.0  # row and column labels, legends
CELL_INCHES = 0.45  # one cell of a board drawn in a figure of its own
QUARTO_CELL_INCHES = 0.75  # Quarto's cells hold a piece and its name
QUARTO_DARK, QUARTO_LIGHT = "#5a3b24", "#f1d9a8"  # Quarto's dark and light pieces (brown, sand)


# Which picture ----------------------------------------------------------------------------------


def _kind_of(state: Any, game: Game | None, style: str | None) -> str:
    """``'hex'``, ``'quarto'``, ``'marks'`` or ``'discs'``."""
    from gamekit.games import BoardState, ConnectFour
    from gamekit.hex import HexState
    from gamekit.quarto import QuartoState

    if isinstance(state, HexState):
        return "hex"
    if isinstance(state, QuartoState):
        return "quarto"
    if not isinstance(state, BoardState):
        raise ValueError(
            f"draw_board draws a BoardState (TicTacToe, ConnectFour), a HexState or a "
            f"QuartoState; got {type(state).__name__} {state!r}"
        )
    if style is not None:
        if style not in ("marks", "discs"):
            raise ValueError(f"style must be 'marks' or 'discs', got {style!r}")
        return style
    if game is not None:
        inner = getattr(game, "game", game)  # see through OrderedGame
        return "discs" if isinstance(inner, ConnectFour) else "marks"
    return "marks" if state.h == state.v else "discs"


def _board_inches(state: Any, kind: str) -> tuple[float, float]:
    """The size of a figure holding one board, its labels, caption and legend."""
    if kind == "hex":
        n = state.size
        return CELL_INCHES * 1.5 * n + 1.2, CELL_INCHES * 0.87 * n + 1.4
    if kind == "quarto":
        return QUARTO_CELL_INCHES * 5.7 + 0.6, QUARTO_CELL_INCHES * 6.6 + 0.7
    return CELL_INCHES * state.v + 0.8, CELL_INCHES * state.h + 1.3


def _caption(state: Any, kind: str) -> str:
    """``'X to move'``, ``'O has won'`` or ``'draw'``."""
    if kind == "quarto":
        if state.winner:
            line = state.winning_line
            return f"{state.winner} has won: a line of {line.value} pieces"
        if None not in state.cells:
            return "draw"
        if state.to_place is None:
            return f"{state.to_move} to move: give a piece"
        from gamekit.quarto import piece_name

        return f"{state.to_move} to move: place {piece_name(state.to_place)}"
    if kind == "hex":
        winner = state.winner
    else:
        winner = ("X" if state.utility > 0 else "O") if state.utility else None
    if winner:
        return f"{winner} has won"
    if kind != "hex" and not state.moves:
        return "draw"
    return f"{state.to_move} to move"


def _player_handles(kind: str, fontsize: float, roles: dict[str, str] | None = None) -> list:
    """Legend entries for X and O, drawn as they are on the board."""
    from matplotlib.lines import Line2D

    roles = roles or PLAYER_ROLES
    handles = []
    for player, marker in (("X", "X"), ("O", "o")):
        style: dict[str, Any]
        if kind == "marks":
            style = {"marker": marker, "color": PLAYER_COLOURS[player], "markeredgewidth": 0}
            if player == "O":
                style = {"marker": "o", "markerfacecolor": "none", "markeredgewidth": 2.2}
                style["markeredgecolor"] = PLAYER_COLOURS[player]
        else:
            style = {"marker": "o", "markerfacecolor": PLAYER_COLOURS[player]}
            style["markeredgecolor"] = "black"
        handles.append(
            Line2D(
                [],
                [],
                linestyle="none",
                markersize=fontsize,
                label=f"{player}: {roles[player]}",
                **style,
            )
        )
    return handles


def _legend_below(ax: Axes, handles: list, pad_em: float = 1.8) -> None:
    """The legend under the axes (and its column labels): one row if the axes are wide enough
    for it, else one entry a row."""
    fig = ax.get_figure()
    width_pt = ax.get_position().width * fig.get_figwidth() * 72
    needed_pt = sum(3 + 0.62 * len(h.get_label()) for h in handles) * LABEL_FONTSIZE
    ax.legend(
        handles=handles,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        borderaxespad=pad_em,
        ncol=len(handles) if needed_pt <= width_pt else 1,
        fontsize=LABEL_FONTSIZE,
        frameon=False,
        handletextpad=0.4,
        columnspacing=1.2,
    )


def _plain_axes(ax: Axes) -> None:
    ax.set_aspect("equal")
    ax.tick_params(length=0, labelsize=LABEL_FONTSIZE, labelcolor="#444444")
    for spine in ax.spines.values():
        spine.set_visible(False)


# k in a row -------------------------------------------------------------------------------------


def _draw_rows(ax: Axes, state: BoardState, kind: str) -> None:
    """Tic-tac-toe marks or Connect Four discs, the last move marked."""
    from matplotlib.patches import Circle, Rectangle

    h, v = state.h, state.v
    if kind == "discs":
        ax.add_patch(Rectangle((0, 0), v, h, facecolor=BOARD_COLOUR, edgecolor="none", zorder=0))
    for row in range(1, h + 1):
        for col in range(1, v + 1):
            cx, cy = col - 0.5, h - row + 0.5
            mark = state.board.get((row, col))
            last = state.last_move == (row, col)
            if kind == "marks":
                if last:
                    square = Rectangle((col - 1, h - row), 1, 1, facecolor=LAST_MOVE_COLOUR)
                    square.set(edgecolor="none", zorder=0, gid="last-move")
                    ax.add_patch(square)
                if mark == "X":
                    d = 0.3
                    ax.plot(
                        [cx - d, cx + d, math.nan, cx - d, cx + d],
                        [cy - d, cy + d, math.nan, cy + d, cy - d],
                        color=PLAYER_COLOURS["X"],
                        linewidth=3.5,
                        solid_capstyle="round",
                        zorder=2,
                        gid=f"mark:X:{row},{col}",
                    )
                elif mark == "O":
                    ring = Circle((cx, cy), 0.3, facecolor="none", edgecolor=PLAYER_COLOURS["O"])
                    ring.set(linewidth=3.5, zorder=2, gid=f"mark:O:{row},{col}")
                    ax.add_patch(ring)
                continue
            # A white hole on the blue board; a disc sits inside it and never touches the blue.
            hole = Circle((cx, cy), 0.44, facecolor=HOLE_COLOUR, edgecolor="none", zorder=1)
            hole.set_gid(f"hole:{row},{col}")
            ax.add_patch(hole)
            if not mark:
                continue
            disc = Circle((cx, cy), 0.36, facecolor=PLAYER_COLOURS[mark], edgecolor="none")
            disc.set(zorder=2, gid=f"disc:{mark}:{row},{col}")
            ax.add_patch(disc)
            ax.text(
                cx,
                cy,
                mark,
                ha="center",
                va="center",
                fontsize=FONTSIZE,
                fontweight="bold",
                color=PLAYER_INK[mark],
                zorder=3,
                gid=f"letter:{mark}:{row},{col}",
            )
            if last:  # a dashed ring inside the disc, in its letter's colour
                ring = Circle((cx, cy), 0.29, facecolor="none", edgecolor=PLAYER_INK[mark])
                ring.set(linewidth=1.5, linestyle=(0, (3, 2)), zorder=3, gid="last-move")
                ax.add_patch(ring)
    if kind == "marks":
        for i in range(1, v):
            ax.plot([i, i], [0, h], color="black", linewidth=1.5, zorder=1)
        for i in range(1, h):
            ax.plot([0, v], [i, i], color="black", linewidth=1.5, zorder=1)
    ax.set_xlim(0, v)
    ax.set_ylim(0, h)
    ax.set_xticks([c - 0.5 for c in range(1, v + 1)], [str(c) for c in range(1, v + 1)])
    ax.set_yticks([h - r + 0.5 for r in range(1, h + 1)], [str(r) for r in range(1, h + 1)])


# Hex --------------------------------------------------------------------------------------------

_ROOT3 = math.sqrt(3)


def hex_centre(cell: tuple[int, int], size: int) -> tuple[float, float]:
    """Where cell ``(row, col)`` of a Hex board is drawn: cells one unit apart in a row, each
    row half a unit further right than the one above, row 1 at the top.

    >>> hex_centre((1, 1), 5), hex_centre((2, 1), 5)
    ((0.0, 0.0), (0.5, -0.866))
    """
    row, col = cell
    return (col - 1) + (row - 1) / 2, round(-(row - 1) * _ROOT3 / 2, 3)


def _hex_corner(x: float, y: float, degrees: float) -> tuple[float, float]:
    radius = 1 / _ROOT3  # pointy-top hexagons one unit wide
    return x + radius * math.cos(math.radians(degrees)), y + radius * math.sin(
        math.radians(degrees)
    )


def _draw_hex(ax: Axes, state: Any) -> None:
    """Hexagons in a rhombus; X's edges (top, bottom) in blue, O's (left, right) in orange."""
    from matplotlib.patches import Circle, RegularPolygon

    from gamekit.hex import column_letters

    n = state.size
    board = state.board
    for row in range(1, n + 1):
        for col in range(1, n + 1):
            x, y = hex_centre((row, col), n)
            last = state.last_move == (row, col)
            cell = RegularPolygon((x, y), 6, radius=1 / _ROOT3, orientation=0)
            cell.set(facecolor=LAST_MOVE_COLOUR if last else "#f4f4f4", edgecolor="#888888")
            cell.set(linewidth=1, zorder=1, gid="last-move" if last else None)
            ax.add_patch(cell)
            stone = board.get((row, col))
            if stone:
                disc = Circle((x, y), 0.34, facecolor=PLAYER_COLOURS[stone], edgecolor="#222222")
                disc.set(linewidth=1, zorder=2, gid=f"stone:{stone}:{row},{col}")
                ax.add_patch(disc)
                ax.text(
                    x,
                    y,
                    stone,
                    ha="center",
                    va="center",
                    fontsize=FONTSIZE * 0.9,
                    fontweight="bold",
                    color=PLAYER_INK[stone],
                    zorder=3,
                )
    # Each player's two edges: the outer sides of the cells along them, as thick lines.
    sides = {
        "X": [
            ([(1, c) for c in range(1, n + 1)], (150, 90, 30)),
            ([(n, c) for c in range(1, n + 1)], (210, 270, 330)),
        ],
        "O": [
            ([(r, 1) for r in range(1, n + 1)], (150, 210, 270)),
            ([(r, n) for r in range(1, n + 1)], (90, 30, 330)),
        ],
    }
    for player, edges in sides.items():
        for number, (cells, corners) in enumerate(edges):
            points = [_hex_corner(*hex_centre(cell, n), a) for cell in cells for a in corners]
            ax.plot(
                [p[0] for p in points],
                [p[1] for p in points],
                color=PLAYER_COLOURS[player],
                linewidth=5,
                solid_capstyle="round",
                zorder=0.5,
                gid=f"goal:{player}:{number}",
            )
    for col in range(1, n + 1):
        x, y = hex_centre((1, col), n)
        ax.text(
            x,
            y + 0.85,
            column_letters(col),
            ha="center",
            va="center",
            fontsize=LABEL_FONTSIZE,
            color="#444444",
        )
    for row in range(1, n + 1):
        x, y = hex_centre((row, 1), n)
        ax.text(
            x - 0.95,
            y,
            str(row),
            ha="center",
            va="center",
            fontsize=LABEL_FONTSIZE,
            color="#444444",
        )
    right, bottom = hex_centre((n, n), n)
    ax.set_xlim(-1.5, right + 0.9)
    ax.set_ylim(bottom - 0.9, 1.25)
    ax.set_xticks([])
    ax.set_yticks([])


# Quarto -----------------------------------------------------------------------------------------


def _draw_piece(ax: Axes, piece: int, x: float, y: float, scale: float, gid: str) -> None:
    """One Quarto piece showing its four attributes, its name below: dark or light; round or
    square; tall (big) or short (small); hollow (a hole in the middle) or solid."""
    from matplotlib.patches import Circle, Rectangle

    from gamekit.quarto import piece_name

    light, square, short, solid = (piece >> bit & 1 for bit in range(4))
    r = (0.19 if short else 0.29) * scale
    style = {"facecolor": QUARTO_LIGHT if light else QUARTO_DARK, "edgecolor": "#222222"}
    style.update(linewidth=1.2, zorder=2, gid=gid)
    centre = (x, y + 0.1 * scale)
    if square:
        ax.add_patch(Rectangle((centre[0] - r, centre[1] - r), 2 * r, 2 * r, **style))
    else:
        ax.add_patch(Circle(centre, r, **style))
    if not solid:
        hole = Circle(centre, r * 0.42, facecolor="white", edgecolor="#222222", linewidth=1)
        hole.set_zorder(3)
        ax.add_patch(hole)
    name = ax.text(x, y - 0.22 * scale, piece_name(piece), ha="center", va="top")
    name.set(fontsize=LABEL_FONTSIZE, color="#333333", zorder=3, gid=f"name:{gid}")


QUARTO_KEY = "D/L dark/light · R/S round/square\nT/S tall (big)/short · H/O hollow/solid"


def _draw_quarto(ax: Axes, state: Any) -> None:
    """The 4 x 4 board, the piece in hand beside it, the pieces left below it and a key to the
    pieces' letters; the cells of a winning line are outlined in the winner's colour."""
    from matplotlib.patches import Rectangle

    for row in range(1, 5):
        for col in range(1, 5):
            last = state.last_move is not None and state.last_move.cell == (row, col)
            cell = Rectangle((col - 1, 4 - row), 1, 1, facecolor="white", edgecolor="#666666")
            cell.set(linewidth=1, zorder=0)
            if last:
                cell.set(facecolor=LAST_MOVE_COLOUR, gid="last-move")
            ax.add_patch(cell)
            piece = state.board.get((row, col))
            if piece is not None:
                _draw_piece(ax, piece, col - 0.5, 4 - row + 0.5, 1.0, f"piece:{row},{col}")
    line = state.winning_line if state.winner else None
    if line is not None:  # the line's cells in the winner's tint, outlined in their colour
        for row, col in line.cells:
            tint = Rectangle((col - 1, 4 - row), 1, 1, facecolor=PLAYER_TINTS[state.winner])
            tint.set(edgecolor=PLAYER_COLOURS[state.winner], linewidth=2.5, zorder=0.5)
            tint.set_gid(f"winning-cell:{row},{col}")
            ax.add_patch(tint)
    if state.to_place is not None:
        ax.text(5.0, 3.95, "in hand", ha="center", va="top", fontsize=LABEL_FONTSIZE)
        _draw_piece(ax, state.to_place, 5.0, 3.1, 1.0, "hand")
    step = 0.62
    for i, piece in enumerate(state.available):
        x, y = 0.31 + (i % 8) * step, -0.55 - (i // 8) * 0.72
        _draw_piece(ax, piece, x, y, 0.6, f"left:{piece}")
    key = ax.text(0, -1.75, QUARTO_KEY, ha="left", va="top", fontsize=LABEL_FONTSIZE)
    key.set(color="#444444", linespacing=1.3, gid="key")
    ax.set_xlim(-0.05, 5.65)
    ax.set_ylim(-2.55, 4.05)
    ax.set_xticks([c - 0.5 for c in range(1, 5)], [str(c) for c in range(1, 5)])
    ax.set_yticks([4 - r + 0.5 for r in range(1, 5)], [str(r) for r in range(1, 5)])
    ax.xaxis.tick_top()


# The public functions ---------------------------------------------------------------------------


def draw_board(
    state: Any,
    *,
    ax: Axes | None = None,
    title: str | None = None,
    game: Game | None = None,
    style: str | None = None,
    legend: bool = True,
) -> Axes:
    """Draw a position: X/O marks (tic-tac-toe), discs (Connect Four), a Hex board or a Quarto
    board, with a legend of the players.

    Row 1 is at the top, column 1 at the left, as in the ``(row, col)`` moves; the last move is
    marked. For k-in-a-row states ``style`` is ``'marks'`` or ``'discs'``: by default discs for a
    `ConnectFour` ``game``, else marks on square boards and discs on others. ``title`` defaults
    to a caption such as ``'X to move'``; pass ``''`` for none. Pieces carry gids: ``mark:X:r,c``
    (marks), ``disc:X:r,c`` (discs), ``stone:X:r,c`` (Hex), ``piece:r,c`` (Quarto), and
    ``last-move``.

    Raises:
        ValueError: for a state of another game, or an unknown ``style``.
    """
    kind = _kind_of(state, game, style)
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=_board_inches(state, kind))
    if kind == "hex":
        _draw_hex(ax, state)
    elif kind == "quarto":
        _draw_quarto(ax, state)
    else:
        _draw_rows(ax, state, kind)
    _plain_axes(ax)
    caption = _caption(state, kind) if title is None else title
    if caption:
        ax.set_title(caption, fontsize=FONTSIZE)
    if legend:
        if kind == "hex":
            roles = {"X": "joins top and bottom", "O": "joins left and right"}
            _legend_below(ax, _player_handles("discs", LABEL_FONTSIZE, roles), pad_em=0.2)
        elif kind == "quarto":
            pass  # the pieces belong to nobody; the caption says who moves
        else:
            _legend_below(ax, _player_handles(kind, LABEL_FONTSIZE))
    return ax


def board_png(state: Any, *, dpi: float = 100, **kwargs: Any) -> bytes:
    """`draw_board` rendered to PNG bytes (Agg, off-screen); same keyword arguments."""
    kind = _kind_of(state, kwargs.get("game"), kwargs.get("style"))
    fig = _agg_figure(_board_inches(state, kind))
    draw_board(state, ax=fig.add_subplot(), **kwargs)
    fig.tight_layout()
    return _png(fig, dpi)


def draw_boards(
    states: Sequence[Any],
    *,
    titles: Sequence[str] | None = None,
    game: Game | None = None,
    style: str | None = None,
    columns: int | None = None,
    width: float = TARGET_WIDTH_INCHES,
    fig: Figure | None = None,
) -> Figure:
    """Positions side by side, row after row, at a size that reads on a notebook page: as many
    boards on a row as ``width`` inches hold at `CELL_INCHES` a cell (or ``columns``), one
    legend for all. Returns the figure (made with pyplot unless ``fig`` is given).

    ``titles`` default to each board's caption ("X to move").
    """
    states = list(states)
    if not states:
        raise ValueError("draw_boards needs at least one position; got none")
    if titles is not None and len(titles) != len(states):
        raise ValueError(
            f"{len(titles)} titles for {len(states)} positions: give one title per position"
        )
    kind = _kind_of(states[0], game, style)
    board_w, board_h = _board_inches(states[0], kind)
    board_h -= 0.3  # one legend for the figure, not one per board
    if columns is None:
        columns = max(1, min(len(states), int(width // board_w)))
    elif isinstance(columns, bool) or not isinstance(columns, int) or columns < 1:
        raise ValueError(f"columns must be a whole number >= 1, got {columns!r}")
    rows = math.ceil(len(states) / columns)
    size = (board_w * columns, board_h * rows + 0.5)
    if fig is None:
        import matplotlib.pyplot as plt

        fig = plt.figure(figsize=size)
    else:
        fig.set_size_inches(size)
    axes = fig.subplots(rows, columns, squeeze=False)
    for i, ax in enumerate(axes.flat):
        if i >= len(states):
            ax.axis("off")
            continue
        title = None if titles is None else titles[i]
        draw_board(states[i], ax=ax, title=title, game=game, style=style, legend=False)
    if kind != "quarto":
        roles = (
            {"X": "joins top and bottom", "O": "joins left and right"} if kind == "hex" else None
        )
        fig.legend(
            handles=_player_handles("discs" if kind == "hex" else kind, LABEL_FONTSIZE, roles),
            loc="lower center",
            ncol=2,
            fontsize=LABEL_FONTSIZE,
            frameon=False,
        )
    fig.tight_layout(rect=(0, 0.4 / size[1], 1, 1))
    return fig


def boards_png(states: Sequence[Any], *, dpi: float = 100, **kwargs: Any) -> bytes:
    """`draw_boards` rendered to PNG bytes (Agg, off-screen); same keyword arguments."""
    fig = draw_boards(states, fig=_agg_figure((1, 1)), **kwargs)
    return _png(fig, dpi)


__all__ = ["board_png", "boards_png", "draw_board", "draw_boards", "hex_centre"]
