"""ucb1 leaves out the square root, and select, expand, rollout and backup are right: the
mistake costs Part 1 only. The search cells run the search with the course's ucb1 in place of
this one, keep their points, and print a note that points to Part 1; convergence keeps its own."""

START = 'solution'
ANSWERS = {
    'ucb1_code': '''def ucb1(Q, N, parent_N, c):
    if N == 0:
        return math.inf
    return Q / N + c * math.log(parent_N) / N
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {'test_ucb1': 0}
FEEDBACK = [
    'ucb1 leaves out the square root',
    "this cell runs your search with the course's ucb1 in place of yours, and its rows are right",
    'See Part 1 (ucb1)',
]
MISTAKES = {'test_ucb1': 'a05.ucb1.no_square_root'}
