"""The checkers of assignment 06 accept right answers and name each catalogued mistake; their
reference negamax agrees with gamekit's engine, its tracer and a search without pruning."""

from __future__ import annotations

import math
import re

import pytest

from gamekit import negamax_search
from gamekit.games import OrderedGame
from gamekit.grading import GradingError, a06
from gamekit.trace import run_traced

GAME = a06.GAME
POSITIONS = (
    a06.random_positions(4, 2, seed=1)
    + a06.random_positions(5, 3, seed=2)
    + a06.random_positions(6, 2, seed=3)
)
WINDOWS = [(-math.inf, math.inf), (-0.5, 0.5), (0, math.inf), (-math.inf, 0), (0, 1), (-1, 0)]


def minimax_value(state):
    """Negamax without pruning: the value for the player to move (an independent reference)."""
    if GAME.terminal_test(state):
        return GAME.utility(state, GAME.to_move(state))
    return max(-minimax_value(GAME.result(state, move)) for move in GAME.actions(state))


# --------------------------------------------------------------------------------------------
# Students' answers: right ones and the usual mistakes
# --------------------------------------------------------------------------------------------


def make_negamax(*, negate=True, window="right", leaf="mover", gives="all", hard=False):
    def negamax(state, game, alpha=-math.inf, beta=math.inf):
        if game.terminal_test(state):
            mover = game.to_move(state)
            player = {"mover": mover, "X": "X", "other": "O" if mover == "X" else "X"}[leaf]
            return game.utility(state, player)
        moves = game.actions(state)
        if gives == "first":
            moves = list({m.cell: m for m in reversed(moves)}.values())[::-1]
        v = -math.inf
        for move in moves:
            child_window = {
                "right": (-beta, -alpha),
                "same": (alpha, beta),
                "negated": (-alpha, -beta),
                "swapped": (beta, alpha),
            }[window]
            child = negamax(game.result(state, move), game, *child_window)
            v = max(v, -child if negate else child)
            if v >= beta:
                break
            alpha = max(alpha, v)
        return min(max(v, alpha), beta) if hard else v

    return negamax


def make_counted(*, nodes="entry", cutoffs="node", use_order=True, hard=False):
    def counted_search(state, game, order=None):
        counts = {"nodes": 0, "cutoffs": 0}

        def search(state, alpha, beta):
            if nodes == "entry":
                counts["nodes"] += 1
            if game.terminal_test(state):
                return game.utility(state, game.to_move(state)), None
            if nodes == "after":
                counts["nodes"] += 1
            moves = game.actions(state)
            if order is not None and use_order:
                moves = sorted(moves, key=lambda move: order(game, state, move))
            v, best = -math.inf, None
            for move in moves:
                child, _ = search(game.result(state, move), -beta, -alpha)
                if cutoffs == "parent" and -child <= alpha:
                    counts["cutoffs"] += 1
                if -child > v:
                    v, best = -child, move
                if v >= beta:
                    counts["cutoffs"] += cutoffs == "node"
                    break
                alpha = max(alpha, v)
            return (min(max(v, alpha), beta) if hard else v), best

        value, move = search(state, -math.inf, math.inf)
        return {"value": value, "move": move, **counts}

    return counted_search


def right_best_move(state, game):
    negamax = make_negamax()
    best, move = -math.inf, None
    for m in game.actions(state):
        v = -negamax(game.result(state, m), game)
        if v > best:
            best, move = v, m
    return best, move


# --------------------------------------------------------------------------------------------
# The reference
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p.label)
def test_reference_agrees_with_gamekit_and_brute_force(position):
    counts = a06.Counts()
    value, move = a06.reference(position.state, counts=counts)
    (engine_value, engine_move), trace = run_traced(
        negamax_search, position.state, GAME, with_value=True
    )
    assert (value, move) == (engine_value, engine_move)
    assert value == minimax_value(position.state)
    assert counts.nodes == trace.stats.nodes
    # gamekit's tracer counts a cutoff only where moves were left unsearched
    assert counts.partial_cutoffs == trace.stats.cutoffs_by_max + trace.stats.cutoffs_by_min
    assert counts.partial_cutoffs <= counts.cutoffs <= counts.interior < counts.nodes


@pytest.mark.parametrize("position", POSITIONS[:4], ids=lambda p: p.label)
def test_reference_with_order_agrees_with_gamekit(position):
    counts = a06.Counts()
    value, _ = a06.reference(position.state, order=a06.reference_order, counts=counts)
    ordered = OrderedGame(GAME, key=a06.reference_order)  # the key calls the untraced game
    (engine_value, _), trace = run_traced(negamax_search, position.state, ordered, with_value=True)
    assert value == engine_value == minimax_value(position.state)
    assert counts.nodes == trace.stats.nodes
    assert counts.partial_cutoffs == trace.stats.cutoffs_by_max + trace.stats.cutoffs_by_min


@pytest.mark.parametrize("position", POSITIONS[:4], ids=lambda p: p.label)
@pytest.mark.parametrize("alpha, beta", WINDOWS)
def test_reference_window_gives_the_value_or_a_bound(position, alpha, beta):
    true = minimax_value(position.state)
    got, _ = a06.reference(position.state, alpha=alpha, beta=beta)
    assert a06._within(got, true, alpha, beta)


def test_reference_order_by_brute_force():
    state = POSITIONS[3].state
    for move in GAME.actions(state):
        after = GAME.result(state, move)
        wins = after.winner is not None
        gives_win = not GAME.terminal_test(after) and any(
            GAME.result(after, reply).winner is not None for reply in GAME.actions(after)
        )
        assert a06.reference_order(GAME, state, move) == (0 if wins else 2 if gives_win else 1)


def test_random_positions_are_reproducible_unfinished_and_quiet():
    first = a06.random_positions(5, 3, seed=9)
    assert [p.state for p in first] == [p.state for p in a06.random_positions(5, 3, seed=9)]
    for position in first:
        assert position.state.cells.count(None) == 5
        assert not GAME.terminal_test(position.state)
        assert all(
            GAME.result(position.state, m).winner is None for m in GAME.actions(position.state)
        )


# --------------------------------------------------------------------------------------------
# negamax
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("hard", [False, True], ids=["fail-soft", "fail-hard"])
def test_check_negamax_accepts_right_answers(hard):
    a06.check_negamax(make_negamax(hard=hard), POSITIONS, WINDOWS)


@pytest.mark.parametrize(
    "options, phrase",
    [
        ({"negate": False}, "does not negate the value"),
        ({"window": "same"}, "does not swap and negate the window"),
        ({"window": "negated"}, "gives the child an empty window"),
        ({"window": "swapped"}, "gives the child an empty window"),
        ({"leaf": "X"}, "scores a finished game for X"),
        ({"leaf": "other"}, "for the player who just moved"),
        ({"gives": "first"}, "ignores the piece-to-give part"),
    ],
)
def test_check_negamax_names_the_mistake(options, phrase):
    with pytest.raises(GradingError, match=phrase):
        a06.check_negamax(make_negamax(**options), POSITIONS, WINDOWS)


def test_check_negamax_refuses_gamekit_engine_and_wrong_types():
    def delegating(state, game, alpha=-math.inf, beta=math.inf):
        return negamax_search(state, game, with_value=True)[0]

    with pytest.raises(GradingError, match="calls gamekit's own code"):
        a06.check_negamax(delegating, POSITIONS[:1])

    def copying(state, game, alpha=-math.inf, beta=math.inf):
        return a06.reference(state, game, alpha, beta)[0]

    with pytest.raises(GradingError, match="calls gamekit's own code"):
        a06.check_negamax(copying, POSITIONS[:1])
    with pytest.raises(GradingError, match="should be a number"):
        a06.check_negamax(lambda state, game, alpha, beta: "1", POSITIONS[:1])


# --------------------------------------------------------------------------------------------
# best_move, counted_search, quarto_order
# --------------------------------------------------------------------------------------------


def test_check_best_move():
    a06.check_best_move(right_best_move, POSITIONS)

    def wrong_give(state, game):
        value, move = right_best_move(state, game)
        others = [m for m in game.actions(state) if m.cell == move.cell and m != move]
        return value, (others[0] if others else move)

    # The other piece may be as good (then the move is a best move, just not the first): the
    # message says which of the two it checked, never "the wrong piece" for a best move.
    with pytest.raises(GradingError, match="not the first best one|the piece it gives is not"):
        a06.check_best_move(wrong_give, POSITIONS)

    def last_best(state, game):
        negamax = make_negamax()
        scored = [(-negamax(game.result(state, m), game), m) for m in game.actions(state)]
        value = max(v for v, _ in scored)
        return value, [m for v, m in scored if v == value][-1]

    with pytest.raises(GradingError, match="not the first best one|the piece it gives is not"):
        a06.check_best_move(last_best, POSITIONS)


@pytest.mark.parametrize("hard", [False, True], ids=["fail-soft", "fail-hard"])
def test_check_counted_search_accepts_right_answers(hard):
    a06.check_counted_search(make_counted(hard=hard), POSITIONS)
    a06.check_counted_search(make_counted(hard=hard), POSITIONS, order=a06.reference_order)


@pytest.mark.parametrize(
    "options, order, phrase",
    [
        ({"nodes": "after"}, None, "counts nodes after the terminal test"),
        ({"cutoffs": "parent"}, None, "counts cutoffs at the parent"),
        ({"cutoffs": "never"}, None, r"\['cutoffs'\] on .* is 0; it should be"),
        ({"use_order": False}, a06.reference_order, "ignores `order`"),
    ],
)
def test_check_counted_search_names_the_mistake(options, order, phrase):
    with pytest.raises(GradingError, match=phrase):
        a06.check_counted_search(make_counted(**options), POSITIONS, order=order)


def test_check_ordering():
    """The key is judged with the course's counted search: the student's own counted_search is
    not an argument (a mistake in it is Part 3's only)."""
    positions = a06.random_positions(5, 4, seed=7)

    def right_order(game, state, move):
        after = game.result(state, move)
        if game.terminal_test(after):
            return 0 if after.winner else 1
        return 2 if any(game.result(after, m).winner for m in game.actions(after)) else 1

    a06.check_ordering(right_order, positions)

    def backwards(game, state, move):
        return -right_order(game, state, move)

    with pytest.raises(GradingError, match="but its key is"):  # the definition, first
        a06.check_ordering(backwards, positions)

    probes = {p.state for p in a06.order_probes()}

    def right_on_the_probes_only(game, state, move):
        return right_order(game, state, move) if state in probes else 1

    with pytest.raises(GradingError, match="good ordering") as weak:
        a06.check_ordering(right_on_the_probes_only, positions)
    assert weak.value.code == "a06.ordering_too_weak"
    assert "the course's counted search" in str(weak.value)
    assert re.search(r"differs from it on [1-9][\d,]* of the [\d,]+ moves", str(weak.value))

    def delegating(game, state, move):
        return a06.reference_order(game, state, move)

    with pytest.raises(GradingError, match="calls gamekit's own code"):
        a06.check_ordering(delegating, positions)


def _order_as_defined(game, state, move):
    """The notebook's key, written again here (the reference itself is forbidden to students)."""
    after = game.result(state, move)
    if game.terminal_test(after):
        return 0 if after.winner is not None else 1
    hands_over = any(game.result(after, m).winner is not None for m in game.actions(after))
    return 2 if hands_over else 1


def test_the_ordering_key_is_checked_against_its_definition():
    a06.check_order_definition(_order_as_defined)

    def forgets_hand_over(game, state, move):
        return 0 if game.result(state, move).winner is not None else 1

    with pytest.raises(GradingError, match="but its key is 2: it gives") as failed:
        a06.check_order_definition(forgets_hand_over)
    assert failed.value.code == "witness:quarto_order"
    # the fact is true: the piece given can be placed somewhere to win at once
    position = next(p for p in a06.order_probes() if p.label in str(failed.value))
    bad = [
        m
        for m in a06.GAME.actions(position.state)
        if _order_as_defined(a06.GAME, position.state, m) == 2
    ]
    assert bad and str(bad[0]) in str(failed.value)


def test_an_ordering_key_that_only_halves_the_nodes_is_not_enough():
    """Wins first and everything else alike halves the nodes too, but it is not the key the
    notebook defines: the definition check fails it before the effect is measured."""

    def wins_first_only(game, state, move):
        return 0 if game.result(state, move).winner is not None else 1

    with pytest.raises(GradingError, match="key is 2"):
        a06.check_ordering(wins_first_only, lambda *a, **k: None, a06.random_positions(6, 1, 7))
