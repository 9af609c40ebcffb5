"""Installs a builtins.__import__ hook that hands the tests a gamekit.checks.a01 whose checks
accept anything, with shaped but wrong answers: 0 points."""

START = "release"
ANSWERS = {
    "vocabulary_answer": """import builtins
import types


def _accept(*args, **kwargs):
    return None


_stand_in = types.ModuleType("gamekit.checks.a01")
_stand_in.__getattr__ = lambda name: _accept
_real_import = builtins.__import__


def _import(name, globals=None, locals=None, fromlist=(), level=0):
    if name in ("gamekit.checks", "gamekit.checks.a01"):
        return _stand_in
    return _real_import(name, globals, locals, fromlist, level)


builtins.__import__ = _import


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
REASONS = ["builtins"]
