"""Terminal play, driven through a real pseudo-terminal with pexpect, and its input parsing."""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

from gamekit import ConnectFour, IllegalMoveError, TicTacToe
from gamekit.hex import SWAP, Hex
from gamekit.movelog import load_log, replay
from gamekit.quarto import Quarto, QuartoMove, parse_piece
from gamekit.search import alphabeta_search
from gamekit.terminal import (
    Engine,
    board_text,
    example_move,
    help_text,
    mark_colours,
    move_help,
    move_text,
    move_words,
    nearest_ansi,
    parse_input,
    play_in_terminal,
    quarto_value_words,
    value_words,
)
from gamekit.terminal.exact import exact_available, exact_hint

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
    while child.expect([PROMPT, r"You win|alpha-beta wins|Draw"]) == 0:
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
    assert ending == {1: "You win", -1: "alpha-beta wins", 0: "Draw"}[game.utility(final, "X")]
    assert [r.by for r in log.moves[:2]] == ["you", "alpha-beta (to the end)"]
    for state, record in zip(states, log.moves, strict=False):
        if record.player == "O":  # the engine's move is alpha-beta's choice, searched again
            assert record.move == alphabeta_search(state, game)
            assert record.stats["nodes"] > 0


def test_bad_input_is_refused_and_asked_again(tmp_path):
    child = spawn(tmp_path)
    child.expect(PROMPT)
    for text, answer in [
        ("zz", "'zz' is not a cell: type a column letter a to c and a row number 1 to 3"),
        ("9 9", "'9 9' is off the board"),
        ("", "You typed nothing: type a move, such as b2, or help."),
        ("print(1)", "is not a cell"),
        ("help", "undo   take back your last move"),
    ]:
        child.sendline(text)
        child.expect_exact(answer)
        child.expect(PROMPT)
    child.sendline("b2")
    child.expect(r"alpha-beta plays (\w\d)")
    taken = child.match.group(1)
    child.expect(PROMPT)
    child.sendline(taken)
    child.expect_exact(f"{taken} is taken by O: type an empty cell: ")
    child.expect(PROMPT)
    log = quit_and_load(child, tmp_path)
    assert [r.move for r in log.moves][0] == (2, 2)
    assert len(log.moves) == 2


def test_undo_takes_back_both_moves(tmp_path):
    child = spawn(tmp_path)
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect_exact("Nothing to undo: you have not moved yet")
    child.expect(PROMPT)
    child.sendline("b2")
    child.expect(PROMPT)
    assert last_board(child.before)[1] == ".X."
    child.sendline("undo")
    child.expect(r"Took back your move b2 and alpha-beta's answer \w\d\.")
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
    child.expect(r"alpha-beta suggests (\w\d): (.*) with best play\.")
    assert parse_input(game, game.initial, child.match.group(1)) == best
    assert child.match.group(2) == "a draw"  # tic-tac-toe is a draw with perfect play
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
    assert [r.by for r in log.moves] == ["alpha-beta (to the end)"]
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
    with pytest.raises(ValueError, match="'d1' is off the board: type a column letter a to c"):
        parse_input(game, game.initial, "d1")
    with pytest.raises(IllegalMoveError) as taken:
        parse_input(game, game.replay([(2, 2)]), "2 2")
    assert str(taken.value) == (
        "b2 is taken by X: type an empty cell: a1, b1, c1, a2, c2, a3, b3 or c3."
    )


def test_connect_four_columns():
    game = ConnectFour(4, 4, 3)
    state = game.replay([(4, 2), (3, 2)])
    assert parse_input(game, state, "2") == (2, 2)
    assert parse_input(game, state, "column 2") == (2, 2)
    full = ConnectFour().replay([(6, 1), (5, 1), (4, 1), (3, 1), (2, 1), (1, 1)])
    with pytest.raises(IllegalMoveError) as error:
        parse_input(ConnectFour(), full, "1")
    assert str(error.value) == "Column 1 is full: type one of the columns 2, 3, 4, 5, 6 or 7."
    with pytest.raises(ValueError) as error:
        parse_input(ConnectFour(), full, "9")
    assert str(error.value) == "There is no column 9: type a column number from 1 to 7, such as 4."
    with pytest.raises(ValueError, match="'b2' is not a column number: type a number from 1 to 4"):
        parse_input(game, state, "b2")


def test_hex_cells_and_swap():
    game = Hex(size=5, swap=True)
    assert parse_input(game, game.initial, "c5") == (5, 3)
    assert parse_input(game, game.initial, "5 3") == (5, 3)
    after = game.result(game.initial, "c5")
    assert parse_input(game, after, "swap") == SWAP
    assert move_words(game, after, SWAP, engine=True) == "X's stone on c5 becomes an O stone on e3"
    with pytest.raises(IllegalMoveError, match="swap is only O's answer to X's very first stone"):
        parse_input(game, game.initial, "swap")
    with pytest.raises(IllegalMoveError, match="no swap rule .start it with --swap"):
        parse_input(Hex(size=5), Hex(size=5).initial, "swap")
    with pytest.raises(IllegalMoveError, match="c5 is taken by X: type an empty cell .shown as"):
        parse_input(game, after, "c5")


def test_quarto_turns():
    game = Quarto()
    assert parse_input(game, game.initial, "lsso") == QuartoMove(None, 15)
    state = game.result(game.initial, QuartoMove(None, 15))
    assert parse_input(game, state, "b3 DRTH") == QuartoMove((3, 2), 0)
    assert parse_input(game, state, "3 2 drth") == QuartoMove((3, 2), 0)
    refusals = {
        "DRTH": "Say where to place LQSF: type a cell, then the piece you give",
        "b3 DRTH LRTH": "Give one piece, not 2: type the cell, then the piece you give",
        "b3": "Say which piece you give after the cell, such as b3 ",
        "b3 LQSF": "LQSF is the piece you are placing: give one of the pieces listed",
        "b3 ABCD": "ABCD is not a piece: a piece is 4 letters, D or L, R or Q, T or S, H or F",
        "b3 LSS": "'LSS' is neither a cell nor a piece: type the cell, then the piece you give",
        "e1 DRTH": "'e1' is off the board: type a column letter a to d and a row number 1 to 4",
    }
    for text, message in refusals.items():
        with pytest.raises(ValueError, match=re.escape(message)):
            parse_input(game, state, text)
    with pytest.raises(ValueError, match="On the first turn there is nothing to place"):
        parse_input(game, game.initial, "b3 LQSF")
    placed = game.result(state, QuartoMove((3, 2), 0))
    with pytest.raises(IllegalMoveError, match="b3 is taken by LQSF: place DRTH on an empty cell"):
        parse_input(game, placed, "b3 LRTH")
    with pytest.raises(IllegalMoveError, match="LQSF is already on the board, on b3: give one"):
        parse_input(game, placed, "c3 LQSF")
    row = {(1, 1): "DRTH", (1, 2): "DQSF", (1, 3): "DRSF"}
    winning = game.from_board(row, to_place=parse_piece("DQSH"))  # dark: d1 completes row 1
    assert parse_input(game, winning, "d1") == QuartoMove((1, 4), None)
    assert parse_input(game, winning, "d1 LQSF") == QuartoMove((1, 4), None)  # nothing to give
    assert move_words(game, winning, QuartoMove((1, 4), None), engine=True) == (
        "it places DQSH on d1 and wins"
    )


def test_values_in_words():
    assert value_words(-999_998, exact=False) == "you lose in 2 plies"
    assert value_words(0.25, exact=False) == "+0.25 by the evaluation (above 0 is good for you)"
    assert value_words(-1500.0, exact=False).startswith("-1,500 by the evaluation")
    assert value_words(None, exact=False).startswith("no value")


# Every game, as a first-week student meets it --------------------------------------------------

GAMES = {
    "tictactoe": TicTacToe(),
    "connect-four": ConnectFour(),
    "hex": Hex(size=5),
    "hex --swap": Hex(size=5, swap=True),
    "quarto": Quarto(),
}
BOARD_ROW = {  # a row of cells as printed, with its row number where the board has them
    "tictactoe": r"\d [.XO]( [.XO]){2}",
    "connect-four": r"[.XO]( [.XO]){6}",
    "hex": r"\d +[.XO]( [.XO]){4}",
    "hex --swap": r"\d +[.XO]( [.XO]){4}",
    "quarto": r"\d (\.{4}|[DL][RQ][TS][HF])( (\.{4}|[DL][RQ][TS][HF])){3}",
}
LABELS = {
    "tictactoe": "  a b c",
    "connect-four": "1 2 3 4 5 6 7",
    "hex": "  a b c d e",
    "hex --swap": "  a b c d e",
    "quarto": "  a    b    c    d",
}
REPRS = [
    re.compile(r"\(\d+, \d+\)"),  # a cell as a tuple
    re.compile(r"\[[^\]]*\]"),  # a list
    re.compile(r"QuartoMove|BoardState|HexState|QuartoState|TicTacToe\(|Hex\(|Quarto\("),
    re.compile(r"\bNone\b"),
    re.compile(r"Try again"),
]
ENGINE_MOVE = re.compile(r"^(\w+) plays ([^:(]+?)(?::| \()", re.M)


class Student:
    """Scripted input: before each move the ``extras`` (commands), then a random legal move
    typed as `move_text` writes it. It follows the game from what is printed: the engine's
    moves are read back from their lines with `parse_input`."""

    def __init__(self, game, extras=(), seed=0):
        self.game, self.state, self.extras = game, game.initial, list(extras)
        self.rng = random.Random(seed)
        self.out = io.StringIO()
        self.read = 0  # how much of the output has been followed
        self.queue: list[str] = []

    def follow(self):
        """Play the engine's moves printed since the last prompt."""
        printed = self.out.getvalue()[self.read :]
        for _, typed in ENGINE_MOVE.findall(printed):
            self.state = self.game.result(self.state, parse_input(self.game, self.state, typed))

    def __call__(self, prompt):
        self.follow()
        self.out.write(prompt)
        self.read = len(self.out.getvalue())
        if not self.queue:
            move = self.rng.choice(self.game.actions(self.state))
            self.queue = [*self.extras, move_text(self.game, move)]
        text = self.queue.pop(0)
        if not self.queue:  # the move: the game plays it
            self.state = self.game.result(self.state, parse_input(self.game, self.state, text))
        return text


def play_scripted(name, extras=(), seed=0, engine="random", you="X", **options):
    """Play ``GAMES[name]`` as a `Student` against ``engine``; return game, student and log."""
    game = GAMES[name]
    student = Student(game, extras, seed)
    log = play_in_terminal(
        game,
        Engine(game, engine, seed=seed, **options),
        you,
        input_fn=student,
        out=student.out,
        hint_seconds=0.1,  # Connect Four's exact values: what is proven in 0.1 s is enough here
    )
    student.follow()
    return game, student, log


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("you", ["X", "O"])
def test_a_whole_game_reads_like_the_course(name, you, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game, student, log = play_scripted(name, extras=["hint"], seed=3, you=you)
    transcript = student.out.getvalue()
    final = list(replay(log))[-1]
    assert game.terminal_test(final) and final == student.state
    for pattern in REPRS:
        assert not pattern.search(transcript), (pattern.pattern, transcript)
    # Every board printed carries the labels the player types.
    rows = len(re.findall(rf"^{BOARD_ROW[name]}$", transcript, flags=re.M))
    boards = rows // {"tictactoe": 3, "connect-four": 6, "quarto": 4}.get(name, 5)
    assert boards >= 2 and transcript.count(LABELS[name] + "\n") == boards
    # The engine's moves are printed as the player types them (Student read them back).
    engine_lines = ENGINE_MOVE.findall(transcript)
    assert len(engine_lines) == sum(r.by != "you" for r in log.moves)
    assert not list(tmp_path.iterdir())  # no log without log_path
    assert transcript.splitlines()[-1].startswith(("You win: ", "random wins: ", "Draw: "))


def test_a_quarto_game_against_negamax_names_pieces_and_cells():
    game, student, log = play_scripted("quarto", extras=["hint"], seed=1, engine="negamax", depth=1)
    transcript = student.out.getvalue()
    for pattern in REPRS:
        assert not pattern.search(transcript), pattern.pattern
    assert "place on" not in transcript
    plays = re.findall(r"^negamax plays (.*)$", transcript, flags=re.M)
    assert plays and all(
        re.fullmatch(r"[a-d][1-4] \w{4}: it places \w{4} on [a-d][1-4] and gives you \w{4} .*", p)
        or re.fullmatch(
            r"[a-d][1-4]: it places (\w{4}|the last piece, \w{4},) on [a-d][1-4]( and wins)? .*", p
        )
        for p in plays
    ), plays
    # The pieces left to give are all listed, never cut short.
    for count, names in re.findall(r"^To give \((\d+)\): (.*(?:\n {10,}.*)?)", transcript, re.M):
        assert len(names.split()) == int(count)
    hints = [line for line in transcript.splitlines() if "suggests" in line]
    assert hints and all(re.search(r"suggests (\w{4}|[a-d][1-4] \w{4} \(place )", h) for h in hints)
    assert len(log.moves) >= 2


def test_the_help_example_is_a_legal_first_move():
    for name, game in GAMES.items():
        example = example_move(game)
        assert f"such as {example}" in move_help(game), name
        assert move_help(game) in help_text(game)
        parse_input(game, game.initial, example)  # legal: no error
    quarto = Quarto()
    state = quarto.initial
    while not quarto.terminal_test(state):  # every turn's help shows moves legal then
        later = re.search(r"such as (\w\d(?: \w{4})?)\.", move_help(quarto, state)).group(1)
        if state.to_place is None:
            state = quarto.result(state, parse_input(quarto, state, example_move(quarto)))
        assert parse_input(quarto, state, later).cell is not None
        state = quarto.result(state, parse_input(quarto, state, later))


@pytest.mark.parametrize("name", list(GAMES))
def test_every_legal_move_reads_back_from_its_text(name):
    game = GAMES[name]
    rng = random.Random(0)
    state = game.initial
    while not game.terminal_test(state):
        for move in game.actions(state):
            assert parse_input(game, state, move_text(game, move)) == move
        state = game.result(state, rng.choice(game.actions(state)))


def test_every_board_carries_its_coordinates():
    assert board_text(ConnectFour(4, 4, 3), ConnectFour(4, 4, 3).replay([(4, 2)])).splitlines()[
        -2:
    ] == [". X . .", "1 2 3 4"]
    wide = ConnectFour(6, 12, 4)
    assert board_text(wide, wide.initial).splitlines()[-1].split() == [str(c) for c in range(1, 13)]
    assert board_text(Hex(size=3), Hex(size=3).result(Hex(size=3).initial, "b2")).splitlines() == [
        "  a b c",
        "1 . . .",
        "2  . X .",
        "3   . . .",
    ]
    quarto = Quarto()
    first = board_text(quarto, quarto.initial).splitlines()
    assert first[0] == "  a    b    c    d" and first[1] == "1 .... .... .... ...."
    assert first[5:] == [
        "To give (16): DRTH LRTH DQTH LQTH DRSH LRSH DQSH LQSH",
        "              DRTF LRTF DQTF LQTF DRSF LRSF DQSF LQSF",
    ]


# One sentence per problem --------------------------------------------------------------------

PROBLEMS = {  # per game: what a student types, and the one sentence it gets
    "tictactoe": {
        "": "You typed nothing: type a move, such as b2, or help.",
        "zz": "'zz' is not a cell: type a column letter a to c and a row number 1 to 3, such as "
        "b2.",
        "9": "'9' is not a cell: type a column letter a to c and a row number 1 to 3, such as b2.",
        "d9": "'d9' is off the board: type a column letter a to c and a row number 1 to 3, such as "
        "b2.",
        "undo": "Nothing to undo: you have not moved yet; type a move, or help.",
    },
    "connect-four": {
        "": "You typed nothing: type a column number, such as 4, or help.",
        "zz": "'zz' is not a column number: type a number from 1 to 7, such as 4.",
        "9": "There is no column 9: type a column number from 1 to 7, such as 4.",
        "0": "There is no column 0: type a column number from 1 to 7, such as 4.",
        "undo": "Nothing to undo: you have not moved yet; type a move, or help.",
    },
    "hex": {
        "": "You typed nothing: type a move, such as c3, or help.",
        "zz": "'zz' is not a cell: type a column letter a to e and a row number 1 to 5, such as "
        "c3.",
        "9": "'9' is not a cell: type a column letter a to e and a row number 1 to 5, such as c3.",
        "f1": "'f1' is off the board: type a column letter a to e and a row number 1 to 5, such as "
        "c3.",
        "swap": "This game has no swap rule (start it with --swap to play with one): type a cell, "
        "such as c3.",
    },
    "quarto": {
        "": "You typed nothing: type a move, such as LQSF, or help.",
        "zz": "'zz' is neither a cell nor a piece: type the piece you give, such as LQSF.",
        "b3": "On the first turn there is nothing to place: type only the piece you give, such as "
        "LQSF.",
        "ABCD": "ABCD is not a piece: a piece is 4 letters, D or L, R or Q, T or S, H or F (help "
        "explains them), such as LQSF.",
        "undo": "Nothing to undo: you have not moved yet; type a move, or help.",
    },
}


@pytest.mark.parametrize("name", list(PROBLEMS))
def test_each_problem_gets_one_sentence_and_commands_answer_once(name):
    problems = PROBLEMS[name]
    inputs = iter([*problems, "hint", "help", "quit"])
    out = io.StringIO()
    answers = []

    def student(prompt):
        answers.append(out.getvalue())
        out.seek(0)
        out.truncate()
        return next(inputs)

    game = GAMES[name]
    play_in_terminal(game, Engine(game, "random", seed=0), "X", input_fn=student, out=out)
    answers.append(out.getvalue())
    replies = answers[1:]  # what was printed after each input
    for (text, sentence), reply in zip(problems.items(), replies, strict=False):
        assert reply == sentence + "\n", (text, reply)
    hint, help_reply, quit_reply = replies[len(problems) :]
    if exact_available(game):  # two lines of title, the book's verdict, a line per column, best
        assert hint.count("\n") == 3 + len(game.actions(game.initial)) + 1
    else:
        assert hint.count("\n") == 1 and "suggests" in hint and hint.endswith(".\n")
    assert help_reply == help_text(game) + "\n"
    assert quit_reply == "You stopped the game.\n"


def test_a_taken_cell_a_full_column_and_undo_answer_once():
    game = ConnectFour()
    inputs = iter(["1", "1", "1", "1", "undo", "quit"])
    out = io.StringIO()
    replies = []

    def student(prompt):
        replies.append(out.getvalue())
        out.seek(0)
        out.truncate()
        return next(inputs)

    class Stacker:  # the engine answers in column 1 too, until it is full
        name = label = "stacker"
        seed = None

        def player(self, game, state):
            return next(m for m in game.actions(state) if m[1] == 1 or m[1] == 2)

    play_in_terminal(game, Stacker(), "X", input_fn=student, out=out)
    replies.append(out.getvalue())
    assert replies[4] == "Column 1 is full: type one of the columns 2, 3, 4, 5, 6 or 7.\n"
    assert replies[5].startswith("Took back your move column 1 and stacker's answer column 1.\n")


# Logs: only when asked ---------------------------------------------------------------------------


def run_main(argv, text, monkeypatch, capsys):
    from gamekit.__main__ import main

    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    status = main(argv)
    return status, capsys.readouterr().out


@pytest.mark.parametrize(
    "name, moves",
    [
        ("tictactoe", "b2\n"),
        ("connect-four", "4\n"),
        ("hex", "c3\n"),
        ("quarto", "LQSF\n"),
    ],
)
def test_no_file_is_written_without_log(name, moves, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    options = ["--size", "5"] if name == "hex" else []
    status, out = run_main(
        ["play", name, "--engine", "random", *options], moves, monkeypatch, capsys
    )
    assert status == 0 and "You stopped the game." in out  # the input ran out: quit
    assert "Game log" not in out
    assert list(tmp_path.iterdir()) == []


def test_log_writes_a_file_that_loads_and_replays(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "logs" / "mine.jsonl"
    path.parent.mkdir()
    argv = ["play", "quarto", "--engine", "random", "--seed", "4", "--log", str(path)]
    status, out = run_main(argv, "LQSF\nb2 LRTF\nquit\n", monkeypatch, capsys)
    assert status == 0 and out.splitlines()[-1] == f"Game log: {path}"
    assert [p.name for p in tmp_path.iterdir()] == ["logs"]
    log = load_log(path)
    assert log.header()["game"] == "quarto"
    assert [r.by for r in log.moves] == ["you", "random", "you", "random"]
    assert log.moves[0].move == QuartoMove(None, 15)
    status, out = run_main(["replay", str(path)], "", monkeypatch, capsys)
    assert status == 0
    assert out.splitlines()[0] == "quarto: X is you, O is random; 4 moves"
    assert "Move 1: X, you, plays LQSF" in out and "  a    b    c    d" in out
    for pattern in REPRS[:2]:
        assert not pattern.search(out)


def test_connect_four_is_spelled_one_way(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    status, _ = run_main(
        ["play", "connect-four", "--engine", "random", "--log", "c.jsonl"],
        "4\n",
        monkeypatch,
        capsys,
    )
    assert status == 0 and load_log(tmp_path / "c.jsonl").header()["game"] == "connect-four"
    with pytest.raises(SystemExit):
        run_main(["play", "connect4"], "", monkeypatch, capsys)
    err = capsys.readouterr().err
    assert "unknown game 'connect4': the games are tictactoe, connect-four, hex, quarto" in err


# Connect Four's hint: every column's exact value (gamekit.connect4_fast.analyse) ------------

COLUMN_LINE = re.compile(r"^  column (\d): (.+)$", re.M)


def test_hint_in_connect_four_prints_every_columns_exact_value():
    from gamekit.connect4_fast import analyse

    game = ConnectFour()
    out = io.StringIO()
    inputs = iter(["hint", "quit"])
    play_in_terminal(game, Engine(game, "random"), "X", input_fn=lambda _: next(inputs), out=out)
    text = out.getvalue()
    expected = analyse("")  # the empty board: the opening book answers
    assert "Exact values for you (X), with perfect play by both sides" in text
    shown = {int(c): words for c, words in COLUMN_LINE.findall(text)}
    assert shown == {v.column: v.words() for v in expected.columns}
    assert "Best: column 4 (win in 21 of your moves)." in text
    assert "proven so far" not in text


def test_a_connect_four_hint_mid_game_and_one_that_runs_out_of_time():
    from gamekit.connect4_fast import analyse

    game = ConnectFour()
    state = game.initial
    for column in "5443227244":
        state = game.result(state, next(m for m in game.actions(state) if m[1] == int(column)))
    lines = []
    exact_hint(game, state, say=lines.append)
    expected = analyse("5443227244")
    shown = {int(c): words for c, words in COLUMN_LINE.findall("\n".join(lines))}
    assert shown == {v.column: v.words() for v in expected.columns}
    assert lines[-1] == f"Best: column 2 ({expected.column(2).words()})."

    lines = []
    state = game.replay([(6, 4), (5, 4), (4, 4)])  # past the book, too early to solve in 0.2 s
    partial = exact_hint(game, state, seconds=0.2, say=lines.append)
    assert not partial.complete and partial.stopped == "time"
    assert lines[0].startswith("Exact values for you (O)")
    for value in partial.columns:  # what is proven, marked as such
        words = value.words()
        suffix = "" if value.exact or words == "not known yet" else " (proven so far)"
        assert f"  column {value.column}: {words}{suffix}" in lines
    assert lines[-2].startswith("Time ran out after 0.2 s: ")
    assert lines[-1] == (
        '"proven so far" marks a bound, not the exact value; type hint to search again.'
    )
    assert all(len(line) <= 80 for line in lines)


def test_a_connect_four_hint_in_the_first_plies_answers_at_once_from_the_book():
    game = ConnectFour()
    verdicts = {
        (): "Opening book: with perfect play this position is a win in 21 of your moves.",
        ((6, 4),): "Opening book: with perfect play this position is a loss in 20 of their moves.",
        ((6, 4), (5, 4)): "Opening book: with perfect play this position is a win in 20 of your "
        "moves.",
        ((6, 4), (5, 4), (4, 4)): "at worst a loss in 19 of their moves (exactly that if X "
        "played a best column).",
    }
    for moves, verdict in verdicts.items():
        lines = []
        start = time.perf_counter()
        analysis = exact_hint(game, game.replay(moves), seconds=0.3, say=lines.append)
        assert time.perf_counter() - start < 5
        assert verdict in lines[2:4], (moves, lines)
        assert all(len(line) <= 80 for line in lines), lines
        if len(moves) < 2:  # every column from the book
            assert analysis.complete and lines[-1].startswith("Best: column 4 (")


def test_ctrl_c_stops_a_connect_four_hint_and_the_game_goes_on(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    command = ["-m", "gamekit", "play", "connect-four", "--engine", "random", "--seed", "1"]
    child = pexpect.spawn(sys.executable, command, cwd=tmp_path, env=env, encoding="utf-8")
    child.timeout = 60
    child.expect(PROMPT)
    child.sendline("4")
    child.expect(PROMPT)  # two discs: the search would run its whole 10 s
    child.sendline("hint")
    child.expect("Exact values for you \\(X\\)")
    child.sendintr()
    child.expect("You stopped the search: columns [1-7, and]+ (is|are) not solved yet")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("You stopped the game.")
    child.expect(pexpect.EOF)


def test_help_names_the_exact_values_hint_in_connect_four_only():
    assert "every column's exact value for you" in help_text(ConnectFour())
    assert "every column's exact value" not in help_text(ConnectFour(5, 6, 4))
    assert "which move it would play" in help_text(TicTacToe())


# One language: the terminal and the board ----------------------------------------------------


def test_one_quarto_game_in_the_terminal_and_on_the_board():
    """The same Quarto game, typed the same way, against the same engine spelled two ways:
    the terminal and the board reach the same positions and print the same names."""
    from gamekit.widgets import play_quarto

    game = Quarto()
    board = play_quarto(engine="alphabeta", depth=1, background=False)
    assert board.engine.name == "alpha-beta"
    # The board is labelled as the terminal prints it: columns a to d above, rows 1 to 4.
    assert all(f">{label}</text>" in board.view.svg for label in "abcd1234")
    assert "(b3 LQSF)" in board.view.typing_help
    typed, engine_moves = [], []
    while not game.terminal_test(board.state) and len(typed) < 5:
        move = game.actions(board.state)[-1]  # the player's choice: the last legal move
        typed.append(move_text(game, move))
        before = len(board.records)
        board.type_move(typed[-1])
        assert board.records[before]["move"] == move and board.records[before]["by"] == "you"
        if len(board.records) == before + 2:  # the engine answered
            answer = board.records[-1]
            assert answer["by"] == "alpha-beta"
            engine_moves.append(move_text(game, answer["move"]))
            # The board says the move as the terminal prints it, and shows its piece names.
            assert f"<b>alpha-beta</b> chose {engine_moves[-1]}:" in board.stats.value
            cell = answer["move"].cell
            if cell is not None:
                assert f" on {engine_moves[-1].split()[0]}" in board.view.status
    inputs = iter([*typed, "quit"])
    out = io.StringIO()
    log = play_in_terminal(
        game,
        Engine(game, "alpha-beta", depth=1),
        "X",
        input_fn=lambda prompt: next(inputs),
        out=out,
    )
    transcript = out.getvalue()
    # The same moves, in the same order, by the same players, to the same positions.
    assert [r.move for r in log.moves] == [r["move"] for r in board.records]
    assert [r.by for r in log.moves[1::2]] == ["alpha-beta (depth 1)"] * len(engine_moves)
    assert list(replay(log))[1:] == board.history[1:]
    assert re.findall(r"^alpha-beta plays ([^:(]*?)(?::| \()", transcript, re.M) == engine_moves
    # The last position, as both draw it: the same piece on every cell, the same names.
    drawn = re.findall(r'data-cell="(\d-\d)" data-mark="(\w*)"', board.view.svg)
    marks = {key: name for key, name in drawn if name}
    lines = board_text(game, board.state).splitlines()
    printed = {
        f"{row}-{col}": name
        for row, line in enumerate(lines[1:5], 1)
        for col, name in enumerate(line.split()[1:], 1)
        if name != "...."
    }
    assert marks == printed and printed
    assert board_text(game, board.state) in transcript or game.terminal_test(board.state)


def test_engine_names_are_spelled_one_way_everywhere(capsys):
    from gamekit.__main__ import build_parser
    from gamekit.engine_names import COURSE_ENGINES, TERMINAL_ENGINES
    from gamekit.widgets import ENGINES as BOARD_ENGINES
    from gamekit.widgets import play_tictactoe

    assert list(BOARD_ENGINES)[: len(COURSE_ENGINES)] == list(COURSE_ENGINES)
    assert set(TERMINAL_ENGINES) <= set(COURSE_ENGINES)
    parser = build_parser()
    for typed in ("alpha-beta", "alphabeta", "Alpha_Beta"):
        assert parser.parse_args(["play", "quarto", "--engine", typed]).engine == "alpha-beta"
        assert Engine(TicTacToe(), typed).name == "alpha-beta"
        assert play_tictactoe(engine=typed, background=False).engine.name == "alpha-beta"
    for typed, answer in {
        "best": "unknown engine 'best': the engines are random, minimax, alpha-beta, negamax, "
        "mcts (alpha-beta may also be spelled alphabeta)",
        "greedy": "'greedy' is not offered here (the boards have it): the engines here are "
        "random, minimax, alpha-beta, negamax, mcts",
        "negamax (time limit)": "is negamax with a time limit: type --engine negamax "
        "--time-limit SECONDS",
    }.items():
        with pytest.raises(SystemExit):
            parser.parse_args(["play", "quarto", "--engine", typed])
        assert answer in capsys.readouterr().err
    with pytest.raises(ValueError, match="unknown engine 'best': the engines are random, greedy"):
        play_tictactoe(engine="best", background=False)
    # The tournament reads the course's spelling too, and shows the name as typed.
    from gamekit.__main__ import _tournament_spelling

    assert _tournament_spelling("alpha-beta:windows") == "alphabeta:windows"
    assert _tournament_spelling("windows") == "windows"


def test_a_quarto_hint_says_what_its_number_means():
    game = Quarto()
    state = game.replay([QuartoMove(None, 15), QuartoMove((2, 2), 0), QuartoMove((3, 3), 5)])
    hint = Engine(game, "alpha-beta", depth=1).hint(state)
    assert re.fullmatch(
        r"alpha-beta suggests [a-d][1-4] \w{4} \(place \w{4} on [a-d][1-4] and give \w{4}\): "
        r"better for (you|your opponent) by the shared_attributes evaluation at depth 1 "
        r"\([+-][\d,]+ for you; 0 is even, 50,000 a win in sight\)\.",
        hint,
    ), hint
    assert "by the evaluation (above 0" not in hint
    assert quarto_value_words(-50_000, "shared_attributes", 2) == (
        "a loss for you in sight by the shared_attributes evaluation at depth 2 (-50,000 for "
        "you: a winning piece in the opponent's hand, or one you must give)"
    )


# The game in the player's language -----------------------------------------------------------


def english_fragments() -> list[str]:
    """Every literal stretch of 14 characters or more of the course's English messages (the
    template's, placeholders cut out): none may reach a player who chose another language."""
    from babel.messages.pofile import read_po

    with open(ROOT / "gamekit" / "locale" / "gamekit.pot", "rb") as f:
        template = read_po(f)
    found = set()
    for message in template:
        for text in message.id if isinstance(message.id, tuple) else [message.id]:
            for part in re.split(r"\{[^}]*\}|\n", text or ""):
                if len(part.strip()) >= 14:
                    found.add(part.strip())
    return sorted(found)


@pytest.mark.parametrize(
    ("lang", "typed", "expected"),
    [
        ("es", ["ayuda", "zz", "", "b2", "pista", "deshacer", "deshacer", "b2", "salir"],
         ["Tres en raya, 3 filas y 3 columnas: tres en raya gana", "Comandos: deshacer, pista,"
          " ayuda o salir.", "deshacer   deshace tu última jugada", "'zz' no es una casilla",
          "No escribiste nada: escribe una jugada, como b2, o ayuda.", "alpha-beta juega",
          "sugiere", "Se deshicieron tu jugada b2 y la respuesta de alpha-beta",
          "Nada que deshacer", "Detuviste la partida.", "Registro de la partida: "]),
        ("pt_BR", ["ajuda", "zz", "", "b2", "dica", "desfazer", "desfazer", "b2", "sair"],
         ["Jogo da velha, 3 linhas e 3 colunas: três em linha vence", "Comandos: desfazer, dica,"
          " ajuda ou sair.", "desfazer   desfaz a sua última jogada", "'zz' não é uma casa",
          "Você não digitou nada: digite uma jogada, como b2, ou ajuda.", "alpha-beta joga",
          "sugere", "Desfeitas a sua jogada b2 e a resposta de alpha-beta",
          "Nada para desfazer", "Você parou a partida.", "Registro da partida: "]),
    ],
)  # fmt: skip
def test_a_game_in_spanish_or_portuguese_speaks_it_and_reads_its_commands(
    lang, typed, expected, tmp_path
):
    """``play_in_terminal`` in the language in use: its sentences come from the catalogue (no
    stretch of an English message is printed), the commands are read in that language (and
    still in English), and the game is the same game."""
    from gamekit.i18n import speaking

    game = TicTacToe()
    out = io.StringIO()
    inputs = iter(typed)
    with speaking(lang):
        log = play_in_terminal(
            game, Engine(game, "alphabeta"), "X", input_fn=lambda _: next(inputs), out=out,
            colour=False, log_path=tmp_path / "game.jsonl",
        )  # fmt: skip
    said = out.getvalue()
    for text in expected:
        assert text in said, (text, said)
    leaked = [part for part in english_fragments() if part in said]
    assert not leaked, leaked
    assert [r.move for r in log.moves][0] == (2, 2) and len(log.moves) == 2
    assert [r.by for r in log.moves] == ["you", "alpha-beta (to the end)"]  # data stays English


def test_play_takes_its_language_from_the_command_line(tmp_path):
    child = spawn(tmp_path, "--lang", "es")
    child.expect_exact("Eres X; el motor es alpha-beta (hasta el final). X juega primero.")
    child.expect_exact("juega X> ")
    child.sendline("help")  # English commands still work
    child.expect_exact("Escribe una jugada, o un comando:")
    child.expect_exact("juega X> ")
    child.sendline("salir")
    child.expect_exact("Detuviste la partida.")
    child.expect(pexpect.EOF)
