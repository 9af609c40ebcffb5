"""Answers the by-hand intervals and pruned edges by calling gamekit.explain: right values,
but computed, so 0 points for both cells."""

START = "release"
ANSWERS = {
    "intervals_answer": '''from gamekit.explain import alphabeta_intervals, alphabeta_pruned


def intervals_by_hand():
    """{node: (alpha, beta)} for every inner node alpha-beta visits in `exercise`."""
    return alphabeta_intervals(exercise)
''',
    "pruned_answer": '''def pruned_by_hand():
    """The set of edges alpha-beta never explores in `exercise`, as (node, edge_label) pairs."""
    return set(alphabeta_pruned(exercise))
''',
}
SCORES = {}
FEEDBACK = ["type the values you worked out by hand"]
STATUS = "graded"
FLAGGED = True
REASONS = ["gamekit.explain"]
