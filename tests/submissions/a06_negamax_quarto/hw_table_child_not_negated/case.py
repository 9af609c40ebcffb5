"""Hand-written: negamax keeps a table between calls of the values it searched with the full
window, and looks each child up in it inside the parent's loop; a value found there is used as
the parent's score as it is, without negating it (the table holds each position's value for its
own player to move)."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "negamax_code": '''solved = {}  # position -> its value, only from full-window searches (exact)


def negamax(state, game, alpha=-math.inf, beta=math.inf):
    """The value of `state` for the player to move; children already solved are looked up."""
    if game.terminal_test(state):
        return game.utility(state, game.to_move(state))
    full_window = alpha == -math.inf and beta == math.inf
    v = -math.inf
    for move in game.actions(state):
        child = game.result(state, move)
        if child in solved:
            score = solved[child]
        else:
            score = -negamax(child, game, -beta, -alpha)
        if score > v:
            v = score
        if v >= beta:
            break
        if v > alpha:
            alpha = v
    if full_window:
        solved[state] = v
    return v
''',
}
SCORES = {"test_negamax_values": 0, "test_negamax_window": 0}  # best_move: course's negamax
FEEDBACK = [
    "(LRTF to place; 2 empty cells), window (-0.5, 0.5) negamax returned 1",
    "window (-inf, inf) negamax returned 1; it should return exactly -1",
]
MISTAKES = {
    "test_negamax_values": "witness:negamax",
    "test_negamax_window": "witness:negamax",
}
