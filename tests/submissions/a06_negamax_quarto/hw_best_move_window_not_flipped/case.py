"""Hand-written: best_move gives each child the window (best so far, inf), its own bound not
negated (the child's window should be (-inf, -best)), and keeps a move when it is at least as
good as the best so far (the last best move, not the first)."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "best_move_code": '''def best_move(state, game):
    """(value, move) for the player to move."""
    best_value = -math.inf
    best = None
    for move in game.actions(state):
        after = game.result(state, move)
        value = -negamax(after, game, best_value, math.inf)  # only better moves matter
        if value >= best_value:
            best_value = value
            best = move
    return best_value, best
''',
}
SCORES = {"test_best_move": 0}
FEEDBACK = [
    "is a best move but not the first best one in game.actions(state) order on the position",
]
MISTAKES = {
    "test_best_move": "a06.not_first_best",
}
