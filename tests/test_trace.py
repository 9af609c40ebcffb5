"""The search transcript: nodes, parents, depths, scores, cutoffs and figures."""

from __future__ import annotations

import copy

import pytest

from gamekit import (
    GameTree,
    TicTacToe,
    alphabeta_cutoff_search,
    alphabeta_search,
    expectiminimax,
    first_tree,
    minimax_decision,
    negamax,
    run_traced,
)
from gamekit.trace import Trace


def test_alphabeta_on_the_first_tree_by_hand():
    """Worked by hand: B = -5; C = 4; D is cut after D1 = 0 <= 4; E after E1 = 3 <= 4."""
    tree = first_tree()
    (value, move), trace = run_traced(alphabeta_search, "A", tree, with_value=True)
    assert (value, move) == (4, "a2")
    assert " ".join(trace.visited()) == "A B B1 B2 B3 B4 C C1 C2 C3 C4 D D1 E E1"
    assert [(c.node.state, c.by, c.pruned) for c in trace.cutoffs] == [
        ("D", "MIN", ("d2", "d3", "d4")),
        ("E", "MIN", ("e2", "e3", "e4")),
    ]
    assert trace.pruned_edges() == [
        ("D", "d2"), ("D", "d3"), ("D", "d4"), ("E", "e2"), ("E", "e3"), ("E", "e4"),
    ]  # fmt: skip
    stats = trace.stats
    assert (stats.nodes, stats.leaf_evaluations) == (15, 10)
    assert (stats.cutoffs_by_max, stats.cutoffs_by_min, stats.max_depth) == (0, 2, 2)
    assert stats.seconds >= 0 and stats.nodes_per_second > 0
    assert "15 nodes, 10 leaf evaluations, cutoffs 0 by MAX / 2 by MIN, depth 2" in str(stats)
    assert repr(trace).startswith("<Trace of GameTree(root='A'")


def test_a_cutoff_by_max():
    """MIN at A; B is MAX. B1 = 5 >= beta = 3 (from A1), so B2 is pruned by MAX."""
    tree = GameTree(
        {"A": {"a1": "A1", "a2": "B"}, "B": {"b1": "B1", "b2": "B2"}},
        {"A1": 3, "B1": 5, "B2": 0},
        kinds={"A": "MIN"},
    )
    (value, move), trace = run_traced(alphabeta_search, "A", tree, with_value=True)
    assert (value, move) == (-3, "a1")  # from MIN's point of view
    # The root player is MIN here: the cutoff at a MAX node is the opponent's, reported as MIN.
    assert [(c.node.state, c.by, c.pruned) for c in trace.cutoffs] == [("B", "MIN", ("b2",))]
    flipped = GameTree(
        {"R": {"r": "A"}, "A": {"a1": "A1", "a2": "B"}, "B": {"b1": "B1", "b2": "B2"}},
        {"A1": 3, "B1": 5, "B2": 0},
    )
    _, trace = run_traced(alphabeta_search, "A", flipped)  # searched from a MIN node
    assert [(c.node.state, c.by) for c in trace.cutoffs] == [("B", "MIN")]
    _, trace = run_traced(alphabeta_search, "R", flipped)
    assert [(c.node.state, c.by) for c in trace.cutoffs] == [("B", "MAX")]
    assert trace.stats.cutoffs_by_max == 1


def test_nodes_record_parent_move_depth_player_and_actions():
    tree = first_tree()
    _, trace = run_traced(minimax_decision, "A", tree)
    assert [node.index for node in trace.nodes] == list(range(21))
    root = trace.root
    assert (root.state, root.parent, root.move, root.depth, root.player) == (
        "A",
        None,
        None,
        0,
        "MAX",
    )
    assert [child.state for child in root.children] == ["B", "C", "D", "E"]
    assert root.actions == ["a1", "a2", "a3", "a4"]
    c3 = next(node for node in trace.nodes if node.state == "C3")
    assert (c3.parent.state, c3.move, c3.depth, c3.player) == ("C", "c3", 2, "MAX")
    assert c3.path() == ["a2", "c3"] and root.path() == []
    assert (c3.value, c3.scored_by, c3.actions, c3.children) == (6, "utility", None, [])
    assert repr(c3) == "TraceNode(#9 'C3', depth 2, MAX)"
    assert [node.state for node in trace.evaluations] == [n for n in trace.visited() if len(n) == 2]
    assert trace.cutoffs == [] and trace.pruned_edges() == []


def test_evaluations_are_recorded_with_their_values():
    game = TicTacToe()
    state = game.replay([(2, 2), (1, 1)])

    def empties(s, player):
        return len(s.moves) if player == "X" else -len(s.moves)

    (value, move), trace = run_traced(
        alphabeta_cutoff_search, state, game, depth=2, eval_fn=empties, with_value=True
    )
    evaluated = [node for node in trace.nodes if node.scored_by == "eval"]
    assert evaluated and all(node.value == 5 and node.depth == 2 for node in evaluated)
    assert trace.stats.leaf_evaluations == len(trace.evaluations) == len(evaluated)
    assert value == 5


def test_the_engine_result_is_unchanged_by_tracing():
    game = TicTacToe()
    state = game.replay([(1, 1), (2, 2)])
    for engine, options in [
        (minimax_decision, {}),
        (alphabeta_search, {}),
        (negamax, {}),
        (alphabeta_cutoff_search, {"depth": 3}),
        (expectiminimax, {"random_opponent": True}),
    ]:
        traced, trace = run_traced(engine, state, game, with_value=True, **options)
        assert traced == engine(state, game, with_value=True, **options)
        assert trace.stats.nodes == len(trace.nodes) > 1


def test_expectiminimax_trace_through_chance_nodes():
    tree = GameTree(
        {"A": {"a": "B", "b": "C"}, "B": {"x": "B1", "y": "B2"}, "C": {"z": "C1"}},
        {"B1": 4, "B2": 0, "C1": 2},
        chances={"B": {"x": 0.25, "y": 0.75}},
    )
    (value, move), trace = run_traced(expectiminimax, "A", tree, with_value=True)
    assert (value, move) == (2, "b")  # B is worth 0.25 * 4 + 0.75 * 0 = 1
    assert trace.visited() == ["A", "B", "B1", "B2", "C", "C1"]
    assert [node.player for node in trace.nodes] == ["MAX", "CHANCE", "MIN", "MIN", "MIN", "MAX"]
    assert trace.cutoffs == []


def test_a_trace_that_keeps_no_nodes_still_counts():
    game = TicTacToe()
    state = game.replay([(2, 2), (1, 1), (3, 3)])
    trace = Trace(game, keep=False)
    trace._node_for(state)
    move = alphabeta_search(state, trace.game)
    _, full = run_traced(alphabeta_search, state, game)
    assert move == alphabeta_search(state, game)
    assert trace.nodes == [] and trace.evaluations == []
    assert trace.stats.nodes == full.stats.nodes
    assert trace.stats.leaf_evaluations == full.stats.leaf_evaluations
    assert trace.stats.max_depth == full.stats.max_depth


def test_the_traced_game_answers_like_the_real_one():
    game = TicTacToe(h=3, v=4, k=3)
    trace = Trace(game)
    traced = trace.game
    assert (traced.h, traced.v, traced.k) == (3, 4, 3)
    assert traced.initial == game.initial and traced.players == game.players
    assert repr(traced) == "Traced(TicTacToe(h=3, v=4, k=3))"
    clone = copy.deepcopy(traced)
    assert clone.actions(game.initial) == game.actions(game.initial)
    with pytest.raises(AttributeError):
        traced.no_such_attribute  # noqa: B018
