"""The grader's side of a call into a student's kernel: plain data only, traces rebuilt here.

The kernel side runs in a thread of this process (`gamekit.checks.kernel.serve` answers from
``__main__``), so these tests need no kernel; the pipeline tests do the same through a real,
sandboxed one.
"""

from __future__ import annotations

import linecache
import math
import socket
import sys
import time

import pytest

from gamekit import TicTacToe, alphabeta_search, first_tree, run_traced
from gamekit.checks import GradingError, remote
from gamekit.checks import kernel as kernel_end
from gamekit.checks.remote import RemoteProtocolError, RemoteRef, encode
from gamekit.grader import connection
from gamekit.grader.connection import decode, replay


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

    kernel_end.start_serving_in_thread(path)
    conn = connection.connect(listener, time.monotonic() + 20)
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
    from gamekit.checks import engines_swapped_out

    conn, define = kernel
    define("delegates", lambda state, game: alphabeta_search(state, game))
    refused = pytest.raises(GradingError, match="the course.s own answer")
    with engines_swapped_out(alphabeta_search), refused:
        conn.lookup("delegates")("A", first_tree())
    assert alphabeta_search("A", first_tree()) == "a2"  # restored afterwards


def test_every_call_refuses_again_and_restores_and_a_rebound_name_is_refused_too(kernel):
    """The kernel finds a refused target's module once and keeps it; each call still swaps the
    function it holds at that moment, and puts it back afterwards."""
    import gamekit.search
    from gamekit.checks import engines_swapped_out

    conn, define = kernel
    define("delegates", lambda state, game: gamekit.search.alphabeta_search(state, game))
    delegates = conn.lookup("delegates")
    with engines_swapped_out(alphabeta_search):
        for _ in range(3):
            with pytest.raises(GradingError, match="the course.s own answer"):
                delegates("A", first_tree())

        def rebound(state, game):
            return "a1"

        original = gamekit.search.alphabeta_search
        gamekit.search.alphabeta_search = rebound  # what a student may do in their kernel
        try:
            with pytest.raises(GradingError, match="the course.s own answer"):
                delegates("A", first_tree())
            assert rebound("A", first_tree()) == "a1"  # its own code is back after the call
        finally:
            gamekit.search.alphabeta_search = original
    assert alphabeta_search("A", first_tree()) == "a2"  # restored afterwards


def test_call_each_makes_the_same_calls_as_one_by_one_in_one_round_trip(kernel):
    """`remote.call_each` asks the kernel once: the same calls in the same order, the values of
    those before the first that raises, and that exception as a lone call would raise it; a
    local function gives the same answers, and the engines stay refused during every call."""
    import gamekit.search
    from gamekit.checks import engines_swapped_out

    conn, define = kernel
    calls = []

    def key(state, move):
        calls.append(move)
        if move == "boom":
            raise ValueError(f"no key for {move}")
        if move == "engine":
            return gamekit.search.alphabeta_search("A", first_tree())
        return len(move)

    define("key", key)
    remote_key = conn.lookup("key")
    each = [("A", "a1"), ("A", "b22"), ("A", "boom"), ("A", "never")]
    before = conn.calls
    values, error = remote.call_each(remote_key, each)
    assert conn.calls == before + 1
    assert values == [2, 3] and calls == ["a1", "b22", "boom"]
    assert isinstance(error, ValueError) and str(error) == "no key for boom"
    assert "raise ValueError" in error.student_traceback
    calls.clear()
    local_values, local_error = remote.call_each(key, each)
    assert local_values == values and type(local_error) is ValueError
    assert calls == ["a1", "b22", "boom"]
    assert remote.call_each(remote_key, each[:2]) == ([2, 3], None)
    with engines_swapped_out(alphabeta_search):
        values, error = remote.call_each(remote_key, [("A", "a1"), ("A", "engine")])
    assert values == [2] and isinstance(error, GradingError)
    assert "the course's own answer" in str(error)
    assert alphabeta_search("A", first_tree()) == "a2"  # restored afterwards


def _asks(f, n, twist=None):
    """A course run for `run_ahead`: asks ``f`` about 0 .. n - 1, or about ``twist[i]`` for
    the i in ``twist`` (a run that differs from the kernel's from there on), and sums."""
    total = 0
    for i in range(n):
        total += f(twist.get(i, i) if twist else i, "X")
    return total


def _key(x, player):
    return f"{player}{x}"


def test_run_ahead_answers_a_whole_run_from_one_round_trip_and_calls_each_once(kernel):
    """The kernel runs the course's run once, with the real function; the grader's run gets
    the same answers as lone calls would give, in one round trip, and the student's function
    is called once per call, never again; a local function is left as it is."""
    conn, define = kernel
    calls = []

    def evaluate(x, player):
        calls.append(x)
        return x * x + 0.5

    define("evaluate", evaluate)
    student = conn.lookup("evaluate")
    assert remote.run_ahead(evaluate, _asks, 40, key=_key) is evaluate
    before = conn.calls
    ahead = remote.run_ahead(student, _asks, 40, key=_key)
    assert _asks(ahead, 40) == _asks(evaluate, 40)
    assert conn.calls == before + 1
    assert calls == list(range(40)) * 2  # the kernel's run, then the local one just above
    assert ahead.answered == 40 and not ahead.live


def test_run_ahead_raises_the_recorded_error_as_a_lone_call_would(kernel):
    import gamekit.search
    from gamekit.checks import engines_swapped_out

    conn, define = kernel
    calls = []

    def evaluate(x, player):
        calls.append(x)
        if x == 7:
            raise ValueError(f"no value for {x}")
        if x == 9:
            return gamekit.search.alphabeta_search("A", first_tree())
        return x

    define("evaluate", evaluate)
    student = conn.lookup("evaluate")
    ahead = remote.run_ahead(student, _asks, 12, key=_key)
    with pytest.raises(ValueError, match="no value for 7") as raised:
        _asks(ahead, 12)
    assert "raise ValueError" in raised.value.student_traceback
    assert calls == list(range(8))  # the kernel's run stopped there; the error came recorded
    with pytest.raises(ValueError, match="no value for 7") as lone:
        student(7, "X")
    assert type(lone.value) is type(raised.value)
    assert lone.value.student_traceback == raised.value.student_traceback
    calls.clear()
    ahead = remote.run_ahead(student, _asks, 12, key=_key)
    with engines_swapped_out(alphabeta_search), pytest.raises(GradingError) as refused:
        _asks(ahead, 12, twist={7: 70})
    assert "the course's own answer" in str(refused.value)
    assert alphabeta_search("A", first_tree()) == "a2"  # restored afterwards


def test_a_run_that_differs_from_the_kernels_goes_on_with_lone_calls(kernel, monkeypatch):
    """From the first call whose key is not the recorded one, and after the record (here cut
    at 10 calls), every call is a lone call: the answers stay the function's own."""
    conn, define = kernel
    calls = []

    def evaluate(x, player):
        calls.append(x)
        return -x

    define("evaluate", evaluate)
    student = conn.lookup("evaluate")
    ahead = remote.run_ahead(student, _asks, 20, key=_key)
    before = conn.calls
    assert _asks(ahead, 20, twist={5: 500}) == _asks(lambda x, p: -x, 20, twist={5: 500})
    assert ahead.answered == 5 and ahead.live
    assert conn.calls == before + 1 + 15
    assert calls == list(range(20)) + [500, *range(6, 20)]
    monkeypatch.setattr(kernel_end, "RECORD_LIMIT", 10)  # where the kernel reads it
    calls.clear()
    ahead = remote.run_ahead(student, _asks, 20, key=_key)
    before = conn.calls
    assert _asks(ahead, 20) == -sum(range(20))
    assert ahead.answered == 10 and conn.calls == before + 1 + 10
    assert calls == list(range(20))  # the record ended before a call, never after one


def test_a_forged_record_is_refused_or_read_as_the_kernels_own_answers(fake_kernel):
    """A reply that is not a list of (key, answer) pairs is refused; a record that does not
    fit the run only sends the run on with lone calls (whose answers the kernel gives)."""
    ref = lambda conn: remote.RemoteRef(conn, 1, "function", [], "")  # noqa: E731
    for reply in ({"calls": "12"}, {"calls": [[1, 2, 3]]}, {"calls": [], "failed": 3}):
        conn = fake_kernel(lambda sock, reply=reply: sock.sendall(frame(reply)))
        with pytest.raises(RemoteProtocolError):
            _asks(remote.run_ahead(ref(conn), _asks, 3, key=_key), 3)
    replies = iter([{"calls": [["X0", 5], ["Y1", 6]]}, {"value": 100}, {"value": 200}])
    conn = fake_kernel(lambda sock: sock.sendall(frame(next(replies))))
    assert _asks(remote.run_ahead(ref(conn), _asks, 3, key=_key), 3) == 5 + 100 + 200


def test_connect_four_games_played_ahead_give_the_verdicts_of_a_local_evaluate(kernel):
    """a03's depth-limited play, with the student's evaluate in the kernel: a handful of round
    trips instead of one per board, and the same verdict and message as the same function
    called in this process."""
    from gamekit.checks.a03.evaluate import window_eval
    from gamekit.checks.a03.play import check_depth_limited_play

    conn, define = kernel

    def flat(state, player):
        return 0.0

    define("good", window_eval)
    define("flat", flat)
    before = conn.calls
    check_depth_limited_play(conn.lookup("good"), seed=1618)
    assert conn.calls - before < 10
    with pytest.raises(GradingError) as local:
        check_depth_limited_play(flat, seed=1618)
    with pytest.raises(GradingError) as remotely:
        check_depth_limited_play(conn.lookup("flat"), seed=1618)
    assert str(remotely.value) == str(local.value) and "differed" in str(local.value)


def test_the_refusals_cross_once_and_hold_for_every_call(kernel):
    """Under one `engines_swapped_out`, the list of refusals goes with the first call only,
    and every call is refused all the same; a new list (here none) goes with the next call;
    after a call that failed the list goes again; a call naming a list the kernel never got is
    the grader's protocol error, not the student's."""
    import gamekit.search
    from gamekit.checks import engines_swapped_out

    conn, define = kernel

    def student(n):
        return gamekit.search.alphabeta_search("A", first_tree()) if n else "no search"

    define("student", student)
    remote_student = conn.lookup("student")
    number = conn.forbid_sent[0]
    with engines_swapped_out(alphabeta_search):
        assert remote_student(0) == "no search"
        assert conn.forbid_sent == (number + 1, list(remote._forbidden))
        assert remote_student(0) == "no search" and conn.forbid_sent[0] == number + 1
        for _ in range(2):  # refused with the list sent once, then sent again after a failure
            with pytest.raises(GradingError, match="the course's own answer"):
                remote_student(1)
        assert conn.forbid_sent[1] is None
        assert remote_student(0) == "no search"
        assert conn.forbid_sent == (number + 3, list(remote._forbidden))
    assert remote_student(1) == "a2" and conn.forbid_sent == (number + 4, [])
    conn.forbid_sent = (number + 9, [])  # as if a list the kernel never got had been sent
    with pytest.raises(RemoteProtocolError, match="never came"):
        remote_student(1)


def test_call_each_refuses_a_reply_with_more_or_fewer_values_than_calls(fake_kernel):
    for reply in ({"values": [1, 2, 3]}, {"values": [1]}, {"values": "12"}):
        conn = fake_kernel(lambda sock, reply=reply: sock.sendall(frame(reply)))
        with pytest.raises(RemoteProtocolError):
            remote.call_each(remote.RemoteRef(conn, 1, "function", [], ""), [(1,), (2,)])


def test_a_kernel_that_reports_a_move_it_never_had_is_caught():
    from gamekit.trace import Trace

    trace = Trace(first_tree())
    with pytest.raises(RemoteProtocolError, match="not legal"):
        replay([trace.game], [["r", 0, 0, 99]], ["A"])
    with pytest.raises(RemoteProtocolError, match="never had"):
        replay([trace.game], [["t", 0, 7]], ["A"])


# --------------------------------------------------------------------------------------------
# The grader bounds its own work: a whole-reply deadline, caps on what a reply may ask of it
# --------------------------------------------------------------------------------------------


@pytest.fixture
def fake_kernel(tmp_path):
    """A kernel end of the socket that the test scripts byte by byte: ``start(answer)`` runs
    ``answer(sock)`` in a thread for each request the grader sends; returns the connection."""
    import threading

    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(tmp_path / "fake.sock"))
    listener.listen(1)
    opened = []

    def start(answer, seconds=20.0, limits=remote.LIMITS):
        def run():
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.connect(str(tmp_path / "fake.sock"))
            opened.append(sock)
            try:
                while True:
                    remote.recv_frame(sock)  # the grader's request
                    answer(sock)
            except (OSError, RemoteProtocolError):
                pass

        threading.Thread(target=run, daemon=True).start()
        return connection.connect(listener, time.monotonic() + seconds, limits)

    yield start
    for sock in opened:
        sock.close()
    listener.close()


def frame(reply: dict) -> bytes:
    import json
    import struct

    payload = json.dumps(reply).encode()
    return struct.pack("!I", len(payload)) + payload


def test_a_reply_that_trickles_in_is_cut_at_the_cells_deadline(fake_kernel):
    """A valid reply sent one byte every 0.05 s takes about 1.5 s whole; the cell has 0.5 s.
    Each byte comes well inside any per-recv timeout: only a deadline for the whole reply
    stops it, and then the grader has read part of it only."""
    sent = []

    def drip(sock):
        for byte in frame({"value": "a1", "padding": "." * 10}):
            sock.sendall(bytes([byte]))
            sent.append(byte)
            time.sleep(0.05)

    conn = fake_kernel(drip, seconds=0.5)
    with pytest.raises(connection.CellTimeout):
        conn.lookup("anything")
    assert 0 < len(sent) < len(frame({"value": "a1", "padding": "." * 10}))


def test_a_reply_whose_header_claims_too_many_bytes_is_refused_before_reading_it(fake_kernel):
    import struct

    conn = fake_kernel(lambda sock: sock.sendall(struct.pack("!I", 100 * 1024 * 1024)))
    with pytest.raises(remote.ReplyLimitError, match=r"104,857,600 bytes long, the limit is"):
        conn.lookup("anything")


def test_a_forged_flood_of_trace_events_is_refused_per_call_and_per_cell(fake_kernel):
    limits = remote.ReplyLimits(events_per_call=1_000, events_per_cell=1_500)
    events = {"value": "a1", "events": [["t", 0, 0]] * 800}
    conn = fake_kernel(lambda sock: sock.sendall(frame(events)), limits=limits)
    game = remote.RemoteRef(conn, 1, "function", [], "")
    trace_game = __import__("gamekit.trace", fromlist=["Trace"]).Trace(first_tree()).game
    assert game("A", trace_game) == "a1"  # 800 events: replayed
    assert conn.events == 800
    with pytest.raises(remote.ReplyLimitError, match=r"1,600 trace events .* 1,500 per cell"):
        game("A", trace_game)

    conn2 = fake_kernel(
        lambda sock: sock.sendall(frame({"value": None, "events": [["t", 0, 0]] * 1_001})),
        limits=limits,
    )
    with pytest.raises(
        remote.ReplyLimitError, match=r"carried 1,001 trace events .* the limit is 1,000 per call"
    ):
        remote.RemoteRef(conn2, 1, "function", [], "")("A", trace_game)


def test_an_engine_that_asks_too_many_questions_loses_the_call(kernel, monkeypatch):
    """The honest flood, through the real kernel side: an engine asking 1,500 cheap questions
    when a call may carry 1,000 events. The kernel's own log stops at the limit first."""
    conn, define = kernel
    limits = remote.ReplyLimits(events_per_call=1_000)
    monkeypatch.setattr(kernel_end, "LIMITS", limits)  # where the kernel's log reads it
    conn.limits = limits

    def chatty(state, game):
        for _ in range(1_500):
            game.terminal_test(state)
        return "a1"

    define("chatty", chatty)
    with pytest.raises(MemoryError, match="over 1,000 questions"):
        run_traced(conn.lookup("chatty"), "A", first_tree())


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (list(range(2_001)), r"over 2,000 values"),
        ("x" * 501, r"a string of 501 characters, the limit is 500"),
        ({"k": [[[[[[1]]]]]]}, None),
    ],
)
def test_decoded_values_are_bounded(value, message):
    limits = remote.ReplyLimits(values=2_000, string_chars=500)
    data = encode(value, no_refs)
    if message is None:
        assert decode(data, budget=connection._Budget(limits)) == value
        return
    with pytest.raises(remote.ReplyLimitError, match=message):
        decode(data, budget=connection._Budget(limits))


def test_nesting_beyond_the_limit_is_refused_not_a_recursion_error():
    deep: list = []
    for _ in range(remote.MAX_DEPTH + 5):
        deep = [deep]
    with pytest.raises(remote.ReplyLimitError, match="nested over 200 levels"):
        decode(deep)


def test_a_reply_nested_past_the_json_parser_is_a_protocol_error(fake_kernel):
    import struct

    payload = b"[" * 200_000 + b"]" * 200_000
    conn = fake_kernel(lambda sock: sock.sendall(struct.pack("!I", len(payload)) + payload))
    with pytest.raises(RemoteProtocolError, match="not JSON"):
        conn.lookup("anything")


def test_replay_stops_at_the_deadline():
    from gamekit.trace import Trace

    trace = Trace(first_tree())
    events = [["t", 0, 0]] * 5_000
    with pytest.raises(connection.CellTimeout, match="5,000 trace events ran past"):
        replay([trace.game], events, ["A"], deadline=time.monotonic() - 1)
    replay([trace.game], events, ["A"], deadline=time.monotonic() + 60)  # in time: replayed


def test_a_kernel_that_never_connects_costs_the_cell_its_deadline_only(tmp_path):
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(tmp_path / "silent.sock"))
    listener.listen(1)
    try:
        with pytest.raises(connection.CellTimeout, match="did not answer"):
            connection.connect(listener, time.monotonic() + 0.3)
    finally:
        listener.close()
