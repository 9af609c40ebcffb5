"""Hand-written (issue 30): minimax_decision asks each child's value for the player to move
at the child (the opponent), then keeps the largest."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "minimax_decision_code": """def minimax_decision(state, game):
    best_move, best_value = None, -math.inf
    for move in game.actions(state):
        child = game.result(state, move)
        mover = game.to_move(child) if not game.terminal_test(child) else game.to_move(state)
        value = minimax_value(child, game, mover)
        if value > best_value:
            best_move, best_value = move, value
    return best_move
""",
}
SCORES = {"test_minimax_decision": 0}
FEEDBACK = ["returned 'a1', but should return 'a2'"]
MISTAKES = {"test_minimax_decision": "witness:minimax_decision"}
