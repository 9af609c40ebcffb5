"""By-hand values computed with min and max swapped (MAX nodes take the smallest child)."""

START = "solution"
ANSWERS = {
    "hand_values_answer": """def minimax_values_by_hand():
    return {
        "A": 1, "B": 1, "C": 3, "D": 8,
        "E": -3, "F": 1, "G": -6, "H": 3, "I": 0,
    }
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_hand_values": 0}
FEEDBACK = ["min and max swapped"]
