"""Terminal play, driven through a real pseudo-terminal with pexpect, and its input parsing."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from gamekit import ConnectFour, IllegalMoveError, TicTacToe
from gamekit.hex import SWAP, Hex
from gamekit.movelog import load_log, replay
from gamekit.quarto import Quarto, QuartoMove, parse_piece
from gamekit.search import alphabeta_search
from gamekit.terminal import board_text, mark_colours, nearest_ansi, parse_input, value_words

ROOT = Path(__file__).resolve().parent.parent
PROMPT = "X to move> "
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def spawn(tmp_path, *args, colour=False):
    """``python -m gamekit play tictactoe --engine alphabeta ...`` in a pseudo-terminal."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("NO_COLOR", None)
    if not colour:
        env["NO_COLOR"] = "1"
    command = ["-m", "gamekit", "play", "tictactoe", "--engine", "alphabeta"]
    command += ["--log", str(tmp_path / "game.jsonl"), *args]
    return pexpect.spawn(
        sys.executable, command, cwd=tmp_path, env=env, encoding="utf-8", timeout=30
    )


def last_board(text):
    """The last 3 x 3 board printed in ``text``, as three strings such as 'X.O'."""
    rows = re.findall(r"^([123]) (\S) (\S) (\S)\s*$", ANSI.sub("", text), flags=re.M)
    return ["".join(row[1:]) for row in rows[-3:]]


def quit_and_load(child, tmp_path):
    child.sendline("quit")
    child.expect("You stopped the game.")
    child.expect(r"Game log: (\S+)")
    path = child.match.group(1).strip()
    child.expect(pexpect.EOF)
    assert Path(path) == tmp_path / "game.jsonl"
    return load_log(path)


def test_a_whole_game_against_alpha_beta(tmp_path):
    game = TicTacToe()
    child = spawn(tmp_path)
    while child.expect([PROMPT, r"You win!|alphabeta wins\.|Draw\."]) == 0:
        board = last_board(child.before)
        row, col = next((r, c) for r in range(3) for c in range(3) if board[r][c] == ".")
        child.sendline(f"{row + 1} {col + 1}")  # the first empty cell
    ending, printed_final = child.after, last_board(child.before)
    child.expect(r"Game log: (\S+)")
    path = child.match.group(1).strip()
    child.expect(pexpect.EOF)

    log = load_log(path)
    states = list(replay(log))
    final = states[-1]
    assert game.terminal_test(final)
    assert final.rows() == printed_final
    assert ending == {1: "You win!", -1: "alphabeta wins.", 0: "Draw."}[game.utility(final, "X")]
    assert [r.by for r in log.moves[:2]] == ["you", "alphabeta (to the end)"]
    for state, record in zip(states, log.moves, strict=False):
        if record.player == "O":  # the engine's move is alpha-beta's choice, searched again
            assert record.move == alphabeta_search(state, game)
            assert record.stats["nodes"] > 0


def test_bad_input_is_refused_and_asked_again(tmp_path):
    child = spawn(tmp_path)
    child.expect(PROMPT)
    for text, answer in [
        ("zz", "'zz' is not a cell"),
        ("9 9", "'9 9' is off the board"),
        ("", "type a move"),
        ("print(1)", "is not a cell"),
        ("help", "undo   take back your last move"),
    ]:
        child.sendline(text)
        child.expect_exact(answer)
        child.expect(PROMPT)
    child.sendline("b2")
    child.expect(r"alphabeta plays (\w\d)")
    taken = child.match.group(1)
    child.expect(PROMPT)
    child.sendline(taken)
    child.expect_exact(f"{taken} (row")
    child.expect_exact("is taken; empty cells:")
    child.expect(PROMPT)
    log = quit_and_load(child, tmp_path)
    assert [r.move for r in log.moves][0] == (2, 2)
    assert len(log.moves) == 2


def test_undo_takes_back_both_moves(tmp_path):
    child = spawn(tmp_path)
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect_exact("Nothing to undo")
    child.expect(PROMPT)
    child.sendline("b2")
    child.expect(PROMPT)
    assert last_board(child.before)[1] == ".X."
    child.sendline("undo")
    child.expect_exact("Took back your last move and the engine's answer.")
    child.expect(PROMPT)
    assert last_board(child.before) == ["...", "...", "..."]
    child.sendline("a3")
    child.expect(PROMPT)
    log = quit_and_load(child, tmp_path)
    assert [r.player for r in log.moves] == ["X", "O"]
    assert log.moves[0].move == (3, 1)  # the undone move is not in the log
    assert list(replay(log))[-1].board[(3, 1)] == "X"


def test_hint_names_the_engine_move_and_its_value(tmp_path):
    game = TicTacToe()
    best = alphabeta_search(game.initial, game)
    child = spawn(tmp_path)
    child.expect(PROMPT)
    child.sendline("hint")
    child.expect(r"alphabeta suggests (\w\d) \(row (\d), column (\d)\): (.*) with best play")
    assert (int(child.match.group(2)), int(child.match.group(3))) == best
    assert child.match.group(4) == "a draw"  # tic-tac-toe is a draw with perfect play
    child.expect(PROMPT)
    quit_and_load(child, tmp_path)


def test_quit_and_end_of_input_still_write_a_log_that_replays(tmp_path):
    child = spawn(tmp_path, "--you", "O")
    child.expect("O to move> ")  # the engine (X) moved first
    shown = last_board(child.before)
    child.sendline("quit")
    child.expect(r"Game log: (\S+)")
    child.expect(pexpect.EOF)
    log = load_log(tmp_path / "game.jsonl")
    assert [r.by for r in log.moves] == ["alphabeta (to the end)"]
    assert list(replay(log))[-1].rows() == shown

    child = spawn(tmp_path)
    child.expect(PROMPT)
    child.sendline("c3")
    child.expect(PROMPT)
    child.sendeof()
    child.expect("You stopped the game.")
    child.expect(pexpect.EOF)
    assert len(load_log(tmp_path / "game.jsonl").moves) == 2


def test_colours_only_on_a_terminal_without_no_color(tmp_path):
    codes = mark_colours(TicTacToe())
    child = spawn(tmp_path, "--you", "O", colour=True)
    child.expect("O to move> ")
    assert f"\x1b[1;{codes['X']}mX\x1b[0m" in child.before
    quit_and_load(child, tmp_path)
    child = spawn(tmp_path, "--you", "O")
    child.expect("O to move> ")
    assert "\x1b[" not in child.before
    quit_and_load(child, tmp_path)
    piped = subprocess.run(  # not a terminal: no colours either
        [sys.executable, "-m", "gamekit", "play", "tictactoe", "--you", "O", "--log", "p.jsonl"],
        input="quit\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**{k: v for k, v in os.environ.items() if k != "NO_COLOR"}, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    assert piped.returncode == 0 and "X" in piped.stdout and "\x1b[" not in piped.stdout


def test_help_lists_games_engines_and_options():
    result = subprocess.run(
        [sys.executable, "-m", "gamekit", "play", "--help"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    for word in ("tictactoe", "connect-four", "hex", "quarto", "negamax", "mcts", "--depth"):
        assert word in result.stdout
    for word in ("--time-limit", "--iterations", "--you", "--log", "undo, hint, help, quit"):
        assert word in result.stdout


# Parsing and drawing, without a process ------------------------------------------------------


def test_the_course_colours_map_to_the_nearest_ansi_colours():
    assert mark_colours(TicTacToe()) == {"X": 34, "O": 31}  # blue X, orange O (nearest: red)
    assert mark_colours(ConnectFour()) == {"X": 34, "O": 31}  # the same discs on every board
    assert nearest_ansi("#000000") == 30 and nearest_ansi("#ffffff") == 37


def test_cells_typed_two_ways():
    game = TicTacToe()
    for text in ("2 3", "2,3", "(2, 3)", " c2 ", "C2"):
        assert parse_input(game, game.initial, text) == (2, 3)
    with pytest.raises(ValueError, match="off the board"):
        parse_input(game, game.initial, "d1")
    with pytest.raises(IllegalMoveError, match="b2 \\(row 2, column 2\\) is taken"):
        parse_input(game, game.replay([(2, 2)]), "2 2")


def test_connect_four_columns():
    game = ConnectFour(4, 4, 3)
    state = game.replay([(4, 2), (3, 2)])
    assert parse_input(game, state, "2") == (2, 2)
    full = game.replay([(4, 1), (3, 1), (2, 1), (1, 1)])
    with pytest.raises(IllegalMoveError, match="column 1 cannot be played"):
        parse_input(game, full, "1")
    with pytest.raises(ValueError, match="not a column"):
        parse_input(game, state, "b2")


def test_hex_cells_and_swap():
    game = Hex(size=5, swap=True)
    assert parse_input(game, game.initial, "c5") == (5, 3)
    assert parse_input(game, game.initial, "5 3") == (5, 3)
    assert parse_input(game, game.result(game.initial, "c5"), "swap") == SWAP
    with pytest.raises(IllegalMoveError, match="swap"):
        parse_input(game, game.initial, "swap")


def test_quarto_turns():
    game = Quarto()
    assert parse_input(game, game.initial, "lsso") == QuartoMove(None, 15)
    state = game.result(game.initial, QuartoMove(None, 15))
    assert parse_input(game, state, "b3 DRTH") == QuartoMove((3, 2), 0)
    assert parse_input(game, state, "3 2 drth") == QuartoMove((3, 2), 0)
    with pytest.raises(ValueError, match="say where to place"):
        parse_input(game, state, "DRTH")
    with pytest.raises(ValueError, match="one piece"):
        parse_input(game, state, "b3 DRTH LRTH")
    with pytest.raises(IllegalMoveError, match="give is missing"):
        parse_input(game, state, "b3")
    row = {(1, 1): "DRTH", (1, 2): "DSSO", (1, 3): "DRSO"}
    winning = game.from_board(row, to_place=parse_piece("DSSH"))  # dark: d1 completes row 1
    assert parse_input(game, winning, "d1") == QuartoMove((1, 4), None)


def test_board_text_labels_and_values_in_words():
    game = ConnectFour(4, 4, 3)
    assert board_text(game, game.replay([(4, 2)])).splitlines()[-2:] == [". X . .", "1 2 3 4"]
    assert value_words(-999_998, exact=False) == "you lose in 2 plies"
    assert value_words(0.25, exact=False).startswith("+0.25 by the evaluation")
    assert value_words(None, exact=False).startswith("no value")
