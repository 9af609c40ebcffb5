"""minimax_decision keeps the last of several equally good moves (>= instead of >)."""

START = "solution"
ANSWERS = {
    "minimax_decision_code": """def minimax_decision(state, game):
    player = game.to_move(state)
    best_value, best_move = -math.inf, None
    for move in game.actions(state):
        value = minimax_value(game.result(state, move), game, player)
        if value >= best_value:
            best_value, best_move = value, move
    return best_move
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_minimax_decision": 0}
FEEDBACK = ["ties go to the first best move"]
