"""backup adds the result to Q of the new node only, and N on the whole path."""

START = 'solution'
ANSWERS = {
    'backup_code': '''def backup(node, end, game):
    if node.player is not None:
        node.Q += game.utility(end, node.player)
    while node is not None:
        node.N += 1
        node = node.parent
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {'test_search_trees': 0, 'test_search_tictactoe': 0, 'test_converges': 0}
FEEDBACK = ['Q is only updated at the new node']
