"""Answers are objects whose == is always True (a list, a float and a dict)."""

START = "solution"
ANSWERS = {
    "connect_four_code": '''class Anything(list):
    def __eq__(self, other):
        return True


class ConnectFour(TicTacToe):
    """Connect Four on h rows and v columns, k in a row to win."""

    def __init__(self, h=6, v=7, k=4):
        super().__init__(h, v, k)

    def actions(self, state):
        return Anything()
''',
    "evaluate_code": """class Number(float):
    def __eq__(self, other):
        return True

    __hash__ = float.__hash__


def evaluate(state, player):
    return Number(0)
""",
    "score_summary_code": """class Summary(dict):
    def __eq__(self, other):
        return True

    def __getitem__(self, key):
        return Summary()


def score_summary(series):
    return Summary()
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
    "test_score_summary": 0,
}
FEEDBACK = ["should be a list", "should be a number", "should return a dict"]
