"""minimax_value hands its work to the correct minimax_value the grader sends into the kernel
as a stand-in (while it grades minimax_decision): the stand-in is refused while the student's
own minimax_value is graded, so that cell scores 0; minimax_decision is the reference's and
keeps its points."""

START = "solution"
ANSWERS = {
    "minimax_value_code": """from gamekit.checks.a01.engines import correct_minimax_value


def minimax_value(state, game, player):
    return correct_minimax_value()(state, game, player)
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_minimax_value": 0}
FEEDBACK = ["is the course's own answer"]
FLAGGED = True  # the lint sees an answer cell import the course's grading code
REASONS = ["grading"]
