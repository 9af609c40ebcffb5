"""Fast tests of assignment 02's checkers (gamekit.checks.a02), without nbgrader.

The graded cells of the source notebook are executed in plain Python namespaces: with the
reference answers every check passes; with each fixture submission under
tests/submissions/a02_alphabeta exactly the cells it targets fail, with the words its FEEDBACK
promises. The checkers are also tested one by one against hand-made wrong answers, and the
references they rely on against independent implementations.
"""

from __future__ import annotations

import json
import math
import random
import re
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from gamekit import GameTree, TicTacToe, first_tree
from gamekit.checks import GradingError, a02
from gamekit.explain import alphabeta_intervals, alphabeta_pruned, random_tree
from gamekit.search import alphabeta_cutoff_search, alphabeta_search, minimax_decision
from gamekit.trace import run_traced

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "source" / "a02_alphabeta" / "a02_alphabeta.ipynb"
CASES = ROOT / "tests" / "submissions" / "a02_alphabeta"
inf = math.inf

# --------------------------------------------------------------------------------------------
# The notebook, executed cell by cell
# --------------------------------------------------------------------------------------------


def _cells() -> list[dict[str, Any]]:
    nb = json.loads(NOTEBOOK.read_text())
    out = []
    for cell in nb["cells"]:
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        meta = cell.get("metadata", {}).get("nbgrader", {})
        out.append({"type": cell["cell_type"], "source": source, **meta})
    return out


CELLS = _cells()
ANSWER_IDS = [c["grade_id"] for c in CELLS if c["type"] == "code" and c.get("solution")]
TEST_CELLS = {c["grade_id"]: c for c in CELLS if c.get("grade") and c["type"] == "code"}
SOLUTION = re.compile(r"### BEGIN SOLUTION\n.*?### END SOLUTION\n?", re.S)


def _release_form(source: str) -> str:
    """What nbgrader hands out: the solution replaced by `raise NotImplementedError()`."""

    def blank(match: re.Match) -> str:
        indent = source[: match.start()].rsplit("\n", 1)[-1]
        return f"# YOUR CODE HERE\n{indent}raise NotImplementedError()\n"

    return SOLUTION.sub(blank, source)


def _namespace(answers: dict[str, str] | None = None, *, release: bool = False) -> dict:
    """The setup cell and every answer cell (reference, release form, or a case's answer)."""
    namespace: dict[str, Any] = {}
    setup = next(c for c in CELLS if c.get("grade_id") == "setup_imports")
    exec(setup["source"], namespace)
    cells = {c["grade_id"]: c["source"] for c in CELLS if c.get("grade_id") in ANSWER_IDS}
    for grade_id, source in cells.items():
        if answers and grade_id in answers:
            source = answers[grade_id]
        elif release:
            source = _release_form(source)
        exec(source, namespace)
    return namespace


def _run_test_cell(grade_id: str, namespace: dict) -> BaseException | None:
    try:
        exec(TEST_CELLS[grade_id]["source"], dict(namespace))
    except Exception as error:  # noqa: BLE001 - any failure of a graded cell is the outcome
        return error
    return None


def _load_case(name: str) -> dict[str, Any]:
    namespace: dict[str, Any] = {}
    exec((CASES / name / "case.py").read_text(), namespace)
    return namespace


CASE_NAMES = sorted(p.parent.name for p in CASES.glob("*/case.py"))
PLAIN_KEYS = {"START", "ANSWERS", "EDIT_CELLS", "DELETE_CELLS", "SCORES", "FEEDBACK"}
"""A case with only these fields is a plain mistake, graded the same in-process; the others
(attacks, flags, broken notebooks) need the sandboxed driver: tests/test_pipeline.py."""


def _is_plain(name: str) -> bool:
    fields = {key for key in _load_case(name) if key.isupper()}
    # eq_always_true: its answers are read as typed literals by the trusted grader only;
    # own_key_error: the student's line comes from the kernel's report of the error
    return fields <= PLAIN_KEYS and name not in ("eq_always_true", "own_key_error")


def test_notebook_has_the_expected_graded_cells():
    points = {gid: cell["points"] for gid, cell in TEST_CELLS.items()}
    assert points == {
        "test_intervals": 2,
        "test_pruned_edges": 1,
        "test_alphabeta_search": 3,
        "test_alphabeta_cutoff": 2,
        "test_nodes_by_depth": 1,
        "test_move_ordering": 1,
    }
    manual = [c for c in CELLS if c.get("grade") and c.get("solution")]
    assert [(c["type"], c["grade_id"], c["points"]) for c in manual] == [
        ("markdown", "reflection_ordering", 2)
    ]
    ids = [c["grade_id"] for c in CELLS if c.get("grade_id")]
    assert len(ids) == len(set(ids))
    for cell in TEST_CELLS.values():
        assert cell["source"].startswith("# Checks"), cell["grade_id"]
        assert "### BEGIN HIDDEN TESTS" in cell["source"]


def test_reference_answers_pass_every_graded_cell():
    namespace = _namespace()
    for grade_id in TEST_CELLS:
        assert _run_test_cell(grade_id, namespace) is None, grade_id


def test_release_fails_only_with_not_implemented_error():
    namespace = _namespace(release=True)
    for grade_id in TEST_CELLS:
        error = _run_test_cell(grade_id, namespace)
        assert type(error) is NotImplementedError, (grade_id, error)


@pytest.mark.parametrize(
    "name", [n for n in CASE_NAMES if n not in ("reference", "blank") and _is_plain(n)]
)
def test_fixture_case_fails_exactly_its_cells_with_its_message(name):
    case = _load_case(name)
    assert case["START"] == "solution"
    namespace = _namespace(case["ANSWERS"])
    messages = []
    for grade_id in TEST_CELLS:
        error = _run_test_cell(grade_id, namespace)
        should_fail = case["SCORES"].get(grade_id) == 0
        assert (error is not None) == should_fail, (grade_id, error)
        if error is not None:
            assert isinstance(error, AssertionError), (grade_id, repr(error))
            messages.append(str(error).lower())
    for phrase in case["FEEDBACK"]:
        assert any(phrase.lower() in m for m in messages), (phrase, messages)


def test_reference_and_blank_cases_are_plain():
    assert _load_case("reference")["ANSWERS"] == {} and _load_case("reference")["SCORES"] == {}
    assert _load_case("blank")["START"] == "release"


# --------------------------------------------------------------------------------------------
# Engines: every flaw is named on the notebook's hidden cases
# --------------------------------------------------------------------------------------------

FULL_FLAWS = {
    "no_pruning": "nothing is pruned",
    "strict": "pruned only on strict inequality",
    "stale_window_test": "cutoff test and bound update out of order",
    "swapped_tests": "alpha and beta are swapped",
    "swapped_args": "alpha and beta are swapped",
    "swapped_min_params": "alpha and beta are swapped",
    "swapped_init": "alpha and beta are swapped",
    "eager": "successors generated eagerly",
    "eager_no_pruning": "successors generated eagerly",
    "last_tie": "ties go to the wrong move",
    "mover_perspective": "wrong player's point of view",
}
CUTOFF_FLAWS = {
    **FULL_FLAWS,
    "plain_utility": "scored with the bare utility",
    "depth_plus_one": "depth off by one",
    "depth_minus_one": "depth off by one",
    "eval_at_every_node": "evaluation called on non-leaf nodes",
    "eval_on_terminal": "evaluation called on a terminal position",
}
WINDOW_FLAWS = {
    "stale_window_at_max": "not its parent's current one",
    "stale_window_at_min": "not its parent's current one",
    "wrong_bound": "the wrong bound moved",
    "no_cutoff_at_max": "MAX never cuts off",
    "no_cutoff_at_min": "MIN never cuts off",
}
"""Flaws no catalogue entry names: the departure from the course's search explains them."""


def _hidden_block(grade_id: str) -> str:
    source = TEST_CELLS[grade_id]["source"]
    return source.replace("### BEGIN HIDDEN TESTS", "").replace("### END HIDDEN TESTS", "")


@pytest.mark.parametrize("flaw", sorted(FULL_FLAWS))
def test_hidden_alphabeta_cases_name_each_flaw(flaw):
    namespace = _namespace()
    namespace["alphabeta_search"] = partial(a02.flawed_alphabeta, flaw=flaw)
    with pytest.raises(GradingError, match=FULL_FLAWS[flaw]):
        exec(_hidden_block("test_alphabeta_search"), namespace)


@pytest.mark.parametrize("flaw", sorted(CUTOFF_FLAWS))
def test_hidden_cutoff_cases_name_each_flaw(flaw):
    namespace = _namespace()
    namespace["alphabeta_cutoff_search"] = partial(a02.flawed_alphabeta, flaw=flaw)
    with pytest.raises(GradingError, match=CUTOFF_FLAWS[flaw]):
        exec(_hidden_block("test_alphabeta_cutoff"), namespace)


def test_every_flaw_is_covered_by_a_test():
    assert set(CUTOFF_FLAWS) | set(WINDOW_FLAWS) == set(a02.FLAWS) - {"none"}


@pytest.mark.parametrize("flaw", sorted(WINDOW_FLAWS))
@pytest.mark.parametrize("grade_id", ["test_alphabeta_search", "test_alphabeta_cutoff"])
def test_window_flaws_are_explained_from_where_the_search_departs(flaw, grade_id):
    namespace = _namespace()
    visible, hidden = TEST_CELLS[grade_id]["source"].split("### BEGIN HIDDEN TESTS")
    exec(visible, namespace)  # with the reference engine: defines what the hidden part uses
    engine = grade_id.replace("test_", "") + ("_search" if "cutoff" in grade_id else "")
    namespace[engine] = partial(a02.flawed_alphabeta, flaw=flaw)
    with pytest.raises(GradingError, match=WINDOW_FLAWS[flaw]) as info:
        exec(hidden.replace("### END HIDDEN TESTS", ""), namespace)
    message = str(info.value)
    assert re.search(r"\((MAX|MIN)\) your search (went on|cut off)", message), message
    # shown on a public probe tree (numbers allowed there), never on a hidden case
    assert "on the tree a02.tree_from_lists(" in message, message
    assert "hidden" not in message


def _equivalent_orderings() -> dict[str, Any]:
    """Alpha-beta written with the bound updated before the test: provably the same search."""

    def update_then_window_test(state, game):
        player = game.to_move(state)

        def value(state, alpha, beta, is_max):
            if game.terminal_test(state):
                return game.utility(state, player), None
            v, best = (-inf, None) if is_max else (inf, None)
            for a in game.actions(state):
                child, _ = value(game.result(state, a), alpha, beta, not is_max)
                if (child > v) if is_max else (child < v):
                    v, best = child, a
                if is_max:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
                if alpha >= beta:
                    return (alpha if is_max else beta), best  # fail-hard, too
            return v, best

        return value(state, -inf, inf, True)[1]

    return {"update_then_window_test": update_then_window_test}


def test_bound_update_before_the_test_is_not_penalised():
    namespace = _namespace()
    namespace["alphabeta_search"] = _equivalent_orderings()["update_then_window_test"]
    exec(TEST_CELLS["test_alphabeta_search"]["source"], namespace)


def test_flawless_engine_matches_gamekit_on_random_trees_and_boards():
    game = TicTacToe()
    for seed in range(150):
        rng = random.Random(seed)
        tree = random_tree(rng.randint(1, 4), rng.randint(1, 3), seed=seed, low=-3, high=3)
        mine = run_traced(partial(a02.flawed_alphabeta, flaw="none"), tree.initial, tree)
        theirs = run_traced(alphabeta_search, tree.initial, tree)
        assert mine[0] == theirs[0] and mine[1].visited() == theirs[1].visited()
        kw = {"depth": rng.randint(1, 3), "eval_fn": a02.hashed_eval(seed)}
        mine = run_traced(partial(a02.flawed_alphabeta, flaw="none"), tree.initial, tree, **kw)
        theirs = run_traced(alphabeta_cutoff_search, tree.initial, tree, **kw)
        assert mine[0] == theirs[0] and mine[1].visited() == theirs[1].visited()
    state = game.from_rows(["X..", ".O.", "..."])
    mine = run_traced(partial(a02.flawed_alphabeta, flaw="none"), state, game)
    assert mine[1].visited() == run_traced(alphabeta_search, state, game)[1].visited()


def test_engine_checks_catch_wrong_returns_and_delegation():
    tree = a02.example_tree()

    def value_not_move(state, game):
        return 5

    def pair(state, game):
        return (5, "a1")

    def list_cell(state, game):
        return list(a02.flawed_alphabeta(state, game))

    def delegates(state, game):
        return alphabeta_search(state, game)

    def wrong_signature(game, state, extra):
        return None

    with pytest.raises(GradingError, match="returns the value instead of the move"):
        a02.check_alphabeta_search(value_not_move, [tree])
    with pytest.raises(GradingError, match="returns a pair"):
        a02.check_alphabeta_search(pair, [tree])
    with pytest.raises(GradingError, match="returns the position after the move"):
        a02.check_alphabeta_search(lambda state, game: "B", [tree])
    board = TicTacToe()
    with pytest.raises(GradingError, match="not one of game.actions"):
        a02.check_alphabeta_search(list_cell, [(board, board.from_rows(["XO.", ".X.", "O.."]))])
    with pytest.raises(GradingError, match="the course's own answer"):
        a02.check_alphabeta_search(delegates, [tree])
    with pytest.raises(GradingError, match="must take the arguments"):
        a02.check_alphabeta_search(wrong_signature, [tree])
    assert alphabeta_search(tree.initial, tree) == "a1"  # the engine is restored afterwards


def test_unrecognised_engine_gets_a_general_message_without_expected_values():
    tree = a02.tree_from_lists([[[2, 1, 1], [1, -3]], [[1, 0], [0, -1], [2, -1]]])

    def _reverse(state, game):
        player = game.to_move(state)

        def value(s, alpha, beta, is_max):
            if game.terminal_test(s):
                return game.utility(s, player), None
            v, best = (-inf if is_max else inf), None
            for a in reversed(game.actions(s)):
                child, _ = value(game.result(s, a), alpha, beta, not is_max)
                if (child > v) if is_max else (child < v):
                    v, best = child, a
                if (v >= beta) if is_max else (v <= alpha):
                    return v, best
                alpha, beta = (max(alpha, v), beta) if is_max else (alpha, min(beta, v))
            return v, best

        return value(state, -inf, inf, True)[1]

    with pytest.raises(GradingError, match="does not search like") as info:
        a02.check_alphabeta_search(_reverse, [tree])
    message = str(info.value)
    assert "at node A (MAX)" in message and "out of actions() order" in message
    assert "window [alpha, beta] was" not in message and "reference has" not in message


# --------------------------------------------------------------------------------------------
# By-hand answers
# --------------------------------------------------------------------------------------------


def _independent_intervals(tree: GameTree) -> tuple[dict, set]:
    """Alpha-beta written out again: (alpha, beta) of each inner node at return, pruned edges."""
    intervals, pruned = {}, set()

    def visit(node, alpha, beta, is_max):
        if tree.terminal_test(node):
            return tree.utilities[node]
        v = -inf if is_max else inf
        labels = tree.actions(node)
        for i, label in enumerate(labels):
            child = visit(tree.result(node, label), alpha, beta, not is_max)
            v = max(v, child) if is_max else min(v, child)
            if (v >= beta) if is_max else (v <= alpha):  # test first...
                pruned.update((node, rest) for rest in labels[i + 1 :])
                break
            if is_max:  # ...then the bound takes in v
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
        intervals[node] = (alpha, beta)
        return v

    visit(tree.initial, -inf, inf, True)
    return intervals, pruned


def test_explain_intervals_agree_with_an_independent_alphabeta():
    trees = [a02.example_tree(), a02.exercise_tree(), first_tree()]
    trees += [random_tree(3, 3, seed=seed, low=-4, high=4) for seed in range(60)]
    for tree in trees:
        intervals, pruned = _independent_intervals(tree)
        assert alphabeta_intervals(tree) == intervals
        assert set(alphabeta_pruned(tree)) == pruned


def _reference_intervals() -> dict:
    return dict(_namespace()["intervals_by_hand"]())


def test_check_intervals_accepts_ints_floats_and_lists():
    answer = {node: [float(a), b] for node, (a, b) in _reference_intervals().items()}
    a02.check_intervals(lambda: answer)
    a02.check_intervals(lambda: _reference_intervals())


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("D1"), "no interval for D1"),
        (lambda d: d.update({"B11": (4, inf)}), "leaves have no interval"),
        (lambda d: d.update({"D2": (8, 8)}), "D2 should have no interval"),
        (lambda d: d.update({"Z": (0, 0)}), "Z is not a node of the tree"),
        (lambda d: d.update({"C": (4, 9)}), "wrong interval at C"),
        (lambda d: d.update({"C": (8, 4)}), "look swapped"),
        (lambda d: d.update({"B1": (-inf, inf), "C": (4, inf)}), "window each node was entered"),
        (
            lambda d: d.update({"B2": (5, 4), "C2": (9, 8), "D": (8, 8)}),
            "updated before the cutoff test",
        ),
        (lambda d: d.update({"A": (True, inf)}), "should be a number"),
        (lambda d: d.update({"A": (8, inf, 0)}), "should be a pair"),
        (lambda d: d.update({"A": (math.nan, inf)}), "contains NaN"),
    ],
)
def test_check_intervals_names_the_problem(change, message):
    answer = _reference_intervals()
    change(answer)
    with pytest.raises(GradingError, match=message) as info:
        a02.check_intervals(lambda: answer)
    if "wrong interval" in message:
        assert "(4, 8)" not in str(info.value)  # the right value is never shown


def test_check_intervals_rejects_always_equal_objects():
    class Anything:
        def __eq__(self, other):
            return True

        __hash__ = object.__hash__

    class Dict(dict):
        def __eq__(self, other):
            return True

    with pytest.raises(GradingError, match="plain Python values"):
        a02.check_intervals(lambda: {"A": (Anything(), Anything())})
    with pytest.raises(GradingError, match="should be a dict"):
        a02.check_intervals(lambda: Dict(_reference_intervals()))
    with pytest.raises(NotImplementedError):
        a02.check_intervals(lambda: (_ for _ in ()).throw(NotImplementedError()))


def test_check_pruned_edges():
    right = {("B2", "b22"), ("C2", "c22"), ("C2", "c23"), ("D", "d2")}
    assert set(alphabeta_pruned(a02.exercise_tree())) == right
    a02.check_pruned_edges(lambda: right)
    a02.check_pruned_edges(lambda: [list(edge) for edge in sorted(right)])
    cases = [
        (right - {("D", "d2")}, "1 pruned edge is missing"),
        (right - {("D", "d2"), ("B2", "b22")}, "2 pruned edges are missing"),
        (right | {("A", "a3")}, "1 edge you listed is not pruned"),
        (right | {("D2", "d21")}, "not the edges inside the subtree"),
        ([*right, ("D", "d2")], "listed twice"),
        ({("D", "D2")}, "the edge's label, not the child's name"),
        ({("B11", "x")}, "not an inner node"),
        ({("D",)}, "a pair"),
        ("D d2", "should be a set"),
    ]
    for answer, message in cases:
        with pytest.raises(GradingError, match=re.escape(message)) as info:
            a02.check_pruned_edges(lambda answer=answer: answer)
        if "missing" in message:
            assert "d2" not in str(info.value) and "b22" not in str(info.value)


# --------------------------------------------------------------------------------------------
# Counting and ordering
# --------------------------------------------------------------------------------------------


def _counter(adjust):
    def nodes_by_depth(engine, game, positions):
        counts = {}
        for position in positions:
            _, trace = run_traced(engine, position, game)
            counts[len(game.actions(position))] = adjust(trace)
        return counts

    return nodes_by_depth


def test_check_nodes_by_depth():
    game = TicTacToe()
    positions = [
        game.replay([(2, 2), (1, 1), (3, 3)]),
        game.replay([(1, 1), (2, 2), (1, 2), (1, 3)]),
    ]
    engines = [minimax_decision, alphabeta_search]
    a02.check_nodes_by_depth(_counter(lambda t: t.stats.nodes), game, positions, engines)
    with pytest.raises(GradingError, match="which counts the root too"):
        a02.check_nodes_by_depth(_counter(lambda t: t.stats.nodes - 1), game, positions, engines)
    with pytest.raises(GradingError, match="not the nodes generated"):
        a02.check_nodes_by_depth(
            _counter(lambda t: t.stats.leaf_evaluations), game, positions, engines
        )
    with pytest.raises(GradingError, match="should be a int"):
        a02.check_nodes_by_depth(_counter(lambda t: float(t.stats.nodes)), game, positions, engines)
    with pytest.raises(GradingError, match="the keys should be"):
        a02.check_nodes_by_depth(lambda engine, game, positions: {9: 1}, game, positions, engines)
    # a count that ignores the engine it is given is caught by the second engine
    fixed = _counter(lambda t: run_traced(minimax_decision, t.root.state, game)[1].stats.nodes)
    with pytest.raises(GradingError, match="nodes_by_depth with alphabeta_search on the pos"):
        a02.check_nodes_by_depth(fixed, game, positions, engines)


def test_check_ordering_key():
    def centre_corners_edges(game, state, move):
        row, col = move
        return -(2 + (row == col) + (row + col == 4))

    def manhattan(game, state, move):  # centre, then edges, then corners
        return abs(move[0] - 2) + abs(move[1] - 2)

    states = a02.ordering_states()
    a02.check_ordering_key(centre_corners_edges, states)
    with pytest.raises(GradingError, match=r"puts an edge \(\d, \d\) before a corner"):
        a02.check_ordering_key(manhattan, states)
    with pytest.raises(GradingError, match="should be a number"):
        a02.check_ordering_key(lambda game, state, move: str(move), states)
    with pytest.raises(GradingError, match="raised KeyError"):
        a02.check_ordering_key(lambda game, state, move: {}[move], states)


def test_tree_from_lists_names_nodes_like_explain():
    tree = a02.tree_from_lists([[1, 2], [3, [4, 5]]])
    assert tree.nodes() == ["A", "B", "C", "B1", "B2", "C1", "C2", "C21", "C22"]
    assert tree.edges["C"] == {"c1": "C1", "c2": "C2"} and tree.utilities["C22"] == 5
    with pytest.raises(ValueError, match="children"):
        a02.tree_from_lists([[]])


def test_aima_style_root_loop_passes_the_hidden_cases():
    """A root that loops over its moves itself (as in aima-python) searches the same nodes."""

    def alphabeta_search(state, game):
        player = game.to_move(state)

        def max_value(s, alpha, beta):
            if game.terminal_test(s):
                return game.utility(s, player)
            v = -inf
            for a in game.actions(s):
                v = max(v, min_value(game.result(s, a), alpha, beta))
                if v >= beta:
                    return v
                alpha = max(alpha, v)
            return v

        def min_value(s, alpha, beta):
            if game.terminal_test(s):
                return game.utility(s, player)
            v = inf
            for a in game.actions(s):
                v = min(v, max_value(game.result(s, a), alpha, beta))
                if v <= alpha:
                    return v
                beta = min(beta, v)
            return v

        best_score, best_action = -inf, None
        for a in game.actions(state):
            v = min_value(game.result(state, a), best_score, inf)
            if v > best_score:
                best_score, best_action = v, a
        return best_action

    namespace = _namespace()
    namespace["alphabeta_search"] = alphabeta_search
    exec(TEST_CELLS["test_alphabeta_search"]["source"], namespace)


def test_a_ply_that_never_grows_is_reported():
    def never_stops_early(state, game, depth, eval_fn):
        player = game.to_move(state)

        def value(s, ply, is_max):
            if game.terminal_test(s):
                return game.utility(s, player), None
            if ply == depth:
                return eval_fn(s, player), None
            results = [(value(game.result(s, a), ply, not is_max)[0], a) for a in game.actions(s)]
            best = max(results, key=lambda r: r[0]) if is_max else min(results, key=lambda r: r[0])
            return best

        return value(state, 0, True)[1]

    tree = a02.example_tree()
    with pytest.raises(GradingError, match="deeper than `depth` plies"):
        a02.check_alphabeta_cutoff(never_stops_early, [(tree, "A", 1, a02.hashed_eval(0))])


def test_course_steps_follow_gamekit_alphabeta_node_for_node():
    """The windows the feedback quotes come from a search that expands exactly the nodes
    gamekit's alpha-beta expands, children in the same order, cut off exactly where it cuts."""
    for seed in range(40):
        tree = random_tree(3, 3, seed=seed, low=-4, high=4)
        _, trace = run_traced(alphabeta_search, tree.initial, tree)
        expanded = {tuple(n.path()): n for n in trace.nodes if n.children}
        steps = a02.course_steps(tree.initial, tree)
        assert set(steps) == set(expanded), seed
        cut = {tuple(c.node.path()) for c in trace.cutoffs}
        for path, node in expanded.items():
            assert [s.move for s in steps[path]] == [k.move for k in node.children], seed
            last_child = len(steps[path]) == len(node.actions)  # a cut there prunes nothing
            assert steps[path][-1].cut == (path in cut) or last_child, seed
            assert not any(s.cut for s in steps[path][:-1]), seed


def test_visible_cases_are_the_notebooks_visible_trees_and_boards():
    board = TicTacToe()
    assert a02.is_visible(a02.example_tree(), "A") and a02.is_visible(first_tree(), "A")
    assert a02.is_visible(board, board.from_rows(["XO.", ".X.", "O.."]))
    hidden = a02.tree_from_lists([[[2, 1, 1], [1, -3]], [[1, 0], [0, -1], [2, -1]]])
    assert not a02.is_visible(hidden, "A")
    assert not a02.is_visible(board, board.from_rows(["X..", "O..", "XO."]))


# --------------------------------------------------------------------------------------------
# Issue 30: every part of the specification tested, and only verified sentences
# --------------------------------------------------------------------------------------------


def _scored_at_depth(state, game, depth, eval_fn):
    """A depth-limited alpha-beta that scores every finished game as if found at ply `depth`."""
    from gamekit.search import scored_result

    player = game.to_move(state)

    def value(state, alpha, beta, ply, maximising):
        if game.terminal_test(state):
            return scored_result(game.utility(state, player), depth), None
        if ply == depth:
            return eval_fn(state, player), None
        v, best = (-math.inf if maximising else math.inf), None
        for a in game.actions(state):
            child, _ = value(game.result(state, a), alpha, beta, ply + 1, not maximising)
            if (child > v) if maximising else (child < v):
                v, best = child, a
            if maximising and v >= beta or not maximising and v <= alpha:
                return v, best
            alpha, beta = (max(alpha, v), beta) if maximising else (alpha, min(beta, v))
        return v, best

    return value(state, -math.inf, math.inf, 0, True)[1]


def test_a_sooner_win_must_beat_a_later_one_and_the_message_claims_only_what_was_seen():
    """Scoring finished games at the depth limit instead of their ply chooses the same move
    as the course on most positions; a probe where a win at ply 3 comes before a win at ply 1
    shows it. The trace sees the utilities, not what the search made of them, so the message
    must not say the leaves were scored alike."""
    ttt = TicTacToe()
    case = (ttt, ttt.from_rows(["...", "..X", "OOX"]), 3, a02.tictactoe_eval)
    _, state, depth, estimate = case
    assert _scored_at_depth(state, ttt, depth, estimate) != alphabeta_cutoff_search(
        state, ttt, depth, estimate
    )
    with pytest.raises(GradingError) as failed:
        a02.check_alphabeta_cutoff(_scored_at_depth, [case])
    said = str(failed.value)
    assert failed.value.code == "witness:alphabeta_cutoff_search"
    assert "tree_from_lists([[[1]], 1])" in said and "returns 'a1'" in said
    assert "scored every leaf" not in said
    assert "wherever your search called game.utility or eval_fn" in said


@pytest.mark.parametrize("flaw", ["strict", "last_tie", "swapped_args"])
def test_a_name_must_also_fit_the_generated_trees_with_min_at_the_root(flaw):
    """A search with a catalogued flaw except when MIN moves first fits that flaw on every case
    and probe (MAX is at every one of their roots) but not on the generated trees with MIN at
    the root: it gets the ladder's witness, not the flaw's name. The flaw itself keeps it."""

    def flawed_unless_min_starts(state, game):
        return a02.flawed_alphabeta(
            state, game, flaw="none" if game.to_move(state) == "MIN" else flaw
        )

    for engine, named in (
        (flawed_unless_min_starts, False),
        (partial(a02.flawed_alphabeta, flaw=flaw), True),
    ):
        namespace = _namespace()
        namespace["alphabeta_search"] = engine
        with pytest.raises(GradingError) as failed:
            exec(_hidden_block("test_alphabeta_search"), namespace)
        if named:
            assert re.search(FULL_FLAWS[flaw], str(failed.value))
        assert failed.value.code.startswith("a02.") is named, (failed.value.code, str(failed.value))
