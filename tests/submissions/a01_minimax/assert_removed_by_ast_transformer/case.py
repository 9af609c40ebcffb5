"""Adds an IPython AST transformer that turns every assert into `pass` (the student's nearest
thing to python -O), with shaped but wrong answers: 0 points."""

START = "release"
ANSWERS = {
    "vocabulary_answer": """import ast


class _NoAsserts(ast.NodeTransformer):
    def visit_Assert(self, node):
        return ast.copy_location(ast.Pass(), node)


get_ipython().ast_transformers.append(_NoAsserts())


def tree_vocabulary():
    return {"states_at_ply_1": 0, "states_at_ply_2": 0, "terminal_states": 0,
            "deepest_ply": 0, "utility_for_X": 0}
""",
    "hand_values_answer": """def minimax_values_by_hand():
    return {"A": 0, "B": 0, "C": 0, "D": 0, "E": 0, "F": 0, "G": 0, "H": 0, "I": 0}
""",
    "minimax_value_code": """def minimax_value(state, game, player):
    return 0
""",
}
SCORES = {}
FEEDBACK = []
STATUS = "graded"
FLAGGED = True
REASONS = ["get_ipython().ast_transformers"]
