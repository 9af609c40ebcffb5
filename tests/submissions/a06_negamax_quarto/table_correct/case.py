"""Control: negamax with a transposition table kept between calls, right: the key is the whole
position (board and piece in hand) and each entry says whether its value is exact, a lower bound
(the search failed high) or an upper bound (it failed low); a bound answers only a window it
settles. best_move searches each move with a null window first and re-searches when it may be
better. Full marks, the sequences of windows included."""

START = "solution"
ANSWERS = {
    "negamax_code": '''transpositions = {}  # (board, piece in hand) -> (value, flag), kept


def negamax(state, game, alpha=-math.inf, beta=math.inf):
    """The value of `state` for the player to move (fail-soft), with a transposition table."""
    key = (state.cells, state.to_place)
    entry = transpositions.get(key)
    if entry is not None:
        value, flag = entry
        if flag == 0 or (flag > 0 and value >= beta) or (flag < 0 and value <= alpha):
            return value
    if game.terminal_test(state):
        return game.utility(state, game.to_move(state))
    alpha0 = alpha
    best = -math.inf
    for move in game.actions(state):
        best = max(best, -negamax(game.result(state, move), game, -beta, -alpha))
        if best >= beta:
            break
        alpha = max(alpha, best)
    flag = -1 if best <= alpha0 else (1 if best >= beta else 0)  # upper, lower, exact
    transpositions[key] = (best, flag)
    return best
''',
    "best_move_code": '''def best_move(state, game):
    """(value, move): the first best move, found with null windows and re-searches."""
    moves = game.actions(state)
    best, chosen = -negamax(game.result(state, moves[0]), game), moves[0]
    for move in moves[1:]:
        child = game.result(state, move)
        if -negamax(child, game, -best - 1, -best) > best:  # a null window: better than best?
            best, chosen = -negamax(child, game), move
    return best, chosen
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {}
FEEDBACK = ["✓ negamax with the windows", "✓ best_move"]
