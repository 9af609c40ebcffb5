"""best_move returns the whole row instead of its move (uncatalogued: a witness)."""

START = 'solution'
ANSWERS = {
    'best_move_code': '''def best_move(rows):
    return max(rows, key=lambda row: row[1])
''',
}
SCORES = {'test_best_move': 0}  # convergence takes the course's best_move (one mistake, one charge)
FEEDBACK = ["best_move on the rows [('a', 1, 1.0)] returned ('a', 1, 1.0), but should return 'a'"]
MISTAKES = {'test_best_move': 'witness:best_move'}
