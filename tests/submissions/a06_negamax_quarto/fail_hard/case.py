"""Control: fail-hard negamax and counted_search (values clamped into the window)."""

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
    return min(max(v, alpha), beta)
''',
    "counted_search_code": '''def counted_search(state, game, order=None):
    """Negamax with alpha-beta from `state`, counting as defined above: a dict with the keys
    'value', 'move' (the first best move), 'nodes' and 'cutoffs'. With `order`, each node
    tries its moves sorted by order(game, state, move), lowest first."""
    counts = {"nodes": 0, "cutoffs": 0}

    def search(state, alpha, beta):
        counts["nodes"] += 1
        if game.terminal_test(state):
            return game.utility(state, game.to_move(state)), None
        moves = game.actions(state)
        if order is not None:
            moves = sorted(moves, key=lambda move: order(game, state, move))
        v, best = -math.inf, None
        for move in moves:
            child, _ = search(game.result(state, move), -beta, -alpha)
            if -child > v:
                v, best = -child, move
            if v >= beta:
                counts["cutoffs"] += 1
                break
            alpha = max(alpha, v)
        return min(max(v, alpha), beta), best

    value, move = search(state, -math.inf, math.inf)
    return {"value": value, "move": move, **counts}
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {}
FEEDBACK = ["✓ negamax with the windows"]
