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
from gamekit.checks.evidence import in_turn
from gamekit.explain import alphabeta_intervals, alphabeta_pruned
from gamekit.gametree import MAX, GameTree
from gamekit.i18n import kept_sentence

infinity = math.inf
EvalFn = Callable[[Any, str], float]


# --------------------------------------------------------------------------------------------
# By-hand answers
# --------------------------------------------------------------------------------------------


def _answer(fn: Callable[[], Any], what: str, step: str) -> Any:
    """Call the student's answer function (``what``: its kept name); NotImplementedError (a
    blank answer) passes through."""
    try:
        return fn()
    except (NotImplementedError, GradingError):
        raise
    except Exception as error:
        raise GradingError(
            kept_sentence(
                "{what} raised {kind}: {error}",
                what=what,
                kind=type(error).__name__,
                error=error,
            ),
            code=f"raised:{step}",
        ) from error


def _interval_of(node: Any, value: Any) -> tuple[float, float]:
    if type(value) not in (tuple, list) or len(value) != 2:
        raise GradingError(
            kept_sentence(
                "the interval of node {node} should be a pair (alpha, beta), got {value}",
                node=repr(node),
                value=shown(value),
            ),
            code="shape:intervals_by_hand",
        )
    alpha = require_number(value[0], kept_sentence("alpha at node {node}", node=repr(node)))
    beta = require_number(value[1], kept_sentence("beta at node {node}", node=repr(node)))
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
    answer = _answer(answer_fn, kept_sentence("your interval function"), "intervals_by_hand")
    require_type(answer, dict, kept_sentence("your intervals"))
    require_plain(answer, kept_sentence("your intervals"))
    given = {node: _interval_of(node, value) for node, value in answer.items()}
    expected = alphabeta_intervals(tree)
    problems = []
    unknown = sorted(str(n) for n in given if n not in tree.kinds)
    if len(unknown) == 1:
        problems.append(kept_sentence("{nodes} is not a node of the tree", nodes=unknown[0]))
    elif unknown:
        problems.append(
            kept_sentence("{nodes} are not nodes of the tree", nodes=", ".join(unknown))
        )
    leaves = sorted(str(n) for n in given if n in tree.utilities)
    if leaves:
        problems.append(
            kept_sentence(
                "leaves have no interval, but you gave one for {nodes}", nodes=", ".join(leaves)
            )
        )
    unvisited = sorted(str(n) for n in given if n in tree.edges and n not in expected)
    if len(unvisited) == 1:
        problems.append(
            kept_sentence(
                "{nodes} should have no interval: alpha-beta never reaches it (below a pruned "
                "edge)",
                nodes=unvisited[0],
            )
        )
    elif unvisited:
        problems.append(
            kept_sentence(
                "{nodes} should have no interval: alpha-beta never reaches them (below a pruned "
                "edge)",
                nodes=", ".join(unvisited),
            )
        )
    missing = [str(n) for n in expected if n not in given]
    if missing:
        problems.append(
            kept_sentence(
                "no interval for {nodes}: give one for every inner node alpha-beta visits",
                nodes=", ".join(missing),
            )
        )
    wrong = [str(n) for n in expected if n in given and given[n] != expected[n]]
    if wrong:
        hint = ""
        entry = entry_intervals(tree)
        early = updated_first_intervals(tree)
        if all(given[n] == early[n] for n in wrong):
            hint = kept_sentence(
                " At those nodes the bound was updated before the cutoff test: in the course"
                " convention the test comes first, so a node that is cut off keeps its window."
            )
        elif all(given[n] == entry[n] for n in wrong):
            hint = kept_sentence(
                " They hold the window each node was entered with: the course asks for the "
                "window when the node returns, after its last update."
            )
        elif all(given[n] == expected[n][::-1] for n in wrong):
            hint = kept_sentence(" alpha and beta look swapped: write each as (alpha, beta).")
        problems.append(
            kept_sentence("wrong interval at {nodes}.{hint}", nodes=", ".join(wrong), hint=hint)
        )
    if problems:
        raise GradingError(
            kept_sentence("Intervals: {problems}", problems=in_turn(problems)),
            code="witness:intervals_by_hand",
        )


def _edge_of(value: Any) -> tuple[Any, Any]:
    if type(value) not in (tuple, list) or len(value) != 2:
        raise GradingError(
            kept_sentence(
                "each pruned edge should be a pair (node, edge_label), got {value}",
                value=shown(value),
            ),
            code="shape:pruned_by_hand",
        )
    return value[0], value[1]


def check_pruned_edges(answer_fn: Callable[[], Any], tree: GameTree | None = None) -> None:
    """``answer_fn()`` must give the edges alpha-beta never explores, as ``(node, edge_label)``
    pairs leaving the cut-off node (not the edges below them). Says how many are missing or extra,
    never which."""
    tree = exercise_tree() if tree is None else tree
    answer = _answer(answer_fn, kept_sentence("your pruned-edges function"), "pruned_by_hand")
    require_type(answer, (set, frozenset, list, tuple), kept_sentence("your pruned edges"))
    require_plain(answer, kept_sentence("your pruned edges"))
    edges = [_edge_of(item) for item in answer]
    if len(set(edges)) != len(edges):
        raise GradingError(
            kept_sentence("Pruned edges: some edge is listed twice"), code="witness:pruned_by_hand"
        )
    for node, label in edges:
        if node not in tree.edges:
            raise GradingError(
                kept_sentence(
                    "Pruned edges: {node} is not an inner node of the tree; write each edge as "
                    "(node it leaves, edge label), e.g. ('A', 'a2')",
                    node=repr(node),
                ),
                code="witness:pruned_by_hand",
            )
        if label not in tree.edges[node]:
            kids = tree.edges[node]
            hint = (
                kept_sentence(" (use the edge's label, not the child's name)")
                if label in kids.values()
                else ""
            )
            raise GradingError(
                kept_sentence(
                    "Pruned edges: no edge {label} leaves {node}{hint}",
                    label=repr(label),
                    node=repr(node),
                    hint=hint,
                ),
                code="witness:pruned_by_hand",
            )
    expected = set(alphabeta_pruned(tree))
    given = set(edges)
    missing, extra = expected - given, given - expected
    if not (missing or extra):
        return
    parts = []
    if len(missing) == 1:
        parts.append(kept_sentence("1 pruned edge is missing"))
    elif missing:
        parts.append(kept_sentence("{count} pruned edges are missing", count=len(missing)))
    if extra:
        below = {(n, lab) for n, lab in extra if any(_below(tree, n, e) for e in expected)}
        if len(extra) == 1:
            parts.append(kept_sentence("1 edge you listed is not pruned"))
        else:
            parts.append(kept_sentence("{count} edges you listed are not pruned", count=len(extra)))
        if below:
            parts.append(
                kept_sentence(
                    "list only the edge leaving the cut-off node, not the edges inside the "
                    "subtree below it"
                )
            )
    raise GradingError(
        kept_sentence("Pruned edges: {parts}", parts=in_turn(parts)),
        code="witness:pruned_by_hand",
    )


def _below(tree: GameTree, node: Any, edge: tuple[Any, Any]) -> bool:
    """Is ``node`` inside the subtree hanging from ``edge``?"""
    top = tree.edges[edge[0]][edge[1]]
    while node != tree.initial:
        if node == top:
            return True
        node = tree.parent[node]
    return False
