"""minimax_cutoff_value scores a terminal state as if it lay one ply deeper, scored_result(utility,
ply + 1) (uncatalogued: the message is a witness)."""

START = "solution"
ANSWERS = {
    "minimax_cutoff_code": """def minimax_cutoff_value(state, game, depth, eval_fn, player, ply=0):
    if game.terminal_test(state):
        return scored_result(game.utility(state, player), ply + 1)
    if ply == depth:
        return eval_fn(state, player)
    values = [
        minimax_cutoff_value(game.result(state, move), game, depth, eval_fn, player, ply + 1)
        for move in game.actions(state)
    ]
    return max(values) if game.to_move(state) == player else min(values)
""",
}
SCORES = {"test_minimax_cutoff_value": 0}
FEEDBACK = [
    "returned 3999992, but should return 3999996",
    "A1 is terminal at ply 1: scored_result(utility, 1) = 4 x (WIN - 1) = 3999996",
]
MISTAKES = {"test_minimax_cutoff_value": "witness:minimax_cutoff_value"}
