"""The generated trees a catalogued mistake must fit before a01 names it.

A name fits the public probes only as far as the probes go: on trees where the players simply
alternate from a MAX root, "max where MAX moves" and "max and min by depth parity" give the same
values for both players, so a name chosen there could be the wrong one. Before a mistake is named
it must also give the student's values on every tree of this set: seeded, generated once per
process, of every shape the exercise allows (uneven depths, a MIN root, a player who moves twice
in a row, chance nodes with uneven probabilities). When one value differs, no name is given and
the ladder's witness stands.

>>> [tree.to_move(tree.initial) for tree in confirmation_trees()[:6]]
['MAX', 'MIN', 'MAX', 'MIN', 'MAX', 'MIN']
"""

from __future__ import annotations

import functools
import random
from typing import Any

from gamekit.checks.a01.cases import table_eval, tree_from_nested
from gamekit.gametree import MAX, MIN, GameTree

SEED = 3030
"""The seed of the set: grading replays the same trees in every run."""


def random_spec(rng: random.Random, depth: int, chance: bool) -> Any:
    """A nested-list tree (see `tree_from_nested`) of uneven shape, leaves -5..5."""
    if depth == 0 or (depth < 3 and rng.random() < 0.25):
        return rng.randint(-5, 5)
    children = [random_spec(rng, depth - 1, chance) for _ in range(rng.randint(1, 3))]
    if chance and len(children) > 1 and rng.random() < 0.4:
        weights = [rng.randint(1, 4) for _ in children]
        return ([w / sum(weights) for w in weights], children)
    return children


def with_movers(tree: GameTree, rng: random.Random, root: str) -> GameTree:
    """``tree`` with ``root`` to move at the root (unless chance moves there) and about one
    MAX/MIN node in three given to a player at random (after it the players alternate again),
    so that a player may move twice."""
    kinds = {}
    for node in tree.nodes():
        if tree.kinds[node] not in (MAX, MIN):
            continue
        if node == tree.initial:
            kinds[node] = root
        elif rng.random() < 0.3:
            kinds[node] = rng.choice((MAX, MIN))
    return GameTree(tree.edges, tree.utilities, chances=tree.chances, kinds=kinds)


@functools.cache
def confirmation_trees(chance: bool = False, count: int = 24) -> tuple[GameTree, ...]:
    """``count`` generated trees (seeded), roots MAX and MIN in turn; with ``chance``, trees
    with chance nodes too."""
    rng = random.Random(SEED + chance)
    trees: list[GameTree] = []
    while len(trees) < count:
        spec = random_spec(rng, rng.randint(1, 4), chance)
        if isinstance(spec, int):
            continue  # a lone leaf: nobody moves
        root = (MAX, MIN)[len(trees) % 2]
        trees.append(with_movers(tree_from_nested(spec), rng, root))
    return tuple(trees)


def confirmation_cutoffs() -> tuple[tuple[GameTree, int, table_eval], ...]:
    """``(tree, depth, estimate)`` for depth-limited search: each generated tree at depths 1
    to 3, with a seeded estimate for every node."""
    found = []
    for i, tree in enumerate(confirmation_trees()):
        estimate = table_eval({node: (3 * j + i) % 7 - 3 for j, node in enumerate(tree.nodes())})
        found.append((tree, 1 + i % 3, estimate))
    return tuple(found)
