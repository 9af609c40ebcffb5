"""Blame the right code (issue 28.4): an exception is told as the student's line, and when it
was raised past that line (in gamekit, in a locked cell of the notebook, in Python's library)
as what the student's line called; a value the grader cannot take is one sentence.

The kernel side runs in a thread of this process (`gamekit.checks.kernel.serve` answers from
``__main__``), as in tests/test_remote.py; each "cell" is compiled under a file name of its
own and put in `linecache`, as IPython does.
"""

from __future__ import annotations

import itertools
import linecache
import math
import re
import socket
import sys
import time

import pytest

from gamekit import MAX, TicTacToe, first_tree
from gamekit.checks import GradingError, remote, require_number
from gamekit.checks import kernel as kernel_end
from gamekit.checks.a01 import (
    check_expectiminimax_value,
    check_minimax_cutoff_value,
    check_minimax_value,
    raised_by_student,
    table_eval,
)
from gamekit.checks.remote import NOTEBOOK_MODULE, HugeInt, encode
from gamekit.grader import connection
from gamekit.grader.connection import Blame, decode
from gamekit.grader.trusted import error_output
from gamekit.search import scored_result
from gamekit.trace import run_traced

MAIN = sys.modules["__main__"].__dict__
_cells = itertools.count(1)

LOCKED_ESTIMATE = '''estimates = {"A": 0, "B": 3, "C": 2, "D": 2, "E": 1}


def estimate(state, player):
    """The estimate of `state` for `player` (the table holds it for MAX)."""
    return estimates[state] if player == MAX else -estimates[state]
'''


def _cell(source: str) -> str:
    """Run ``source`` as IPython runs a cell: a file name of its own, its lines in linecache."""
    name = f"/tmp/ipykernel_4242/{next(_cells)}.py"
    linecache.cache[name] = (len(source), None, source.splitlines(True), name)
    exec(compile(source, name, "exec"), MAIN)
    return name


@pytest.fixture
def kernel(tmp_path):
    """The grader's connection to a `serve` loop in a thread; ``cell(source)`` runs a cell in
    its ``__main__``, ``grader`` is the grader's copy of the locked cell that defines
    ``estimate``."""
    path = str(tmp_path / "k.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(1)
    before = set(MAIN)
    MAIN.update(MAX=MAX, scored_result=scored_result)
    _cell(LOCKED_ESTIMATE)  # the kernel ran the locked cell
    grader = {"__name__": NOTEBOOK_MODULE, "MAX": MAX}
    exec(LOCKED_ESTIMATE, grader)  # the grader's own copy (`TrustedNamespace`)
    kernel_end.start_serving_in_thread(path)
    conn = connection.connect(listener, time.monotonic() + 20)
    yield conn, grader
    conn.close()
    listener.close()
    for name in set(MAIN) - before:
        MAIN.pop(name, None)


def _quoted_line(message: str) -> tuple[int, str]:
    found = re.search(r"at line (\d+): `(.*?)`", message)
    assert found, message
    return int(found.group(1)), found.group(2)


def _assert_blames_the_students_line(message: str, source: str, function: str) -> None:
    """The message quotes a line of the student's cell, by its number in that cell, names the
    student's function, and names no file."""
    line, code = _quoted_line(message)
    assert source.splitlines()[line - 1].strip() == code, message
    assert f"your {function}, at line {line}" in message, message
    assert ".py" not in message and "gamekit/" not in message, message


# --------------------------------------------------------------------------------------------
# Errors raised past the student's line
# --------------------------------------------------------------------------------------------

# (the call the student's code makes, what it called, the course's parameters)
BAD_CALLS = [
    ("game.result(state, game.actions(state))", "the course's GameTree.result(state, move)"),
    ("game.result(game.actions(state)[0], state)", "the course's GameTree.result(state, move)"),
    ("game.actions([state])", "the course's GameTree.actions(state)"),
    ("game.terminal_test({state: 1})", "the course's GameTree.terminal_test(state)"),
    ("game.utility(player, state)", "the course's GameTree.utility(state, player)"),
    ("game.to_move([state])", "the course's GameTree.to_move(state)"),
    ("game.chance_outcomes([state])", "the course's GameTree.chance_outcomes(state)"),
    ("eval_fn(player, state)", "the course's evaluation function table_eval(state, player)"),
    ("eval_fn(state)", None),  # a missing argument: raised at the student's own line
    ("__import__('random').choice([])", "random.Random.choice(seq)"),
]

# the same call placed as students write it: a statement, a list comprehension, a helper of
# the same cell, a method of a class of the same cell
SHAPES = {
    "statement": (
        "def student(state, game, player, eval_fn):\n"
        "    if game.terminal_test(state):\n"
        "        return 0\n"
        "    value = {call}\n"
        "    return value\n",
        "student",
    ),
    "comprehension": (
        "def student(state, game, player, eval_fn):\n"
        "    values = [{call} for _ in range(2)]\n"
        "    return values[0]\n",
        "student",
    ),
    "helper": (
        "def helper(state, game, player, eval_fn):\n"
        "    return {call}\n"
        "\n"
        "\n"
        "def student(state, game, player, eval_fn):\n"
        "    return helper(state, game, player, eval_fn)\n",
        "helper",
    ),
    "method": (
        "class Searcher:\n"
        "    def value(self, state, game, player, eval_fn):\n"
        "        return {call}\n"
        "\n"
        "\n"
        "def student(state, game, player, eval_fn):\n"
        "    return Searcher().value(state, game, player, eval_fn)\n",
        "Searcher.value",
    ),
}


@pytest.mark.parametrize(("call", "callee"), BAD_CALLS, ids=[c for c, _ in BAD_CALLS])
@pytest.mark.parametrize("shape", list(SHAPES))
def test_an_error_past_the_students_line_names_their_line_and_what_it_called(
    kernel, call, callee, shape
):
    conn, _ = kernel
    template, function = SHAPES[shape]
    source = template.format(call=call)
    _cell(source)
    student = conn.lookup("student")
    evaluate = table_eval({"A": 1, "B": 2, "C": 3})
    tree = first_tree()
    with pytest.raises(Exception) as caught:
        run_traced(lambda s, g, eval_fn: student(s, g, MAX, eval_fn), "A", tree, eval_fn=evaluate)
    error = caught.value
    for message in (raised_by_student("student", error), error_output(error)["evalue"]):
        assert ".py" not in message and "gamekit/" not in message, message
    message = raised_by_student("student", error)
    _assert_blames_the_students_line(
        message if callee else message.replace("in your code, at", f"your {function}, at"),
        source,
        function,
    )
    if callee is None:
        assert "stopped with an error in your code, at line" in message
        assert not error.blame.raised_past
        return
    assert "in your code" not in message
    assert f"called {callee}, which raised" in message, message
    assert error.blame.raised_past
    note = error_output(error)["evalue"]
    assert f"(raised in {callee}, which your {function} called at line" in note, note


def test_the_course_eval_fn_of_a_locked_cell_called_with_its_arguments_swapped(kernel):
    """The case of the issue: ``estimate`` comes from a locked cell (the grader sends it by
    name); the KeyError is raised on its line 6, never shown as the student's."""
    conn, grader = kernel
    source = (
        "def minimax_cutoff_value(state, game, depth, eval_fn, player, ply=0):\n"
        "    if game.terminal_test(state):\n"
        "        return scored_result(game.utility(state, player), ply)\n"
        "    if ply == depth:\n"
        "        return eval_fn(player, state)\n"
        "    values = [minimax_cutoff_value(game.result(state, move), game, depth, eval_fn,\n"
        "                                   player, ply + 1) for move in game.actions(state)]\n"
        "    return max(values) if game.to_move(state) == player else min(values)\n"
    )
    _cell(source)
    student = conn.lookup("minimax_cutoff_value")
    tree = first_tree()
    with pytest.raises(GradingError) as caught:
        check_minimax_cutoff_value(student, tree, "A", 1, grader["estimate"], MAX, label="here")
    message = str(caught.value)
    assert message == (
        "minimax_cutoff_value stopped with an error: your minimax_cutoff_value, at line 5: "
        "`return eval_fn(player, state)`, called the course's evaluation function "
        "estimate(state, player), which raised KeyError: 'MAX' (check the arguments on that "
        "line against estimate(state, player))"
    )
    assert "estimates[state]" not in message and "line 6" not in message
    assert caught.value.code == "raised:minimax_cutoff_value"


def test_a_locked_function_the_student_calls_by_name_is_not_called_the_course_s(kernel):
    """``estimate`` reached by its global name, not given by the grader: the kernel cannot tell
    it from a cell of the student's, so the message names it without an owner."""
    conn, _ = kernel
    source = "def student(state, game, player):\n    return estimate(player, state)\n"
    _cell(source)
    with pytest.raises(KeyError) as caught:
        conn.lookup("student")("A", first_tree(), MAX)
    message = raised_by_student("student", caught.value)
    _assert_blames_the_students_line(message, source, "student")
    assert "called estimate(state, player), which raised KeyError" in message
    assert "the course's" not in message and "your estimate" not in message


def test_a_state_the_grader_never_gave_is_refused_by_the_recorder_of_the_course_game(kernel):
    conn, _ = kernel
    source = "def student(state, game, player):\n    return game.terminal_test(object())\n"
    _cell(source)
    student = conn.lookup("student")
    with pytest.raises(ValueError) as caught:
        run_traced(lambda s, g: student(s, g, MAX), "A", first_tree())
    message = raised_by_student("student", caught.value)
    _assert_blames_the_students_line(message, source, "student")
    assert "called the course's GameTree.terminal_test(state), which raised ValueError: the " in (
        message
    )
    assert "never gave it" in message and "check the arguments" not in message


def test_an_error_in_the_students_own_line_is_still_theirs(kernel):
    conn, _ = kernel
    source = (
        "def student(state, game, player):\n"
        "    choose = {player: max}[game.to_move(state)]\n"
        "    return choose([1])\n"
    )
    _cell(source)
    with pytest.raises(KeyError) as caught:
        run_traced(lambda s, g: conn.lookup("student")(s, g, "MIN"), "A", first_tree())
    message = raised_by_student("student", caught.value)
    assert message.startswith(
        "student stopped with an error in your code, at line 2: "
        "`choose = {player: max}[game.to_move(state)]`: KeyError: 'MAX'"
    )
    assert error_output(caught.value)["evalue"] == (
        "'MAX' (raised by your code, line 2: choose = {player: max}[game.to_move(state)])"
    )


def test_a_helper_cell_the_grader_never_looked_up_is_named_not_owned(kernel):
    """A cell of helpers the answer calls: not an answer the grader looked up, so its line is
    not quoted as the answer's, and it is not called the course's either."""
    conn, _ = kernel
    _cell("def best(values):\n    return max(values)\n")
    source = "def student(state, game, player):\n    return best([])\n"
    _cell(source)
    with pytest.raises(ValueError) as caught:
        conn.lookup("student")("A", first_tree(), MAX)
    message = raised_by_student("student", caught.value)
    _assert_blames_the_students_line(message, source, "student")
    assert "called best(values), which raised ValueError" in message
    assert "the course's" not in message


def test_a_tic_tac_toe_move_of_the_wrong_kind_blames_the_call(kernel):
    conn, _ = kernel
    source = (
        "def student(state, game, player):\n"
        "    move = game.actions(state)[0]\n"
        "    return game.result(state, move[0])\n"
    )
    _cell(source)
    game = TicTacToe()
    with pytest.raises(Exception) as caught:
        run_traced(lambda s, g: conn.lookup("student")(s, g, "X"), game.initial, game)
    message = raised_by_student("student", caught.value)
    _assert_blames_the_students_line(message, source, "student")
    assert "called the course's TicTacToe.result(state, move)" in message, message


def test_the_kernels_blame_is_read_as_data_and_cut():
    error = connection.remote_exception(
        {
            "mro": ["builtins.KeyError"],
            "message": "'MAX'",
            "where": "line 5: x",
            "blame": {
                "function": "f" * 1000,
                "line": 5,
                "code": "x" * 1000,
                "called": {"name": 7, "owner": "the grader", "parameters": [], "role": "x"},
            },
        }
    )
    blame = error.blame
    assert isinstance(blame, Blame) and len(blame.function) == 200 and len(blame.code) == 300
    assert blame.owner == "other" and blame.role == "" and blame.called == "7"
    for junk in ({"line": "5"}, {"line": -1}, [], "line 5"):
        bad = connection.remote_exception({"mro": [], "message": "", "blame": junk})
        assert bad.blame is None
    with pytest.raises(remote.RemoteProtocolError):
        connection.remote_exception(["not", "an", "object"])


# --------------------------------------------------------------------------------------------
# Values the grader cannot take: one sentence each, never a bare exception
# --------------------------------------------------------------------------------------------

RETURNS = {
    "10**400": "got an integer of 401 digits (floats stop near 1.8e308)",
    "-10**400": "got a negative integer of 401 digits",
    "10**5000": "got an integer of 5,001 digits",
    "2**1024 - 1": "got an integer of 309 digits",
    "float('nan')": "should be a number, got nan (not a number)",
    "[3]": "should be a number, got a list: [3]",
    "[[[float('nan')]]]": "should be a number, got a list: [[[nan]]]",
    "{'v': 10**5000}": "should be a number, got a dict: {'v': <an integer of 5,001 digits>}",
    "None": "should be a number, got None",
    "True": "should be a number, got a bool: True",
    "'3'": "should be a number, got a str: '3'",
    "object()": "should be a number, got an object: <object object at",
    "type('Estimate', (), {})()": "should be a number, got an Estimate: <",
    "(3, 'a1')": "returned a tuple (3, 'a1'): it should return only the value",
    "nest(300)": "nested over 200 levels deep (lists in lists ...), the grader's limit is 200",
}

BARE = re.compile(r"^\w*(Error|Exception)\b|OverflowError|ValueError: Exceeds")


@pytest.mark.parametrize("returned", list(RETURNS))
def test_a_value_the_grader_cannot_take_is_one_sentence(kernel, returned):
    conn, _ = kernel
    source = (
        "def nest(depth):\n"
        "    value = 1\n"
        "    for _ in range(depth):\n"
        "        value = [value]\n"
        "    return value\n"
        "\n"
        "\n"
        "def minimax_value(state, game, player):\n"
        f"    return {returned}\n"
    )
    _cell(source)
    with pytest.raises(GradingError) as caught:
        check_minimax_value(conn.lookup("minimax_value"), first_tree(), "A", MAX)
    message = str(caught.value)
    assert RETURNS[returned] in message, message
    assert not BARE.search(message), message


def test_inf_is_a_number_and_only_a_wrong_value(kernel):
    conn, _ = kernel
    _cell("def minimax_value(state, game, player):\n    return float('inf')\n")
    with pytest.raises(GradingError) as caught:
        check_minimax_value(conn.lookup("minimax_value"), first_tree(), "A", MAX)
    assert caught.value.code.startswith("witness:"), caught.value
    assert "inf" in str(caught.value)


def test_a_player_the_reply_cannot_carry_is_sent_as_text(kernel):
    """A nan or an object passed as the player of ``utility`` or ``eval_fn``: the recorded
    event carries its text, and the reply stays JSON (once, it was lost whole)."""
    conn, _ = kernel
    _cell(
        "def expectiminimax_value(state, game, player):\n"
        "    if game.terminal_test(state):\n"
        "        return game.utility(state, float('nan')) + game.utility(state, object())\n"
        "    return min(expectiminimax_value(game.result(state, m), game, player)\n"
        "               for m in game.actions(state))\n"
    )
    with pytest.raises(GradingError) as caught:
        check_expectiminimax_value(conn.lookup("expectiminimax_value"), first_tree(), "A", MAX)
    assert "could not send" not in str(caught.value) and not BARE.search(str(caught.value))


def test_huge_ints_cross_as_their_number_of_digits():
    for value, digits in ((10**5000, 5001), (-(10**4000) + 1, 4000), (2**20_000, 6021)):
        data = encode(value, lambda v: {})
        assert data == {"$hugeint": [-1 if value < 0 else 1, digits, True]}
        assert decode(data) == HugeInt(-1 if value < 0 else 1, digits)
    assert encode(10**3000, lambda v: {}) == 10**3000  # JSON carries it: it crosses as it is
    assert remote.int_digits(10**100) == (101, True) and remote.int_digits(10**100 - 1) == (
        100,
        True,
    )
    assert remote.int_digits(-7) == (1, True) and remote.int_digits(0) == (1, True)
    with pytest.raises(remote.RemoteProtocolError):
        decode({"$hugeint": [2, 10, True]})
    for bad in ([1, -3, True], [1, 3, "yes"], [1, 3]):
        with pytest.raises(remote.RemoteProtocolError):
            decode({"$hugeint": bad})


def test_a_reply_that_cannot_be_written_as_json_is_the_graders_sentence():
    error = connection.remote_exception(kernel_end._unsendable(ValueError("Out of range float")))
    assert isinstance(error, GradingError) and error.student_traceback == ""
    assert str(error) == (
        "the grader could not send your kernel's reply back as data (ValueError: Out of range "
        "float)"
    )


@pytest.mark.parametrize(
    ("value", "said"),
    [
        (10**400, "got an integer of 401 digits"),
        (-(10**400), "got a negative integer of 401 digits"),
        (HugeInt(1, 9000), "got an integer of 9,000 digits"),
        (HugeInt(1, 400_000, exact=False), "got an integer of at least 400,000 digits"),
        (math.nan, "got nan (not a number)"),
        ([1] * 1000, "got a list: [1, 1, 1"),
    ],
)
def test_require_number_says_what_the_value_is(value, said):
    with pytest.raises(GradingError) as caught:
        require_number(value, "x")
    assert said in str(caught.value) and len(str(caught.value)) < 300
    assert caught.value.code == "wrong_type"
    assert require_number(math.inf, "x") == math.inf and require_number(2**1000, "x") == 2**1000


@pytest.mark.parametrize(
    "answer",
    [
        "import functools\n\n\n@functools.lru_cache(maxsize=None)\ndef student(state, game):\n"
        "    return game.result(state, [state])\n",
        "class Student:\n    def __call__(self, state, game):\n"
        "        return game.result(state, [state])\n\n\nstudent = Student()\n",
        "def student(state, game):\n    return (lambda s: game.result(s, [s]))(state)\n",
    ],
    ids=["cached", "callable_object", "lambda"],
)
def test_answers_wrapped_or_written_as_objects_are_still_the_students(kernel, answer):
    conn, _ = kernel
    _cell(answer)
    student = conn.lookup("student")
    with pytest.raises(TypeError) as caught:
        run_traced(lambda s, g: student(s, g), "A", first_tree())
    message = raised_by_student("student", caught.value)
    _assert_blames_the_students_line(message, answer, caught.value.blame.function)
    assert "called the course's GameTree.result(state, move), which raised TypeError" in message


TREE_GAME = """from gamekit import Game


class TreeGame(Game):
    def __init__(self, edges, utilities):
        self.edges, self.utilities = edges, utilities
        self.initial = next(iter(edges))

    def actions(self, state):
        return list(self.edges.get(state, {}))

    def result(self, state, move):
        {result}

    def utility(self, state, player):
        return self.utilities[state] if player == "MAX" else -self.utilities[state]

    def terminal_test(self, state):
        return state in self.utilities

    def to_move(self, state):
        return "MAX"
"""


@pytest.mark.parametrize(
    ("result", "said"),
    [
        (
            "self.check_move(move, state)\n        return self.edges[state][move]",
            "raised IllegalMoveError: move 'A' is illegal here; legal moves: [], in the course's "
            "Game.check_move(state, move), which your TreeGame.result called at line 13: "
            "`self.check_move(move, state)`",
        ),
        (
            "return self.edges[state][move]",
            "raised KeyError, at line 13 of your TreeGame.result: "
            "`return self.edges[state][move]`, for an edge that does not leave the node",
        ),
    ],
    ids=["check_move_swapped", "own_key_error"],
)
def test_a_tree_game_method_says_which_line_raised(kernel, result, said):
    from gamekit.checks.a01 import check_tree_game_moves

    conn, _ = kernel
    _cell(TREE_GAME.replace("{result}", result))
    tree = first_tree()
    with pytest.raises(GradingError) as caught:
        check_tree_game_moves(conn.lookup("TreeGame"), tree.edges, tree.utilities)
    assert said in str(caught.value), caught.value


@pytest.mark.parametrize(
    ("returned", "said"),
    [
        ("10**5000", "contains an integer of 5,001 digits, too long for the grader to receive"),
        ("float('nan')", "returned the number nan, which is not one of the moves"),
        ("object()", "must be built from plain Python values"),
        ("['a1'] * 100_000", "returned ['a1', 'a1', "),
    ],
)
def test_a_move_the_grader_cannot_take_is_one_sentence(kernel, returned, said):
    from gamekit.checks.a01 import check_minimax_decision

    conn, _ = kernel
    _cell(f"def minimax_decision(state, game):\n    return {returned}\n")
    with pytest.raises(GradingError) as caught:
        check_minimax_decision(conn.lookup("minimax_decision"), first_tree(), "A")
    message = str(caught.value)
    assert said in message and len(message) < 600, message
    assert not BARE.search(message), message


def test_a_method_the_course_game_does_not_have(kernel):
    conn, _ = kernel
    source = "def student(state, game, player):\n    return game.player(state)\n"
    _cell(source)
    with pytest.raises(AttributeError) as caught:
        run_traced(lambda s, g: conn.lookup("student")(s, g, MAX), "A", first_tree())
    message = raised_by_student("student", caught.value)
    _assert_blames_the_students_line(message, source, "student")
    assert "looked up an attribute of the course's game, which raised AttributeError: " in (message)


def test_numpy_scalars_cross_as_the_numbers_they_hold(kernel):
    """``np.max(values)`` returns a numpy scalar: a number, as the in-process checkers accept."""
    pytest.importorskip("numpy")
    conn, _ = kernel
    _cell(
        "import numpy as np\n\n\n"
        "def minimax_value(state, game, player):\n"
        "    if game.terminal_test(state):\n"
        "        return np.int64(game.utility(state, player))\n"
        "    values = [minimax_value(game.result(state, a), game, player)\n"
        "              for a in game.actions(state)]\n"
        "    return np.max(values) if game.to_move(state) == player else np.min(values)\n"
    )
    check_minimax_value(conn.lookup("minimax_value"), first_tree(), "A", MAX)
    import numpy as np

    for value, plain in ((np.float64("nan"), {"$float": "nan"}), (np.bool_(True), True)):
        assert encode(value, lambda v: {"$ref": 1}) == plain
    assert encode(np.array([1, 2]), lambda v: {"$ref": 1}) == {"$ref": 1}  # an array: a handle


def test_a_locked_helper_the_student_redefined_is_not_called_the_course_s(kernel):
    """The grader sends ``estimate`` by name; the kernel's ``estimate`` is the student's own
    (redefined in a cell of theirs): its code differs from the grader's copy, so it is not
    called the course's."""
    conn, grader = kernel
    _cell("def estimate(state, player):\n    return {}[state]\n")
    source = (
        "def student(state, game, depth, eval_fn, player):\n    return eval_fn(state, player)\n"
    )
    _cell(source)
    student = conn.lookup("student")
    with pytest.raises(KeyError) as caught:
        run_traced(
            lambda s, g, eval_fn: student(s, g, 1, eval_fn, MAX),
            "A",
            first_tree(),
            eval_fn=grader["estimate"],
        )
    message = raised_by_student("student", caught.value)
    _assert_blames_the_students_line(message, source, "student")
    assert "called evaluation function estimate(state, player), which raised" in message
    assert "the course's" not in message
    assert remote.code_fingerprint(grader["estimate"].__code__) == remote.code_fingerprint(
        next(
            c
            for c in compile(LOCKED_ESTIMATE, "/elsewhere.py", "exec").co_consts
            if hasattr(c, "co_code")
        )
    )
