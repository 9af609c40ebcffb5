"""negamax returns alpha instead of v, so a node that cuts off before raising alpha hands back
its old alpha, not a bound at or above beta (uncatalogued: the message is a witness)."""

START = "solution"
ANSWERS = {
    "negamax_code": '''def negamax(state, game, alpha=-math.inf, beta=math.inf):
    """The value of `state` for the player to move, by negamax with alpha-beta (fail-soft):
    exact when it lies strictly between alpha and beta, otherwise a bound on the same side."""
    if game.terminal_test(state):
        return game.utility(state, game.to_move(state))
    v = -math.inf
    for move in game.actions(state):
        v = max(v, -negamax(game.result(state, move), game, -beta, -alpha))
        if v >= beta:
            break
        alpha = max(alpha, v)
    return alpha
''',
}
SCORES = {"test_negamax_values": 0, "test_negamax_window": 0}  # best_move runs with the course's negamax
FEEDBACK = [
    "(DRTH to place; 1 empty cell), window (-inf, -0.5) negamax returned -inf",
    "it should return at least beta = -0.5: its value for the player to move is 0",
]
MISTAKES = {"test_negamax_values": "witness:negamax", "test_negamax_window": "witness:negamax"}
