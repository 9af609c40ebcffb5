"""backup adds every result from the view of the player at the root."""

START = 'solution'
ANSWERS = {
    'backup_code': '''def backup(node, end, game):
    root = node
    while root.parent is not None:
        root = root.parent
    me = game.to_move(root.state)  # the mistake: one view for every node
    while node is not None:
        node.N += 1
        if node.player is not None:
            node.Q += game.utility(end, me)
        node = node.parent
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {'test_search_trees': 0, 'test_search_tictactoe': 0, 'test_converges': 0}
FEEDBACK = ["not seen from the other player's view"]
MISTAKES = {'test_search_trees': 'a05.search.not_negated', 'test_search_tictactoe': 'a05.search.not_negated'}
