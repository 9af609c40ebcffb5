"""backup counts the visit at the new node only, and Q on the whole path."""

START = 'solution'
ANSWERS = {
    'backup_code': '''def backup(node, end, game):
    node.N += 1
    while node is not None:
        if node.player is not None:
            node.Q += game.utility(end, node.player)
        node = node.parent
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {'test_search_trees': 0, 'test_search_tictactoe': 0, 'test_converges': 0}
FEEDBACK = ['search raised ValueError: math domain error', 'in iteration 2 of the expected search']
