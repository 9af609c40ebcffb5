"""Hand-written (issue 30): minimax_cutoff_value tests the depth before the terminal test, so a
finished game at the cutoff ply is scored by eval_fn."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "minimax_cutoff_code": """def minimax_cutoff_value(state, game, depth, eval_fn, player, ply=0):
    if ply == depth:
        return eval_fn(state, player)
    if game.terminal_test(state):
        return scored_result(game.utility(state, player), ply)
    values = [minimax_cutoff_value(game.result(state, m), game, depth, eval_fn, player, ply + 1)
              for m in game.actions(state)]
    return max(values) if game.to_move(state) == player else min(values)
""",
}
SCORES = {"test_minimax_cutoff_value": 0}
FEEDBACK = ["at line 3: `return eval_fn(state, player)`", "called the course's evaluation function"]
MISTAKES = {"test_minimax_cutoff_value": "raised:minimax_cutoff_value"}
