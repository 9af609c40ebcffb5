"""counted_search keeps its counts in a dict made once, at the top of the cell, and never resets
it: every search adds to the last one's counts. Parts 3's cells lose their points; the ordering
cell counts with the course's search and keeps its own (one mistake, one charge)."""

START = "solution"
ANSWERS = {
    "counted_search_code": '''counts = {"nodes": 0, "cutoffs": 0}  # made once: never reset between searches


def counted_search(state, game, order=None):
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
        return v, best

    value, move = search(state, -math.inf, math.inf)
    return {"value": value, "move": move, **counts}
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_counted_search": 0, "test_counted_order": 0}
FEEDBACK = ["was called three times on the position", "halves the nodes on four positions"]
MISTAKES = {
    "test_counted_search": "witness:counted_search",
    "test_counted_order": "witness:counted_search",
}
