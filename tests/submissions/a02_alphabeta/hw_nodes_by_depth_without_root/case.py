"""Hand-written (issue 30): nodes_by_depth leaves the root out of its count (the exercise
counts it)."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "nodes_by_depth_code": """def nodes_by_depth(engine, game, positions):
    counts = {}
    for position in positions:
        _, trace = run_traced(engine, position, game)
        counts[len(game.actions(position))] = trace.stats.nodes - 1
    return counts
""",
}
SCORES = {"test_nodes_by_depth": 0}
FEEDBACK = ["returned {3: 7}, but should return {3: 8}"]
MISTAKES = {"test_nodes_by_depth": "witness:nodes_by_depth"}
