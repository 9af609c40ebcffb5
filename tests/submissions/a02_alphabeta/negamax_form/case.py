"""control: correct alpha-beta in negamax form (values for the side to move)."""

START = "solution"
ANSWERS = {
    "alphabeta_code": '''def alphabeta_search(state, game):
    """The move alpha-beta chooses for the player to move at `state`."""
    player = game.to_move(state)

    def negamax(state, alpha, beta, sign):
        """(value for the side to move, best move); sign is +1 where MAX moves, -1 for MIN."""
        if game.terminal_test(state):
            return sign * game.utility(state, player), None
        v, best = -inf, None
        for a in game.actions(state):
            child_value, _ = negamax(game.result(state, a), -beta, -alpha, -sign)
            if -child_value > v:
                v, best = -child_value, a
            if v >= beta:
                return v, best
            alpha = max(alpha, v)
        return v, best

    return negamax(state, -inf, inf, 1)[1]
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {}
FEEDBACK = []
