"""evaluate returns gamekit's own shortest_path."""

START = 'solution'
ANSWERS = {
    'evaluate_code': '''from gamekit.hex_heuristics import shortest_path


def evaluate(state, player):
    return shortest_path(state, player)
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {'test_evaluate_promises': 0, 'test_evaluate_direction': 0, 'test_tournament': 0}
FEEDBACK = ["calls gamekit's own code"]
FLAGGED = True  # the lint sees the course's own shortest_path in an answer cell
REASONS = ["course's own evaluation function"]
