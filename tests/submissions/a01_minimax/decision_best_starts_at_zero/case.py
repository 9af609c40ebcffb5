"""minimax_decision starts its best value at 0 with the first move, so when every move is worth
less than 0 it keeps the first (uncatalogued: the message is a witness)."""

START = "solution"
ANSWERS = {
    "minimax_decision_code": """def minimax_decision(state, game):
    player = game.to_move(state)
    moves = game.actions(state)
    best_value, best_move = 0, moves[0]
    for move in moves:
        value = minimax_value(game.result(state, move), game, player)
        if value > best_value:
            best_value, best_move = value, move
    return best_move
""",
}
SCORES = {"test_minimax_decision": 0}
FEEDBACK = [
    "from node B returned 'b1', but should return 'b2'",
    "b1 (to D) = -6, b2 (to E) = -4",
]
MISTAKES = {"test_minimax_decision": "witness:minimax_decision"}
