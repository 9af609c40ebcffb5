"""expand returns the last new child instead of the first (uncatalogued: a witness)."""

START = 'solution'
ANSWERS = {
    'expand_code': '''def expand(node, game):
    if game.terminal_test(node.state) or (node.N == 0 and node.parent is not None):
        return node
    mover = game.to_move(node.state)
    for move in game.actions(node.state):
        node.children.append(Node(game.result(node.state, move), move, node, mover))
    return node.children[-1]
''',
}
SCORES = {'test_search_trees': 0, 'test_search_tictactoe': 0}
FEEDBACK = ['after 1 iteration (seed 0) returned', 'expands, then takes the first new child']
MISTAKES = {'test_search_trees': 'witness:search', 'test_search_tictactoe': 'witness:search'}
