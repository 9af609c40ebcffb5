"""Hand-written: counted_search handles the root with its own loop copied from best_move (moves
in game.actions order, each child searched with (-inf, -best)), and the search that counts is
called on the children only: the root is never counted as a node, nor sorted by `order`, and a
finished root has no loop at all (value -inf)."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "counted_search_code": '''def counted_search(state, game, order=None):
    """Negamax with alpha-beta from `state`, counting nodes and cutoffs."""
    stats = {"nodes": 0, "cutoffs": 0}

    def search(s, alpha, beta):
        stats["nodes"] += 1
        if game.terminal_test(s):
            return game.utility(s, game.to_move(s))
        moves = game.actions(s)
        if order:
            moves = sorted(moves, key=lambda m: order(game, s, m))
        v = -math.inf
        for m in moves:
            v = max(v, -search(game.result(s, m), -beta, -alpha))
            if v >= beta:
                stats["cutoffs"] += 1
                break
            alpha = max(alpha, v)
        return v

    # the root, like best_move
    best_value, best = -math.inf, None
    for move in game.actions(state):
        v = -search(game.result(state, move), -math.inf, -best_value)
        if v > best_value:
            best_value, best = v, move
    return {"value": best_value, "move": best, "nodes": stats["nodes"], "cutoffs": stats["cutoffs"]}
''',
}
SCORES = {"test_counted_search": 0, "test_counted_order": 0}
FEEDBACK = [
    "(DRTH to place; 1 empty cell) is 1; it should be 2: count one node per position visited",
]
MISTAKES = {
    "test_counted_search": "witness:nodes",
    "test_counted_order": "witness:nodes",
}
