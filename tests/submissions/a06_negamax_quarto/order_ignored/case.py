"""counted_search accepts `order` but never sorts the moves with it."""

START = "solution"
ANSWERS = {
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
        v, best = -math.inf, None
        for move in moves:
            child, _ = search(game.result(state, move), -beta, -alpha)
            if -child > v:
                v, best = -child, move
            if v >= beta:
                counts["cutoffs"] += 1
                break
            alpha = max(alpha, v)
        return v, best

    value, move = search(state, -math.inf, math.inf)
    return {"value": value, "move": move, **counts}
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_counted_order": 0}  # the ordering cell uses the course's counted search
FEEDBACK = ["ignores `order`", "halves the nodes on four positions"]  # ordering: the course's search
MISTAKES = {'test_counted_order': 'a06.order_ignored'}
