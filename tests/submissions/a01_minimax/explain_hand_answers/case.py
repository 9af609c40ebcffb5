"""Computes the by-hand answers with code (gamekit.explain.minimax_values, a walk of the
tic-tac-toe tree): right values, but computed, so 0 points for both cells."""

START = "release"
ANSWERS = {
    "vocabulary_answer": '''def tree_vocabulary():
    """Exercise 1.1, by walking the tree instead of by hand."""
    per_ply, terminal = {}, []
    stack = [(position, 0)]
    while stack:
        state, ply = stack.pop()
        per_ply[ply] = per_ply.get(ply, 0) + 1
        if ttt.terminal_test(state):
            terminal.append(ply)
        else:
            stack.extend((ttt.result(state, move), ply + 1) for move in ttt.actions(state))
    leaf = ttt.result(ttt.result(position, (2, 3)), (3, 2))
    return {
        "states_at_ply_1": per_ply[1],
        "states_at_ply_2": per_ply[2],
        "terminal_states": len(terminal),
        "deepest_ply": max(terminal),
        "utility_for_X": ttt.utility(leaf, "X"),
    }
''',
    "hand_values_answer": '''from gamekit.explain import minimax_values


def minimax_values_by_hand():
    """Exercise 2.1, by gamekit.explain instead of by hand."""
    values = minimax_values(hand_tree)
    return {node: values[node] for node in "ABCDEFGHI"}
''',
}
SCORES = {}
FEEDBACK = ["type the values you worked out by hand"]
STATUS = "graded"
FLAGGED = True
REASONS = ["gamekit.explain"]
