"""negamax keeps a transposition table between calls, with exact values and bounds told apart,
but its key is the board alone (state.cells): two positions with the same board and different
pieces in hand share an entry. A move that places on a cell and gives one piece then answers for
the moves that place there and give another, which looks like a search that tries one piece per
cell; the grader must not name that mistake (asked again, on the positions one move away, the
answers are not those of that mistake), and shows the witness instead."""

START = "solution"
ANSWERS = {
    "negamax_code": '''TABLE = {}  # board -> (kind, value); never cleared
EXACT, LOWER, UPPER = "exact", "lower", "upper"


def negamax(state, game, alpha=-math.inf, beta=math.inf):
    """The value of `state` for the player to move, by negamax with alpha-beta and a table."""
    key = tuple(state.cells)
    if key in TABLE:
        kind, value = TABLE[key]
        if kind == EXACT or (kind == LOWER and value >= beta) or (kind == UPPER and value <= alpha):
            return value
    if game.terminal_test(state):
        return game.utility(state, game.to_move(state))
    start = alpha
    v = -math.inf
    for move in game.actions(state):
        v = max(v, -negamax(game.result(state, move), game, -beta, -alpha))
        if v >= beta:
            break
        alpha = max(alpha, v)
    TABLE[key] = (UPPER if v <= start else LOWER if v >= beta else EXACT, v)
    return v
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_negamax_values": 0, "test_negamax_window": 0}
FEEDBACK = ["negamax returned", "its value for the player to move"]
MISTAKES = {"test_negamax_values": "witness:negamax", "test_negamax_window": "witness:negamax"}
