"""best_move plays the child with the best mean Q / N, not the most visited."""

START = 'solution'
ANSWERS = {
    'best_move_code': '''def best_move(rows):
    return max(rows, key=lambda row: row[2] / row[1])[0]
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {'test_best_move': 0}
FEEDBACK = ['best mean Q/N']
MISTAKES = {'test_best_move': 'a05.best_move.best_mean'}
