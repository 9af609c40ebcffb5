"""Hand-written: backup keeps Q as a count of wins (1 for a win, 1/2 for a draw, 0 for a loss,
the textbook's "wins out of playouts"), instead of adding the utility -1, 0 or +1."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "backup_code": """def win_points(end, game, player):
    result = game.utility(end, player)
    if result > 0:
        return 1
    if result == 0:
        return 0.5
    return 0


def backup(node, end, game):
    while node is not None:
        node.N += 1
        if node.player is not None:
            node.Q += win_points(end, game, node.player)
        node = node.parent
""",
}
SCORES = {"test_search_trees": 0, "test_search_tictactoe": 0}
FEEDBACK = ["returned [('a1', 1, 1), ('a2', 1, 0)], but should return [('a1', 1, 1), ('a2', 1, -1)]"]
MISTAKES = {"test_search_trees": "witness:search", "test_search_tictactoe": "witness:search"}
