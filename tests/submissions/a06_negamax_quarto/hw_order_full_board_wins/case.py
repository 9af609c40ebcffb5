"""Hand-written: quarto_order takes every finished game for a win, on both sides: a placement
that fills the board without a win gets 0, and a move after which the opponent's placement fills
the board (a draw) gets 2."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "quarto_order_code": '''def quarto_order(game, state, move):
    """0: my placement ends the game; 2: the opponent can end it at once; 1 otherwise."""
    next_state = game.result(state, move)
    if game.terminal_test(next_state):
        return 0  # game over after my move: I won
    for reply in game.actions(next_state):
        if game.terminal_test(game.result(next_state, reply)):
            return 2  # the opponent can end the game
    return 1
''',
}
SCORES = {"test_ordering": 0}
FEEDBACK = [
    "quarto_order gives 0 for place on (2, 2), but its key is 1: it fills the board without a win",
]
MISTAKES = {
    "test_ordering": "witness:quarto_order",
}
