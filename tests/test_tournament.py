"""Series, round robins and tournaments: reproducible, colours really swapped, counts that add up,
the same games in parallel, Elo ratings checked against an independent fit and closed forms."""

from __future__ import annotations

import math
import time

import pytest

from gamekit import ConnectFour, TicTacToe, alphabeta_player, random_player
from gamekit.hex import Hex
from gamekit.movelog import load_log, replay
from gamekit.players import mcts_player
from gamekit.tournament import (
    PlayerSpec,
    derived_seed,
    elo_ratings,
    is_factory,
    named_player,
    play_series,
    round_robin,
    tournament,
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
    assert f"{result.wins} win" in str(result) and f"{result.draws} draw" in str(result)


@pytest.mark.parametrize(
    ("outcomes", "words"),
    [("WLL", "1 win, 0 draws, 2 losses"), ("WWDL", "2 wins, 1 draw, 1 loss")],
)
def test_the_counts_read_as_english(outcomes, words):
    from gamekit.tournament import GameRecord, SeriesResult

    result = SeriesResult("a game", "A", "B", 0)
    for index, letter in enumerate(outcomes):
        utility = {"W": 1, "D": 0, "L": -1}[letter]
        result.records.append(GameRecord(index, "X", "O", utility, (), (None, None)))
    assert words in str(result)


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


# Parallel tournaments, Elo ----------------------------------------------------------------------


def small_field():
    """Picklable players: one that is random, one that searches, one that samples."""
    return [
        PlayerSpec("random", random_player),
        PlayerSpec("alphabeta", alphabeta_player, {"depth": 2}),
        PlayerSpec("mcts", mcts_player, {"iterations": 30}),
    ]


def outcomes(table):
    return {
        pair: [(r.moves, r.utility, r.seeds) for r in s.records] for pair, s in table.series.items()
    }


def test_tournament_with_one_worker_plays_the_games_of_round_robin():
    players = {spec.name: spec for spec in small_field()}
    game = ConnectFour(4, 5, 3)
    parallel = tournament(game, players, 4, seed=2, workers=1, progress=False)
    serial = round_robin(game, players, games_per_pair=4, seed=2, progress=False)
    assert outcomes(parallel) == outcomes(serial)
    assert parallel.standings() == serial.standings()


def test_same_results_with_one_and_two_workers():
    game = ConnectFour(4, 5, 3)
    one = tournament(game, small_field(), 4, seed=11, workers=1, progress=False)
    two = tournament(game, small_field(), 4, seed=11, workers=2, progress=False)
    assert outcomes(one) == outcomes(two)
    assert one.ratings() == two.ratings()
    other = tournament(game, small_field(), 4, seed=12, workers=1, progress=False)
    assert outcomes(other) != outcomes(one)


def test_tournament_counts_and_colours():
    table = tournament(TicTacToe(), small_field(), 3, workers=1, progress=False)
    assert table.players == ["random", "alphabeta", "mcts"]
    for (a, b), series in table.series.items():
        assert [r.a_colour for r in series.records] == ["X", "O", "X"]
        assert table.cross_table()[(a, b)] == tuple(reversed(table.cross_table()[(b, a)]))
    assert sum(row["games"] for row in table.standings()) == 2 * 3 * 3
    timing = {row["player"]: row for row in table.timing()}
    total_moves = sum(len(r.moves) for s in table.series.values() for r in s.records)
    assert sum(row["moves"] for row in timing.values()) == total_moves


def test_named_players_and_logs(tmp_path):
    game = Hex(size=3)
    players = [named_player(n, game, depth=1, traced=True) for n in ("random", "connected")]
    assert players[1].kwargs["engine"] == "alphabeta"
    assert players[1].kwargs["evaluation"] == "connected"
    table = tournament(game, players, 2, workers=1, progress=False, log_dir=tmp_path)
    files = sorted(tmp_path.glob("*.jsonl"))
    assert [f.name for f in files] == [
        "001-random-vs-connected-1.jsonl",
        "001-random-vs-connected-2.jsonl",
    ]
    for path, record in zip(files, table.series[("random", "connected")].records, strict=True):
        log = load_log(path)
        assert tuple(r.move for r in log.moves) == record.moves
        assert list(replay(log))[-1] == game.replay(record.moves)
        searched = [r for r in log.moves if r.by == "connected"]
        assert searched and all(r.stats["nodes"] >= 1 for r in searched)


def test_named_player_forms():
    game = Hex(size=4)
    assert named_player("negamax:shortest_path", game, depth=2).kwargs["engine"] == "negamax"
    assert named_player("mcts", game)(seed=1)(game, game.initial) in game.actions(game.initial)
    with pytest.raises(ValueError, match="unknown player 'deep'.*random, minimax"):
        named_player("deep", game)
    with pytest.raises(ValueError, match="unknown player 'negamax:windows'"):
        named_player("negamax:windows", game)


def test_time_per_move_is_reported_not_enforced():
    def slow(seed=None):
        def play(game, state):
            time.sleep(0.02)
            return game.actions(state)[0]

        return play

    table = tournament(
        TicTacToe(),
        {"slow": slow, "random": random_player},
        2,
        workers=1,
        progress=False,
        time_per_move=0.01,
    )
    assert table.standings()[0]["games"] == 2  # nobody forfeited
    row = next(row for row in table.timing() if row["player"] == "slow")
    assert row["games over time"] == 2
    assert row["longest s"] >= 0.02
    assert "over time" in table.report()


def test_bad_tournament_arguments():
    with pytest.raises(ValueError, match="at least two players"):
        tournament(TicTacToe(), small_field()[:1], progress=False)
    with pytest.raises(ValueError, match="games_per_pair must be a whole number >= 1, got 0"):
        tournament(TicTacToe(), small_field(), 0, progress=False)
    with pytest.raises(ValueError, match="workers"):
        tournament(TicTacToe(), small_field(), 1, workers=0, progress=False)
    with pytest.raises(ValueError, match="names must differ"):
        tournament(TicTacToe(), [small_field()[0], small_field()[0]], progress=False)
    with pytest.raises(ValueError, match="'closure' cannot be sent to a worker process"):
        tournament(
            TicTacToe(), {"closure": random_player(), "b": random_player}, workers=2, progress=False
        )


def zermelo(results, iterations=5000):
    """Bradley-Terry strengths by Zermelo's fixed-point iteration (an independent fit)."""
    names = sorted({name for pair in results for name in pair})
    wins = {n: 0.0 for n in names}
    games = {}
    for (a, b), (w, d, lo) in results.items():
        wins[a] += w + d / 2
        wins[b] += lo + d / 2
        games[(a, b)] = games[(b, a)] = games.get((a, b), 0) + w + d + lo
    strength = {n: 1.0 for n in names}
    for _ in range(iterations):
        strength = {
            i: wins[i]
            / sum(games.get((i, j), 0) / (strength[i] + strength[j]) for j in names if j != i)
            for i in names
        }
        mean_log = sum(math.log(s) for s in strength.values()) / len(names)
        strength = {n: s / math.exp(mean_log) for n, s in strength.items()}
    return {n: 1500 + 400 * math.log10(s) for n, s in strength.items()}


def test_elo_agrees_with_an_independent_fit():
    results = {("a", "b"): (5, 2, 3), ("a", "c"): (7, 1, 2), ("b", "c"): (4, 4, 2)}
    fitted = {r.player: r.elo for r in elo_ratings(results, prior_draws=0)}
    for name, elo in zermelo(results).items():
        assert fitted[name] == pytest.approx(elo, abs=1e-6)
    assert sum(fitted.values()) / 3 == pytest.approx(1500)


def test_elo_of_two_players_in_closed_form():
    # a scores 7.5 of 10 against b: odds 3 to 1, so 400 log10(3) points apart; the standard
    # error of the difference is 1 / sqrt(n p (1 - p)) on the logistic scale, half for each.
    a, b = sorted(elo_ratings({("a", "b"): (7, 1, 2)}, prior_draws=0), key=lambda r: r.player)
    assert a.elo - b.elo == pytest.approx(400 * math.log10(3))
    scale = 400 / math.log(10)
    assert a.se == pytest.approx(b.se) == pytest.approx(scale / 2 / math.sqrt(10 * 0.75 * 0.25))
    with_prior = elo_ratings({("a", "b"): (7, 1, 2)}, prior_draws=2)
    assert with_prior[0].elo - with_prior[1].elo == pytest.approx(400 * math.log10(8.5 / 3.5))


def test_elo_sanity_in_a_real_tournament():
    players = {
        "perfect": PlayerSpec("perfect", alphabeta_player),
        "random 1": PlayerSpec("random 1", random_player),
        "random 2": PlayerSpec("random 2", random_player),
    }
    table = tournament(TicTacToe(), players, 30, seed=4, workers=1, progress=False)
    ratings = {r.player: r for r in table.ratings()}
    assert ratings["perfect"].elo > max(ratings["random 1"].elo, ratings["random 2"].elo)
    r1, r2 = ratings["random 1"], ratings["random 2"]
    assert abs(r1.elo - r2.elo) < 1.96 * math.hypot(r1.se, r2.se)


def test_a_player_who_wins_everything_is_rated_above_one_who_loses_everything():
    results = {("top", "mid"): (4, 0, 0), ("top", "low"): (4, 0, 0), ("mid", "low"): (4, 0, 0)}
    ratings = elo_ratings(results)
    assert [r.player for r in ratings] == ["top", "mid", "low"]
    assert all(math.isfinite(r.elo) and r.se > 0 for r in ratings)
    low, high = ratings[0].interval()
    assert low < ratings[0].elo < high


def test_ratings_plot_and_report():
    import matplotlib

    matplotlib.use("Agg")
    table = tournament(TicTacToe(), small_field(), 2, workers=1, progress=False)
    ax = table.plot_ratings()
    assert [t.get_text() for t in ax.get_yticklabels()] == [r.player for r in table.ratings()][::-1]
    report = table.report()
    for part in ("wins", "Cross table", "Elo ratings", "95% interval", "alphabeta"):
        assert part in report


def test_tournament_command(tmp_path, capsys):
    from gamekit.__main__ import main

    picture = tmp_path / "ratings.png"
    args = ["tournament", "--game", "hex", "--size", "3", "--players", "random,connected,mcts"]
    args += ["--iterations", "20", "--depth", "1", "--games", "2", "--workers", "1", "--quiet"]
    assert main([*args, "--plot", str(picture)]) == 0
    out = capsys.readouterr().out
    assert "Round robin on Hex(size=3, swap=False) (seed 0)" in out and "Elo" in out
    assert picture.stat().st_size > 0
    for bad, message in [
        ("random,nobody", "unknown player 'nobody'"),
        ("random", "at least two names"),
    ]:
        with pytest.raises(SystemExit) as exit_:
            main(["tournament", "--game", "tictactoe", "--players", bad])
        assert exit_.value.code == 2
        assert message in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["tournament", "--game", "tictactoe", "--players", "a,b", "--games", "0"])
    assert "expected a whole number >= 1, got '0'" in capsys.readouterr().err


def test_tournament_progress_bar_off_when_grading(monkeypatch, capsys):
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    tournament(TicTacToe(), small_field(), 1, workers=1, progress=True)
    assert "3 players on TicTacToe" in capsys.readouterr().err
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    tournament(TicTacToe(), small_field(), 1, workers=1, progress=True)
    assert capsys.readouterr().err == ""
