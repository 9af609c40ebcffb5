"""Answers call gamekit's negamax_search, and quarto_order the grader's own key."""

START = "solution"
ANSWERS = {
    "negamax_code": """from gamekit import negamax_search


def negamax(state, game, alpha=-math.inf, beta=math.inf):
    value, _ = negamax_search(state, game, with_value=True)
    return value
""",
    "best_move_code": """def best_move(state, game):
    return gamekit.negamax_search(state, game, with_value=True)
""",
    "counted_search_code": """from gamekit.trace import run_traced


def counted_search(state, game, order=None):
    (value, move), trace = run_traced(
        gamekit.negamax_search, state, game, order=order, with_value=True
    )
    return {"value": value, "move": move, "nodes": trace.stats.nodes, "cutoffs": 0}
""",
    "quarto_order_code": """from gamekit.checks.a06 import reference_order


def quarto_order(game, state, move):
    return reference_order(game, state, move)
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {
    "test_negamax_values": 0,
    "test_negamax_window": 0,
    "test_best_move": 0,
    "test_counted_search": 0,
    "test_counted_order": 0,
    "test_ordering": 0,
}
FEEDBACK = ["calls gamekit's own code"]
FLAGGED = True  # the lint sees gamekit's engine called in an answer cell
REASONS = ["gamekit's own"]
