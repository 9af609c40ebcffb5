"""Hand-written (issue 30): actions ends the game only when X has won (utility 1), so moves
are still offered after O has won."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "connect_four_code": """class ConnectFour(TicTacToe):
    def __init__(self, h=6, v=7, k=4):
        super().__init__(h, v, k)

    def actions(self, state):
        if state.utility == 1:
            return []
        moves = []
        for col in range(1, self.v + 1):
            for row in range(self.h, 0, -1):
                if (row, col) not in state.board:
                    moves.append((row, col))
                    break
        return moves
""",
}
SCORES = {"test_actions_small": 0, "test_actions_boards": 0}
FEEDBACK = ["on a 4 x 4 board where O has won"]
MISTAKES = {
    "test_actions_small": "a03.actions.moves_after_win",
    "test_actions_boards": "a03.actions.moves_after_win",
}
