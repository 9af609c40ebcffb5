"""Every engine calls gamekit's own (TreeGame derives from GameTree): the code tests score 0."""

START = "solution"
ANSWERS = {
    "tree_game_code": '''class TreeGame(GameTree):
    """gamekit's GameTree under another name."""

    def __init__(self, edges, utilities):
        super().__init__(edges, utilities)
''',
    "minimax_value_code": """from gamekit import minimax_value as gamekit_minimax_value


def minimax_value(state, game, player):
    return gamekit_minimax_value(state, game, player)
""",
    "minimax_decision_code": """import gamekit


def minimax_decision(state, game):
    return gamekit.minimax_decision(state, game)
""",
    "minimax_cutoff_code": """from gamekit.search import alphabeta_cutoff_search


def minimax_cutoff_value(state, game, depth, eval_fn, player, ply=0):
    value, move = alphabeta_cutoff_search(state, game, depth, eval_fn, with_value=True)
    return value if game.to_move(state) == player else -value
""",
    "expectiminimax_code": """from gamekit.explain import expectiminimax_values


def expectiminimax_value(state, game, player):
    value = expectiminimax_values(game, state)[state]
    return value if game.to_move(state) == player else -value
""",
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {
    "test_tree_game_moves": 0,
    "test_tree_game_turns": 0,
    "test_minimax_value": 0,
    "test_minimax_decision": 0,
    "test_minimax_cutoff_value": 0,
    "test_expectiminimax_value": 0,
}
FEEDBACK = ["is the course's own answer", "not from gamekit.GameTree"]
FLAGGED = True  # the lint sees gamekit's engine called in an answer cell
REASONS = ["gamekit's own"]
