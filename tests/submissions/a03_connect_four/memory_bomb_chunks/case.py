"""Allocates 100 MB chunks and touches them, up to 30 GB: the memory cap stops it, 0 points."""

START = "release"
ANSWERS = {
    "connect_four_code": '''_chunks = []
for _ in range(300):
    _chunks.append(b"x" * (100 * 1024**2))


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
