"""ucb1 subtracts the exploration term (an uncatalogued mistake: the message is a witness)."""

START = 'solution'
ANSWERS = {
    'ucb1_code': '''def ucb1(Q, N, parent_N, c):
    if N == 0:
        return math.inf
    return Q / N - c * math.sqrt(math.log(parent_N) / N)
''',
}
SCORES = {'test_ucb1': 0}  # the search cells run with the course's ucb1 (one mistake, one charge)
FEEDBACK = ['ucb1 on Q = 1, N = 1, parent_N = 2, c = 1 returned 0.1674, but should return 1.833']
MISTAKES = {'test_ucb1': 'witness:ucb1'}
