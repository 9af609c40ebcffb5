"""TreeGame.to_move gives MAX at the root and MIN at every other node, so turns do not
alternate below the first round (uncatalogued: the message is a witness)."""

START = "solution"
ANSWERS = {
    "tree_game_code": '''class TreeGame(Game):
    """A two-player zero-sum game given as an explicit tree (no chance nodes).

    edges: {node: {edge_label: child}} for every inner node, the root listed first.
    utilities: {leaf: utility for MAX} for every leaf.
    MAX moves at the root; turns alternate MAX, MIN, MAX, ... down the tree.
    """

    def __init__(self, edges, utilities):
        self.edges = {node: dict(children) for node, children in edges.items()}
        self.utilities = dict(utilities)
        self.initial = next(iter(self.edges))

    def actions(self, state):
        """The labels of the edges leaving `state`, in the order given (none at a leaf)."""
        return list(self.edges.get(state, {}))

    def result(self, state, move):
        """The child reached from `state` along edge `move`; IllegalMoveError if none."""
        self.check_move(state, move)
        return self.edges[state][move]

    def utility(self, state, player):
        """The utility of leaf `state` for `player` (the tree stores it for MAX)."""
        return self.utilities[state] if player == MAX else -self.utilities[state]

    def terminal_test(self, state):
        """True at a leaf."""
        return state in self.utilities

    def to_move(self, state):
        """'MAX' or 'MIN': whose turn it is at `state`."""
        return MAX if state == self.initial else MIN
''',
}
SCORES = {"test_tree_game_turns": 0}
FEEDBACK = [
    "to_move('E') is 'MIN', but 'E' lies 2 plies below the root",
    "turns alternate MAX, MIN, MAX, ... down the tree",
]
MISTAKES = {"test_tree_game_turns": "witness:TreeGame"}
