"""minimax_cutoff_value calls eval_fn(player, state); the course's estimate takes (state, player)"""

START = "solution"
ANSWERS = {
    "minimax_cutoff_code": """def minimax_cutoff_value(state, game, depth, eval_fn, player, ply=0):
    if game.terminal_test(state):
        return scored_result(game.utility(state, player), ply)
    if ply == depth:
        return eval_fn(player, state)
    values = [minimax_cutoff_value(game.result(state, move), game, depth, eval_fn, player, ply + 1)
              for move in game.actions(state)]
    return max(values) if game.to_move(state) == player else min(values)
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_minimax_cutoff_value": 0}
FEEDBACK = [
    "your minimax_cutoff_value, at line 5: `return eval_fn(player, state)`",
    "called the course's evaluation function estimate(state, player), which raised KeyError: 'MAX'",
    "check the arguments on that line against estimate(state, player)",
]
MISTAKES = {"test_minimax_cutoff_value": "raised:minimax_cutoff_value"}
