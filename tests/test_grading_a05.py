"""The checkers of assignment 05 accept right answers and name each catalogued mistake."""

from __future__ import annotations

import math
import random

import pytest

from gamekit.checks import GradingError, a05
from gamekit.games import TicTacToe
from gamekit.mcts import mcts_search
from gamekit.search import minimax_value

GAME = TicTacToe()
CASES = [
    ("the empty board", GAME.initial, 120, 1),
    ("a position after two moves", GAME.replay([(1, 1), (2, 2)]), 80, 2),
    ("a position with a win in one", GAME.replay([(1, 1), (2, 1), (1, 2), (2, 2)]), 60, 3),
]

# --------------------------------------------------------------------------------------------
# Students' answers: written here independently, with switches for the usual mistakes
# --------------------------------------------------------------------------------------------


class Node:
    def __init__(self, state, move=None, parent=None, player=None):
        self.state, self.move, self.parent, self.player = state, move, parent, player
        self.children, self.N, self.Q = [], 0, 0.0


def ucb1(Q, N, parent_N, c):
    return math.inf if N == 0 else Q / N + c * math.sqrt(math.log(parent_N) / N)


def make_search(mistake=None, recursive=False):
    """A student's search: a loop (or recursion), with at most one ``mistake``."""

    def score(child, parent, c):
        if child.N == 0:
            return 0.0 if mistake == "unvisited" else math.inf
        visits = child.N if mistake == "log_child" else parent.N
        return child.Q / child.N + c * math.sqrt(math.log(max(visits, 1)) / child.N)

    def rollout(game, state, rng):
        chooser = random if mistake == "global_random" else rng
        while not game.terminal_test(state):
            state = game.result(state, chooser.choice(game.actions(state)))
        return state

    def backup(node, end, root_player, leaf, game):
        if node is None:
            return
        if mistake != "n_leaf_only" or node is leaf or node.parent is None:
            node.N += 1
        if node.player is not None and (mistake != "q_leaf_only" or node is leaf):
            node.Q += game.utility(end, root_player if mistake == "not_negated" else node.player)
        backup(node.parent, end, root_player, leaf, game)

    def iterate(node, game, rng, root, root_player):
        if node.children:
            best = max(node.children, key=lambda ch: score(ch, node, math.sqrt(2)))
            return iterate(best, game, rng, root, root_player)
        if not game.terminal_test(node.state) and (node is root or node.N > 0):
            mover = game.to_move(node.state)
            node.children = [
                Node(game.result(node.state, m), m, node, mover) for m in game.actions(node.state)
            ]
            node = node.children[0]
        backup(node, rollout(game, node.state, rng), root_player, node, game)

    def search(state, game, iterations, seed):
        rng = random.Random(seed)
        root = Node(state)
        for _ in range(iterations):
            if recursive:
                iterate(root, game, rng, root, game.to_move(state))
                continue
            node = root
            while node.children:
                node = max(node.children, key=lambda ch, p=node: score(ch, p, math.sqrt(2)))
            if not game.terminal_test(node.state) and (node is root or node.N > 0):
                mover = game.to_move(node.state)
                node.children = [
                    Node(game.result(node.state, m), m, node, mover)
                    for m in game.actions(node.state)
                ]
                node = node.children[0]
            backup(node, rollout(game, node.state, rng), game.to_move(state), node, game)
        return [(ch.move, ch.N, ch.Q) for ch in root.children]

    return search


def most_visited(rows):
    return max(rows, key=lambda row: row[1])[0]


def best_mean(rows):
    return max(rows, key=lambda row: row[2] / row[1])[0]


def delegating_search(state, game, iterations, seed):
    _, root = mcts_search(state, game, iterations=iterations, seed=seed, with_tree=True)
    return [(ch.move, ch.N, ch.Q) for ch in root.children]


# --------------------------------------------------------------------------------------------
# Tests
# --------------------------------------------------------------------------------------------


def test_reference_search_agrees_with_gamekit_mcts():
    for _, state, iterations, seed in CASES:
        _, root = mcts_search(
            state, GAME, iterations=iterations, seed=random.Random(seed), with_tree=True
        )
        expected = [(ch.move, ch.N, ch.Q) for ch in root.children]
        assert a05.reference_search(state, GAME, iterations, seed) == expected


@pytest.mark.parametrize("recursive", [False, True])
def test_right_search_passes(recursive):
    a05.check_search(make_search(recursive=recursive), GAME, CASES)


@pytest.mark.parametrize(
    ("mistake", "phrase"),
    [
        ("not_negated", "other player's view"),
        ("q_leaf_only", "Q is only updated"),
        ("n_leaf_only", "N is only counted"),
        ("global_random", "module-level random"),
    ],
)
def test_each_backup_mistake_is_named(mistake, phrase):
    with pytest.raises(GradingError, match=phrase):
        a05.check_search(make_search(mistake), GAME, CASES)


@pytest.mark.parametrize("mistake", ["log_child", "unvisited"])
def test_a_ucb1_mistake_seen_in_the_rows_is_a_witness_not_a_guess(mistake):
    """From the rows alone a wrong UCB1 is not named (another wrong UCB1 gives the same rows):
    the message is the smallest tree where the rows differ, with the expected iteration."""
    with pytest.raises(GradingError, match="in iteration .* of the expected search") as failed:
        a05.check_search(make_search(mistake), GAME, CASES)
    assert failed.value.code == "witness:search"


def test_delegating_to_gamekit_fails():
    with pytest.raises(GradingError, match="gamekit's own code"):
        a05.check_search(delegating_search, GAME, CASES)


def test_ucb1_right_and_wrong():
    a05.check_ucb1(ucb1)
    with pytest.raises(GradingError, match="math.inf"):
        a05.check_ucb1(lambda Q, N, parent_N, c: 0.0 if N == 0 else ucb1(Q, N, parent_N, c))
    with pytest.raises(GradingError, match="child's visit count"):
        a05.check_ucb1(lambda Q, N, parent_N, c: ucb1(Q, N, N, c))


def test_best_move_most_visited_not_best_mean():
    a05.check_best_move(most_visited)
    with pytest.raises(GradingError, match="best mean"):
        a05.check_best_move(best_mean)


def unique_minimax_move(state):
    """The only move that keeps the best minimax value, or None (checked by brute force)."""
    player = GAME.to_move(state)
    values = {m: minimax_value(GAME.result(state, m), GAME, player) for m in GAME.actions(state)}
    best = [m for m, v in values.items() if v == max(values.values())]
    return best[0] if len(best) == 1 else None


def test_converges_to_the_minimax_move():
    positions = [
        GAME.replay([(1, 1), (2, 1), (1, 2), (2, 2)]),  # X wins at (1, 3)
        GAME.replay([(1, 1), (2, 2), (3, 3), (1, 3)]),  # X must block at (3, 1)
        GAME.from_rows(["O..", "X.X", "XO."], "O"),  # O must block at (2, 2)
    ]
    cases = []
    for state in positions:
        move = unique_minimax_move(state)
        assert move is not None
        cases.append(("a tic-tac-toe position", state, move))
    chosen = a05.check_converges(make_search(), GAME, cases, iterations=1000)
    assert chosen == [move for _, _, move in cases]
    with pytest.raises(GradingError, match="the best move is worth") as failed:
        a05.check_converges(make_search("not_negated"), GAME, cases[2:], 1000)
    assert repr(cases[2][2]) not in str(failed.value)  # a hidden position's answer stays hidden


def test_the_given_loop_is_the_students_code_in_the_grader():
    """The release's locked `search` calls the student's steps, so the grader must not run its
    own copy (it would find no `select`): a test cell reaches the kernel's, like an answer."""
    from pathlib import Path

    import nbformat

    from gamekit.grader.trusted import TrustedNamespace

    notebook = Path(__file__).parents[1] / "release" / "a05_mcts" / "a05_mcts.ipynb"
    release = nbformat.read(notebook, as_version=4)
    namespace = TrustedNamespace(release)
    assert {"ucb1", "select", "expand", "rollout", "backup", "best_move"} <= namespace.answers
    assert "search" in namespace.answers and "search" not in namespace.globals
    assert "Node" in namespace.globals and "tree" in namespace.globals  # given, self-contained
    _, error = namespace.run_test("rows = search(tree.initial, tree, 5, 0)", conn=None)
    assert isinstance(error, NameError) and "search" in str(error)
