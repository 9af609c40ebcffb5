"""The generated trees a catalogued a02 mistake must fit before it is named.

The cases and the ladder's probes are few, and all of them have MAX at the root, so a name
chosen there could belong to another mistake that agrees with the student's search on them.
Before a mistake (or a window cause) is named, it must also reproduce the student's search,
move and nodes in order, on every tree of this set: seeded, generated once per process, of
uneven shapes, with MAX and MIN at the root in turn (the players alternate, as alpha-beta
assumes); for the depth-limited search each tree comes with a depth and an evaluation. When
one search differs, no name is given and the ladder's witness stands.

>>> [tree.to_move(tree.initial) for tree, _, _ in confirmation_cases(False)[:4]]
['MAX', 'MIN', 'MAX', 'MIN']
>>> sorted({kw["depth"] for _, _, kw in confirmation_cases(True)})
[1, 2, 3]
"""

from __future__ import annotations

import functools
import random
from typing import Any

from gamekit.checks.a02.trees import hashed_eval, tree_from_lists
from gamekit.gametree import MAX, MIN, GameTree

SEED = 2020
"""The seed of the set: grading replays the same trees in every run."""


def random_spec(rng: random.Random, depth: int, *, root: bool = False) -> Any:
    """Nested lists for `tree_from_lists`: 2 or 3 moves at the root, 1 to 3 below, some
    branches shorter than others, leaves -3..3 (so that equal values, and ties, are common)."""
    if not root and (depth == 0 or (depth < 3 and rng.random() < 0.25)):
        return rng.randint(-3, 3)
    moves = rng.randint(2 if root else 1, 3)
    return [random_spec(rng, depth - 1) for _ in range(moves)]


@functools.cache
def confirmation_cases(depth_limited: bool, count: int = 16) -> tuple[tuple[Any, Any, dict], ...]:
    """``count`` cases ``(game, state, keywords)``: generated trees, MAX and MIN at the root in
    turn; with ``depth_limited``, keywords give a depth (1 to 3) and a seeded evaluation."""
    rng = random.Random(SEED + depth_limited)
    cases: list[tuple[Any, Any, dict]] = []
    while len(cases) < count:
        spec = random_spec(rng, rng.randint(2, 4), root=True)
        tree = tree_from_lists(spec)
        root = (MAX, MIN)[len(cases) % 2]
        tree = GameTree(tree.edges, tree.utilities, kinds={tree.initial: root})
        keywords = (
            {"depth": 1 + len(cases) % 3, "eval_fn": hashed_eval(salt=len(cases))}
            if depth_limited
            else {}
        )
        cases.append((tree, tree.initial, keywords))
    return tuple(cases)
