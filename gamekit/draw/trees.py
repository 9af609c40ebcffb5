"""Game-tree pictures: `tree_layout`, `draw_tree` and `tree_png`.

The layout puts leaves one slot apart and each parent over the middle of its children; then
the figure is sized from the tree's width so that its text is at least `MIN_FONTSIZE` points at
the default 100 dpi, and no wider than a notebook shows (`TARGET_WIDTH_INCHES`) when that font
allows. Edges leave a node below its texts (its ``[alpha, beta]`` interval hangs under it) and
end at the top of the child's marker, so no edge crosses a node's name, value, interval or
utility. Edge labels of close siblings alternate between two heights so they need less room.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from gamekit.draw.checks import (
    check_node,
    checked_intervals,
    checked_nodes,
    checked_pruned,
    checked_values,
)
from gamekit.draw.colours import (
    CHANCE_COLOUR,
    EDGE_COLOUR,
    HIGHLIGHT_COLOUR,
    LEAF_COLOUR,
    MAX_COLOUR,
    MIN_COLOUR,
    PROVISIONAL_COLOUR,
    PRUNED_COLOUR,
    VALUE_COLOUR,
)
from gamekit.explain import format_value
from gamekit.gametree import CHANCE, MAX, MIN, GameTree

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

# Shapes, colours and sizes --------------------------------------------------------------------

KIND_MARKER = {MAX: "^", MIN: "v", CHANCE: "o", "LEAF": "s"}
KIND_COLOUR = {MAX: MAX_COLOUR, MIN: MIN_COLOUR, CHANCE: CHANCE_COLOUR, "LEAF": LEAF_COLOUR}
FADED_ALPHA = 0.25

BASE_FONTSIZE = 10.0  # points: the largest font size a tree uses
MIN_FONTSIZE = 9.0  # points: the smallest text (edge labels) in a figure sized here
TARGET_WIDTH_INCHES = 8.4  # what a notebook shows without shrinking (840 px at 100 dpi)
MAX_FIGURE_INCHES = (36.0, 20.0)  # past this, fonts shrink: such trees are for zooming into
SMALL = 0.9  # intervals and edge labels use this fraction of the font size
MARKER_EM = 1.6  # inner-node marker size, in font sizes
LEAF_MARKER_EM = 1.0
MIN_SLOT_EM = 2.0  # leaf slots are at least this wide
X_MARGIN = 0.6  # room left and right of the outermost leaves, in leaf slots
LEVEL_EM = 7.0  # height of one tree level, in font sizes
TOP_EM = 1.2  # room above the root's marker centre
BOTTOM_EM = 2.4  # room below the leaves' marker centres, for their utilities
LEGEND_ROW_EM = 1.6  # room for one row of the legend under the leaves
LEGEND_PAD_EM = 0.8  # and between the legend and the utilities
PAD_EM = 0.3  # air between two texts
GAP_EM = 0.35  # between a marker and the text beside it
TEXT_EM = 1.2  # height of a line of text with its box
EDGE_LABEL_AT = 0.5  # edge labels sit this far along the edge, from the parent's texts ...
STAGGERED_AT = (0.72, 0.32)  # ... or, when siblings are close, alternately at these fractions

_TEXT_BOX = {"boxstyle": "square,pad=0.06", "fc": "white", "ec": "none", "alpha": 0.9}
_WIDTHS = {ch: 0.64 for ch in "0123456789"}
_WIDTHS.update({"∞": 0.84, "+": 0.84, "-": 0.37, " ": 0.32, ",": 0.32, ".": 0.32, ":": 0.34})
_WIDTHS.update({"[": 0.4, "]": 0.4, "(": 0.4, ")": 0.4, "W": 1.0, "M": 0.87, "m": 0.98})
_WIDTHS.update({"w": 0.82, **dict.fromkeys("iljtfI", 0.35)})


def _text_em(text: str, bold: bool = False) -> float:
    """A generous estimate of the width of ``text`` in font sizes (DejaVu Sans)."""
    width = sum(_WIDTHS.get(ch, 0.74 if ch.isupper() else 0.64) for ch in text)
    return width * (1.12 if bold else 1.05)


# Layout ---------------------------------------------------------------------------------------


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


def _marker_em(tree: GameTree, node: Any) -> float:
    return LEAF_MARKER_EM if tree.terminal_test(node) else MARKER_EM


def _edge_text(tree: GameTree, parent: Any, label: Any) -> str:
    if tree.kinds.get(parent) == CHANCE and parent in tree.chances:
        return f"{label}: {round(tree.chances[parent][label], 2):g}"
    return str(label)


def _label_fractions(tree: GameTree, pos: Mapping[Any, tuple[float, float]]) -> dict:
    """``{(parent, label): t}``: how far along its edge each edge label sits. Siblings less
    than two slots apart alternate between two heights, so their labels need half the room."""
    where = {}
    for parent, children in tree.edges.items():
        xs = [pos[child][0] for child in children.values()]
        close = len(xs) > 1 and min(b - a for a, b in zip(xs, xs[1:], strict=False)) < 2
        for i, label in enumerate(children):
            where[(parent, label)] = STAGGERED_AT[i % 2] if close else EDGE_LABEL_AT
    return where


class _TreeTexts:
    """The strings a tree picture shows, the room (in font sizes) they need, and where edges
    start below each node."""

    def __init__(
        self,
        tree: GameTree,
        values: Mapping[Any, float] | None,
        intervals: Mapping[Any, tuple[float, float]] | None,
        leaf_names: bool,
    ) -> None:
        self.tree = tree
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
                alpha, beta = intervals[node]
                self.intervals[node] = f"[{format_value(alpha)}, {format_value(beta)}]"
            for label in tree.edges[node]:
                self.edges[(node, label)] = _edge_text(tree, node, label)

    def drop_em(self, node: Any) -> float:
        """How far below ``node``'s centre its edges start: under its marker, or under its
        interval when it has one."""
        half = _marker_em(self.tree, node) / 2
        if node in self.intervals:
            return half + GAP_EM + TEXT_EM * SMALL + 0.15
        return half

    def extents(self, node: Any) -> tuple[float, float]:
        """How far (in font sizes) the texts of ``node`` reach to its left and to its right."""
        name = self.names.get(node)
        half_marker = _marker_em(self.tree, node) / 2
        left = right = half_marker
        if name:
            left = half_marker + GAP_EM + _text_em(name)
        if node in self.utilities:
            half = (_text_em(self.utilities[node]) + PAD_EM) / 2
            return max(left, half), max(right, half)
        half = (_text_em(self.intervals.get(node, "")) * SMALL + PAD_EM) / 2
        if node in self.values:
            right += GAP_EM + _text_em(self.values[node], bold=True)
        return max(left, half), max(right, half)

    def label_boxes(self, pos: Mapping[Any, tuple[float, float]]) -> dict:
        """``{(parent, label): (x, y_em, width_em)}``: each edge label's centre (x in slots,
        y in font sizes below its parent's level) and its width, for a level `LEVEL_EM` tall."""
        boxes = {}
        for (parent, label), t in _label_fractions(self.tree, pos).items():
            (px, _), (cx, _) = pos[parent], pos[self.tree.edges[parent][label]]
            top = self.drop_em(parent)
            bottom = LEVEL_EM - _marker_em(self.tree, self.tree.edges[parent][label]) / 2
            width = _text_em(self.edges[(parent, label)]) * SMALL
            boxes[(parent, label)] = (px + t * (cx - px), top + t * (bottom - top), width)
        return boxes

    def unit_em(self, pos: Mapping[Any, tuple[float, float]]) -> float:
        """Width of one leaf slot, in font sizes, so that no two texts meet and none sticks out
        of the picture."""
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
        # Edge labels into one level: two whose heights overlap must not meet sideways.
        by_level: dict[float, list[tuple[float, float, float]]] = {}
        for (parent, _), box in self.label_boxes(pos).items():
            by_level.setdefault(pos[parent][1], []).append(box)
        for boxes in by_level.values():
            boxes.sort()
            for i, (xa, ya, wa) in enumerate(boxes):
                for xb, yb, wb in boxes[i + 1 :]:
                    if abs(ya - yb) < TEXT_EM * SMALL + 0.1 and xb > xa:
                        needs.append(((wa + wb) / 2 + PAD_EM) / (xb - xa))
        return max(needs)


def _levels(pos: Mapping[Any, tuple[float, float]]) -> tuple[int, int]:
    """The number of leaf slots and of levels."""
    return int(max(x for x, _ in pos.values())) + 1, int(-min(y for _, y in pos.values())) + 1


def _legend_em(rows: int) -> float:
    return rows * LEGEND_ROW_EM + LEGEND_PAD_EM if rows else 0.0


def _height_em(n_levels: int, legend_rows: int) -> float:
    return (n_levels - 1) * LEVEL_EM + TOP_EM + BOTTOM_EM + _legend_em(legend_rows)


def _legend_shape(labels: list[str], width_pt: float, fs: float) -> tuple[int, int]:
    """Columns and rows of a legend of ``labels``: as many on a row as ``width_pt`` holds."""
    if not labels:
        return 1, 0
    width_em = width_pt / (fs * SMALL)
    used, columns = 0.0, 0
    for label in labels:
        used += 1.6 + 0.8 + _text_em(label) + 1.2  # handle, gap, text, column spacing
        if used > width_em - 1:
            break
        columns += 1
    columns = max(1, columns)
    return columns, -(-len(labels) // columns)


def _fit_fontsize(
    ax: Axes, n_slots: int, n_levels: int, unit_em: float, base: float, labels: list[str]
) -> tuple[float, float, int]:
    """The font size that makes the tree fit ``ax``, the height of a level in font sizes, and
    the number of legend rows."""
    fig = ax.get_figure()
    box = ax.get_position()
    width_pt = box.width * fig.get_figwidth() * 72
    height_pt = box.height * fig.get_figheight() * 72
    slot_pt = width_pt / (n_slots - 1 + 2 * X_MARGIN)
    rows = _legend_shape(labels, width_pt, base)[1]
    fs = min(base, round(min(slot_pt / unit_em, height_pt / _height_em(n_levels, rows)), 6))
    spare_em = height_pt / fs - _height_em(n_levels, rows)
    return fs, LEVEL_EM + (spare_em / (n_levels - 1) if n_levels > 1 else 0.0), rows


def _tree_figsize(
    tree: GameTree, texts: _TreeTexts, base: float, title: bool, labels: list[str]
) -> tuple[tuple[float, float], float]:
    """A figure size, and its font size: ``base`` points if the tree then fits
    `TARGET_WIDTH_INCHES`, else a smaller font down to `MIN_FONTSIZE`, else a wider figure."""
    pos = tree_layout(tree)
    n_slots, n_levels = _levels(pos)
    width_em = (n_slots - 1 + 2 * X_MARGIN) * texts.unit_em(pos)
    smallest = min(base, MIN_FONTSIZE / SMALL)  # edge labels stay at MIN_FONTSIZE or more
    fs = max(smallest, min(base, TARGET_WIDTH_INCHES * 72 / width_em))
    width = min(max(width_em * fs / 72, 2.5), MAX_FIGURE_INCHES[0])
    rows = _legend_shape(labels, width * 72, fs)[1]
    height = _height_em(n_levels, rows) * fs / 72 + (_title_inches(fs) if title else 0.0)
    return (width / _FILL[0], min(height / _FILL[1], MAX_FIGURE_INCHES[1])), fs


_FILL = (0.99, 0.99)  # the share of the figure the axes take (`_fill_figure`), less the title


def _title_inches(fs: float) -> float:
    return 2.2 * fs / 72


def _fill_figure(fig: Figure, title: bool, fs: float) -> None:
    top = 1 - (_title_inches(fs) / fig.get_figheight() if title else 0.0)
    fig.subplots_adjust(left=0.005, right=0.995, bottom=0.005, top=top - 0.005)


def _legend_entries(tree: GameTree, pruned: bool) -> list[tuple[dict, str]]:
    """Line2D styles and texts of the legend: the kinds of node in ``tree``, and the marks."""
    kinds = {tree.to_move(n) for n in tree.edges}
    entries = []
    words = {MAX: "MAX to move (like X)", MIN: "MIN to move (like O)", CHANCE: "chance"}
    for kind in (MAX, MIN, CHANCE):
        if kind in kinds:
            style = {"marker": KIND_MARKER[kind], "markerfacecolor": KIND_COLOUR[kind]}
            entries.append(
                ({**style, "linestyle": "none", "markeredgecolor": "black"}, words[kind])
            )
    leaf = {"marker": "s", "markerfacecolor": LEAF_COLOUR, "markeredgecolor": "black"}
    entries.append(({**leaf, "linestyle": "none"}, "leaf: utility for MAX"))
    if pruned:
        entries.append(({"color": PRUNED_COLOUR, "linestyle": "--"}, "pruned edge"))
    return entries


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
    legend: bool = True,
) -> Axes:
    """Draw a `GameTree`: MAX nodes as upward triangles in X's blue, MIN nodes as downward ones
    in O's orange, chance nodes as circles, leaves as small squares with their utility (for MAX)
    below, and a legend under the leaves.

    Args:
        values: ``{node: value}`` written in bold right of inner nodes (e.g. `minimax_values`).
        intervals: ``{node: (alpha, beta)}`` written as ``[alpha, beta]`` below inner nodes.
        pruned: ``(node, edge_label)`` pairs drawn dashed, with the subtree below faded.
        highlight: a node ringed in yellow (the node the search is at).
        visited: the nodes the search reached; the others are faded.
        provisional: nodes whose value is still a best-so-far (a search in progress): their
            values are written in grey italics instead of bold black.
        leaf_names: also write each leaf's name left of it.
        fontsize: the largest font size; a wide tree uses a smaller one, down to `MIN_FONTSIZE`
            in a figure made here (in a given ``ax``, whatever fits).
        legend: draw the legend row.

    Raises:
        ValueError: for annotations of the wrong shape or naming nodes or edges not in the tree
            (the message shows the offending item and the shape expected).
    """
    values = checked_values(tree, values)
    intervals = checked_intervals(tree, intervals)
    pruned_edges = checked_pruned(tree, pruned)
    seen = checked_nodes(tree, visited, "visited")
    still_open = checked_nodes(tree, provisional, "provisional") or set()
    if highlight is not None:
        check_node(tree, highlight, "highlight")

    pos = tree_layout(tree)
    texts = _TreeTexts(tree, values, intervals, leaf_names)
    unit_em = texts.unit_em(pos)
    entries = _legend_entries(tree, bool(pruned_edges)) if legend else []
    labels = [text for _, text in entries]
    if ax is None:
        import matplotlib.pyplot as plt

        size, fs = _tree_figsize(tree, texts, fontsize, bool(title), labels)
        fig, ax = plt.subplots(figsize=size)
        _fill_figure(fig, bool(title), fs)
    n_slots, n_levels = _levels(pos)
    fs, level_em, legend_rows = _fit_fontsize(ax, n_slots, n_levels, unit_em, fontsize, labels)
    per_em = 1 / level_em  # one font size, in data units (a level is one unit tall)

    faded = set()
    for node, label in pruned_edges:
        faded.update(_subtree(tree, tree.edges[node][label]))
    if seen is not None:
        faded.update(node for node in pos if node not in seen)

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

    # Edges, from under the parent's texts to the top of the child's marker, and their labels.
    fractions = _label_fractions(tree, pos)
    for parent, children in tree.edges.items():
        px, py = pos[parent]
        start = py - texts.drop_em(parent) * per_em
        for label, child in children.items():
            cx, cy = pos[child]
            end = cy + _marker_em(tree, child) / 2 * per_em
            is_pruned = (parent, label) in pruned_edges
            line(
                [px, cx],
                [start, end],
                color=PRUNED_COLOUR if is_pruned else EDGE_COLOUR,
                linestyle=(0, (4, 2.5)) if is_pruned else "-",
                linewidth=max(1.0, fs / 8),
                alpha=1.0 if is_pruned else alpha_of(child),
                zorder=1,
                gid=f"edge:{parent}:{label}",
            )
            t = fractions[(parent, label)]
            write(
                texts.edges[(parent, label)],
                px + t * (cx - px),
                start + t * (end - start),
                ha="center",
                va="center",
                fontsize=fs * SMALL,
                color=PRUNED_COLOUR if is_pruned else EDGE_COLOUR,
                alpha=1.0 if is_pruned else alpha_of(child),
                zorder=2,
                bbox=dict(_TEXT_BOX),
                gid=f"edgelabel:{parent}:{label}",
            )

    # Nodes and their texts.
    for node, (x, y) in pos.items():
        kind = _kind(tree, node)
        size = _marker_em(tree, node) * fs
        alpha = alpha_of(node)
        line(
            [x],
            [y],
            marker=KIND_MARKER[kind],
            markersize=size,
            markerfacecolor=KIND_COLOUR[kind],
            markeredgecolor="black",
            markeredgewidth=max(0.6, fs / 12),
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
        if kind == "LEAF":
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
                color="#333333",
                alpha=alpha,
                zorder=4,
                bbox=dict(_TEXT_BOX),
                gid=f"interval:{node}",
            )

    if highlight is not None:
        x, y = pos[highlight]
        kind = _kind(tree, highlight)
        size = _marker_em(tree, highlight) * fs
        line(  # a soft disc behind the node ...
            [x],
            [y],
            marker="o",
            markersize=size * 1.6,
            markerfacecolor=HIGHLIGHT_COLOUR,
            markeredgecolor="none",
            alpha=0.8,
            linestyle="none",
            zorder=2.5,
            gid=f"highlight:{highlight}",
        )
        line(  # ... and the node outlined thickly
            [x],
            [y],
            marker=KIND_MARKER[kind],
            markersize=size,
            markerfacecolor="none",
            markeredgecolor="black",
            markeredgewidth=max(1.8, fs / 4),
            linestyle="none",
            zorder=3.5,
            gid=f"outline:{highlight}",
        )

    bottom = -(n_levels - 1) - (BOTTOM_EM + _legend_em(legend_rows)) * per_em
    ax.set_xlim(-X_MARGIN, n_slots - 1 + X_MARGIN)
    ax.set_ylim(bottom, TOP_EM * per_em)
    ax.axis("off")
    if legend:
        handles = [
            Line2D([], [], markersize=fs * 0.9, linewidth=max(1.0, fs / 8), label=text, **style)
            for style, text in entries
        ]
        ax.legend(
            handles=handles,
            loc="lower center",
            bbox_to_anchor=(0.5, 0.0),
            ncol=-(-len(handles) // legend_rows),
            fontsize=fs * SMALL,
            frameon=False,
            borderaxespad=0.1,
            borderpad=0.2,
            handlelength=1.6,
            columnspacing=1.2,
        )
    if title:
        ax.set_title(title, fontsize=fs * 1.1)
    return ax


def _png(fig: Figure, dpi: float) -> bytes:
    import io

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
    """`draw_tree` rendered to PNG bytes (Agg, off-screen); same keyword arguments. At the
    default 100 dpi the picture's pixels are its size on a notebook page."""
    values = checked_values(tree, kwargs.get("values"))
    intervals = checked_intervals(tree, kwargs.get("intervals"))
    pruned = checked_pruned(tree, kwargs.get("pruned"))
    texts = _TreeTexts(tree, values, intervals, kwargs.get("leaf_names", False))
    title = bool(kwargs.get("title"))
    base = kwargs.get("fontsize", BASE_FONTSIZE)
    entries = _legend_entries(tree, bool(pruned)) if kwargs.get("legend", True) else []
    size, fs = _tree_figsize(tree, texts, base, title, [text for _, text in entries])
    fig = _agg_figure(size)
    ax = fig.add_subplot()
    _fill_figure(fig, title, fs)
    draw_tree(tree, ax=ax, **kwargs)
    return _png(fig, dpi)


__all__ = [
    "BASE_FONTSIZE",
    "FADED_ALPHA",
    "KIND_COLOUR",
    "KIND_MARKER",
    "MIN_FONTSIZE",
    "TARGET_WIDTH_INCHES",
    "draw_tree",
    "tree_layout",
    "tree_png",
]
