"""Checks for assignment 02, alpha-beta pruning: the hidden tests call these functions.

Every check compares the student's answer with the course's reference (`gamekit.explain` for the
by-hand answers, `gamekit.search` for the engines) and, when they differ, says which mistake
explains the difference, never what the expected hidden values are.

How an engine is diagnosed: the student's function runs through `gamekit.trace.run_traced` with
gamekit's own engines swapped out (`engines_swapped_out`), on trees and tic-tac-toe positions the
hidden test chooses. Its chosen move and the sequence of nodes it generates are compared with the
reference. When they differ, the same cases are searched by `flawed_alphabeta`, which is the
course's alpha-beta with one catalogued mistake built in (`MISTAKES`); the mistake whose
behaviour reproduces the student's, node for node on every case, is the one named. The
depth-limited engine is also checked directly from its trace (where the evaluation was called,
how deep the search went).

About "bounds updated before the test": moving ``alpha = max(alpha, v)`` before the cutoff test
``if v >= beta`` (or testing ``alpha >= beta`` right after that update) changes nothing, on any
tree: the test does not read alpha, and every node is entered with ``alpha < beta``, so
``max(alpha, v) >= beta`` exactly when ``v >= beta``. Returning ``alpha`` instead of ``v``
(fail-hard) also visits the same nodes and picks the same move. Those are correct programs and
pass. The ordering mistake that does change the search is the other one students write: testing
the window (``alpha >= beta``) *before* the bound has taken in the value just returned, so each
cutoff comes one child late. That is the ``bounds_updated_before_test`` entry of `MISTAKES`.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from gamekit.explain import alphabeta_intervals, alphabeta_pruned
from gamekit.games import Game, OrderedGame, TicTacToe
from gamekit.gametree import MAX, GameTree
from gamekit.grading import (
    EngineForbidden,
    GradingError,
    default_forbidden,
    engines_swapped_out,
    require_number,
    require_plain,
    require_type,
)
from gamekit.grading.a01 import raised_by_student
from gamekit.search import alphabeta_cutoff_search as reference_cutoff_search
from gamekit.search import alphabeta_search as reference_search
from gamekit.search import scored_result
from gamekit.trace import Trace, TraceNode, run_traced

infinity = math.inf
EvalFn = Callable[[Any, str], float]

# --------------------------------------------------------------------------------------------
# Trees of the notebook
# --------------------------------------------------------------------------------------------


def tree_from_lists(spec: list, *, root: str = "A") -> GameTree:
    """A MAX/MIN tree from nested lists: a list is an inner node, a number a leaf's utility.

    Names follow `gamekit.explain.random_tree`: the root ``A``, its children ``B``, ``C``, ...
    (edges ``a1``, ``a2``, ...), deeper nodes append their position to the parent's name
    (``B1``, ``B12``; edges ``b1``, ``b12``).

    >>> tree = tree_from_lists([[3, 12], [2, [4, 6]]])
    >>> tree.actions("A"), tree.result("C", "c2"), tree.utilities["C21"]
    (['a1', 'a2'], 'C2', 4)
    """
    letters = "BCDEFGHIJ"
    edges: dict[str, dict[str, str]] = {}
    utilities: dict[str, float] = {}

    def grow(node: str, sub: Any, level: int) -> None:
        if not isinstance(sub, list):
            utilities[node] = sub
            return
        if not 1 <= len(sub) <= len(letters):
            raise ValueError(f"node {node!r} needs 1 to {len(letters)} children, got {sub!r}")
        edges[node] = {}
        for i, child_spec in enumerate(sub, start=1):
            child = letters[i - 1] if level == 0 else f"{node}{i}"
            edges[node][f"{node.lower()}{i}"] = child
            grow(child, child_spec, level + 1)

    grow(root, spec, 0)
    return GameTree(edges, utilities)


def example_tree() -> GameTree:
    """The worked example of the notebook: one MAX cutoff and one MIN cutoff."""
    return tree_from_lists([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])


def exercise_tree() -> GameTree:
    """The tree of the by-hand exercise (the answers are checked against this very tree)."""
    return tree_from_lists([[[4, 0], [5, 6]], [[3, 8], [9, 3, 4]], [[7, 8], [8, 2]]])


# --------------------------------------------------------------------------------------------
# By-hand answers
# --------------------------------------------------------------------------------------------


def _answer(fn: Callable[[], Any], what: str) -> Any:
    """Call the student's answer function; NotImplementedError (a blank answer) passes through."""
    try:
        return fn()
    except (NotImplementedError, GradingError):
        raise
    except Exception as error:
        raise GradingError(f"{what} raised {type(error).__name__}: {error}") from error


def _interval_of(node: Any, value: Any) -> tuple[float, float]:
    what = f"the interval of node {node!r}"
    if type(value) not in (tuple, list) or len(value) != 2:
        raise GradingError(f"{what} should be a pair (alpha, beta), got {value!r}")
    alpha = require_number(value[0], f"alpha at node {node!r}")
    beta = require_number(value[1], f"beta at node {node!r}")
    return alpha, beta


def entry_intervals(tree: GameTree) -> dict[Any, tuple[float, float]]:
    """``{node: (alpha, beta)}`` as each inner node is *entered* (not the course convention:
    used to recognise an answer given at the wrong moment)."""
    from gamekit.explain import alphabeta_steps

    return {
        s.node: (s.alpha, s.beta) for s in alphabeta_steps(tree.initial, tree) if s.kind == "enter"
    }


def updated_first_intervals(tree: GameTree) -> dict[Any, tuple[float, float]]:
    """``{node: (alpha, beta)}`` at return when the bound takes in ``v`` *before* the cutoff test
    (not the course convention: used to recognise that mistake in a by-hand answer)."""
    found: dict[Any, tuple[float, float]] = {}

    def visit(node: Any, alpha: float, beta: float, is_max: bool) -> float:
        if tree.terminal_test(node):
            return tree.utility(node, MAX)
        v = -infinity if is_max else infinity
        for move in tree.actions(node):
            child = visit(tree.result(node, move), alpha, beta, not is_max)
            v = max(v, child) if is_max else min(v, child)
            alpha, beta = (max(alpha, v), beta) if is_max else (alpha, min(beta, v))
            if v >= beta if is_max else v <= alpha:
                break
        found[node] = (alpha, beta)
        return v

    visit(tree.initial, -infinity, infinity, True)
    return found


def check_intervals(answer_fn: Callable[[], Any], tree: GameTree | None = None) -> None:
    """``answer_fn()`` must give ``{node: (alpha, beta)}`` for every inner node alpha-beta visits,
    with the window the node holds when it returns (course convention). Names the nodes whose
    interval is wrong, never the right values."""
    tree = exercise_tree() if tree is None else tree
    answer = _answer(answer_fn, "your interval function")
    require_type(answer, dict, "your intervals")
    require_plain(answer, "your intervals")
    given = {node: _interval_of(node, value) for node, value in answer.items()}
    expected = alphabeta_intervals(tree)
    problems = []
    unknown = sorted(str(n) for n in given if n not in tree.kinds)
    if unknown:
        problems.append(
            f"{', '.join(unknown)} "
            + ("is not a node of the tree" if len(unknown) == 1 else "are not nodes of the tree")
        )
    leaves = sorted(str(n) for n in given if n in tree.utilities)
    if leaves:
        problems.append(f"leaves have no interval, but you gave one for {', '.join(leaves)}")
    unvisited = sorted(str(n) for n in given if n in tree.edges and n not in expected)
    if unvisited:
        problems.append(
            f"{', '.join(unvisited)} should have no interval: alpha-beta never reaches "
            f"{'it' if len(unvisited) == 1 else 'them'} (below a pruned edge)"
        )
    missing = [str(n) for n in expected if n not in given]
    if missing:
        problems.append(
            f"no interval for {', '.join(missing)}: give one for every inner node alpha-beta visits"
        )
    wrong = [str(n) for n in expected if n in given and given[n] != expected[n]]
    if wrong:
        hint = ""
        entry = entry_intervals(tree)
        early = updated_first_intervals(tree)
        if all(given[n] == early[n] for n in wrong):
            hint = (
                " At those nodes the bound was updated before the cutoff test: in the course"
                " convention the test comes first, so a node that is cut off keeps its window."
            )
        elif all(given[n] == entry[n] for n in wrong):
            hint = (
                " They hold the window each node was entered with: the course asks for the "
                "window when the node returns, after its last update."
            )
        elif all(given[n] == expected[n][::-1] for n in wrong):
            hint = " alpha and beta look swapped: write each as (alpha, beta)."
        problems.append(f"wrong interval at {', '.join(wrong)}.{hint}")
    if problems:
        raise GradingError("Intervals: " + "; ".join(problems))


def _edge_of(value: Any) -> tuple[Any, Any]:
    if type(value) not in (tuple, list) or len(value) != 2:
        raise GradingError(f"each pruned edge should be a pair (node, edge_label), got {value!r}")
    return value[0], value[1]


def check_pruned_edges(answer_fn: Callable[[], Any], tree: GameTree | None = None) -> None:
    """``answer_fn()`` must give the edges alpha-beta never explores, as ``(node, edge_label)``
    pairs leaving the cut-off node (not the edges below them). Says how many are missing or extra,
    never which."""
    tree = exercise_tree() if tree is None else tree
    answer = _answer(answer_fn, "your pruned-edges function")
    require_type(answer, (set, frozenset, list, tuple), "your pruned edges")
    require_plain(answer, "your pruned edges")
    edges = [_edge_of(item) for item in answer]
    if len(set(edges)) != len(edges):
        raise GradingError("Pruned edges: some edge is listed twice")
    for node, label in edges:
        if node not in tree.edges:
            raise GradingError(
                f"Pruned edges: {node!r} is not an inner node of the tree; write each edge as "
                "(node it leaves, edge label), e.g. ('A', 'a2')"
            )
        if label not in tree.edges[node]:
            kids = tree.edges[node]
            hint = " (use the edge's label, not the child's name)" if label in kids.values() else ""
            raise GradingError(f"Pruned edges: no edge {label!r} leaves {node!r}{hint}")
    expected = set(alphabeta_pruned(tree))
    given = set(edges)
    missing, extra = expected - given, given - expected
    if not (missing or extra):
        return
    parts = []
    if missing:
        parts.append(f"{len(missing)} pruned edge{'s are' if len(missing) > 1 else ' is'} missing")
    if extra:
        below = {(n, lab) for n, lab in extra if any(_below(tree, n, e) for e in expected)}
        parts.append(
            f"{len(extra)} edge{'s' if len(extra) > 1 else ''} you listed "
            f"{'are' if len(extra) > 1 else 'is'} not pruned"
        )
        if below:
            parts.append(
                "list only the edge leaving the cut-off node, not the edges inside the subtree "
                "below it"
            )
    raise GradingError("Pruned edges: " + "; ".join(parts))


def _below(tree: GameTree, node: Any, edge: tuple[Any, Any]) -> bool:
    """Is ``node`` inside the subtree hanging from ``edge``?"""
    top = tree.edges[edge[0]][edge[1]]
    while node != tree.initial:
        if node == top:
            return True
        node = tree.parent[node]
    return False


# --------------------------------------------------------------------------------------------
# The catalogue of mistakes, and alpha-beta with each mistake built in
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mistake:
    """A catalogued mistake: the flaws of `flawed_alphabeta` that show it, and what to say."""

    name: str
    flaws: tuple[str, ...]
    message: str
    depth_limited_only: bool = False


MISTAKES: tuple[Mistake, ...] = (
    Mistake(
        "minimax_as_alphabeta",
        ("no_pruning",),
        "nothing is pruned: your search explores every node, like minimax. After each child, "
        "MAX must return as soon as v >= beta and MIN as soon as v <= alpha, and each child "
        "must get the window (alpha, beta) updated by its elder siblings.",
    ),
    Mistake(
        "strict_inequality",
        ("strict",),
        "pruned only on strict inequality: your search goes on when v equals the bound. The "
        "course prunes on equality too: MAX returns when v >= beta, MIN when v <= alpha.",
    ),
    Mistake(
        "bounds_updated_before_test",
        ("stale_window_test",),
        "cutoff test and bound update out of order: your cutoff test reads a bound that does not "
        "yet hold the value the child just returned, so every cutoff comes one child late. Right "
        "after v changes, test v itself (MAX: v >= beta; MIN: v <= alpha), then update the bound "
        "(MAX: alpha = max(alpha, v); MIN: beta = min(beta, v)).",
    ),
    Mistake(
        "alpha_beta_swapped",
        ("swapped_tests", "swapped_args", "swapped_min_params", "swapped_init"),
        "alpha and beta are swapped somewhere: MAX raises alpha and compares v with beta, MIN "
        "lowers beta and compares v with alpha, every call passes (alpha, beta) in that order, "
        "and the root starts with alpha = -inf, beta = +inf.",
    ),
    Mistake(
        "eager_successors",
        ("eager", "eager_no_pruning"),
        "successors generated eagerly: your search builds every child of a node (game.result) "
        "before it searches the first one, so the children a cutoff skips are generated anyway. "
        "Call game.result(state, a) inside the loop, just before searching that child.",
    ),
    Mistake(
        "ties_to_last",
        ("last_tie",),
        "ties go to the wrong move: when two moves have the same value, keep the first one in "
        "actions() order (replace the best move only on a strictly better value).",
    ),
    Mistake(
        "mover_perspective",
        ("mover_perspective",),
        "values are scored from the wrong player's point of view: score every leaf for the "
        "player to move at the root (player = game.to_move(state), computed once before the "
        "recursion), both game.utility(s, player) and eval_fn(s, player).",
    ),
    Mistake(
        "plain_utility",
        ("plain_utility",),
        "terminal positions are scored with the bare utility: in depth-limited search a finished "
        "game scores scored_result(game.utility(state, player), ply), so a real win beats every "
        "evaluation and a sooner win beats a later one.",
        depth_limited_only=True,
    ),
)
"""The mistakes `check_alphabeta_search` and `check_alphabeta_cutoff` recognise, in the order
they are tried. Depth, evaluation and return-type mistakes are read off the trace directly."""

FLAWS = (
    "none",
    "no_pruning",
    "strict",
    "stale_window_test",
    "swapped_tests",
    "swapped_args",
    "swapped_min_params",
    "swapped_init",
    "eager",
    "eager_no_pruning",
    "last_tie",
    "mover_perspective",
    "plain_utility",
    "depth_plus_one",
    "depth_minus_one",
    "eval_at_every_node",
    "eval_on_terminal",
    "stale_window_at_max",
    "stale_window_at_min",
    "wrong_bound",
    "no_cutoff_at_max",
    "no_cutoff_at_min",
)


def flawed_alphabeta(
    state: Any,
    game: Game,
    depth: int | None = None,
    eval_fn: EvalFn | None = None,
    *,
    flaw: str = "none",
) -> Any:
    """Alpha-beta as the course writes it (``flaw='none'``), or with one mistake built in.

    With ``depth=None`` it searches to the end like `gamekit.search.alphabeta_search`; with a
    depth it is `gamekit.search.alphabeta_cutoff_search`. Returns the chosen move. The flaws:

    - ``no_pruning``: never prunes (minimax in alpha-beta's clothes);
    - ``strict``: MAX prunes only when ``v > beta``, MIN only when ``v < alpha``;
    - ``stale_window_test``: tests ``alpha >= beta`` *before* the bound takes in the child's value;
    - ``swapped_tests``: MAX tests ``v <= alpha`` and lowers beta, MIN the reverse;
    - ``swapped_args``: children are called with ``(beta, alpha)``;
    - ``swapped_min_params``: MIN's function declares its parameters as ``(state, beta, alpha)``;
    - ``swapped_init``: the root starts with ``alpha = +inf, beta = -inf``;
    - ``eager`` / ``eager_no_pruning``: every child is generated before the first is searched;
    - ``last_tie``: a later move with an equal value replaces the best move;
    - ``mover_perspective``: leaves are scored for the player to move there, not the root's;
    - ``plain_utility``: terminal states score ``utility`` instead of `scored_result`;
    - ``depth_plus_one`` / ``depth_minus_one``: evaluates one ply deeper / shallower;
    - ``eval_at_every_node``: calls ``eval_fn`` on every non-terminal node it enters;
    - ``eval_on_terminal``: scores terminal states with ``eval_fn`` too;
    - ``stale_window_at_max`` / ``stale_window_at_min``: a MAX (MIN) node passes its children the
      window it was entered with, not the one its elder children updated;
    - ``wrong_bound``: MAX lowers beta to v, MIN raises alpha to v (the other player's bound);
    - ``no_cutoff_at_max`` / ``no_cutoff_at_min``: MAX (MIN) never cuts off.
    """
    if flaw not in FLAWS:
        raise ValueError(f"unknown flaw {flaw!r}; known: {FLAWS}")
    root_player = game.to_move(state)
    limit = (
        None if depth is None else depth + {"depth_plus_one": 1, "depth_minus_one": -1}.get(flaw, 0)
    )
    evaluate = eval_fn if eval_fn is not None else (lambda s, p: 0)
    prunes = flaw not in ("no_pruning", "eager_no_pruning")
    uncut = {"no_cutoff_at_max": True, "no_cutoff_at_min": False}.get(flaw)  # who never cuts

    def leaf_value(state: Any, ply: int) -> float | None:
        """The value of a leaf of the search, or None when the node is to be expanded."""
        player = game.to_move(state) if flaw == "mover_perspective" else root_player
        if flaw == "eval_on_terminal" and depth is not None and game.terminal_test(state):
            return evaluate(state, player)
        if game.terminal_test(state):
            utility = game.utility(state, player)
            return (
                utility if depth is None or flaw == "plain_utility" else scored_result(utility, ply)
            )
        estimate = evaluate(state, player) if flaw == "eval_at_every_node" and depth else None
        if limit is not None and ply >= limit:
            return estimate if estimate is not None else evaluate(state, player)
        return None

    def value(state: Any, alpha: float, beta: float, ply: int, is_max: bool) -> tuple:
        if flaw == "swapped_min_params" and not is_max:
            alpha, beta = beta, alpha
        leaf = leaf_value(state, ply)
        if leaf is not None:
            return leaf, None
        moves = game.actions(state)
        children = [game.result(state, a) for a in moves] if flaw.startswith("eager") else None
        v, best = (-infinity if is_max else infinity), None
        entry = (alpha, beta)
        for i, a in enumerate(moves):
            child = children[i] if children is not None else game.result(state, a)
            stale = flaw == ("stale_window_at_max" if is_max else "stale_window_at_min")
            window = (beta, alpha) if flaw == "swapped_args" else entry if stale else (alpha, beta)
            v2, _ = value(child, *window, ply + 1, not is_max)
            if flaw == "last_tie":
                better = v2 >= v if is_max else v2 <= v
            else:
                better = v2 > v if is_max else v2 < v
            if better:
                v, best = v2, a
            if flaw == "stale_window_test":
                if alpha >= beta:
                    return v, best
                alpha, beta = (max(alpha, v), beta) if is_max else (alpha, min(beta, v))
                continue
            if flaw == "swapped_tests":
                alpha, beta = (alpha, min(beta, v)) if is_max else (max(alpha, v), beta)
                if prunes and (v <= alpha if is_max else v >= beta):
                    return v, best
                continue
            if flaw == "strict":
                cut = v > beta if is_max else v < alpha
            else:
                cut = v >= beta if is_max else v <= alpha
            if prunes and cut and is_max is not uncut:  # the test first, then the bound moves
                return v, best
            if flaw == "wrong_bound":
                alpha, beta = (alpha, min(beta, v)) if is_max else (max(alpha, v), beta)
                continue
            alpha, beta = (max(alpha, v), beta) if is_max else (alpha, min(beta, v))
        return v, best

    start = (infinity, -infinity) if flaw == "swapped_init" else (-infinity, infinity)
    return value(state, *start, 0, True)[1]


# --------------------------------------------------------------------------------------------
# Running engines
# --------------------------------------------------------------------------------------------


@dataclass
class Run:
    """One traced search: the answer, the trace, and the nodes ``eval_fn`` was called on."""

    answer: Any
    trace: Trace
    evaluated: list[TraceNode]

    def visited(self) -> list[Any]:
        return self.trace.visited()


def _traced(fn: Callable[..., Any], state: Any, game: Game, **kw: Any) -> Run:
    """Like `run_traced`, also noting which generated node each call of ``eval_fn`` scored."""
    trace = Trace(game)
    calls: list[int] = []
    if kw.get("eval_fn") is not None:
        eval_fn = kw["eval_fn"]

        def noted(state: Any, player: str) -> float:
            calls.append(len(trace.evaluations))  # the index this call's node is recorded at
            return eval_fn(state, player)

        noted.kernel_eval = eval_fn  # type: ignore[attr-defined]  # what a student kernel runs
        kw = {**kw, "eval_fn": trace.wrap_eval(noted)}
    trace.game.terminal_test(state)  # the root is node 0 even if the engine never asks about it
    answer = fn(state, trace.game, **kw)
    return Run(answer, trace, [trace.evaluations[i] for i in calls])


def _run_student(fn: Callable[..., Any], name: str, state: Any, game: Game, **kw: Any) -> Run:
    """Trace the student's engine with gamekit's engines swapped out. A blank answer
    (NotImplementedError) and a delegation (EngineForbidden) end the check at once."""
    try:
        inspect.signature(fn).bind(state, game, **kw)
    except (TypeError, ValueError) as error:
        args = "state, game, depth, eval_fn" if "depth" in kw else "state, game"
        raise GradingError(
            f"{name} must take the arguments ({args}), with those names: {error}"
        ) from error
    try:
        with engines_swapped_out(*default_forbidden()):
            return _traced(fn, state, game, **kw)
    except (NotImplementedError, EngineForbidden):
        raise
    except RecursionError as error:
        raise GradingError(
            f"{name} never stops (maximum recursion depth exceeded): does every path reach "
            "terminal_test, or the depth limit?"
        ) from error
    except Exception as error:
        raise GradingError(raised_by_student(name, error)) from error


def _run_reference(engine: Callable[..., Any], state: Any, game: Game, **kw: Any) -> Run:
    return _traced(engine, state, game, **kw)


def _same(a: Run, b: Run) -> bool:
    return type(a.answer) is type(b.answer) and a.answer == b.answer and a.visited() == b.visited()


def _case_name(index: int, game: Game) -> str:
    kind = "a game tree" if isinstance(game, GameTree) else "a tic-tac-toe position"
    return f"case {index + 1} ({kind})"


def _check_move_type(name: str, answer: Any, state: Any, game: Game, where: str) -> None:
    """The answer must be one of ``game.actions(state)``, of the very same type."""
    legal = game.actions(state)
    if type(answer) in (int, float):
        raise GradingError(
            f"{name} returns the value instead of the move ({where}): return the move itself "
            "(an edge label in a tree, a (row, col) cell in tic-tac-toe) and keep values inside "
            "max_value/min_value"
        )
    if answer is None:
        raise GradingError(f"{name} returns None ({where}): it must return one of the legal moves")
    if type(answer) is tuple and len(answer) == 2 and answer not in legal and answer[1] in legal:
        raise GradingError(
            f"{name} returns a pair ({where}): return only the move, not (value, move)"
        )
    children = [game.result(state, m) for m in legal]
    if any(type(answer) is type(child) and answer == child for child in children):
        raise GradingError(
            f"{name} returns the position after the move ({where}): return the move itself, "
            "the a in game.result(state, a)"
        )
    require_plain(answer, f"the move {name} returns")
    if type(answer) not in {type(m) for m in legal} or answer not in legal:
        raise GradingError(
            f"{name} returns {answer!r} ({where}), which is not one of game.actions(state): "
            "return the move exactly as actions() gives it"
        )


def _first_difference(student: list[Any], reference: list[Any]) -> str:
    common = 0
    for a, b in zip(student, reference, strict=False):
        if a != b:
            break
        common += 1
    if common == len(student) < len(reference):
        return (
            f"your search stops after {common} generated nodes, where the course's alpha-beta "
            "goes on"
        )
    if common == len(reference) < len(student):
        return (
            f"the first {common} generated nodes agree, then yours goes on where the course's "
            "alpha-beta has stopped"
        )
    return f"the first {common} generated nodes agree, then your search generates a different node"


# --------------------------------------------------------------------------------------------
# Where a search first parts from the course's, and why
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One child searched by the course's alpha-beta: the window the child was given, the
    node's value v once the child returned, and whether the node then cut off."""

    move: Any
    alpha: float
    beta: float
    v: float
    cut: bool


def course_steps(
    state: Any, game: Game, depth: int | None = None, eval_fn: EvalFn | None = None
) -> dict[tuple, list[Step]]:
    """``{path: steps}`` for every node the course's alpha-beta expands (path: the moves from the
    root). The same search as `flawed_alphabeta` with no flaw, written down as it goes.

    >>> steps = course_steps("A", example_tree())
    >>> [(s.move, s.alpha, s.beta, s.v, s.cut) for s in steps[("a1",)]]
    [('b1', -inf, inf, 5, False), ('b2', -inf, 5, 5, False)]
    >>> [(s.move, s.alpha, s.beta, s.v, s.cut) for s in steps[("a2",)]]
    [('c1', 5, inf, 2, True)]
    """
    player = game.to_move(state)
    evaluate = eval_fn if eval_fn is not None else (lambda s, p: 0)
    found: dict[tuple, list[Step]] = {}

    def value(state: Any, alpha: float, beta: float, path: tuple, is_max: bool) -> float:
        if game.terminal_test(state):
            utility = game.utility(state, player)
            return utility if depth is None else scored_result(utility, len(path))
        if depth is not None and len(path) >= depth:
            return evaluate(state, player)
        steps = found.setdefault(path, [])
        v = -infinity if is_max else infinity
        for a in game.actions(state):
            child = value(game.result(state, a), alpha, beta, (*path, a), not is_max)
            v = max(v, child) if is_max else min(v, child)
            cut = v >= beta if is_max else v <= alpha
            steps.append(Step(a, alpha, beta, v, cut))
            if cut:
                return v
            alpha, beta = (max(alpha, v), beta) if is_max else (alpha, min(beta, v))
        return v

    value(state, -infinity, infinity, (), True)
    return found


VISIBLE_BOARDS = (("XO.", ".X.", "O.."), ("X..", "...", "..."))
"""The tic-tac-toe positions of the visible tests: feedback may show numbers on these."""


def is_visible(game: Game, state: Any) -> bool:
    """Can the student see this case (the worked example, the exercise, the course's first tree,
    a board of the visible tests)? Only then does feedback quote values and windows."""
    from gamekit.gametree import first_tree

    if isinstance(game, GameTree):
        return any(
            game.edges == tree.edges and game.utilities == tree.utilities and state == tree.initial
            for tree in (example_tree(), exercise_tree(), first_tree())
        )
    if type(game) is TicTacToe and (game.h, game.v, game.k) == (3, 3, 3):
        return any(state == game.from_rows(list(rows)) for rows in VISIBLE_BOARDS)
    return False


def _number(x: float) -> str:
    if x in (infinity, -infinity):
        return "+inf" if x > 0 else "-inf"
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _node_name(node: TraceNode, game: Game) -> str:
    """A node as the student would name it: its name in a tree, its moves on a board."""
    if isinstance(game, GameTree):
        return f"node {node.state}"
    moves = node.path()
    return "the root" if not moves else "the position after moves " + ", ".join(map(str, moves))


WINDOW_CAUSES = {
    "stale_window_at_max": "a child got a window that was not its parent's current one: your "
    "search behaves as if a MAX node passed its children the window it was entered with, not the "
    "alpha its elder children raised. Pass the updated alpha and beta to every child.",
    "stale_window_at_min": "a child got a window that was not its parent's current one: your "
    "search behaves as if a MIN node passed its children the window it was entered with, not the "
    "beta its elder children lowered. Pass the updated alpha and beta to every child.",
    "wrong_bound": "the wrong bound moved: your search behaves as if MAX lowered beta to v and "
    "MIN raised alpha to v. MAX raises alpha (alpha = max(alpha, v)), MIN lowers beta "
    "(beta = min(beta, v)).",
    "no_cutoff_at_max": "MAX never cuts off: your search behaves as if MAX nodes had no cutoff "
    "test. After each child, MAX returns as soon as v >= beta.",
    "no_cutoff_at_min": "MIN never cuts off: your search behaves as if MIN nodes had no cutoff "
    "test. After each child, MIN returns as soon as v <= alpha.",
}
"""Why a node decided with the wrong window: a flaw of `flawed_alphabeta` that reproduces the
student's search past the point where it parts from the course's."""


def _common(a: list[Any], b: list[Any]) -> int:
    return next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )


def departure(
    student: Run, reference: Run, game: Game, state: Any, kw: dict, cause: str | None = None
) -> str | None:
    """Say which decision of the student's search first parts from the course's alpha-beta, at
    which node (MAX or MIN), and ``cause`` (why, when known); with values and windows only when
    `is_visible`. None when the two searches part in a way this cannot describe."""
    mine, ref = student.trace.nodes, reference.trace.nodes
    k = _common(student.visited(), reference.visited())
    if k == 0 or (k >= len(mine) and k >= len(ref)):
        return None
    mine_parent = mine[k].parent.index if k < len(mine) and mine[k].parent else None
    ref_parent = ref[k].parent.index if k < len(ref) and ref[k].parent else None
    numbers = is_visible(game, state)
    if mine_parent is not None and mine_parent == ref_parent:
        node = ref[ref_parent]
        what = (
            f"at {_node_name(node, game)} ({_player(node)}) your search took the child by "
            f"move {mine[k].move!r} where the course's takes {ref[k].move!r}: children were taken "
            "out of actions() order. Search them in exactly the order game.actions(state) gives."
        )
        return what
    deeper = ref_parent is not None and (
        mine_parent is None or ref[ref_parent].depth > ref[mine_parent].depth
    )
    at = ref[ref_parent] if deeper else ref[mine_parent] if mine_parent is not None else None
    if at is None or at.index == k - 1 and not deeper:
        return None
    steps = course_steps(state, game, **kw).get(tuple(at.path()))
    done = len(mine[at.index].children) if deeper else len(at.children)
    if not steps or not 0 < done <= len(steps) or steps[done - 1].cut == deeper:
        return None
    step = steps[done - 1]
    who, name = _player(at), _node_name(at, game)
    test = "v >= beta" if who == "MAX" else "v <= alpha"
    window = (
        f", v = {_number(step.v)} and the window [alpha, beta] was "
        f"[{_number(step.alpha)}, {_number(step.beta)}]:"
        if numbers
        else ","
    )
    if deeper:
        what = (
            f"at {name} ({who}) your search cut off where none was due: after its child by "
            f"move {step.move!r} returned{window} {test} does not hold, so {who} must go on to "
            "its next child"
        )
    else:
        what = (
            f"at {name} ({who}) your search went on where the window called for a cutoff: "
            f"after its child by move {step.move!r} returned{window} {test} holds, so {who} "
            "must return at once"
        )
    return what + (f". Why: {cause}" if cause else ".")


def _player(node: TraceNode) -> str:
    root = node
    while root.parent is not None:
        root = root.parent
    return "MAX" if node.player == root.player else "MIN"


def _window_cause(student: list[Run], cases: list[tuple[Game, Any, dict]]) -> str | None:
    """Why a node decided wrongly: the flaws of `flawed_alphabeta` that reproduce every student
    search, node for node (on small trees two different flaws can search alike: then both)."""
    causes = []
    for flaw, cause in WINDOW_CAUSES.items():
        engine = partial(flawed_alphabeta, flaw=flaw)
        runs = (_run_reference(engine, state, game, **kw) for game, state, kw in cases)
        if all(_same(s, r) for s, r in zip(student, runs, strict=True)):
            causes.append(cause)
    if len(causes) > 1:
        return "these cases cannot tell two mistakes apart; either " + " Or ".join(causes)
    return causes[0] if causes else None


def _diagnose(
    student: list[Run],
    cases: list[tuple[Game, Any, dict]],
    flaws: Iterable[Mistake],
) -> Mistake | None:
    """The first catalogued mistake one of whose flaws reproduces every student run."""
    for mistake in flaws:
        for flaw in mistake.flaws:
            runs = [
                _run_reference(partial(flawed_alphabeta, flaw=flaw), state, game, **kw)
                for game, state, kw in cases
            ]
            if all(_same(s, r) for s, r in zip(student, runs, strict=True)):
                return mistake
    return None


def _hints(student: Run, reference: Run) -> list[str]:
    """Clues read off one differing trace, for mistakes no single flaw reproduces."""
    hints = []
    trace, ref = student.trace, reference.trace
    if ref.cutoffs and not trace.cutoffs and len(trace.nodes) > len(ref.nodes):
        hints.append("your search prunes nothing")
    for node in trace.nodes:
        kids = node.children
        consecutive = all(k.index == kids[0].index + i for i, k in enumerate(kids))
        if len(kids) > 1 and consecutive and any(k.children for k in kids[:-1]):
            hints.append(
                "some node has all its children generated before the first is searched "
                "(successors generated eagerly)"
            )
            break
    return hints


# --------------------------------------------------------------------------------------------
# Engines: the checks
# --------------------------------------------------------------------------------------------


def _normalise(cases: Sequence[Any]) -> list[tuple[Game, Any]]:
    """Accept a GameTree (searched from its root) or a (game, state) pair per case."""
    out = []
    for case in cases:
        if isinstance(case, Game):
            out.append((case, case.initial))
        else:
            game, state = case
            out.append((game, state))
    return out


def check_alphabeta_search(fn: Callable[..., Any], cases: Sequence[Any]) -> None:
    """``fn(state, game)`` must choose the reference's move and generate exactly the nodes the
    course's alpha-beta generates, in the same order, on every case (a GameTree or a
    ``(game, state)`` pair). Raises GradingError naming the likely mistake."""
    pairs = _normalise(cases)
    name = "alphabeta_search"
    student, reference = [], []
    for index, (game, state) in enumerate(pairs):
        ref = _run_reference(reference_search, state, game)
        run = _run_student(fn, name, state, game)
        where = _case_name(index, game)
        _check_move_type(name, run.answer, state, game, where)
        student.append(run)
        reference.append(ref)
    mistakes = [m for m in MISTAKES if not m.depth_limited_only]
    _explain(name, student, reference, [(g, s, {}) for g, s in pairs], mistakes)


def _explain(
    name: str,
    student: list[Run],
    reference: list[Run],
    cases: list[tuple[Game, Any, dict]],
    mistakes: Sequence[Mistake],
) -> None:
    """Raise GradingError naming the mistake when any student run differs from the reference."""
    differing = [
        i for i, (s, r) in enumerate(zip(student, reference, strict=True)) if not _same(s, r)
    ]
    if not differing:
        return
    mistake = _diagnose(student, cases, mistakes)
    first = differing[0]
    where = _case_name(first, cases[first][0])
    if mistake is not None:
        raise GradingError(f"{name}: {mistake.message} (seen on {where})")
    s, r = student[first], reference[first]
    if s.visited() == r.visited():
        raise GradingError(
            f"{name} generates the right nodes but chooses a different move on {where}: "
            "return the move whose value is best, the first one in actions() order on a tie"
        )
    game, state, kw = cases[first]
    told = departure(s, r, game, state, kw, _window_cause(student, cases))
    if told is not None:
        raise GradingError(
            f"{name} does not search like the course's alpha-beta on {where}: {told} Trace your "
            "function with run_traced on the trees above and compare step by step."
        )
    detail = _first_difference(s.visited(), r.visited())
    hints = _hints(s, r)
    raise GradingError(
        f"{name} does not search like the course's alpha-beta on {where}: {detail}"
        + (f" ({'; '.join(hints)})" if hints else "")
        + ". Children go in actions() order, MAX returns when v >= beta, MIN when v <= alpha; "
        "trace your function on the trees above with run_traced and compare step by step."
    )


def _check_evaluations(name: str, run: Run, game: Game, depth: int, where: str) -> None:
    """Where the evaluation was called and how deep the search went, read off the trace."""
    if any(node.children for node in run.trace.evaluations):
        raise GradingError(
            f"{name}: evaluation called on non-leaf nodes ({where}): call eval_fn only on a "
            "position you do not expand (a non-terminal position exactly `depth` plies below "
            "the root), never on the root or on a node whose children you then search"
        )
    if any(game.terminal_test(node.state) for node in run.evaluated):
        raise GradingError(
            f"{name}: evaluation called on a terminal position ({where}): test "
            "game.terminal_test first and score a finished game with "
            "scored_result(game.utility(state, player), ply)"
        )
    plies = {node.depth for node in run.evaluated}
    deepest = max([node.depth for node in run.trace.nodes] + list(plies))
    rule = (
        "depth counts plies: with depth=1 the search expands the root and evaluates the positions "
        "right after each of the root's moves (ply 1), without expanding them"
    )
    if deepest == depth + 1:
        raise GradingError(
            f"{name}: depth off by one ({where}): your search goes one ply deeper than asked; "
            + rule
        )
    if deepest > depth:
        raise GradingError(
            f"{name}: your search goes deeper than `depth` plies ({where}): pass ply + 1 to "
            f"each child and stop when ply == depth; {rule}"
        )
    if plies and max(plies) == depth - 1:
        raise GradingError(
            f"{name}: depth off by one ({where}): your search evaluates positions one ply too "
            "early; " + rule
        )
    if any(p < depth for p in plies):
        raise GradingError(
            f"{name}: your search evaluates positions before the depth limit ({where}); " + rule
        )


def check_alphabeta_cutoff(fn: Callable[..., Any], cases: Sequence[tuple]) -> None:
    """``fn(state, game, depth, eval_fn)`` on each case ``(game, state, depth, eval_fn)`` must
    choose the reference's move, generate the reference's nodes in order, and call ``eval_fn``
    exactly where the reference does. Raises GradingError naming the likely mistake."""
    name = "alphabeta_cutoff_search"
    student, reference, runs_cases = [], [], []
    for index, (game, state, depth, eval_fn) in enumerate(cases):
        kw = {"depth": depth, "eval_fn": eval_fn}
        ref = _run_reference(reference_cutoff_search, state, game, **kw)
        run = _run_student(fn, name, state, game, **kw)
        where = _case_name(index, game)
        _check_evaluations(name, run, game, depth, where)
        _check_move_type(name, run.answer, state, game, where)
        student.append(run)
        reference.append(ref)
        runs_cases.append((game, state, kw))
    _explain(name, student, reference, runs_cases, MISTAKES)


# --------------------------------------------------------------------------------------------
# Counting nodes, ordering moves
# --------------------------------------------------------------------------------------------


def check_nodes_by_depth(
    fn: Callable[..., Any], game: Game, positions: Sequence[Any], engines: Sequence[Callable]
) -> None:
    """``fn(engine, game, positions)`` must give ``{len(game.actions(p)): nodes}``: the nodes
    (root included) each engine generates searching each position, as ``trace.stats.nodes``."""
    for engine in engines:
        try:
            answer = fn(engine, game, list(positions))
        except (NotImplementedError, GradingError):
            raise
        except Exception as error:
            raise GradingError(f"nodes_by_depth raised {type(error).__name__}: {error}") from error
        require_type(answer, dict, "nodes_by_depth's answer")
        require_plain(answer, "nodes_by_depth's answer")
        expected, leaves = {}, {}
        for position in positions:
            _, trace = run_traced(engine, position, game)
            expected[len(game.actions(position))] = trace.stats.nodes
            leaves[len(game.actions(position))] = trace.stats.leaf_evaluations
        if set(answer) != set(expected):
            raise GradingError(
                "nodes_by_depth: the keys should be the number of legal moves of each position "
                "given (for tic-tac-toe, its empty cells), one key per position"
            )
        for key, nodes in answer.items():
            require_type(nodes, int, f"the count for {key} legal moves")
        wrong = sorted(k for k in expected if answer[k] != expected[k])
        if wrong:
            hint = ""
            if all(answer[k] == expected[k] - 1 for k in wrong):
                hint = " (the root counts too: trace.stats.nodes includes it)"
            elif all(answer[k] == leaves[k] for k in wrong):
                hint = " (count every generated node, trace.stats.nodes, not only the leaves)"
            raise GradingError(
                f"nodes_by_depth: wrong node count for the positions with "
                f"{', '.join(map(str, wrong))} legal moves{hint}"
            )


def _lines_through(game: TicTacToe, move: tuple[int, int]) -> int:
    """How many winning lines of a 3 x 3 board pass through ``move``: 4, 3 (corner) or 2."""
    row, col = move
    return 2 + (row == col) + (row + col == game.h + 1)


def check_ordering_key(key: Callable[..., Any], states: Sequence[Any]) -> None:
    """``OrderedGame(TicTacToe(), key)`` must put the centre first, then corners, then edges."""
    game = TicTacToe()
    for state in states:
        for move in game.actions(state):
            try:
                score = key(game, state, move)
            except (NotImplementedError, GradingError):
                raise
            except Exception as error:
                raise GradingError(
                    f"your ordering key raised {type(error).__name__}: {error}"
                ) from error
            require_number(score, f"the key of move {move}")
        ordered = OrderedGame(game, key).actions(state)
        groups = [_lines_through(game, m) for m in ordered]
        if groups != sorted(groups, reverse=True):
            names = {4: "the centre", 3: "a corner", 2: "an edge"}
            i = next(i for i in range(len(groups) - 1) if groups[i] < groups[i + 1])
            raise GradingError(
                f"move ordering: on some board your key puts {names[groups[i]]} before "
                f"{names[groups[i + 1]]}; the order is centre, then corners, then edges "
                "(lower key first)"
            )


def ordering_states() -> list[Any]:
    """A few boards for the visible ordering test."""
    game = TicTacToe()
    return [game.initial, game.replay([(1, 2)]), game.replay([(2, 2), (1, 1)])]


def tictactoe_eval(state: Any, player: str) -> float:
    """An evaluation for 3 x 3 tic-tac-toe: open lines weighted by how full they are, for
    ``player`` (`gamekit.heuristics.window_score` with k = 3)."""
    from gamekit.heuristics import window_score

    return window_score(state, player, 3)


@dataclass(frozen=True)
class hashed_eval:  # noqa: N801 - used like a function: hashed_eval(3)(state, player)
    """An evaluation for GameTree nodes: a fixed pseudo-random integer per node name, for MAX
    (negated for MIN). Lets the tests use depth-limited search on any tree. (A class, not a
    closure, so that it can be sent to a student's kernel.)"""

    salt: int = 0
    spread: int = 9

    def __call__(self, state: Any, player: str) -> float:
        code = sum((i + 1 + self.salt) * ord(ch) for i, ch in enumerate(str(state)))
        value = code % (2 * self.spread + 1) - self.spread
        return value if player == MAX else -value

    @property
    def __name__(self) -> str:
        return f"hashed_eval_{self.salt}"


__all__ = [
    "FLAWS",
    "MISTAKES",
    "Mistake",
    "check_alphabeta_cutoff",
    "check_alphabeta_search",
    "check_intervals",
    "check_nodes_by_depth",
    "check_ordering_key",
    "check_pruned_edges",
    "entry_intervals",
    "example_tree",
    "exercise_tree",
    "flawed_alphabeta",
    "hashed_eval",
    "ordering_states",
    "tictactoe_eval",
    "tree_from_lists",
]
