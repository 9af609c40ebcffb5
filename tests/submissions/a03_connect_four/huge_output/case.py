"""Prints 50 MB: the output kept is cut, grading goes on, 0 points."""

START = "release"
ANSWERS = {
    "connect_four_code": '''_line = "x" * (1024**2 - 1)
for _ in range(50):
    print(_line)


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
FLAGGED = False
REASONS = []
