"""A control: recursive select, rollout and backup, and other spellings; full marks."""

START = 'solution'
ANSWERS = {
    'ucb1_code': '''def ucb1(Q, N, parent_N, c):
    if not N:
        return float("inf")
    mean = Q / N
    bonus = c * math.sqrt(math.log(parent_N) / N)
    return mean + bonus
''',
    'select_code': '''def select(node, c):
    if not node.children:
        return node
    scores = [ucb1(child.Q, child.N, node.N, c) for child in node.children]
    return select(node.children[scores.index(max(scores))], c)
''',
    'expand_code': '''def expand(node, game):
    over = game.terminal_test(node.state)
    first_visit = node.N == 0 and node.parent is not None
    if over or first_visit:
        return node
    player = game.to_move(node.state)
    node.children = [
        Node(game.result(node.state, move), move=move, parent=node, player=player)
        for move in game.actions(node.state)
    ]
    return node.children[0]
''',
    'rollout_code': '''def rollout(state, game, rng):
    if game.terminal_test(state):
        return state
    move = rng.choice(game.actions(state))
    return rollout(game.result(state, move), game, rng)
''',
    'backup_code': '''def backup(node, end, game):
    if node is None:
        return
    node.N = node.N + 1
    if node.parent is not None:
        node.Q = node.Q + game.utility(end, node.player)
    backup(node.parent, end, game)
''',
    'best_move_code': '''def best_move(rows):
    ranked = sorted(rows, key=lambda row: -row[1])  # sorted is stable: ties keep their order
    return ranked[0][0]
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {}
FEEDBACK = ['✓ search on a tic-tac-toe position']
