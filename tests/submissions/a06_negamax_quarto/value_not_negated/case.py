"""negamax keeps the child's value as it is (v = max(v, child))."""

START = "solution"
ANSWERS = {
    "negamax_code": '''def negamax(state, game, alpha=-math.inf, beta=math.inf):
    """The value of `state` for the player to move, by negamax with alpha-beta (fail-soft):
    exact when it lies strictly between alpha and beta, otherwise a bound on the same side."""
    if game.terminal_test(state):
        return game.utility(state, game.to_move(state))
    v = -math.inf
    for move in game.actions(state):
        v = max(v, negamax(game.result(state, move), game, -beta, -alpha))
        if v >= beta:
            break
        alpha = max(alpha, v)
    return v
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_negamax_values": 0, "test_negamax_window": 0}  # best_move runs with the course's negamax
FEEDBACK = ["does not negate the value a child returns", "with the course's negamax in place of yours"]
MISTAKES = {'test_negamax_values': 'a06.no_negation'}
