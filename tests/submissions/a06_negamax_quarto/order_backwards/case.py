"""quarto_order puts the moves that give away a win first and the wins last."""

START = "solution"
ANSWERS = {
    "quarto_order_code": '''def quarto_order(game, state, move):
    """Sort key for `move` at `state` (lower is tried first): 0 if the placement wins, 2 if the
    piece it gives lets the opponent win at once, 1 otherwise."""
    after = game.result(state, move)
    if game.terminal_test(after):
        return 2 if after.winner is not None else 1
    for reply in game.actions(after):
        if game.result(after, reply).winner is not None:
            return 0
    return 1
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_ordering": 0}
FEEDBACK = ["quarto_order gives 0 for", "but its key is 2: it gives"]
MISTAKES = {"test_ordering": "witness:quarto_order"}
