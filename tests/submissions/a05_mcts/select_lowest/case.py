"""select walks to the child with the lowest UCB1 (uncatalogued: the message is a witness)."""

START = 'solution'
ANSWERS = {
    'select_code': '''def select(node, c):
    while node.children:
        node = min(node.children, key=lambda child: ucb1(child.Q, child.N, node.N, c))
    return node
''',
}
SCORES = {'test_search_trees': 0, 'test_search_tictactoe': 0, 'test_converges': 0}
FEEDBACK = ["returned [('a1', 2, 2), ('a2', 0, 0)]", "in iteration 2 of the expected search, selection goes 'a2' (UCB1 inf)"]
MISTAKES = {'test_search_trees': 'witness:search', 'test_search_tictactoe': 'witness:search'}
