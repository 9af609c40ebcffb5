"""TreeGame.utility returns the utility for MAX whoever asks."""

START = "solution"
ANSWERS = {
    "tree_game_code": '''class TreeGame(Game):
    """A game given as an explicit tree."""

    def __init__(self, edges, utilities):
        self.edges = {node: dict(children) for node, children in edges.items()}
        self.utilities = dict(utilities)
        self.initial = next(iter(self.edges))
        self.turn = {}
        stack = [(self.initial, MAX)]
        while stack:
            node, player = stack.pop()
            self.turn[node] = player
            for child in self.edges.get(node, {}).values():
                stack.append((child, MIN if player == MAX else MAX))

    def actions(self, state):
        return list(self.edges.get(state, {}))

    def result(self, state, move):
        if move not in self.actions(state):
            raise IllegalMoveError(f"no edge {move!r} at {state!r}")
        return self.edges[state][move]

    def utility(self, state, player):
        return self.utilities[state]

    def terminal_test(self, state):
        return state in self.utilities

    def to_move(self, state):
        return self.turn[state]
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_tree_game_turns": 0}
FEEDBACK = ["utility taken for the wrong player"]
