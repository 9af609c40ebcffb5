"""Hand-written (issue 30): nodes_by_depth keys its counts by the position's index in the list
instead of by its number of moves."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "nodes_by_depth_code": """def nodes_by_depth(engine, game, positions):
    counts = {}
    for i, position in enumerate(positions):
        _, trace = run_traced(engine, position, game)
        counts[i] = trace.stats.nodes
    return counts
""",
}
SCORES = {"test_nodes_by_depth": 0}
FEEDBACK = ["the keys should be the number of legal moves", "it returned {0: 8}"]
MISTAKES = {"test_nodes_by_depth": "shape:nodes_by_depth"}
