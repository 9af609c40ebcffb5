"""Building the cases the hidden tests use: trees from nested lists, evaluation functions given as
tables, tic-tac-toe's open-lines evaluation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamekit.gametree import MAX, GameTree


def _letters(index: int) -> str:
    """0 -> 'A', 25 -> 'Z', 26 -> 'AA', ...: names of inner nodes."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def tree_from_nested(spec: Any) -> GameTree:
    """A `GameTree` written as nested lists, for compact test cases.

    A number is a leaf (its utility for MAX), a list is a MAX or MIN node (turns alternate from
    MAX at the root), and a pair ``(probabilities, children)`` is a chance node. Inner nodes are
    named ``A, B, C, ...`` breadth first; leaves are named after their parent (``E1, E2``) and
    every edge after the child's place (``e1`` from ``E`` to ``E1``), like `first_tree`.

    >>> tree = tree_from_nested([[3, 12], [2, ([0.5, 0.5], [4, 6])]])
    >>> tree.edges["C"], tree.kinds["D"], tree.chances["D"]
    ({'c1': 'C1', 'c2': 'D'}, 'CHANCE', {'d1': 0.5, 'd2': 0.5})
    """
    edges: dict[str, dict[str, str]] = {}
    utilities: dict[str, float] = {}
    chances: dict[str, dict[str, float]] = {}
    count = 0
    queue: list[tuple[str, Any]] = [(_letters(0), spec)]
    while queue:
        name, node = queue.pop(0)
        probabilities = None
        if isinstance(node, tuple):
            probabilities, node = node
        edges[name] = {}
        for i, child in enumerate(node, start=1):
            if isinstance(child, (int, float)) and not isinstance(child, bool):
                child_name = f"{name}{i}"
                utilities[child_name] = child
            else:
                count += 1
                child_name = _letters(count)
                queue.append((child_name, child))
            edges[name][f"{name.lower()}{i}"] = child_name
        if probabilities is not None:
            chances[name] = dict(zip(edges[name], probabilities, strict=True))
    return GameTree(edges, utilities, chances=chances)


class table_eval:  # noqa: N801 - used like a function: table_eval({...})(state, player)
    """An evaluation function that reads estimates for MAX from ``table`` (MIN gets minus).
    (A class, not a closure, so that it can be sent to a student's kernel.)"""

    def __init__(self, table: Mapping[Any, float]) -> None:
        self.table = dict(table)

    def __call__(self, state: Any, player: str) -> float:
        return self.table[state] if player == MAX else -self.table[state]


def open_lines_eval(state: Any, player: str) -> int:
    """Tic-tac-toe estimate: lines still open for ``player`` minus lines open for the opponent."""
    h, v, cells = state.h, state.v, state.cells
    lines = [[(r, c) for c in range(v)] for r in range(h)] + [
        [(r, c) for r in range(h)] for c in range(v)
    ]
    if h == v:
        lines += [[(i, i) for i in range(h)], [(i, h - 1 - i) for i in range(h)]]
    opponent = "O" if player == "X" else "X"
    score = 0
    for line in lines:
        marks = {cells[r * v + c] for r, c in line}
        score += (opponent not in marks) - (player not in marks)
    return score
