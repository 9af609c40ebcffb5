"""Leaves minimax_value unwritten and installs an IPython input transformer that turns every
later cell, the tests included, into `pass`. The guarded autograder resets IPython's
transformers before each test cell, so the tests run and the missing answer scores 0."""

START = "solution"
ANSWERS = {
    "minimax_value_code": """def _skip_cell(lines):
    return ["pass\\n"]


get_ipython().input_transformers_cleanup.append(_skip_cell)


def minimax_value(state, game, player):
    raise NotImplementedError()
""",
}
SCORES = {"test_minimax_value": 0}
FEEDBACK = ["NotImplementedError"]
FLAGGED = True  # the lint sees the kernel hook
REASONS = ["get_ipython"]
