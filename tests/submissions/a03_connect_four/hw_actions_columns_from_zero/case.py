"""Hand-written (issue 30): actions numbers the columns from 0 (range(self.v)), so it offers
column 0, off the board, and never the last column."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "connect_four_code": """class ConnectFour(TicTacToe):
    def __init__(self, h=6, v=7, k=4):
        super().__init__(h, v, k)

    def actions(self, state):
        if state.utility != 0:
            return []
        moves = []
        for col in range(self.v):
            for row in range(self.h, 0, -1):
                if (row, col) not in state.board:
                    moves.append((row, col))
                    break
        return moves
""",
}
SCORES = {"test_actions_small": 0, "test_actions_boards": 0}
FEEDBACK = ["returns a cell outside the 4 x 4 board: (4, 0)"]
MISTAKES = {"test_actions_small": "witness:actions", "test_actions_boards": "witness:actions"}
