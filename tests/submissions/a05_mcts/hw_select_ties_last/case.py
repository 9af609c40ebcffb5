"""Hand-written: select finds the best child with its own loop, comparing with >=, so among
equal scores (every unvisited child scores inf) it walks to the last child, not the first."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "select_code": """def best_child(node, c):
    best = None
    best_score = -math.inf
    for child in node.children:
        score = ucb1(child.Q, child.N, node.N, c)
        if score >= best_score:
            best_score = score
            best = child
    return best


def select(node, c):
    current = node
    while len(current.children) > 0:
        current = best_child(current, c)
    return current
""",
}
SCORES = {"test_search_trees": 0, "test_search_tictactoe": 0}
FEEDBACK = ["returned [('a1', 1, -1), ('a2', 0, 0), ('a3', 1, 0)]", "selection goes 'a2' (UCB1 inf)"]
MISTAKES = {"test_search_trees": "witness:search", "test_search_tictactoe": "witness:search"}
