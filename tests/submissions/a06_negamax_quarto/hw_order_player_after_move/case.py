"""Hand-written: quarto_order takes the player once, after the move (game.to_move of the next
position, which is the opponent), and asks both questions for that player: the opponent's
winning replies get 2 as they should, but a placement that wins is never worth 1 to the
opponent, so it gets 1, not 0."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "quarto_order_code": '''def quarto_order(game, state, move):
    """Sort key: 0 for a winning placement, 2 if the opponent can win next, else 1."""
    after = game.result(state, move)
    player = game.to_move(after)
    if game.terminal_test(after) and game.utility(after, player) == 1:
        return 0
    for reply in game.actions(after):
        if game.utility(game.result(after, reply), player) == 1:
            return 2
    return 1
''',
}
SCORES = {"test_ordering": 0}
FEEDBACK = [
    "quarto_order gives 1 for place on (1, 2), but its key is 0: placing DQSH on (1, 2) wins",
]
MISTAKES = {
    "test_ordering": "witness:quarto_order",
}
