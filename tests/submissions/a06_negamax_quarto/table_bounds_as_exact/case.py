"""negamax keeps a transposition table from one call to the next and stores every value it finds
as the position's value, even a fail-soft bound from outside the window: a position searched
first with a narrow window is then answered with that bound under a wider one. Each single call
on a position met for the first time is right, so the values cell passes; the hidden sequences
of windows fail it, with the calls in order and the course's answer."""

START = "solution"
ANSWERS = {
    "negamax_code": '''table = {}  # position -> value, kept between calls


def negamax(state, game, alpha=-math.inf, beta=math.inf):
    """The value of `state` for the player to move, by negamax with alpha-beta (fail-soft),
    remembering every position it has searched."""
    if state in table:
        return table[state]
    if game.terminal_test(state):
        return game.utility(state, game.to_move(state))
    v = -math.inf
    for move in game.actions(state):
        v = max(v, -negamax(game.result(state, move), game, -beta, -alpha))
        if v >= beta:
            break
        alpha = max(alpha, v)
    table[state] = v
    return v
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_negamax_window": 0}
FEEDBACK = [
    "negamax was called in this order (after the earlier calls of this test and of the tests",
    "The course's negamax, searching",
]
MISTAKES = {"test_negamax_window": "witness:negamax"}
