"""a02's ladder of public probes: a wrong search is diagnosed on the smallest probe where it
parts from the course's alpha-beta, and every fact the message quotes is true of that probe.

The facts are recomputed here with an alpha-beta and a minimax written out again, apart from
the checker's own code.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from functools import partial
from math import inf
from typing import Any

import pytest

import gamekit
from gamekit.checks import GradingError, a02
from gamekit.checks.a02.ladder import cutoff_probes, search_probes
from gamekit.gametree import GameTree
from gamekit.search import alphabeta_cutoff_search, alphabeta_search, scored_result
from gamekit.trace import run_traced

TTT = gamekit.TicTacToe()
HIDDEN_TREES = [
    a02.tree_from_lists([[[2, 1, 1], [1, -3]], [[1, 0], [0, -1], [2, -1]]]),
    a02.tree_from_lists([[[3, 1], [2, 0]], [[2, 0, -2], [0, 1], [2, 1]]]),
    a02.tree_from_lists([[[2, -2, 3], [0, 3]], [[-1, 3, -2], [-2, -1, -2]]]),
]
HIDDEN_BOARDS = [
    (TTT, TTT.from_rows(["X..", "O..", "XO."])),
    (TTT, TTT.from_rows([".OX", "..O", ".X."])),
]
CASES = HIDDEN_TREES + HIDDEN_BOARDS


def variant(
    *,
    max_window: str = "alpha, beta",
    min_test: str = "v <= alpha",
    root_pick: str = "child_value > v",
    raise_on_leaf_children: bool = False,
) -> Callable[..., Any]:
    """The notebook's alpha-beta with one line changed (a student's uncatalogued mistake)."""

    def search(state: Any, game: Any) -> Any:
        player = game.to_move(state)
        if raise_on_leaf_children and game.terminal_test(
            game.result(state, game.actions(state)[0])
        ):
            raise ValueError("no grandchildren")

        def max_value(state: Any, alpha: float, beta: float, root: bool = False) -> tuple:
            if game.terminal_test(state):
                return game.utility(state, player), None
            v, best, lowest = -inf, None, inf
            lowest_at_root = root and root_pick == "lowest"
            for a in game.actions(state):
                window = (alpha, alpha) if max_window == "alpha, alpha" else (alpha, beta)
                child_value, _ = min_value(game.result(state, a), *window)
                if child_value > v:
                    v = child_value
                    best = best if lowest_at_root else a
                if lowest_at_root and child_value < lowest:
                    best, lowest = a, child_value
                if v >= beta:
                    return v, best
                alpha = max(alpha, v)
            return v, best

        def min_value(state: Any, alpha: float, beta: float) -> tuple:
            if game.terminal_test(state):
                return game.utility(state, player), None
            v, best = inf, None
            for a in game.actions(state):
                child_value, _ = max_value(game.result(state, a), alpha, beta)
                if child_value < v:
                    v, best = child_value, a
                if (v <= alpha) if min_test == "v <= alpha" else (v < alpha):
                    return v, best
                beta = min(beta, v)
            return v, best

        return max_value(state, -inf, inf, True)[1]

    return search


def course_windows(tree: GameTree, kw: dict | None = None) -> dict[tuple[str, str], tuple]:
    """``{(node, move): (alpha, beta, v, cut)}``: alpha-beta written out again."""
    kw = kw or {}
    depth, evaluate = kw.get("depth"), kw.get("eval_fn")
    found = {}

    def value(node: str, alpha: float, beta: float, ply: int) -> float:
        if tree.terminal_test(node):
            u = tree.utility(node, "MAX")
            return u if depth is None else scored_result(u, ply)
        if depth is not None and ply == depth:
            return evaluate(node, "MAX")
        is_max = tree.to_move(node) == "MAX"
        v = -inf if is_max else inf
        for a in tree.actions(node):
            v = (max if is_max else min)(v, value(tree.result(node, a), alpha, beta, ply + 1))
            cut = v >= beta if is_max else v <= alpha
            found[(node, a)] = (alpha, beta, v, cut)
            if cut:
                break
            alpha, beta = (max(alpha, v), beta) if is_max else (alpha, min(beta, v))
        return v

    value(tree.initial, -inf, inf, 0)
    return found


def same_search(fn: Callable[..., Any], reference: Callable[..., Any], probe: Any) -> bool:
    game, state, kw = probe.args
    mine, theirs = run_traced(fn, state, game, **kw), run_traced(reference, state, game, **kw)
    return mine[0] == theirs[0] and mine[1].visited() == theirs[1].visited()


def shown(x: float) -> str:
    return "+inf" if x == inf else "-inf" if x == -inf else str(x)


def failure(check: Callable[..., Any], fn: Callable[..., Any], cases: list) -> GradingError:
    with pytest.raises(GradingError) as info:
        check(fn, cases)
    return info.value


def test_probes_are_public_trees_that_their_words_rebuild():
    for probe in [*search_probes(), *cutoff_probes()]:
        tree, state, _ = probe.args
        spec = re.search(r"a02\.tree_from_lists\((.*?)\), that is", probe.words).group(1)
        rebuilt = a02.tree_from_lists(ast.literal_eval(spec))
        assert (rebuilt.edges, rebuilt.utilities, state) == (tree.edges, tree.utilities, "A")
        assert all(tree.utilities != hidden.utilities for hidden in HIDDEN_TREES)
    sizes = [len(p.args[0].utilities) for p in search_probes()[:6]]
    assert sizes == sorted(sizes) and sizes[0] == 2  # hand-made rungs: smallest first


@pytest.mark.parametrize(
    ("fn", "node", "claim"),
    [
        (variant(max_window="alpha, alpha"), "B1", "cut off"),
        (variant(min_test="v < alpha"), "C", "went on"),
    ],
)
def test_the_witness_is_the_smallest_probe_and_its_window_is_true(fn, node, claim):
    error = failure(a02.check_alphabeta_search, fn, CASES)
    assert error.code == "witness:alphabeta_search"
    probes = list(search_probes())
    index = next(i for i, p in enumerate(probes) if p.words == error.evidence["input"])
    assert all(same_search(fn, alphabeta_search, p) for p in probes[:index])
    assert not same_search(fn, alphabeta_search, probes[index])
    tree, state, _ = probes[index].args
    assert error.evidence["node"] == repr(node) and error.evidence["claim"] == claim
    after = ast.literal_eval(error.evidence["after"])
    alpha, beta, v, cut = course_windows(tree)[(node, after)]
    assert cut == (claim == "went on")
    said = f"v = {shown(v)} with alpha = {shown(alpha)} and beta = {shown(beta)}"
    assert said in str(error) and f"at node {node} (" in str(error)
    assert probes[index].words in str(error)
    # what the student's search did there, read off its own trace
    _, trace = run_traced(fn, state, tree)
    kids = [c.move for n in trace.nodes if n.state == node for c in n.children]
    assert (kids[-1] == after) == (claim == "cut off") and after in kids
    assert error.evidence["got"] == repr(fn(state, tree))
    assert error.evidence["expected"] == repr(alphabeta_search(state, tree))
    assert a02.recheck({"alphabeta_search": fn}, error.code, error.evidence) is None


def test_a_wrong_move_on_the_same_nodes_quotes_the_probe_values():
    fn = variant(root_pick="lowest")
    error = failure(a02.check_alphabeta_search, fn, CASES)
    assert error.code == "witness:alphabeta_search"
    first = search_probes()[0]
    assert error.evidence["input"] == first.words  # A (MAX) -> B = 3, C = 5
    tree = first.args[0]
    assert error.evidence["got"] == repr(fn("A", tree)) == "'a1'"
    assert error.evidence["expected"] == repr(alphabeta_search("A", tree)) == "'a2'"
    values = {a: tree.utility(tree.result("A", a), "MAX") for a in tree.actions("A")}
    assert "the moves' minimax values there are 'a1': 3, 'a2': 5" in str(error)
    assert values == {"a1": 3, "a2": 5}
    assert a02.recheck({"alphabeta_search": fn}, error.code, error.evidence) is None


def test_a_search_that_raises_on_a_probe_is_shown_that_probe():
    fn = variant(min_test="v < alpha", raise_on_leaf_children=True)
    error = failure(a02.check_alphabeta_search, fn, HIDDEN_TREES)
    assert error.code == "raised:alphabeta_search"
    assert error.evidence["input"] == search_probes()[0].words
    assert "ValueError" in str(error) and "the course's alpha-beta returns 'a2' there" in str(error)
    assert a02.recheck({"alphabeta_search": fn}, error.code, error.evidence) is None


def test_a_failure_no_probe_shows_is_reported_on_the_hidden_case_without_values():
    def reversed_on_boards(state, game):
        if game.to_move(state) in ("MAX", "MIN"):  # a tree: the course's search
            return a02.flawed_alphabeta(state, game)
        return a02.flawed_alphabeta(state, gamekit.OrderedGame(game, lambda g, s, m: -m[0]))

    error = failure(a02.check_alphabeta_search, reversed_on_boards, CASES)
    assert error.code == "witness:alphabeta_search"
    assert "case 4 (a tic-tac-toe position)" in str(error)
    assert "tree_from_lists" not in str(error) and "alpha =" not in str(error)
    assert a02.recheck({"alphabeta_search": reversed_on_boards}, error.code, error.evidence) is None


def test_a_mistake_is_named_only_if_it_also_fits_every_probe():
    def strict_on_big_trees(state, game):
        tree = getattr(game, "game", game)  # the tree the checker's trace wraps
        big = isinstance(tree, GameTree) and len(tree.utilities) >= 10
        return a02.flawed_alphabeta(state, game, flaw="strict" if big else "none")

    with pytest.raises(GradingError, match="pruned only on strict inequality"):
        a02.check_alphabeta_search(partial(a02.flawed_alphabeta, flaw="strict"), HIDDEN_TREES)
    error = failure(a02.check_alphabeta_search, strict_on_big_trees, HIDDEN_TREES)
    assert error.code == "witness:alphabeta_search"  # every probe agrees: the case is shown
    assert "strict inequality" not in str(error) and "case 1 (a game tree)" in str(error)


def test_the_cutoff_ladder_finds_the_smallest_probe_too():
    def min_strict(state, game, depth, eval_fn):
        """alphabeta_cutoff_search whose MIN cuts only on v < alpha."""
        player = game.to_move(state)

        def value(state, alpha, beta, ply, is_max):
            if game.terminal_test(state):
                return scored_result(game.utility(state, player), ply), None
            if ply == depth:
                return eval_fn(state, player), None
            v, best = (-inf if is_max else inf), None
            for a in game.actions(state):
                child, _ = value(game.result(state, a), alpha, beta, ply + 1, not is_max)
                if (child > v) if is_max else (child < v):
                    v, best = child, a
                if (v >= beta) if is_max else (v < alpha):
                    return v, best
                alpha, beta = (max(alpha, v), beta) if is_max else (alpha, min(beta, v))
            return v, best

        return value(state, -inf, inf, 0, True)[1]

    uneven = a02.tree_from_lists(
        [[1, 2, [[2, -3], 0]], [[[-3, -1, -2], [-2, 3, 2]], [[-2, -2, 1], [0, 3], -1], 1]]
    )
    cases = [
        (uneven, "A", 3, a02.hashed_eval(3)),
        (TTT, TTT.from_rows(["XO.", ".X.", "..O"]), 3, a02.tictactoe_eval),
    ]
    error = failure(a02.check_alphabeta_cutoff, min_strict, cases)
    assert error.code == "witness:alphabeta_cutoff_search"
    probes = list(cutoff_probes())
    index = next(i for i, p in enumerate(probes) if p.words == error.evidence["input"])
    assert all(same_search(min_strict, alphabeta_cutoff_search, p) for p in probes[:index])
    tree, _, kw = probes[index].args
    node, after = (
        ast.literal_eval(error.evidence["node"]),
        ast.literal_eval(error.evidence["after"]),
    )
    alpha, beta, v, cut = course_windows(tree, kw)[(node, after)]
    assert cut and error.evidence["claim"] == "went on"
    assert f"v = {shown(v)} with alpha = {shown(alpha)} and beta = {shown(beta)}" in str(error)
    assert a02.recheck({"alphabeta_cutoff_search": min_strict}, error.code, error.evidence) is None


def test_the_recheck_refuses_a_claim_the_program_does_not_bear_out():
    fn = variant(max_window="alpha, alpha")
    error = failure(a02.check_alphabeta_search, fn, CASES)
    evidence = dict(error.evidence)
    assert a02.recheck({"alphabeta_search": fn}, error.code, {**evidence, "v": "9"})
    assert a02.recheck({"alphabeta_search": fn}, error.code, {**evidence, "node": "'C'"})
    assert a02.recheck({"alphabeta_search": alphabeta_search}, error.code, evidence)
    named = failure(
        a02.check_alphabeta_search, partial(a02.flawed_alphabeta, flaw="strict"), HIDDEN_TREES
    )
    assert named.code == "a02.strict_inequality"
    assert a02.recheck({"alphabeta_search": fn}, named.code, named.evidence)
    strict = partial(a02.flawed_alphabeta, flaw="strict")
    assert a02.recheck({"alphabeta_search": strict}, named.code, named.evidence) is None
