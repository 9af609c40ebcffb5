"""Deletes gamekit.checks and gamekit.checks.a01 from sys.modules and puts stand-ins whose
checks accept anything in their place, with shaped but wrong answers: 0 points."""

START = "release"
ANSWERS = {
    "vocabulary_answer": """import sys
import types

import gamekit


def _accept(*args, **kwargs):
    return None


del sys.modules["gamekit.checks.a01"]
del sys.modules["gamekit.checks"]
for _name in ("gamekit.checks", "gamekit.checks.a01"):
    _stand_in = types.ModuleType(_name)
    _stand_in.__getattr__ = lambda name: _accept
    _stand_in.__path__ = []
    sys.modules[_name] = _stand_in
gamekit.checks = sys.modules["gamekit.checks"]
gamekit.checks.a01 = sys.modules["gamekit.checks.a01"]


def tree_vocabulary():
    return {"states_at_ply_1": 0, "states_at_ply_2": 0, "terminal_states": 0,
            "deepest_ply": 0, "utility_for_X": 0}
""",
    "hand_values_answer": """def minimax_values_by_hand():
    return {"A": 0, "B": 0, "C": 0, "D": 0, "E": 0, "F": 0, "G": 0, "H": 0, "I": 0}
""",
    "minimax_value_code": """def minimax_value(state, game, player):
    return 0
""",
}
SCORES = {}
FEEDBACK = []
STATUS = "graded"
FLAGGED = True
REASONS = ["sys.modules"]
