"""a03's ladder of public probe boards: the first board that goes wrong is shown with its right
answer, and the facts the message gives add up to that answer."""

from __future__ import annotations

import math
import random
import re

import pytest

from gamekit.checks import GradingError, a03
from gamekit.checks.a03.ladder import (
    ACTIONS_LADDER,
    EVALUATE_LADDER,
    actions_witness,
    evaluate_witness,
    evaluation_fact,
)
from gamekit.games import ConnectFour
from gamekit.heuristics import connect_four_eval


def right_actions(h, v, k, state):
    return ConnectFour(h, v, k).actions(state)


def _random_states(count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        h, v = rng.choice([(6, 7), (5, 6), (6, 6), (4, 5)])
        game = ConnectFour(h, v, 4)
        state = game.initial
        for _ in range(rng.randint(0, h * v // 2)):
            if game.terminal_test(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        yield state


def test_the_facts_add_up_to_the_heuristic():
    for state in _random_states(60, seed=3):
        for player in ("X", "O"):
            total = float(evaluation_fact(state, player).rsplit("= ", 1)[1])
            assert total == connect_four_eval(state, player, 4)


def test_right_answers_have_no_witness():
    assert actions_witness(right_actions) is None
    assert evaluate_witness(lambda s, p: connect_four_eval(s, p, 4), math.isclose) is None


def test_every_probe_board_is_a_legal_position():
    for rows, k in ACTIONS_LADDER:
        ConnectFour(len(rows), len(rows[0]), k).from_rows(list(rows))
    for rows in EVALUATE_LADDER:
        ConnectFour(len(rows), len(rows[0]), 4).from_rows(list(rows))


def test_the_witness_is_the_first_board_that_goes_wrong():
    def skips_last_column(h, v, k, state):
        return [m for m in right_actions(h, v, k, state) if m[1] != v]

    witness, _ = actions_witness(skips_last_column)
    first = next(
        (rows, k)
        for rows, k in ACTIONS_LADDER
        if skips_last_column(len(rows), len(rows[0]), k, _state(rows, k))
        != right_actions(len(rows), len(rows[0]), k, _state(rows, k))
    )
    assert " / ".join(first[0]) in witness.probe.words
    assert witness.got == skips_last_column(4, 4, 3, _state(*first))
    assert witness.expected == sorted(right_actions(4, 4, 3, _state(*first)))


def _state(rows, k):
    return ConnectFour(len(rows), len(rows[0]), k).from_rows(list(rows))


def test_an_evaluate_witness_quotes_both_values():
    def linear(state, player):
        return connect_four_eval(state, player, 4) if state.cells.count(".") > 40 else 0.0

    witness, message = evaluate_witness(linear, math.isclose)
    got, expected = re.search(
        r"returned (\S+), but the window heuristic gives (\S+):", message
    ).groups()
    board = next(
        s
        for rows in EVALUATE_LADDER
        if " / ".join(rows) in witness.probe.words
        for s in [_state(rows, 4)]
    )
    player = witness.probe.words.rsplit("for ", 1)[1]
    assert float(got) == linear(board, player)
    assert float(expected) == connect_four_eval(board, player, 4)


def test_the_check_shows_a_probe_before_the_tests_board():
    with pytest.raises(GradingError) as caught:
        a03.check_evaluate_positions(
            lambda s, p: 2 * a03.window_eval(s, p),
            [a03.from_columns("a hidden board", 6, 7, 4, "4453")],
        )
    assert caught.value.code == "witness:evaluate"
    assert "on the probe board" in str(caught.value)
    assert caught.value.evidence["input"] in str(caught.value)


def test_the_harness_recheck_accepts_true_witnesses_and_refuses_false_ones():
    def double(s, p):
        return 2 * a03.window_eval(s, p)

    with pytest.raises(GradingError) as caught:
        a03.check_evaluate_positions(double, [a03.from_columns("b", 6, 7, 4, "44")])
    code, evidence = caught.value.code, caught.value.evidence
    assert a03.recheck({"evaluate": double}, code, evidence) is None
    right = {"evaluate": lambda s, p: connect_four_eval(s, p, 4)}
    assert a03.recheck(right, code, evidence) is not None
    assert a03.recheck({"evaluate": double}, code, {**evidence, "expected": "1.0"}) is not None


def test_a_score_summary_witness_is_rechecked():
    def half_for_draws(series):
        n = series.games
        return {
            "games": n,
            "win_rate": series.wins / n,
            "draw_rate": series.draws / n,
            "loss_rate": series.losses / n,
            "mean_score": (series.wins + 0.5 * series.draws - series.losses) / n,
        }

    with pytest.raises(GradingError) as caught:
        a03.check_score_summary(half_for_draws, ["WLWLD"])
    assert caught.value.code == "witness:score_summary"
    assert "on the series D (a draw for A)" in str(caught.value)
    evidence = caught.value.evidence
    assert a03.recheck({"score_summary": half_for_draws}, caught.value.code, evidence) is None
    tampered = {**evidence, "got": "{}"}
    assert a03.recheck({"score_summary": half_for_draws}, caught.value.code, tampered)


def test_an_error_on_a_probe_board_is_shown_with_that_board():
    class FailsWithAPiece(ConnectFour):  # wrong on the test's board, raises on a probe's
        def actions(self, state):
            if self.h == 4 and "X" in state.cells:
                raise ValueError("no moves here")
            if self.h == 6:
                return []
            columns = [state.cells[c :: self.v] for c in range(self.v)]
            return [(col.rfind(".") + 1, c + 1) for c, col in enumerate(columns) if "." in col]

    with pytest.raises(GradingError) as caught:
        a03.check_actions(FailsWithAPiece, [a03.from_columns("a hidden board", 6, 7, 4, "44")])
    message = str(caught.value)
    assert message.startswith("on the probe board .... / .... / .... / .X.. (4 x 4"), message
    assert "ValueError: no moves here" in message
    assert caught.value.code == "raised:actions"
