"""Hand-written (issue 30): minimax_decision finds the best child, but returns the child state
instead of the move that leads there."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "minimax_decision_code": """def minimax_decision(state, game):
    player = game.to_move(state)
    children = [game.result(state, move) for move in game.actions(state)]
    return max(children, key=lambda child: minimax_value(child, game, player))
""",
}
SCORES = {"test_minimax_decision": 0}
FEEDBACK = ["returned 'C', which is not a legal move there"]
MISTAKES = {"test_minimax_decision": "witness:minimax_decision"}
