"""Hand-written: expand gives every non-terminal leaf its children at once (no "second visit"
rule) and returns the expanded node itself, so the rollout starts from the parent, not from
its first new child."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "expand_code": """def expand(node, game):
    if game.terminal_test(node.state):
        return node
    if len(node.children) == 0:
        player = game.to_move(node.state)
        for move in game.actions(node.state):
            child = Node(game.result(node.state, move), move=move, parent=node, player=player)
            node.children.append(child)
    return node
""",
}
SCORES = {"test_search_trees": 0, "test_search_tictactoe": 0}
FEEDBACK = ["returned [('a1', 0, 0), ('a2', 0, 0)], but should return [('a1', 1, 1), ('a2', 0, 0)]", "selection stays at the root, which expands, then takes the first new child 'a1'"]
MISTAKES = {"test_search_trees": "witness:search", "test_search_tictactoe": "witness:search"}
