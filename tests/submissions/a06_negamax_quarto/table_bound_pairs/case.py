"""Control: negamax fail-hard, with a table kept between calls that holds for each position the
bounds proved so far, (lower, upper), narrowing the window with them before searching; and a
counted_search that counts in globals reset at the start of each call. Full marks."""

START = "solution"
ANSWERS = {
    "negamax_code": '''class Bounds(dict):
    """position -> (lower, upper): what the searches so far proved about its value."""

    def get_bounds(self, state):
        return self.get(state, (-math.inf, math.inf))

    def tighten(self, state, lower=-math.inf, upper=math.inf):
        old_lower, old_upper = self.get_bounds(state)
        self[state] = (max(old_lower, lower), min(old_upper, upper))


BOUNDS = Bounds()


def negamax(state, game, alpha=-math.inf, beta=math.inf):
    """The value of `state` for the player to move, fail-hard: clamped into [alpha, beta]."""
    lower, upper = BOUNDS.get_bounds(state)
    if lower >= beta:
        return beta
    if upper <= alpha:
        return alpha
    if lower == upper:
        return lower
    if game.terminal_test(state):
        value = game.utility(state, game.to_move(state))
        BOUNDS.tighten(state, value, value)
        return min(max(value, alpha), beta)
    low, high = max(alpha, lower), min(beta, upper)
    v, a = -math.inf, low
    for move in game.actions(state):
        v = max(v, -negamax(game.result(state, move), game, -high, -a))
        if v >= high:
            break
        a = max(a, v)
    if v <= low:
        BOUNDS.tighten(state, upper=v)
    elif v >= high:
        BOUNDS.tighten(state, lower=v)
    else:
        BOUNDS.tighten(state, v, v)
    return min(max(v, alpha), beta)
''',
    "counted_search_code": '''NODES = CUTOFFS = 0


def counted_search(state, game, order=None):
    """Negamax with alpha-beta from `state`; the counts live in globals, reset at each call."""
    global NODES, CUTOFFS
    NODES = CUTOFFS = 0
    value, move = _search(state, game, order, -math.inf, math.inf)
    return {"value": value, "move": move, "nodes": NODES, "cutoffs": CUTOFFS}


def _search(state, game, order, alpha, beta):
    global NODES, CUTOFFS
    NODES += 1
    if game.terminal_test(state):
        return game.utility(state, game.to_move(state)), None
    moves = list(game.actions(state))
    if order:
        moves.sort(key=lambda m: order(game, state, m))
    best_value, best = -math.inf, None
    for move in moves:
        value = -_search(game.result(state, move), game, order, -beta, -alpha)[0]
        if value > best_value:
            best_value, best = value, move
        if best_value >= beta:
            CUTOFFS += 1
            break
        alpha = max(alpha, best_value)
    return best_value, best
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {}
FEEDBACK = ["✓ negamax with the windows", "✓ counted_search"]
