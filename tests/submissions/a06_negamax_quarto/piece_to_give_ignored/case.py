"""negamax tries each empty cell with only the first piece to give."""

START = "solution"
ANSWERS = {
    "negamax_code": '''def negamax(state, game, alpha=-math.inf, beta=math.inf):
    """The value of `state` for the player to move, by negamax with alpha-beta (fail-soft):
    exact when it lies strictly between alpha and beta, otherwise a bound on the same side."""
    if game.terminal_test(state):
        return game.utility(state, game.to_move(state))
    v = -math.inf
    one_per_cell = {}
    for move in game.actions(state):
        one_per_cell.setdefault(move.cell, move)
    for move in one_per_cell.values():
        v = max(v, -negamax(game.result(state, move), game, -beta, -alpha))
        if v >= beta:
            break
        alpha = max(alpha, v)
    return v
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_negamax_values": 0, "test_negamax_window": 0}  # best_move runs with the course's negamax
FEEDBACK = ["ignores the piece-to-give part of the move"]
MISTAKES = {'test_negamax_values': 'a06.first_give'}
