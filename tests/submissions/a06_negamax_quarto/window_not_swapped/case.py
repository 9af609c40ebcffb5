"""negamax passes (alpha, beta) unchanged to the child."""

START = "solution"
ANSWERS = {
    "negamax_code": '''def negamax(state, game, alpha=-math.inf, beta=math.inf):
    """The value of `state` for the player to move, by negamax with alpha-beta (fail-soft):
    exact when it lies strictly between alpha and beta, otherwise a bound on the same side."""
    if game.terminal_test(state):
        return game.utility(state, game.to_move(state))
    v = -math.inf
    for move in game.actions(state):
        v = max(v, -negamax(game.result(state, move), game, alpha, beta))
        if v >= beta:
            break
        alpha = max(alpha, v)
    return v
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_negamax_window": 0}  # best_move runs with the course's negamax
FEEDBACK = ["does not swap and negate the window"]
MISTAKES = {'test_negamax_window': 'a06.window_not_swapped'}
