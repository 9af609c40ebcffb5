"""The fast Connect Four engine, checked against the textbook engines and the published scores.

Independent references: `gamekit.search` (alpha-beta, the course's conventions),
`gamekit.heuristics.connect_four_eval`, `TicTacToe.k_in_row` (cell by cell), and Pascal Pons'
published test positions with their exact scores.
"""

from __future__ import annotations

import random

import pytest

from gamekit.bench.workloads import DATA
from gamekit.connect4_fast import (
    Position,
    best_moves,
    fast_connect4_player,
    fast_cutoff_search,
    fast_solve,
    search,
    shape,
    solve,
)
from gamekit.games import ConnectFour
from gamekit.heuristics import connect_four_eval, eval_for
from gamekit.search import WIN, alphabeta_cutoff_search, alphabeta_search


def random_game(game: ConnectFour, plies: int, seed: int):
    """(columns played as a string, state) after up to ``plies`` random moves, never a won
    position (a move that would win is replaced by another when there is one)."""
    rng = random.Random(seed)
    state, columns = game.initial, ""
    for _ in range(plies):
        moves = game.actions(state)
        rng.shuffle(moves)
        quiet = [m for m in moves if game.result(state, m).utility == 0]
        if not quiet:
            break
        state = game.result(state, quiet[0])
        columns += str(quiet[0][1])
        if game.terminal_test(state):
            break
    return columns, state


BOARDS = [ConnectFour(), ConnectFour(4, 4, 3), ConnectFour(5, 6, 4), ConnectFour(6, 5, 3)]


@pytest.mark.parametrize("game", BOARDS, ids=repr)
def test_a_position_from_moves_equals_the_position_from_the_state(game):
    for seed in range(40):
        columns, state = random_game(game, random.Random(seed).randrange(game.h * game.v), seed)
        a = Position.from_moves(columns, game.v, game.h, game.k)
        b = Position.from_state(game, state)
        assert (a.current, a.mask, a.moves, a.score_x) == (b.current, b.mask, b.moves, b.score_x)
        assert str(a).split() == " ".join(state.rows()).replace("", " ").split()


@pytest.mark.parametrize("game", BOARDS, ids=repr)
def test_winning_cells_match_k_in_row_cell_by_cell(game):
    sh = shape(game.v, game.h, game.k)
    for seed in range(40):
        _, state = random_game(game, random.Random(seed).randrange(game.h * game.v), seed)
        position = Position.from_state(game, state)
        for mark, stones in ((state.to_move, position.current),):
            expected = 0
            for index, cell in enumerate(state.cells):
                if cell == ".":
                    row, col = divmod(index, game.v)
                    cells = state.cells[:index] + mark + state.cells[index + 1 :]
                    if game.k_in_row(cells, (row + 1, col + 1), mark):
                        expected |= 1 << (col * sh.column_bits + game.h - 1 - row)
            assert sh.winning_cells(stones, position.mask) == expected
            assert sh.winning_cells_any_k(stones, position.mask) == expected


@pytest.mark.parametrize("game", BOARDS, ids=repr)
def test_the_incremental_evaluation_scores_exactly_like_the_course_heuristic(game):
    evaluate = eval_for(game)
    for seed in range(60):
        columns, state = random_game(game, random.Random(seed).randrange(game.h * game.v), seed)
        position = Position.from_moves(columns, game.v, game.h, game.k)  # move by move
        assert position.score_x == evaluate(state, "X")
        assert position.evaluation() == evaluate(state, state.to_move)
        if game.k == 4:
            assert position.score_x == connect_four_eval(state, "X")


def random_positions(game, count, seed):
    positions = []
    rng = random.Random(seed)
    while len(positions) < count:
        _, state = random_game(game, rng.randrange(0, 24), rng.randrange(10**9))
        if not game.terminal_test(state):
            positions.append(state)
    return positions


@pytest.mark.parametrize("evaluate", [True, False], ids=["window", "win-loss"])
def test_depth_limited_values_equal_textbook_alphabeta(evaluate):
    game = ConnectFour()
    eval_fn = eval_for(game) if evaluate else None
    for index, state in enumerate(random_positions(game, 30, seed=1 if evaluate else 2)):
        for depth in range(1, 6 if index < 8 else 5):
            expected, _ = alphabeta_cutoff_search(state, game, depth, eval_fn, with_value=True)
            value, move = fast_cutoff_search(state, game, depth, evaluate=evaluate, with_value=True)
            assert value == expected, (state, depth)
            child_value = (
                alphabeta_cutoff_search(
                    game.result(state, move), game, depth - 1, eval_fn, with_value=True
                )[0]
                if depth > 1 and not game.terminal_test(game.result(state, move))
                else None
            )
            if child_value is not None and abs(value) < WIN // 2:
                assert -child_value == value  # the move chosen is worth the value it claims


@pytest.mark.parametrize("game", [ConnectFour(4, 4, 3), ConnectFour(3, 5, 3)], ids=repr)
def test_small_board_values_equal_textbook_alphabeta_to_the_end(game):
    value, _ = alphabeta_search(game.initial, game, with_value=True)
    assert fast_solve(game.initial, game).value == value
    cells = game.h * game.v
    scored, _ = alphabeta_cutoff_search(game.initial, game, cells, with_value=True)
    assert fast_cutoff_search(game.initial, game, cells, evaluate=False, with_value=True)[0] == (
        scored
    )
    for state in random_positions(game, 40, seed=3):
        exact, _ = alphabeta_search(state, game, with_value=True)
        solution = fast_solve(state, game)
        assert solution.value == exact
        # sooner wins score higher in depth-limited search: WIN - |value| is the distance
        scored, _ = alphabeta_cutoff_search(state, game, cells, with_value=True)
        empty = state.cells.count(".")
        assert solution.plies == (WIN - abs(scored) if scored else empty)


def published(name: str, count: int) -> list[tuple[str, int]]:
    lines = (DATA / f"{name}.txt").read_text().split("\n")
    pairs = [line.split() for line in lines if line.strip()]
    return [(moves, int(score)) for moves, score in pairs[:count]]


@pytest.mark.parametrize(("name", "count"), [("Test_L3_R1", 50), ("Test_L2_R1", 20)])
def test_solve_gives_the_published_scores(name, count):
    for moves, score in published(name, count):
        position = Position.from_moves(moves)
        assert solve(position).score == score, moves
        mirrored = "".join(str(8 - int(c)) for c in moves)
        assert solve(Position.from_moves(mirrored)).score == score


def test_the_distance_to_the_end_follows_from_the_score():
    for moves, score in published("Test_L3_R1", 20):
        solution = solve(Position.from_moves(moves))
        stones = len(moves)
        if score == 0:
            assert solution.plies == 42 - stones
        else:  # the winner's stones at the end: 22 - |score|, with the winner's parity
            winner_first = (stones % 2 == 0) == (score > 0)
            winner_stones = 22 - abs(score)
            end = 2 * winner_stones - 1 if winner_first else 2 * winner_stones
            assert solution.plies == end - stones


def test_best_moves_are_the_moves_that_keep_the_value():
    game = ConnectFour(4, 4, 3)
    for state in random_positions(game, 15, seed=4):
        columns = [m[1] for m in game.actions(state)]
        values = {}
        for move in game.actions(state):
            child = game.result(state, move)
            values[move[1]] = (
                -alphabeta_cutoff_search(child, game, 16, with_value=True)[0]
                if (not game.terminal_test(child))
                else WIN * abs(child.utility) - (1 if child.utility else 0)
            )
        solution, keep = best_moves(Position.from_state(game, state))
        best = max(values[c] for c in columns)
        assert keep == [c for c in columns if values[c] == best]
        assert solution.value == (best > 0) - (best < 0)


def test_iterative_deepening_stops_in_time_and_still_returns_a_legal_move():
    game = ConnectFour()
    state = random_positions(game, 1, seed=5)[0]
    position = Position.from_state(game, state)
    quick = search(position, time_limit=1e-6)
    assert quick.move in game.actions(state)
    assert not quick.complete
    full = search(position, 4)
    limited = search(position, 4, time_limit=1000.0)
    assert (limited.value, limited.depth, limited.complete) == (full.value, 4, True)


def test_a_forced_win_is_found_and_played():
    game = ConnectFour()
    state = game.initial
    for col in (4, 1, 4, 1, 4):  # X threatens four in column 4; O must block
        state = game.drop(state, col)
    assert fast_cutoff_search(state, game, 4) == (3, 4)
    blocked = game.drop(state, 1)  # O plays elsewhere: X wins now
    assert fast_cutoff_search(blocked, game, 3, with_value=True) == (WIN - 1, (3, 4))
    assert solve(Position.from_state(game, blocked)).plies == 1


def test_the_player_plays_legal_moves_and_beats_a_shallower_textbook_engine():
    game = ConnectFour()
    fast = fast_connect4_player(time_limit=None, depth=5)
    textbook_eval = eval_for(game)

    def textbook(game, state):
        return alphabeta_cutoff_search(state, game, 2, textbook_eval)

    for first, second, sign in ((fast, textbook, 1), (textbook, fast, -1)):
        state = game.initial
        while not game.terminal_test(state):
            mover = first if state.to_move == "X" else second
            move = mover(game, state)
            assert move in game.actions(state)
            state = game.result(state, move)
        assert sign * game.utility(state, "X") == 1


def test_in_the_endgame_the_player_plays_a_best_move():
    game, player = ConnectFour(), fast_connect4_player(time_limit=5.0)
    checked = 0
    for moves, _ in published("Test_L3_R1", 40):
        if len(moves) < 42 - 12:
            continue
        state = game.initial
        for col in moves:
            state = game.drop(state, int(col))
        _, keep = best_moves(Position.from_moves(moves))
        assert player(game, state)[1] in keep
        checked += 1
    assert checked >= 5


def test_bad_input_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="'8' at index 2"):
        Position.from_moves("448")
    with pytest.raises(ValueError, match="column 1 cannot be played; playable columns"):
        Position.from_moves("1111111")
    with pytest.raises(ValueError, match="after the game is won"):
        Position.from_moves("12121212")
    with pytest.raises(ValueError, match="expected a ConnectFour"):
        from gamekit.games import TicTacToe

        Position.from_state(TicTacToe(), TicTacToe().initial)
    won = Position.from_moves("1212121")
    with pytest.raises(ValueError, match="the game is over"):
        search(won, 3)
    with pytest.raises(ValueError, match="the game is over"):
        solve(won)
    with pytest.raises(ValueError, match="depth must be"):
        search(Position.empty(), 0)
    with pytest.raises(ValueError, match="time_limit"):
        fast_connect4_player(time_limit=None, depth=None)
    game = ConnectFour()
    floating = game.from_rows(["." * 7] * 4 + ["...X..."] + ["......."])
    with pytest.raises(ValueError, match="float"):
        Position.from_state(game, floating)
