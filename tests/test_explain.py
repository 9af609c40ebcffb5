"""gamekit.explain against the engines it explains: the narrated alpha-beta must visit, cut and
score exactly like gamekit.search.alphabeta_search (seen through gamekit.trace), and the
backed-up values must agree with the engines' minimax and expectiminimax."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.explain import (
    STEP_KINDS,
    alphabeta_intervals,
    alphabeta_pruned,
    alphabeta_steps,
    alphabeta_values,
    entered_nodes,
    expectiminimax_values,
    format_value,
    minimax_values,
    random_tree,
)
from gamekit.games import ConnectFour, OrderedGame, TicTacToe
from gamekit.gametree import MAX, GameTree, first_tree
from gamekit.search import alphabeta_search, expectiminimax, minimax_value
from gamekit.trace import run_traced

inf = math.inf


# Random trees --------------------------------------------------------------------------------


@st.composite
def game_trees(draw, max_depth: int = 4, max_branching: int = 4) -> GameTree:
    """A MAX/MIN tree of irregular shape: 1..4 children per node, leaves at any depth, and
    utilities drawn from a small range so ties (pruning on equality) happen often."""
    edges: dict[str, dict[str, str]] = {}
    utilities: dict[str, int] = {}
    count = 0

    def build(depth: int) -> str:
        nonlocal count
        name = f"n{count}"
        count += 1
        if depth == max_depth or (depth > 0 and draw(st.integers(0, 3)) == 0):
            utilities[name] = draw(st.integers(-3, 3))
            return name
        width = draw(st.integers(1, max_branching))
        edges[name] = {}
        for i in range(width):
            edges[name][f"{name}.{i}"] = build(depth + 1)
        return name

    build(0)
    return GameTree(edges, utilities)


def check_against_engine(state, game) -> None:
    """alphabeta_steps and alphabeta_search (traced) agree on visits, cutoffs and value."""
    steps = alphabeta_steps(state, game)
    (value, _move), trace = run_traced(alphabeta_search, state, game, with_value=True)
    assert entered_nodes(steps) == trace.visited()
    # The trace lists cutoffs in the order their nodes were generated, the steps in the order
    # they happen (a node's cutoff comes after its children's): key each by the node's index.
    prunes, open_nodes, entered = [], [], 0
    for step in steps:
        if step.kind == "enter":
            open_nodes.append(entered)
        if step.enters:
            entered += 1
        if step.kind == "prune":
            prunes.append((open_nodes[-1], step.node, step.role, step.pruned))
        if step.kind == "return":
            open_nodes.pop()
    cutoffs = [(c.node.index, c.node.state, c.by, c.pruned) for c in trace.cutoffs]
    assert sorted(prunes, key=lambda p: p[0]) == cutoffs
    assert steps[-1].kind in ("return", "leaf") and steps[-1].node == state
    assert steps[-1].value == value
    in_step_order = [(s.node, edge) for s in steps if s.kind == "prune" for edge in s.pruned]
    assert alphabeta_pruned(game, state) == in_step_order
    assert Counter(in_step_order) == Counter(trace.pruned_edges())


def check_step_invariants(state, game) -> None:
    """Properties any correct alpha-beta narration has, whatever the tree."""
    steps = alphabeta_steps(state, game)
    assert {s.kind for s in steps} <= set(STEP_KINDS)
    exact = minimax_values(game, state)
    entry_window = {}
    open_nodes = []
    for step in steps:
        if step.kind == "enter":
            entry_window[step.node] = (step.alpha, step.beta)
            open_nodes.append(step.node)
        elif step.kind in ("update", "prune"):
            assert open_nodes[-1] == step.node, "an update happens at the node being searched"
        elif step.kind == "return":
            assert open_nodes.pop() == step.node, "nodes return in last-in first-out order"
            alpha0, beta0 = entry_window[step.node]
            true = exact[step.node]
            # The alpha-beta guarantee: inside the entry window the value is exact; at or
            # beyond a bound it is a bound on the minimax value on the same side.
            if alpha0 < step.value < beta0:
                assert step.value == true
            elif step.value <= alpha0:
                assert true <= step.value
            else:
                assert true >= step.value
        if step.kind == "prune":
            assert step.pruned, "a prune step always skips something"
            if step.role == MAX:
                assert step.value >= step.beta
            else:
                assert step.value <= step.alpha
        assert step.alpha <= step.beta or step.kind in ("update", "prune", "return")
    assert not open_nodes
    assert steps[-1].value == exact[state]


# The course's first tree ---------------------------------------------------------------------


def test_first_tree_matches_the_engine():
    tree = first_tree()
    check_against_engine(tree.initial, tree)
    check_step_invariants(tree.initial, tree)


def test_first_tree_values_match_minimax_value_at_every_node():
    tree = first_tree()
    values = minimax_values(tree)
    assert set(values) == set(tree.nodes())
    for node in tree.nodes():
        assert values[node] == minimax_value(node, tree, MAX)
    assert values["A"] == 4  # the docstring of first_tree says so


def test_first_tree_narration_reads_like_the_lecture():
    tree = first_tree()
    texts = [step.describe() for step in alphabeta_steps(tree.initial, tree)]
    assert texts[0] == "MAX node A: enter with alpha = -∞, beta = +∞"
    assert "MIN node D: value 0 <= alpha 4, prune d2, d3, d4" in texts
    assert "MIN node E: value 3 <= alpha 4, prune e2, e3, e4" in texts
    assert texts[-1] == "MAX node A returns 4: best move a2"


def test_first_tree_values_returned_by_alphabeta():
    tree = first_tree()
    returned = alphabeta_values(tree)
    # B and C are searched in full, so their values are exact; D and E are cut off after their
    # first leaf, so their values are that leaf's (an upper bound on the minimax value).
    assert returned["B"] == -5 and returned["C"] == 4
    assert returned["D"] == 0 and returned["E"] == 3
    assert "D2" not in returned and "E4" not in returned


# Random trees --------------------------------------------------------------------------------


@settings(derandomize=True, max_examples=300, deadline=None)
@given(game_trees())
def test_random_trees_match_the_engine(tree):
    check_against_engine(tree.initial, tree)
    check_step_invariants(tree.initial, tree)


@settings(derandomize=True, max_examples=150, deadline=None)
@given(game_trees())
def test_random_tree_values_match_minimax_value(tree):
    values = minimax_values(tree)
    assert set(values) == set(tree.nodes())
    for node in tree.nodes():
        assert values[node] == minimax_value(node, tree, MAX)


@settings(derandomize=True, max_examples=150, deadline=None)
@given(game_trees())
def test_intervals_and_pruned_follow_the_steps(tree):
    steps = alphabeta_steps(tree.initial, tree)
    intervals = alphabeta_intervals(tree)
    inner_visited = {s.node for s in steps if s.kind == "enter"}
    assert set(intervals) == inner_visited
    for node, (alpha, beta) in intervals.items():
        last = [s for s in steps if s.node == node][-1]
        assert last.kind == "return" and (last.alpha, last.beta) == (alpha, beta)
    # Every pruned edge leaves a visited node, and its child was never entered.
    entered = set(entered_nodes(steps))
    for node, edge in alphabeta_pruned(tree):
        assert node in entered
        assert tree.result(node, edge) not in entered


def test_random_tree_helper_shapes_and_matches():
    tree = random_tree(3, (2, 3, 4), seed=7)
    assert len(tree.utilities) == 2 * 3 * 4
    assert tree.actions("A") == ["a1", "a2"]
    assert tree.result("A", "a2") == "C" and tree.result("C", "c3") == "C3"
    assert all(-9 <= u <= 9 for u in tree.utilities.values())
    assert random_tree(3, 3, seed=1).utilities == random_tree(3, 3, seed=1).utilities
    check_against_engine(tree.initial, tree)
    with pytest.raises(ValueError):
        random_tree(0, 2)
    with pytest.raises(ValueError):
        random_tree(2, (2,))


# Any game, not only trees --------------------------------------------------------------------

TTT_POSITIONS = [
    [(2, 2), (1, 1), (1, 3), (3, 1)],  # X threatens, O must block
    [(1, 1), (2, 2), (3, 3), (1, 3), (3, 1)],  # X has a double threat
    [(1, 2), (2, 2), (2, 1)],
    [(2, 2), (1, 2), (1, 1), (3, 3), (3, 1)],
]


@pytest.mark.parametrize("moves", TTT_POSITIONS)
def test_tic_tac_toe_positions_match_the_engine(moves):
    game = TicTacToe()
    state = game.replay(moves)
    check_against_engine(state, game)
    check_step_invariants(state, game)


def test_ordered_tic_tac_toe_and_small_connect_four_match_the_engine():
    game = OrderedGame(TicTacToe(), key=lambda g, s, m: abs(m[0] - 2) + abs(m[1] - 2))
    state = game.replay([(1, 1), (2, 2), (3, 3)])  # replay comes from the wrapped game
    check_against_engine(state, game)
    c4 = ConnectFour(h=3, v=4, k=3)
    state = c4.replay([(3, 2), (3, 3), (2, 2), (2, 3)])
    check_against_engine(state, c4)


def test_a_terminal_root_is_a_single_leaf_step():
    game = TicTacToe()
    won = game.replay([(1, 1), (2, 1), (1, 2), (2, 2), (1, 3)])
    steps = alphabeta_steps(won, game)
    assert [s.kind for s in steps] == ["leaf"]
    # Values are for the player to move at the root: O, who has lost.
    assert steps[0].value == -1 == alphabeta_search(won, game, with_value=True)[0]


# Hand-worked examples ------------------------------------------------------------------------


def hand_tree() -> GameTree:
    r"""A: MAX, B and C: MIN, D and E: MAX.

                 A
            a1 /   \ a2
              B     C
         b1 /  \b2  c1/ \c2
           D    E    6   3
          / \  / \
         4  6  7  1
    """
    return GameTree(
        {
            "A": {"a1": "B", "a2": "C"},
            "B": {"b1": "D", "b2": "E"},
            "C": {"c1": "C1", "c2": "C2"},
            "D": {"d1": "D1", "d2": "D2"},
            "E": {"e1": "E1", "e2": "E2"},
        },
        {"D1": 4, "D2": 6, "E1": 7, "E2": 1, "C1": 6, "C2": 3},
    )


def test_intervals_worked_out_by_hand():
    # The cutoff test comes first, then the bound takes in v (course convention).
    # A enters [-inf, inf]; B enters [-inf, inf]; D enters [-inf, inf].
    # D: D1 = 4 -> v = 4, no cut, alpha = 4; D2 = 6 -> v = 6, alpha = 6. D returns 6, [6, inf].
    # B: v = 6, no cut (6 > alpha -inf), beta = 6. E enters [-inf, 6]: E1 = 7 -> v = 7, and
    #    7 >= beta 6, so MAX prunes e2 before alpha moves: E returns 7 with [-inf, 6].
    # B: 7 is not below 6; B returns 6 with [-inf, 6].
    # A: v = 6, alpha = 6. C enters [6, inf]: C1 = 6 -> v = 6; 6 <= alpha 6 prunes on equality
    #    (course convention) before beta moves: c2 is pruned, C returns 6 with [6, inf].
    # A: 6 does not beat 6 (ties keep the first move), A returns 6 with [6, inf].
    tree = hand_tree()
    assert alphabeta_intervals(tree) == {
        "A": (6, inf),
        "B": (-inf, 6),
        "D": (6, inf),
        "E": (-inf, 6),
        "C": (6, inf),
    }
    assert alphabeta_pruned(tree) == [("E", "e2"), ("C", "c2")]
    steps = alphabeta_steps(tree.initial, tree)
    assert steps[-1].value == 6 and steps[-1].best == "a1"
    assert [s.node for s in steps if s.kind == "enter"] == ["A", "B", "D", "E", "C"]
    check_against_engine(tree.initial, tree)


def test_expectiminimax_values_by_hand_and_against_the_engine():
    # A (MAX) chooses between chance nodes B and C.
    # B: 0.5 * 4 + 0.5 * (-2) = 1.   C: 0.25 * 8 + 0.75 * 0 = 2.   A = max(1, 2) = 2.
    tree = GameTree(
        {"A": {"a1": "B", "a2": "C"}, "B": {"b1": "B1", "b2": "B2"}, "C": {"c1": "C1", "c2": "C2"}},
        {"B1": 4, "B2": -2, "C1": 8, "C2": 0},
        chances={"B": {"b1": 0.5, "b2": 0.5}, "C": {"c1": 0.25, "c2": 0.75}},
        kinds={"B": "CHANCE", "C": "CHANCE"},
    )
    values = expectiminimax_values(tree)
    assert values == {"A": 2, "B": 1, "C": 2, "B1": 4, "B2": -2, "C1": 8, "C2": 0}
    assert values["A"] == expectiminimax(tree.initial, tree, with_value=True)[0]
    with pytest.raises(ValueError, match="chance"):
        minimax_values(tree)
    with pytest.raises(ValueError, match="chance"):
        alphabeta_steps(tree.initial, tree)


def test_format_value():
    assert [format_value(v) for v in (-inf, inf, 3, 3.0, -2.5, 1 / 3, None)] == [
        "-∞",
        "+∞",
        "3",
        "3",
        "-2.5",
        "0.333",
        "",
    ]
