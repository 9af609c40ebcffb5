"""rollout uses the module-level random.choice instead of the rng it is given."""

START = 'solution'
ANSWERS = {
    'rollout_code': '''def rollout(state, game, rng):
    """Play random moves from `state`, each chosen with random.choice(game.actions(...)), until the
    game is over; return the final state."""
    while not game.terminal_test(state):
        state = game.result(state, random.choice(game.actions(state)))
    return state
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {'test_search_trees': 0, 'test_search_tictactoe': 0}
FEEDBACK = ['not the module-level random']
