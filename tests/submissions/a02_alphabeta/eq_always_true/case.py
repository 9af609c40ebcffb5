"""by-hand answers made of objects whose __eq__ always returns True."""

START = "solution"
ANSWERS = {
    "intervals_answer": '''class Anything:
    """Equal to everything."""

    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0


def intervals_by_hand():
    """{node: (alpha, beta)} for every inner node alpha-beta visits in `exercise`."""
    nodes = ["A", "B", "B1", "B2", "C", "C1", "C2", "D", "D1"]
    return {node: (Anything(), Anything()) for node in nodes}
''',
    "pruned_answer": '''def pruned_by_hand():
    """The set of edges alpha-beta never explores in `exercise`, as (node, edge_label) pairs."""
    return [(Anything(), Anything()) for _ in range(4)]
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_intervals": 0, "test_pruned_edges": 0}
FEEDBACK = ["type the values you worked out by hand"]
