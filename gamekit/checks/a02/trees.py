"""The trees, positions and evaluations that the notebook and the hidden tests of a02 use."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamekit.games import TicTacToe
from gamekit.gametree import MAX, GameTree

infinity = math.inf
EvalFn = Callable[[Any, str], float]


# --------------------------------------------------------------------------------------------
# Trees of the notebook
# --------------------------------------------------------------------------------------------


def tree_from_lists(spec: list, *, root: str = "A") -> GameTree:
    """A MAX/MIN tree from nested lists: a list is an inner node, a number a leaf's utility.

    Names follow `gamekit.explain.random_tree`: the root ``A``, its children ``B``, ``C``, ...
    (edges ``a1``, ``a2``, ...), deeper nodes append their position to the parent's name
    (``B1``, ``B12``; edges ``b1``, ``b12``).

    >>> tree = tree_from_lists([[3, 12], [2, [4, 6]]])
    >>> tree.actions("A"), tree.result("C", "c2"), tree.utilities["C21"]
    (['a1', 'a2'], 'C2', 4)
    """
    letters = "BCDEFGHIJ"
    edges: dict[str, dict[str, str]] = {}
    utilities: dict[str, float] = {}

    def grow(node: str, sub: Any, level: int) -> None:
        if not isinstance(sub, list):
            utilities[node] = sub
            return
        if not 1 <= len(sub) <= len(letters):
            raise ValueError(f"node {node!r} needs 1 to {len(letters)} children, got {sub!r}")
        edges[node] = {}
        for i, child_spec in enumerate(sub, start=1):
            child = letters[i - 1] if level == 0 else f"{node}{i}"
            edges[node][f"{node.lower()}{i}"] = child
            grow(child, child_spec, level + 1)

    grow(root, spec, 0)
    return GameTree(edges, utilities)


def example_tree() -> GameTree:
    """The worked example of the notebook: one MAX cutoff and one MIN cutoff."""
    return tree_from_lists([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])


def exercise_tree() -> GameTree:
    """The tree of the by-hand exercise (the answers are checked against this very tree)."""
    return tree_from_lists([[[4, 0], [5, 6]], [[3, 8], [9, 3, 4]], [[7, 8], [8, 2]]])


def ordering_states() -> list[Any]:
    """A few boards for the visible ordering test."""
    game = TicTacToe()
    return [game.initial, game.replay([(1, 2)]), game.replay([(2, 2), (1, 1)])]


def tictactoe_eval(state: Any, player: str) -> float:
    """An evaluation for 3 x 3 tic-tac-toe: open lines weighted by how full they are, for
    ``player`` (`gamekit.heuristics.window_score` with k = 3)."""
    from gamekit.heuristics import window_score

    return window_score(state, player, 3)


@dataclass(frozen=True)
class hashed_eval:  # noqa: N801 - used like a function: hashed_eval(3)(state, player)
    """An evaluation for GameTree nodes: a fixed pseudo-random integer per node name, for MAX
    (negated for MIN). Lets the tests use depth-limited search on any tree. (A class, not a
    closure, so that it can be sent to a student's kernel.)"""

    salt: int = 0
    spread: int = 9

    def __call__(self, state: Any, player: str) -> float:
        code = sum((i + 1 + self.salt) * ord(ch) for i, ch in enumerate(str(state)))
        value = code % (2 * self.spread + 1) - self.spread
        return value if player == MAX else -value

    @property
    def __name__(self) -> str:
        return f"hashed_eval_{self.salt}"
