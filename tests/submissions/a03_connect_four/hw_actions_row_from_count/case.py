"""Hand-written (issue 30): actions counts the pieces in each column and plays at row
count + 1, counting from the top instead of from the bottom."""

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
        for col in range(1, self.v + 1):
            pieces = sum(1 for (r, c) in state.board if c == col)
            if pieces < self.h:
                moves.append((pieces + 1, col))
        return moves
""",
}
SCORES = {"test_actions_small": 0, "test_actions_boards": 0}
FEEDBACK = [
    "returns cells that are not the lowest empty cell of their column",
    "it returned [(1, 1), (1, 2), (1, 3), (1, 4)]",
]
MISTAKES = {"test_actions_small": "witness:actions", "test_actions_boards": "witness:actions"}
