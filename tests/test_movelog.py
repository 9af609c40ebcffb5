"""Move logs: every game's moves survive JSON, replays are checked, bad files are named by line."""

from __future__ import annotations

import json
import random

import pytest

from gamekit import ConnectFour, TicTacToe, alphabeta_player, random_player
from gamekit.hex import SWAP, Hex
from gamekit.movelog import (
    GAME_KINDS,
    GameLog,
    LogError,
    decode_move,
    encode_move,
    kind_of,
    load_log,
    make_game,
    replay,
)
from gamekit.quarto import Quarto, QuartoMove
from gamekit.search import alphabeta_search
from gamekit.terminal.replay import print_replay
from gamekit.tournament import play_timed
from gamekit.trace import run_traced
from gamekit.widgets.replay import step_through

GAMES = [TicTacToe(), ConnectFour(4, 5, 3), Hex(size=4), Hex(size=3, swap=True), Quarto()]


def logged_random_game(game, seed, tmp_path):
    """A seeded random game, logged and saved; returns (path, moves played)."""
    log = GameLog.new(game, {"X": "first", "O": "second"}, seed=seed)
    played = play_timed(game, random_player(seed=seed), random_player(seed=seed + 1), log)
    path = tmp_path / f"{kind_of(game).name}-{seed}.jsonl"
    log.save(path)
    return path, played.moves


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_logged_games_load_and_replay_to_the_same_moves_and_board(game, tmp_path):
    for seed in range(3):
        path, moves = logged_random_game(game, seed, tmp_path)
        log = load_log(path)
        assert repr(log.game) == repr(game)
        assert [r.move for r in log.moves] == list(moves)  # same values and same types
        assert all(type(r.move) is type(m) for r, m in zip(log.moves, moves, strict=True))
        states = list(replay(log))
        assert len(states) == len(moves) + 1
        assert states[-1] == game.replay(moves)
        assert game.terminal_test(states[-1])
        assert str(states[-1]) == log.moves[-1].board


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_every_legal_move_round_trips_through_json(game):
    rng = random.Random(5)
    state = game.initial
    while not game.terminal_test(state):
        for move in game.actions(state):
            data = json.loads(json.dumps(encode_move(game, move)))
            assert decode_move(game, data) == move
        state = game.result(state, rng.choice(game.actions(state)))


def test_notations_are_the_games_own():
    assert encode_move(TicTacToe(), (2, 3)) == [2, 3]
    assert encode_move(Hex(5), (5, 3)) == "c5"
    assert encode_move(Hex(5, swap=True), SWAP) == "swap"
    assert encode_move(Quarto(), QuartoMove(None, 15)) == {"cell": None, "give": "LQSF"}
    assert encode_move(Quarto(), QuartoMove((1, 4), None)) == {"cell": [1, 4], "give": None}


def test_swap_move_is_logged_and_replayed(tmp_path):
    game = Hex(size=3, swap=True)
    log = GameLog.new(game, {"X": "a", "O": "b"})
    state = game.initial
    for move in [(1, 2), SWAP, (2, 2)]:
        after = game.result(state, move)
        log.add(state, move, after)
        state = after
    log.save(tmp_path / "swap.jsonl")
    assert list(replay(load_log(tmp_path / "swap.jsonl")))[-1] == state


@pytest.mark.parametrize(
    "data",
    [[1], [1, "2"], [True, 1], "a1", {"cell": [1, 1]}, None],
)
def test_bad_cells_are_refused_on_decode(data):
    with pytest.raises(ValueError, match="cell"):
        decode_move(TicTacToe(), data)


def test_bad_quarto_and_hex_data_are_refused():
    with pytest.raises(ValueError, match="Quarto move"):
        decode_move(Quarto(), [1, 2])
    with pytest.raises(ValueError, match="piece"):
        decode_move(Quarto(), {"cell": [1, 1], "give": "XXXX"})
    with pytest.raises(ValueError, match="cell name"):
        decode_move(Hex(4), [1, 1])


def test_header_fields(tmp_path):
    path, _ = logged_random_game(Hex(size=4), 7, tmp_path)
    header = json.loads(path.read_text().splitlines()[0])
    assert header["type"] == "header" and header["game"] == "hex"
    assert header["params"] == {"size": 4, "swap": False}
    assert header["players"] == {"X": "first", "O": "second"}
    assert header["seed"] == 7 and header["date"] and header["gamekit"]
    first_move = json.loads(path.read_text().splitlines()[1])
    assert first_move["ply"] == 1 and first_move["player"] == "X" and first_move["by"] == "first"
    assert first_move["seconds"] >= 0


def test_engine_statistics_are_those_of_the_search():
    game = TicTacToe()
    log = GameLog.new(game, {"X": "alpha-beta", "O": "random"})
    play_timed(game, alphabeta_player(traced=True), random_player(seed=1), log)
    state = game.initial
    for record in log.moves:
        if record.player == "X":
            _, trace = run_traced(alphabeta_search, state, game)  # the same search, again
            assert record.stats["nodes"] == trace.stats.nodes
            assert record.stats["max_depth"] == trace.stats.max_depth
        else:
            assert record.stats is None
        state = game.result(state, record.move)


def test_games_in_the_registry_are_rebuilt_from_their_parameters():
    for name, kind in GAME_KINDS.items():
        game = make_game(name)
        assert kind_of(game) is kind
        assert repr(make_game(name, **kind.params(game))) == repr(game)
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        make_game("chess")
    with pytest.raises(ValueError, match="no move log format"):
        GameLog.new(object(), {})


# Bad files ----------------------------------------------------------------------------------


@pytest.fixture
def good_log(tmp_path):
    path, _ = logged_random_game(TicTacToe(), 3, tmp_path)
    return path


def write(path, text):
    path.write_text(text)
    return path


def test_a_log_cut_in_the_middle_of_a_line(good_log):
    text = good_log.read_text()
    cut = text[: text.index('"board"', text.index('"ply": 3'))]
    with pytest.raises(LogError, match=r"line 4: not valid JSON.*cut short") as error:
        load_log(write(good_log, cut))
    assert error.value.line == 4


def test_bad_json_in_the_middle(good_log):
    lines = good_log.read_text().splitlines()
    lines[2] = lines[2].replace('"ply"', "'ply'")
    with pytest.raises(LogError, match="line 3: not valid JSON") as error:
        load_log(write(good_log, "\n".join(lines) + "\n"))
    assert "cut short" not in str(error.value)


def test_unknown_game(good_log):
    text = good_log.read_text().replace('"game": "tictactoe"', '"game": "chess"', 1)
    with pytest.raises(LogError, match="line 1: unknown game 'chess'; known games: tictactoe"):
        load_log(write(good_log, text))


def test_missing_header(good_log):
    lines = good_log.read_text().splitlines()
    with pytest.raises(LogError, match="line 1: the first line must be the header"):
        load_log(write(good_log, "\n".join(lines[1:]) + "\n"))
    with pytest.raises(LogError, match="line 1: the header is missing"):
        load_log(write(good_log, ""))


def test_illegal_move_in_the_log(good_log):
    lines = good_log.read_text().splitlines()
    first = json.loads(lines[1])["move"]
    row = json.loads(lines[3])
    row["move"] = first  # ply 3 plays on the cell taken at ply 1
    lines[3] = json.dumps(row)
    log = load_log(write(good_log, "\n".join(lines) + "\n"))  # well formed: loads
    with pytest.raises(LogError, match="line 4: illegal move at ply 3") as error:
        list(replay(log))
    assert error.value.line == 4


def test_a_board_that_does_not_match_the_moves(good_log):
    lines = good_log.read_text().splitlines()
    row = json.loads(lines[2])
    row["board"] = row["board"].replace(".", "X", 1)
    lines[2] = json.dumps(row)
    with pytest.raises(LogError, match="line 3: the board after ply 2 differs"):
        list(replay(load_log(write(good_log, "\n".join(lines) + "\n"))))


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda row: row.update(ply=7), "ply should be 1, got 7"),
        (lambda row: row.pop("move"), "the move line lacks move"),
        (lambda row: row.update(player="Z"), "player must be one of"),
        (lambda row: row.update(move=[1]), "bad move"),
        (lambda row: row.update(stats=3), "stats must be"),
        (lambda row: row.update(type="comment"), "expected a move line"),
    ],
)
def test_bad_move_lines(good_log, change, message):
    lines = good_log.read_text().splitlines()
    row = json.loads(lines[1])
    change(row)
    lines[1] = json.dumps(row)
    with pytest.raises(LogError, match=f"line 2: {message}"):
        load_log(write(good_log, "\n".join(lines) + "\n"))


def test_bad_header_fields(good_log):
    lines = good_log.read_text().splitlines()
    for key, value, message in [
        ("format", 9, "unknown log format 9"),
        ("params", {"h": 0}, "cannot build tictactoe"),
        ("players", {"X": "a"}, "players must map each side"),
    ]:
        header = json.loads(lines[0])
        header[key] = value
        with pytest.raises(LogError, match=f"line 1: {message}"):
            load_log(write(good_log, "\n".join([json.dumps(header), *lines[1:]]) + "\n"))


# Showing a log -------------------------------------------------------------------------------


def test_print_replay_shows_every_move_and_waits_between_them(good_log):
    log = load_log(good_log)
    printed, waits = [], []
    final = print_replay(log, step=True, output=printed.append, wait=waits.append)
    assert final == list(replay(log))[-1]
    assert len(waits) == len(log.moves)
    assert sum(line.startswith("Move ") for line in printed) == len(log.moves)
    assert printed[-1] in ("X wins.", "O wins.", "Draw.")


def test_replay_command(good_log, capsys):
    from gamekit.__main__ import main

    assert main(["replay", str(good_log)]) == 0
    out = capsys.readouterr().out
    assert out.count("Move ") == len(load_log(good_log).moves)
    write(good_log, "{not json\n")
    assert main(["replay", str(good_log)]) == 2
    assert "line 1: not valid JSON" in capsys.readouterr().err


def test_step_through_viewer(good_log):
    log = load_log(good_log)
    viewer = step_through(log)
    previous, following, slider = viewer.children[1].children
    board, caption = viewer.children[3], viewer.children[2]
    assert previous.disabled and not following.disabled
    following.click()
    following.click()
    assert slider.value == 2
    assert str(viewer.states[2]).splitlines()[0] in board.value
    assert caption.value.startswith("Move 2:")
    for _ in range(len(log.moves) + 3):
        following.click()
    assert following.disabled and slider.value == len(log.moves)
    assert caption.value.endswith(("wins.", "Draw."))
    previous.click()
    assert slider.value == len(log.moves) - 1
