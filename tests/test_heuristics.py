"""The window heuristic against an independent brute-force count, and its zero-sum property."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit import WIN, ConnectFour, random_state
from gamekit.heuristics import (
    CENTRE_WEIGHT,
    centre_bonus,
    centre_columns,
    centre_weights,
    connect_four_eval,
    default_weights,
    eval_for,
    window_score,
    windows,
)

BOARDS = [(6, 7, 4), (4, 4, 3), (5, 6, 4), (7, 5, 4), (4, 5, 3), (5, 5, 5), (4, 6, 2)]


def brute_force_windows(state, player, k, weights):
    """Walk every segment of k cells from every start cell in the 8 compass directions, keep
    each segment once (by its set of cells) and score it from the board mapping."""
    opponent = "O" if player == "X" else "X"
    board = state.board
    seen = set()
    total = 0
    for row in range(1, state.h + 1):
        for col in range(1, state.v + 1):
            for d_row in (-1, 0, 1):
                for d_col in (-1, 0, 1):
                    if (d_row, d_col) == (0, 0):
                        continue
                    cells = frozenset((row + i * d_row, col + i * d_col) for i in range(k))
                    if cells in seen:
                        continue
                    if not all(1 <= r <= state.h and 1 <= c <= state.v for r, c in cells):
                        continue
                    seen.add(cells)
                    marks = [board.get(cell) for cell in cells]
                    mine, theirs = marks.count(player), marks.count(opponent)
                    if theirs == 0:
                        total += weights[mine]
                    elif mine == 0:
                        total -= weights[theirs]
    return total


def brute_force_centre(state, player):
    """3 per own piece minus 3 per opponent piece in the middle column(s), from the mapping."""
    v = state.v
    middle = [v // 2 + 1] if v % 2 else [v // 2, v // 2 + 1]
    total = 0
    for (_, col), mark in state.board.items():
        if col in middle:
            total += 3 if mark == player else -3
    return total


positions = st.builds(
    lambda board, plies, seed: (board, random_state(ConnectFour(*board), plies, seed)),
    st.sampled_from(BOARDS),
    st.integers(0, 42),
    st.integers(0, 10**6),
)


@settings(max_examples=150, deadline=None)
@given(positions)
def test_window_score_matches_brute_force(case):
    (_, _, k), state = case
    for player in ("X", "O"):
        assert window_score(state, player, k) == brute_force_windows(
            state, player, k, default_weights(k)
        )


@settings(max_examples=150, deadline=None)
@given(positions)
def test_connect_four_eval_is_windows_plus_centre(case):
    (_, _, k), state = case
    for player in ("X", "O"):
        expected = brute_force_windows(state, player, k, default_weights(k))
        expected += brute_force_centre(state, player)
        assert connect_four_eval(state, player, k) == expected
        assert eval_for(ConnectFour(state.h, state.v, k))(state, player) == expected


@settings(max_examples=150, deadline=None)
@given(positions)
def test_every_evaluation_is_zero_sum(case):
    (_, _, k), state = case
    assert window_score(state, "X", k) == -window_score(state, "O", k)
    assert centre_bonus(state, "X") == -centre_bonus(state, "O")
    assert connect_four_eval(state, "X", k) == -connect_four_eval(state, "O", k)


@settings(max_examples=60, deadline=None)
@given(positions, st.lists(st.integers(0, 1000), min_size=7, max_size=7))
def test_custom_weights_match_brute_force(case, raw):
    (_, _, k), state = case
    weights = tuple(raw[: k + 1])
    assert window_score(state, "X", k, weights) == brute_force_windows(state, "X", k, weights)


def test_window_counts_of_known_boards():
    # 6 x 7, k = 4: 24 across + 21 down + 12 + 12 diagonal
    assert len(windows(6, 7, 4)) == 69
    assert len(set(windows(6, 7, 4))) == 69
    # 3 x 3, k = 3: the 8 lines of tic-tac-toe
    assert len(windows(3, 3, 3)) == 8


def test_centre_weights_standard_table():
    assert centre_weights(6, 7, 4) == [
        [3, 4, 5, 7, 5, 4, 3],
        [4, 6, 8, 10, 8, 6, 4],
        [5, 8, 11, 13, 11, 8, 5],
        [5, 8, 11, 13, 11, 8, 5],
        [4, 6, 8, 10, 8, 6, 4],
        [3, 4, 5, 7, 5, 4, 3],
    ]
    # each window has k cells
    assert sum(map(sum, centre_weights(5, 6, 4))) == 4 * len(windows(5, 6, 4))


def test_single_piece_worked_example():
    game = ConnectFour()
    state = game.drop(game.initial, 4)
    assert window_score(state, "X") == 7  # 4 across, 1 down, 1 + 1 diagonal
    assert centre_bonus(state, "X") == CENTRE_WEIGHT
    assert connect_four_eval(state, "O") == -10
    corner = game.drop(game.initial, 1)
    assert connect_four_eval(corner, "X") == 3  # 1 across, 1 down, 1 diagonal, no centre


def test_open_three_outweighs_scattered_pieces():
    game = ConnectFour()
    three = game.from_rows(["......."] * 5 + ["XXX.OO."])
    # X: windows cols 1-4 (3 pieces) and 2-5 (mixed): 50 at least; O's best window has 2
    assert window_score(three, "X") > 0


def test_default_weights_shape():
    assert default_weights(4) == (0, 1, 10, 50, 512)
    for k in range(1, 8):
        weights = default_weights(k)
        assert len(weights) == k + 1 and weights[0] == 0 and weights[-1] == 512
        assert list(weights) == sorted(weights)


def test_centre_columns():
    assert centre_columns(7) == (4,)
    assert centre_columns(4) == (2, 3)
    assert centre_columns(1) == (1,)


def test_evaluation_stays_far_below_a_win():
    game = ConnectFour()
    state = game.from_rows(["XXX.XXX"] * 3 + ["OOO.OOO"] * 3, to_move="X")
    top = 69 * 512 + 6 * CENTRE_WEIGHT  # every window full of one colour, a full centre
    assert abs(connect_four_eval(state, "X")) <= top < WIN / 2


def test_bad_arguments_are_refused():
    game = ConnectFour()
    with pytest.raises(ValueError, match="player"):
        window_score(game.initial, "Z")
    with pytest.raises(ValueError, match="weights"):
        window_score(game.initial, "X", 4, (0, 1, 2))
    with pytest.raises(ValueError, match="k"):
        default_weights(0)
