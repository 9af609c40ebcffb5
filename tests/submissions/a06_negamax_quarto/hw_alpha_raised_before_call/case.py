"""Hand-written: negamax raises alpha at the top of the loop, from the previous move's score,
before searching the next move, and returns alpha (fail-hard): the last move's score never
reaches alpha, so a node's last move counts only if it cuts off (a node with one move returns
-inf under the full window)."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "negamax_code": '''def negamax(state, game, alpha=-math.inf, beta=math.inf):
    """The value of `state` for the player to move, by negamax with alpha-beta."""
    if game.terminal_test(state):
        return game.utility(state, game.to_move(state))
    score = -math.inf
    for move in game.actions(state):
        # remember the last move's score before trying this one
        alpha = max(alpha, score)
        next_state = game.result(state, move)
        score = -negamax(next_state, game, -beta, -alpha)
        if score >= beta:
            return score
    return alpha
''',
}
SCORES = {"test_negamax_values": 0, "test_negamax_window": 0}  # best_move: course's negamax
FEEDBACK = [
    "(DRTH to place; 1 empty cell), window (-inf, inf) negamax returned -inf",
    "it should return exactly 0, its value for the player to move (inside the window)",
]
MISTAKES = {"test_negamax_values": "witness:negamax", "test_negamax_window": "witness:negamax"}
