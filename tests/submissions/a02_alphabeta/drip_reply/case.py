"""Drip-feeds its reply: the first time the grader calls alphabeta_search, it finds the grader's
socket in its caller's frames and sends a reply one byte every 2 s, forever. The whole reply
has the cell's wall-clock cap (3 x its 20 s of CPU time, not that per byte): that cell is lost
at its deadline, the rest grades."""

START = "solution"
ANSWERS = {
    "alphabeta_code": '''import socket
import struct
import sys
import time

_dripped = []


def _grader_socket():
    frame = sys._getframe(1)
    while frame is not None:
        found = frame.f_locals.get("sock")
        if isinstance(found, socket.socket):
            return found
        frame = frame.f_back
    return None


def alphabeta_search(state, game):
    sock = _grader_socket()
    if sock is not None and not _dripped:
        _dripped.append(True)
        try:
            sock.sendall(struct.pack("!I", 10_000))
            while True:
                sock.send(b" ")
                time.sleep(2)
        except OSError:
            return None
    player = game.to_move(state)

    def max_value(state, alpha, beta):
        if game.terminal_test(state):
            return game.utility(state, player), None
        v, best = -inf, None
        for a in game.actions(state):
            child_value, _ = min_value(game.result(state, a), alpha, beta)
            if child_value > v:
                v, best = child_value, a
            if v >= beta:
                return v, best
            alpha = max(alpha, v)
        return v, best

    def min_value(state, alpha, beta):
        if game.terminal_test(state):
            return game.utility(state, player), None
        v, best = inf, None
        for a in game.actions(state):
            child_value, _ = max_value(game.result(state, a), alpha, beta)
            if child_value < v:
                v, best = child_value, a
            if v <= alpha:
                return v, best
            beta = min(beta, v)
        return v, best

    return max_value(state, -inf, inf)[1]
''',
}
SCORES = {"test_alphabeta_search": 0}
FEEDBACK = ["stopped after 60 s, the cap on the time a cell may run"]
STATUS = "graded"
FLAGGED = True  # the lint sees sys._getframe and socket: flagged, and graded all the same
REASONS = ["sys._getframe"]
