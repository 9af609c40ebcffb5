"""Hand-written: best_move chooses in two steps, the cell first (each cell tried once, with the
first piece listed for it) and then the piece to give on that cell only: the best move may be on
a cell whose first piece to give was a bad one."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "best_move_code": '''def best_move(state, game):
    """(value, move): first the best cell, then the best piece to give from that cell."""
    moves = game.actions(state)
    # step 1: which cell? (one move per cell is enough to compare cells)
    seen_cells = []
    best_cell = None
    best_cell_value = -math.inf
    for move in moves:
        if move.cell in seen_cells:
            continue
        seen_cells.append(move.cell)
        value = -negamax(game.result(state, move), game)
        if value > best_cell_value:
            best_cell_value = value
            best_cell = move.cell
    # step 2: which piece to give, placing on that cell?
    best_value, best = -math.inf, None
    for move in moves:
        if move.cell != best_cell:
            continue
        value = -negamax(game.result(state, move), game)
        if value > best_value:
            best_value, best = value, move
    return best_value, best
''',
}
SCORES = {"test_best_move": 0}
FEEDBACK = [
    "on a position with 4 empty cells (seed 301, number 3) is 0; (not a probe",
]
MISTAKES = {
    "test_best_move": "hidden:best_move",
}
