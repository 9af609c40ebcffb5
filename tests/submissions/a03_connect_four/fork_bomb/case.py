"""Forks up to 500 children that sleep 60 s: the process cap stops it, grading fails with that
reason, and no child outlives the sandbox."""

START = "release"
ANSWERS = {
    "connect_four_code": '''import os
import time

for _ in range(500):
    try:
        if os.fork() == 0:
            time.sleep(60)
            os._exit(0)
    except OSError:
        break


class ConnectFour(TicTacToe):
    """Connect Four on h rows and v columns, k in a row to win."""

    def __init__(self, h=6, v=7, k=4):
        super().__init__(h, v, k)

    def actions(self, state):
        raise NotImplementedError()
''',
}
SCORES = {}
FEEDBACK = []
STATUS = "failed"
FLAGGED = True
REASONS = ["processes", "os.fork"]
