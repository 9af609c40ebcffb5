"""backup's cell redefines search with gamekit's mcts_search, and ucb1 calls MCTSNode.ucb. The
given search cell comes after backup's and defines search again, so the copy never runs; the
search cells run the given loop with the course's ucb1 in place of this one, so the refused
MCTSNode.ucb costs Part 1 only (one mistake, one charge), and the lint flags both."""

START = 'solution'
ANSWERS = {
    'ucb1_code': '''from gamekit.mcts import MCTSNode


def ucb1(Q, N, parent_N, c):
    parent = MCTSNode(None)
    parent.N = parent_N
    child = MCTSNode(None, parent=parent)
    child.N, child.Q = N, Q
    return child.ucb(c)
''',
    'backup_code': '''def backup(node, end, game):
    """From `node` up to the root: add one visit to N, and add to Q the result of the finished
    game `end` for the player who moved into the node (the root has no such player)."""
    while node is not None:
        node.N += 1
        if node.player is not None:
            node.Q += game.utility(end, node.player)
        node = node.parent


from gamekit.mcts import mcts_search


def search(state, game, iterations, seed, c=math.sqrt(2)):
    _, root = mcts_search(
        state, game, iterations=iterations, seed=random.Random(seed), c=c, with_tree=True
    )
    return [(child.move, child.N, child.Q) for child in root.children]
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {'test_ucb1': 0}
FEEDBACK = ["calls gamekit's own code"]
FLAGGED = True  # the lint sees gamekit's MCTS in an answer cell
REASONS = ["gamekit's own"]
