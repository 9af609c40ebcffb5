"""Fast tests of assignment 01's checkers (gamekit/checks/a01.py), without nbgrader.

Two layers:

- the references and helpers against gamekit's own engines and explain module, and the
  checkers on small hand-made answers;
- every fixture case of tests/submissions/a01_minimax run in-process: the source notebook's
  cells are executed in one namespace (answer cells replaced as the case says, test cells always
  the source's, hidden tests included, as nbgrader restores them), and each test cell's
  pass/fail and message are compared with the case's SCORES and FEEDBACK.
"""

from __future__ import annotations

import contextlib
import json
import random
import signal
import warnings
from pathlib import Path

import matplotlib.pyplot as plt
import pytest

from gamekit import search
from gamekit.checks import EngineForbidden, GradingError, a01
from gamekit.explain import expectiminimax_values, minimax_values, random_tree
from gamekit.games import Game, IllegalMoveError, TicTacToe
from gamekit.gametree import MAX, MIN, GameTree, first_tree

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "source" / "a01_minimax" / "a01_minimax.ipynb"
CASES = ROOT / "tests" / "submissions" / "a01_minimax"


# --------------------------------------------------------------------------------------------
# References and helpers
# --------------------------------------------------------------------------------------------


def chance_tree(seed: int) -> GameTree:
    """A random 3-level tree whose second level is made of chance nodes."""
    rng = random.Random(seed)

    def probabilities(n: int) -> list[float]:
        weights = [rng.randint(1, 9) for _ in range(n)]
        return [w / sum(weights) for w in weights]

    spec = [
        (probabilities(2), [[rng.randint(-9, 9) for _ in range(2)] for _ in range(2)])
        for _ in range(3)
    ]
    return a01.tree_from_nested(spec)


@pytest.mark.parametrize("seed", range(20))
def test_references_agree_with_gamekit_on_random_trees(seed):
    tree = random_tree(3, [3, 2, 3], seed=seed)
    values = minimax_values(tree)
    for node in tree.nodes():
        for player in (MAX, MIN):
            ours = a01.reference_minimax_value(node, tree, player)
            assert ours == search.minimax_value(node, tree, player)
        if tree.to_move(node) == MAX:
            assert a01.reference_minimax_value(node, tree, MAX) == values[node]
    assert a01.reference_minimax_decision("A", tree) == search.minimax_decision("A", tree)
    rng = random.Random(seed)
    evaluate = a01.table_eval({node: rng.randint(-5, 5) for node in tree.nodes()})
    for depth in (1, 2, 3):
        expected, _ = search.alphabeta_cutoff_search("A", tree, depth, evaluate, with_value=True)
        assert a01.reference_cutoff_value("A", tree, depth, evaluate, MAX) == expected


@pytest.mark.parametrize("seed", range(10))
def test_expectiminimax_reference_agrees_with_explain(seed):
    tree = chance_tree(seed)
    values = expectiminimax_values(tree)
    assert a01.reference_expectiminimax_value("A", tree, MAX) == pytest.approx(values["A"])
    _, move = search.expectiminimax("A", tree, with_value=True)
    child = tree.result("A", move)
    assert a01.reference_expectiminimax_value(child, tree, MAX) == pytest.approx(values["A"])


def test_cutoff_reference_on_tic_tac_toe_matches_alphabeta():
    game = TicTacToe()
    for rows in (["X..", "...", "..."], ["X.O", ".X.", "..."], ["XO.", ".X.", "O.."]):
        state = game.from_rows(rows)
        for depth in (1, 2, 3):
            expected, _ = search.alphabeta_cutoff_search(
                state, game, depth, a01.open_lines_eval, with_value=True
            )
            got = a01.reference_cutoff_value(state, game, depth, a01.open_lines_eval, state.to_move)
            assert got == expected


def test_tree_from_nested_names_and_kinds():
    tree = a01.tree_from_nested([[3, [4, 5]], ([0.25, 0.75], [1, [2]])])
    assert tree.edges["A"] == {"a1": "B", "a2": "C"}
    assert tree.edges["B"] == {"b1": "B1", "b2": "D"}
    assert tree.kinds == {
        "A": MAX, "B": MIN, "C": "CHANCE", "D": MAX, "E": MIN,
        "B1": MAX, "C1": MIN, "D1": MIN, "D2": MIN, "E1": MAX,
    }  # fmt: skip
    assert tree.chances == {"C": {"c1": 0.25, "c2": 0.75}}
    assert next(iter(tree.edges)) == tree.initial


def test_open_lines_eval_counts_lines():
    game = TicTacToe()
    assert a01.open_lines_eval(game.initial, "X") == 0
    centre = game.from_rows(["...", ".X.", "..."])
    # X in the centre closes 4 of O's 8 lines; all 8 stay open for X
    assert a01.open_lines_eval(centre, "X") == 4
    assert a01.open_lines_eval(centre, "O") == -4


def test_mutants_differ_from_the_reference_where_they_should():
    tree = a01.tree_from_nested([[[3, -2], [7, 1]], [[4], [-6, 5, 0]]])
    right = a01._value("A", tree, MAX)
    assert a01._value("A", tree, MAX, mutant="swap") != right
    assert a01._value("A", tree, MIN, mutant="leaf_max") != a01._value("A", tree, MIN)


# --------------------------------------------------------------------------------------------
# Checkers on hand-made answers
# --------------------------------------------------------------------------------------------


def good_value(state, game, player):
    if game.terminal_test(state):
        return game.utility(state, player)
    values = [good_value(game.result(state, a), game, player) for a in game.actions(state)]
    return max(values) if game.to_move(state) == player else min(values)


class AlwaysEqual:
    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0


def test_check_minimax_value_passes_a_right_answer_and_names_mistakes():
    tree = first_tree()
    a01.check_minimax_value(good_value, tree, "A", MAX)
    a01.check_minimax_value(good_value, tree, "A", MIN)

    def swapped(state, game, player):
        if game.terminal_test(state):
            return game.utility(state, player)
        values = [swapped(game.result(state, a), game, player) for a in game.actions(state)]
        return min(values) if game.to_move(state) == player else max(values)

    with pytest.raises(GradingError, match="min and max swapped"):
        a01.check_minimax_value(swapped, tree, "A", MAX)
    with pytest.raises(GradingError, match="should be a number"):
        a01.check_minimax_value(lambda s, g, p: AlwaysEqual(), tree, "A", MAX)
    with pytest.raises(GradingError, match="only the value"):
        a01.check_minimax_value(lambda s, g, p: (4, "a2"), tree, "A", MAX)


def test_messages_do_not_reveal_the_expected_value():
    tree = a01.tree_from_nested([[4321, 9999], [-5, 8888]])
    with pytest.raises(GradingError) as caught:
        a01.check_minimax_value(lambda s, g, p: 17, tree, "A", MAX)
    assert "4321" not in str(caught.value) and "17" in str(caught.value)


def test_delegating_to_gamekit_or_to_the_references_is_refused():
    tree = first_tree()
    with pytest.raises(EngineForbidden, match="minimax_value is the course.s own answer"):
        a01.check_minimax_value(search.minimax_value, tree, "A", MAX)
    with pytest.raises(EngineForbidden):
        a01.check_minimax_value(a01.reference_minimax_value, tree, "A", MAX)
    with pytest.raises(EngineForbidden):
        a01.check_minimax_decision(lambda s, g: search.minimax_decision(s, g), tree, "A")
    # everything is restored afterwards
    assert search.minimax_value("A", tree, MAX) == 4
    assert a01.reference_minimax_value("A", tree, MAX) == 4


def test_check_minimax_decision_diagnoses():
    tree = a01.tree_from_nested([[5, 7], [9, 5], [6, 5, 8]])  # all three moves worth 5

    def decision(state, game, *, last=False, value=False):
        player = game.to_move(state)
        best, best_move = -float("inf"), None
        for a in game.actions(state):
            v = good_value(game.result(state, a), game, player)
            if v > best or (last and v == best):
                best, best_move = v, a
        return best if value else best_move

    a01.check_minimax_decision(decision, tree, "A")
    with pytest.raises(GradingError, match="ties go to the first best move"):
        a01.check_minimax_decision(lambda s, g: decision(s, g, last=True), tree, "A")
    with pytest.raises(GradingError, match="value returned instead of move") as caught:
        a01.check_minimax_decision(lambda s, g: decision(s, g, value=True), tree, "A")
    assert caught.value.code == "a01.decision_returns_value"
    # A number that is not the best value is not called a value: it is shown as it is.
    with pytest.raises(GradingError, match="returned the number 99, which is not one") as caught:
        a01.check_minimax_decision(lambda s, g: 99, tree, "A")
    assert caught.value.code == "shape:minimax_decision"
    with pytest.raises(GradingError, match="only the move"):
        a01.check_minimax_decision(lambda s, g: (5, "a1"), tree, "A")
    with pytest.raises(GradingError, match="not a legal move"):
        a01.check_minimax_decision(lambda s, g: "b1", tree, "A")


def test_check_minimax_decision_substitutes_the_reference_minimax_value():
    namespace = {"minimax_value": lambda state, game, player: 0}  # a broken helper
    exec(
        "def minimax_decision(state, game):\n"
        "    player = game.to_move(state)\n"
        "    moves = game.actions(state)\n"
        "    values = [minimax_value(game.result(state, a), game, player) for a in moves]\n"
        "    return moves[values.index(max(values))]\n",
        namespace,
    )
    broken = namespace["minimax_value"]
    a01.check_minimax_decision(namespace["minimax_decision"], first_tree(), "A")
    assert namespace["minimax_value"] is broken  # restored


def test_check_cutoff_trace_diagnoses():
    tree = a01.tree_from_nested([[[[3, -2], [7, 1]], [[4], [-6, 5, 0]]], [[[8, 2], -1], [[6]]]])
    evaluate = a01.table_eval({node: i % 5 - 2 for i, node in enumerate(tree.nodes())})

    def cutoff(state, game, depth, eval_fn, player, ply=0, *, stop=0, eager_eval=False):
        if game.terminal_test(state):
            return search.scored_result(game.utility(state, player), ply)
        estimate = eval_fn(state, player) if eager_eval else None
        if ply == depth + stop:
            return estimate if eager_eval else eval_fn(state, player)
        values = [
            cutoff(game.result(state, a), game, depth, eval_fn, player, ply + 1, stop=stop,
                   eager_eval=eager_eval)
            for a in game.actions(state)
        ]  # fmt: skip
        return max(values) if game.to_move(state) == player else min(values)

    for depth in (1, 2, 3):
        a01.check_minimax_cutoff_value(cutoff, tree, "A", depth, evaluate, MAX)
    with pytest.raises(GradingError, match="one ply too deep"):
        a01.check_minimax_cutoff_value(
            lambda *args: cutoff(*args, stop=1), tree, "A", 2, evaluate, MAX
        )
    with pytest.raises(GradingError, match="one ply too early"):
        a01.check_minimax_cutoff_value(
            lambda *args: cutoff(*args, stop=-1), tree, "A", 2, evaluate, MAX
        )
    with pytest.raises(GradingError, match="evaluation called on non-leaf nodes"):
        a01.check_minimax_cutoff_value(
            lambda *args: cutoff(*args, eager_eval=True), tree, "A", 2, evaluate, MAX
        )


def test_check_cutoff_catches_eval_on_terminal_and_repeated_generation():
    tree = a01.tree_from_nested([[1, [2, 3]], [[4, 5], 6]])
    evaluate = a01.table_eval(dict.fromkeys(tree.nodes(), 0))

    def depth_first(state, game, depth, eval_fn, player, ply=0):
        if ply == depth:  # depth tested before terminal_test
            return eval_fn(state, player)
        if game.terminal_test(state):
            return search.scored_result(game.utility(state, player), ply)
        values = [
            depth_first(game.result(state, a), game, depth, eval_fn, player, ply + 1)
            for a in game.actions(state)
        ]
        return max(values) if game.to_move(state) == player else min(values)

    with pytest.raises(GradingError, match="eval_fn called on a terminal state"):
        a01.check_minimax_cutoff_value(depth_first, tree, "A", 2, evaluate, MAX)

    def twice(state, game, player):
        if game.terminal_test(state):
            return game.utility(state, player)
        for a in game.actions(state):
            game.result(state, a)  # generated once to look, then again to search
        values = [twice(game.result(state, a), game, player) for a in game.actions(state)]
        return max(values) if game.to_move(state) == player else min(values)

    with pytest.raises(GradingError, match="more than once"):
        a01.check_minimax_value(twice, tree, "A", MAX)


def test_check_expectiminimax_names_chance_mistakes():
    tree = a01.tree_from_nested([[([0.9, 0.1], [5, -10]), ([0.5, 0.5], [[7, 3], 1])], [6, 2]])

    def chance_as(kind):
        def value(state, game, player):
            if game.terminal_test(state):
                return game.utility(state, player)
            mover = game.to_move(state)
            values = [value(game.result(state, a), game, player) for a in game.actions(state)]
            if mover == "CHANCE":
                if kind == "expect":
                    outcomes = game.chance_outcomes(state)
                    moves = game.actions(state)
                    return sum(outcomes[a] * v for a, v in zip(moves, values, strict=True))
                return {"uniform": sum(values) / len(values), "max": max(values)}[kind]
            return max(values) if mover == player else min(values)

        return value

    for player in (MAX, MIN):
        a01.check_expectiminimax_value(chance_as("expect"), tree, "A", player)
    with pytest.raises(GradingError, match="chance probabilities ignored"):
        a01.check_expectiminimax_value(chance_as("uniform"), tree, "A", MAX)
    with pytest.raises(GradingError, match="max taken at chance nodes"):
        a01.check_expectiminimax_value(chance_as("max"), tree, "A", MAX)


def test_tree_game_checker_messages():
    tree = a01.tree_from_nested([[1, [2, 3]], [4]])

    class Base(Game):
        def __init__(self, edges, utilities):
            self.edges, self.utilities, self.initial = edges, utilities, next(iter(edges))

        def actions(self, state):
            return list(self.edges.get(state, {}))

        def result(self, state, move):
            self.check_move(state, move)
            return self.edges[state][move]

        def terminal_test(self, state):
            return state in self.utilities

    class Reversed(Base):
        def actions(self, state):
            return list(reversed(self.edges.get(state, {})))

    class KeyErrors(Base):
        def result(self, state, move):
            return self.edges[state][move]

    a01.check_tree_game_moves(Base, tree.edges, tree.utilities)
    with pytest.raises(GradingError, match="another order"):
        a01.check_tree_game_moves(Reversed, tree.edges, tree.utilities)
    with pytest.raises(GradingError, match="raised KeyError.*IllegalMoveError"):
        a01.check_tree_game_moves(KeyErrors, tree.edges, tree.utilities)


def test_vocabulary_checker():
    game = TicTacToe()
    position = game.from_rows(["XOX", "OO.", "X.."])
    right = {
        "states_at_ply_1": 3,
        "states_at_ply_2": 6,
        "terminal_states": 6,
        "deepest_ply": 3,
        "utility_for_X": -1,
    }
    a01.check_vocabulary(right, game, position, [(2, 3), (3, 2)])
    with pytest.raises(GradingError, match="terminal_states"):
        a01.check_vocabulary({**right, "terminal_states": 2}, game, position, [(2, 3), (3, 2)])
    with pytest.raises(GradingError, match="is None"):
        a01.check_vocabulary_shape({**right, "deepest_ply": None})
    with pytest.raises(GradingError, match="plain Python values"):
        a01.check_vocabulary_shape(AlwaysEqual())


def test_hand_values_checker_names_wrong_nodes():
    tree = first_tree()
    right = {"A": 4, "B": -5, "C": 4, "D": -1, "E": 0}
    a01.check_hand_values(right, tree)
    with pytest.raises(GradingError, match=r"\['D'\]"):
        a01.check_hand_values({**right, "D": 2}, tree)
    with pytest.raises(GradingError, match="plain Python values"):
        a01.check_hand_values({**right, "A": AlwaysEqual()}, tree)
    with pytest.raises(GradingError, match="has no value"):
        a01.check_hand_values({"A": 4}, tree)


def test_tree_game_checker_refuses_gametree_and_restores_it():
    tree = first_tree()

    class Wrapper(Game):
        def __init__(self, edges, utilities):
            self.inner = GameTree(edges, utilities)

    with pytest.raises(GradingError, match="uses gamekit.GameTree"):
        a01.check_tree_game_moves(Wrapper, tree.edges, tree.utilities)
    with pytest.raises(GradingError, match="not from gamekit.GameTree"):
        a01.check_tree_game_moves(type("Sub", (GameTree,), {}), tree.edges, tree.utilities)
    assert GameTree(tree.edges, tree.utilities).result("A", "a1") == "B"
    with pytest.raises(IllegalMoveError):
        GameTree(tree.edges, tree.utilities).result("A", "b1")


# --------------------------------------------------------------------------------------------
# Every fixture case, in-process
# --------------------------------------------------------------------------------------------


def load_case(path: Path) -> dict:
    namespace: dict = {}
    exec(compile(path.read_text(), str(path), "exec"), namespace)
    return namespace


def release_source(source: str) -> str:
    """What nbgrader leaves of an answer cell: the solution region becomes a stub."""
    out, inside = [], False
    for line in source.splitlines():
        if line.strip() == "### BEGIN SOLUTION":
            indent = line[: len(line) - len(line.lstrip())]
            out += [f"{indent}# YOUR CODE HERE", f"{indent}raise NotImplementedError()"]
            inside = True
        elif line.strip() == "### END SOLUTION":
            inside = False
        elif not inside:
            out.append(line)
    return "\n".join(out)


class CellTimeout(BaseException):
    """Raised by the alarm in a cell that runs too long (an infinite loop)."""


@contextlib.contextmanager
def time_limit(seconds: float):
    """Interrupt the block after ``seconds`` of this process's CPU time (not wall time: a busy
    machine must not fail a cell that works, as in the real grader)."""

    def interrupt(signum, frame):
        raise CellTimeout(f"cell ran over {seconds} s of CPU time")

    previous = signal.signal(signal.SIGPROF, interrupt)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def run_case(case: dict) -> dict[str, tuple[float, float, str]]:
    """``{test grade_id: (score, points, error message)}`` for the case's submission."""
    notebook = json.loads(NOTEBOOK.read_text())
    answers = case.get("ANSWERS", {})
    namespace: dict = {"__name__": "__main__"}
    results = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        meta = cell["metadata"].get("nbgrader", {})
        grade_id = meta.get("grade_id")
        source = "".join(cell["source"])
        if grade_id in answers:
            source = answers[grade_id]
        elif meta.get("solution"):
            source = source if case.get("START", "solution") == "solution" else release_source(
                source
            )  # fmt: skip
        message = ""
        try:
            with time_limit(2), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                exec(compile(source, f"<cell {grade_id}>", "exec"), namespace)
        except (Exception, CellTimeout) as error:  # the notebook goes on, like nbgrader
            message = f"{type(error).__name__}: {error}"
        if meta.get("grade"):
            points = meta["points"]
            results[grade_id] = (0.0 if message else points, points, message)
    plt.close("all")
    return results


CASE_PATHS = sorted(CASES.glob("*/case.py"))


def test_every_catalogued_case_is_here():
    names = {p.parent.name for p in CASE_PATHS}
    required = {
        "reference", "blank", "delegates_to_gamekit", "eq_always_true", "infinite_loop",
        "deleted_test_cell", "edited_test_cell", "warning",
    }  # fmt: skip
    assert required <= names
    assert len(names) >= 20


# Cases that only make sense with the real grader: a kernel, the sandbox, the grader reading
# by-hand answers as literals, or the lint. tests/test_pipeline.py grades them there.
KERNEL_ONLY = {
    "input_transformer_cheat",
    "eq_always_true",
    "explain_hand_answers",
    "minimax_own_key_error",
    # which line is the student's (and what it called) comes from the kernel's report
    "cutoff_eval_args_swapped",
    "minimax_result_given_a_list",
    "hw_cutoff_depth_test_first",
    # the CPU time the kernel used and the second grading are the real grader's
    "infinite_loop",
} | {
    p.parent.name
    for p in CASES.glob("*/case.py")
    if "FLAGGED = True" in p.read_text() or 'STATUS = "failed"' in p.read_text()
}


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(p, marks=pytest.mark.skip(reason="needs an IPython kernel: see test_pipeline"))
        if p.parent.name in KERNEL_ONLY
        else p
        for p in CASE_PATHS
    ],
    ids=lambda p: p.parent.name,
)
def test_case_scores_and_feedback_in_process(path):
    case = load_case(path)
    results = run_case(case)
    start = case.get("START", "solution")
    expected_scores = case.get("SCORES", {})
    for grade_id, (score, points, message) in results.items():
        default = points if start == "solution" else 0
        expected = expected_scores.get(grade_id, default)
        assert score == expected, f"{grade_id}: scored {score}, expected {expected}: {message}"
    messages = " ".join(message for _, _, message in results.values()).lower()
    for phrase in case.get("FEEDBACK", []):
        assert phrase.lower() in messages, f"{phrase!r} not in {messages!r}"
    assert set(expected_scores) <= set(results), "SCORES names a cell that is not graded"


def test_numpy_scalars_count_as_numbers():
    import numpy as np

    def numpy_value(state, game, player):
        return np.int64(good_value(state, game, player))

    a01.check_minimax_value(numpy_value, first_tree(), "A", MAX)


# --------------------------------------------------------------------------------------------
# Issue 10: more mistakes named from behaviour
# --------------------------------------------------------------------------------------------


def _parity_minimax(state, game, player, ply=0):
    if game.terminal_test(state):
        return game.utility(state, player)
    values = [
        _parity_minimax(game.result(state, a), game, player, ply + 1) for a in game.actions(state)
    ]
    return max(values) if ply % 2 == 0 else min(values)


def _max_view_minimax(state, game, player):
    first = game.players[0]
    if game.terminal_test(state):
        return game.utility(state, first)
    values = [_max_view_minimax(game.result(state, a), game, player) for a in game.actions(state)]
    return max(values) if game.to_move(state) == first else min(values)


def _twice_cutoff(state, game, depth, eval_fn, player, ply=0):
    if game.terminal_test(state):
        return search.scored_result(game.utility(state, player), ply)
    if ply == depth:
        return eval_fn(state, player)
    values = [
        _twice_cutoff(game.result(state, a), game, depth - 1, eval_fn, player, ply + 1)
        for a in game.actions(state)
    ]
    return max(values) if game.to_move(state) == player else min(values)


def test_depth_parity_is_told_apart_from_min_max_swapped():
    tree = first_tree()
    a01.check_minimax_value(_parity_minimax, tree, "A", MAX)  # the mover: parity is right
    with pytest.raises(GradingError, match="chosen by depth parity"):
        a01.check_minimax_value(_parity_minimax, tree, "A", MIN)


def test_values_always_for_max_are_named():
    with pytest.raises(GradingError, match="always from MAX's point of view"):
        a01.check_minimax_value(_max_view_minimax, first_tree(), "A", MIN)


def test_depth_counted_twice_is_named():
    tree = random_tree(5, 2, seed=3, low=-5, high=5)  # deeper than every depth tried
    evaluate = a01.table_eval({node: i % 7 - 3 for i, node in enumerate(sorted(tree.kinds))})
    # depth 1 and 3: ply == depth - ply never holds; depth 4: it stops at ply 2
    for depth, phrase in (
        (1, "is depth counted twice"),
        (3, "is depth counted twice"),
        (4, "depth counted twice: the search"),
    ):
        with pytest.raises(GradingError, match=phrase):
            a01.check_minimax_cutoff_value(_twice_cutoff, tree, "A", depth, evaluate, MAX)


def test_an_error_in_the_students_code_shows_their_line():
    error = KeyError("'D2'")  # as the kernel reports it: the message is str() of the original
    error.student_traceback = "line 5: choose = {player: max}[game.to_move(state)]"
    message = a01.raised_by_student("minimax_value", error)
    assert "line 5: `choose = {player: max}[game.to_move(state)]`" in message
    assert "KeyError: 'D2'" in message and "\"'D2'\"" not in message


def test_a_value_that_fits_a_mistake_on_one_case_only_is_not_named():
    """A wrong value equal to a catalogued mistake's on the case, but not on the public probe
    trees, gets no name: one symptom alike is not evidence."""
    from gamekit.checks.a01.engines import check_minimax_value
    from gamekit.checks.a01.references import _value
    from gamekit.gametree import first_tree

    tree = first_tree()
    swapped = _value(tree.initial, tree, "MIN", mutant="swap")

    def only_this_case(state, game, player):
        return swapped if state == tree.initial and game.edges == tree.edges else 0

    with pytest.raises(GradingError) as failed:
        check_minimax_value(only_this_case, tree, tree.initial, "MIN")
    # not named; the smallest public probe where it goes wrong is shown instead
    assert failed.value.code == "witness:minimax_value"
    assert "exactly the value" not in str(failed.value)
    assert str(failed.value).startswith("minimax_value on the probe tree A (MAX) -> A1 = 3")

    def really_swapped(state, game, player):  # min and max swapped, written out
        if game.terminal_test(state):
            return game.utility(state, player)
        values = [really_swapped(game.result(state, m), game, player) for m in game.actions(state)]
        return min(values) if game.to_move(state) == player else max(values)

    with pytest.raises(GradingError) as named:
        check_minimax_value(really_swapped, tree, tree.initial, "MIN")
    assert named.value.code == "a01.swap"


# --------------------------------------------------------------------------------------------
# Issue 30: a name holds beyond the probes
# --------------------------------------------------------------------------------------------


def _max_at_max_minimax(state, game, player):  # a mistake students make, written out
    if game.terminal_test(state):
        return game.utility(state, player)
    values = [_max_at_max_minimax(game.result(state, a), game, player) for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


def test_max_where_max_moves_is_named_as_itself_not_as_depth_parity():
    """On alternating trees from a MAX root this program and depth parity give the same values
    for both players; the generated trees (a MIN root, a player moving twice) tell them apart."""
    tree = first_tree()
    a01.check_minimax_value(_max_at_max_minimax, tree, "A", MAX)  # right for MAX
    with pytest.raises(GradingError) as named:
        a01.check_minimax_value(_max_at_max_minimax, tree, "A", MIN)
    assert named.value.code == "a01.max_at_max"
    assert "depth parity" not in str(named.value)
    with pytest.raises(GradingError) as parity:  # and depth parity keeps its own name
        a01.check_minimax_value(_parity_minimax, tree, "A", MIN)
    assert parity.value.code == "a01.parity"


def test_a_mistake_that_fits_every_probe_but_not_a_generated_tree_is_not_named(monkeypatch):
    """Without the max-at-MAX entry in the catalogue, that program fits depth parity on every
    probe tree; a generated tree shows the difference, so no name is given, only a witness."""
    from gamekit.checks.a01 import engines
    from gamekit.checks.a01.confirm import confirmation_trees
    from gamekit.checks.a01.references import _value

    probes = engines.probe_trees() + engines._trees(engines.VALUE_LADDER)
    for tree in probes:  # the probes alone cannot tell the two apart
        for who in (MAX, MIN):
            mine = _max_at_max_minimax(tree.initial, tree, who)
            assert mine == _value(tree.initial, tree, who, mutant="parity")
    assert any(  # a generated tree can
        _max_at_max_minimax(t.initial, t, who) != _value(t.initial, t, who, mutant="parity")
        for t in confirmation_trees()
        for who in (MAX, MIN)
    )
    nameable = {**engines.NAMEABLE, "minimax_value": ("parity", "swap", "leaf_max", "max_view")}
    monkeypatch.setattr(engines, "NAMEABLE", nameable)
    with pytest.raises(GradingError) as failed:
        a01.check_minimax_value(_max_at_max_minimax, first_tree(), "A", MIN)
    assert failed.value.code == "witness:minimax_value"
    assert "exactly the value" not in str(failed.value)


def test_the_generated_trees_have_every_shape_the_exercise_allows():
    from gamekit.checks.a01.confirm import confirmation_cutoffs, confirmation_trees

    trees = confirmation_trees()
    assert trees == confirmation_trees()  # the same set in every call
    assert {t.to_move(t.initial) for t in trees} == {MAX, MIN}
    twice = [
        t
        for t in trees
        for node in t.nodes()
        for child in t.edges.get(node, {}).values()
        if t.kinds[node] == t.kinds[child] != "CHANCE" and not t.terminal_test(child)
    ]
    assert twice, "no tree where a player moves twice in a row"
    assert any("CHANCE" in t.kinds.values() for t in confirmation_trees(chance=True))
    assert {depth for _, depth, _ in confirmation_cutoffs()} == {1, 2, 3}
