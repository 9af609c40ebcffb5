"""actions and evaluate call gamekit's own Connect Four moves and evaluation."""

START = "solution"
ANSWERS = {
    "connect_four_code": '''import gamekit


class ConnectFour(TicTacToe):
    """Connect Four on h rows and v columns, k in a row to win."""

    def __init__(self, h=6, v=7, k=4):
        super().__init__(h, v, k)

    def actions(self, state):
        return gamekit.ConnectFour.actions(self, state)
''',
    "evaluate_code": """import gamekit.heuristics


def evaluate(state, player):
    return gamekit.heuristics.connect_four_eval(state, player)
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {
    "test_actions_small": 0,
    "test_actions_boards": 0,
    "test_evaluate_examples": 0,
    "test_evaluate_symmetry": 0,
    "test_evaluate_positions": 0,
    "test_depth_limited_play": 0,
}
FEEDBACK = ["calls gamekit's own code"]
FLAGGED = True  # the lint sees gamekit's engine called in an answer cell
REASONS = ["gamekit's own"]
