"""Checking a student's alpha-beta: run it traced, find where it first parts from the course's
search, and say why.

When a case goes wrong, the diagnosis is, in this order: a catalogued mistake whose flawed search
reproduces the student's on every case and every probe (`MISTAKES`); else the witness, the first
probe of the public ladder (`gamekit.checks.a02.ladder`) where the student's move or trace
differs, with the probe's values and windows; else the case itself, described without values.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from gamekit.checks import (
    EngineForbidden,
    GradingError,
    default_forbidden,
    engines_swapped_out,
    require_plain,
    shown,
)
from gamekit.checks.a01 import raised_by_student
from gamekit.checks.a02.confirm import confirmation_cases
from gamekit.checks.a02.ladder import probes_for
from gamekit.checks.a02.mistakes import MISTAKES, Mistake, flawed_alphabeta
from gamekit.checks.a02.trees import example_tree, exercise_tree
from gamekit.checks.evidence import Probe, Witness, first_witness, in_turn, input_evidence, kept
from gamekit.games import Game, TicTacToe
from gamekit.gametree import GameTree
from gamekit.i18n import N_, Said, kept_sentence
from gamekit.search import alphabeta_cutoff_search as reference_cutoff_search
from gamekit.search import alphabeta_search as reference_search
from gamekit.search import scored_result
from gamekit.trace import Trace, TraceNode

infinity = math.inf
EvalFn = Callable[[Any, str], float]


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
            kept_sentence(
                "{name} must take the arguments ({args}), with those names: {error}",
                name=name,
                args=args,
                error=error,
            ),
            code=f"shape:{name}",
        ) from error
    try:
        with engines_swapped_out(*default_forbidden()):
            return _traced(fn, state, game, **kw)
    except (NotImplementedError, EngineForbidden):
        raise
    except RecursionError as error:
        raise GradingError(
            kept_sentence(
                "{name} never stops (maximum recursion depth exceeded): does every path reach "
                "terminal_test, or the depth limit?",
                name=name,
            ),
            code=f"raised:{name}",
        ) from error
    except Exception as error:
        raise GradingError(raised_by_student(name, error), code=f"raised:{name}") from error


def _run_reference(engine: Callable[..., Any], state: Any, game: Game, **kw: Any) -> Run:
    return _traced(engine, state, game, **kw)


def _same(a: Any, b: Any) -> bool:
    """Same move and same nodes generated in order (a `Raised` is never the same)."""
    if not isinstance(a, Run) or not isinstance(b, Run):
        return False
    return type(a.answer) is type(b.answer) and a.answer == b.answer and a.visited() == b.visited()


def _case_name(index: int, game: Game) -> Said:
    """The case in words: "case 2 (a game tree)" (a kept sentence)."""
    if isinstance(game, GameTree):
        return kept_sentence("case {number} (a game tree)", number=index + 1)
    return kept_sentence("case {number} (a tic-tac-toe position)", number=index + 1)


def _check_move_type(name: str, answer: Any, state: Any, game: Game, where: str) -> None:
    """The answer must be one of ``game.actions(state)``, of the very same type."""
    legal = game.actions(state)
    if type(answer) in (int, float):
        raise GradingError(
            kept_sentence(
                "{name} returns the value instead of the move ({case}): return the move itself "
                "(an edge label in a tree, a (row, col) cell in tic-tac-toe) and keep values "
                "inside max_value/min_value",
                name=name,
                case=where,
            ),
            code=f"shape:{name}",
        )
    if answer is None:
        raise GradingError(
            kept_sentence(
                "{name} returns None ({case}): it must return one of the legal moves",
                name=name,
                case=where,
            ),
            code=f"shape:{name}",
        )
    if type(answer) is tuple and len(answer) == 2 and answer not in legal and answer[1] in legal:
        raise GradingError(
            kept_sentence(
                "{name} returns a pair ({case}): return only the move, not (value, move)",
                name=name,
                case=where,
            ),
            code=f"shape:{name}",
        )
    children = [game.result(state, m) for m in legal]
    if any(type(answer) is type(child) and answer == child for child in children):
        raise GradingError(
            kept_sentence(
                "{name} returns the position after the move ({case}): return the move itself, "
                "the a in game.result(state, a)",
                name=name,
                case=where,
            ),
            code=f"shape:{name}",
        )
    require_plain(answer, kept_sentence("the move {name} returns", name=name))
    if type(answer) not in {type(m) for m in legal} or answer not in legal:
        raise GradingError(
            kept_sentence(
                "{name} returns {answer} ({case}), which is not one of game.actions(state): "
                "return the move exactly as actions() gives it",
                name=name,
                answer=shown(answer),
                case=where,
            ),
            code=f"witness:{name}",
        )


def _first_difference(student: list[Any], reference: list[Any]) -> Said:
    """Where two lists of generated nodes part (a kept sentence)."""
    common = 0
    for a, b in zip(student, reference, strict=False):
        if a != b:
            break
        common += 1
    if common == len(student) < len(reference):
        return kept_sentence(
            "your search stops after {count} generated nodes, where the course's alpha-beta "
            "goes on",
            count=common,
        )
    if common == len(reference) < len(student):
        return kept_sentence(
            "the first {count} generated nodes agree, then yours goes on where the course's "
            "alpha-beta has stopped",
            count=common,
        )
    return kept_sentence(
        "the first {count} generated nodes agree, then your search generates a different node",
        count=common,
    )


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


def _node_name(node: TraceNode, game: Game) -> Said:
    """A node as the student would name it: its name in a tree, its moves on a board (a kept
    sentence)."""
    if isinstance(game, GameTree):
        return kept_sentence("node {node}", node=node.state)
    moves = node.path()
    if not moves:
        return kept_sentence("the root")
    return kept_sentence("the position after moves {moves}", moves=", ".join(map(str, moves)))


WINDOW_CAUSES = {
    "stale_window_at_max": N_(
        "a child got a window that was not its parent's current one: your search behaves as if a "
        "MAX node passed its children the window it was entered with, not the alpha its elder "
        "children raised. Pass the updated alpha and beta to every child."
    ),
    "stale_window_at_min": N_(
        "a child got a window that was not its parent's current one: your search behaves as if a "
        "MIN node passed its children the window it was entered with, not the beta its elder "
        "children lowered. Pass the updated alpha and beta to every child."
    ),
    "wrong_bound": N_(
        "the wrong bound moved: your search behaves as if MAX lowered beta to v and "
        "MIN raised alpha to v. MAX raises alpha (alpha = max(alpha, v)), MIN lowers beta "
        "(beta = min(beta, v))."
    ),
    "no_cutoff_at_max": N_(
        "MAX never cuts off: your search behaves as if MAX nodes had no cutoff "
        "test. After each child, MAX returns as soon as v >= beta."
    ),
    "no_cutoff_at_min": N_(
        "MIN never cuts off: your search behaves as if MIN nodes had no cutoff "
        "test. After each child, MIN returns as soon as v <= alpha."
    ),
}
"""Why a node decided with the wrong window: a flaw of `flawed_alphabeta` that reproduces the
student's search past the point where it parts from the course's."""


def _common(a: list[Any], b: list[Any]) -> int:
    return next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )


@dataclass(frozen=True)
class Parting:
    """Where a search first parts from the course's alpha-beta, as data: ``claim`` is
    ``order`` (a child taken out of actions() order: ``moves`` is (student's, course's)),
    ``cut off`` (a cutoff where none was due) or ``went on`` (no cutoff where one was due);
    ``node`` is the course's trace node, ``step`` the course's step after the last child."""

    claim: str
    node: TraceNode
    step: Step | None = None
    moves: tuple[Any, Any] | None = None

    def evidence(self) -> dict[str, Any]:
        """Plain data for the result record (the re-check of `mutation.recheck` reads it)."""
        found: dict[str, Any] = {"claim": self.claim, "node": repr(self.node.state)}
        if self.step is not None:
            found["after"] = repr(self.step.move)
            found["window"] = [_number(self.step.alpha), _number(self.step.beta)]
            found["v"] = _number(self.step.v)
        if self.moves is not None:
            found["moves"] = [repr(m) for m in self.moves]
        return found


def parting(student: Run, reference: Run, game: Game, state: Any, kw: dict) -> Parting | None:
    """Which decision of the student's search first parts from the course's alpha-beta, or
    None when the two searches part in a way this cannot describe."""
    mine, ref = student.trace.nodes, reference.trace.nodes
    k = _common(student.visited(), reference.visited())
    if k == 0 or (k >= len(mine) and k >= len(ref)):
        return None
    mine_parent = mine[k].parent.index if k < len(mine) and mine[k].parent else None
    ref_parent = ref[k].parent.index if k < len(ref) and ref[k].parent else None
    if mine_parent is not None and mine_parent == ref_parent:
        return Parting("order", ref[ref_parent], moves=(mine[k].move, ref[k].move))
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
    return Parting("cut off" if deeper else "went on", at, step=steps[done - 1])


def departure(
    student: Run,
    reference: Run,
    game: Game,
    state: Any,
    kw: dict,
    cause: str | None = None,
    *,
    probe: bool = False,
) -> str | None:
    """Say which decision of the student's search first parts from the course's alpha-beta, at
    which node (MAX or MIN), and ``cause`` (why, when known: a kept sentence); with values and
    windows only when `is_visible` or on a public ``probe``. A kept sentence; None when
    `parting` cannot describe it."""
    part = parting(student, reference, game, state, kw)
    if part is None:
        return None
    at, step = part.node, part.step
    who, name = _player(at), _node_name(at, game)
    if part.moves is not None:
        mine, ours = part.moves
        return kept_sentence(
            "at {node} ({player}) your search took the child by move {mine} where the "
            "course's takes {ours}: children were taken out of actions() order. Search them "
            "in exactly the order game.actions(state) gives.",
            node=name,
            player=who,
            mine=repr(mine),
            ours=repr(ours),
        )
    assert step is not None
    test = "v >= beta" if who == "MAX" else "v <= alpha"
    numbers = {"v": _number(step.v), "alpha": _number(step.alpha), "beta": _number(step.beta)}
    if probe:
        window = kept_sentence(", v = {v} with alpha = {alpha} and beta = {beta}:", **numbers)
    elif is_visible(game, state):
        window = kept_sentence(
            ", v = {v} and the window [alpha, beta] was [{alpha}, {beta}]:", **numbers
        )
    else:
        window = ","
    why = kept_sentence(". Why: {cause}", cause=cause) if cause else "."
    if part.claim == "cut off":
        return kept_sentence(
            "at {node} ({player}) your search cut off where none was due: after its child by "
            "move {move} returned{window} {test} does not hold, so {player} must go on to "
            "its next child{why}",
            node=name,
            player=who,
            move=repr(step.move),
            window=window,
            test=test,
            why=why,
        )
    return kept_sentence(
        "at {node} ({player}) your search went on where the window called for a cutoff: "
        "after its child by move {move} returned{window} {test} holds, so {player} "
        "must return at once{why}",
        node=name,
        player=who,
        move=repr(step.move),
        window=window,
        test=test,
        why=why,
    )


def _player(node: TraceNode) -> str:
    root = node
    while root.parent is not None:
        root = root.parent
    return "MAX" if node.player == root.player else "MIN"


def _window_cause(student: list[Run], cases: list[tuple[Game, Any, dict]]) -> Said | None:
    """Why a node decided wrongly: the flaws of `flawed_alphabeta` that reproduce every student
    search, node for node (on small trees two different flaws can search alike: then both). A
    kept sentence."""
    causes = []
    for flaw, cause in WINDOW_CAUSES.items():
        engine = partial(flawed_alphabeta, flaw=flaw)
        runs = (_run_reference(engine, state, game, **kw) for game, state, kw in cases)
        if all(_same(s, r) for s, r in zip(student, runs, strict=True)):
            causes.append(kept_sentence(cause))
    if len(causes) > 1:
        either = causes[0]
        for cause in causes[1:]:
            either = kept_sentence("{first} Or {then}", first=either, then=cause)
        return kept_sentence(
            "these cases cannot tell two mistakes apart; either {causes}", causes=either
        )
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


def _hints(student: Run, reference: Run) -> list[Said]:
    """Clues read off one differing trace, for mistakes no single flaw reproduces (kept
    sentences)."""
    hints = []
    trace, ref = student.trace, reference.trace
    if ref.cutoffs and not trace.cutoffs and len(trace.nodes) > len(ref.nodes):
        hints.append(kept_sentence("your search prunes nothing"))
    for node in trace.nodes:
        kids = node.children
        consecutive = all(k.index == kids[0].index + i for i, k in enumerate(kids))
        if len(kids) > 1 and consecutive and any(k.children for k in kids[:-1]):
            hints.append(
                kept_sentence(
                    "some node has all its children generated before the first is searched "
                    "(successors generated eagerly)"
                )
            )
            break
    return hints


def _hinted(hints: list[Said]) -> str:
    """The hints in parentheses, after a sentence ("" when there are none)."""
    return kept_sentence(" ({hints})", hints=in_turn(hints)) if hints else ""


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
    _explain(name, student, reference, [(g, s, {}) for g, s in pairs], mistakes, fn)


REFERENCES: dict[str, Callable[..., Any]] = {
    "alphabeta_search": reference_search,
    "alphabeta_cutoff_search": reference_cutoff_search,
}
"""The course's engine for each graded step."""


def climb(
    name: str, fn: Callable[..., Any], probes: Sequence[Probe]
) -> tuple[Witness | None, list[Any]]:
    """Run ``fn`` traced on every probe of the ladder: the first probe where its move or trace
    differs from the course's (None if none), and its runs on every probe. A `GradingError` the
    student's search raises on a probe before any difference is raised again with the probe."""
    engine = REFERENCES[name]

    def student(game: Game, state: Any, kw: dict) -> Run:
        return _run_student(fn, name, state, game, **kw)

    def reference(game: Game, state: Any, kw: dict) -> Run:
        return _run_reference(engine, state, game, **kw)

    def raised_fact(probe: Probe) -> Said:
        game, state, kw = probe.args
        return kept_sentence(
            "the course's alpha-beta returns {move} there",
            move=repr(reference(game, state, kw).answer),
        )

    return first_witness(name, student, reference, probes, _same, raised_fact)


def move_values(game: Game, state: Any, kw: dict) -> list[tuple[Any, float]]:
    """The minimax value of each move at ``state`` (no pruning), scored as the course's search
    scores leaves: the utility, or at a depth limit ``scored_result`` and ``eval_fn``."""
    player = game.to_move(state)
    depth, evaluate = kw.get("depth"), kw.get("eval_fn")

    def value(s: Any, ply: int) -> float:
        if game.terminal_test(s):
            utility = game.utility(s, player)
            return utility if depth is None else scored_result(utility, ply)
        if depth is not None and ply >= depth:
            return evaluate(s, player)
        values = [value(game.result(s, a), ply + 1) for a in game.actions(s)]
        return max(values) if game.to_move(s) == player else min(values)

    return [(a, value(game.result(state, a), 1)) for a in game.actions(state)]


def _first_leaf_scored_otherwise(
    student: Run, reference: Run, game: Game
) -> tuple[Said, float, float] | None:
    """The first node, in generation order, that both searches scored (by utility or by
    eval_fn) but with different values: its name (a kept sentence), the student's value and
    the course's."""
    course = {tuple(n.path()): n for n in reference.trace.nodes if n.scored_by}
    for node in student.trace.nodes:
        theirs = course.get(tuple(node.path()))
        if node.scored_by and theirs is not None and node.value != theirs.value:
            if node.scored_by == "utility":
                said = kept_sentence("{node} (a leaf)", node=_node_name(node, game))
            else:
                said = kept_sentence(
                    "{node} (a node at the depth limit)", node=_node_name(node, game)
                )
            return said, node.value, theirs.value
    return None


def _witness_message(
    name: str, witness: Witness, cause: Said | None
) -> tuple[Said, dict[str, Any]]:
    """What the student's search did on the witness probe (a kept sentence), and the evidence
    to record."""
    s, r = witness.got, witness.expected
    game, state, kw = witness.probe.args
    words = witness.probe.words
    evidence = {
        "step": name,
        **input_evidence(words),
        "got": repr(s.answer),
        "expected": repr(r.answer),
    }
    if s.visited() == r.visited():
        values = move_values(game, state, kw)
        said = ", ".join(f"{a!r}: {_number(v)}" for a, v in values)
        evidence["claim"] = "move"
        scored = _first_leaf_scored_otherwise(s, r, game)
        if scored is None:
            # The trace sees what game.utility and eval_fn returned, not what the search made
            # of those numbers (scored_result, say): the sentence claims only the former.
            finished = (
                kept_sentence(
                    "a finished game at ply p scores scored_result(game.utility(state, player), p)"
                )
                if "depth" in kw
                else kept_sentence("a finished game scores game.utility(state, player)")
            )
            why = kept_sentence(
                "wherever your search called game.utility or eval_fn, they returned what they "
                "returned to the course's search, so the two part in what is made of those "
                "numbers: {finished}, values are backed up by max and min, and the root returns "
                "the move whose value is best, the first one in actions() order on a tie.",
                finished=finished,
            )
        else:
            leaf, mine, theirs = scored
            why = kept_sentence(
                "your search scored {leaf} as {mine}, the course's as {theirs}: every node "
                "where the search stops is scored for the player to move at the root "
                "(game.utility(state, player), eval_fn(state, player)).",
                leaf=leaf,
                mine=_number(mine),
                theirs=_number(theirs),
            )
        return (
            kept_sentence(
                "{name} on {probe} generates the course's nodes but returns {got}, where the "
                "course's alpha-beta returns {expected}: the moves' minimax values there are "
                "{values}; {why}",
                name=name,
                probe=words,
                got=repr(s.answer),
                expected=repr(r.answer),
                values=said,
                why=why,
            ),
            evidence,
        )
    returned = (
        kept_sentence(
            " (it returns {got} there, the course's alpha-beta {expected})",
            got=repr(s.answer),
            expected=repr(r.answer),
        )
        if s.answer != r.answer
        else ""
    )
    part = parting(s, r, game, state, kw)
    told = departure(s, r, game, state, kw, cause, probe=True)
    if part is not None and told is not None:
        evidence.update(part.evidence())
        return (
            kept_sentence(
                "{name} does not search like the course's alpha-beta on {probe}{returned}: "
                "{told} Build this tree with a02.tree_from_lists, trace your function on it "
                "with run_traced and compare step by step.",
                name=name,
                probe=words,
                returned=returned,
                told=told,
            ),
            evidence,
        )
    evidence["claim"] = "trace"
    return (
        kept_sentence(
            "{name} does not search like the course's alpha-beta on {probe}{returned}: "
            "{difference}{hints}. Children go in actions() order, MAX returns when v >= beta, "
            "MIN when v <= alpha; build this tree with a02.tree_from_lists, trace your "
            "function on it with run_traced and compare step by step.",
            name=name,
            probe=words,
            returned=returned,
            difference=_first_difference(s.visited(), r.visited()),
            hints=_hinted(_hints(s, r)),
        ),
        evidence,
    )


def _explain(
    name: str,
    student: list[Run],
    reference: list[Run],
    cases: list[tuple[Game, Any, dict]],
    mistakes: Sequence[Mistake],
    fn: Callable[..., Any],
) -> None:
    """Raise GradingError when any student run differs from the reference: the catalogued
    mistake that reproduces every case and every probe, else the first probe of the ladder
    that goes wrong (the witness), else the first differing case, described without values."""
    differing = [
        i for i, (s, r) in enumerate(zip(student, reference, strict=True)) if not _same(s, r)
    ]
    if not differing:
        return
    probes = probes_for(name)
    witness, on_probes = climb(name, fn, probes)
    every_run = [*student, *on_probes]
    every_case = [*cases, *(p.args for p in probes)]
    mistake = _diagnose(every_run, every_case, mistakes)
    cause = None if mistake is not None else _window_cause(every_run, every_case)
    if mistake is not None or cause is not None:  # a name must fit the generated trees too
        generated = _generated_runs(name, fn)
        if generated is None:
            mistake, cause = None, None
        else:
            every_run, every_case = [*every_run, *generated[0]], [*every_case, *generated[1]]
            if mistake is not None:
                mistake = _diagnose(every_run, every_case, [mistake])
            if mistake is None:  # the cause is read only when no mistake is named
                cause = _window_cause(every_run, every_case)
    first = differing[0]
    where = _case_name(first, cases[first][0])
    if mistake is not None:
        raise GradingError(
            kept_sentence(
                "{name}: {mistake} (seen on {case})",
                name=name,
                mistake=kept(mistake.message),
                case=where,
            ),
            code=f"a02.{mistake.name}",
            evidence=_named_evidence(name, witness),
        )
    if witness is not None:
        said, evidence = _witness_message(name, witness, cause)
        raise GradingError(said, code=f"witness:{name}", evidence=evidence)
    s, r = student[first], reference[first]
    if s.visited() == r.visited():
        raise GradingError(
            kept_sentence(
                "{name} generates the right nodes but chooses a different move on {case}: "
                "return the move whose value is best, the first one in actions() order on a tie",
                name=name,
                case=where,
            ),
            code="a02.wrong_move",
        )
    game, state, kw = cases[first]
    told = departure(s, r, game, state, kw, cause)
    if told is not None:
        raise GradingError(
            kept_sentence(
                "{name} does not search like the course's alpha-beta on {case}: {told} Trace "
                "your function with run_traced on the trees above and compare step by step.",
                name=name,
                case=where,
                told=told,
            ),
            code=f"witness:{name}",
        )
    raise GradingError(
        kept_sentence(
            "{name} does not search like the course's alpha-beta on {case}: {difference}"
            "{hints}. Children go in actions() order, MAX returns when v >= beta, MIN when "
            "v <= alpha; trace your function on the trees above with run_traced and compare "
            "step by step.",
            name=name,
            case=where,
            difference=_first_difference(s.visited(), r.visited()),
            hints=_hinted(_hints(s, r)),
        ),
        code=f"witness:{name}",
    )


def _generated_runs(
    name: str, fn: Callable[..., Any]
) -> tuple[list[Run], list[tuple[Game, Any, dict]]] | None:
    """The student's runs on the generated trees of `confirmation_cases` and those cases, or
    None when the student's search fails on one (a catalogued mistake never fails)."""
    cases = list(confirmation_cases(name == "alphabeta_cutoff_search"))
    try:
        return [_run_student(fn, name, state, game, **kw) for game, state, kw in cases], cases
    except GradingError:
        return None


def _named_evidence(name: str, witness: Witness | None) -> dict[str, Any]:
    """A named mistake's record: the step, and the first probe where it shows (if any)."""
    if witness is None:
        return {"step": name}
    return {
        "step": name,
        **input_evidence(witness.probe.words),
        "got": repr(witness.got.answer),
        "expected": repr(witness.expected.answer),
    }


def _check_evaluations(name: str, run: Run, game: Game, depth: int, where: str) -> None:
    """Where the evaluation was called and how deep the search went, read off the trace (a
    fact about the student's own search: code ``trace:<step>``, as in a01)."""
    if any(node.children for node in run.trace.evaluations):
        raise GradingError(
            kept_sentence(
                "{name}: evaluation called on non-leaf nodes ({case}): call eval_fn only on a "
                "position you do not expand (a non-terminal position exactly `depth` plies below "
                "the root), never on the root or on a node whose children you then search",
                name=name,
                case=where,
            ),
            code=f"trace:{name}",
        )
    if any(game.terminal_test(node.state) for node in run.evaluated):
        raise GradingError(
            kept_sentence(
                "{name}: evaluation called on a terminal position ({case}): test "
                "game.terminal_test first and score a finished game with "
                "scored_result(game.utility(state, player), ply)",
                name=name,
                case=where,
            ),
            code=f"trace:{name}",
        )
    plies = {node.depth for node in run.evaluated}
    deepest = max([node.depth for node in run.trace.nodes] + list(plies))
    rule = kept_sentence(
        "depth counts plies: with depth=1 the search expands the root and evaluates the positions "
        "right after each of the root's moves (ply 1), without expanding them"
    )
    if deepest == depth + 1:
        raise GradingError(
            kept_sentence(
                "{name}: depth off by one ({case}): your search goes one ply deeper than asked; "
                "{rule}",
                name=name,
                case=where,
                rule=rule,
            ),
            code=f"trace:{name}",
        )
    if deepest > depth:
        raise GradingError(
            kept_sentence(
                "{name}: your search goes deeper than `depth` plies ({case}): pass ply + 1 to "
                "each child and stop when ply == depth; {rule}",
                name=name,
                case=where,
                rule=rule,
            ),
            code=f"trace:{name}",
        )
    if plies and max(plies) == depth - 1:
        raise GradingError(
            kept_sentence(
                "{name}: depth off by one ({case}): your search evaluates positions one ply too "
                "early; {rule}",
                name=name,
                case=where,
                rule=rule,
            ),
            code=f"trace:{name}",
        )
    if any(p < depth for p in plies):
        raise GradingError(
            kept_sentence(
                "{name}: your search evaluates positions before the depth limit ({case}); {rule}",
                name=name,
                case=where,
                rule=rule,
            ),
            code=f"trace:{name}",
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
    _explain(name, student, reference, runs_cases, MISTAKES, fn)
