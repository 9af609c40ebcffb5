"""best_move keeps negamax's value of each child as it is, without negating it, so it picks the
move best for the opponent (uncatalogued: the message is a witness)."""

START = "solution"
ANSWERS = {
    "best_move_code": '''def best_move(state, game):
    """(value, move): the value of `state` for the player to move, and the first move in
    game.actions(state) order that reaches it."""
    value, best = -math.inf, None
    for move in game.actions(state):
        v = negamax(game.result(state, move), game)
        if v > value:
            value, best = v, move
    return value, best
''',
}
SCORES = {"test_best_move": 0}
FEEDBACK = [
    "(LRTF to place; 2 empty cells) is 1;",
    "it should be -1, the value for the player to move",
]
MISTAKES = {"test_best_move": "witness:best_move"}
