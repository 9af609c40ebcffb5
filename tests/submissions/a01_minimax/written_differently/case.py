"""Control: right answers written another way (the textbook's max_value / min_value pair,
max() with a key for the decision, a nested helper that counts plies, math.fsum for chance
nodes): full marks."""

START = "solution"
ANSWERS = {
    "minimax_value_code": """def minimax_value(state, game, player):
    def max_value(s):
        if game.terminal_test(s):
            return game.utility(s, player)
        best = -math.inf
        for a in game.actions(s):
            best = max(best, value_of(game.result(s, a)))
        return best

    def min_value(s):
        if game.terminal_test(s):
            return game.utility(s, player)
        best = math.inf
        for a in game.actions(s):
            best = min(best, value_of(game.result(s, a)))
        return best

    def value_of(s):
        if game.terminal_test(s):
            return game.utility(s, player)
        return max_value(s) if game.to_move(s) == player else min_value(s)

    return value_of(state)
""",
    "minimax_decision_code": """def minimax_decision(state, game):
    me = game.to_move(state)
    return max(
        game.actions(state),
        key=lambda move: minimax_value(game.result(state, move), game, me),
    )
""",
    "minimax_cutoff_code": """def minimax_cutoff_value(state, game, depth, eval_fn, player, ply=0):
    def search(s, plies_below):
        if game.terminal_test(s):
            return scored_result(game.utility(s, player), plies_below)
        if plies_below == depth:
            return eval_fn(s, player)
        children = (search(game.result(s, a), plies_below + 1) for a in game.actions(s))
        pick = max if game.to_move(s) == player else min
        return pick(children)

    return search(state, ply)
""",
    "expectiminimax_code": """def expectiminimax_value(state, game, player):
    if game.terminal_test(state):
        return game.utility(state, player)
    who = game.to_move(state)
    moves = game.actions(state)
    if who == CHANCE:
        odds = game.chance_outcomes(state)
        return math.fsum(
            odds[m] * expectiminimax_value(game.result(state, m), game, player) for m in moves
        )
    values = []
    for m in moves:
        values.append(expectiminimax_value(game.result(state, m), game, player))
    if who == player:
        return max(values)
    return min(values)
""",
}
SCORES = {}
FEEDBACK = []
