"""rollout never picks the first legal move while there is another (uncatalogued: a witness)."""

START = 'solution'
ANSWERS = {
    'rollout_code': '''def rollout(state, game, rng):
    while not game.terminal_test(state):
        moves = game.actions(state)
        state = game.result(state, rng.choice(moves[1:] or moves))
    return state
''',
}
SCORES = {'test_search_trees': 0, 'test_search_tictactoe': 0}
FEEDBACK = ['the rollout ends with utility']
MISTAKES = {'test_search_trees': 'witness:search', 'test_search_tictactoe': 'witness:search'}
