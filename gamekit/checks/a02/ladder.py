"""The ladder of public probes for a02's searches: small trees, smallest first.

A failing search is run on these before its hidden cases are described (`search._explain`): the
first probe where it parts from the course's alpha-beta is the witness. Probes are public, so a
witness may quote their values and windows. Each probe says how to build its tree in the
notebook (``a02.tree_from_lists(...)``) and draws it in words.

>>> search_probes()[2].words
'the tree a02.tree_from_lists([[3, 5], [2, 9]]), that is A (MAX) -> B, C; B (MIN) -> B1 = 3, B2 = 5; C (MIN) -> C1 = 2, C2 = 9'
"""  # noqa: E501

from __future__ import annotations

from functools import cache
from typing import Any

from gamekit.checks.a01 import table_eval
from gamekit.checks.a02.trees import hashed_eval, tree_from_lists
from gamekit.checks.evidence import Probe
from gamekit.explain import random_tree
from gamekit.gametree import GameTree
from gamekit.i18n import kept_sentence

Spec = Any
"""A tree as nested lists (a list an inner node, a number a leaf), as `tree_from_lists` takes."""

SEARCH_SPECS: tuple[Spec, ...] = (
    [3, 5],  # a MAX root with two leaves
    [4, 4],  # a tie at the root: the first move wins
    [[3, 5], [2, 9]],  # MIN cuts off at C (v = 2 <= alpha = 3)
    [[3, 5], [3, 9]],  # MIN cuts off on equality, and the root has a tie
    [[[2, 4], [7, 1]], [[1, 3], [5, 0]]],  # MAX cuts off at B2, MIN at C
    [[[2, 4], [4, 1]], [[6, 3], [5, 0]]],  # MAX cuts off on equality at B2
)
"""Hand-made probes for the search to the end, smallest first."""

RANDOM_SHAPES: tuple[tuple[int, int, int], ...] = ((2, 3, 1), (3, 2, 2), (2, 3, 3), (3, 2, 4))
"""``(depth, branching, seed)`` of the seeded random probes (`gamekit.explain.random_tree`)."""


def tree_spec(tree: GameTree, node: str | None = None) -> Spec:
    """The nested lists of ``tree`` (the inverse of `tree_from_lists` for its names)."""
    node = tree.initial if node is None else node
    if tree.terminal_test(node):
        return tree.utilities[node]
    return [tree_spec(tree, tree.result(node, a)) for a in tree.actions(node)]


def tree_words(tree: GameTree) -> str:
    """Every inner node with its children, a leaf with its utility: a tree one can draw."""
    parts = []
    inner = [tree.initial]
    while inner:
        node = inner.pop(0)
        children = [tree.result(node, a) for a in tree.actions(node)]
        named = [
            f"{c} = {tree.utilities[c]}" if tree.terminal_test(c) else str(c) for c in children
        ]
        parts.append(f"{node} ({tree.to_move(node)}) -> " + ", ".join(named))
        inner += [c for c in children if not tree.terminal_test(c)]
    return "; ".join(parts)


def _tree_probe_words(spec: Spec) -> tuple[GameTree, str]:
    """The tree of ``spec``, and how to build it and draw it (a kept sentence)."""
    tree = tree_from_lists(spec)
    return tree, kept_sentence(
        "the tree a02.tree_from_lists({spec}), that is {tree}",
        spec=repr(spec),
        tree=tree_words(tree),
    )


def _specs() -> list[Spec]:
    randoms = [
        tree_spec(random_tree(depth, width, seed=seed, low=-4, high=4))
        for depth, width, seed in RANDOM_SHAPES
    ]
    return [*SEARCH_SPECS, *randoms]


@cache
def search_probes() -> tuple[Probe, ...]:
    """Probes for ``alphabeta_search``: args ``(game, state, {})``."""
    probes = []
    for spec in _specs():
        tree, words = _tree_probe_words(spec)
        probes.append(Probe(words, (tree, tree.initial, {})))
    return tuple(probes)


CUTOFF_SPECS: tuple[tuple[Spec, int, dict[str, float]], ...] = (
    ([[3, 5], [2, 9]], 1, {"B": 4, "C": 6}),  # depth 1: the root's children are evaluated
    ([[3, 5], [2, 9]], 1, {"B": 5, "C": 5}),  # a tie between two estimates
    ([1, [2, 3]], 1, {"C": 5}),  # a win at ply 1 beats every estimate
    ([[[2, 4], [7, 1]], [[1, 3], [5, 0]]], 2, {"B1": 4, "B2": 7, "C1": 3, "C2": 8}),
    # MIN cuts off on equality at C (v = 4 <= alpha = 4), and the root has a tie
    ([[[2, 4], [7, 1]], [[1, 3], [5, 0]]], 2, {"B1": 4, "B2": 6, "C1": 4, "C2": 8}),
    ([[[2, 4], [7, 1]], [[1, 3], [5, 0]]], 3, {}),  # leaves at ply 3: MAX cuts off at B2
)
"""Hand-made probes for the depth-limited search: tree, depth, estimates for MAX of the
non-terminal nodes at the depth limit (every other node is estimated 0)."""

MAX_CUTS_ON_EQUALITY: tuple[Spec, int, dict[str, float]] = ([[[3], [2, 3, 9]], 1], 3, {})
"""Under B (MIN, beta = 3 after B1) the MAX node B2 reaches v = 3 = beta at its second leaf and
returns: a search strict at MAX would go on to the 9 (the hand-made probes above have MIN cut
off on equality, not MAX)."""

SOONER_WIN: tuple[Spec, int, dict[str, float]] = ([[[1]], 1], 3, {})
"""A win at ply 3 found first and a win at ply 1: scored_result(utility, ply) makes the sooner
one better, so the search must take the root's second move."""

CUTOFF_RANDOM_SHAPES: tuple[tuple[int, int, int, int], ...] = (
    (2, 3, 1, 1),
    (3, 2, 2, 2),
    (3, 2, 4, 1),
    (4, 2, 3, 3),
)
"""``(height, branching, seed, depth limit)`` of the seeded random probes of the depth-limited
search; their estimates are `hashed_eval`'s."""


def _estimates(tree: GameTree, depth: int, given: dict[str, float], salt: int) -> dict:
    """Estimates for MAX of the nodes at ply ``depth``: ``given``, else `hashed_eval`'s."""
    level = [tree.initial]
    for _ in range(depth):
        level = [
            tree.result(n, a) for n in level if not tree.terminal_test(n) for a in tree.actions(n)
        ]
    return {
        n: given.get(n, hashed_eval(salt)(n, "MAX")) for n in level if not tree.terminal_test(n)
    }


@cache
def cutoff_probes() -> tuple[Probe, ...]:
    """Probes for ``alphabeta_cutoff_search``: args ``(game, state, {depth, eval_fn})``."""
    cases = list(CUTOFF_SPECS)
    for height, width, seed, depth in CUTOFF_RANDOM_SHAPES:
        cases.append((tree_spec(random_tree(height, width, seed=seed, low=-4, high=4)), depth, {}))
    cases += [MAX_CUTS_ON_EQUALITY, SOONER_WIN]  # last, so that they change no earlier witness
    probes = []
    for i, (spec, depth, given) in enumerate(cases):
        tree, words = _tree_probe_words(spec)
        estimates = _estimates(tree, depth, given, i)
        table = {n: estimates.get(n, 0) for n in [*tree.edges, *tree.utilities]}
        said = ", ".join(f"{n} = {v}" for n, v in estimates.items())
        if said:
            words = kept_sentence(
                "{tree}; depth {depth}, eval_fn for MAX: {estimates} (0 elsewhere)",
                tree=words,
                depth=depth,
                estimates=said,
            )
        else:
            words = kept_sentence(
                "{tree}; depth {depth} (every node at ply {depth} is a leaf)",
                tree=words,
                depth=depth,
            )
        probes.append(
            Probe(words, (tree, tree.initial, {"depth": depth, "eval_fn": table_eval(table)}))
        )
    return tuple(probes)


def probes_for(step: str) -> tuple[Probe, ...]:
    """The ladder of ``step`` (``alphabeta_search`` or ``alphabeta_cutoff_search``)."""
    return cutoff_probes() if "cutoff" in step else search_probes()
