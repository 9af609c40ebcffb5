"""Hand-written: rollout looks one move ahead and stops before playing the move that ends the
game, so it returns a state that is not over (from a finished state it returns it at once)."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "rollout_code": """def rollout(state, game, rng):
    current = state
    moves = game.actions(current)
    while moves:
        move = rng.choice(moves)
        following = game.result(current, move)
        if game.terminal_test(following):
            break  # the game is over: stop here
        current = following
        moves = game.actions(current)
    return current
""",
}
SCORES = {"test_search_trees": 0, "test_search_tictactoe": 0}
FEEDBACK = ["search raised ValueError: 'B' is not a leaf: it has no utility", 'the rollout ends with utility -1 for MAX']
MISTAKES = {"test_search_trees": "raised:search", "test_search_tictactoe": "raised:search"}
