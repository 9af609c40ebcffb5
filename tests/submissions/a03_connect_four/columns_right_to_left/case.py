"""control: the right moves, listed from the right-most column to the left (order is free)."""

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
        for col in range(self.v, 0, -1):
            for row in range(self.h, 0, -1):
                if (row, col) not in state.board:
                    moves.append((row, col))
                    break
        return moves
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {}
FEEDBACK = []
