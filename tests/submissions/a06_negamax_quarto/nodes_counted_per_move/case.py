"""counted_search counts a node for each move it tries, not one on entering each position, so
the root is never counted (uncatalogued: the message is a witness)."""

START = "solution"
ANSWERS = {
    "counted_search_code": '''def counted_search(state, game, order=None):
    """Negamax with alpha-beta from `state`, counting as defined above: a dict with the keys
    'value', 'move' (the first best move), 'nodes' and 'cutoffs'. With `order`, each node
    tries its moves sorted by order(game, state, move), lowest first."""
    counts = {"nodes": 0, "cutoffs": 0}

    def search(state, alpha, beta):
        if game.terminal_test(state):
            return game.utility(state, game.to_move(state)), None
        moves = game.actions(state)
        if order is not None:
            moves = sorted(moves, key=lambda move: order(game, state, move))
        v, best = -math.inf, None
        for move in moves:
            counts["nodes"] += 1
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
SCORES = {"test_counted_search": 0, "test_counted_order": 0}
FEEDBACK = [
    "counted_search(...)['nodes'] on the position DRSH DQSF LRTH DQSH",
    "(DRTH to place; 1 empty cell) is 1; it should be 2: count one node per position visited",
]
MISTAKES = {"test_counted_search": "witness:nodes", "test_counted_order": "witness:nodes"}
