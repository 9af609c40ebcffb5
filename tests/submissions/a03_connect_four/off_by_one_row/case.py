"""actions counts the pieces of a column but puts the move one row too high."""

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
        for col in range(1, self.v + 1):
            count = sum(1 for (row, c) in state.board if c == col)
            if count < self.h:
                moves.append((self.h - count - 1, col))
        return moves
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_actions_small": 0, "test_actions_boards": 0}
FEEDBACK = ["off by one row"]
MISTAKES = {
    "test_actions_small": "a03.actions.off_by_one_row",
    "test_actions_boards": "a03.actions.off_by_one_row",
}
