"""Search explained step by step: the values, windows and cutoffs behind the pictures.

Everything here is plain Python (no matplotlib), written independently of `gamekit.search`, so
pictures, widgets and graders can ask *why* an engine did what it did, and tests can check the
two against each other.

- `minimax_values` / `expectiminimax_values`: the backed-up value of every node.
- `alphabeta_steps`: a narrated alpha-beta search in the course convention (children in
  ``actions()`` order, MAX prunes when ``v >= beta``, MIN when ``v <= alpha``), one `Step` per
  event: enter a node with its window ``[alpha, beta]``, score a leaf, update ``v`` and the
  window, prune the remaining edges, return the value.
- `alphabeta_intervals` / `alphabeta_pruned` / `alphabeta_values`: the course's questions
  about a tree (windows, pruned edges, returned values).
- `random_tree`: full MAX/MIN trees with random leaves, named like `first_tree`, for examples.

>>> from gamekit.gametree import first_tree
>>> tree = first_tree()
>>> minimax_values(tree)["A"]
4
>>> alphabeta_pruned(tree)
[('D', 'd2'), ('D', 'd3'), ('D', 'd4'), ('E', 'e2'), ('E', 'e3'), ('E', 'e4')]
>>> alphabeta_intervals(tree)["D"]
(4, inf)
>>> print(alphabeta_steps(tree.initial, tree)[-3].describe())
MIN node E: value 3 <= alpha 4, prune e2, e3, e4
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from gamekit.games import Game
from gamekit.gametree import CHANCE, MAX, MIN, GameTree

infinity = math.inf
STEP_KINDS = ("enter", "leaf", "update", "prune", "return")


def format_value(value: float | None) -> str:
    """A value as the course writes it: ``-∞``/``+∞`` for infinities, ``3`` rather than ``3.0``.

    >>> format_value(-math.inf), format_value(3.0), format_value(2.5), format_value(None)
    ('-∞', '3', '2.5', '')
    """
    if value is None:
        return ""
    if isinstance(value, float):
        if math.isinf(value):
            return "+∞" if value > 0 else "-∞"
        if math.isnan(value):
            return "nan"
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return f"{round(value, 3):g}"
    return str(value)


@dataclass(frozen=True)
class Step:
    """One event of a narrated alpha-beta search.

    Attributes:
        kind: ``'enter'`` (the search reaches an inner node), ``'leaf'`` (it reaches a terminal
            node and scores it; a leaf has no other step), ``'update'`` (a child's value
            improved the node's best value ``v``), ``'prune'`` (the node's remaining edges are
            skipped) or ``'return'`` (the node hands its value to its parent).
        node: the node (a game state) the event happens at.
        alpha, beta: the window at the node right after the event.
        value: the leaf's utility (``leaf``), the node's best value so far (``update``,
            ``prune``) or its final value (``return``); None for ``enter``. Values are for the
            player to move at the root, like ``alphabeta_search(..., with_value=True)``.
        edge: for ``enter``/``leaf``/``return`` the edge from the parent into ``node`` (None at
            the root); for ``update``/``prune`` the child edge whose value caused the event.
        pruned: for ``prune``, the edges never explored, in ``actions()`` order.
        role: ``'MAX'`` where the root's player moves, ``'MIN'`` where the opponent does.
        player: ``game.to_move(node)``.
        depth: plies below the root.
        parent: the parent node (None at the root).
        best: for ``update``/``prune``/``return`` at an inner node, the best move so far.
    """

    kind: str
    node: Any
    alpha: float
    beta: float
    value: float | None = None
    edge: Any = None
    pruned: tuple[Any, ...] = ()
    role: str = MAX
    player: str = MAX
    depth: int = 0
    parent: Any = None
    best: Any = None

    @property
    def enters(self) -> bool:
        """True for the step at which the search first reaches ``node`` (enter or leaf)."""
        return self.kind in ("enter", "leaf")

    def window(self) -> str:
        """``'alpha = -∞, beta = +∞'``."""
        return f"alpha = {format_value(self.alpha)}, beta = {format_value(self.beta)}"

    def describe(self) -> str:
        """The step in words, as a lecturer would say it."""
        name = f"{self.role} node {self.node}"
        via = f" (edge {self.edge})" if self.edge is not None else ""
        if self.kind == "enter":
            return f"{name}{via}: enter with {self.window()}"
        if self.kind == "leaf":
            return f"leaf {self.node}{via}: utility {format_value(self.value)}"
        if self.kind == "update":
            bound, level = ("alpha", self.alpha) if self.role == MAX else ("beta", self.beta)
            return (
                f"{name}: v = {format_value(self.value)} from {self.edge}, "
                f"{bound} = {format_value(level)}"
            )
        if self.kind == "prune":
            if self.role == MAX:
                test = f">= beta {format_value(self.beta)}"
            else:
                test = f"<= alpha {format_value(self.alpha)}"
            edges = ", ".join(str(e) for e in self.pruned)
            return f"{name}: value {format_value(self.value)} {test}, prune {edges}"
        if self.kind == "return":
            if self.parent is None:
                return f"{name} returns {format_value(self.value)}: best move {self.best}"
            return f"{name} returns {format_value(self.value)} to {self.parent}"
        return f"{self.kind} {self.node}"


def alphabeta_steps(state: Any, game: Game) -> list[Step]:
    """Alpha-beta from ``state`` to the end of the game, as a list of narrated `Step` s.

    Visits, cutoffs and the final value are those of ``gamekit.search.alphabeta_search``: the
    nodes of the steps with ``step.enters`` are ``trace.visited()`` of that engine, the
    ``prune`` steps are its ``trace.cutoffs``, and the last step's value is its value. Works on
    any game; MAX and MIN alternate by ply, as in the engine.

    Raises:
        ValueError: at a chance node (alpha-beta is for two players; use expectiminimax).
    """
    root_player = game.to_move(state)
    steps: list[Step] = []

    def visit(node: Any, alpha: float, beta: float, depth: int, parent: Any, edge: Any) -> float:
        role = MAX if depth % 2 == 0 else MIN
        player = game.to_move(node)
        common = {"role": role, "player": player, "depth": depth, "parent": parent}
        if game.terminal_test(node):
            value = game.utility(node, root_player)
            steps.append(Step("leaf", node, alpha, beta, value, edge, **common))
            return value
        if player == CHANCE:
            raise ValueError(
                f"alpha-beta reached chance node {node!r}: it is for two-player games without "
                "chance; use expectiminimax_values"
            )
        steps.append(Step("enter", node, alpha, beta, None, edge, **common))
        moves = list(game.actions(node))
        v = -infinity if role == MAX else infinity
        best = None
        for i, move in enumerate(moves):
            child_value = visit(game.result(node, move), alpha, beta, depth + 1, node, move)
            improved = child_value > v if role == MAX else child_value < v
            if improved:
                v, best = child_value, move
            if (v >= beta) if role == MAX else (v <= alpha):  # the test first...
                rest = tuple(moves[i + 1 :])
                if rest:
                    steps.append(
                        Step("prune", node, alpha, beta, v, move, rest, best=best, **common)
                    )
                break
            if improved:  # ...then the bound takes in v
                if role == MAX:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
                steps.append(Step("update", node, alpha, beta, v, move, best=best, **common))
        steps.append(Step("return", node, alpha, beta, v, edge, best=best, **common))
        return v

    visit(state, -infinity, infinity, 0, None, None)
    return steps


def entered_nodes(steps: Iterable[Step]) -> list[Any]:
    """The nodes in the order the search reached them (root first)."""
    return [step.node for step in steps if step.enters]


def alphabeta_intervals(game: Game, state: Any = None) -> dict[Any, tuple[float, float]]:
    """``{node: (alpha, beta)}`` for every inner node alpha-beta visits (course convention).

    The window is the one the node holds when it returns its value, after its last update. A
    node that is cut off keeps the window it had before the child that caused the cut: the
    cutoff test comes before the bound update. Leaves and unvisited nodes are absent.
    ``state`` defaults to ``game.initial``.
    """
    state = game.initial if state is None else state
    return {
        step.node: (step.alpha, step.beta)
        for step in alphabeta_steps(state, game)
        if step.kind == "return"
    }


def alphabeta_values(game: Game, state: Any = None) -> dict[Any, float]:
    """``{node: value}`` for every node alpha-beta visits: a leaf's utility, an inner node's
    returned value. Below a cut-off node a value is only a bound on the minimax value."""
    state = game.initial if state is None else state
    return {
        step.node: step.value
        for step in alphabeta_steps(state, game)
        if step.kind in ("leaf", "return")
    }


def alphabeta_pruned(game: Game, state: Any = None) -> list[tuple[Any, Any]]:
    """``(node, edge)`` for every edge alpha-beta never explores, in search order.

    Only the edges leaving a cut-off node are listed, not the edges below them.
    """
    state = game.initial if state is None else state
    return [
        (step.node, edge)
        for step in alphabeta_steps(state, game)
        if step.kind == "prune"
        for edge in step.pruned
    ]


def minimax_values(game: Game, state: Any = None) -> dict[Any, float]:
    """``{node: minimax value}`` for every node below ``state`` (default: the root), leaves too.

    Values are for the player to move at ``state``: their nodes take the largest child value,
    the opponent's nodes the smallest. A state met twice (a transposition) is solved once.

    Raises:
        ValueError: at a chance node (use `expectiminimax_values`).
    """
    return _backed_up_values(game, game.initial if state is None else state, chance=False)


def expectiminimax_values(game: Game, state: Any = None) -> dict[Any, float]:
    """Like `minimax_values`, with each chance node worth the probability-weighted average of
    its children (``game.chance_outcomes(node)``)."""
    return _backed_up_values(game, game.initial if state is None else state, chance=True)


def _backed_up_values(game: Game, root: Any, *, chance: bool) -> dict[Any, float]:
    player = game.to_move(root)
    if player == CHANCE:
        player = MAX
    values: dict[Any, float] = {}

    def value(node: Any) -> float:
        if node in values:
            return values[node]
        if game.terminal_test(node):
            result = game.utility(node, player)
        else:
            mover = game.to_move(node)
            if mover == CHANCE:
                if not chance:
                    raise ValueError(
                        f"{node!r} is a chance node: use expectiminimax_values for this tree"
                    )
                outcomes = game.chance_outcomes(node)
                result = sum(p * value(game.result(node, a)) for a, p in outcomes.items())
            else:
                kids = [value(game.result(node, a)) for a in game.actions(node)]
                result = max(kids) if mover == player else min(kids)
        values[node] = result
        return result

    value(root)
    return values


def random_tree(
    depth: int,
    branching: int | Sequence[int],
    *,
    seed: int | random.Random | None = None,
    low: int = -9,
    high: int = 9,
) -> GameTree:
    """A full MAX/MIN tree with random integer leaves, named like `first_tree`.

    The root is ``A``, its children ``B``, ``C``, ... (edges ``a1``, ``a2``, ...); deeper nodes
    append their position to the parent's name (``B1``, ``B12``, ...; edges ``b1``, ``b12``).
    ``branching`` is one number for every level or one number per level.
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ValueError(f"depth must be a whole number >= 1, got {depth!r}")
    widths = [branching] * depth if isinstance(branching, int) else list(branching)
    if len(widths) != depth or any(not 1 <= w <= 9 for w in widths):
        raise ValueError(f"branching must be 1..9 per level ({depth} levels), got {branching!r}")
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    edges: dict[str, dict[str, str]] = {}
    utilities: dict[str, float] = {}
    letters = "BCDEFGHIJ"

    def grow(node: str, level: int) -> None:
        if level == depth:
            utilities[node] = rng.randint(low, high)
            return
        edges[node] = {}
        for i in range(1, widths[level] + 1):
            child = letters[i - 1] if level == 0 else f"{node}{i}"
            edges[node][f"{node.lower()}{i}"] = child
            grow(child, level + 1)

    grow("A", 0)
    return GameTree(edges, utilities)


__all__ = [
    "STEP_KINDS",
    "Step",
    "alphabeta_intervals",
    "alphabeta_pruned",
    "alphabeta_steps",
    "alphabeta_values",
    "entered_nodes",
    "expectiminimax_values",
    "format_value",
    "minimax_values",
    "random_tree",
]
