"""At a finished game negamax scores the utility of the player who has just moved."""

START = "solution"
ANSWERS = {
    "negamax_code": '''def negamax(state, game, alpha=-math.inf, beta=math.inf):
    """The value of `state` for the player to move, by negamax with alpha-beta (fail-soft):
    exact when it lies strictly between alpha and beta, otherwise a bound on the same side."""
    if game.terminal_test(state):
        just_moved = "O" if game.to_move(state) == "X" else "X"
        return game.utility(state, just_moved)
    v = -math.inf
    for move in game.actions(state):
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
FEEDBACK = ["for the player who just moved"]
MISTAKES = {'test_negamax_values': 'a06.utility_of_mover'}
