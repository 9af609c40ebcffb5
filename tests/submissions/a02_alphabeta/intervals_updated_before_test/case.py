"""By hand, updates alpha/beta before the cutoff test: cut-off nodes get the wrong window."""

START = "solution"
ANSWERS = {
    "intervals_answer": '''def intervals_by_hand():
    """{node: (alpha, beta)} for every inner node alpha-beta visits in `exercise`."""
    return {
        "A": (8, inf),
        "B": (-inf, 4),
        "B1": (4, inf),
        "B2": (5, 4),
        "C": (4, 8),
        "C1": (8, inf),
        "C2": (9, 8),
        "D": (8, 8),
        "D1": (8, inf),
    }
''',
}
SCORES = {"test_intervals": 0}
FEEDBACK = ["updated before the cutoff test"]
