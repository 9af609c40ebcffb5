"""counted_search scores every finished game for the player to move at the root (player fixed
before the recursion, as in a02), not for the player to move there (uncatalogued: the message is
a witness)."""

START = "solution"
ANSWERS = {
    "counted_search_code": '''def counted_search(state, game, order=None):
    """Negamax with alpha-beta from `state`, counting as defined above: a dict with the keys
    'value', 'move' (the first best move), 'nodes' and 'cutoffs'. With `order`, each node
    tries its moves sorted by order(game, state, move), lowest first."""
    counts = {"nodes": 0, "cutoffs": 0}
    player = game.to_move(state)

    def search(state, alpha, beta):
        counts["nodes"] += 1
        if game.terminal_test(state):
            return game.utility(state, player), None
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
        return v, best

    value, move = search(state, -math.inf, math.inf)
    return {"value": value, "move": move, **counts}
''',
}
SCORES = {"test_counted_search": 0, "test_counted_order": 0}  # the ordering cell uses the course's counted search
FEEDBACK = [
    "counted_search(...)['value'] on the position DQSH LQTF .... LQTH",
    "(LRTF to place; 3 empty cells) is -1; it should be 1, the value for the player to move",
]
MISTAKES = {
    "test_counted_search": "witness:counted_search",
    "test_counted_order": "witness:counted_search",
}
