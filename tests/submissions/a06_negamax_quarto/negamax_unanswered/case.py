"""negamax is left unanswered (the stub raises NotImplementedError) while best_move, which calls
it, is written: Part 1 scores 0, best_move is graded with the course's negamax in place of the
stub and keeps its points, with a note that points to Part 1."""

START = "solution"
ANSWERS = {
    "negamax_code": '''def negamax(state, game, alpha=-math.inf, beta=math.inf):
    """The value of `state` for the player to move, by negamax with alpha-beta (fail-soft):
    exact when it lies strictly between alpha and beta, otherwise a bound on the same side."""
    # YOUR CODE HERE
    raise NotImplementedError()
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_negamax_values": 0, "test_negamax_window": 0}
FEEDBACK = [
    "this cell runs your best_move with the course's negamax in place of yours, and it is right",
    "your negamax is not answered yet",
]
