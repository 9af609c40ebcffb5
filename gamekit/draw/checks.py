"""Checks of what a tree picture is asked to show, before anything is drawn.

A student's answer (``intervals_by_hand()``, ``pruned_by_hand()``) goes straight into
`gamekit.draw.draw_tree`; a malformed one must fail here with a message that says which shape
was expected and shows the offending item, not deep inside matplotlib.
"""

from __future__ import annotations

import difflib
import math
import numbers
import re
import reprlib
from collections.abc import Iterable, Mapping
from typing import Any

from gamekit.gametree import GameTree

_SHORT = reprlib.Repr()
_SHORT.maxstring = 60
_SHORT.maxother = 60
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxset = _SHORT.maxdict = 6


def _show(item: Any) -> str:
    """``repr`` of ``item``, shortened, for an error message."""
    return _SHORT.repr(item)


def _listing(names: Iterable[Any], most: int = 12) -> str:
    """``A, B, C, ... (40 in all)``."""
    names = [str(name) for name in names]
    if len(names) <= most:
        return ", ".join(names)
    return ", ".join(names[:most]) + f", ... ({len(names)} in all)"


def _did_you_mean(item: Any, candidates: Iterable[Any]) -> str:
    by_text = {str(c): c for c in candidates}
    for text, candidate in by_text.items():
        if text.lower() == str(item).lower():
            return f"; did you mean {candidate!r}?"
    close = difflib.get_close_matches(str(item), list(by_text), n=1, cutoff=0.6)
    return f"; did you mean {by_text[close[0]]!r}?" if close else ""


def _is_number(value: Any) -> bool:
    return (
        isinstance(value, numbers.Real)
        and not isinstance(value, bool)
        and not math.isnan(float(value))
    )


def check_node(tree: GameTree, node: Any, what: str, inner: bool = False) -> None:
    """Raise a ValueError naming ``node`` and the tree's nodes (its inner nodes, with
    ``inner``) unless ``node`` is one of them."""
    try:
        known = node in tree.kinds
    except TypeError:  # unhashable
        known = False
    if not known:
        nodes, kind = (list(tree.edges), "inner nodes") if inner else (tree.nodes(), "nodes")
        raise ValueError(
            f"{what}: {node!r} is not a node of the tree{_did_you_mean(node, nodes)} "
            f"(its {kind}: {_listing(nodes)})"
        )


def checked_values(tree: GameTree, values: Any) -> dict[Any, float] | None:
    """``values`` as ``{node: number}``, or a ValueError saying what is wrong with it."""
    if values is None:
        return None
    if not isinstance(values, Mapping):
        raise ValueError(
            f"values should be a dict {{node: value}} such as {{{tree.initial!r}: 3}}; "
            f"got {type(values).__name__} {_show(values)}"
        )
    for node, value in values.items():
        check_node(tree, node, "values")
        if not _is_number(value):
            raise ValueError(f"values[{node!r}] should be a number; got {_show(value)}")
    return dict(values)


def checked_intervals(tree: GameTree, intervals: Any) -> dict[Any, tuple[float, float]] | None:
    """``intervals`` as ``{node: (alpha, beta)}``, or a ValueError saying what is wrong."""
    if intervals is None:
        return None
    example = f"{{{tree.initial!r}: (3, inf)}}"
    if not isinstance(intervals, Mapping):
        raise ValueError(
            f"intervals should be a dict {{node: (alpha, beta)}} such as {example}; "
            f"got {type(intervals).__name__} {_show(intervals)}"
        )
    checked = {}
    for node, pair in intervals.items():
        check_node(tree, node, "intervals")
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise ValueError(
                f"intervals[{node!r}] should be a pair (alpha, beta) of numbers such as "
                f"(-inf, 4); got {_show(pair)}"
            )
        for name, bound in zip(("alpha", "beta"), pair, strict=True):
            if not _is_number(bound):
                raise ValueError(
                    f"intervals[{node!r}] = {_show(pair)}: {name} should be a number "
                    f"(write infinity as math.inf); got {_show(bound)}"
                )
        checked[node] = (pair[0], pair[1])
    return checked


def _split_edge_text(tree: GameTree, text: str) -> tuple[Any, Any] | None:
    """``('B2', 'b22')`` for a string such as ``'B2-b22'`` naming an edge of the tree."""
    parts = [part for part in re.split(r"[^0-9A-Za-z_]+", text) if part]
    if len(parts) == 2 and parts[1] in tree.edges.get(parts[0], {}):
        return parts[0], parts[1]
    return None


def checked_pruned(tree: GameTree, pruned: Any) -> set[tuple[Any, Any]]:
    """``pruned`` as a set of ``(node, edge_label)`` pairs, each an edge of the tree, or a
    ValueError that shows the offending item and the expected shape."""
    if pruned is None:
        return set()
    first = next(iter(tree.edges[tree.initial]))
    example = f"({tree.initial!r}, {first!r})"
    shape = f"pruned edges should be (node, edge_label) pairs such as {example}"
    if isinstance(pruned, (str, bytes, Mapping)) or not isinstance(pruned, Iterable):
        raise ValueError(
            f"pruned should be a set of (node, edge_label) pairs such as {{{example}}}; "
            f"got {type(pruned).__name__} {_show(pruned)}"
        )
    items = list(pruned)
    if (
        len(items) == 2
        and not any(isinstance(item, (tuple, list)) for item in items)
        and _is_edge(tree, items)
    ):
        raise ValueError(
            f"pruned should be a set of (node, edge_label) pairs; got the single pair "
            f"{_show(pruned)}: write {{{tuple(items)!r}}}"
        )
    edges = set()
    for item in items:
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            hint = ""
            if isinstance(item, str) and (pair := _split_edge_text(tree, item)) is not None:
                hint = f" (write {pair!r})"
            raise ValueError(f"{shape}; got {_show(item)}{hint}")
        node, label = item
        check_node(tree, node, f"pruned edge {_show(item)}", inner=True)
        children = tree.edges.get(node, {})
        if not children:
            raise ValueError(f"pruned edge {_show(item)}: {node!r} is a leaf, no edge leaves it")
        try:
            known = label in children
        except TypeError:
            known = False
        if not known:
            raise ValueError(
                f"pruned edge {_show(item)}: no edge {label!r} leaves {node!r}"
                f"{_did_you_mean(label, children)} (its edges: {_listing(children)})"
            )
        edges.add((node, label))
    return edges


def _is_edge(tree: GameTree, items: list[Any]) -> bool:
    node, label = items
    try:
        return label in tree.edges.get(node, {})
    except TypeError:
        return False


def checked_nodes(tree: GameTree, nodes: Any, what: str) -> set[Any] | None:
    """A collection of nodes (``visited``, ``provisional``) as a set, each checked."""
    if nodes is None:
        return None
    if isinstance(nodes, (str, bytes, Mapping)) or not isinstance(nodes, Iterable):
        raise ValueError(
            f"{what} should be a set of nodes such as {{{tree.initial!r}}}; "
            f"got {type(nodes).__name__} {_show(nodes)}"
        )
    found = set()
    for node in nodes:
        check_node(tree, node, what)
        found.add(node)
    return found
