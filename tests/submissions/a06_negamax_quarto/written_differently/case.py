"""Control: written differently (a while loop, a class that counts, full-window best_move)."""

START = "solution"
ANSWERS = {
    "negamax_code": '''def negamax(state, game, alpha=-math.inf, beta=math.inf):
    """Negamax with alpha-beta, written with a while loop over an iterator."""
    if game.terminal_test(state):
        me = game.to_move(state)
        return game.utility(state, me)
    best = -math.inf
    moves = iter(game.actions(state))
    move = next(moves, None)
    while move is not None and best < beta:
        score = -negamax(game.result(state, move), game, -beta, -max(alpha, best))
        best = score if score > best else best
        move = next(moves, None)
    return best
''',
    "best_move_code": '''def best_move(state, game):
    """Full window for every move; the first maximum wins ties."""
    moves = game.actions(state)
    scored = [(-negamax(game.result(state, m), game), i, m) for i, m in enumerate(moves)]
    value = max(s for s, _, _ in scored)
    first = min(i for s, i, _ in scored if s == value)
    return value, scored[first][2]
''',
    "counted_search_code": """class Counter:
    def __init__(self, game, order):
        self.game, self.order, self.nodes, self.cutoffs = game, order, 0, 0

    def search(self, state, alpha, beta):
        self.nodes += 1
        game = self.game
        if game.terminal_test(state):
            return game.utility(state, game.to_move(state)), None
        moves = list(game.actions(state))
        if self.order:
            moves.sort(key=lambda m: self.order(game, state, m))
        value, chosen = -math.inf, None
        for m in moves:
            v = -self.search(game.result(state, m), -beta, -alpha)[0]
            if v > value:
                value, chosen = v, m
            if value >= beta:
                self.cutoffs += 1
                return value, chosen
            alpha = max(alpha, value)
        return value, chosen


def counted_search(state, game, order=None):
    counter = Counter(game, order)
    value, move = counter.search(state, -math.inf, math.inf)
    return dict(value=value, move=move, nodes=counter.nodes, cutoffs=counter.cutoffs)
""",
    "quarto_order_code": """def quarto_order(game, state, move):
    after = game.result(state, move)
    if after.winner is not None:
        return 0
    if game.terminal_test(after):
        return 1
    gives_a_win = any(game.result(after, reply).winner for reply in game.actions(after))
    return 2 if gives_a_win else 1
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {}
FEEDBACK = ["✓ counted_search"]
