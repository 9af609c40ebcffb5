"""evaluate counts stones instead of measuring connection."""

START = 'solution'
ANSWERS = {
    'evaluate_code': '''def evaluate(state, player):
    if state.winner is not None:
        return 1.0 if state.winner == player else -1.0
    other = "O" if player == "X" else "X"
    cells = "".join(state.rows())
    return (cells.count(player) - cells.count(other)) / (len(cells) + 1)
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {'test_evaluate_promises': 0, 'test_evaluate_direction': 0, 'test_tournament': 0}
FEEDBACK = ['returned 0 on the 5 x 5 board', 'the same for both, though the first is better for X', 'in the second no two X stones touch']
MISTAKES = {'test_evaluate_promises': 'witness:evaluate', 'test_evaluate_direction': 'a04.connection'}
