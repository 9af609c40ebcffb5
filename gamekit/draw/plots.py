"""Search statistics and results: node counts by depth, effective branching factors, tables.

Each function takes ``ax=None`` (a new figure when None) and returns the matplotlib ``Axes``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from gamekit.explain import format_value

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes


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
    "effective_branching_factor",
    "plot_effective_branching",
    "plot_nodes_by_depth",
    "tournament_table",
]
