"""actions forgets that a won position has no legal moves."""

START = "solution"
ANSWERS = {
    "connect_four_code": '''class ConnectFour(TicTacToe):
    """Connect Four on h rows and v columns, k in a row to win."""

    def __init__(self, h=6, v=7, k=4):
        super().__init__(h, v, k)

    def actions(self, state):
        moves = []
        for col in range(1, self.v + 1):
            for row in range(self.h, 0, -1):
                if (row, col) not in state.board:
                    moves.append((row, col))
                    break
        return moves
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_actions_small": 0, "test_actions_boards": 0}
FEEDBACK = ["someone has already won"]
MISTAKES = {
    "test_actions_small": "a03.actions.moves_after_win",
    "test_actions_boards": "a03.actions.moves_after_win",
}
