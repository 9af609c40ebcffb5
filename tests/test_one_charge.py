"""One mistake, one charge: a check that needs another of the student's functions runs with the
course's version of it in place (`gamekit.checks.evidence.standing_in`), so a downstream cell
keeps its points when only the upstream function is wrong, and says so in a note at most.

a05's search cells and its convergence cell run with the course's ucb1 (and best_move); a06's
best_move runs with the course's negamax (a table of values, not a search), and its ordering
cell counts nodes with the course's counted search sorted by the student's key; a03's play
test states only what it verified.
"""

from __future__ import annotations

import math
import pickle

import pytest

from gamekit.checks import GradingError, a05, a06
from gamekit.checks.evidence import standing_in
from gamekit.checks.remote import _substitutes
from gamekit.games import TicTacToe

# --------------------------------------------------------------------------------------------
# The mechanism
# --------------------------------------------------------------------------------------------


def test_standing_in_swaps_the_notebooks_global_for_the_block_only():
    namespace: dict = {"__name__": "__main__"}
    exec(
        "def helper(x):\n    return 2 * x\n\ndef caller(x):\n    return helper(x) + 1\n", namespace
    )
    caller = namespace["caller"]
    replacement = abs
    with standing_in(caller, "helper", replacement):
        assert caller(-3) == 4  # abs(-3) + 1
        assert ("helper", replacement) in _substitutes  # the kernel gets the same swap
    assert caller(-3) == -5
    assert namespace["helper"].__name__ == "helper"
    assert ("helper", replacement) not in _substitutes


def test_standing_in_leaves_a_notebook_without_the_name_alone():
    namespace: dict = {"__name__": "__main__"}
    exec("def caller(x):\n    return x\n", namespace)
    with standing_in(namespace["caller"], "helper", abs):
        assert "helper" not in namespace


# --------------------------------------------------------------------------------------------
# a05: the search cells and convergence run with the course's ucb1 (and best_move)
# --------------------------------------------------------------------------------------------

NOTEBOOK_STEPS = """
import math
import random

class Node:
    def __init__(self, state, move=None, parent=None, player=None):
        self.state, self.move, self.parent, self.player = state, move, parent, player
        self.children, self.N, self.Q = [], 0, 0.0

def select(node, c):
    while node.children:
        node = max(node.children, key=lambda child: ucb1(child.Q, child.N, node.N, c))
    return node

def expand(node, game):
    if game.terminal_test(node.state) or (node.N == 0 and node.parent is not None):
        return node
    mover = game.to_move(node.state)
    for move in game.actions(node.state):
        node.children.append(Node(game.result(node.state, move), move, node, mover))
    return node.children[0]

def rollout(state, game, rng):
    while not game.terminal_test(state):
        state = game.result(state, rng.choice(game.actions(state)))
    return state

def backup(node, end, game):
    while node is not None:
        node.N += 1
        if node.player is not None:
            node.Q += game.utility(end, node.player)
        node = node.parent

def search(state, game, iterations, seed, c=math.sqrt(2)):
    rng = random.Random(seed)
    root = Node(state)
    for _ in range(iterations):
        leaf = select(root, c)
        node = expand(leaf, game)
        end = rollout(node.state, game, rng)
        backup(node, end, game)
    return [(child.move, child.N, child.Q) for child in root.children]
"""

UCB1 = {
    "right": "def ucb1(Q, N, parent_N, c):\n"
    "    return math.inf if N == 0 else Q / N + c * math.sqrt(math.log(parent_N) / N)\n",
    "no_square_root": "def ucb1(Q, N, parent_N, c):\n"
    "    return math.inf if N == 0 else Q / N + c * math.log(parent_N) / N\n",
    "unanswered": "def ucb1(Q, N, parent_N, c):\n    raise NotImplementedError()\n",
}

GAME = TicTacToe()
CASES = [("a position after two moves", GAME.replay([(1, 1), (2, 2)]), 100, 2)]


def notebook(ucb1: str) -> dict:
    namespace: dict = {"__name__": "__main__"}
    exec(NOTEBOOK_STEPS + ucb1, namespace)
    return namespace


def test_a_right_search_with_a_wrong_ucb1_keeps_the_search_cells_with_a_note(capsys):
    namespace = notebook(UCB1["no_square_root"])
    with pytest.raises(GradingError) as ucb1_failed:
        a05.check_ucb1(namespace["ucb1"])
    assert ucb1_failed.value.code == "a05.ucb1.no_square_root"
    rows = a05.check_search(namespace["search"], GAME, CASES)  # no error: the steps are right
    _, state, iterations, seed = CASES[0]
    assert rows == a05.reference_search(state, GAME, iterations, seed)
    note = capsys.readouterr().out
    assert "with the course's ucb1 in place of yours, and its rows are right" in note
    assert "See Part 1 (ucb1)" in note
    own = namespace["search"](state, GAME, iterations, seed)
    assert own != rows and a05._show(own) in note  # the note quotes what was seen
    assert namespace["ucb1"].__name__ == "ucb1"  # the notebook's own is back afterwards


def test_no_note_when_the_notebooks_ucb1_is_right(capsys):
    a05.check_search(notebook(UCB1["right"])["search"], GAME, CASES)
    assert "Note" not in capsys.readouterr().out


def test_an_unanswered_ucb1_does_not_stop_the_search_cells(capsys):
    a05.check_search(notebook(UCB1["unanswered"])["search"], GAME, CASES)
    assert "your ucb1 is not answered yet" in capsys.readouterr().out


def test_convergence_takes_the_course_ucb1_and_best_move():
    must_block = GAME.replay([(1, 1), (2, 2), (3, 3), (1, 3)])
    expected = a05.unique_minimax_move(must_block, GAME)
    search = notebook(UCB1["unanswered"])["search"]
    chosen = a05.check_converges(
        search, GAME, [("a position where X must block", must_block, expected)]
    )
    assert chosen == [expected]


def test_a_wrong_step_still_fails_with_the_course_ucb1():
    namespace = notebook(UCB1["right"])
    exec(
        "def select(node, c):\n"
        "    while node.children:\n"
        "        node = min(node.children, key=lambda ch: ucb1(ch.Q, ch.N, node.N, c))\n"
        "    return node\n",
        namespace,
    )
    with pytest.raises(GradingError) as failed:
        a05.check_search(namespace["search"], GAME, CASES)
    assert failed.value.code == "witness:search"


# --------------------------------------------------------------------------------------------
# a06: best_move runs with the course's negamax; the ordering cell with the course's search
# --------------------------------------------------------------------------------------------

NEGAMAX = {
    "right": """
def negamax(state, game, alpha=-math.inf, beta=math.inf):
    if game.terminal_test(state):
        return game.utility(state, game.to_move(state))
    v = -math.inf
    for move in game.actions(state):
        v = max(v, -negamax(game.result(state, move), game, -beta, -alpha))
        if v >= beta:
            break
        alpha = max(alpha, v)
    return v
""",
    "not_negated": """
def negamax(state, game, alpha=-math.inf, beta=math.inf):
    if game.terminal_test(state):
        return game.utility(state, game.to_move(state))
    v = -math.inf
    for move in game.actions(state):
        v = max(v, negamax(game.result(state, move), game, -beta, -alpha))
        if v >= beta:
            break
        alpha = max(alpha, v)
    return v
""",
    "unanswered": "def negamax(state, game, alpha=-math.inf, beta=math.inf):\n"
    "    raise NotImplementedError()\n",
}

BEST_MOVE = """
def best_move(state, game):
    alpha, best = -math.inf, None
    for move in game.actions(state):
        v = -negamax(game.result(state, move), game, -math.inf, -alpha)
        if v > alpha:
            alpha, best = v, move
    return alpha, best
"""

POSITIONS = a06.random_positions(empty=5, count=2, seed=6)


def quarto_notebook(negamax: str, best_move: str = BEST_MOVE) -> dict:
    namespace: dict = {"__name__": "__main__", "math": math}
    exec(negamax + best_move, namespace)
    return namespace


@pytest.mark.parametrize("negamax", ["not_negated", "unanswered"])
def test_a_right_best_move_keeps_its_points_whatever_negamax_does(negamax, capsys):
    namespace = quarto_notebook(NEGAMAX[negamax])
    answers = a06.check_best_move(namespace["best_move"], POSITIONS)
    assert [value for value, _ in answers] == [a06.reference(p.state)[0] for p in POSITIONS]
    note = capsys.readouterr().out
    assert "with the course's negamax in place of yours, and it is right" in note
    assert ("not answered yet" in note) == (negamax == "unanswered")


def test_no_note_when_the_notebooks_negamax_is_right(capsys):
    a06.check_best_move(quarto_notebook(NEGAMAX["right"])["best_move"], POSITIONS)
    assert "Note" not in capsys.readouterr().out


def test_a_wrong_best_move_still_fails_with_the_course_negamax():
    not_negated = BEST_MOVE.replace("v = -negamax(", "v = negamax(")
    namespace = quarto_notebook(NEGAMAX["right"], not_negated)
    with pytest.raises(GradingError) as failed:
        a06.check_best_move(namespace["best_move"], POSITIONS)
    assert failed.value.code == "witness:best_move"
    assert "with the course's negamax in place of yours" in str(failed.value)


def test_the_course_negamax_is_a_table_that_crosses_to_the_kernel():
    state = POSITIONS[0].state
    stand_in = a06.course_negamax(state)
    again = pickle.loads(pickle.dumps(stand_in))
    for move in a06.GAME.actions(state)[:5]:
        child = a06.GAME.result(state, move)
        assert again(child, a06.GAME, -1, 1) == a06.reference(child)[0]
    grandchild = a06.GAME.result(child, a06.GAME.actions(child)[0])
    with pytest.raises(LookupError, match="one move away only"):
        again(grandchild, a06.GAME)
    assert "def " not in pickle.dumps(stand_in).decode("latin-1")  # values, not code


def test_the_ordering_cell_does_not_use_the_students_counted_search():
    """A counted_search whose counter is never reset fails Part 3, not the ordering cell: the
    ordering cell takes only quarto_order."""
    import inspect

    assert list(inspect.signature(a06.check_ordering).parameters)[:2] == [
        "quarto_order",
        "positions",
    ]

    def quarto_order(game, state, move):
        after = game.result(state, move)
        if game.terminal_test(after):
            return 0 if after.winner is not None else 1
        wins = any(game.result(after, m).winner is not None for m in game.actions(after))
        return 2 if wins else 1

    a06.check_ordering(quarto_order, a06.random_positions(5, 2, seed=7))


# --------------------------------------------------------------------------------------------
# a03: the play test states what it verified
# --------------------------------------------------------------------------------------------

CENTRE_OFF_BY_ONE = """
WEIGHTS = [0, 1, 10, 50, 512]

def evaluate(state, player):
    opponent = "O" if player == "X" else "X"
    board = state.board
    score = 0
    for d_row, d_col in [(0, 1), (1, 0), (1, 1), (1, -1)]:
        for row in range(1, state.h + 1):
            for col in range(1, state.v + 1):
                cells = [(row + i * d_row, col + i * d_col) for i in range(4)]
                if not all(1 <= r <= state.h and 1 <= c <= state.v for r, c in cells):
                    continue
                marks = [board.get(cell) for cell in cells]
                own, other = marks.count(player), marks.count(opponent)
                if other == 0:
                    score += WEIGHTS[own]
                elif own == 0:
                    score -= WEIGHTS[other]
    middle = [state.v // 2] if state.v % 2 else [state.v // 2 - 1, state.v // 2]
    for col in middle:
        for row in range(1, state.h + 1):
            mark = board.get((row, col))
            score += 3 if mark == player else -3 if mark == opponent else 0
    return score
"""


def test_the_play_test_blames_nothing_it_did_not_verify():
    from gamekit.checks.a03 import check_depth_limited_play

    namespace: dict = {"__name__": "__main__"}
    exec(CENTRE_OFF_BY_ONE, namespace)
    with pytest.raises(GradingError) as failed:
        check_depth_limited_play(namespace["evaluate"], seed=1618)
    message = str(failed.value)
    assert failed.value.code == "a03.loses_games"
    assert "windows correctly" not in message  # the windows are right: no guess about them
    assert "differed from the course's window heuristic on" in message
    assert "The first public probe board where it differs" in message
    assert "centre pieces: 1 of X's" in message  # the term-by-term fact of the probe board
