"""What the mutation harness (`gamekit.checks.mutants`) needs for a01: a wide observation of the
notebook's functions, and a re-check of every claim a failing cell made.

``observe`` calls each answer on many small trees (random shapes, both players, several depths,
chance nodes) and records what it returns *and* the nodes it generates and evaluates, since a01
grades traces too: two programs are the same only if both agree. ``recheck`` takes a failing
cell's mistake code and evidence and verifies it against the program itself: the value the
message quotes is what the function returns on that case, it is not the right value, and a named
mistake gives that value there and on every public probe tree.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from gamekit.checks.a01.cases import table_eval, tree_from_nested
from gamekit.checks.a01.confirm import random_spec, with_movers
from gamekit.checks.a01.diagnosis import CASES_SEEN, _same
from gamekit.checks.a01.engines import NAMEABLE, chance_probe_trees, probe_trees
from gamekit.checks.a01.ladder import CHANCE_LADDER, VALUE_LADDER
from gamekit.checks.a01.references import _value, forbidden
from gamekit.checks.mutants import Catalogued, unforbidden
from gamekit.gametree import MAX, MIN, GameTree
from gamekit.trace import run_traced


def _outcome(call: Callable[[], Any]) -> str:
    try:
        return repr(call())
    except Exception as error:  # noqa: BLE001 - what a wrong program does is the data
        return f"raised {type(error).__name__}"


def _traced(engine: Callable[..., Any], tree: Any, state: Any, eval_fn: Any = None) -> str:
    """The answer, the nodes generated in order and the nodes evaluated, as one string."""
    try:
        if eval_fn is None:
            answer, trace = run_traced(engine, state, tree)
        else:
            answer, trace = run_traced(engine, state, tree, eval_fn=eval_fn)
    except Exception as error:  # noqa: BLE001
        return f"raised {type(error).__name__}"
    evaluated = [n.state for n in trace.evaluations if n.scored_by == "eval"]
    return f"{answer!r} {trace.visited()} {evaluated}"


def observation_trees(chance: bool = False, count: int = 14) -> list[GameTree]:
    """Public probe trees and random ones (seeded): the inputs ``observe`` calls answers on."""
    rng = random.Random(2025 + chance)
    trees = probe_trees() + (chance_probe_trees() if chance else [])
    while len(trees) < count:
        spec = random_spec(rng, rng.randint(1, 4), chance)
        if isinstance(spec, list):  # every other one with a MIN root and players moving twice
            tree = tree_from_nested(spec)
            trees.append(with_movers(tree, rng, MIN) if len(trees) % 2 else tree)
    return trees


def _tree_game(namespace: dict[str, Any], tree: GameTree) -> list[str]:
    """What the student's TreeGame answers about every node of ``tree``."""
    seen = []
    try:
        game = namespace["TreeGame"](tree.edges, tree.utilities)
    except Exception as error:  # noqa: BLE001
        return [f"raised {type(error).__name__}"]
    seen.append(_outcome(lambda: game.initial))
    for node in tree.nodes():
        seen.append(_outcome(lambda n=node: game.terminal_test(n)))
        seen.append(_outcome(lambda n=node: game.actions(n)))
        if tree.terminal_test(node):
            for who in (MAX, MIN):
                seen.append(_outcome(lambda n=node, w=who: game.utility(n, w)))
            continue
        seen.append(_outcome(lambda n=node: game.to_move(n)))
        for move in tree.actions(node):
            seen.append(_outcome(lambda n=node, m=move: game.result(n, m)))
        seen.append(_outcome(lambda n=node: game.result(n, "no such edge")))
    return seen


def observe(namespace: dict[str, Any]) -> list[str]:
    """What the notebook's answers do on a wide set of trees (seeded), traces included."""
    seen = [
        _outcome(namespace["tree_vocabulary"]),
        _outcome(namespace["minimax_values_by_hand"]),
    ]
    for tree in observation_trees(count=10):
        seen += _tree_game(namespace, tree)
    value, decision = namespace["minimax_value"], namespace["minimax_decision"]
    cutoff = namespace["minimax_cutoff_value"]
    expecti = namespace["expectiminimax_value"]
    for i, tree in enumerate(observation_trees()):
        guess = table_eval({node: (3 * j + i) % 7 - 3 for j, node in enumerate(tree.nodes())})
        for who in (MAX, MIN):
            seen.append(_traced(lambda s, g, w=who: value(s, g, w), tree, tree.initial))
            for depth in (0, 1, 2, 3):
                seen.append(
                    _traced(
                        lambda s, g, eval_fn, w=who, d=depth: cutoff(s, g, d, eval_fn, w),
                        tree,
                        tree.initial,
                        guess,
                    )
                )
        seen.append(_traced(decision, tree, tree.initial))
    for tree in observation_trees(chance=True):
        for who in (MAX, MIN):
            seen.append(_traced(lambda s, g, w=who: expecti(s, g, w), tree, tree.initial))
    return seen


def recheck(namespace: dict[str, Any], code: str, evidence: dict | None) -> str | None:
    """Whether a failing cell's claim holds for the program in ``namespace``: None if it does,
    else what is false."""
    if not evidence or "step" not in evidence:
        return None  # a claim without a value to re-check (a trace fact, a by-hand answer)
    name = evidence["step"]
    seen = CASES_SEEN.get((name, evidence.get("input")))
    if seen is None:
        return f"{name}'s case {evidence.get('input')!r} was never checked"
    call, expected, mutant_value = seen
    if "raised" in evidence:  # the message says the code failed on that probe
        try:
            got = call(namespace[name])
        except Exception:  # noqa: BLE001
            return None
        if code.startswith("shape:") and not isinstance(got, (int, float)):
            return None
        return f"{name} gives {got!r} on {evidence['input']}, the message says it failed there"
    try:
        got = call(namespace[name])
    except Exception as error:  # noqa: BLE001
        if code.startswith("raised:"):
            return None
        return f"{name} raises {type(error).__name__} there, the message quotes a value"
    if code.startswith("raised:"):
        return f"{name} does not raise on {evidence['input']}"
    number = isinstance(got, (int, float)) and not isinstance(got, bool)
    if repr(got) != evidence.get("got") and not (
        number and _same(got, float(evidence.get("got", "nan")))
    ):
        return f"{name} returns {got!r} there, the message says {evidence.get('got')}"
    if _same(got, expected) if number else got == expected:
        return f"{name}'s answer {got!r} there is right"
    said = evidence.get("expected")
    if (
        said is not None
        and said != repr(expected)
        and not (number and _same(expected, float(said)))
    ):
        return (
            f"the message says {name} should return {said} there, the right answer is {expected!r}"
        )
    mistake = code.removeprefix("a01.")
    if code.startswith("a01."):
        if not _same(got, mutant_value(mistake)):
            return f"the mistake {mistake} gives {mutant_value(mistake)!r} there, not {got!r}"
        if name in ("minimax_value", "expectiminimax_value"):
            trees = probe_trees() + [tree_from_nested(spec) for spec in VALUE_LADDER]
            if name.startswith("expecti"):
                trees += chance_probe_trees() + [tree_from_nested(s) for s in CHANCE_LADDER]
            for tree in trees:
                for who in tree.players:
                    mine = namespace[name](tree.initial, tree, who)
                    if not _same(mine, _value(tree.initial, tree, who, mutant=mistake)):
                        return f"named {mistake}, but {name} differs from it on a probe tree"
    return None


def _mistaken(step: str, mistake: str) -> Callable[..., float]:
    """``step`` with ``mistake`` built in, with the student's signature."""
    if step == "minimax_cutoff_value":

        def cutoff(state: Any, game: Any, depth: int, eval_fn: Any, player: str) -> float:
            return _value(state, game, player, depth, eval_fn, mutant=mistake)

        return unforbidden(cutoff, forbidden())

    def value(state: Any, game: Any, player: str) -> float:
        return _value(state, game, player, mutant=mistake)

    return unforbidden(value, forbidden())


def catalogue() -> list[Catalogued]:
    """Every mistake a01's value checks can name, as a program (for `gamekit.checks.mutants`)."""
    return [
        Catalogued(f"a01.{mistake}", step, _mistaken(step, mistake))
        for step, mistakes in NAMEABLE.items()
        for mistake in mistakes
    ]
