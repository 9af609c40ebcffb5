"""Answers are objects whose __eq__ always returns True: they earn nothing."""

START = "solution"
ANSWERS = {
    "vocabulary_answer": '''class Anything:
    """Equal to everything."""

    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0


def tree_vocabulary():
    return Anything()
''',
    "hand_values_answer": '''class Anything:
    """Equal to everything."""

    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0


def minimax_values_by_hand():
    return {node: Anything() for node in "ABCDEFGHI"}
''',
    "minimax_value_code": '''class Anything:
    """Equal to everything."""

    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0


def minimax_value(state, game, player):
    return Anything()
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_vocabulary": 0, "test_hand_values": 0, "test_minimax_value": 0}
FEEDBACK = ["type the values you worked out by hand", "should be a number"]
