"""The search engines, cross-checked against each other and against references written here.

The references (tic-tac-toe rules, minimax, alpha-beta of the course convention) share no code
with gamekit, so a bug in gamekit's board logic or in an engine cannot hide in both.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamekit import (
    WIN,
    GameTree,
    TicTacToe,
    alphabeta_cutoff_search,
    alphabeta_search,
    expectiminimax,
    first_tree,
    minimax_decision,
    minimax_value,
    negamax,
    run_traced,
)

PROPERTY = settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# --------------------------------------------------------------------------------------------
# An independent tic-tac-toe: a position is a 9-character string, row by row from the top.
# --------------------------------------------------------------------------------------------

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
EMPTY_BOARD = "." * 9


def ref_winner(cells: str) -> str | None:
    """'X' or 'O' if that player has three in a line, else None."""
    for a, b, c in LINES:
        if cells[a] != "." and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


def ref_mover(cells: str) -> str:
    return "X" if cells.count("X") == cells.count("O") else "O"


def ref_children(cells: str) -> list[tuple[tuple[int, int], str]]:
    """``((row, col), child)`` for every move, cells in reading order; none once the game ends."""
    if ref_winner(cells) or "." not in cells:
        return []
    mark = ref_mover(cells)
    return [
        ((i // 3 + 1, i % 3 + 1), cells[:i] + mark + cells[i + 1 :])
        for i, square in enumerate(cells)
        if square == "."
    ]


def ref_value_for_x(cells: str) -> int | None:
    """The result for X of a finished game, None while it goes on."""
    if ref_children(cells):
        return None
    return {"X": 1, "O": -1, None: 0}[ref_winner(cells)]


@cache
def ref_solved(cells: str) -> int:
    """The game-theoretic value of ``cells`` for the player to move (negamax, memoised)."""
    children = ref_children(cells)
    if not children:
        result = ref_value_for_x(cells)
        return result if ref_mover(cells) == "X" else -result
    return max(-ref_solved(child) for _, child in children)


def ref_reachable() -> set[str]:
    """Every position reachable from the empty board by legal play."""
    seen, frontier = {EMPTY_BOARD}, [EMPTY_BOARD]
    while frontier:
        cells = frontier.pop()
        for _, child in ref_children(cells):
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


@cache
def ref_tree_size(cells: str) -> int:
    """Nodes of the full game tree below ``cells``, ``cells`` included."""
    return 1 + sum(ref_tree_size(child) for _, child in ref_children(cells))


# --------------------------------------------------------------------------------------------
# An independent alpha-beta of the course convention, recording its own transcript.
# --------------------------------------------------------------------------------------------


class RefAlphaBeta:
    """Plain recursive alpha-beta over any tree given by two functions.

    ``children(node)`` lists ``(label, child)`` in exploration order; ``leaf_value(node)`` is the
    value for MAX (the root's player) at a leaf, None at an inner node. MAX prunes when
    ``best >= beta`` and MIN when ``best <= alpha``; with ``strict`` only on ``>`` / ``<``.
    ``visits`` lists the generated nodes, root first; ``cutoffs`` lists
    ``(visit index, 'MAX' | 'MIN', pruned labels)`` for each node left with unexplored moves.
    """

    def __init__(
        self,
        children: Callable[[Hashable], list[tuple[Hashable, Hashable]]],
        leaf_value: Callable[[Hashable], float | None],
        *,
        strict: bool = False,
    ) -> None:
        self.children, self.leaf_value, self.strict = children, leaf_value, strict
        self.visits: list[Hashable] = []
        self.cutoffs: list[tuple[int, str, tuple[Hashable, ...]]] = []

    def run(self, root: Hashable) -> float:
        self.visits = [root]
        self.cutoffs = []
        return self._search(root, 0, -math.inf, math.inf, True)

    def _search(self, node, index, alpha, beta, maximizing) -> float:
        value = self.leaf_value(node)
        if value is not None:
            return value
        moves = self.children(node)
        best = -math.inf if maximizing else math.inf
        for i, (_, child) in enumerate(moves):
            self.visits.append(child)
            found = self._search(child, len(self.visits) - 1, alpha, beta, not maximizing)
            if maximizing:
                best = max(best, found)
                alpha = max(alpha, best)
                stop = best > beta if self.strict else best >= beta
            else:
                best = min(best, found)
                beta = min(beta, best)
                stop = best < alpha if self.strict else best <= alpha
            if stop:
                rest = tuple(label for label, _ in moves[i + 1 :])
                if rest:
                    self.cutoffs.append((index, "MAX" if maximizing else "MIN", rest))
                return best
        return best


def ref_tree_minimax(edges, utilities, node, maximizing=True, ply=0, score=None) -> float:
    """Minimax value for MAX of ``node`` in an explicit tree; ``score(u, ply)`` rescales leaves."""
    if node in utilities:
        return utilities[node] if score is None else score(utilities[node], ply)
    values = [
        ref_tree_minimax(edges, utilities, child, not maximizing, ply + 1, score)
        for child in edges[node].values()
    ]
    return max(values) if maximizing else min(values)


# --------------------------------------------------------------------------------------------
# Random explicit trees for hypothesis.
# --------------------------------------------------------------------------------------------


@st.composite
def random_trees(draw, *, chance: bool = False):
    """``(edges, utilities, chances, depth)``: branching 1-4, depth 1-4, integer leaves.

    Names are paths ("R", "R2", "R21", ...), edge labels "m1".."m4". With ``chance``, inner
    nodes below the root may be chance nodes with random rational probabilities.
    """
    depth = draw(st.integers(1, 4))
    edges: dict[str, dict[str, str]] = {}
    utilities: dict[str, int] = {}
    chances: dict[str, dict[str, Fraction]] = {}

    def grow(name: str, level: int) -> None:
        if level == depth or (level > 0 and draw(st.integers(0, 5)) == 0):
            utilities[name] = draw(st.integers(-9, 9))
            return
        width = draw(st.integers(1, 4))
        edges[name] = {f"m{i}": f"{name}{i}" for i in range(1, width + 1)}
        if chance and level > 0 and draw(st.booleans()):
            weights = draw(st.lists(st.integers(1, 5), min_size=width, max_size=width))
            chances[name] = {f"m{i}": Fraction(w, sum(weights)) for i, w in enumerate(weights, 1)}
        for child in edges[name].values():
            grow(child, level + 1)

    grow("R", 0)
    return edges, utilities, chances, depth


def tree_eval(state: str, player: str) -> int:
    """A deterministic, zero-sum evaluation of a named node (for depth-limited searches)."""
    score = (sum(map(ord, state)) * 7 + len(state)) % 11 - 5
    return score if player == "MAX" else -score


def ref_tree_depth_limited(edges, utilities, node, depth, maximizing=True, ply=0) -> float:
    """Depth-limited minimax for MAX with the course's scoring of terminals and evaluations."""
    if node in utilities:
        return utilities[node] * (WIN - ply)
    if ply == depth:
        return tree_eval(node, "MAX")
    values = [
        ref_tree_depth_limited(edges, utilities, child, depth, not maximizing, ply + 1)
        for child in edges[node].values()
    ]
    return max(values) if maximizing else min(values)


def tree_of(edges, utilities) -> GameTree:
    return GameTree(edges, utilities)


# --------------------------------------------------------------------------------------------
# The full 3 x 3 game
# --------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def game() -> TicTacToe:
    """One game for the module, so its successor cache is shared by the long sweeps."""
    return TicTacToe()


@pytest.fixture(scope="module")
def reachable(game):
    """Every reachable gamekit state, found with gamekit's own actions and result."""
    states = {game.initial.cells: game.initial}
    frontier = [game.initial]
    while frontier:
        state = frontier.pop()
        for move in game.actions(state):
            child = game.result(state, move)
            if child.cells not in states:
                states[child.cells] = child
                frontier.append(child)
    return states


def test_reachable_positions_are_5478_and_agree_with_the_reference(reachable):
    reference = ref_reachable()
    assert len(reference) == 5478
    assert set(reachable) == reference
    for cells, state in reachable.items():
        assert state.to_move == ref_mover(cells)
        expected = {"X": 1, "O": -1, None: 0}[ref_winner(cells)]
        assert state.utility == expected


def test_full_minimax_from_the_empty_board_visits_549946_nodes(game):
    assert ref_tree_size(EMPTY_BOARD) == 549_946
    (value, move), trace = run_traced(minimax_decision, game.initial, game, with_value=True)
    assert trace.stats.nodes == 549_946
    assert trace.stats.max_depth == 9
    assert value == 0 and move == (1, 1)
    assert trace.stats.cutoffs_by_max == trace.stats.cutoffs_by_min == 0


def test_minimax_value_visits_the_same_tree_as_minimax_decision():
    game = TicTacToe()
    state = game.replay([(2, 2), (1, 1)])  # 7 empty cells: a smaller tree, same shape
    _, trace = run_traced(minimax_value, state, game, player="X")
    assert trace.stats.nodes == ref_tree_size(state.cells)
    _, trace_decision = run_traced(minimax_decision, state, game)
    assert trace.visited() == trace_decision.visited()


def test_every_engine_agrees_with_the_reference_on_every_reachable_position(game, reachable):
    """minimax_value, minimax_decision, alpha-beta and negamax: same value, optimal moves."""
    for cells, state in reachable.items():
        expected = ref_solved(cells)
        mover = state.to_move
        assert minimax_value(state, game, mover) == expected, cells
        value, move = minimax_decision(state, game, with_value=True)
        assert value == expected, cells
        ab_value, ab_move = alphabeta_search(state, game, with_value=True)
        assert ab_value == expected, cells
        nm_value, nm_move = negamax(state, game, with_value=True)
        assert nm_value == expected, cells
        if game.terminal_test(state):
            assert move is ab_move is nm_move is None
            continue
        for chosen in (move, ab_move, nm_move):
            assert -ref_solved(game.result(state, chosen).cells) == expected, (cells, chosen)
        assert ab_move == nm_move  # the same search written two ways


def test_alphabeta_trace_on_the_empty_board_equals_the_reference(game):
    reference = RefAlphaBeta(ref_children, ref_value_for_x)
    assert reference.run(EMPTY_BOARD) == 0
    move, trace = run_traced(alphabeta_search, game.initial, game)
    assert move == (1, 1)
    assert [state.cells for state in trace.visited()] == reference.visits
    found = [(c.node.index, c.by, c.pruned) for c in trace.cutoffs]
    assert found == sorted(reference.cutoffs)
    assert trace.stats.cutoffs_by_max == sum(c[1] == "MAX" for c in reference.cutoffs)
    assert trace.stats.cutoffs_by_min == sum(c[1] == "MIN" for c in reference.cutoffs)
    _, negamax_trace = run_traced(negamax, game.initial, game)
    assert negamax_trace.visited() == trace.visited()


def test_pruning_only_on_strict_inequality_visits_many_more_nodes(game):
    pruning_on_equality = RefAlphaBeta(ref_children, ref_value_for_x)
    strict = RefAlphaBeta(ref_children, ref_value_for_x, strict=True)
    assert pruning_on_equality.run(EMPTY_BOARD) == strict.run(EMPTY_BOARD) == 0
    _, trace = run_traced(alphabeta_search, game.initial, game)
    assert trace.stats.nodes == len(pruning_on_equality.visits)
    assert len(strict.visits) > 6 * len(pruning_on_equality.visits)  # about eightfold
    assert len(strict.visits) < ref_tree_size(EMPTY_BOARD)


# --------------------------------------------------------------------------------------------
# Random explicit trees
# --------------------------------------------------------------------------------------------


@PROPERTY
@given(random_trees())
def test_engines_agree_on_random_trees(data):
    edges, utilities, _, _ = data
    tree = tree_of(edges, utilities)
    expected = ref_tree_minimax(edges, utilities, "R")
    assert minimax_value("R", tree, "MAX") == expected
    mm_value, mm_move = minimax_decision("R", tree, with_value=True)
    ab_value, ab_move = alphabeta_search("R", tree, with_value=True)
    nm_value, nm_move = negamax("R", tree, with_value=True)
    em_value, em_move = expectiminimax("R", tree, with_value=True)
    assert mm_value == ab_value == nm_value == em_value == expected
    for move in (mm_move, ab_move, nm_move, em_move):
        child = tree.result("R", move)
        assert ref_tree_minimax(edges, utilities, child, maximizing=False) == expected
    # ties go to the first best move, for every engine
    first_best = next(
        label
        for label, child in edges["R"].items()
        if ref_tree_minimax(edges, utilities, child, maximizing=False) == expected
    )
    assert mm_move == ab_move == nm_move == em_move == first_best


@PROPERTY
@given(random_trees())
def test_alphabeta_trace_equals_the_reference_on_random_trees(data):
    edges, utilities, _, _ = data
    tree = tree_of(edges, utilities)
    reference = RefAlphaBeta(
        lambda node: list(edges.get(node, {}).items()), lambda node: utilities.get(node)
    )
    expected = reference.run("R")
    (value, _), trace = run_traced(alphabeta_search, "R", tree, with_value=True)
    assert value == expected
    assert trace.visited() == reference.visits
    assert [(c.node.index, c.by, c.pruned) for c in trace.cutoffs] == sorted(reference.cutoffs)
    assert trace.pruned_edges() == [
        (reference.visits[index], label)
        for index, _, rest in sorted(reference.cutoffs)
        for label in rest
    ]
    _, negamax_trace = run_traced(negamax, "R", tree)
    assert negamax_trace.visited() == trace.visited()
    assert [(c.node.index, c.by) for c in negamax_trace.cutoffs] == [
        (c.node.index, c.by) for c in trace.cutoffs
    ]


@PROPERTY
@given(random_trees(), st.integers(0, 2))
def test_cutoff_search_deep_enough_picks_an_optimal_move(data, extra):
    edges, utilities, _, depth = data
    tree = tree_of(edges, utilities)
    expected = ref_tree_minimax(edges, utilities, "R")
    value, move = alphabeta_cutoff_search("R", tree, depth=depth + extra, with_value=True)
    child = tree.result("R", move)
    assert ref_tree_minimax(edges, utilities, child, maximizing=False) == expected
    scored = ref_tree_minimax(edges, utilities, "R", score=lambda u, ply: u * (WIN - ply))
    assert value == scored
    assert negamax("R", tree, depth=depth + extra, with_value=True)[0] == scored


@PROPERTY
@given(random_trees(), st.integers(1, 3))
def test_depth_limited_engines_agree_with_the_reference(data, depth):
    edges, utilities, _, _ = data
    tree = tree_of(edges, utilities)
    expected = ref_tree_depth_limited(edges, utilities, "R", depth)
    ab = alphabeta_cutoff_search("R", tree, depth=depth, eval_fn=tree_eval, with_value=True)
    nm = negamax("R", tree, depth=depth, eval_fn=tree_eval, with_value=True)
    em = expectiminimax("R", tree, depth=depth, eval_fn=tree_eval, with_value=True)
    assert ab[0] == nm[0] == em[0] == expected
    assert ab[1] == nm[1] == em[1]


def ref_expectimax(edges, utilities, chances, node, next_player="MAX") -> Fraction:
    """Expected value for MAX; turns alternate and pass through chance nodes unchanged."""
    if node in utilities:
        return Fraction(utilities[node])
    if node in chances:
        return sum(
            p * ref_expectimax(edges, utilities, chances, edges[node][label], next_player)
            for label, p in chances[node].items()
        )
    after = "MIN" if next_player == "MAX" else "MAX"
    values = [ref_expectimax(edges, utilities, chances, c, after) for c in edges[node].values()]
    return max(values) if next_player == "MAX" else min(values)


@PROPERTY
@given(random_trees(chance=True))
def test_expectiminimax_equals_the_reference_on_random_chance_trees(data):
    edges, utilities, chances, _ = data
    tree = GameTree(edges, utilities, chances=chances)
    value, move = expectiminimax("R", tree, with_value=True)
    assert value == ref_expectimax(edges, utilities, chances, "R")
    child_value = ref_expectimax(edges, utilities, chances, tree.result("R", move), "MIN")
    assert child_value == value


# --------------------------------------------------------------------------------------------
# Expectiminimax by hand
# --------------------------------------------------------------------------------------------


def test_expectiminimax_on_a_chance_tree_computed_by_hand():
    # MAX chooses between two lotteries on the leaves.
    tree = GameTree(
        {
            "A": {"a": "B", "b": "C"},
            "B": {"b1": "B1", "b2": "B2"},
            "C": {"c1": "C1", "c2": "C2", "c3": "C3"},
        },
        {"B1": 10, "B2": -2, "C1": 3, "C2": -1, "C3": 0},
        chances={
            "B": {"b1": Fraction(1, 10), "b2": Fraction(9, 10)},
            "C": {"c1": Fraction(1, 2), "c2": Fraction(3, 10), "c3": Fraction(1, 5)},
        },
    )
    value_b = Fraction(1, 10) * 10 + Fraction(9, 10) * -2  # = 1 - 9/5 = -4/5
    value_c = Fraction(1, 2) * 3 + Fraction(3, 10) * -1 + Fraction(1, 5) * 0  # = 6/5
    assert (value_b, value_c) == (Fraction(-4, 5), Fraction(6, 5))
    assert expectiminimax("A", tree, with_value=True) == (Fraction(6, 5), "b")
    # With equal chances B would be worth 4 and C 2/3: the probabilities decide the move.
    assert (10 - 2) / 2 > (3 - 1 + 0) / 3


def test_expectiminimax_with_min_below_chance_computed_by_hand():
    # MAX, then a roll of the dice, then MIN picks the leaf.
    tree = GameTree(
        {
            "A": {"x": "P", "y": "Q"},
            "P": {"p1": "P1", "p2": "P2"},
            "Q": {"q1": "Q1", "q2": "Q2"},
            "P1": {"l": "P1l", "r": "P1r"},
            "P2": {"l": "P2l", "r": "P2r"},
            "Q1": {"l": "Q1l", "r": "Q1r"},
            "Q2": {"l": "Q2l", "r": "Q2r"},
        },
        {"P1l": 4, "P1r": 7, "P2l": -3, "P2r": 9, "Q1l": 2, "Q1r": 5, "Q2l": 6, "Q2r": 8},
        chances={"P": {"p1": 2 / 3, "p2": 1 / 3}, "Q": {"q1": 0.75, "q2": 0.25}},
    )
    assert tree.to_move("P1") == "MIN"
    value_p = 2 / 3 * min(4, 7) + 1 / 3 * min(-3, 9)  # 8/3 - 1 = 5/3
    value_q = 0.75 * min(2, 5) + 0.25 * min(6, 8)  # 1.5 + 1.5 = 3
    value, move = expectiminimax("A", tree, with_value=True)
    assert move == "y"
    assert value == pytest.approx(value_q) == pytest.approx(3)
    assert value_p == pytest.approx(5 / 3)
    # Depth 2 stops at P1.. Q2 and evaluates them: MAX compares the averaged evaluations.
    evals = {"P1": 12, "P2": 0, "Q1": 4, "Q2": 4}
    value, move = expectiminimax(
        "A",
        tree,
        depth=2,
        eval_fn=lambda s, p: evals[s] if p == "MAX" else -evals[s],
        with_value=True,
    )
    assert move == "x" and value == pytest.approx(2 / 3 * 12)


def ref_against_random(cells: str, me: str) -> Fraction:
    """Expected result for ``me`` when ``me`` plays best and the other side plays at random."""
    children = ref_children(cells)
    if not children:
        result = ref_value_for_x(cells)
        return Fraction(result if me == "X" else -result)
    values = [ref_against_random(child, me) for _, child in children]
    if ref_mover(cells) == me:
        return max(values)
    return sum(values, Fraction(0)) / len(values)


@pytest.mark.parametrize(
    "moves",
    [
        [(1, 1), (2, 2), (3, 3), (1, 3)],  # X to move, 5 empty cells
        [(2, 2), (1, 1), (1, 2), (3, 2), (2, 1)],  # O to move, 4 empty cells
        [(1, 2), (2, 2)],  # X to move, 7 empty cells
    ],
)
def test_expectiminimax_against_a_random_opponent_on_tic_tac_toe(moves):
    game = TicTacToe()
    state = game.replay(moves)
    me = state.to_move
    value, move = expectiminimax(state, game, random_opponent=True, with_value=True)
    expected = ref_against_random(state.cells, me)
    assert value == pytest.approx(float(expected))
    by_move = {m: ref_against_random(child, me) for m, child in ref_children(state.cells)}
    assert by_move[move] == max(by_move.values())
    assert move == next(m for m, v in by_move.items() if v == max(by_move.values()))
    # Against a perfect opponent the same position is worth no more.
    assert ref_solved(state.cells) <= value


def test_expectiminimax_on_a_finished_game_returns_its_result():
    game = TicTacToe()
    won = game.from_rows(["XXX", "OO.", "..."])
    assert expectiminimax(won, game, with_value=True) == (-1, None)  # O to move, O has lost
    assert expectiminimax(won, game) is None
    assert expectiminimax(won, game, depth=2, with_value=True) == (-WIN, None)
    assert alphabeta_cutoff_search(won, game, depth=2, with_value=True) == (-WIN, None)
    assert negamax(won, game, depth=2, with_value=True) == (-WIN, None)
    assert alphabeta_search(won, game, with_value=True) == (-1, None)


def test_expectiminimax_refuses_a_chance_node_at_the_root():
    tree = GameTree(
        {"A": {"a": "B", "b": "C"}}, {"B": 1, "C": 2}, chances={"A": {"a": 0.5, "b": 0.5}}
    )
    with pytest.raises(ValueError, match="not for a chance node"):
        expectiminimax("A", tree)


# --------------------------------------------------------------------------------------------
# Depth: plies, evaluations and real wins
# --------------------------------------------------------------------------------------------


def count_eval(state, player) -> float:
    return float(len(state.moves))


@pytest.mark.parametrize("engine", [alphabeta_cutoff_search, negamax, expectiminimax])
@pytest.mark.parametrize("rows", [["...", "...", "..."], ["XX.", "OO.", "..."]])
def test_depth_one_evaluates_exactly_the_children_of_the_root(engine, rows):
    game = TicTacToe()
    state = game.from_rows(rows)
    _, trace = run_traced(engine, state, game, depth=1, eval_fn=count_eval)
    children = {game.result(state, move) for move in game.actions(state)}
    assert trace.stats.max_depth == 1
    assert len(trace.nodes) == 1 + len(children)
    assert {node.state for node in trace.nodes[1:]} == children
    for node in trace.nodes[1:]:
        assert node.depth == 1
        assert node.scored_by == ("utility" if game.terminal_test(node.state) else "eval")
    assert trace.root.scored_by is None


@pytest.mark.parametrize("engine", [alphabeta_cutoff_search, negamax, expectiminimax])
@pytest.mark.parametrize("depth", [1, 2, 3, 5])
def test_a_win_now_beats_any_evaluation_below_half_of_win(engine, depth):
    game = TicTacToe()
    state = game.from_rows(["...", ".OO", "X.X"])  # X wins at (3, 2)
    me = state.to_move

    def tempting(s, player):
        return (WIN / 2 - 1) * (1 if player == me else -1)

    assert engine(state, game, depth=depth, eval_fn=tempting) == (3, 2)


@pytest.mark.parametrize("engine", [alphabeta_cutoff_search, negamax, expectiminimax])
def test_a_sooner_win_beats_a_later_one(engine):
    game = TicTacToe()
    state = game.from_rows(["...", ".OO", "X.X"])
    slow_move = alphabeta_search(state, game)
    # The plain search sees two wins worth 1 and takes the first one in move order, a slow one.
    assert slow_move != (3, 2)
    assert -ref_solved(game.result(state, slow_move).cells) == 1
    value, move = engine(state, game, depth=9, with_value=True)
    assert move == (3, 2) and value == WIN - 1
    slow_value = -negamax(game.result(state, slow_move), game, depth=8, with_value=True)[0]
    assert WIN - 8 <= slow_value <= WIN - 2  # a win two or more plies below that child


@pytest.mark.parametrize("engine", [alphabeta_cutoff_search, negamax, expectiminimax])
@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_the_evaluation_is_never_asked_about_a_finished_game(engine, depth):
    game = TicTacToe()
    asked = []

    def careful_eval(state, player):
        assert not game.terminal_test(state), f"eval_fn called on a finished game: {state!r}"
        asked.append(state)
        return 0.0

    for moves in ([], [(1, 1), (2, 2), (1, 2)], [(1, 1), (2, 1), (1, 2), (2, 2)]):
        state = game.replay(moves)
        _, trace = run_traced(engine, state, game, depth=depth, eval_fn=careful_eval)
        for node in trace.nodes:
            if node.scored_by == "eval":
                assert not game.terminal_test(node.state)
                assert node.depth == depth
            if node.scored_by == "utility":
                assert game.terminal_test(node.state)
    assert asked


@pytest.mark.parametrize("depth", [0, -1, 2.5, True, "3"])
@pytest.mark.parametrize("engine", [alphabeta_cutoff_search, negamax, expectiminimax])
def test_bad_depth_is_refused(engine, depth):
    game = TicTacToe()
    with pytest.raises(ValueError, match="depth must be a whole number of plies >= 1") as caught:
        engine(game.initial, game, depth=depth)
    assert repr(depth) in str(caught.value)


@pytest.mark.parametrize("engine", [alphabeta_cutoff_search, negamax, expectiminimax])
def test_an_eval_fn_that_is_not_a_function_is_refused(engine):
    game = TicTacToe()
    with pytest.raises(ValueError, match=r"eval_fn must be a function \(state, player\)") as caught:
        engine(game.initial, game, depth=2, eval_fn=3)
    assert "got 3" in str(caught.value)


def test_first_tree_values():
    tree = first_tree()
    assert {node: minimax_value(node, tree, "MAX") for node in "ABCDE"} == {
        "A": 4,
        "B": -5,
        "C": 4,
        "D": -1,
        "E": 0,
    }
    assert alphabeta_search("A", tree, with_value=True) == (4, "a2")
