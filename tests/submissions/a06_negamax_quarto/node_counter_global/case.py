"""counted_search resets its cutoffs at every call but counts nodes in a global int that nothing
resets: each search adds its nodes to all the searches before it. The counting cells say only
what was seen (the same call, three times, three different answers) and the course's answer."""

START = "solution"
ANSWERS = {
    "counted_search_code": '''nodes = 0


def counted_search(state, game, order=None):
    """Negamax with alpha-beta from `state`, counting nodes and cutoffs."""
    cutoffs = 0

    def search(state, alpha, beta):
        global nodes
        nonlocal cutoffs
        nodes += 1
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
                cutoffs += 1
                break
            alpha = max(alpha, v)
        return v, best

    value, move = search(state, -math.inf, math.inf)
    return {"value": value, "move": move, "nodes": nodes, "cutoffs": cutoffs}
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_counted_search": 0, "test_counted_order": 0}
FEEDBACK = [
    "was called three times on the position",
    "when called again at once",
    "The course's counted search returns",
]
MISTAKES = {
    "test_counted_search": "witness:counted_search",
    "test_counted_order": "witness:counted_search",
}
