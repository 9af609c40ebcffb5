"""mcts_search and its player: tree invariants, the view of each node's Q, convergence to the
minimax (or expectimax) move on small games. Every search is seeded, so every result repeats."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from gamekit.games import ConnectFour, TicTacToe, random_state
from gamekit.gametree import CHANCE, GameTree, first_tree
from gamekit.hex import Hex
from gamekit.mcts import MCTSNode, child_statistics, mcts_search
from gamekit.players import mcts_player, random_player
from gamekit.quarto import Quarto
from gamekit.search import expectiminimax, minimax_decision, minimax_value


def random_tree(rng: random.Random, depth: int, branching: tuple[int, int]) -> GameTree:
    """A random tree with leaf utilities in [-1, 1]."""
    edges: dict[str, dict[str, str]] = {}
    utilities: dict[str, float] = {}

    def grow(node: str, level: int) -> None:
        if level == depth:
            utilities[node] = round(rng.uniform(-1, 1), 2)
            return
        edges[node] = {}
        for i in range(rng.randint(*branching)):
            edges[node][f"{node}.{i}"] = f"{node}{i}"
            grow(f"{node}{i}", level + 1)

    grow("R", 0)
    return GameTree(edges, utilities)


def walk(node: MCTSNode):
    yield node
    for child in node.children:
        yield from walk(child)


# --------------------------------------------------------------------------------------------
# The tree
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", [TicTacToe(), ConnectFour(h=4, v=5, k=3), first_tree()])
def test_visit_counts_add_up(game):
    """Each iteration passes through the root and one child; a node is entered once when made."""
    _, root = mcts_search(game.initial, game, iterations=500, seed=0, with_tree=True)
    assert root.N == 500 == sum(child.N for child in root.children)
    for node in walk(root):
        if node is root:
            continue
        if game.terminal_test(node.state):
            assert not node.children and not node.untried
        else:
            assert 1 + sum(child.N for child in node.children) == node.N
            legal = game.actions(node.state)
            assert [child.move for child in node.children] + node.untried == legal  # in order
        assert node.player == game.to_move(node.parent.state)
        assert abs(node.Q) <= node.N * 20  # first_tree's largest utility is 20


def test_q_is_from_the_view_of_the_player_who_moved_in():
    """On a two-level tree every grandchild is a leaf: its Q/N is the leaf's utility for MIN."""
    tree = first_tree()
    _, root = mcts_search(tree.initial, tree, iterations=300, seed=1, with_tree=True)
    for child in root.children:  # MAX moved into B..E
        assert child.player == "MAX"
        for leaf in child.children:  # MIN moved into the leaves
            assert leaf.player == "MIN"
            assert -tree.utilities[leaf.state] * leaf.N == leaf.Q
        # every visit but the first went on to a leaf child; the first ended in a random rollout
        first_rollout = child.Q - sum(-leaf.Q for leaf in child.children)
        assert first_rollout in [tree.utilities[leaf] for leaf in tree.edges[child.state].values()]


def test_q_follows_the_mover_when_a_player_moves_twice():
    """Turns need not alternate: a node's Q is for whoever moved into it."""
    tree = GameTree(
        {"A": {"a1": "B", "a2": "C"}, "B": {"b1": "B1", "b2": "B2"}, "C": {"c1": "C1"}},
        {"B1": 1, "B2": -1, "C1": 0.5},
        kinds={"B": "MAX", "C": "MAX"},  # MAX moves again at B and C
    )
    move, root = mcts_search("A", tree, iterations=400, seed=2, with_tree=True)
    b = next(child for child in root.children if child.move == "a1")
    for leaf in b.children:
        assert leaf.player == "MAX" and tree.utilities[leaf.state] * leaf.N == leaf.Q
    assert move == "a1"  # MAX moves twice: a1 then b1 wins 1, more than C's 0.5


def test_ucb_uses_the_parent_visit_count():
    game = TicTacToe()
    _, root = mcts_search(game.initial, game, iterations=200, seed=3, with_tree=True)
    for c in (0, 0.5, math.sqrt(2)):
        for child in root.children:
            expected = child.Q / child.N + c * math.sqrt(math.log(root.N) / child.N)
            assert child.ucb(c) == pytest.approx(expected)
    assert MCTSNode(game.initial, parent=root).ucb() == math.inf  # unvisited: tried first


def test_unvisited_children_are_tried_first_in_actions_order():
    game = TicTacToe()
    _, root = mcts_search(game.initial, game, iterations=9, seed=4, with_tree=True)
    assert [child.move for child in root.children] == game.actions(game.initial)
    assert all(child.N == 1 for child in root.children) and not root.untried


def test_child_statistics_rows():
    game = TicTacToe()
    move, root = mcts_search(game.initial, game, iterations=400, seed=5, with_tree=True)
    rows = child_statistics(root, c=1.0)
    assert {row.move for row in rows} == {child.move for child in root.children}
    assert [row.N for row in rows] == sorted((row.N for row in rows), reverse=True)
    assert rows[0].move == move
    for row in rows:
        child = next(ch for ch in root.children if ch.move == row.move)
        assert (row.N, row.Q, row.mean, row.ucb) == (
            child.N,
            child.Q,
            child.Q / child.N,
            child.ucb(1.0),
        )


# --------------------------------------------------------------------------------------------
# Randomness
# --------------------------------------------------------------------------------------------


def test_same_seed_same_search_and_global_random_untouched():
    game = ConnectFour()
    before = random.getstate()
    runs = [
        child_statistics(mcts_search(game.initial, game, iterations=300, seed=9, with_tree=True)[1])
        for _ in range(2)
    ]
    assert random.getstate() == before
    assert runs[0] == runs[1]
    rng_run = mcts_search(game.initial, game, iterations=300, seed=random.Random(9), with_tree=True)
    assert child_statistics(rng_run[1]) == runs[0]


# --------------------------------------------------------------------------------------------
# Convergence
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_first_tree_converges_to_the_minimax_move(seed):
    tree = first_tree()
    assert mcts_search(tree.initial, tree, iterations=2000, seed=seed) == minimax_decision(
        tree.initial, tree
    )


def _clear_trees(count: int) -> list[GameTree]:
    """Random trees whose best root move beats the second by 0.2 or more (how fast UCT settles
    depends on that gap; without one, the test would measure luck)."""
    rng, trees = random.Random(11), []
    while len(trees) < count:
        tree = random_tree(rng, 3, (2, 3))
        values = sorted(
            (minimax_value(tree.result(tree.initial, a), tree, "MAX") for a in tree.actions("R")),
            reverse=True,
        )
        if values[0] - values[1] >= 0.2:
            trees.append(tree)
    return trees


@pytest.mark.parametrize("index", range(6))
def test_random_trees_converge_to_the_minimax_move(index):
    tree = _clear_trees(6)[index]
    best = minimax_value(tree.initial, tree, "MAX")
    move = mcts_search(tree.initial, tree, iterations=3000, seed=index)
    assert minimax_value(tree.result(tree.initial, move), tree, "MAX") == best


def _chance_tree() -> GameTree:
    """MAX chooses a safe 0.3 or a gamble: chance, then MIN chooses between two leaves."""
    edges = {
        "A": {"safe": "S", "gamble": "G"},
        "G": {"lucky": "L", "unlucky": "U"},
        "L": {"l1": "L1", "l2": "L2"},
        "U": {"u1": "U1", "u2": "U2"},
    }
    utilities = {"S": 0.3, "L1": 1, "L2": 0.8, "U1": -1, "U2": 0.5}
    return GameTree(edges, utilities, chances={"G": {"lucky": 0.8, "unlucky": 0.2}})


def test_chance_nodes_are_sampled_with_their_probabilities():
    tree = _chance_tree()
    move, root = mcts_search("A", tree, iterations=3000, seed=6, with_tree=True)
    # the gamble is worth 0.8 * 0.8 + 0.2 * -1 = 0.44 > 0.3
    assert move == expectiminimax("A", tree) == "gamble"
    gamble = next(child for child in root.children if child.move == "gamble")
    assert tree.to_move(gamble.state) == CHANCE
    counts = {child.move: child.N for child in gamble.children}
    assert counts["lucky"] / gamble.N == pytest.approx(0.8, abs=0.03)
    assert all(child.player == CHANCE and child.Q == 0 for child in gamble.children)
    mean = gamble.Q / gamble.N
    assert mean == pytest.approx(0.44, abs=0.05)


def test_chance_root_and_terminal_root():
    tree = _chance_tree()
    with pytest.raises(ValueError, match="chance node"):
        mcts_search("G", tree, iterations=10)
    assert mcts_search("S", tree, iterations=10) is None
    move, root = mcts_search("S", tree, iterations=10, with_tree=True)
    assert move is None and root.children == []


def _forced_wins(count: int) -> list[Any]:
    """Seeded sample of tic-tac-toe positions where the mover can force a win but not every
    move wins, half of them with no win in one move."""
    game, rng = TicTacToe(), random.Random(12)
    found: list[Any] = []
    while len(found) < count:
        state = random_state(game, rng.randint(2, 6), seed=rng)
        if game.terminal_test(state) or any(s.cells == state.cells for s in found):
            continue
        value = minimax_decision(state, game, with_value=True)[0]
        child_values = [
            -minimax_decision(game.result(state, a), game, with_value=True)[0]
            for a in game.actions(state)
        ]
        win_in_one = any(game.terminal_test(game.result(state, a)) for a in game.actions(state))
        if value == 1 and min(child_values) < 1 and (win_in_one == (len(found) % 2 == 0)):
            found.append(state)
    return found


@pytest.mark.parametrize("index", range(8))
def test_tictactoe_forced_wins_are_found(index):
    game = TicTacToe()
    state = _forced_wins(8)[index]
    move = mcts_search(state, game, iterations=4000, seed=index)
    after = game.result(state, move)
    assert -minimax_decision(after, game, with_value=True)[0] == 1, (state, move)


def test_connect_four_win_in_one_and_quarto_and_hex():
    c4 = ConnectFour()
    state = c4.replay([(6, 1), (5, 1), (6, 2), (5, 2), (6, 3), (5, 3)])  # X wins at (6, 4)
    assert mcts_search(state, c4, iterations=600, seed=0) == (6, 4)
    quarto = Quarto()
    for seed in range(3):
        position = random_state(quarto, 9, seed=seed)
        if not quarto.terminal_test(position):
            assert mcts_search(position, quarto, iterations=200, seed=seed) in quarto.actions(
                position
            )
    hex_game = Hex(size=4, swap=True)
    first = hex_game.result(hex_game.initial, (2, 2))
    assert mcts_search(first, hex_game, iterations=200, seed=1) in hex_game.actions(first)


def test_seconds_budget_gives_a_legal_move():
    game = ConnectFour()
    move, root = mcts_search(game.initial, game, seconds=0.05, seed=0, with_tree=True)
    assert move in game.actions(game.initial) and root.N >= 1


def test_a_rollout_policy_is_used():
    game = TicTacToe()
    asked: list[Any] = []

    def first_move(game, state, rng):
        asked.append(state)
        return game.actions(state)[0]

    mcts_search(game.initial, game, iterations=20, seed=0, rollout=first_move)
    assert asked


@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({}, "exactly one"),
        ({"iterations": 10, "seconds": 1.0}, "exactly one"),
        ({"iterations": 0}, "iterations"),
        ({"iterations": 2.0}, "iterations"),
        ({"iterations": True}, "iterations"),
        ({"seconds": 0}, "seconds"),
        ({"seconds": math.nan}, "seconds"),
        ({"iterations": 5, "c": -1}, "c must"),
        ({"iterations": 5, "c": math.inf}, "c must"),
        ({"iterations": 5, "rollout": "random"}, "rollout"),
    ],
)
def test_bad_options_are_refused(options, name):
    game = TicTacToe()
    with pytest.raises(ValueError, match=name):
        mcts_search(game.initial, game, **options)


# --------------------------------------------------------------------------------------------
# The player
# --------------------------------------------------------------------------------------------


def test_mcts_player_is_repeatable():
    game = TicTacToe()

    def moves_of_a_game() -> list[Any]:
        x, o, played = mcts_player(iterations=200, seed=1), mcts_player(iterations=200, seed=2), []

        def recorded(player):
            def play(game, state):
                played.append(player(game, state))
                return played[-1]

            return play

        game.play_game(recorded(x), recorded(o))
        return played

    first = moves_of_a_game()
    assert moves_of_a_game() == first and len(first) >= 5


def test_mcts_player_never_loses_to_random():
    game = TicTacToe()
    for seed in range(3):
        mcts, rand = mcts_player(iterations=2000, seed=seed), random_player(seed=seed)
        assert game.play_game(mcts, rand) >= 0
        assert game.play_game(rand, mcts) <= 0


def test_mcts_player_refuses_bad_options():
    with pytest.raises(ValueError, match="exactly one"):
        mcts_player()
    with pytest.raises(TypeError, match="keywords"):
        mcts_player(100)
