"""Series and round robins: reproducible, colours really swapped, counts that add up."""

from __future__ import annotations

import pytest

from gamekit import ConnectFour, TicTacToe, alphabeta_player, random_player
from gamekit.tournament import (
    derived_seed,
    is_factory,
    play_series,
    round_robin,
)


def spy_player(log):
    """A player that always takes the first legal move and writes down the side it plays."""

    def play(game, state):
        log.append(game.to_move(state))
        return game.actions(state)[0]

    play.__name__ = "spy"
    return play


def test_same_seed_same_games_other_seed_other_games():
    game = ConnectFour(4, 5, 3)
    first = play_series(game, random_player, random_player, games=8, seed=3, progress=False)
    again = play_series(game, random_player, random_player, games=8, seed=3, progress=False)
    other = play_series(game, random_player, random_player, games=8, seed=4, progress=False)
    assert [r.moves for r in first.records] == [r.moves for r in again.records]
    assert [r.seeds for r in first.records] == [r.seeds for r in again.records]
    assert [r.moves for r in first.records] != [r.moves for r in other.records]


def test_factories_get_a_different_seed_each_game_and_slot():
    result = play_series(TicTacToe(), random_player, random_player, 6, seed=1, progress=False)
    seeds = [seed for record in result.records for seed in record.seeds]
    assert len(set(seeds)) == len(seeds)
    assert result.records[0].seeds == (derived_seed(1, 0, "A"), derived_seed(1, 0, "B"))


def test_colour_swap_really_swaps():
    log = []
    result = play_series(TicTacToe(), spy_player(log), random_player, 4, progress=False)
    assert [r.a_colour for r in result.records] == ["X", "O", "X", "O"]
    assert [r.b_colour for r in result.records] == ["O", "X", "O", "X"]
    # the spy moved as the side its record says, game by game
    sides = iter(log)
    for record in result.records:
        plies = len(record.moves)
        mine = plies // 2 + (plies % 2 if record.a_colour == "X" else 0)
        moved_as = {next(sides) for _ in range(mine)}
        assert moved_as == {record.a_colour}


def test_no_swap_keeps_a_first():
    result = play_series(
        TicTacToe(), random_player, random_player, 5, swap_colours=False, progress=False
    )
    assert {r.a_colour for r in result.records} == {"X"}


def test_utilities_agree_with_a_replay_of_each_game():
    game = ConnectFour(4, 4, 3)
    result = play_series(game, random_player, random_player, 12, seed=9, progress=False)
    for record in result.records:
        final = game.replay(record.moves)
        assert game.terminal_test(final)
        assert record.utility == game.utility(final, record.a_colour)


def test_counts_add_up():
    result = play_series(ConnectFour(4, 4, 3), random_player, random_player, 15, progress=False)
    assert result.wins + result.draws + result.losses == result.games == 15
    by_colour = result.by_colour()
    assert sum(sum(counts) for counts in by_colour.values()) == 15
    assert sum(w for w, _, _ in by_colour.values()) == result.wins
    expected_mean = (result.wins - result.losses) / 15
    assert result.mean_utility == pytest.approx(expected_mean)
    assert f"{result.wins} wins, {result.draws} draws, {result.losses} losses" in str(result)


def test_perfect_player_never_loses_tic_tac_toe():
    result = play_series(TicTacToe(), alphabeta_player(), random_player, 10, progress=False)
    assert result.losses == 0
    assert result.wins >= 1  # random play blunders into a loss at least once in 10 games


def test_to_rows_feeds_the_table_drawing():
    from gamekit.draw import tournament_table

    result = play_series(
        TicTacToe(), random_player, random_player, 3, progress=False, names=("a", "b")
    )
    rows = result.to_rows()
    assert [row["game"] for row in rows] == [1, 2, 3]
    assert [row["a"] for row in rows] == ["X", "O", "X"]
    assert {row["result"] for row in rows} <= {"win", "draw", "loss"}
    tournament_table(rows)


def test_factory_detection():
    assert is_factory(random_player)
    assert not is_factory(random_player())
    assert not is_factory(alphabeta_player())
    assert is_factory(lambda seed: random_player(seed=seed))


def test_progress_bar_off_when_grading(monkeypatch, capsys):
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    play_series(TicTacToe(), random_player, random_player, 2, progress=True)
    assert "random_player vs random_player" in capsys.readouterr().err
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    play_series(TicTacToe(), random_player, random_player, 2, progress=True)
    assert capsys.readouterr().err == ""


def test_round_robin_standings():
    players = {"perfect": alphabeta_player(), "random": random_player, "also random": random_player}
    table = round_robin(TicTacToe(), players, games_per_pair=4, progress=False)
    assert set(table.series) == {
        ("perfect", "random"),
        ("perfect", "also random"),
        ("random", "also random"),
    }
    rows = table.standings()
    assert rows[0]["player"] == "perfect" and rows[0]["losses"] == 0
    assert sum(row["games"] for row in rows) == 2 * 3 * 4
    assert sum(row["points"] for row in rows) == 3 * 4  # one point shared per game
    for row in rows:
        assert row["wins"] + row["draws"] + row["losses"] == row["games"] == 8
    assert "perfect" in str(table)


def test_bad_arguments():
    with pytest.raises(ValueError, match="games"):
        play_series(TicTacToe(), random_player, random_player, 0, progress=False)
    with pytest.raises(ValueError, match="two players"):
        round_robin(TicTacToe(), {"only": random_player}, progress=False)
