"""The grader's side of a call into a student's kernel: plain data only, traces rebuilt here.

The kernel side runs in a thread of this process (`remote.serve` answers from ``__main__``), so
these tests need no kernel; the pipeline tests do the same through a real, sandboxed one.
"""

from __future__ import annotations

import linecache
import math
import socket
import sys
import time

import pytest

from gamekit import TicTacToe, alphabeta_search, first_tree, run_traced
from gamekit.grading import GradingError, remote
from gamekit.grading.remote import RemoteProtocolError, RemoteRef, decode, encode, replay


def no_refs(value):
    raise AssertionError(f"unexpected handle for {value!r}")


def test_plain_values_cross_as_they_are():
    value = {(1, 2): [math.inf, -math.inf, {"a", "b"}], "x": (None, True, 3.5, frozenset({1}))}
    again = decode(encode(value, no_refs))
    assert again == value
    assert type(again[(1, 2)][2]) is set and type(again["x"][3]) is frozenset


@pytest.mark.parametrize(
    "data",
    [{"$pickle": "x"}, {"$float": "1e999"}, {"$tuple": "not a list"}, {"a": 1, "b": 2}, b"bytes"],
)
def test_anything_but_plain_data_from_the_kernel_is_refused(data):
    with pytest.raises(RemoteProtocolError):
        decode(data)


@pytest.fixture
def kernel(tmp_path):
    """A `serve` loop in a thread answering from ``__main__``, and the grader's connection."""
    path = str(tmp_path / "k.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(1)
    main = sys.modules["__main__"].__dict__
    added = []

    def define(name, value):
        main[name] = value
        added.append(name)

    remote.start_serving_in_thread(path)
    conn = remote.connect(listener, time.monotonic() + 20)
    yield conn, define
    conn.close()
    listener.close()
    for name in added:
        main.pop(name, None)


def test_a_traced_call_is_rebuilt_by_the_grader_node_for_node(kernel):
    conn, define = kernel
    define("student_alphabeta", alphabeta_search)
    student = conn.lookup("student_alphabeta")
    assert isinstance(student, RemoteRef) and student.kind == "function"
    for game, state in [
        (first_tree(), "A"),
        (TicTacToe(), TicTacToe().from_rows(["X..", ".O.", "..."])),
    ]:
        move, trace = run_traced(student, state, game)
        expected_move, expected = run_traced(alphabeta_search, state, game)
        assert move == expected_move
        assert trace.visited() == expected.visited()
        assert [(c.node.state, c.by) for c in trace.cutoffs] == [
            (c.node.state, c.by) for c in expected.cutoffs
        ]


def test_student_exceptions_come_back_with_their_class_and_line(kernel):
    conn, define = kernel
    source = "def broken(state, game):\n    return {}['D2']\n"
    linecache.cache["<cell 7>"] = (len(source), None, source.splitlines(True), "<cell 7>")
    exec(compile(source, "<cell 7>", "exec"), sys.modules["__main__"].__dict__)  # as IPython does
    define("broken", sys.modules["__main__"].__dict__["broken"])
    with pytest.raises(KeyError) as error:
        conn.lookup("broken")("A", first_tree())
    assert "return {}['D2']" in error.value.student_traceback


def test_forbidden_engines_are_refused_in_the_kernel_during_the_call(kernel):
    from gamekit.grading import engines_swapped_out

    conn, define = kernel
    define("delegates", lambda state, game: alphabeta_search(state, game))
    with engines_swapped_out(alphabeta_search), pytest.raises(GradingError, match="own engine"):
        conn.lookup("delegates")("A", first_tree())
    assert alphabeta_search("A", first_tree()) == "a2"  # restored afterwards


def test_a_kernel_that_reports_a_move_it_never_had_is_caught():
    from gamekit.trace import Trace

    trace = Trace(first_tree())
    with pytest.raises(RemoteProtocolError, match="not legal"):
        replay([trace.game], [["r", 0, 0, 99]], ["A"])
    with pytest.raises(RemoteProtocolError, match="never had"):
        replay([trace.game], [["t", 0, 7]], ["A"])
