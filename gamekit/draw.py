"""Pictures for the course: game trees, boards and search statistics, drawn with matplotlib.

Every ``draw_*``/``plot_*`` function takes ``ax=None`` (a new figure when None) and returns the
matplotlib ``Axes``; ``*_png`` functions return PNG bytes rendered off-screen (Agg), which is what
notebooks' ``_repr_png_`` and widgets use. pyplot is imported inside the functions, so
``import gamekit`` stays fast.

Pieces of a tree picture carry a ``gid`` so tests and curious students can find them:
``node:<name>``, ``edge:<parent>:<label>``, ``name:<name>``, ``value:<name>``,
``interval:<name>``, ``utility:<leaf>``, ``edgelabel:<parent>:<label>``, ``highlight:<name>``.
"""

from __future__ import annotations

import io
import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from gamekit.explain import format_value
from gamekit.gametree import CHANCE, MAX, MIN, GameTree

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from gamekit.games import BoardState, Game

# Colours and sizes ---------------------------------------------------------------------------

KIND_MARKER = {MAX: "^", MIN: "v", CHANCE: "o", "LEAF": "s"}
KIND_COLOUR = {MAX: "#e45756", MIN: "#4c78a8", CHANCE: "#f2cf5b", "LEAF": "#d9d9d9"}
PRUNED_COLOUR = "#9e9e9e"
EDGE_COLOUR = "#333333"
VALUE_COLOUR = "#1a4f8b"
PROVISIONAL_COLOUR = "#b35900"
HIGHLIGHT_COLOUR = "#ff7f0e"
FADED_ALPHA = 0.25

BASE_FONTSIZE = 10.0  # points; shrunk when a big tree would not fit
MARKER_EM = 1.6  # inner-node marker size, in font sizes
LEAF_MARKER_EM = 1.0
SMALL = 0.85  # intervals and edge labels use this fraction of the font size
EDGE_LABEL_AT = 0.65  # edge labels sit this far along the edge, from the parent
MIN_SLOT_EM = 3.0  # leaf slots are at least this wide, for air between leaves
X_MARGIN = 0.7  # room left and right of the outermost leaves, in leaf slots
LEVEL_EM = 5.6  # height of one tree level, in font sizes
PAD_EM = 0.25
GAP_EM = 0.4  # between a marker and the text beside it
MAX_FIGURE_INCHES = (36.0, 20.0)

_TEXT_BOX = {"boxstyle": "square,pad=0.06", "fc": "white", "ec": "none", "alpha": 0.85}
_WIDE = {"∞": 0.9, "W": 1.0, "M": 0.9, "m": 0.98, "w": 0.82}
_NARROW = {" ": 0.32, ",": 0.32, ".": 0.32, ":": 0.34, "[": 0.39, "]": 0.39, "(": 0.39, ")": 0.39}
_NARROW.update(dict.fromkeys("iljtfI", 0.35))


def _text_em(text: str, bold: bool = False) -> float:
    """A generous estimate of the width of ``text`` in font sizes (DejaVu Sans)."""
    width = sum(_WIDE.get(ch, _NARROW.get(ch, 0.72)) for ch in text)
    return width * (1.1 if bold else 1.0)


# Tree layout ---------------------------------------------------------------------------------


def tree_layout(tree: GameTree) -> dict[Any, tuple[float, float]]:
    """``{node: (x, y)}``: leaves one unit apart left to right in edge order, each parent
    centred over its first and last child, ``y = -depth``.

    Two nodes on one level are always at least one unit apart: their subtrees own disjoint,
    ordered runs of leaf slots, and a node sits within the run of its own subtree.

    >>> from gamekit.gametree import first_tree
    >>> pos = tree_layout(first_tree())
    >>> pos["A"], pos["B"], pos["B1"], pos["E4"]
    ((7.5, 0), (1.5, -1), (0, -2), (15, -2))
    """
    pos: dict[Any, tuple[float, float]] = {}
    next_slot = 0

    def place(node: Any, depth: int) -> float:
        nonlocal next_slot
        children = list(tree.edges.get(node, {}).values())
        if not children:
            x: float = next_slot
            next_slot += 1
        else:
            xs = [place(child, depth + 1) for child in children]
            x = (xs[0] + xs[-1]) / 2
        pos[node] = (x, -depth)
        return x

    place(tree.initial, 0)
    return pos


def _subtree(tree: GameTree, node: Any) -> list[Any]:
    found, stack = [], [node]
    while stack:
        current = stack.pop()
        found.append(current)
        stack.extend(tree.edges.get(current, {}).values())
    return found


def _kind(tree: GameTree, node: Any) -> str:
    return "LEAF" if tree.terminal_test(node) else tree.to_move(node)


def _interval_text(interval: tuple[float, float]) -> str:
    alpha, beta = interval
    return f"[{format_value(alpha)}, {format_value(beta)}]"


def _edge_text(tree: GameTree, parent: Any, label: Any) -> str:
    if tree.kinds.get(parent) == CHANCE and parent in tree.chances:
        p = tree.chances[parent][label]
        return f"{label}: {round(p, 2):g}"
    return str(label)


class _TreeTexts:
    """The strings a tree picture shows, and the room (in font sizes) they need."""

    def __init__(
        self,
        tree: GameTree,
        values: Mapping[Any, float] | None,
        intervals: Mapping[Any, tuple[float, float]] | None,
        leaf_names: bool,
    ) -> None:
        self.names: dict[Any, str] = {}
        self.values: dict[Any, str] = {}
        self.intervals: dict[Any, str] = {}
        self.utilities: dict[Any, str] = {}
        self.edges: dict[tuple[Any, Any], str] = {}
        for node in tree.nodes():
            if tree.terminal_test(node):
                self.utilities[node] = format_value(tree.utilities[node])
                if leaf_names:
                    self.names[node] = str(node)
                continue
            self.names[node] = str(node)
            if values is not None and node in values:
                self.values[node] = format_value(values[node])
            if intervals is not None and node in intervals:
                self.intervals[node] = _interval_text(intervals[node])
            for label in tree.edges[node]:
                self.edges[(node, label)] = _edge_text(tree, node, label)

    def extents(self, node: Any) -> tuple[float, float]:
        """How far (in font sizes) the texts of ``node`` reach to its left and to its right."""
        name = self.names.get(node)
        if node in self.utilities:
            half = (_text_em(self.utilities[node]) + PAD_EM) / 2
            left = max(LEAF_MARKER_EM / 2, half)
            if name:
                left = max(left, LEAF_MARKER_EM / 2 + GAP_EM + _text_em(name))
            return left, max(LEAF_MARKER_EM / 2, half)
        half = (_text_em(self.intervals.get(node, "")) * SMALL + PAD_EM) / 2
        left = MARKER_EM / 2 + GAP_EM + _text_em(name or "")
        right = MARKER_EM / 2
        if node in self.values:
            right += GAP_EM + _text_em(self.values[node], bold=True)
        return max(left, half), max(right, half)

    def unit_em(self, tree: GameTree, pos: Mapping[Any, tuple[float, float]]) -> float:
        """Width of one leaf slot, in font sizes, so that no two texts on a level meet and none
        sticks out of the picture."""
        needs = [MIN_SLOT_EM]
        right_end = max(x for x, _ in pos.values()) + X_MARGIN
        levels: dict[float, list[Any]] = {}
        for node, (_, y) in pos.items():
            levels.setdefault(y, []).append(node)
        for nodes in levels.values():
            nodes.sort(key=lambda n: pos[n][0])
            reach = [self.extents(n) for n in nodes]
            needs.append(reach[0][0] / (pos[nodes[0]][0] + X_MARGIN))
            needs.append(reach[-1][1] / (right_end - pos[nodes[-1]][0]))
            for i in range(1, len(nodes)):
                gap = pos[nodes[i]][0] - pos[nodes[i - 1]][0]
                needs.append((reach[i - 1][1] + reach[i][0] + PAD_EM) / gap)
        # Edge labels: those on edges into one level sit on one line, in child order.
        t = EDGE_LABEL_AT
        rows: dict[float, list[tuple[float, float]]] = {}
        for (parent, label), text in self.edges.items():
            (px, _), (cx, cy) = pos[parent], pos[tree.edges[parent][label]]
            rows.setdefault(cy, []).append((px + t * (cx - px), _text_em(text) * SMALL))
        for row in rows.values():
            row.sort()
            for (xa, wa), (xb, wb) in zip(row, row[1:], strict=False):
                needs.append(((wa + wb) / 2 + 2 * PAD_EM) / (xb - xa))
        return max(needs)


def _fit_fontsize(
    ax: Axes, n_slots: int, n_levels: int, unit_em: float, base: float
) -> tuple[float, float]:
    """The font size that makes the tree fit ``ax``, and the width of one slot in points."""
    fig = ax.get_figure()
    box = ax.get_position()
    width_pt = box.width * fig.get_figwidth() * 72
    height_pt = box.height * fig.get_figheight() * 72
    slot_pt = width_pt / (n_slots - 1 + 2 * X_MARGIN)
    level_pt = height_pt / (n_levels - 1 + 0.9)
    return min(base, slot_pt / unit_em, level_pt / LEVEL_EM), slot_pt


def _tree_figsize(tree: GameTree, texts: _TreeTexts, base: float, title: bool) -> tuple:
    pos = tree_layout(tree)
    n_slots = int(max(x for x, _ in pos.values())) + 1
    n_levels = int(-min(y for _, y in pos.values())) + 1
    width = (n_slots - 1 + 2 * X_MARGIN) * texts.unit_em(tree, pos) * base / 72
    height = (n_levels - 1 + 0.9) * LEVEL_EM * base / 72 + (0.35 if title else 0.0)
    return (
        min(max(width, 3.0), MAX_FIGURE_INCHES[0]),
        min(max(height, 1.5), MAX_FIGURE_INCHES[1]),
    )


def _fill_figure(fig: Figure, title: bool) -> None:
    top = 1 - 0.3 / fig.get_figheight() if title else 0.99
    fig.subplots_adjust(left=0.005, right=0.995, bottom=0.01, top=top)


def draw_tree(
    tree: GameTree,
    *,
    values: Mapping[Any, float] | None = None,
    intervals: Mapping[Any, tuple[float, float]] | None = None,
    pruned: Iterable[tuple[Any, Any]] | None = None,
    highlight: Any = None,
    visited: Collection[Any] | None = None,
    ax: Axes | None = None,
    title: str | None = None,
    provisional: Collection[Any] | None = None,
    leaf_names: bool = False,
    fontsize: float = BASE_FONTSIZE,
) -> Axes:
    """Draw a `GameTree`: MAX nodes as upward triangles, MIN as downward ones, chance nodes as
    circles, leaves as small squares with their utility (for MAX) below.

    Args:
        values: ``{node: value}`` written in bold right of inner nodes (e.g. `minimax_values`).
        intervals: ``{node: (alpha, beta)}`` written as ``[alpha, beta]`` below inner nodes.
        pruned: ``(node, edge_label)`` pairs drawn dashed grey, with the subtree below faded.
        highlight: a node circled in orange (the node the search is at).
        visited: the nodes the search reached; the others are faded.
        provisional: nodes whose value is still a best-so-far (a search in progress): their
            values are written in orange italics instead of bold blue.
        leaf_names: also write each leaf's name left of it.
        fontsize: the largest font size; big trees use a smaller one so nothing overlaps.
    """
    pos = tree_layout(tree)
    texts = _TreeTexts(tree, values, intervals, leaf_names)
    if ax is None:
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=_tree_figsize(tree, texts, fontsize, bool(title)))
        _fill_figure(fig, bool(title))
    n_slots = int(max(x for x, _ in pos.values())) + 1
    n_levels = int(-min(y for _, y in pos.values())) + 1
    fs, slot_pt = _fit_fontsize(ax, n_slots, n_levels, texts.unit_em(tree, pos), fontsize)

    pruned_edges = {(node, label) for node, label in (pruned or ())}
    faded = set()
    for node, label in pruned_edges:
        if label in tree.edges.get(node, {}):
            faded.update(_subtree(tree, tree.edges[node][label]))
    if visited is not None:
        seen = set(visited)
        faded.update(node for node in pos if node not in seen)

    still_open = set(provisional or ())

    def alpha_of(node: Any) -> float:
        return FADED_ALPHA if node in faded else 1.0

    from matplotlib.lines import Line2D
    from matplotlib.transforms import offset_copy

    fig = ax.get_figure()
    shifted: dict[tuple[float, float], Any] = {}

    def write(text: str, x: float, y: float, dx: float = 0, dy: float = 0, **style: Any) -> None:
        """Text at ``(x, y)`` in data units, moved by ``(dx, dy)`` points (cheaper than
        ``annotate``, which matters when a widget redraws the tree at every click)."""
        if (dx, dy) not in shifted:
            shifted[(dx, dy)] = offset_copy(ax.transData, fig=fig, x=dx, y=dy, units="points")
        ax.text(x, y, text, transform=shifted[(dx, dy)], **style)

    def line(xs: list[float], ys: list[float], **style: Any) -> None:
        ax.add_line(Line2D(xs, ys, **style))

    # Edges and their labels.
    t = EDGE_LABEL_AT
    for parent, children in tree.edges.items():
        px, py = pos[parent]
        for label, child in children.items():
            cx, cy = pos[child]
            is_pruned = (parent, label) in pruned_edges
            line(
                [px, cx],
                [py, cy],
                color=PRUNED_COLOUR if is_pruned else EDGE_COLOUR,
                linestyle="--" if is_pruned else "-",
                linewidth=max(0.6, fs / 8),
                alpha=1.0 if is_pruned else alpha_of(child),
                zorder=1,
                gid=f"edge:{parent}:{label}",
            )
            write(
                texts.edges[(parent, label)],
                px + t * (cx - px),
                py + t * (cy - py),
                ha="center",
                va="center",
                fontsize=fs * SMALL,
                color=PRUNED_COLOUR if is_pruned else EDGE_COLOUR,
                alpha=alpha_of(child),
                zorder=2,
                bbox=dict(_TEXT_BOX),
                gid=f"edgelabel:{parent}:{label}",
            )

    # Nodes and their texts.
    for node, (x, y) in pos.items():
        kind = _kind(tree, node)
        leaf = kind == "LEAF"
        size = (LEAF_MARKER_EM if leaf else MARKER_EM) * fs
        alpha = alpha_of(node)
        line(
            [x],
            [y],
            marker=KIND_MARKER[kind],
            markersize=size,
            markerfacecolor=KIND_COLOUR[kind],
            markeredgecolor="black",
            markeredgewidth=max(0.5, fs / 12),
            linestyle="none",
            alpha=alpha,
            zorder=3,
            gid=f"node:{node}",
        )
        side = round(size / 2 + GAP_EM * fs, 3)
        if node in texts.names:
            write(
                texts.names[node],
                x,
                y,
                -side,
                0,
                ha="right",
                va="center",
                fontsize=fs,
                alpha=alpha,
                zorder=4,
                bbox=dict(_TEXT_BOX),
                gid=f"name:{node}",
            )
        if leaf:
            write(
                texts.utilities[node],
                x,
                y,
                0,
                -side,
                ha="center",
                va="top",
                fontsize=fs,
                alpha=alpha,
                zorder=4,
                gid=f"utility:{node}",
            )
            continue
        if node in texts.values:
            final = node not in still_open
            write(
                texts.values[node],
                x,
                y,
                side,
                0,
                ha="left",
                va="center",
                fontsize=fs,
                fontweight="bold",
                fontstyle="normal" if final else "italic",
                color=VALUE_COLOUR if final else PROVISIONAL_COLOUR,
                alpha=alpha,
                zorder=4,
                bbox=dict(_TEXT_BOX),
                gid=f"value:{node}",
            )
        if node in texts.intervals:
            write(
                texts.intervals[node],
                x,
                y,
                0,
                -side,
                ha="center",
                va="top",
                fontsize=fs * SMALL,
                color="#444444",
                alpha=alpha,
                zorder=4,
                bbox=dict(_TEXT_BOX),
                gid=f"interval:{node}",
            )

    if highlight is not None and highlight in pos:
        x, y = pos[highlight]
        kind = _kind(tree, highlight)
        size = (LEAF_MARKER_EM if kind == "LEAF" else MARKER_EM) * fs
        line(  # a soft disc behind the node ...
            [x],
            [y],
            marker="o",
            markersize=size * 1.5,
            markerfacecolor=HIGHLIGHT_COLOUR,
            markeredgecolor="none",
            alpha=0.45,
            linestyle="none",
            zorder=2.5,
            gid=f"highlight:{highlight}",
        )
        line(  # ... and the node outlined in the same colour
            [x],
            [y],
            marker=KIND_MARKER[kind],
            markersize=size,
            markerfacecolor="none",
            markeredgecolor=HIGHLIGHT_COLOUR,
            markeredgewidth=max(1.5, fs / 4),
            linestyle="none",
            zorder=3.5,
            gid=f"outline:{highlight}",
        )

    ax.set_xlim(-X_MARGIN, n_slots - 1 + X_MARGIN)
    ax.set_ylim(-(n_levels - 1) - 0.6, 0.3)
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=max(fs, 8))
    return ax


def _png(fig: Figure, dpi: float) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, facecolor="white")
    return buffer.getvalue()


def _agg_figure(figsize: tuple[float, float]) -> Figure:
    """A figure drawn off-screen, never shown by pyplot (no duplicate picture in notebooks)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=figsize)
    FigureCanvasAgg(fig)
    return fig


def tree_png(tree: GameTree, *, dpi: float = 100, **kwargs: Any) -> bytes:
    """`draw_tree` rendered to PNG bytes (Agg, off-screen); same keyword arguments."""
    texts = _TreeTexts(
        tree, kwargs.get("values"), kwargs.get("intervals"), kwargs.get("leaf_names", False)
    )
    title = bool(kwargs.get("title"))
    fig = _agg_figure(_tree_figsize(tree, texts, kwargs.get("fontsize", BASE_FONTSIZE), title))
    ax = fig.add_subplot()
    _fill_figure(fig, title)
    draw_tree(tree, ax=ax, **kwargs)
    return _png(fig, dpi)


# Boards --------------------------------------------------------------------------------------

X_COLOUR = "#1f4e9c"
O_COLOUR = "#c0392b"
DISC_COLOURS = {"X": "#d62728", "O": "#f5c518"}
BOARD_BLUE = "#1f5fbf"
LAST_MOVE_COLOUR = "#fff3b0"


def _board_style(state: BoardState, game: Game | None, style: str | None) -> str:
    if style is not None:
        if style not in ("marks", "discs"):
            raise ValueError(f"style must be 'marks' or 'discs', got {style!r}")
        return style
    if game is not None:
        from gamekit.games import ConnectFour

        inner = getattr(game, "game", game)  # see through OrderedGame
        return "discs" if isinstance(inner, ConnectFour) else "marks"
    return "marks" if state.h == state.v else "discs"


def _board_caption(state: BoardState, kind: str) -> str:
    def who(player: str) -> str:
        return f"{player} ({'red' if player == 'X' else 'yellow'})" if kind == "discs" else player

    if state.utility:
        return f"{who('X' if state.utility > 0 else 'O')} has won"
    if not state.moves:
        return "draw"
    return f"{who(state.to_move)} to move"


def draw_board(
    state: BoardState,
    *,
    ax: Axes | None = None,
    title: str | None = None,
    game: Game | None = None,
    style: str | None = None,
) -> Axes:
    """Draw a k-in-a-row position: X/O marks (tic-tac-toe) or red/yellow discs (Connect Four).

    Row 1 is at the top, column 1 at the left, as in the ``(row, col)`` moves; the last move is
    marked. ``style`` is ``'marks'`` or ``'discs'``; by default discs for a `ConnectFour`
    ``game``, else marks on square boards and discs on others. ``title`` defaults to a caption
    such as ``'X to move'``; pass ``''`` for none. Pieces carry gids ``mark:X:r,c`` (marks),
    ``disc:X:r,c`` (discs) and ``last-move``.
    """
    from matplotlib.patches import Circle, Rectangle

    h, v = state.h, state.v
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(0.6 * v + 0.8, 0.6 * h + 0.9))
    kind = _board_style(state, game, style)

    def centre(row: int, col: int) -> tuple[float, float]:
        return col - 0.5, h - row + 0.5

    if kind == "discs":
        ax.add_patch(Rectangle((0, 0), v, h, facecolor=BOARD_BLUE, edgecolor="none", zorder=0))
    for row in range(1, h + 1):
        for col in range(1, v + 1):
            cx, cy = centre(row, col)
            mark = state.board.get((row, col))
            last = state.last_move == (row, col)
            if kind == "marks":
                if last:
                    ax.add_patch(
                        Rectangle(
                            (col - 1, h - row),
                            1,
                            1,
                            facecolor=LAST_MOVE_COLOUR,
                            edgecolor="none",
                            zorder=0,
                            gid="last-move",
                        )
                    )
                if mark == "X":
                    d = 0.3
                    ax.plot(
                        [cx - d, cx + d, math.nan, cx - d, cx + d],
                        [cy - d, cy + d, math.nan, cy + d, cy - d],
                        color=X_COLOUR,
                        linewidth=3,
                        solid_capstyle="round",
                        zorder=2,
                        gid=f"mark:X:{row},{col}",
                    )
                elif mark == "O":
                    ax.add_patch(
                        Circle(
                            (cx, cy),
                            0.3,
                            facecolor="none",
                            edgecolor=O_COLOUR,
                            linewidth=3,
                            zorder=2,
                            gid=f"mark:O:{row},{col}",
                        )
                    )
            else:
                colour = DISC_COLOURS.get(mark, "white")
                ax.add_patch(
                    Circle(
                        (cx, cy),
                        0.4,
                        facecolor=colour,
                        edgecolor="black" if last else "#0d3a7a",
                        linewidth=2.5 if last else 1,
                        zorder=1,
                        gid=f"disc:{mark}:{row},{col}" if mark else None,
                    )
                )
                if last:
                    ax.plot(
                        [cx],
                        [cy],
                        marker="*",
                        markersize=10,
                        color="black",
                        linestyle="none",
                        zorder=3,
                        gid="last-move",
                    )
    if kind == "marks":
        for i in range(1, v):
            ax.plot([i, i], [0, h], color="black", linewidth=1.5, zorder=1)
        for i in range(1, h):
            ax.plot([0, v], [i, i], color="black", linewidth=1.5, zorder=1)
    ax.set_xlim(0, v)
    ax.set_ylim(0, h)
    ax.set_aspect("equal")
    ax.set_xticks([c - 0.5 for c in range(1, v + 1)], [str(c) for c in range(1, v + 1)])
    ax.set_yticks([h - r + 0.5 for r in range(1, h + 1)], [str(r) for r in range(1, h + 1)])
    ax.tick_params(length=0, labelsize=8, labelcolor="#666666")
    for spine in ax.spines.values():
        spine.set_visible(False)
    caption = _board_caption(state, kind) if title is None else title
    if caption:
        ax.set_title(caption, fontsize=10)
    return ax


def board_png(state: BoardState, *, dpi: float = 100, **kwargs: Any) -> bytes:
    """`draw_board` rendered to PNG bytes (Agg, off-screen); same keyword arguments."""
    fig = _agg_figure((0.6 * state.v + 0.8, 0.6 * state.h + 0.9))
    draw_board(state, ax=fig.add_subplot(), **kwargs)
    fig.tight_layout()
    return _png(fig, dpi)


# Search statistics ---------------------------------------------------------------------------


def _new_axes(ax: Axes | None, figsize: tuple[float, float]) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=figsize)
    return ax


def plot_nodes_by_depth(
    data: Mapping[str, Mapping[int, float]],
    *,
    ax: Axes | None = None,
    log: bool = True,
    title: str | None = None,
    xlabel: str = "search depth (plies)",
    ylabel: str = "nodes generated",
) -> Axes:
    """One line per engine: nodes generated against search depth, ``{label: {depth: nodes}}``.

    With ``log=True`` (default) the node axis is logarithmic, so exponential growth shows as a
    straight line whose slope is the branching factor.
    """
    ax = _new_axes(ax, (6, 4))
    for label, counts in data.items():
        depths = sorted(counts)
        ax.plot(depths, [counts[d] for d in depths], marker="o", label=str(label))
    if log:
        ax.set_yscale("log")
    depths = sorted({d for counts in data.values() for d in counts})
    if depths:
        ax.set_xticks(depths)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(True, which="major", alpha=0.3)
    if data:
        ax.legend()
    if title:
        ax.set_title(title)
    return ax


def effective_branching_factor(nodes: float, depth: int, *, tol: float = 1e-10) -> float:
    """The ``b`` with ``nodes = b + b**2 + ... + b**depth`` (AIMA's effective branching factor).

    ``nodes`` counts the nodes generated below the root (not the root itself). Solved by
    bisection: the sum grows with ``b``, so there is exactly one positive solution.

    >>> round(effective_branching_factor(14, 3), 6)  # 2 + 4 + 8
    2.0
    >>> round(effective_branching_factor(52, 5), 2)  # AIMA's example
    1.92
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ValueError(f"depth must be a whole number >= 1, got {depth!r}")
    if not nodes > 0 or math.isinf(nodes):
        raise ValueError(f"nodes must be a positive number, got {nodes!r}")

    def total(b: float) -> float:
        return sum(b**i for i in range(1, depth + 1))

    low, high = 0.0, max(1.0, float(nodes))
    while high - low > tol * max(1.0, high):
        mid = (low + high) / 2
        if total(mid) < nodes:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def plot_effective_branching(
    data: Mapping[str, Mapping[int, float]],
    *,
    ax: Axes | None = None,
    root_included: bool = True,
    title: str | None = None,
    xlabel: str = "search depth (plies)",
) -> Axes:
    """Effective branching factor against depth, one line per engine, from
    ``{label: {depth: nodes}}`` (the data of `plot_nodes_by_depth`). With ``root_included``
    the counts include the root (like ``trace.stats.nodes``), which is subtracted first."""
    ax = _new_axes(ax, (6, 4))
    for label, counts in data.items():
        depths = sorted(counts)
        factors = [
            effective_branching_factor(counts[d] - (1 if root_included else 0), d) for d in depths
        ]
        ax.plot(depths, factors, marker="o", label=str(label))
    depths = sorted({d for counts in data.values() for d in counts})
    if depths:
        ax.set_xticks(depths)
    ax.set_ylim(bottom=0)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("effective branching factor b*")
    ax.grid(True, alpha=0.3)
    if data:
        ax.legend()
    if title:
        ax.set_title(title)
    return ax


def _table_rows(
    rows: Sequence[Mapping[str, Any]] | Mapping[str, Sequence[Any]],
) -> tuple[list[str], list[list[str]]]:
    if isinstance(rows, Mapping):
        header = ["player", "wins", "draws", "losses"]
        body = []
        for label, result in rows.items():
            if len(result) != 3:
                raise ValueError(f"{label!r}: expected (wins, draws, losses), got {result!r}")
            body.append([str(label), *(format_value(x) for x in result)])
        return header, body
    header: list[str] = []
    for row in rows:
        header.extend(key for key in row if key not in header)
    body = [[format_value(row[key]) if key in row else "" for key in header] for row in rows]
    return header, body


def tournament_table(
    rows: Sequence[Mapping[str, Any]] | Mapping[str, Sequence[Any]],
    ax: Axes | None = None,
    *,
    title: str | None = None,
) -> Axes:
    """Draw a results table: a list of dicts (one per row, keys are columns) or a mapping
    ``{label: (wins, draws, losses)}``. The header row is bold."""
    header, body = _table_rows(rows)
    ax = _new_axes(ax, (max(3.0, 1.5 * len(header)), 0.35 * (len(body) + 1) + 0.6))
    ax.axis("off")
    table = ax.table(cellText=body or None, colLabels=header, loc="center", cellLoc="center")
    table.auto_set_font_size(False)
    table.set_fontsize(10)
    table.scale(1, 1.3)
    for (row, _), cell in table.get_celld().items():
        if row == 0:
            cell.set_text_props(fontweight="bold")
            cell.set_facecolor("#e8eef7")
    if title:
        ax.set_title(title)
    return ax


__all__ = [
    "board_png",
    "draw_board",
    "draw_tree",
    "effective_branching_factor",
    "plot_effective_branching",
    "plot_nodes_by_depth",
    "tournament_table",
    "tree_layout",
    "tree_png",
]
