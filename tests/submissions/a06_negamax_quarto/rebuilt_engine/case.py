"""negamax delegates to a copy of gamekit's negamax_search rebuilt from its __code__ before any
check runs: a copy the per-call refusal cannot reach. The sandbox's gamekit has only the
refusing version, so the copy refuses too."""

START = "solution"
ANSWERS = {
    "negamax_code": """import importlib
import types

_engine = importlib.import_module("gamekit.negamax").negamax_search
_copy = types.FunctionType(_engine.__code__, _engine.__globals__, "helper", _engine.__defaults__)
_copy.__kwdefaults__ = _engine.__kwdefaults__


def negamax(state, game, alpha=-math.inf, beta=math.inf):
    value, _ = _copy(state, game, with_value=True)
    return value
""",
}
SCORES = {"test_negamax_values": 0, "test_negamax_window": 0}  # best_move runs with the course's negamax
FLAGGED = True  # the lint sees it too; the verdict does not depend on the lint
FEEDBACK = ["calls gamekit's own code"]
