"""Explicit game trees for exercises: every node, edge and leaf written out by hand.

A tree is a literal: for each inner node, its edges ``{label: child}``; for each leaf, its
utility **for MAX**. The state of the game is simply the node's name, so a search transcript
reads ``A, B, B1, B2, ...``.

Whose turn it is: the root is MAX, and turns alternate MAX, MIN, MAX, ... down the tree; a
chance node (one listed in ``chances``) passes the turn through, so its children belong to the
player opposite the last player above it. ``kinds`` overrides any node.

>>> tree = GameTree(
...     {"A": {"a1": "B", "a2": "C"}, "B": {"b1": "B1", "b2": "B2"}, "C": {"c1": "C1", "c2": "C2"}},
...     utilities={"B1": 3, "B2": 12, "C1": 2, "C2": 8},
... )
>>> tree.to_move("A"), tree.to_move("B"), tree.actions("B"), tree.result("B", "b2")
('MAX', 'MIN', ['b1', 'b2'], 'B2')
>>> tree.utility("B2", "MAX"), tree.utility("B2", "MIN")
(12, -12)
"""

from __future__ import annotations

import math
import numbers
import random
from collections.abc import Mapping

from gamekit.games import Game, IllegalMoveError, Player

MAX, MIN, CHANCE = "MAX", "MIN", "CHANCE"
Node = str


class GameTree(Game):
    """A two-player zero-sum game given as an explicit tree, with optional chance nodes.

    Args:
        edges: ``{node: {edge_label: child}}`` for every inner node, in exploration order.
        utilities: ``{leaf: utility for MAX}`` for every leaf.
        chances: ``{chance_node: {edge_label: probability}}``; probabilities sum to 1.
        kinds: ``{node: 'MAX' | 'MIN' | 'CHANCE'}`` to override the alternating default.
        root: the root node; by default the one inner node that is nobody's child.

    Raises:
        ValueError: for a node with no edges and no utility, a leaf with edges, a utility that
            is not a number, a cycle, a node with two parents, several roots, an unknown kind or
            a kind for a node not in the tree, or chance probabilities that are not numbers, are
            negative, do not sum to 1 or do not match the node's edges.
    """

    players = (MAX, MIN)

    def __init__(
        self,
        edges: Mapping[Node, Mapping[str, Node]],
        utilities: Mapping[Node, float],
        *,
        chances: Mapping[Node, Mapping[str, float]] | None = None,
        kinds: Mapping[Node, str] | None = None,
        root: Node | None = None,
    ) -> None:
        self.edges = {node: dict(children) for node, children in edges.items()}
        self.utilities = dict(utilities)
        self.chances = {node: dict(p) for node, p in (chances or {}).items()}
        self.initial = self._find_root(root)
        self.parent = self._check_shape()
        self.kinds = self._assign_kinds(dict(kinds or {}))
        self._check_chances()

    # The protocol ----------------------------------------------------------------------------

    def actions(self, state: Node) -> list[str]:
        """The edge labels leaving ``state``, in the order they were written."""
        return list(self.edges.get(state, ()))

    def result(self, state: Node, move: str) -> Node:
        """The child reached from ``state`` along edge ``move``."""
        try:
            return self.edges[state][move]
        except KeyError:
            if state not in self.kinds:
                raise ValueError(f"{state!r} is not a node of this tree") from None
            if self.terminal_test(state):
                raise IllegalMoveError(
                    f"edge {move!r} is illegal: {state!r} is a leaf, the game is over"
                ) from None
            raise IllegalMoveError(
                f"edge {move!r} does not leave node {state!r}; its edges: {self.actions(state)}"
            ) from None

    def utility(self, state: Node, player: str) -> float:
        """The leaf's utility for ``player`` (leaves store it for MAX; MIN gets the negation)."""
        if state not in self.utilities:
            raise ValueError(f"{state!r} is not a leaf: it has no utility")
        return self.utilities[state] if player == MAX else -self.utilities[state]

    def terminal_test(self, state: Node) -> bool:
        """Leaves are the terminal states."""
        return state in self.utilities

    def to_move(self, state: Node) -> str:
        """'MAX', 'MIN' or 'CHANCE'."""
        return self.kinds[state]

    def chance_outcomes(self, state: Node) -> dict[str, float]:
        """``{edge_label: probability}`` at a chance node."""
        if self.kinds.get(state) != CHANCE:
            raise ValueError(f"{state!r} is not a chance node")
        return dict(self.chances[state])

    def display(self, state: Node) -> None:
        """Print the node's name, kind and, for a leaf, its utility."""
        print(self.describe(state))

    def play_game(self, *players: Player, verbose: bool = False, seed: int | None = None) -> float:
        """Like `Game.play_game`; chance nodes are resolved by a seeded random draw."""
        rng = random.Random(seed)
        if len(players) != 2:
            raise ValueError(f"GameTree needs 2 players (MAX, MIN), got {len(players)}")
        by_name = dict(zip(self.players, players, strict=True))
        state = self.initial
        while not self.terminal_test(state):
            kind = self.to_move(state)
            if kind == CHANCE:
                outcomes = self.chance_outcomes(state)
                move = rng.choices(list(outcomes), weights=list(outcomes.values()))[0]
            else:
                move = by_name[kind](self, state)
            state = self.result(state, move)
            if verbose:
                print(f"{kind} takes edge {move!r} to {self.describe(state)}")
        return self.utility(state, MAX)

    def describe(self, state: Node) -> str:
        """A one-line description of a node."""
        if self.terminal_test(state):
            return f"{state} (leaf, utility {self.utilities[state]} for MAX)"
        return f"{state} ({self.kinds[state]} node, edges {self.actions(state)})"

    def nodes(self) -> list[Node]:
        """All nodes, breadth first from the root, children in edge order."""
        order, frontier = [], [self.initial]
        while frontier:
            order.extend(frontier)
            frontier = [child for node in frontier for child in self.edges.get(node, {}).values()]
        return order

    def depth(self, state: Node) -> int:
        """Number of edges between the root and ``state``."""
        d = 0
        while state != self.initial:
            state, d = self.parent[state], d + 1
        return d

    def __repr__(self) -> str:
        return (
            f"GameTree(root={self.initial!r}, inner={len(self.edges)}, "
            f"leaves={len(self.utilities)}, chance={len(self.chances)})"
        )

    # Validation ------------------------------------------------------------------------------

    def _find_root(self, root: Node | None) -> Node:
        children = {child for kids in self.edges.values() for child in kids.values()}
        if root is not None:
            if root not in self.edges and root not in self.utilities:
                raise ValueError(f"root {root!r} is not a node of the tree")
            return root
        roots = [node for node in self.edges if node not in children]
        if len(roots) != 1:
            raise ValueError(f"expected exactly one root (a node nobody points to), found {roots}")
        return roots[0]

    def _check_shape(self) -> dict[Node, Node]:
        """Every node is reached exactly once from the root; returns each node's parent."""
        for leaf in self.utilities:
            if leaf in self.edges and self.edges[leaf]:
                raise ValueError(f"{leaf!r} has both a utility and edges")
            value = self.utilities[leaf]
            if not _is_number(value):
                raise ValueError(f"utility of {leaf!r} must be a number, got {value!r}")
        parent: dict[Node, Node] = {}
        stack = [self.initial]
        seen = {self.initial}
        while stack:
            node = stack.pop()
            kids = self.edges.get(node)
            if not kids:
                if node not in self.utilities:
                    raise ValueError(f"{node!r} has no edges and no utility")
                continue
            for label, child in kids.items():
                if child in seen:
                    raise ValueError(
                        f"node {child!r} is reached twice (edge {label!r} from {node!r}): "
                        "a tree needs a single path to each node"
                    )
                seen.add(child)
                parent[child] = node
                stack.append(child)
        unreached = (set(self.edges) | set(self.utilities)) - seen
        if unreached:
            raise ValueError(
                f"nodes not reachable from the root {self.initial!r}: {sorted(unreached)}"
            )
        return parent

    def _assign_kinds(self, kinds: dict[Node, str]) -> dict[Node, str]:
        for node, kind in kinds.items():
            if node not in self.edges and node not in self.utilities:
                raise ValueError(f"kinds names {node!r}, which is not a node of the tree")
            if kind not in (MAX, MIN, CHANCE):
                raise ValueError(f"kind of {node!r} must be MAX, MIN or CHANCE, got {kind!r}")
        result: dict[Node, str] = {}

        def assign(node: Node, next_player: str) -> None:
            kind = kinds.get(node, CHANCE if node in self.chances else next_player)
            result[node] = kind
            after = next_player if kind == CHANCE else (MIN if kind == MAX else MAX)
            for child in self.edges.get(node, {}).values():
                assign(child, after)

        assign(self.initial, MAX)
        return result

    def _check_chances(self) -> None:
        for node, kind in self.kinds.items():
            if kind == CHANCE and node not in self.chances and not self.terminal_test(node):
                raise ValueError(f"chance node {node!r} needs probabilities in `chances`")
        for node, probs in self.chances.items():
            if node not in self.edges:
                raise ValueError(f"chance node {node!r} has no edges")
            if set(probs) != set(self.edges[node]):
                raise ValueError(
                    f"probabilities of {node!r} are for edges {sorted(probs)}, "
                    f"but its edges are {sorted(self.edges[node])}"
                )
            if not all(_is_number(p) for p in probs.values()):
                raise ValueError(f"probabilities of {node!r} must be numbers: {probs}")
            if any(p < 0 for p in probs.values()):
                raise ValueError(f"probabilities of {node!r} must not be negative: {probs}")
            if not math.isclose(sum(probs.values()), 1.0, abs_tol=1e-9):
                raise ValueError(
                    f"probabilities of {node!r} sum to {sum(probs.values())}, not 1: {probs}"
                )
            if self.kinds[node] != CHANCE:
                raise ValueError(f"{node!r} has probabilities but is a {self.kinds[node]} node")


def _is_number(value: object) -> bool:
    """A real number (int, float, Fraction, numpy scalar), but not a bool."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def first_tree() -> GameTree:
    """The course's first tree: MAX at A chooses among MIN nodes B, C, D and E.

    Minimax values: A = 4, B = -5, C = 4, D = -1, E = 0.
    """
    leaves = {"B": (-5, 8, 0, 3), "C": (10, 8, 6, 4), "D": (0, 2, -1, 5), "E": (3, 2, 20, 0)}
    edges: dict[Node, dict[str, Node]] = {
        "A": {"a1": "B", "a2": "C", "a3": "D", "a4": "E"},
    }
    utilities: dict[Node, float] = {}
    for node, values in leaves.items():
        edges[node] = {}
        for i, value in enumerate(values, start=1):
            leaf = f"{node}{i}"
            edges[node][f"{node.lower()}{i}"] = leaf
            utilities[leaf] = value
    return GameTree(edges, utilities)
