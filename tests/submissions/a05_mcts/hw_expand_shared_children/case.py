"""Hand-written: expand remembers the children it made for each position in a global table and
hands the same Node objects back when the position comes again ("to reuse the tree"), so a
second search starts from the first one's statistics."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "expand_code": """made_children = {}


def expand(node, game):
    if game.terminal_test(node.state):
        return node
    if node.N == 0 and node.parent is not None:
        return node
    if node.state in made_children:
        node.children = made_children[node.state]
    else:
        mover = game.to_move(node.state)
        for move in game.actions(node.state):
            node.children.append(Node(game.result(node.state, move), move, node, mover))
        made_children[node.state] = node.children
    return node.children[0]
""",
}
SCORES = {"test_search_trees": 0, "test_search_tictactoe": 0, "test_converges": 0}
FEEDBACK = ["gave [('a1', 3, 4), ('a2', 16, 82), ('a3', 1, -1), ('a4', 1, 3)], then", 'keep nothing from one search to the next']
MISTAKES = {"test_search_trees": "a05.unseeded", "test_search_tictactoe": "a05.unseeded", "test_converges": "a05.not_converging"}
