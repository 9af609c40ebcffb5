"""What the mutation harness (`gamekit.grading.mutants`) needs for a02: a wide observation of the
notebook's functions, and a re-check of the claims a failing cell made.

``observe`` records what each answer returns and, for the searches, the nodes generated and
evaluated in order (a02 grades the trace): on a01's observation trees (random shapes), at several
depths, and on tic-tac-toe positions. The ordering key is observed through what it defines, the
order `OrderedGame` gives the centre, the corners and the edges, not through its raw numbers
(any key that orders those groups the same is right).

``recheck``: a02 names a catalogued mistake only after its flawed search reproduced the student's
move and trace on every case of the cell (`gamekit.grading.a02.search._diagnose`), and its
witness sentences are read off the student's own trace, so there is no value to re-check after
the fact; it returns None.
"""

from __future__ import annotations

from typing import Any

from gamekit.games import OrderedGame, TicTacToe
from gamekit.grading.a01.mutation import _outcome, _traced, observation_trees
from gamekit.grading.a02.trees import hashed_eval, tictactoe_eval

_POSITIONS = (
    ["X..", "...", "..."],
    ["X..", ".O.", "..."],
    ["XO.", ".X.", "..O"],
    ["XO.", "OX.", "X.O"],
    [".X.", "...", "O.X"],
    ["...", "X.O", "..."],
)


def observe(namespace: dict[str, Any]) -> list[str]:
    """What the notebook's answers do on many trees and boards (seeded), traces included."""
    from gamekit.search import alphabeta_search as course_alphabeta
    from gamekit.search import minimax_decision as course_minimax

    seen = [
        _outcome(namespace["intervals_by_hand"]),
        _outcome(namespace["pruned_by_hand"]),
    ]
    search, cutoff = namespace["alphabeta_search"], namespace["alphabeta_cutoff_search"]
    for i, tree in enumerate(observation_trees()):
        seen.append(_traced(search, tree, tree.initial))
        for depth in (1, 2, 3):
            seen.append(
                _traced(
                    lambda s, g, eval_fn, d=depth: cutoff(s, g, d, eval_fn),
                    tree,
                    tree.initial,
                    hashed_eval(i),
                )
            )
    game = TicTacToe()
    boards = [game.from_rows(rows) for rows in _POSITIONS]
    for board in boards[2:]:
        seen.append(_traced(search, game, board))
    for board in boards[:3]:
        seen.append(
            _traced(lambda s, g, eval_fn: cutoff(s, g, 2, eval_fn), game, board, tictactoe_eval)
        )
    counts = namespace["nodes_by_depth"]
    for engine in (course_minimax, course_alphabeta):
        seen.append(_outcome(lambda e=engine: counts(e, game, boards[2:4])))
        seen.append(_outcome(lambda e=engine: counts(e, game, [boards[3]])))
    key = namespace["centre_first"]
    for board in [game.initial, *boards]:
        seen.append(_outcome(lambda b=board: _groups(OrderedGame(game, key).actions(b))))
    return seen


def _groups(moves: list[Any]) -> list[int]:
    """The lines through each move, in order: 4 the centre, 3 a corner, 2 an edge (the order
    within corners and within edges is free)."""
    return [2 + (row == col) + (row + col == 4) for row, col in moves]


def recheck(namespace: dict[str, Any], code: str, evidence: dict | None) -> str | None:
    """None: a02's claims are verified when they are made (see the module's docstring)."""
    return None
