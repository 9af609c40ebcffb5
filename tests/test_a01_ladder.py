"""a01's ladder of public probe trees: the witness is the smallest probe that goes wrong, the
lowest node there, and every number the message quotes is what the definitions give."""

from __future__ import annotations

import re

import pytest

from gamekit.checks import GradingError
from gamekit.checks.a01 import (
    check_expectiminimax_value,
    check_minimax_cutoff_value,
    check_minimax_decision,
    check_minimax_value,
    correct_minimax_value,
    tree_from_nested,
)
from gamekit.checks.a01.diagnosis import CASES_SEEN
from gamekit.checks.a01.ladder import (
    CHANCE_LADDER,
    CUTOFF_LADDER,
    DECISION_LADDER,
    VALUE_LADDER,
    describe_tree,
    value_witness,
)
from gamekit.checks.a01.mutation import recheck
from gamekit.gametree import CHANCE, MAX, MIN
from gamekit.search import WIN

HIDDEN = tree_from_nested([[[[3, -2], [7, 1]], [[4], [-6, 5, 0]]], [[[8, 2], -1], [[6, -3]]]])


def minimax(state, game, player):
    """Minimax written out again here (not the checker's reference)."""
    if game.terminal_test(state):
        return game.utility(state, player)
    values = [minimax(game.result(state, a), game, player) for a in game.actions(state)]
    if game.to_move(state) == CHANCE:
        odds = game.chance_outcomes(state)
        return sum(odds[a] * v for a, v in zip(game.actions(state), values, strict=True))
    return max(values) if game.to_move(state) == player else min(values)


def first_child_at_min(state, game, player):
    if game.terminal_test(state):
        return game.utility(state, player)
    values = [first_child_at_min(game.result(state, a), game, player) for a in game.actions(state)]
    return max(values) if game.to_move(state) == player else values[0]


def wrong_below_root(state, game, player):
    """Right at the root's own rule, wrong one level down (MAX nodes below the root take the
    smallest child)."""
    if game.terminal_test(state):
        return game.utility(state, player)
    values = [wrong_below_root(game.result(state, a), game, player) for a in game.actions(state)]
    if game.to_move(state) == MAX and state != game.initial:
        return min(values)
    return max(values) if game.to_move(state) == player else min(values)


def _raised(check, *args, **kwargs) -> GradingError:
    with pytest.raises(GradingError) as failed:
        check(*args, **kwargs)
    return failed.value


def test_probe_trees_are_described_so_they_can_be_drawn():
    assert describe_tree(tree_from_nested([[3, -1], [2, 5]])) == (
        "A (MAX) -> B, C; B (MIN) -> B1 = 3, B2 = -1; C (MIN) -> C1 = 2, C2 = 5"
    )
    chance = describe_tree(tree_from_nested([([0.25, 0.75], [4, -8]), -6]))
    assert chance == "A (MAX) -> B, A2 = -6; B (chance) -> B1 = 4 (p 0.25), B2 = -8 (p 0.75)"


def test_no_probe_is_a_hidden_tree():
    hidden_edges = HIDDEN.edges
    for spec in (*VALUE_LADDER, *CHANCE_LADDER, *(s for s, _ in CUTOFF_LADDER)):
        assert tree_from_nested(spec).edges != hidden_edges


def test_the_witness_is_the_first_probe_and_player_that_goes_wrong():
    error = _raised(check_minimax_value, first_child_at_min, HIDDEN, "A", MAX, label="on h")
    assert error.code == "witness:minimax_value"
    # the first probe (and player) where the function differs from minimax, found by brute force
    first = next(
        (spec, who)
        for spec in VALUE_LADDER
        for who in (MAX, MIN)
        if first_child_at_min("A", t := tree_from_nested(spec), who) != minimax("A", t, who)
    )
    tree = tree_from_nested(first[0])
    assert describe_tree(tree) in str(error)
    assert f"for player {first[1]}" in str(error)
    got = re.search(r"returned (-?\d+), but should return (-?\d+)", str(error))
    assert int(got.group(1)) == first_child_at_min("A", tree, first[1])
    assert int(got.group(2)) == minimax("A", tree, first[1])
    assert error.evidence["input"] in str(error)


def test_the_witness_goes_down_to_the_lowest_node_that_is_wrong():
    error = _raised(check_minimax_value, wrong_below_root, HIDDEN, "A", MAX)
    said = str(error)
    node = re.search(r"called from node (\w+) for player (\w+)", said)
    assert node, said
    name, who = node.groups()
    tree = next(t for spec in VALUE_LADDER if describe_tree(t := tree_from_nested(spec)) in said)
    assert wrong_below_root(name, tree, who) != minimax(name, tree, who)
    for move in tree.actions(name):  # right on every child of that node
        child = tree.result(name, move)
        assert wrong_below_root(child, tree, who) == minimax(child, tree, who)
        assert f"{child} = {minimax(child, tree, who):g}" in said


def test_a_chance_node_witness_shows_the_weighted_average():
    def likeliest(state, game, player):
        if game.terminal_test(state):
            return game.utility(state, player)
        moves = game.actions(state)
        if game.to_move(state) == CHANCE:
            odds = game.chance_outcomes(state)
            return likeliest(game.result(state, max(moves, key=odds.get)), game, player)
        values = [likeliest(game.result(state, a), game, player) for a in moves]
        return max(values) if game.to_move(state) == player else min(values)

    hidden = tree_from_nested([([0.25, 0.75], [[4, 10], [[2, 8], 0]]), ([0.6, 0.4], [1, 3])])
    error = _raised(check_expectiminimax_value, likeliest, hidden, "A", MAX)
    assert error.code == "witness:expectiminimax_value"
    assert "0.25 x 4 + 0.75 x -8 = -5" in str(error)
    assert "returned -8, but should return -5" in str(error)


def test_a_cutoff_witness_quotes_scored_results_and_estimates():
    def one_ply_deeper(state, game, depth, eval_fn, player, ply=0):
        if game.terminal_test(state):
            return game.utility(state, player) * (WIN - ply - 1)
        if ply == depth:
            return eval_fn(state, player)
        values = [
            one_ply_deeper(game.result(state, a), game, depth, eval_fn, player, ply + 1)
            for a in game.actions(state)
        ]
        return max(values) if game.to_move(state) == player else min(values)

    from gamekit.checks.a01 import table_eval

    hidden = tree_from_nested([[2, [5, [9, -4]]], [[1, 6], -7], [0, [3]]])
    estimate = table_eval({node: 1 for node in hidden.nodes()})
    error = _raised(check_minimax_cutoff_value, one_ply_deeper, hidden, "A", 3, estimate, MAX)
    assert error.code == "witness:minimax_cutoff_value"
    assert f"= 4 x (WIN - 1) = {4 * (WIN - 1)}" in str(error)
    assert f"returned {4 * (WIN - 2)}, but should return {4 * (WIN - 1)}" in str(error)


def test_a_decision_witness_lists_the_moves_values():
    minimax_value = correct_minimax_value()  # noqa: F841 - the global the student's code reads

    def starts_at_zero(state, game):
        player, moves = game.to_move(state), game.actions(state)
        best_value, best_move = 0, moves[0]
        for move in moves:
            value = minimax(game.result(state, move), game, player)
            if value > best_value:
                best_value, best_move = value, move
        return best_move

    error = _raised(check_minimax_decision, starts_at_zero, tree_from_nested([[-3], [-1]]), "A")
    assert error.code == "witness:minimax_decision"
    spec, start = next(
        (s, n)
        for s, n in DECISION_LADDER
        if starts_at_zero(n, t := tree_from_nested(s)) != _best(t, n)
    )
    assert describe_tree(tree_from_nested(spec)) in str(error)
    assert "the moves' minimax values" in str(error)


def _best(tree, node):
    player, moves = tree.to_move(node), tree.actions(node)
    values = [minimax(tree.result(node, a), tree, player) for a in moves]
    return moves[values.index(max(values))]


def test_a_catalogued_mistake_is_named_only_when_it_fits_every_probe():
    def swapped(state, game, player):
        if game.terminal_test(state):
            return game.utility(state, player)
        values = [swapped(game.result(state, a), game, player) for a in game.actions(state)]
        return min(values) if game.to_move(state) == player else max(values)

    assert _raised(check_minimax_value, swapped, HIDDEN, "A", MAX).code == "a01.swap"


def test_right_answers_have_no_witness():
    assert value_witness("minimax_value", minimax, VALUE_LADDER + CHANCE_LADDER) is None


def test_the_harness_recheck_accepts_true_witnesses_and_refuses_false_ones():
    error = _raised(check_minimax_value, first_child_at_min, HIDDEN, "A", MAX)
    namespace = {"minimax_value": first_child_at_min}
    assert (error.evidence["step"], error.evidence["input"]) in CASES_SEEN
    assert recheck(namespace, error.code, error.evidence) is None
    assert recheck({"minimax_value": minimax}, error.code, error.evidence) is not None
    tampered = {**error.evidence, "expected": "99"}
    assert recheck(namespace, error.code, tampered) is not None
