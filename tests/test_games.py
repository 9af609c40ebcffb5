"""Boards and rules: TicTacToe (k in a row on h x v), ConnectFour, BoardState, OrderedGame."""

from __future__ import annotations

import copy
import pickle
import random
from dataclasses import FrozenInstanceError

import pytest

from gamekit import (
    BoardState,
    ConnectFour,
    IllegalMoveError,
    OrderedGame,
    TicTacToe,
    alphabeta_player,
    alphabeta_search,
    random_player,
    random_state,
    run_traced,
)
from gamekit.games import Game


def ref_has_line(rows: list[str], mark: str, k: int) -> bool:
    """Brute force: does ``mark`` fill ``k`` consecutive cells in some line of the picture?"""
    h, v = len(rows), len(rows[0])
    for r in range(h):
        for c in range(v):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= rr < h and 0 <= cc < v and rows[rr][cc] == mark for rr, cc in cells):
                    return True
    return False


# --------------------------------------------------------------------------------------------
# BoardState
# --------------------------------------------------------------------------------------------


def test_board_state_is_immutable():
    game = TicTacToe()
    state = game.replay([(2, 2)])
    with pytest.raises(FrozenInstanceError):
        state.to_move = "X"
    with pytest.raises(TypeError):
        state.board[(1, 1)] = "X"
    with pytest.raises(AttributeError):
        state.board.clear()
    copied = state.board.copy()
    copied[(1, 1)] = "O"  # a plain dict: changing it leaves the state alone
    assert (1, 1) not in state.board
    assert game.result(state, (1, 1)) is not state and state.cells == "....X...."


def test_board_state_hashing_and_equality_ignore_the_path():
    game = TicTacToe()
    a = game.replay([(1, 1), (2, 2), (3, 3)])
    b = game.replay([(3, 3), (2, 2), (1, 1)])
    assert a == b and hash(a) == hash(b)
    assert a.last_move != b.last_move
    assert len({a, b}) == 1
    c = game.from_rows(["X..", ".O.", "..X"])
    assert c == a and {a: 1}[c] == 1
    assert game.from_rows(["X..", ".O.", "..X"], to_move="X") != a  # whose turn it is matters
    assert a != "X...O...X" and (a == "X...O...X") is False


def test_board_mapping_view_is_one_based_with_row_one_at_the_top():
    game = TicTacToe(h=3, v=4, k=3)
    state = game.replay([(1, 4), (3, 1), (2, 2)])
    assert state.rows() == ["...X", ".X..", "O..."]
    assert dict(state.board) == {(1, 4): "X", (2, 2): "X", (3, 1): "O"}
    assert list(state.board) == [(1, 4), (2, 2), (3, 1)]  # reading order
    assert len(state.board) == 3
    assert state.board[(3, 1)] == "O" and state.board.get((1, 1)) is None
    for missing in [(1, 1), (0, 4), (4, 1), (1, 5), (1,), "a1", (1.0, 4.0), None]:
        assert missing not in state.board
    assert str(state) == ". . . X\n. X . .\nO . . ."
    assert "rows=['...X', '.X..', 'O...']" in repr(state)
    assert "<table" in state._repr_html_()
    assert state.moves == tuple(
        (r, c) for r in range(1, 4) for c in range(1, 5) if (r, c) not in state.board
    )


def test_from_rows_and_replay_agree():
    game = TicTacToe()
    moves = [(2, 2), (1, 1), (3, 3), (1, 3), (1, 2)]
    played = game.replay(moves)
    pictured = game.from_rows(["OXO", ".X.", "..X"])
    assert played == pictured
    assert pictured.to_move == "O" and pictured.utility == 0
    assert pictured.moves == played.moves
    assert game.actions(pictured) == game.actions(played)
    # replay continues from a given state
    assert game.replay([(3, 2)], state=played) == game.replay([*moves, (3, 2)])
    assert game.from_rows(["XXX", "OO.", "..."]).utility == 1
    assert game.from_rows(["XX.", "OOO", "X.."]).utility == -1
    assert game.from_rows(["XX.", "OO.", "..."], to_move="O").to_move == "O"


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (["...", "..."], "expected 3 rows of 3 characters"),
        (["....", "...", "..."], "expected 3 rows of 3 characters"),
        (["X.x", "...", "..."], "cells must be 'X', 'O' or '.'"),
        (["XX.", "...", "..."], "X moves first, so X has as many marks as O or one more"),
        (["O..", "...", "..."], "got 0 X and 1 O"),
        (["XXX", "OOO", "..."], "both players have k in a row"),
    ],
)
def test_from_rows_refuses_impossible_pictures(rows, message):
    with pytest.raises(ValueError, match=message):
        TicTacToe().from_rows(rows)


def test_from_rows_refuses_an_unknown_player():
    with pytest.raises(ValueError, match="to_move must be 'X' or 'O', got 'Z'"):
        TicTacToe().from_rows(["...", "...", "..."], to_move="Z")


# --------------------------------------------------------------------------------------------
# TicTacToe rules
# --------------------------------------------------------------------------------------------


def test_tic_tac_toe_protocol():
    game = TicTacToe()
    assert game.initial.to_move == "X" and game.to_move(game.initial) == "X"
    assert game.actions(game.initial) == [(r, c) for r in (1, 2, 3) for c in (1, 2, 3)]
    state = game.replay([(1, 1), (2, 1), (1, 2), (2, 2), (1, 3)])
    assert game.terminal_test(state) and state.utility == 1
    assert game.utility(state, "X") == 1 and game.utility(state, "O") == -1
    assert game.actions(state) == []
    draw = game.replay([(1, 1), (1, 2), (1, 3), (2, 2), (2, 1), (2, 3), (3, 2), (3, 1), (3, 3)])
    assert game.terminal_test(draw) and game.utility(draw, "X") == 0 == draw.utility
    assert repr(game) == "TicTacToe(h=3, v=3, k=3)"


@pytest.mark.parametrize(("h", "v", "k"), [(3, 3, 3), (4, 4, 3), (4, 6, 4), (5, 3, 3), (2, 6, 2)])
def test_k_in_a_row_matches_brute_force_on_random_games(h, v, k):
    """Every position of 40 random games: the winner is exactly who has a line of k."""
    game = TicTacToe(h=h, v=v, k=k)
    rng = random.Random(h * 100 + v * 10 + k)
    for _ in range(40):
        state = game.initial
        while True:
            rows = state.rows()
            x_line, o_line = ref_has_line(rows, "X", k), ref_has_line(rows, "O", k)
            assert state.utility == (1 if x_line else -1 if o_line else 0), rows
            assert game.terminal_test(state) == (x_line or o_line or "." not in "".join(rows))
            if game.terminal_test(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))


@pytest.mark.parametrize(
    ("h", "v", "k", "moves", "winner"),
    [
        (4, 5, 4, [(2, 1), (1, 1), (2, 2), (1, 2), (2, 3), (1, 3), (2, 4)], 1),  # across, v > h
        (5, 4, 4, [(1, 2), (1, 1), (2, 2), (2, 1), (3, 2), (3, 1), (4, 2)], 1),  # down, h > v
        (4, 6, 3, [(1, 6), (1, 1), (2, 5), (1, 2), (3, 4)], 1),  # anti-diagonal near the edge
        (4, 6, 3, [(4, 6), (2, 2), (1, 6), (3, 3), (4, 5), (4, 4)], -1),  # diagonal for O
    ],
)
def test_k_in_a_row_on_rectangular_boards(h, v, k, moves, winner):
    game = TicTacToe(h=h, v=v, k=k)
    state = game.replay(moves)
    assert state.utility == winner
    assert game.terminal_test(state)
    before = game.replay(moves[:-1])
    assert before.utility == 0 and not game.terminal_test(before)


def test_a_line_longer_than_k_wins_and_a_broken_line_does_not():
    game = TicTacToe(h=3, v=7, k=3)
    broken = game.replay([(3, 1), (3, 7), (3, 2), (3, 6), (3, 4)])
    assert broken.rows()[2] == "XX.X.OO" and broken.utility == 0
    assert game.result(broken, (3, 5)).utility == -1  # O: three in a row
    position = game.from_rows([".......", "O......", "XX.XOO."], to_move="X")
    longer = game.result(position, (3, 3))
    assert longer.rows()[2] == "XXXXOO." and longer.utility == 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"h": 0}, "h (rows) must be at least 1, got 0"),
        ({"v": -2}, "v (columns) must be at least 1, got -2"),
        ({"k": 1}, "k (marks in a row) must be at least 2, got 1"),
        ({"h": 3.0}, "h (rows) must be an integer, got 3.0"),
        ({"v": "3"}, "v (columns) must be an integer, got '3'"),
        ({"k": True}, "k (marks in a row) must be an integer, got True"),
        ({"h": 2, "v": 5, "k": 4}, "k=4 is larger than the number of rows h=2"),
        ({"h": 5, "v": 3, "k": 4}, "k=4 is larger than the number of columns v=3"),
    ],
)
def test_tic_tac_toe_refuses_bad_sizes(kwargs, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        TicTacToe(**kwargs)


def test_k_may_not_exceed_either_side():
    for h, v in [(1, 5), (5, 2), (3, 5)]:
        with pytest.raises(ValueError, match="is larger than the number of"):
            TicTacToe(h=h, v=v, k=4)


# --------------------------------------------------------------------------------------------
# Illegal moves
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("move", [(2, 2), (0, 1), (4, 4), (1, 4), [2, 3], "b2", None, (1, 2, 3)])
def test_an_illegal_move_names_itself_and_the_legal_moves(move):
    game = TicTacToe()
    state = game.replay([(2, 2)])
    with pytest.raises(IllegalMoveError) as caught:
        game.result(state, move)
    message = str(caught.value)
    assert f"move {move!r} is illegal here" in message
    assert str(game.actions(state)) in message
    assert isinstance(caught.value, ValueError)


def test_no_move_is_legal_once_the_game_is_over():
    game = TicTacToe()
    won = game.replay([(1, 1), (2, 1), (1, 2), (2, 2), (1, 3)])
    with pytest.raises(IllegalMoveError, match=r"move \(3, 3\) is illegal: the game is over"):
        game.result(won, (3, 3))
    full = game.replay([(1, 1), (1, 2), (1, 3), (2, 2), (2, 1), (2, 3), (3, 2), (3, 1), (3, 3)])
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.result(full, (1, 1))


def test_a_move_equal_to_a_legal_one_is_stored_as_the_legal_tuple():
    game = TicTacToe()
    state = game.result(game.initial, (2.0, 3.0))
    assert state.board[(2, 3)] == "X" and state.last_move == (2, 3)
    assert all(type(part) is int for part in state.last_move)


def test_illegal_moves_are_refused_even_after_the_successor_cache_is_warm():
    game = TicTacToe()
    alphabeta_search(game.initial, game)  # fills the cache with legal successors
    state = game.replay([(1, 1)])
    with pytest.raises(IllegalMoveError):
        game.result(state, (1, 1))


# --------------------------------------------------------------------------------------------
# Connect Four
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("h", "v", "k"), [(4, 4, 3), (6, 7, 4), (5, 6, 4), (3, 5, 3)])
def test_connect_four_gravity_on_random_games(h, v, k):
    """Legal moves are the lowest empty cell of each column that is not full, left to right."""
    game = ConnectFour(h=h, v=v, k=k)
    rng = random.Random(h * v * k)
    for _ in range(25):
        state = game.initial
        while not game.terminal_test(state):
            rows = state.rows()
            expected = []
            for col in range(1, v + 1):
                empties = [r for r in range(1, h + 1) if rows[r - 1][col - 1] == "."]
                if empties:
                    expected.append((max(empties), col))
            assert game.actions(state) == expected
            for r in range(1, h):  # no mark floats above an empty cell
                for c in range(v):
                    assert not (rows[r - 1][c] != "." and rows[r][c] == "."), rows
            state = game.result(state, rng.choice(expected))


def test_a_full_column_disappears_from_the_moves():
    game = ConnectFour(h=4, v=4, k=3)
    state = game.replay([(4, 2), (3, 2), (2, 2), (1, 2)])
    assert [col for _, col in game.actions(state)] == [1, 3, 4]
    assert state.rows() == [".O..", ".X..", ".O..", ".X.."]
    with pytest.raises(IllegalMoveError, match=r"move \(1, 2\) is illegal here"):
        game.result(state, (1, 2))
    with pytest.raises(
        IllegalMoveError, match=r"column 2 cannot be played.*full or game over: \[2\]"
    ):
        game.drop(state, 2)
    assert game.drop(state, 3) == game.result(state, (4, 3))


@pytest.mark.parametrize("move", [(1, 1), (3, 2), (2, 4)])
def test_connect_four_refuses_a_floating_move(move):
    game = ConnectFour(h=4, v=4, k=3)
    with pytest.raises(IllegalMoveError) as caught:
        game.result(game.initial, move)
    assert f"move {move!r} is illegal here" in str(caught.value)
    assert "[(4, 1), (4, 2), (4, 3), (4, 4)]" in str(caught.value)


def drops(game: ConnectFour, columns: list[int]):
    state = game.initial
    for col in columns:
        state = game.drop(state, col)
    return state


@pytest.mark.parametrize(
    ("size", "columns", "winner", "direction"),
    [
        ((4, 4, 3), [1, 1, 2, 2, 3], 1, "across"),
        ((4, 4, 3), [4, 1, 4, 1, 3, 1], -1, "down"),
        ((4, 4, 3), [1, 2, 2, 3, 4, 3, 3], 1, "diagonal /"),
        ((4, 4, 3), [4, 3, 3, 2, 1, 2, 2], 1, "diagonal \\"),
        ((6, 7, 4), [1, 1, 2, 2, 3, 3, 4], 1, "across"),
        ((6, 7, 4), [1, 7, 1, 7, 1, 7, 2, 7], -1, "down"),
        ((6, 7, 4), [1, 2, 2, 3, 4, 3, 3, 4, 4, 7, 4], 1, "diagonal /"),
        ((6, 7, 4), [7, 6, 6, 5, 4, 5, 5, 4, 4, 1, 4], 1, "diagonal \\"),
        ((5, 6, 4), [6, 5, 5, 4, 3, 4, 4, 3, 3, 1, 3], 1, "diagonal \\"),
        ((5, 6, 4), [1, 2, 2, 3, 4, 3, 3, 4, 4, 6, 4], 1, "diagonal /"),
        ((5, 6, 4), [1, 1, 2, 2, 4, 4, 5, 5, 3], 1, "across, the gap filled last"),
        ((5, 6, 4), [1, 6, 2, 6, 1, 6, 2, 6], -1, "down"),
    ],
)
def test_connect_four_wins_in_every_direction(size, columns, winner, direction):
    h, v, k = size
    game = ConnectFour(h=h, v=v, k=k)
    state = drops(game, columns)
    assert state.utility == winner, (direction, state.rows())
    mark = "X" if winner == 1 else "O"
    assert ref_has_line(state.rows(), mark, k)
    assert game.terminal_test(state) and game.actions(state) == []
    before = drops(game, columns[:-1])
    assert not ref_has_line(before.rows(), mark, k) and before.utility == 0
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.result(state, (h, 1))


def test_connect_four_defaults_and_a_full_board_draw():
    game = ConnectFour()
    assert (game.h, game.v, game.k) == (6, 7, 4)
    assert game.actions(game.initial) == [(6, c) for c in range(1, 8)]
    tiny = ConnectFour(h=3, v=3, k=3)
    state = drops(tiny, [3, 3, 1, 2, 1, 2, 2, 1, 3])
    assert state.rows() == ["OXX", "XOO", "XOX"] and state.utility == 0
    assert tiny.terminal_test(state) and tiny.actions(state) == []


class MyConnectFour(TicTacToe):
    """The seed exercise: Connect Four made by overriding only ``actions``."""

    def actions(self, state):
        if state.utility != 0:
            return []
        moves = []
        for col in range(1, self.v + 1):
            rows = [r for r in range(1, self.h + 1) if (r, col) not in state.board]
            if rows:
                moves.append((max(rows), col))
        return moves


def test_overriding_actions_alone_makes_result_follow_gravity():
    game = MyConnectFour(h=4, v=4, k=3)
    real = ConnectFour(h=4, v=4, k=3)
    with pytest.raises(IllegalMoveError, match=r"move \(1, 1\) is illegal here"):
        game.result(game.initial, (1, 1))
    state = game.result(game.initial, (4, 1))
    assert game.actions(state)[0] == (3, 1)
    with pytest.raises(IllegalMoveError):
        game.result(state, (4, 1))
    rng = random.Random(7)
    for _ in range(20):
        mine, theirs = game.initial, real.initial
        while not game.terminal_test(mine):
            assert game.actions(mine) == real.actions(theirs)
            move = rng.choice(game.actions(mine))
            mine, theirs = game.result(mine, move), real.result(theirs, move)
        assert mine.utility == theirs.utility and mine.cells == theirs.cells


class EveryCellGame(TicTacToe):
    """A broken subclass whose actions() also offers the taken cells."""

    def actions(self, state):
        return [(r, c) for r in range(1, self.h + 1) for c in range(1, self.v + 1)]


def test_a_taken_cell_is_refused_even_when_a_subclass_offers_it():
    game = EveryCellGame()
    state = game.result(game.initial, (2, 2))
    with pytest.raises(IllegalMoveError, match=r"cell \(2, 2\) is not empty: it cannot be played"):
        game.result(state, (2, 2))
    assert state.board == {(2, 2): "X"}


# --------------------------------------------------------------------------------------------
# play_game, random_state, OrderedGame
# --------------------------------------------------------------------------------------------


def test_alphabeta_against_itself_draws_tic_tac_toe():
    assert TicTacToe().play_game(alphabeta_player(), alphabeta_player()) == 0


@pytest.mark.parametrize("seed", range(50))
def test_alphabeta_never_loses_to_random_with_either_colour(seed):
    game = TicTacToe()
    assert game.play_game(alphabeta_player(), random_player(seed=seed)) >= 0
    assert game.play_game(random_player(seed=1000 + seed), alphabeta_player()) <= 0


@pytest.mark.parametrize("count", [0, 1, 3])
def test_play_game_needs_one_player_per_side(count):
    players = [random_player(seed=i) for i in range(count)]
    with pytest.raises(ValueError, match=f"TicTacToe needs 2 players, got {count}"):
        TicTacToe().play_game(*players)


def test_play_game_verbose_prints_every_move(capsys):
    game = TicTacToe()
    result = game.play_game(random_player(seed=3), random_player(seed=4), verbose=True)
    out = capsys.readouterr().out
    assert out.count("Move ") >= 5
    assert "Move 1: X plays" in out
    assert out.rstrip().endswith(f"Game over: utility for X is {result}")


def test_play_game_with_seeded_random_players_is_reproducible():
    game = ConnectFour(h=4, v=5, k=3)
    results = [game.play_game(random_player(seed=9), random_player(seed=10)) for _ in range(3)]
    assert len(set(results)) == 1


def test_random_state():
    game = TicTacToe()
    assert random_state(game, 0) == game.initial
    state = random_state(game, 4, seed=5)
    assert len(state.board) == 4 and state == random_state(game, 4, seed=5)
    assert random_state(game, 4, seed=random.Random(5)) == state
    ended = random_state(game, 50, seed=1)  # stops at the end of the game
    assert game.terminal_test(ended) and len(ended.board) <= 9


def center_first(game, state, move):
    return abs(move[0] - 2) + abs(move[1] - 2)


def test_ordered_game_changes_only_the_move_order():
    base = TicTacToe()
    ordered = OrderedGame(base, key=center_first)
    assert ordered.actions(base.initial)[0] == (2, 2)
    assert sorted(ordered.actions(base.initial)) == base.actions(base.initial)
    assert ordered.initial == base.initial and ordered.players == base.players
    assert (ordered.h, ordered.v, ordered.k) == (3, 3, 3)  # passed through to the wrapped game
    assert alphabeta_search(base.initial, ordered, with_value=True)[0] == 0
    _, plain = run_traced(alphabeta_search, base.initial, base)
    _, centred = run_traced(alphabeta_search, base.initial, ordered)
    assert centred.stats.nodes < plain.stats.nodes
    with pytest.raises(IllegalMoveError):
        ordered.result(base.initial, (4, 4))
    assert repr(ordered) == "OrderedGame(TicTacToe(h=3, v=3, k=3))"


def test_games_can_be_copied_and_pickled():
    game = TicTacToe(h=3, v=4, k=3)
    state = game.replay([(1, 1)])
    assert pickle.loads(pickle.dumps(state)) == state
    assert pickle.loads(pickle.dumps(game)).result(state, (2, 2)) == game.result(state, (2, 2))
    ordered = OrderedGame(game, key=center_first)
    clone = copy.deepcopy(ordered)
    assert clone.actions(state) == ordered.actions(state) and clone.game is not game


def test_the_base_game_is_a_protocol():
    game = Game()
    with pytest.raises(NotImplementedError):
        game.actions(None)
    with pytest.raises(NotImplementedError):
        game.result(None, None)
    with pytest.raises(NotImplementedError):
        game.utility(None, "MAX")
    assert isinstance(TicTacToe().initial, BoardState)
