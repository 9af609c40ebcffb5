"""backup stops before the root, so the root's N stays 0 (uncatalogued: the raise is shown)."""

START = 'solution'
ANSWERS = {
    'backup_code': '''def backup(node, end, game):
    while node.parent is not None:
        node.N += 1
        node.Q += game.utility(end, node.player)
        node = node.parent
''',
}
SCORES = {'test_search_trees': 0, 'test_search_tictactoe': 0, 'test_converges': 0}
FEEDBACK = ['search raised ValueError: math domain error', 'in iteration 2 of the expected search']
MISTAKES = {'test_search_trees': 'raised:search', 'test_search_tictactoe': 'raised:search'}
