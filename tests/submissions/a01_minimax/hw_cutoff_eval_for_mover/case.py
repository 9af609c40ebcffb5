"""Hand-written (issue 30): minimax_cutoff_value evaluates a cut-off state for the player to
move there, not for `player`."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "minimax_cutoff_code": """def minimax_cutoff_value(state, game, depth, eval_fn, player, ply=0):
    if game.terminal_test(state):
        return scored_result(game.utility(state, player), ply)
    if ply == depth:
        return eval_fn(state, game.to_move(state))
    values = [minimax_cutoff_value(game.result(state, m), game, depth, eval_fn, player, ply + 1)
              for m in game.actions(state)]
    return max(values) if game.to_move(state) == player else min(values)
""",
}
SCORES = {"test_minimax_cutoff_value": 0}
FEEDBACK = ["with depth=1, for player MAX", "eval_fn(C, MAX) = 2"]
MISTAKES = {"test_minimax_cutoff_value": "witness:minimax_cutoff_value"}
