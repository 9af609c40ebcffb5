"""counted_search adds the number of moves a cutoff skips to 'cutoffs', not one per cutoff, so a
cutoff on a node's last move counts 0 (uncatalogued: the message is a witness)."""

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
        if order is not None:
            moves = sorted(moves, key=lambda move: order(game, state, move))
        v, best = -math.inf, None
        for i, move in enumerate(moves):
            child, _ = search(game.result(state, move), -beta, -alpha)
            if -child > v:
                v, best = -child, move
            if v >= beta:
                counts["cutoffs"] += len(moves) - i - 1
                break
            alpha = max(alpha, v)
        return v, best

    value, move = search(state, -math.inf, math.inf)
    return {"value": value, "move": move, **counts}
''',
}
SCORES = {"test_counted_search": 0, "test_counted_order": 0}
FEEDBACK = [
    "counted_search(...)['cutoffs'] on the position DRTF LQTH DRSH LRSH",
    "(LRTF to place; 2 empty cells) is 0; it should be 1: count one cutoff each time",
]
MISTAKES = {"test_counted_search": "witness:cutoffs", "test_counted_order": "witness:cutoffs"}
