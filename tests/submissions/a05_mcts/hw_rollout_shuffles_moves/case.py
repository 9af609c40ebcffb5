"""Hand-written: rollout shuffles a copy of the legal moves with rng.shuffle and plays the first
of them each turn: a random game too, but the random numbers are used otherwise than by
rng.choice, so the same seed gives other rollouts."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "rollout_code": """def rollout(state, game, rng):
    while True:
        if game.terminal_test(state):
            return state
        options = list(game.actions(state))
        rng.shuffle(options)  # random order, then take the first one
        state = game.result(state, options[0])
""",
}
SCORES = {"test_search_trees": 0, "test_search_tictactoe": 0}
FEEDBACK = ["returned [('a1', 1, 1), ('a2', 0, 0)], but should return [('a1', 1, -1), ('a2', 0, 0)]", 'the rollout ends with utility -1 for MAX']
MISTAKES = {"test_search_trees": "witness:search", "test_search_tictactoe": "witness:search"}
