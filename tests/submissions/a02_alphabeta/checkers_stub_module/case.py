"""Puts a stand-in gamekit.checks.a02 whose checks accept anything into sys.modules: 0 points."""

START = "release"
ANSWERS = {
    "intervals_answer": """import sys
import types

import gamekit.checks


def _accept(*args, **kwargs):
    return None


_stand_in = types.ModuleType("gamekit.checks.a02")
_stand_in.__getattr__ = lambda name: _accept  # every attribute is a check that passes
sys.modules["gamekit.checks.a02"] = _stand_in
gamekit.checks.a02 = _stand_in
a02 = _stand_in


def intervals_by_hand():
    return {"A": (0, 0)}
""",
    "pruned_answer": """def pruned_by_hand():
    return set()
""",
}
SCORES = {}
FEEDBACK = []
STATUS = "graded"
FLAGGED = True
REASONS = ["sys.modules"]
