"""minimax_cutoff_value calls eval_fn on every node it reaches, then uses it only at the cutoff."""

START = "solution"
ANSWERS = {
    "minimax_cutoff_code": """def minimax_cutoff_value(state, game, depth, eval_fn, player, ply=0):
    if game.terminal_test(state):
        return scored_result(game.utility(state, player), ply)
    estimate = eval_fn(state, player)
    if ply == depth:
        return estimate
    values = [minimax_cutoff_value(game.result(state, move), game, depth, eval_fn, player, ply + 1)
              for move in game.actions(state)]
    return max(values) if game.to_move(state) == player else min(values)
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_minimax_cutoff_value": 0}
FEEDBACK = ["evaluation called on non-leaf nodes"]
