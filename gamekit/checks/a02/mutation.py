"""What the mutation harness (`gamekit.checks.mutants`) needs for a02: a wide observation of the
notebook's functions, and a re-check of the claims a failing cell made.

``observe`` records what each answer returns and, for the searches, the nodes generated and
evaluated in order (a02 grades the trace): on a01's observation trees (random shapes), at several
depths, and on tic-tac-toe positions. The ordering key is observed through what it defines, the
order `OrderedGame` gives the centre, the corners and the edges, not through its raw numbers
(any key that orders those groups the same is right).

``recheck``: a search's witness names a probe of the ladder (`gamekit.checks.a02.ladder`) by
its words; the re-check finds that probe, runs the program there again, traced, and verifies
what the message says: the move returned, the course's move, and where the search parts from
the course's (a child out of order, a cutoff too many or too few, with the window and v quoted),
recomputed by an alpha-beta written out here. A named mistake must reproduce the program's move
and trace on every probe.
"""

from __future__ import annotations

import math
from functools import partial
from typing import Any

from gamekit.checks.a01.mutation import _outcome, _traced, observation_trees
from gamekit.checks.a02 import search
from gamekit.checks.a02.ladder import probes_for
from gamekit.checks.a02.mistakes import MISTAKES, flawed_alphabeta
from gamekit.checks.a02.trees import hashed_eval, tictactoe_eval
from gamekit.checks.mutants import Catalogued, unforbidden
from gamekit.games import Game, OrderedGame, TicTacToe

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
    sooner = game.from_rows(["...", "..X", "OOX"])  # a win now and wins later: ply matters
    seen.append(
        _traced(lambda s, g, eval_fn: cutoff(s, g, 3, eval_fn), game, sooner, tictactoe_eval)
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


def _windows(game: Game, state: Any, kw: dict) -> dict[tuple[str, str], tuple]:
    """``{(node, move): (alpha, beta, v, cut)}`` (reprs as keys, numbers as the message writes
    them) for every child the course's alpha-beta searches: the window the child got, the
    node's v once it returned, and whether the node then cut off. Written out again here, apart
    from the checker's `course_steps`, so that the re-check does not trust the checker."""
    player, depth, evaluate = game.to_move(state), kw.get("depth"), kw.get("eval_fn")
    found: dict[tuple[str, str], tuple] = {}

    def value(s: Any, alpha: float, beta: float, ply: int) -> float:
        if game.terminal_test(s):
            u = game.utility(s, player)
            return u if depth is None else search.scored_result(u, ply)
        if depth is not None and ply == depth:
            return evaluate(s, player)
        is_max = game.to_move(s) == player
        v = -math.inf if is_max else math.inf
        for a in game.actions(s):
            child = value(game.result(s, a), alpha, beta, ply + 1)
            v = max(v, child) if is_max else min(v, child)
            cut = v >= beta if is_max else v <= alpha
            shown = (search._number(alpha), search._number(beta), search._number(v))
            found[(repr(s), repr(a))] = (*shown, cut)
            if cut:
                break
            if is_max:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
        return v

    value(state, -math.inf, math.inf, 0)
    return found


def _children(run: Any, node: str) -> list[str]:
    """The moves (reprs) by which a traced search generated the children of ``node``."""
    at = next((n for n in run.trace.nodes if repr(n.state) == node), None)
    return [] if at is None else [repr(c.move) for c in at.children]


def _parent_at(run: Any, k: int) -> str | None:
    """The parent (repr) of the ``k``-th node a traced search generated, if any."""
    nodes = run.trace.nodes
    return repr(nodes[k].parent.state) if k < len(nodes) and nodes[k].parent else None


def _recheck_parting(mine: Any, ours: Any, probe: Any, evidence: dict) -> str | None:
    """Whether the quoted departure holds for the two traced searches on ``probe``."""
    claim, node = evidence.get("claim"), evidence.get("node")
    if claim == "trace":
        return None
    if claim == "move":
        if mine.visited() != ours.visited() or mine.answer == ours.answer:
            return "the message says the nodes agree and only the move differs; they do not"
        return None
    k = search._common(mine.visited(), ours.visited())
    parent = _parent_at(ours, k) if claim == "cut off" else _parent_at(mine, k)
    if parent != node:
        return f"the searches do not first part at node {node} ({claim})"
    if claim == "order":
        got, expected = evidence.get("moves", [None, None])
        if (repr(mine.trace.nodes[k].move), repr(ours.trace.nodes[k].move)) != (got, expected):
            return f"at node {node} the children taken first are not {got} and {expected}"
        return None
    game, state, kw = probe.args
    after = evidence.get("after")
    step = _windows(game, state, kw).get((node, after))
    if step is None:
        return f"the course's alpha-beta never searches {after} at node {node}"
    alpha, beta, v, cut = step
    if [alpha, beta] != evidence.get("window") or v != evidence.get("v"):
        return f"at node {node} after {after}: v = {v}, window [{alpha}, {beta}], not as quoted"
    mine_kids, ours_kids = _children(mine, node), _children(ours, node)
    if claim == "went on" and not (cut and mine_kids[-1:] != [after] and after in mine_kids):
        return f"at node {node} the program did not go on past {after} where a cutoff was due"
    if claim == "cut off" and not (not cut and mine_kids[-1:] == [after] != ours_kids[-1:]):
        return f"at node {node} the program did not cut off after {after} where none was due"
    return None


def recheck(namespace: dict[str, Any], code: str, evidence: dict | None) -> str | None:
    """Whether a failing cell's claim holds for the program in ``namespace``: None if it does,
    else what is false. Only the searches' claims on a probe carry data to re-check."""
    step = (evidence or {}).get("step")
    if step not in search.REFERENCES or step not in namespace:
        return None
    program = namespace[step]
    probes = probes_for(step)
    if code.startswith("a02."):
        mistake = next((m for m in MISTAKES if m.name == code.removeprefix("a02.")), None)
        if mistake is None:
            return f"{code} is not a catalogued mistake"
        try:
            runs = [_run(program, p) for p in probes]
        except Exception as error:  # noqa: BLE001 - no flaw of the catalogue raises
            return f"named {mistake.name}, but the program raises {type(error).__name__} on a probe"
        for flaw in mistake.flaws:
            engine = partial(flawed_alphabeta, flaw=flaw)
            if all(search._same(r, _run(engine, p)) for r, p in zip(runs, probes, strict=True)):
                return None
        return f"named {mistake.name}, but no flaw of it gives the program's search on every probe"
    if "input" not in evidence:
        return None
    probe = next((p for p in probes if p.words == evidence["input"]), None)
    if probe is None:
        return f"the witness's input {evidence['input']!r} is not a probe of {step}"
    try:
        mine = _run(program, probe)
    except Exception as error:  # noqa: BLE001 - the program's own failure is the data here
        if code.startswith("raised:"):
            return None
        return f"{step} raises {type(error).__name__} on the probe, the message quotes its search"
    if code.startswith("raised:"):
        return f"{step} does not raise on {probe.words}"
    ours = _run(search.REFERENCES[step], probe)
    if repr(mine.answer) != evidence.get("got"):
        return f"{step} returns {mine.answer!r} on the probe, the message says {evidence['got']}"
    if repr(ours.answer) != evidence.get("expected"):
        return f"the course's move on the probe is {ours.answer!r}, not {evidence['expected']}"
    if search._same(mine, ours):
        return f"{step} searches the probe exactly like the course's alpha-beta"
    return _recheck_parting(mine, ours, probe, evidence)


def _run(engine: Any, probe: Any) -> Any:
    """``engine`` traced on ``probe`` (args ``(game, state, kw)``)."""
    game, state, kw = probe.args
    return search._traced(engine, state, game, **kw)


def _flawed(step: str, flaw: str) -> Any:
    """``step`` with ``flaw`` of `flawed_alphabeta` built in, with the student's signature."""
    from gamekit.checks import default_forbidden

    if step == "alphabeta_cutoff_search":

        def cutoff(state: Any, game: Game, depth: int, eval_fn: Any) -> Any:
            return flawed_alphabeta(state, game, depth, eval_fn, flaw=flaw)

        return unforbidden(cutoff, default_forbidden())

    def full(state: Any, game: Game) -> Any:
        return flawed_alphabeta(state, game, flaw=flaw)

    return unforbidden(full, default_forbidden())


def catalogue() -> list[Catalogued]:
    """Every mistake a02's search checks can name, each flaw that shows it as a program (for
    `gamekit.checks.mutants`)."""
    return [
        Catalogued(f"a02.{mistake.name}", step, _flawed(step, flaw), flaw)
        for step in search.REFERENCES
        for mistake in MISTAKES
        if step == "alphabeta_cutoff_search" or not mistake.depth_limited_only
        for flaw in mistake.flaws
    ]
