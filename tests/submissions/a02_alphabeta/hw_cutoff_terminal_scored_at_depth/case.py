"""Hand-written (issue 30): alphabeta_cutoff_search scores a finished game with
scored_result(utility, depth) instead of the ply where it was found, so a sooner win is
worth no more than a later one."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "cutoff_code": """def alphabeta_cutoff_search(state, game, depth, eval_fn):
    player = game.to_move(state)

    def value(state, alpha, beta, ply, maximising):
        if game.terminal_test(state):
            return scored_result(game.utility(state, player), depth), None
        if ply == depth:
            return eval_fn(state, player), None
        v, best = (-inf if maximising else inf), None
        for a in game.actions(state):
            child_value, _ = value(game.result(state, a), alpha, beta, ply + 1, not maximising)
            if (child_value > v) if maximising else (child_value < v):
                v, best = child_value, a
            if maximising:
                if v >= beta:
                    return v, best
                alpha = max(alpha, v)
            else:
                if v <= alpha:
                    return v, best
                beta = min(beta, v)
        return v, best

    return value(state, -inf, inf, 0, True)[1]
""",
}
SCORES = {"test_alphabeta_cutoff": 0}
FEEDBACK = ["tree_from_lists([[[1]], 1])", "wherever your search called game.utility or eval_fn"]
MISTAKES = {"test_alphabeta_cutoff": "witness:alphabeta_cutoff_search"}
