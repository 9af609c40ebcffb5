"""Hand-written: select counts the visit on the way down (N += 1 at every node it passes,
the leaf included), and backup then only adds the results to Q. The node chosen by expand is
never counted, and a leaf is expanded on its first visit."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "select_code": """def select(node, c):
    node.N += 1  # we are visiting the root now
    while node.children:
        node = max(node.children, key=lambda child: ucb1(child.Q, child.N, node.N, c))
        node.N += 1
    return node
""",
    "backup_code": """def backup(node, end, game):
    # N was already counted by select on the way down
    while node.parent is not None:
        node.Q += game.utility(end, node.player)
        node = node.parent
""",
}
SCORES = {"test_search_trees": 0, "test_search_tictactoe": 0}
FEEDBACK = ["returned [('a1', 0, 1), ('a2', 0, 0)], but should return [('a1', 1, 1), ('a2', 0, 0)]"]
MISTAKES = {"test_search_trees": "witness:search", "test_search_tictactoe": "witness:search"}
