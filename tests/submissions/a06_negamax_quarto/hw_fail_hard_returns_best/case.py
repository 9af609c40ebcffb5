"""Hand-written: a fail-hard negamax (beta on a cutoff) that remembers the best score only when
it raises alpha and returns that: a node whose moves all score at or below alpha returns -inf,
not a bound between its value and alpha."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "negamax_code": '''def negamax(state, game, alpha=-math.inf, beta=math.inf):
    """Negamax with alpha-beta, fail-hard: beta on a cutoff, else the best score."""
    if game.terminal_test(state):
        me = game.to_move(state)
        return game.utility(state, me)
    best = -math.inf
    moves = game.actions(state)
    for m in moves:
        score = -negamax(game.result(state, m), game, -beta, -alpha)
        if score >= beta:
            return beta  # fail hard
        if score > alpha:
            alpha = score
            best = score
    return best
''',
}
SCORES = {"test_negamax_values": 0, "test_negamax_window": 0}  # best_move: course's negamax
FEEDBACK = [
    "(DRTH to place; 1 empty cell), window (0.5, inf) negamax returned -inf",
    "-inf is past that value, which no bound may pass: return a number from 0 to 0.5",
]
MISTAKES = {
    "test_negamax_values": "witness:negamax",
    "test_negamax_window": "witness:negamax",
}
