"""Hand-written: negamax with a transposition table kept between calls, exact values and bounds
told apart, but the two bounds swapped: a search that failed low (v <= alpha) is stored as a
lower bound and one that failed high (v >= beta) as an upper bound, and a stored bound answers
a window it then seems to settle."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "negamax_code": '''EXACT = 0
LOWERBOUND = 1
UPPERBOUND = 2
tt = {}


def negamax(state, game, alpha=-math.inf, beta=math.inf):
    """Negamax, alpha-beta and a transposition table (key: board and piece in hand)."""
    key = (state.cells, state.to_place)
    if key in tt:
        flag, stored = tt[key]
        if flag == EXACT:
            return stored
        if flag == LOWERBOUND and stored >= beta:
            return stored
        if flag == UPPERBOUND and stored <= alpha:
            return stored
    if game.terminal_test(state):
        return game.utility(state, game.to_move(state))
    original_alpha = alpha
    value = -math.inf
    for move in game.actions(state):
        value = max(value, -negamax(game.result(state, move), game, -beta, -alpha))
        if value >= beta:
            break
        alpha = max(alpha, value)
    if value <= original_alpha:
        tt[key] = (LOWERBOUND, value)  # failed low
    elif value >= beta:
        tt[key] = (UPPERBOUND, value)  # failed high
    else:
        tt[key] = (EXACT, value)
    return value
''',
}
SCORES = {"test_negamax_window": 0}
FEEDBACK = [
    "negamax(B, game, 0.5, inf) returned 0; negamax(A, game, -inf, -0.5) returned 1; "
    "negamax(B, game, -inf, -0.5) returned 0",
    "The course's negamax, searching B afresh with the window (-inf, -0.5), returns -1",
]
MISTAKES = {
    "test_negamax_window": "witness:negamax",
}
