"""Hand-written (issue 30): alpha and beta live in one shared window for the whole search
(nonlocal variables) instead of being passed down, so a bound set deep in one branch stays
for its siblings and their parents."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "alphabeta_code": """def alphabeta_search(state, game):
    player = game.to_move(state)
    window = {"alpha": -inf, "beta": inf}

    def max_value(state):
        if game.terminal_test(state):
            return game.utility(state, player), None
        v, best = -inf, None
        for a in game.actions(state):
            child_value, _ = min_value(game.result(state, a))
            if child_value > v:
                v, best = child_value, a
            if v >= window["beta"]:
                return v, best
            window["alpha"] = max(window["alpha"], v)
        return v, best

    def min_value(state):
        if game.terminal_test(state):
            return game.utility(state, player), None
        v, best = inf, None
        for a in game.actions(state):
            child_value, _ = max_value(game.result(state, a))
            if child_value < v:
                v, best = child_value, a
            if v <= window["alpha"]:
                return v, best
            window["beta"] = min(window["beta"], v)
        return v, best

    return max_value(state)[1]
""",
}
SCORES = {"test_alphabeta_search": 0}
FEEDBACK = ["at node A (MAX) your search cut off where none was due"]
MISTAKES = {"test_alphabeta_search": "witness:alphabeta_search"}
