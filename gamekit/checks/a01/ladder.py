"""The ladder of public probe trees for a01's engines: the smallest input that goes wrong.

When a student's ``minimax_value``, ``minimax_cutoff_value``, ``expectiminimax_value`` or
``minimax_decision`` gives a wrong answer on a test's case, and no catalogued mistake explains
every answer, the checker runs it on these trees, smallest first, for both players. The first
tree where it is wrong is the *witness*. A probe is public, so its right answer may be shown.

For ``minimax_value`` and ``expectiminimax_value`` (which can be called from any node) the
witness is narrowed down the tree to the lowest node where the student's function is wrong
although it is right on every child; the message then states the one rule that gives that
node's value, with the children's values, all computed here. A depth-limited search cannot be
called from a child with the same meaning (its plies count from where it starts), so its
witness is the root, with each child's value and where it comes from.

>>> tree = tree_from_nested([[3, -1], [2, 5]])
>>> print(describe_tree(tree))
A (MAX) -> B, C; B (MIN) -> B1 = 3, B2 = -1; C (MIN) -> C1 = 2, C2 = 5
>>> def max_everywhere(state, game, player):
...     if game.terminal_test(state):
...         return game.utility(state, player)
...     values = [max_everywhere(game.result(state, a), game, player) for a in game.actions(state)]
...     return max(values)
>>> from textwrap import fill
>>> print(fill(value_witness("minimax_value", max_everywhere, VALUE_LADDER).message, 90))
minimax_value on the probe tree A (MAX) -> A1 = 3, A2 = -1 (leaves' utilities for MAX),
for player MIN, returned 1, but should return -3: at A MAX moves, so A is worth the
smallest of its children's values for MIN: A1 = -3, A2 = 1, so -3
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gamekit.checks import GradingError
from gamekit.checks.a01.cases import table_eval, tree_from_nested
from gamekit.checks.a01.references import _value
from gamekit.checks.evidence import (
    Mutant,
    Probe,
    Witness,
    close,
    confirmed,
    first_witness,
    in_turn,
    listed,
    outputs,
)
from gamekit.gametree import CHANCE, MAX, MIN, GameTree
from gamekit.i18n import kept_sentence
from gamekit.search import WIN

VALUE_LADDER: tuple[Any, ...] = (
    [3, -1],
    [-2, 4, 1],
    [[3, -1], [2, 5]],
    [[4, [1, -2]], [[0, 3], -1]],
    [[[2, -3], [5, 1]], [[-1, 4], [0, -2]]],
    [[[3, [1, 6]], [-2, 4]], [[5, -4], [[0, 2], -1]]],
)
"""Nested-list trees (see `tree_from_nested`), smallest first: two leaves, three, two plies,
uneven depths, three plies, four."""

CHANCE_LADDER: tuple[Any, ...] = (
    [([0.25, 0.75], [4, -8]), -6],
    [[([0.5, 0.5], [2, 6]), 3], [([0.9, 0.1], [1, -9]), 0]],
    [([0.6, 0.4], [[1, 5], [[-2, 3]]]), ([0.2, 0.8], [7, [0, -4]])],
)
"""Trees with chance nodes: uneven probabilities under MAX, under MIN, and chance nodes over
MAX and MIN nodes."""

CUTOFF_LADDER: tuple[tuple[Any, int], ...] = (
    ([[3, -1], [2, 5]], 1),
    ([[4, [1, -2]], [[0, 3], -1]], 2),
    ([4, [[1, 2], -3]], 2),
    ([[[2, -3], [5, 1]], [[-1, 4], [0, -2]]], 2),
    ([[[3, [1, 6]], [-2, 4]], [[5, -4], [[0, 2], -1]]], 3),
)
"""``(tree, depth)`` pairs: the search stops above the leaves, at leaves above the cutoff, at
both."""


def _ladder_eval(tree: GameTree) -> table_eval:
    """A public estimate for every node (for MAX), different at each node, -3..3."""
    return table_eval({node: (2 * i + 1) % 7 - 3 for i, node in enumerate(tree.nodes())})


def describe_tree(tree: GameTree) -> str:
    """The tree in one line a student can draw: each inner node, whose turn, and its children;
    a leaf with its utility for MAX, a chance node's children with their probabilities (a kept
    sentence when the tree has a chance node)."""
    parts = []
    for node in tree.nodes():
        if tree.terminal_test(node):
            continue
        kind = "chance" if tree.to_move(node) == CHANCE else tree.to_move(node)
        chances = tree.chance_outcomes(node) if kind == "chance" else {}
        children = []
        for move in tree.actions(node):
            child = tree.result(node, move)
            said = child
            if tree.terminal_test(child):
                said = f"{child} = {_number(tree.utilities[child])}"
            if move in chances:
                said += f" (p {_number(chances[move])})"
            children.append(said)
        if kind == "chance":
            parts.append(
                kept_sentence(
                    "{node} (chance) -> {children}", node=node, children=", ".join(children)
                )
            )
        else:
            parts.append(f"{node} ({kind}) -> " + ", ".join(children))
    return in_turn(parts)


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


@dataclass(frozen=True)
class Found:
    """A probe where the student's function is wrong: the witness (its probe's arguments call
    the student's function again), and the sentence that states it (a kept sentence)."""

    witness: Witness
    message: str


Run = Callable[[GameTree, Any, str], Any]
"""``run(tree, node, player)``: the student's value of ``node`` for ``player`` (raises
`GradingError` when their code fails)."""

RaisedAt = Callable[[Probe, GradingError], None]
"""Told of the probe where the student's code failed, before the error is raised."""


def _rule(tree: GameTree, node: Any, player: str) -> str:
    """The rule that gives ``node``'s value for ``player`` from its children's, with the
    numbers (a kept sentence)."""
    moves = tree.actions(node)
    children = [tree.result(node, a) for a in moves]
    values = [_value(c, tree, player) for c in children]
    values_said = ", ".join(f"{c} = {_number(v)}" for c, v in zip(children, values, strict=True))
    kind = tree.to_move(node)
    right = _value(node, tree, player)
    if kind == CHANCE:
        chances = tree.chance_outcomes(node)
        terms = " + ".join(
            f"{_number(chances[a])} x {_number(v)}" for a, v in zip(moves, values, strict=True)
        )
        return kept_sentence(
            "{node} is a chance node, so it is worth the probability-weighted average of its "
            "children's values for {player} ({values}): {terms} = {value}",
            node=node,
            player=player,
            values=values_said,
            terms=terms,
            value=_number(right),
        )
    if kind == player:
        return kept_sentence(
            "at {node} {mover} moves, so {node} is worth the largest of its children's values "
            "for {player}: {values}, so {value}",
            node=node,
            mover=kind,
            player=player,
            values=values_said,
            value=_number(right),
        )
    return kept_sentence(
        "at {node} {mover} moves, so {node} is worth the smallest of its children's values "
        "for {player}: {values}, so {value}",
        node=node,
        mover=kind,
        player=player,
        values=values_said,
        value=_number(right),
    )


def _value_probe(tree: GameTree, node: Any, who: str) -> Probe:
    """``node`` of ``tree`` for ``who``: arguments ``(node, tree, who)``, as the engine takes."""
    where = "" if node == tree.initial else kept_sentence(" called from node {node}", node=node)
    words = kept_sentence(
        "the probe tree {tree} (leaves' utilities for MAX),{where} for player {player}",
        tree=describe_tree(tree),
        where=where,
        player=who,
    )
    return Probe(words, (node, tree, who))


def _children(probe: Probe) -> list[Probe]:
    node, tree, who = probe.args
    return [_value_probe(tree, tree.result(node, move), who) for move in tree.actions(node)]


def value_witness(
    name: str,
    student: Callable[..., Any],
    ladder: Sequence[Any],
    run: Run | None = None,
    raised_at: RaisedAt | None = None,
) -> Found | None:
    """The first probe tree (and player) where ``student(state, game, player)`` is wrong,
    narrowed to the lowest node where it is wrong while right on every child; None if it is
    right on every probe. Raises `GradingError` with the probe if the student's code fails."""
    if run is None:
        run = lambda tree, node, who: student(node, tree, who)  # noqa: E731
    probes = [
        _value_probe(tree, tree.initial, who)
        for tree in (tree_from_nested(spec) for spec in ladder)
        for who in (MAX, MIN)
    ]
    witness, _ = first_witness(
        name,
        lambda node, tree, who: run(tree, node, who),
        _value,
        probes,
        close,
        narrow=_children,
        every=False,
        raised_at=raised_at,
    )
    if witness is None:
        return None
    node, tree, who = witness.probe.args
    if tree.terminal_test(node):
        fact = kept_sentence(
            "{node} is a leaf, worth game.utility({node}, {player}) = {value}",
            node=node,
            player=who,
            value=_number(witness.expected),
        )
    else:
        fact = _rule(tree, node, who)
    return Found(witness, _wrong_on_probe(name, witness, fact))


def _wrong_on_probe(name: str, witness: Witness, fact: str) -> str:
    """The sentence of a value witness: what the student's function returned on the probe,
    what it should return, and ``fact``, why."""
    return kept_sentence(
        "{name} on {probe}, returned {got}, but should return {expected}: {fact}",
        name=name,
        probe=witness.probe.words,
        got=repr(witness.got),
        expected=_number(witness.expected),
        fact=fact,
    )


def cutoff_probes() -> list[Probe]:
    """`CUTOFF_LADDER` for both players: arguments ``(state, game, depth, eval_fn, player)``."""
    probes = []
    for spec, depth in CUTOFF_LADDER:
        tree = tree_from_nested(spec)
        estimate = _ladder_eval(tree)
        for who in (MAX, MIN):
            words = kept_sentence(
                "the probe tree {tree} (leaves' utilities for MAX) with depth={depth}, for "
                "player {player} (eval_fn for MAX: {estimates})",
                tree=describe_tree(tree),
                depth=depth,
                player=who,
                estimates=_estimates(tree, estimate),
            )
            probes.append(Probe(words, (tree.initial, tree, depth, estimate, who)))
    return probes


def _cutoff_value(state: Any, tree: GameTree, depth: int, estimate: Any, who: str) -> float:
    return _value(state, tree, who, depth, estimate)


def cutoff_witness(
    name: str,
    run: Callable[[GameTree, int, Any, str], Any],
    raised_at: RaisedAt | None = None,
) -> Found | None:
    """The first ``(tree, depth)`` of `CUTOFF_LADDER` and player where the depth-limited value
    ``run(tree, depth, eval_fn, player)`` is wrong (from the root), with each child's value and
    where it comes from; None if right on every probe."""
    witness, _ = first_witness(
        name,
        lambda state, tree, depth, estimate, who: run(tree, depth, estimate, who),
        _cutoff_value,
        cutoff_probes(),
        close,
        every=False,
        raised_at=raised_at,
    )
    if witness is None:
        return None
    _, tree, depth, estimate, who = witness.probe.args
    fact = _cutoff_fact(tree, depth, estimate, who)
    return Found(witness, _wrong_on_probe(name, witness, fact))


def _estimates(tree: GameTree, estimate: table_eval) -> str:
    return ", ".join(
        f"{node} = {_number(estimate.table[node])}"
        for node in tree.nodes()
        if not tree.terminal_test(node) and node != tree.initial
    )


def _cutoff_fact(tree: GameTree, depth: int, estimate: table_eval, who: str) -> str:
    """Each child of the root with its depth-limited value and why, and the root's rule (a
    kept sentence)."""
    root = tree.initial
    said = []
    values = []
    for move in tree.actions(root):
        child = tree.result(root, move)
        value = _value(child, tree, who, depth, estimate, ply=1)
        values.append(value)
        if tree.terminal_test(child):
            utility = tree.utility(child, who)
            how = kept_sentence(
                "{child} is terminal at ply 1: scored_result(utility, 1) = "
                "{utility} x (WIN - 1) = {score}",
                child=child,
                utility=_number(utility),
                score=_number(utility * (WIN - 1)),
            )
        elif depth == 1:
            how = kept_sentence(
                "{child} is at ply 1 = depth: eval_fn({child}, {player}) = {value}",
                child=child,
                player=who,
                value=_number(value),
            )
        else:
            how = kept_sentence(
                "{child} is worth {value} (searched on to ply {depth})",
                child=child,
                value=_number(value),
                depth=depth,
            )
        said.append(how)
    if tree.to_move(root) == who:
        rule = kept_sentence(
            "at the root {player} moves, so it takes the largest: {value}",
            player=tree.to_move(root),
            value=_number(max(values)),
        )
    else:
        rule = kept_sentence(
            "at the root {player} moves, so it takes the smallest: {value}",
            player=tree.to_move(root),
            value=_number(min(values)),
        )
    return in_turn([*said, rule])


DECISION_LADDER: tuple[tuple[Any, str], ...] = (
    ([3, 5], "A"),
    ([[3, -1], [2, 5]], "A"),
    ([4, 4, 1], "A"),
    ([[4, 2], [3, 6], [2]], "A"),
    ([[[1, 6], [4, -2]], [3, 0]], "B"),
    ([[[2, 5], [7, 3]], [[6, -1], [0, 4]]], "A"),
)
"""``(tree, start node)``: the best move second, after a ply of MIN, on a tie of leaves, on a
tie of values, MIN to move, three plies."""


def decision_probes() -> list[Probe]:
    """`DECISION_LADDER`: arguments ``(state, game)``, as ``minimax_decision`` takes."""
    probes = []
    for spec, start in DECISION_LADDER:
        tree = tree_from_nested(spec)
        where = "" if start == tree.initial else kept_sentence(" from node {node}", node=start)
        words = kept_sentence("the probe tree {tree}{where}", tree=describe_tree(tree), where=where)
        probes.append(Probe(words, (start, tree)))
    return probes


def _move_values(start: Any, tree: GameTree) -> tuple[list[Any], list[float]]:
    """The moves at ``start`` and their minimax values for the player to move there."""
    player = tree.to_move(start)
    moves = tree.actions(start)
    return moves, [_value(tree.result(start, a), tree, player) for a in moves]


def best_move(start: Any, tree: GameTree) -> Any:
    """The first move of largest minimax value for the player to move."""
    moves, values = _move_values(start, tree)
    return moves[values.index(max(values))]


def worst_move(start: Any, tree: GameTree) -> Any:
    """The first move of smallest minimax value (min and max swapped)."""
    moves, values = _move_values(start, tree)
    return moves[values.index(min(values))]


def decision_witness(
    name: str, run: Callable[[GameTree, Any], Any], raised_at: RaisedAt | None = None
) -> Found | None:
    """The first probe of `DECISION_LADDER` where ``run(tree, node)`` (the student's
    ``minimax_decision``) is not the first move of best minimax value for the player to move."""
    witness, _ = first_witness(
        name,
        lambda start, tree: run(tree, start),
        best_move,
        decision_probes(),
        every=False,
        raised_at=raised_at,
    )
    if witness is None:
        return None
    start, tree = witness.probe.args
    player = tree.to_move(start)
    moves, values = _move_values(start, tree)
    each = listed(
        [
            kept_sentence(
                "{move} (to {child}) = {value}",
                move=a,
                child=tree.result(start, a),
                value=_number(v),
            )
            for a, v in zip(moves, values, strict=True)
        ]
    )
    message = kept_sentence(
        "{name} on {probe} returned {got}, but should return {expected}: {player} moves at "
        "{start}; the moves' minimax values for {player} are {values}; the best is {best}, and "
        "{expected} is the first move with it",
        name=name,
        probe=witness.probe.words,
        got=repr(witness.got),
        expected=repr(witness.expected),
        player=player,
        start=start,
        values=each,
        best=_number(max(values)),
    )
    return Found(witness, message)


def worst_everywhere(run: Callable[[GameTree, Any], Any]) -> bool:
    """Whether ``run(tree, node)`` (the student's ``minimax_decision``) takes the first move of
    *smallest* minimax value on every probe of `DECISION_LADDER` (min and max swapped): the
    mutant ``worst_move`` confirmed on the whole ladder."""
    probes = decision_probes()
    swapped = {"swapped": Mutant("min and max swapped", worst_move)}
    return confirmed(swapped, probes, outputs(lambda s, t: run(t, s), probes)) is not None
