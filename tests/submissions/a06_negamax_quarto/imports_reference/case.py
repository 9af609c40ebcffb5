"""negamax is the grader's own reference, imported from gamekit.checks.a06: in the sandbox
the reference refuses."""

START = "solution"
ANSWERS = {
    "negamax_code": """from gamekit.checks.a06 import reference


def negamax(state, game, alpha=-math.inf, beta=math.inf):
    return reference(state, game, alpha, beta)
""",
}
SCORES = {"test_negamax_values": 0, "test_negamax_window": 0}  # best_move runs with the course's negamax
FLAGGED = True  # the lint sees it too; the verdict does not depend on the lint
FEEDBACK = ["calls gamekit's own code"]
