"""Prints 200 MB to stderr (200 writes of 1 MB) at the end of its (correct) answer cell: every
test passes; the grader keeps the start of that cell's output, 100,000 characters at most,
counted as the output arrives, and a line saying the rest was cut, so neither its memory nor
the graded notebook grows with the flood."""

START = "solution"
ANSWERS = {
    "nodes_by_depth_code": '''import sys


def nodes_by_depth(engine, game, positions):
    """{len(game.actions(p)): nodes engine generates searching p, root included} for each p."""
    counts = {}
    for position in positions:
        _, trace = run_traced(engine, position, game)
        counts[len(game.actions(position))] = trace.stats.nodes
    return counts


for _ in range(200):
    sys.stderr.write("x" * 1_000_000)
    sys.stderr.flush()
''',
}
SCORES = {}
FEEDBACK = []
STATUS = "graded"
FLAGGED = False
REASONS = []
