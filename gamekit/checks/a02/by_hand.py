"""Exercise 1.1, alpha-beta by hand: the intervals and the pruned edges."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from gamekit.checks import (
    GradingError,
    require_number,
    require_plain,
    require_type,
    shown,
)
from gamekit.checks.a02.trees import exercise_tree
from gamekit.explain import alphabeta_intervals, alphabeta_pruned
from gamekit.gametree import MAX, GameTree

infinity = math.inf
EvalFn = Callable[[Any, str], float]


# --------------------------------------------------------------------------------------------
# By-hand answers
# --------------------------------------------------------------------------------------------


def _answer(fn: Callable[[], Any], what: str, step: str) -> Any:
    """Call the student's answer function; NotImplementedError (a blank answer) passes through."""
    try:
        return fn()
    except (NotImplementedError, GradingError):
        raise
    except Exception as error:
        raise GradingError(
            f"{what} raised {type(error).__name__}: {error}", code=f"raised:{step}"
        ) from error


def _interval_of(node: Any, value: Any) -> tuple[float, float]:
    what = f"the interval of node {node!r}"
    if type(value) not in (tuple, list) or len(value) != 2:
        raise GradingError(
            f"{what} should be a pair (alpha, beta), got {shown(value)}",
            code="shape:intervals_by_hand",
        )
    alpha = require_number(value[0], f"alpha at node {node!r}")
    beta = require_number(value[1], f"beta at node {node!r}")
    return alpha, beta


def entry_intervals(tree: GameTree) -> dict[Any, tuple[float, float]]:
    """``{node: (alpha, beta)}`` as each inner node is *entered* (not the course convention:
    used to recognise an answer given at the wrong moment)."""
    from gamekit.explain import alphabeta_steps

    return {
        s.node: (s.alpha, s.beta) for s in alphabeta_steps(tree.initial, tree) if s.kind == "enter"
    }


def updated_first_intervals(tree: GameTree) -> dict[Any, tuple[float, float]]:
    """``{node: (alpha, beta)}`` at return when the bound takes in ``v`` *before* the cutoff test
    (not the course convention: used to recognise that mistake in a by-hand answer)."""
    found: dict[Any, tuple[float, float]] = {}

    def visit(node: Any, alpha: float, beta: float, is_max: bool) -> float:
        if tree.terminal_test(node):
            return tree.utility(node, MAX)
        v = -infinity if is_max else infinity
        for move in tree.actions(node):
            child = visit(tree.result(node, move), alpha, beta, not is_max)
            v = max(v, child) if is_max else min(v, child)
            alpha, beta = (max(alpha, v), beta) if is_max else (alpha, min(beta, v))
            if v >= beta if is_max else v <= alpha:
                break
        found[node] = (alpha, beta)
        return v

    visit(tree.initial, -infinity, infinity, True)
    return found


def check_intervals(answer_fn: Callable[[], Any], tree: GameTree | None = None) -> None:
    """``answer_fn()`` must give ``{node: (alpha, beta)}`` for every inner node alpha-beta visits,
    with the window the node holds when it returns (course convention). Names the nodes whose
    interval is wrong, never the right values."""
    tree = exercise_tree() if tree is None else tree
    answer = _answer(answer_fn, "your interval function", "intervals_by_hand")
    require_type(answer, dict, "your intervals")
    require_plain(answer, "your intervals")
    given = {node: _interval_of(node, value) for node, value in answer.items()}
    expected = alphabeta_intervals(tree)
    problems = []
    unknown = sorted(str(n) for n in given if n not in tree.kinds)
    if unknown:
        problems.append(
            f"{', '.join(unknown)} "
            + ("is not a node of the tree" if len(unknown) == 1 else "are not nodes of the tree")
        )
    leaves = sorted(str(n) for n in given if n in tree.utilities)
    if leaves:
        problems.append(f"leaves have no interval, but you gave one for {', '.join(leaves)}")
    unvisited = sorted(str(n) for n in given if n in tree.edges and n not in expected)
    if unvisited:
        problems.append(
            f"{', '.join(unvisited)} should have no interval: alpha-beta never reaches "
            f"{'it' if len(unvisited) == 1 else 'them'} (below a pruned edge)"
        )
    missing = [str(n) for n in expected if n not in given]
    if missing:
        problems.append(
            f"no interval for {', '.join(missing)}: give one for every inner node alpha-beta visits"
        )
    wrong = [str(n) for n in expected if n in given and given[n] != expected[n]]
    if wrong:
        hint = ""
        entry = entry_intervals(tree)
        early = updated_first_intervals(tree)
        if all(given[n] == early[n] for n in wrong):
            hint = (
                " At those nodes the bound was updated before the cutoff test: in the course"
                " convention the test comes first, so a node that is cut off keeps its window."
            )
        elif all(given[n] == entry[n] for n in wrong):
            hint = (
                " They hold the window each node was entered with: the course asks for the "
                "window when the node returns, after its last update."
            )
        elif all(given[n] == expected[n][::-1] for n in wrong):
            hint = " alpha and beta look swapped: write each as (alpha, beta)."
        problems.append(f"wrong interval at {', '.join(wrong)}.{hint}")
    if problems:
        raise GradingError("Intervals: " + "; ".join(problems), code="witness:intervals_by_hand")


def _edge_of(value: Any) -> tuple[Any, Any]:
    if type(value) not in (tuple, list) or len(value) != 2:
        raise GradingError(
            f"each pruned edge should be a pair (node, edge_label), got {shown(value)}",
            code="shape:pruned_by_hand",
        )
    return value[0], value[1]


def check_pruned_edges(answer_fn: Callable[[], Any], tree: GameTree | None = None) -> None:
    """``answer_fn()`` must give the edges alpha-beta never explores, as ``(node, edge_label)``
    pairs leaving the cut-off node (not the edges below them). Says how many are missing or extra,
    never which."""
    tree = exercise_tree() if tree is None else tree
    answer = _answer(answer_fn, "your pruned-edges function", "pruned_by_hand")
    require_type(answer, (set, frozenset, list, tuple), "your pruned edges")
    require_plain(answer, "your pruned edges")
    edges = [_edge_of(item) for item in answer]
    if len(set(edges)) != len(edges):
        raise GradingError("Pruned edges: some edge is listed twice", code="witness:pruned_by_hand")
    for node, label in edges:
        if node not in tree.edges:
            raise GradingError(
                f"Pruned edges: {node!r} is not an inner node of the tree; write each edge as "
                "(node it leaves, edge label), e.g. ('A', 'a2')",
                code="witness:pruned_by_hand",
            )
        if label not in tree.edges[node]:
            kids = tree.edges[node]
            hint = " (use the edge's label, not the child's name)" if label in kids.values() else ""
            raise GradingError(
                f"Pruned edges: no edge {label!r} leaves {node!r}{hint}",
                code="witness:pruned_by_hand",
            )
    expected = set(alphabeta_pruned(tree))
    given = set(edges)
    missing, extra = expected - given, given - expected
    if not (missing or extra):
        return
    parts = []
    if missing:
        parts.append(f"{len(missing)} pruned edge{'s are' if len(missing) > 1 else ' is'} missing")
    if extra:
        below = {(n, lab) for n, lab in extra if any(_below(tree, n, e) for e in expected)}
        parts.append(
            f"{len(extra)} edge{'s' if len(extra) > 1 else ''} you listed "
            f"{'are' if len(extra) > 1 else 'is'} not pruned"
        )
        if below:
            parts.append(
                "list only the edge leaving the cut-off node, not the edges inside the subtree "
                "below it"
            )
    raise GradingError("Pruned edges: " + "; ".join(parts), code="witness:pruned_by_hand")


def _below(tree: GameTree, node: Any, edge: tuple[Any, Any]) -> bool:
    """Is ``node`` inside the subtree hanging from ``edge``?"""
    top = tree.edges[edge[0]][edge[1]]
    while node != tree.initial:
        if node == top:
            return True
        node = tree.parent[node]
    return False
