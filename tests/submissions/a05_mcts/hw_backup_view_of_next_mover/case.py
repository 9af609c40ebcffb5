"""Hand-written: backup adds to each node the result for the player to move *at* that node
(game.to_move(node.state)), not for the player who moved into it, and skips the root by its
parent; every Q has the wrong sign."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "backup_code": """def backup(node, end, game):
    current = node
    while current is not None:
        current.N = current.N + 1
        if current.parent is not None:
            me = game.to_move(current.state)
            current.Q = current.Q + game.utility(end, me)
        current = current.parent
""",
}
SCORES = {"test_search_trees": 0, "test_search_tictactoe": 0, "test_converges": 0}
FEEDBACK = ["returned [('a1', 1, -1), ('a2', 0, 0)], but should return [('a1', 1, 1), ('a2', 0, 0)]", 'the visits do not concentrate on the best move']
MISTAKES = {"test_search_trees": "witness:search", "test_search_tictactoe": "witness:search", "test_converges": "a05.not_converging"}
