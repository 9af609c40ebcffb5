"""The answer cell replaces the kernel's refusal hook with a no-op, then calls gamekit's
negamax_search: the hook was never the defence, the sandbox's gamekit has no such engine."""

START = "solution"
ANSWERS = {
    "negamax_code": """import contextlib

import gamekit.checks.kernel as _remote
from gamekit import negamax_search

_remote._refusing = lambda *args, **kwargs: contextlib.nullcontext()


def negamax(state, game, alpha=-math.inf, beta=math.inf):
    value, _ = negamax_search(state, game, with_value=True)
    return value
""",
}
SCORES = {"test_negamax_values": 0, "test_negamax_window": 0}  # best_move runs with the course's negamax
FLAGGED = True  # the lint sees it too; the verdict does not depend on the lint
FEEDBACK = ["calls gamekit's own code"]
