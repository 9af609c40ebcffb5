"""ucb1 scores an unvisited child 0 instead of math.inf."""

START = 'solution'
ANSWERS = {
    'ucb1_code': '''def ucb1(Q, N, parent_N, c):
    """The UCB1 score of a child visited N times with total result Q, whose parent was visited
    parent_N times: the mean Q/N plus c * sqrt(ln(parent_N) / N); math.inf when N == 0."""
    if N == 0:
        return 0.0
    return Q / N + c * math.sqrt(math.log(parent_N) / N)
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {'test_ucb1': 0}  # the search cells run with the course's ucb1 (one mistake, one charge)
FEEDBACK = ['is not math.inf', 'Q = 0, N = 0, parent_N = 1']
