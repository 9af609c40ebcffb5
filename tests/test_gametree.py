"""Explicit game trees: the protocol, whose turn it is, chance nodes, and every refusal."""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np
import pytest

from gamekit import (
    CHANCE,
    MAX,
    MIN,
    GameTree,
    IllegalMoveError,
    alphabeta_player,
    expectiminimax,
    first_tree,
    minimax_value,
    random_player,
)


def small_tree(**options) -> GameTree:
    return GameTree(
        {"A": {"a1": "B", "a2": "C"}, "B": {"b1": "B1", "b2": "B2"}, "C": {"c1": "C1"}},
        {"B1": 3, "B2": 12, "C1": 2},
        **options,
    )


def test_protocol_of_an_explicit_tree():
    tree = small_tree()
    assert tree.initial == "A"
    assert tree.actions("A") == ["a1", "a2"] and tree.actions("B1") == []
    assert tree.result("A", "a2") == "C" and tree.result("B", "b2") == "B2"
    assert [tree.to_move(n) for n in ("A", "B", "C", "B1")] == [MAX, MIN, MIN, MAX]
    assert tree.terminal_test("B1") and not tree.terminal_test("B")
    assert tree.utility("B2", MAX) == 12 and tree.utility("B2", MIN) == -12
    assert tree.nodes() == ["A", "B", "C", "B1", "B2", "C1"]
    assert [tree.depth(n) for n in tree.nodes()] == [0, 1, 1, 2, 2, 2]
    assert tree.parent == {"B": "A", "C": "A", "B1": "B", "B2": "B", "C1": "C"}
    assert tree.describe("B2") == "B2 (leaf, utility 12 for MAX)"
    assert tree.describe("A") == "A (MAX node, edges ['a1', 'a2'])"
    assert repr(tree) == "GameTree(root='A', inner=3, leaves=3, chance=0)"


def test_display_prints_the_description(capsys):
    small_tree().display("C")
    assert capsys.readouterr().out == "C (MIN node, edges ['c1'])\n"


def test_first_tree_is_the_course_example():
    tree = first_tree()
    assert tree.actions("A") == ["a1", "a2", "a3", "a4"]
    assert [tree.utility(f"D{i}", MAX) for i in range(1, 5)] == [0, 2, -1, 5]
    values = {node: minimax_value(node, tree, MAX) for node in "ABCDE"}
    assert values == {"A": 4, "B": -5, "C": 4, "D": -1, "E": 0}


def test_turns_alternate_and_pass_through_chance_nodes():
    tree = GameTree(
        {"A": {"x": "P"}, "P": {"p1": "Q", "p2": "R"}, "Q": {"q": "Q1"}, "R": {"r": "R1"}},
        {"Q1": 1, "R1": 2},
        chances={"P": {"p1": 0.5, "p2": 0.5}},
    )
    assert [tree.to_move(n) for n in ("A", "P", "Q", "R")] == [MAX, CHANCE, MIN, MIN]
    assert tree.chance_outcomes("P") == {"p1": 0.5, "p2": 0.5}
    outcomes = tree.chance_outcomes("P")
    outcomes["p1"] = 1.0  # a copy: the tree is untouched
    assert tree.chance_outcomes("P")["p1"] == 0.5
    with pytest.raises(ValueError, match="'A' is not a chance node"):
        tree.chance_outcomes("A")


def test_kinds_override_the_alternation():
    tree = small_tree(kinds={"B": MAX})
    assert tree.to_move("B") == MAX and tree.to_move("B1") == MIN and tree.to_move("C") == MIN
    assert minimax_value("A", tree, MAX) == 12
    explicit_root = small_tree(root="A")
    assert explicit_root.initial == "A"


def test_numbers_of_any_real_type_are_utilities_and_probabilities():
    tree = GameTree(
        {"A": {"a": "B", "b": "C"}, "C": {"c1": "C1", "c2": "C2"}},
        {"B": np.int64(1), "C1": Fraction(1, 2), "C2": np.float32(4.0)},
        chances={"C": {"c1": Fraction(3, 4), "c2": np.float64(0.25)}},
    )
    assert expectiminimax("A", tree, with_value=True) == (Fraction(3, 8) + 1, "b")


# --------------------------------------------------------------------------------------------
# Illegal moves and questions about non-nodes
# --------------------------------------------------------------------------------------------


def test_an_edge_that_does_not_leave_the_node_is_an_illegal_move():
    tree = small_tree()
    with pytest.raises(IllegalMoveError) as caught:
        tree.result("B", "c1")
    assert str(caught.value) == "edge 'c1' does not leave node 'B'; its edges: ['b1', 'b2']"
    with pytest.raises(IllegalMoveError) as caught:
        tree.result("B1", "b1")
    assert str(caught.value) == "edge 'b1' is illegal: 'B1' is a leaf, the game is over"


def test_questions_about_nodes_that_do_not_exist_are_refused():
    tree = small_tree()
    with pytest.raises(ValueError, match="'Z' is not a node of this tree"):
        tree.result("Z", "a1")
    with pytest.raises(ValueError, match="'B' is not a leaf: it has no utility"):
        tree.utility("B", MAX)


# --------------------------------------------------------------------------------------------
# Every refusal of the constructor
# --------------------------------------------------------------------------------------------


def leaves(*names: str) -> dict[str, int]:
    return {name: 1 for name in names}


BAD_TREES = [
    pytest.param(
        {"A": {"a": "A1"}, "B": {"b": "B1"}},
        leaves("A1", "B1"),
        {},
        "expected exactly one root (a node nobody points to), found ['A', 'B']",
        id="two roots",
    ),
    pytest.param(
        {"A": {"a": "B"}, "B": {"b": "A"}},
        {},
        {},
        "expected exactly one root (a node nobody points to), found []",
        id="a cycle through the root",
    ),
    pytest.param(
        {"R": {"r": "A"}, "A": {"a": "B"}, "B": {"b": "A"}},
        {},
        {},
        "node 'A' is reached twice (edge 'b' from 'B'): a tree needs a single path to each node",
        id="a cycle below the root",
    ),
    pytest.param(
        {"A": {"a": "B", "b": "C"}, "B": {"x": "D"}, "C": {"y": "D"}},
        leaves("D"),
        {},
        "node 'D' is reached twice",
        id="two parents",
    ),
    pytest.param(
        {"A": {"a": "A"}},
        {},
        {"root": "A"},
        "node 'A' is reached twice (edge 'a' from 'A')",
        id="a self-loop",
    ),
    pytest.param(
        {"A": {"a": "B"}, "B": {"b": "C"}},
        {"B": 3, "C": 1},
        {},
        "'B' has both a utility and edges",
        id="a leaf with edges",
    ),
    pytest.param(
        {"A": {"a": "B", "b": "C"}},
        leaves("B"),
        {},
        "'C' has no edges and no utility",
        id="a node with neither",
    ),
    pytest.param(
        {"A": {}},
        {},
        {},
        "'A' has no edges and no utility",
        id="a root with neither",
    ),
    pytest.param(
        {"A": {"a": "B"}},
        {"B": 1, "Z": 2},
        {},
        "nodes not reachable from the root 'A': ['Z']",
        id="an unreachable leaf",
    ),
    pytest.param(
        {"A": {"a": "B"}},
        {"B": "3"},
        {},
        "utility of 'B' must be a number, got '3'",
        id="a text utility",
    ),
    pytest.param(
        {"A": {"a": "B"}},
        {"B": True},
        {},
        "utility of 'B' must be a number, got True",
        id="a bool utility",
    ),
    pytest.param(
        {"A": {"a": "B"}},
        {"B": None},
        {},
        "utility of 'B' must be a number, got None",
        id="no utility",
    ),
    pytest.param(
        {"A": {"a": "B"}},
        leaves("B"),
        {"root": "Q"},
        "root 'Q' is not a node of the tree",
        id="an unknown root",
    ),
    pytest.param(
        {"A": {"a": "B"}},
        leaves("B"),
        {"kinds": {"A": "max"}},
        "kind of 'A' must be MAX, MIN or CHANCE, got 'max'",
        id="a misspelt kind",
    ),
    pytest.param(
        {"A": {"a": "B"}},
        leaves("B"),
        {"kinds": {"Q": MAX}},
        "kinds names 'Q', which is not a node of the tree",
        id="a kind for an unknown node",
    ),
    pytest.param(
        {"A": {"a": "B"}, "B": {"b1": "B1", "b2": "B2"}},
        leaves("B1", "B2"),
        {"kinds": {"B": CHANCE}},
        "chance node 'B' needs probabilities in `chances`",
        id="a chance kind without probabilities",
    ),
    pytest.param(
        {"A": {"a": "B"}, "B": {"b1": "B1", "b2": "B2"}},
        leaves("B1", "B2"),
        {"chances": {"B": {"b1": -0.5, "b2": 1.5}}},
        "probabilities of 'B' must not be negative",
        id="a negative probability",
    ),
    pytest.param(
        {"A": {"a": "B"}, "B": {"b1": "B1", "b2": "B2"}},
        leaves("B1", "B2"),
        {"chances": {"B": {"b1": 0.5, "b2": 0.6}}},
        "probabilities of 'B' sum to 1.1, not 1",
        id="probabilities not summing to 1",
    ),
    pytest.param(
        {"A": {"a": "B"}, "B": {"b1": "B1", "b2": "B2"}},
        leaves("B1", "B2"),
        {"chances": {"B": {"b1": 0.5, "x": 0.5}}},
        "probabilities of 'B' are for edges ['b1', 'x'], but its edges are ['b1', 'b2']",
        id="probabilities for the wrong labels",
    ),
    pytest.param(
        {"A": {"a": "B"}, "B": {"b1": "B1", "b2": "B2"}},
        leaves("B1", "B2"),
        {"chances": {"B": {"b1": 0.5}}},
        "probabilities of 'B' are for edges ['b1'], but its edges are ['b1', 'b2']",
        id="a missing probability",
    ),
    pytest.param(
        {"A": {"a": "B"}, "B": {"b1": "B1", "b2": "B2"}},
        leaves("B1", "B2"),
        {"chances": {"B": {"b1": "half", "b2": 0.5}}},
        "probabilities of 'B' must be numbers",
        id="a text probability",
    ),
    pytest.param(
        {"A": {"a": "B"}},
        leaves("B"),
        {"chances": {"B": {"b": 1.0}}},
        "chance node 'B' has no edges",
        id="probabilities for a leaf",
    ),
    pytest.param(
        {"A": {"a": "B"}, "B": {"b1": "B1", "b2": "B2"}},
        leaves("B1", "B2"),
        {"chances": {"B": {"b1": 0.5, "b2": 0.5}}, "kinds": {"B": MIN}},
        "'B' has probabilities but is a MIN node",
        id="probabilities on a player's node",
    ),
]


@pytest.mark.parametrize(("edges", "utilities", "options", "message"), BAD_TREES)
def test_malformed_trees_are_refused(edges, utilities, options, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        GameTree(edges, utilities, **options)


# --------------------------------------------------------------------------------------------
# Playing a tree
# --------------------------------------------------------------------------------------------


def dice_tree() -> GameTree:
    """MAX picks a die; a chance node rolls it; MIN answers; many different leaves."""
    edges = {"A": {"safe": "S", "risky": "R"}}
    utilities = {}
    chances = {}
    for die, probabilities in (("S", (0.5, 0.5)), ("R", (0.1, 0.2, 0.3, 0.4))):
        edges[die] = {}
        chances[die] = {}
        for i, p in enumerate(probabilities):
            roll = f"{die}{i}"
            edges[die][f"roll{i}"] = roll
            chances[die][f"roll{i}"] = p
            edges[roll] = {"l": f"{roll}l", "r": f"{roll}r"}
            utilities[f"{roll}l"] = i * 3 - 4 if die == "R" else 1
            utilities[f"{roll}r"] = i * 2 - 1 if die == "R" else 2
    return GameTree(edges, utilities, chances=chances)


def risky(game, state):
    return "risky"


def test_play_game_with_chance_nodes_is_reproducible_with_a_seed(capsys):
    tree = dice_tree()
    first = [tree.play_game(risky, random_player(seed=2), seed=s) for s in range(30)]
    again = [tree.play_game(risky, random_player(seed=2), seed=s) for s in range(30)]
    assert first == again
    assert len(set(first)) > 2  # the seed really changes the rolls
    assert all(value in tree.utilities.values() for value in first)
    players = (random_player(seed=1), random_player(seed=2))
    assert tree.play_game(*players, seed=4, verbose=True) in tree.utilities.values()
    out = capsys.readouterr().out
    assert "CHANCE takes edge 'roll" in out and "MAX takes edge" in out and "(leaf, utility" in out


def test_play_game_follows_the_probabilities():
    tree = dice_tree()
    leftmost = lambda game, state: "l"  # noqa: E731
    rolls = [tree.play_game(risky, leftmost, seed=s) for s in range(2000)]
    frequencies = [rolls.count(i * 3 - 4) / len(rolls) for i in range(4)]
    for observed, expected in zip(frequencies, (0.1, 0.2, 0.3, 0.4), strict=True):
        assert abs(observed - expected) < 0.04


def test_play_game_with_search_players_on_a_tree():
    tree = first_tree()
    assert tree.play_game(alphabeta_player(), alphabeta_player()) == 4


@pytest.mark.parametrize("count", [1, 3])
def test_a_tree_needs_two_players(count):
    with pytest.raises(ValueError, match=f"GameTree needs 2 players \\(MAX, MIN\\), got {count}"):
        first_tree().play_game(*[random_player(seed=i) for i in range(count)])
