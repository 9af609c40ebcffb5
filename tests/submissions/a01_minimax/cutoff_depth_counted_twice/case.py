"""minimax_cutoff_value lowers depth and raises ply on each call."""

START = "solution"
ANSWERS = {
    "minimax_cutoff_code": """def minimax_cutoff_value(state, game, depth, eval_fn, player, ply=0):
    if game.terminal_test(state):
        return scored_result(game.utility(state, player), ply)
    if ply == depth:
        return eval_fn(state, player)
    values = [
        minimax_cutoff_value(game.result(state, move), game, depth - 1, eval_fn, player, ply + 1)
        for move in game.actions(state)
    ]
    return max(values) if game.to_move(state) == player else min(values)
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_minimax_cutoff_value": 0}
FEEDBACK = [
    "depth counted twice",
]
