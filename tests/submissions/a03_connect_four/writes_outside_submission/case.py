"""Writes files outside its folder (~, /tmp, /var/tmp, /dev/shm, .., the course root): none
reaches the host, 0 points."""

START = "release"
ANSWERS = {
    "connect_four_code": '''from pathlib import Path

import gamekit

_targets = [
    Path.home() / "pwned-home.txt",
    Path("/tmp/pwned-tmp.txt"),
    Path("/var/tmp/pwned-var-tmp.txt"),
    Path("/dev/shm/pwned-shm.txt"),
    Path("../pwned-parent.txt"),
    Path("../../../pwned-three-up.txt"),
    Path(gamekit.__file__).resolve().parents[1] / "pwned-course-root.txt",
]
for _target in _targets:
    try:
        _target.write_text("written by the fixture submission writes_outside_submission\\n")
        print("wrote", _target)
    except OSError as error:
        print("could not write", _target, error)


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
STATUS = "graded"
FLAGGED = True
REASONS = ["outside the submission"]
