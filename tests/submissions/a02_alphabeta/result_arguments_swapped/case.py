"""alpha-beta's max_value calls game.result(a, state): gamekit's GameTree.result raises."""

START = "solution"
ANSWERS = {
    "alphabeta_code": '''def alphabeta_search(state, game):
    """The move alpha-beta chooses for the player to move at `state` (searching to the end).

    max_value / min_value return (value, move); MAX prunes when v >= beta, MIN when
    v <= alpha; children in actions() order; the first best move wins ties.
    """
    player = game.to_move(state)

    def max_value(state, alpha, beta):
        if game.terminal_test(state):
            return game.utility(state, player), None
        v, best = -inf, None
        for a in game.actions(state):
            child_value, _ = min_value(game.result(a, state), alpha, beta)
            if child_value > v:
                v, best = child_value, a
            if v >= beta:
                return v, best
            alpha = max(alpha, v)
        return v, best

    def min_value(state, alpha, beta):
        if game.terminal_test(state):
            return game.utility(state, player), None
        v, best = inf, None
        for a in game.actions(state):
            child_value, _ = max_value(game.result(state, a), alpha, beta)
            if child_value < v:
                v, best = child_value, a
            if v <= alpha:
                return v, best
            beta = min(beta, v)
        return v, best

    return max_value(state, -inf, inf)[1]
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_alphabeta_search": 0}
FEEDBACK = [
    "your max_value (inside alphabeta_search), at line 14: "
    "`child_value, _ = min_value(game.result(a, state), alpha, beta)`",
    "called the course's GameTree.result(state, move), which raised ValueError: 'a1' is not a "
    "node of this tree",
]
MISTAKES = {"test_alphabeta_search": "raised:alphabeta_search"}
