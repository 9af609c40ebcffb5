"""Hand-written: counted_search counts a position when the search of it is done (at the end of
the function, and on reaching a finished game), but returns early on a cutoff, before that
count: the nodes that cut off are never counted as nodes (their cutoffs are)."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "counted_search_code": '''def counted_search(state, game, order=None):
    """Negamax with alpha-beta from `state`, counting nodes and cutoffs."""
    nodes = 0
    cutoffs = 0

    def search(state, alpha, beta):
        nonlocal nodes, cutoffs
        if game.terminal_test(state):
            nodes += 1
            return game.utility(state, game.to_move(state)), None
        moves = list(game.actions(state))
        if order is not None:
            moves.sort(key=lambda m: order(game, state, m))
        best_v, best_m = -math.inf, None
        for m in moves:
            v, _ = search(game.result(state, m), -beta, -alpha)
            v = -v
            if v > best_v:
                best_v, best_m = v, m
                if best_v > alpha:
                    alpha = best_v
            if best_v >= beta:
                cutoffs += 1
                return best_v, best_m
        nodes += 1  # this position is done
        return best_v, best_m

    value, move = search(state, -math.inf, math.inf)
    return {"value": value, "move": move, "nodes": nodes, "cutoffs": cutoffs}
''',
}
SCORES = {"test_counted_search": 0, "test_counted_order": 0}
FEEDBACK = [
    "(LRTF to place; 2 empty cells) is 4; it should be 5: count one node per position visited",
    "with the ordering key is 4; it should be 5",
]
MISTAKES = {
    "test_counted_search": "witness:nodes",
    "test_counted_order": "witness:nodes",
}
