"""actions loops over range(1, self.v), so the right-most column never has a move (uncatalogued:
the message is a witness on the smallest public probe board)."""

START = "solution"
ANSWERS = {
    "connect_four_code": '''class ConnectFour(TicTacToe):
    """Connect Four on h rows and v columns, k in a row to win."""

    def __init__(self, h=6, v=7, k=4):
        super().__init__(h, v, k)

    def actions(self, state):
        if state.utility != 0:
            return []
        moves = []
        for col in range(1, self.v):
            for row in range(self.h, 0, -1):
                if (row, col) not in state.board:
                    moves.append((row, col))
                    break
        return moves
''',
}
SCORES = {"test_actions_small": 0, "test_actions_boards": 0}
FEEDBACK = [
    "actions misses a column that can still be played (on the probe board .... / .... / .... / "
    ".... (4 x 4, k = 3, rows from the top; X to move): it returned [(4, 1), (4, 2), (4, 3)])",
    "column 4 -> (4, 4)",
]
MISTAKES = {"test_actions_small": "witness:actions", "test_actions_boards": "witness:actions"}
