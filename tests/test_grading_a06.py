"""The checkers of assignment 06 accept right answers and name each catalogued mistake; their
reference negamax agrees with gamekit's engine, its tracer and a search without pruning."""

from __future__ import annotations

import math
import re

import pytest

from gamekit import negamax_search
from gamekit.checks import GradingError, a06
from gamekit.checks.a06.references import _SOLVED, _search
from gamekit.checks.a06.running import _show, _within
from gamekit.games import OrderedGame
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
    assert _within(got, true, alpha, beta)


@pytest.mark.parametrize("mistake", [None, *a06.MISTAKES])
def test_a_remembered_answer_is_the_search_done_again(mistake):
    """`reference` remembers answers (`_SOLVED`): asked twice, with any window, ordering or
    mistake, it gives what a fresh search gives, and adds the same counts each time."""
    for position in POSITIONS[:4]:
        for alpha, beta in WINDOWS:
            for order in (None, a06.reference_order):
                fresh = a06.Counts()
                expected = _search(position.state, GAME, alpha, beta, order, mistake, fresh)
                counts = a06.Counts()
                for _ in range(2):
                    got = a06.reference(
                        position.state,
                        GAME,
                        alpha,
                        beta,
                        order=order,
                        mistake=mistake,
                        counts=counts,
                    )
                    assert got == expected
                assert counts.nodes == 2 * fresh.nodes and counts.cutoffs == 2 * fresh.cutoffs


def test_only_the_course_s_own_objects_are_remembered():
    """Another game or another ordering key (a student's) is searched each time and never
    stored: a remembered answer comes from trusted objects only."""
    state = POSITIONS[0].state
    _SOLVED.clear()
    a06.reference(state, OrderedGame(GAME, key=a06.reference_order))
    a06.reference(state, order=lambda game, state, move: 1)
    assert _SOLVED == {}
    a06.reference(state)
    assert list(_SOLVED) == [(state, -math.inf, math.inf, True, None)]


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


def test_a_key_that_fails_inside_the_course_s_search_is_explained_for_its_move():
    """The search asks for a node's keys together (`_StudentKey.keys_of`); a key that raises,
    or answers with something that is not a number, is still named with the move it was for."""
    positions = a06.random_positions(5, 2, seed=7)
    probes = {p.state for p in a06.order_probes()}
    asked = []

    def fails_off_the_probes(game, state, move):
        asked.append(move)
        if state in probes:
            return _order_as_defined(game, state, move)
        if len(asked) % 7 == 0:
            raise ZeroDivisionError("off the probes")
        return 1

    with pytest.raises(GradingError) as raised:
        a06.check_ordering(fails_off_the_probes, positions)
    assert raised.value.code == "raised:quarto_order"
    assert str(raised.value).startswith(
        f"quarto_order(game, state, move) for the move {asked[-1]} raised ZeroDivisionError: "
        "off the probes (on the position "
    )

    def text_off_the_probes(game, state, move):
        return _order_as_defined(game, state, move) if state in probes else "1"

    with pytest.raises(GradingError, match=r"quarto_order\(game, state, move\) for the move"):
        a06.check_ordering(text_off_the_probes, positions)


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


# --------------------------------------------------------------------------------------------
# Positions of every kind; negamax called again and again (tables kept between calls)
# --------------------------------------------------------------------------------------------


def test_every_kind_positions_are_of_the_kinds_they_claim():
    positions = a06.every_kind_positions(seed=104, empty=5)
    assert [p.state for p in positions] == [
        p.state for p in a06.every_kind_positions(seed=104, empty=5)
    ]
    assert len(positions) == len(a06.KINDS)
    won, drawn, last_wins, last_draws, wins_now, no_safe, *valued = [p.state for p in positions]
    assert GAME.terminal_test(won) and won.winner is not None
    assert GAME.terminal_test(drawn) and drawn.winner is None and None not in drawn.cells
    for state in (last_wins, last_draws):
        assert not GAME.terminal_test(state) and state.cells.count(None) == 1
    assert minimax_value(last_wins) == 1 and minimax_value(last_draws) == 0
    assert any(GAME.result(wins_now, m).winner is not None for m in GAME.actions(wins_now))
    for move in GAME.actions(no_safe):  # every move hands over a piece that wins at once
        after = GAME.result(no_safe, move)
        assert any(GAME.result(after, m).winner is not None for m in GAME.actions(after))
    assert [minimax_value(s) for s in valued] == [1, 0, -1]
    for state in valued:
        assert state.cells.count(None) == 5
        assert all(GAME.result(state, m).winner is None for m in GAME.actions(state))
    for position in positions:  # a hidden position's label says what anyone sees, no value
        assert "value" not in position.label and "every_kind_positions(seed=104" in position.label
    assert all(" / " in p.label for p in a06.call_probes())  # the probes show their boards


def table_negamax(*, flags=True, key=lambda state: state, hard=False):
    """negamax with a table kept between calls: with ``flags``, each entry says whether it is
    exact, a lower or an upper bound; without, every value is stored as the value."""
    table = {}

    def negamax(state, game, alpha=-math.inf, beta=math.inf):
        entry = table.get(key(state))
        if entry is not None:
            kind, value = entry
            if not flags or kind == "exact":
                return value
            if (kind == "lower" and value >= beta) or (kind == "upper" and value <= alpha):
                return value
        if game.terminal_test(state):
            return game.utility(state, game.to_move(state))
        start, v = alpha, -math.inf
        for move in game.actions(state):
            v = max(v, -negamax(game.result(state, move), game, -beta, -alpha))
            if v >= beta:
                break
            alpha = max(alpha, v)
        table[key(state)] = ("upper" if v <= start else "lower" if v >= beta else "exact", v)
        return min(max(v, start), beta) if hard else v

    return negamax


def bound_pairs_negamax():
    """Right: a table of (lower, upper) per position, kept between calls, fail-hard."""
    bounds = {}

    def negamax(state, game, alpha=-math.inf, beta=math.inf):
        lower, upper = bounds.get(state, (-math.inf, math.inf))
        if lower >= beta or upper <= alpha or lower == upper:
            return min(max(lower if lower >= beta or lower == upper else upper, alpha), beta)
        if game.terminal_test(state):
            value = game.utility(state, game.to_move(state))
            bounds[state] = (value, value)
            return min(max(value, alpha), beta)
        low, high = max(alpha, lower), min(beta, upper)
        v, a = -math.inf, low
        for move in game.actions(state):
            v = max(v, -negamax(game.result(state, move), game, -high, -a))
            if v >= high:
                break
            a = max(a, v)
        if v <= low:
            bounds[state] = (lower, min(upper, v))
        elif v >= high:
            bounds[state] = (max(lower, v), upper)
        else:
            bounds[state] = (v, v)
        return min(max(v, alpha), beta)

    return negamax


class Recorded:
    """A student's function, with every call and answer kept (what the grader saw)."""

    def __init__(self, function):
        self.function, self.calls = function, []

    def __call__(self, state, game, alpha=-math.inf, beta=math.inf):
        got = self.function(state, game, alpha, beta)
        self.calls.append((state, alpha, beta, got))
        return got


HIDDEN = a06.every_kind_positions(seed=206, empty=5)


@pytest.mark.parametrize(
    "negamax",
    [
        make_negamax(),
        make_negamax(hard=True),
        table_negamax(),
        table_negamax(hard=True),
        table_negamax(key=lambda state: (state.cells, state.to_place)),
        bound_pairs_negamax(),
    ],
    ids=["plain", "fail-hard", "table", "table fail-hard", "table (cells, to_place)", "bounds"],
)
def test_check_negamax_calls_accepts_right_answers(negamax):
    a06.check_negamax(negamax, POSITIONS[:3], WINDOWS)  # as the cells before it would
    a06.check_negamax_calls(negamax, HIDDEN)
    a06.check_negamax_calls(negamax, HIDDEN)  # and again: a table kept between calls stays right


def test_a_table_of_bounds_stored_as_values_fails_with_the_calls_in_order():
    """The 18/18 of issue 30: every single call on a new position is right; a narrow window
    first, then a wider one, is not. The message lists the calls as made, with what each
    returned, and the course's fresh answer to the last; it guesses no cause."""
    negamax = Recorded(table_negamax(flags=False))
    a06.check_negamax(negamax, POSITIONS, WINDOWS)  # passes: each position met once, in order
    negamax.calls.clear()
    with pytest.raises(GradingError) as failed:
        a06.check_negamax_calls(negamax, HIDDEN)
    error, message = failed.value, str(failed.value)
    assert error.code == "witness:negamax"
    state, alpha, beta, got = negamax.calls[-1]
    assert not _within(got, minimax_value(state), alpha, beta)  # the last answer is wrong
    listed = re.findall(r"negamax\(([^;]*?), game, (\S+), (\S+)\) returned (\S+?)[;.]", message)
    assert len(listed) == len(error.evidence["calls"]) <= len(negamax.calls)
    made = negamax.calls[-len(listed) :]  # the calls of the failing sequence, the last ones made
    for (_, low, high, said), (_, a, b, answer) in zip(listed, made, strict=True):
        assert (low, high, said) == (_show(a), _show(b), _show(answer))
    fresh, _ = a06.reference(state, GAME, alpha, beta)
    assert f"afresh with the window ({_show(alpha)}, {_show(beta)}), returns " in message
    assert f"returns {_show(fresh)};" in message
    assert "table" not in message and "bound as" not in message  # what was seen, no cause


def test_the_harness_recheck_of_a_sequence_replays_its_calls():
    wrong = make_negamax(window="same")  # stateless: the same calls give the same answers
    with pytest.raises(GradingError) as failed:
        a06.check_negamax_calls(wrong, HIDDEN)
    error = failed.value
    assert error.code == "witness:negamax" and "calls" in error.evidence
    assert a06.recheck({"negamax": wrong}, error.code, error.evidence) is None
    assert a06.recheck({"negamax": make_negamax()}, error.code, error.evidence)  # not this one
    lie = {**error.evidence, "answers": [*error.evidence["answers"][:-1], "7"]}
    assert "the message says 7" in a06.recheck({"negamax": wrong}, error.code, lie)


def test_a_table_that_uses_a_lower_bound_as_the_value_fails():
    def lower_as_value(state, game, alpha=-math.inf, beta=math.inf, table={}):  # noqa: B006
        if state in table:
            kind, value = table[state]
            if kind == "exact" or (kind == "lower" and value > alpha) or value <= alpha:
                return value
        if game.terminal_test(state):
            return game.utility(state, game.to_move(state))
        start, v = alpha, -math.inf
        for move in game.actions(state):
            v = max(v, -lower_as_value(game.result(state, move), game, -beta, -alpha))
            if v >= beta:
                break
            alpha = max(alpha, v)
        table[state] = ("upper" if v <= start else "lower" if v >= beta else "exact", v)
        return v

    with pytest.raises(GradingError, match="negamax was called in this order") as failed:
        a06.check_negamax_calls(lower_as_value, HIDDEN)
    assert failed.value.code == "witness:negamax"  # on a public probe: the answer is shown


def test_the_same_call_answered_otherwise_is_said_only_when_seen():
    """A negamax right the first time it is asked something, wrong when asked it again."""
    asked = set()

    def wrong_when_repeated(state, game, alpha=-math.inf, beta=math.inf):
        value = minimax_value(state)
        if (state, alpha, beta) in asked:
            return -2 if value > -1 else 2
        asked.add((state, alpha, beta))
        return value

    negamax = Recorded(wrong_when_repeated)
    with pytest.raises(GradingError) as failed:
        a06.check_negamax_calls(negamax, HIDDEN)
    state, alpha, beta, got = negamax.calls[-1]
    first = next(c[3] for c in negamax.calls if c[:3] == (state, alpha, beta))
    assert first != got
    assert f"The same call returned {_show(first)} earlier in this test." in str(failed.value)

    with pytest.raises(GradingError) as other:  # wrong on a first call: no such sentence
        a06.check_negamax_calls(lambda state, game, alpha, beta: 0, HIDDEN)
    assert "The same call" not in str(other.value)


def test_a_table_keyed_by_the_board_alone_is_not_named_as_another_mistake():
    """Two positions with the same board and different pieces in hand share its entries, which
    fits 'one piece to give per cell' on every probe; asked again, on the positions one move
    away, it answers otherwise: no name, the witness."""
    negamax = table_negamax(key=lambda state: state.cells)
    with pytest.raises(GradingError) as failed:
        a06.check_negamax(negamax, POSITIONS, WINDOWS)
    assert failed.value.code == "witness:negamax"
    assert "piece-to-give" not in str(failed.value)
    match = re.match(
        r"on (the position .*?), window \((\S+), (\S+)\) negamax returned (\S+);", str(failed.value)
    )
    probe = next(p for p in a06.negamax_probes() if p.label == match.group(1))
    assert _show(a06.reference(probe.state)[0]) in str(failed.value)


# --------------------------------------------------------------------------------------------
# counted_search called again and again
# --------------------------------------------------------------------------------------------


def counted_never_reset():
    counts = {"nodes": 0, "cutoffs": 0}
    right = make_counted()

    def counted_search(state, game, order=None):
        got = right(state, game, order)
        counts["nodes"] += got["nodes"]
        counts["cutoffs"] += got["cutoffs"]
        return {**got, **counts}

    return counted_search


@pytest.mark.parametrize("order", [None, a06.reference_order], ids=["plain", "ordered"])
def test_a_counter_never_reset_is_said_as_seen(order):
    seen = []
    counted = counted_never_reset()

    def recorded(state, game, order=None):
        seen.append((state, counted(state, game, order)))
        return seen[-1][1]

    with pytest.raises(GradingError) as failed:
        a06.check_counted_search(recorded, POSITIONS[:2], order=order)
    message = str(failed.value)
    assert failed.value.code == "witness:counted_search"
    assert "was called three times on the position" in message
    probe = next(p for p in a06.negamax_probes() if p.label in message)
    answers = [got for state, got in seen if state == probe.state]
    assert len(answers) == 3 and len({a["nodes"] for a in answers}) == 3
    for got in answers:
        assert f"nodes {got['nodes']}, cutoffs {got['cutoffs']}" in message
    course = a06.Counts()
    a06.reference(probe.state, order=order, counts=course)
    assert f"nodes {course.nodes}, cutoffs {course.cutoffs} there, each time" in message
    assert "count one node" not in message  # no rule offered as the cause


def test_counted_search_on_finished_games_and_every_kind():
    a06.check_counted_search(make_counted(), a06.every_kind_positions(seed=404, empty=5))
    a06.check_counted_search(
        make_counted(), a06.every_kind_positions(seed=506, empty=5), order=a06.reference_order
    )

    def root_searched_apart(state, game, order=None):  # the root is not a node like the others
        got = make_counted()(state, game, order)
        return {**got, "nodes": got["nodes"] - game.terminal_test(state)}

    with pytest.raises(GradingError, match=r"\['nodes'\] on a finished game"):
        a06.check_counted_search(root_searched_apart, a06.every_kind_positions(404, 5))


def test_a_counting_mistake_is_named_only_if_it_fits_positions_asked_for_the_first_time():
    """A counted_search that keeps its answers by position, whatever the order, answers a
    search with the ordering key by an earlier one without it: on every position seen before,
    that is the count of a search that ignores the key; on positions asked for the first time it
    is not. No name: the witness."""
    answers = {}
    right = make_counted()

    def kept(state, game, order=None):
        if state not in answers:
            answers[state] = right(state, game, order)
        return answers[state]

    a06.check_counted_search(kept, POSITIONS[:2])
    with pytest.raises(GradingError) as failed:
        a06.check_counted_search(kept, POSITIONS[:2], order=a06.reference_order)
    assert failed.value.code == "witness:nodes"
    assert "ignores `order`" not in str(failed.value)
    with pytest.raises(GradingError, match="ignores `order`"):  # ignoring it always: named
        a06.check_counted_search(make_counted(use_order=False), POSITIONS[:2], a06.reference_order)


def negamax(state, game, alpha=-math.inf, beta=math.inf):
    """A notebook's negamax, wrong everywhere: best_move below passes only if the course's
    stands in for it."""
    return 0


def _best_move_reading(low):
    """A notebook's best_move that asks each child with the window (low, -alpha)."""

    def best_move(state, game):
        alpha, best = -math.inf, None
        for move in game.actions(state):
            v = -negamax(game.result(state, move), game, low, -alpha)
            if v > alpha:
                alpha, best = v, move
        return alpha, best

    return best_move


def test_the_stand_in_negamax_answers_only_what_a_right_negamax_must():
    """While best_move is graded, the course's negamax answers fail-hard: the exact value inside
    the window, the bound outside it. A best_move whose window cannot hold the child's value
    (alpha = +inf) fails as it would with any right negamax; the course's window keeps its
    marks (with the notebook's negamax, wrong here, swapped out)."""
    stand_in = a06.course_negamax(a06.random_positions(empty=5, count=1, seed=6)[0].state)
    state, value = next(iter(stand_in.values.items()))
    assert stand_in(state, a06.GAME) == value
    assert stand_in(state, a06.GAME, value, math.inf) == value  # on the bound: the bound
    assert stand_in(state, a06.GAME, value - 1, value + 1) == value
    assert stand_in(state, a06.GAME, value + 1, value + 2) == value + 1
    assert stand_in(state, a06.GAME, value - 2, value - 1) == value - 1

    positions = a06.random_positions(empty=5, count=2, seed=6)
    a06.check_best_move(_best_move_reading(-math.inf), positions, note=False)
    with pytest.raises(GradingError) as failed:
        a06.check_best_move(_best_move_reading(math.inf), positions, note=False)
    assert failed.value.code == "witness:best_move"
    assert "ran with the course's negamax in place of yours" in str(failed.value)
