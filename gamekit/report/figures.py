"""The report's pictures: matplotlib figures as inline SVG (no file, no network, no font files).

Figures are made without pyplot, so importing this module never changes the backend of a
notebook or a session that uses matplotlib too.

Text stays text (``svg.fonttype: none``), drawn in the page's own fonts. Figures sit on a light
panel in both colour schemes, so their ink reads the same in light and dark pages.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Sequence

import matplotlib
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from gamekit.i18n import _, ngettext, number

BAR = "#3b6ea8"
INK = "#222222"
LABELLED_ROWS = 60  # a heat map names its students only up to this many rows


def to_svg(figure: Figure) -> str:
    """The figure as an ``<svg>`` element (the XML header and doctype dropped)."""
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "gamekit-report"}):
        figure.savefig(buffer, format="svg", bbox_inches="tight", transparent=True)
    text = buffer.getvalue()
    return text[text.index("<svg") :] if "<svg" in text else text


def _style(axes: Axes) -> None:
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    axes.tick_params(colors=INK, labelsize=9)
    for side in ("left", "bottom"):
        axes.spines[side].set_color(INK)


def histogram_svg(bins: Sequence[tuple[float, float, int]], out_of: float) -> str:
    """Bars of the total scores' bins, each labelled with its count."""
    figure = Figure(figsize=(6.4, 2.6))
    axes = figure.subplots()
    lefts = [b[0] for b in bins]
    widths = [b[1] - b[0] for b in bins]
    counts = [b[2] for b in bins]
    bars = axes.bar(lefts, counts, width=widths, align="edge", color=BAR, edgecolor="white")
    for bar, count in zip(bars, counts, strict=True):
        if count:
            axes.annotate(
                str(count),
                (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                ha="center",
                va="bottom",
                fontsize=8,
                color=INK,
            )
    axes.set_xlim(0, max(out_of, bins[-1][1] if bins else 1))
    axes.set_ylim(0, max([*counts, 1]) * 1.18)
    label = _("total score (out of {out_of})").format(out_of=number(out_of))
    axes.set_xlabel(label, color=INK, fontsize=9)
    axes.set_ylabel(_("submissions"), color=INK, fontsize=9)
    axes.yaxis.get_major_locator().set_params(integer=True)
    _style(axes)
    return to_svg(figure)


def heatmap_svg(
    rows: Sequence[str], columns: Sequence[str], shares: Sequence[Sequence[float | None]]
) -> str:
    """Students (rows) x assignments (columns), each cell the share of the assignment's points
    (None: no submission, drawn grey). Row labels only when there are few rows (``rows`` may
    be empty: anonymous, or too many names to read)."""
    import numpy as np

    values = np.array(
        [[math.nan if v is None else v for v in row] for row in shares], dtype=float
    ).reshape(len(shares), len(columns))
    height = min(max(1.6, 0.2 * len(shares) + 1.0), 6.0)
    figure = Figure(figsize=(max(4.0, 1.0 * len(columns) + 2.5), height))
    axes = figure.subplots()
    colours = matplotlib.colormaps["viridis"].with_extremes(bad="#bbbbbb")
    image = axes.imshow(
        values, aspect="auto", cmap=colours, vmin=0, vmax=1, interpolation="nearest"
    )
    axes.set_xticks(range(len(columns)), list(columns), rotation=30, ha="right", fontsize=8)
    if rows and len(rows) <= LABELLED_ROWS:
        axes.set_yticks(range(len(rows)), list(rows), fontsize=8)
    else:
        axes.set_yticks([])
        label = ngettext(
            "{n} student, highest total first", "{n} students, highest total first", len(shares)
        ).format(n=len(shares))
        axes.set_ylabel(label, color=INK, fontsize=9)
    bar = figure.colorbar(image, ax=axes, fraction=0.05)
    bar.set_label(_("share of the points (grey: no submission)"), color=INK, fontsize=8)
    bar.ax.tick_params(colors=INK, labelsize=8)
    _style(axes)
    return to_svg(figure)


def strip_ids(svg: str, prefix: str) -> str:
    """Give every id of one figure (and its references) a prefix, so two inline figures on
    one page never share an id.

    >>> strip_ids('<g id="a"><use xlink:href="#a"/><path clip-path="url(#a)"/></g>', "h-")
    '<g id="h-a"><use xlink:href="#h-a"/><path clip-path="url(#h-a)"/></g>'
    """
    svg = re.sub(r'\bid="([^"]+)"', rf'id="{prefix}\1"', svg)
    svg = re.sub(r'href="#([^"]+)"', rf'href="#{prefix}\1"', svg)
    return re.sub(r"url\(#([^)]+)\)", rf"url(#{prefix}\1)", svg)
