"""actions still offers a (taken) cell in a column that is full."""

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
            row = self.h
            while row > 1 and (row, col) in state.board:
                row -= 1
            moves.append((row, col))
        return moves
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_actions_small": 0, "test_actions_boards": 0}
FEEDBACK = ["keeps full columns"]
MISTAKES = {
    "test_actions_small": "a03.actions.full_columns_kept",
    "test_actions_boards": "a03.actions.full_columns_kept",
}
