"""ucb1 takes the log of the child's visit count instead of the parent's."""

START = 'solution'
ANSWERS = {
    'ucb1_code': '''def ucb1(Q, N, parent_N, c):
    """The UCB1 score of a child visited N times with total result Q, whose parent was visited
    parent_N times: the mean Q/N plus c * sqrt(ln(parent_N) / N); math.inf when N == 0."""
    if N == 0:
        return math.inf
    return Q / N + c * math.sqrt(math.log(N) / N)
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {'test_ucb1': 0}  # the search cells run with the course's ucb1 (one mistake, one charge)
FEEDBACK = ["takes the log of the child's visit count", "with the course's ucb1 in place of yours"]
MISTAKES = {'test_ucb1': 'a05.ucb1.log_of_child'}
