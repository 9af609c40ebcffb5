"""Parts 4 to 6: minimax_value, minimax_decision, depth-limited minimax and expectiminimax."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamekit.checks import (
    GradingError,
    require_plain,
    shown,
)
from gamekit.checks.a01.cases import tree_from_nested
from gamekit.checks.a01.confirm import confirmation_cutoffs, confirmation_trees
from gamekit.checks.a01.diagnosis import (
    _check_number,
    _describe,
    _diagnose_value,
    _run,
    _same,
    _trace_mistake,
    _witness_error,
    ladder_failed,
)
from gamekit.checks.a01.ladder import (
    CHANCE_LADDER,
    CUTOFF_LADDER,
    VALUE_LADDER,
    _ladder_eval,
    cutoff_witness,
    decision_witness,
    value_witness,
    worst_everywhere,
)
from gamekit.checks.a01.references import MUTANTS, _decision, _value, correct_minimax_value
from gamekit.checks.evidence import Mutant, Probe, close, confirmed, outputs, standing_in
from gamekit.games import Game
from gamekit.i18n import kept_sentence
from gamekit.trace import run_traced

EvalFn = Callable[[Any, str], float]

NAMEABLE = {
    "minimax_value": ("parity", "swap", "leaf_max", "leaf_mover", "max_view", "max_at_max"),
    "minimax_cutoff_value": (
        "swap",
        "leaf_max",
        "leaf_mover",
        "plain_terminal",
        "eval_for_max",
        "max_at_max",
    ),
    "expectiminimax_value": ("chance_uniform", "chance_max", "chance_min", "swap", "leaf_max"),
}
"""The catalogued mistakes (`MUTANTS`) each value check may name, when they fit."""


def _traced_wrong(name: str, case: str, mistake: str) -> str:
    """What the trace of ``name`` on ``case`` shows (`_trace_mistake`), as a kept sentence."""
    return kept_sentence("{name} {case}: {mistake}", name=name, case=case, mistake=mistake)


def check_minimax_value(
    minimax_value: Callable[..., Any],
    game: Game,
    state: Any,
    player: str,
    label: str | None = None,
) -> None:
    """``minimax_value(state, game, player)`` returns the reference value and generates the same
    nodes in the same order."""
    name = "minimax_value"
    case = _describe(game, state, player, label)
    expected, ref_trace = run_traced(
        lambda s, g: _value(s, g, player), state, game
    )  # before any swap
    got, trace = _run(name, lambda g, _: minimax_value(state, g, player), state, game)
    got = _check_number(name, got)
    if not _same(got, expected):
        mutants = {m: _value(state, game, player, mutant=m) for m in NAMEABLE[name]}
        trees = probe_trees() + _trees(VALUE_LADDER) + list(confirmation_trees())
        confirm = _confirmer(name, minimax_value, trees)
        call = lambda f: f(state, game, player)  # noqa: E731
        runner = _value_runner(name, minimax_value)
        ladder = lambda raised_at: value_witness(  # noqa: E731
            name, minimax_value, VALUE_LADDER, runner, raised_at
        )
        raise _diagnose_value(name, got, expected, mutants, case, confirm, call, ladder)
    mistake = _trace_mistake(trace, ref_trace, None)
    if mistake:
        raise GradingError(_traced_wrong(name, case, mistake), code=f"trace:{name}")


def check_minimax_decision(
    minimax_decision: Callable[..., Any], game: Game, state: Any, label: str | None = None
) -> None:
    """``minimax_decision(state, game)`` returns the reference move (ties: the first best), with
    the notebook's ``minimax_value`` replaced by the reference so its mistakes do not count
    twice."""
    name = "minimax_decision"
    case = _describe(game, state, None, label)
    (best, expected, values), ref_trace = run_traced(_decision, state, game)
    reference = correct_minimax_value()
    with standing_in(minimax_decision, "minimax_value", reference):
        got, trace = _run(
            name, lambda g, _: minimax_decision(state, g), state, game, stand_in_allowed=True
        )
    moves = game.actions(state)
    if type(got) in (int, float) and got not in moves:
        if _same(got, best):
            raise GradingError(
                kept_sentence(
                    "{name} {case}: value returned instead of move: it returned {got}, the "
                    "value of the best move; return the best move (one of game.actions(state)) "
                    "itself",
                    name=name,
                    case=case,
                    got=shown(got),
                ),
                code="a01.decision_returns_value",
            )
        raise GradingError(
            kept_sentence(
                "{name} {case} returned the number {got}, which is not one of the moves "
                "game.actions(state) gives ({moves}): return the best of those moves",
                name=name,
                case=case,
                got=shown(got),
                moves=shown(moves),
            ),
            code="shape:minimax_decision",
        )
    if type(got) is tuple and len(got) == 2 and got not in moves:
        raise GradingError(
            kept_sentence(
                "{name} {case} returned a pair {got}: return only the move",
                name=name,
                case=case,
                got=shown(got),
            ),
            code="shape:minimax_decision",
        )
    require_plain(got, kept_sentence("the move returned by {name}", name=name))
    if got not in moves:
        raise GradingError(
            kept_sentence(
                "{name} {case} returned {got}, which is not a legal move there",
                name=name,
                case=case,
                got=shown(got),
            ),
            code="witness:minimax_decision",
        )
    if got != expected:
        chosen = values[moves.index(got)]
        if _same(chosen, best):
            raise GradingError(
                kept_sentence(
                    "{name} {case}: several moves tie for the best value; ties go to the first "
                    "best move in actions() order",
                    name=name,
                    case=case,
                ),
                code="a01.decision_tie_not_first",
            )
        run = _decision_runner(name, minimax_decision, reference)
        if _same(chosen, min(values)) and worst_everywhere(run):
            raise GradingError(
                kept_sentence(
                    "{name} {case} chose a move that is worst for the player to move, and so it "
                    "does on every public probe tree: min and max are swapped (the player to "
                    "move takes the move of smallest value)",
                    name=name,
                    case=case,
                ),
                code="a01.decision_min_max_swapped",
            )
        again = _substituted(reference)
        found = decision_witness(name, run, ladder_failed(name, again))
        if found is not None:
            raise _witness_error(name, found, again)
        raise GradingError(
            kept_sentence(
                "{name} {case} did not choose a move with the best minimax value",
                name=name,
                case=case,
            ),
            code="witness:minimax_decision",
        )
    mistake = _trace_mistake(trace, ref_trace, None)
    if mistake:
        raise GradingError(_traced_wrong(name, case, mistake), code=f"trace:{name}")


def _confirmer(name: str, student: Callable[..., Any], trees: list[Any]):
    """``confirm(fitting)``: the one mistake of ``fitting`` that gives the student's value from
    the root of every tree of ``trees``, for both players (`evidence.confirmed`), or none."""

    def value(state: Any, tree: Any, who: str) -> float:
        got, _ = _run(name, lambda g, _: student(state, g, who), state, tree)
        return _check_number(name, got)

    def confirm(fitting: list[str]) -> list[str]:
        probes = [
            Probe(f"{tree.initial} for {who}", (tree.initial, tree, who))
            for tree in trees
            for who in tree.players
        ]
        mutants = {
            m: Mutant(MUTANTS[m], lambda s, g, w, m=m: _value(s, g, w, mutant=m)) for m in fitting
        }
        named = confirmed(mutants, probes, outputs(value, probes), close)
        return [] if named is None else [named]

    return confirm


def _trees(specs: Any) -> list[Any]:
    """The ladder's nested-list trees as trees (each a public probe)."""
    return [tree_from_nested(spec) for spec in specs]


def _value_runner(name: str, student: Callable[..., Any]):
    """``run(tree, node, player)``: the student's ``name(node, tree, player)``, traced and with
    gamekit's engines swapped out, checked to be a number."""

    def run(tree: Any, node: Any, who: str) -> float:
        value, _ = _run(name, lambda g, _: student(node, g, who), node, tree)
        return _check_number(name, value)

    return run


def _cutoff_runner(name: str, student: Callable[..., Any]):
    """``run(tree, depth, eval_fn, player)``: the student's depth-limited value of the root."""

    def run(tree: Any, depth: int, eval_fn: EvalFn, who: str) -> float:
        value, _ = _run(
            name,
            lambda g, traced_eval: student(tree.initial, g, depth, traced_eval, who),
            tree.initial,
            tree,
            eval_fn=eval_fn,
        )
        return _check_number(name, value)

    return run


def _cutoff_confirmer(run: Callable[..., float]):
    """``confirm(fitting)``: the one mistake of ``fitting`` that gives the student's
    depth-limited value on every probe of `CUTOFF_LADDER` and of the confirmation set, for both
    players (`evidence.confirmed`), or none."""

    def confirm(fitting: list[str]) -> list[str]:
        cases = [(tree_from_nested(spec), depth) for spec, depth in CUTOFF_LADDER]
        cases = [(tree, depth, _ladder_eval(tree)) for tree, depth in cases]
        probes = [
            Probe(f"{tree.initial} at depth {depth} for {who}", (tree, depth, estimate, who))
            for tree, depth, estimate in [*cases, *confirmation_cutoffs()]
            for who in tree.players
        ]
        mutants = {
            m: Mutant(MUTANTS[m], lambda t, d, e, w, m=m: _value(t.initial, t, w, d, e, mutant=m))
            for m in fitting
        }
        named = confirmed(mutants, probes, outputs(run, probes), close)
        return [] if named is None else [named]

    return confirm


def _decision_runner(name: str, student: Callable[..., Any], reference: Any):
    """``run(tree, node)``: the student's ``minimax_decision(node, tree)`` with the notebook's
    ``minimax_value`` replaced by ``reference`` (as in the check itself)."""

    def run(tree: Any, node: Any) -> Any:
        with standing_in(student, "minimax_value", reference):
            move, _ = _run(name, lambda g, _: student(node, g), node, tree, stand_in_allowed=True)
        return move

    return run


def _substituted(reference: Any) -> Callable[[Callable[..., Any], tuple], Any]:
    """``call(function, args)`` with the function's ``minimax_value`` replaced by
    ``reference``, as in the check (how the mutation harness calls a decision again)."""

    def call(function: Callable[..., Any], args: tuple) -> Any:
        with standing_in(function, "minimax_value", reference):
            return function(*args)

    return call


def chance_probe_trees() -> list[Any]:
    """Two small public trees with chance nodes: uneven probabilities, under MAX and under MIN."""
    from gamekit.gametree import GameTree

    under_max = GameTree(
        {"A": {"a1": "C", "a2": "L3"}, "C": {"c1": "L1", "c2": "L2"}},
        {"L1": 4, "L2": -6, "L3": 1},
        chances={"C": {"c1": 0.9, "c2": 0.1}},
        kinds={"C": "CHANCE"},
    )
    under_min = GameTree(
        {"A": {"a1": "B", "a2": "L4"}, "B": {"b1": "C", "b2": "L3"}, "C": {"c1": "L1", "c2": "L2"}},
        {"L1": 8, "L2": 0, "L3": 3, "L4": -1},
        chances={"C": {"c1": 0.25, "c2": 0.75}},
        kinds={"C": "CHANCE"},
    )
    return [under_max, under_min]


def probe_trees() -> list[Any]:
    """Small public trees (leaves -3..3), on which catalogued mistakes that agree on one case
    are told apart before one is named."""
    from gamekit.explain import random_tree

    return [random_tree(2, 2, seed=s, low=-3, high=3) for s in (1, 2)] + [
        random_tree(3, 2, seed=s, low=-3, high=3) for s in (3, 4)
    ]


# --------------------------------------------------------------------------------------------
# Part 5: depth-limited minimax
# --------------------------------------------------------------------------------------------


def check_minimax_cutoff_value(
    minimax_cutoff_value: Callable[..., Any],
    game: Game,
    state: Any,
    depth: int,
    eval_fn: EvalFn,
    player: str,
    label: str | None = None,
) -> None:
    """``minimax_cutoff_value(state, game, depth, eval_fn, player)`` returns the reference value,
    generates the same nodes and evaluates the same ones."""
    name = "minimax_cutoff_value"
    case = kept_sentence(
        "{case} with depth={depth}", case=_describe(game, state, player, label), depth=depth
    )
    expected, ref_trace = run_traced(
        lambda s, g, eval_fn: _value(s, g, player, depth, eval_fn), state, game, eval_fn=eval_fn
    )
    got, trace = _run(
        name,
        lambda g, traced_eval: minimax_cutoff_value(state, g, depth, traced_eval, player),
        state,
        game,
        eval_fn=eval_fn,
    )
    got = _check_number(name, got)
    mistake = _trace_mistake(trace, ref_trace, depth)
    if not _same(got, expected):
        if mistake:
            raise GradingError(_traced_wrong(name, case, mistake), code=f"trace:{name}")
        mutants = {m: _value(state, game, player, depth, eval_fn, mutant=m) for m in NAMEABLE[name]}
        call = lambda f: f(state, game, depth, eval_fn, player)  # noqa: E731
        run = _cutoff_runner(name, minimax_cutoff_value)
        raise _diagnose_value(
            name,
            got,
            expected,
            mutants,
            case,
            confirm=_cutoff_confirmer(run),
            call=call,
            ladder=lambda raised_at: cutoff_witness(name, run, raised_at),
        )
    if mistake:
        raise GradingError(_traced_wrong(name, case, mistake), code=f"trace:{name}")


# --------------------------------------------------------------------------------------------
# Part 6: expectiminimax
# --------------------------------------------------------------------------------------------


def check_expectiminimax_value(
    expectiminimax_value: Callable[..., Any],
    game: Game,
    state: Any,
    player: str,
    label: str | None = None,
) -> None:
    """``expectiminimax_value(state, game, player)`` returns the reference value and generates
    the same nodes in the same order."""
    name = "expectiminimax_value"
    case = _describe(game, state, player, label)
    expected, ref_trace = run_traced(lambda s, g: _value(s, g, player), state, game)
    got, trace = _run(name, lambda g, _: expectiminimax_value(state, g, player), state, game)
    got = _check_number(name, got)
    if not _same(got, expected):
        mutants = {m: _value(state, game, player, mutant=m) for m in NAMEABLE[name]}
        trees = [
            *chance_probe_trees(),
            *probe_trees(),
            *_trees(CHANCE_LADDER + VALUE_LADDER),
            *confirmation_trees(chance=True),
        ]
        confirm = _confirmer(name, expectiminimax_value, trees)
        call = lambda f: f(state, game, player)  # noqa: E731
        runner = _value_runner(name, expectiminimax_value)
        probes = CHANCE_LADDER + VALUE_LADDER[:3]
        ladder = lambda raised_at: value_witness(  # noqa: E731
            name, expectiminimax_value, probes, runner, raised_at
        )
        raise _diagnose_value(name, got, expected, mutants, case, confirm, call, ladder)
    mistake = _trace_mistake(trace, ref_trace, None)
    if mistake:
        raise GradingError(_traced_wrong(name, case, mistake), code=f"trace:{name}")
