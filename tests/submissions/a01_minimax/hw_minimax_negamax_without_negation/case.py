"""Hand-written (issue 30): minimax_value written negamax-style, the player switched at each
ply, but the child's value is never negated and every node maximises."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "minimax_value_code": """def minimax_value(state, game, player):
    if game.terminal_test(state):
        return game.utility(state, player)
    opponent = MIN if player == MAX else MAX
    best = -math.inf
    for move in game.actions(state):
        best = max(best, minimax_value(game.result(state, move), game, opponent))
    return best
""",
}
SCORES = {"test_minimax_value": 0}
FEEDBACK = ["for player MAX, returned 1, but should return 3"]
MISTAKES = {"test_minimax_value": "witness:minimax_value"}
