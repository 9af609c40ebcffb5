"""actions keeps TicTacToe's rule: every empty cell is a legal move."""

START = "solution"
ANSWERS = {
    "connect_four_code": '''class ConnectFour(TicTacToe):
    """Connect Four on h rows and v columns, k in a row to win."""

    def __init__(self, h=6, v=7, k=4):
        super().__init__(h, v, k)

    def actions(self, state):
        return super().actions(state)
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_actions_small": 0, "test_actions_boards": 0}
FEEDBACK = ["returns every empty cell"]
MISTAKES = {
    "test_actions_small": "a03.actions.every_empty_cell",
    "test_actions_boards": "a03.actions.every_empty_cell",
}
