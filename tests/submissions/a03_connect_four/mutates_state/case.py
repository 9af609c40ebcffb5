"""actions removes the cells that cannot be played from state.moves, in place."""

START = "solution"
ANSWERS = {
    "connect_four_code": '''class ConnectFour(TicTacToe):
    """Connect Four on h rows and v columns, k in a row to win."""

    def __init__(self, h=6, v=7, k=4):
        super().__init__(h, v, k)

    def actions(self, state):
        if state.utility != 0:
            return []
        free = state.moves
        for row, col in list(free):
            if row < self.h and (row + 1, col) not in state.board:
                free.remove((row, col))
        return list(free)
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_actions_small": 0, "test_actions_boards": 0}
FEEDBACK = ["tries to change the state"]
