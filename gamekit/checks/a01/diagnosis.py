"""Running a student's engine with gamekit's own swapped out, and naming what its value or its trace
gets wrong."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from gamekit.checks import (
    GradingError,
    engines_swapped_out,
    require_number,
    shown,
)
from gamekit.checks.a01.references import MUTANTS, forbidden
from gamekit.games import Game
from gamekit.i18n import Said, kept_sentence
from gamekit.trace import Trace, TraceNode, run_traced

EvalFn = Callable[[Any, str], float]


def _run(
    name: str,
    call: Callable[[Game, EvalFn | None], Any],
    state,
    game,
    eval_fn=None,
    stand_in_allowed: bool = False,
):
    """Run ``call(traced_game, traced_eval)`` with gamekit's engines swapped out (and the
    grader's stand-in ``minimax_value``, unless it stands in: ``stand_in_allowed``)."""

    def engine(state: Any, traced_game: Game, eval_fn: EvalFn | None = None) -> Any:
        with engines_swapped_out(*forbidden(stand_in_allowed)):
            return call(traced_game, eval_fn)

    try:
        return run_traced(engine, state, game, eval_fn=eval_fn)
    except (GradingError, NotImplementedError):
        raise
    except RecursionError as error:
        raise GradingError(
            kept_sentence("{name} recursed without end: {error}", name=name, error=error),
            code=f"raised:{name}",
        ) from error
    except Exception as error:
        raise GradingError(raised_by_student(name, error), code=f"raised:{name}") from error


def raised_by_student(name: str, error: BaseException) -> Said:
    """The feedback for an exception the student's code raised: the exception and, when the
    kernel reported it, the student's line that raised it (not a bare ``KeyError: 'D2'``). When
    it was raised past the student's code (in the course's ``estimate`` the student called with
    its arguments swapped, in gamekit's ``GameTree.result`` given a list), the student's line
    that made the call and what it called; never another file's line as the student's. A kept
    sentence (`gamekit.i18n.Said`).

    >>> error = ValueError("no moves")
    >>> error.student_traceback = "line 3: return max(values)"
    >>> print(raised_by_student("f", error))
    f stopped with an error in your code, at line 3: `return max(values)`: ValueError: no moves
    """
    kind = getattr(error, "remote_type", None) or type(error).__name__
    where = getattr(error, "student_traceback", "")
    remote = hasattr(error, "student_traceback")  # its message is already str() of the original
    message = error.args[0] if remote and len(error.args) == 1 else str(error)
    blame = getattr(error, "blame", None)
    if blame is not None and blame.raised_past:
        return kept_sentence(
            "{name} stopped with an error: {clause}{advice}",
            name=name,
            clause=blame.clause(kind, message),
            advice=blame.advice(),
        )
    line, _, code = where.partition(": ")
    at = ""
    if where and code and line.startswith("line ") and line[5:].isdigit():
        at = kept_sentence(", at line {line}: `{code}`", line=line[5:], code=code)
    elif where and code:
        at = kept_sentence(", at {where}: `{code}`", where=line, code=code)
    elif where:
        at = kept_sentence(", at {where}", where=where)
    hint = ""
    if kind == "KeyError":
        hint = kept_sentence(
            " (a dictionary has no entry for that key: is it a node that is not in it?)"
        )
    return kept_sentence(
        "{name} stopped with an error in your code{at}: {kind}: {message}{hint}",
        name=name,
        at=at,
        kind=kind,
        message=message,
        hint=hint,
    )


def error_words(error: BaseException) -> tuple[str, str]:
    """An exception's class name and message as the student's kernel had them (a KeyError
    from the kernel is ``'D2'``, not ``"'D2'"``)."""
    kind = getattr(error, "remote_type", None) or type(error).__name__
    remote = hasattr(error, "student_traceback")
    message = str(error.args[0]) if remote and len(error.args) == 1 else str(error)
    return kind, message


def where_raised(error: BaseException) -> str:
    """Where the kernel says ``error`` was raised, to follow a sentence: ", at line 3 of your
    TreeGame.result: `...`", ", in the course's Game.check_move(state, move), which your
    TreeGame.result called at line 3: `...`" (a kept sentence), or "" when the kernel did not
    say."""
    blame = getattr(error, "blame", None)
    if blame is None:
        return ""
    if not blame.raised_past:
        return kept_sentence(
            ", at line {line} of your {function}: `{code}`",
            line=blame.line,
            function=blame.function,
            code=blame.code,
        )
    return kept_sentence(
        ", in {callee}, which your {function} called at line {line}: `{code}`",
        callee=blame.callee(),
        function=blame.function,
        line=blame.line,
        code=blame.code,
    )


def _same(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def _key(node: TraceNode) -> tuple:
    return tuple(node.path())


def _eager_node(student: Trace, reference: Trace) -> TraceNode | None:
    """A node whose children were all generated before any grandchild, unlike the reference."""
    ref_nodes = {_key(n): n for n in reference.nodes}

    def all_children_first(node: TraceNode) -> bool:
        grandchildren = [g.index for k in node.children for g in k.children]
        if len(node.children) < 2 or not grandchildren:
            return False
        return max(k.index for k in node.children) < min(grandchildren)

    for node in student.nodes:
        if all_children_first(node):
            ref = ref_nodes.get(_key(node))
            if ref is not None and not all_children_first(ref):
                return node
    return None


def _trace_mistake(student: Trace, reference: Trace, depth: int | None) -> Said | None:
    """What the student's trace shows, compared with the reference's (a kept sentence); None if
    they match."""
    game = reference.real_game
    for node in student.evaluations:
        if node.scored_by == "eval" and node.children:
            return kept_sentence(
                "evaluation called on non-leaf nodes: a node was evaluated and then expanded "
                "(its children generated); call eval_fn only where the search stops "
                "(ply == depth)"
            )
    for node in student.evaluations:
        if node.scored_by == "eval" and game.terminal_test(node.state):
            return kept_sentence(
                "eval_fn called on a terminal state: test terminal_test first; a "
                "terminal state scores scored_result(utility, ply)"
            )
    if depth is not None:
        evaluated = {n.depth for n in student.evaluations if n.scored_by == "eval"}
        expected = {n.depth for n in reference.evaluations if n.scored_by == "eval"}
        if evaluated and expected and evaluated != expected:
            if evaluated == {d + 1 for d in expected}:
                return kept_sentence(
                    "depth off by one: the search went one ply too deep (depth counts plies "
                    "below the start; depth=1 evaluates the positions after one move)"
                )
            twice = kept_sentence(
                " (or depth counted twice: lowered by one and ply raised by one on each call;"
                " count it one way only)"
            )
            if depth >= 4 and evaluated == {depth // 2}:
                return kept_sentence(
                    "depth counted twice: the search stopped halfway, as if each call both "
                    "lowered depth and raised ply; count plies one way only (ply + 1, depth fixed)"
                )
            if evaluated == {d - 1 for d in expected}:
                return kept_sentence(
                    "depth off by one: the search stopped one ply too early (depth counts plies "
                    "below the start; depth=1 evaluates the positions after one move){twice}",
                    twice=twice if depth == 2 else "",
                )
        went = max(n.depth for n in student.nodes)
        if expected and not evaluated and went > depth:
            return kept_sentence(
                "the search never stops at the depth limit: it went past ply == depth without "
                "calling eval_fn (is depth counted twice, lowered by one and ply raised by one on "
                "each call, so that ply == depth never holds? count plies one way only)"
            )
    if student.visited() == reference.visited():
        return None
    eager = _eager_node(student, reference)
    if eager is not None:
        return kept_sentence(
            "successors generated eagerly: at node {node} every child was generated "
            "before searching the first one; generate each child with game.result just "
            "before searching it (depth first, children in actions() order)",
            node=repr(eager.state),
        )
    paths = [_key(n) for n in student.nodes]
    if len(set(paths)) < len(paths):
        return kept_sentence(
            "some nodes were generated more than once: call game.result once per child"
        )
    return kept_sentence(
        "nodes were generated in another order (or another set of nodes) than minimax's: "
        "search depth first, children in actions() order, every child of every node"
    )


CASES_SEEN: dict[tuple[str, str], tuple[Callable[[Any], Any], float, Callable[[str], Any]]] = {}
"""``(function name, case words) -> (call, right value, mistake -> its value)`` for each wrong
value reported in this process: what the mutation harness re-checks a message against."""


def _no_mistake(name: str) -> float:
    """A witness names no mistake: there is no mistake's value to re-check."""
    return math.nan


Again = Callable[[Callable[..., Any], tuple], Any]
"""``again(function, args)``: how the mutation harness calls a function on a probe again."""


def _call_plainly(function: Callable[..., Any], args: tuple) -> Any:
    return function(*args)


def _keep_probe(name: str, probe: Any, expected: Any, again: Again | None) -> None:
    """Keep ``probe`` in `CASES_SEEN` (a witness names no mistake: nothing else to re-check)."""
    call = again or _call_plainly
    CASES_SEEN[(name, probe.words)] = (lambda f, a=probe.args: call(f, a), expected, _no_mistake)


def _witness_error(name: str, found: Any, again: Again | None = None) -> GradingError:
    """The error for a ladder witness (a `gamekit.checks.a01.ladder.Found`), kept in
    `CASES_SEEN` so that the mutation harness can re-check it."""
    witness = found.witness
    _keep_probe(name, witness.probe, witness.expected, again)
    return GradingError(found.message, code=f"witness:{name}", evidence=witness.to_dict())


def ladder_failed(name: str, again: Again | None = None):
    """``raised_at(probe, error)`` for a ladder: keeps the probe where the student's code
    failed in `CASES_SEEN`."""

    def raised_at(probe: Any, error: GradingError) -> None:
        _keep_probe(name, probe, math.nan, again)

    return raised_at


def _diagnose_value(
    name, got, expected, mutants, case, confirm=None, call=None, ladder=None
) -> GradingError:
    """The error for a wrong value. A catalogued mistake is named when it is the only one that
    gives ``got`` here (and the reference does not) and ``confirm(fitting)`` finds that it also
    gives the student's values on every public probe. Otherwise ``ladder(raised_at)`` looks for
    the smallest public probe that goes wrong (it raises the student's error on the probe where
    their code fails), and its witness is the message; failing that, the message says only that
    the value is wrong. ``call(function)`` calls a function on this case (kept in `CASES_SEEN`,
    so that the claim can be re-checked)."""
    if call is not None:
        CASES_SEEN[(name, case)] = (call, expected, mutants.__getitem__)
    fitting = [
        m for m, value in mutants.items() if not _same(value, expected) and _same(got, value)
    ]
    if fitting and confirm is not None:
        fitting = confirm(fitting)
    if len(fitting) == 1:
        mutant = fitting[0]
        return GradingError(
            kept_sentence(
                "{name} {case} returned {got}, not the right value, but exactly the value of a "
                "search with this mistake: {mistake}",
                name=name,
                case=case,
                got=repr(got),
                mistake=kept_sentence(MUTANTS[mutant]),
            ),
            code=f"a01.{mutant}",
            evidence={"step": name, "input": case, "got": repr(got)},
        )
    found = ladder(ladder_failed(name)) if ladder is not None else None
    if found is not None:
        return _witness_error(name, found)
    return GradingError(
        kept_sentence(
            "{name} {case} returned {got}, which is not the right value",
            name=name,
            case=case,
            got=repr(got),
        ),
        code=f"wrong_value:{name}",
        evidence={"step": name, "input": case, "got": repr(got)},
    )


def _describe(game: Game, state: Any, player: str | None, label: str | None) -> str:
    """The case in words (a kept sentence; a test's ``label`` is its own words)."""
    if label and player is not None:
        return kept_sentence("{label} for player {player}", label=label, player=repr(player))
    if label:
        return label
    if player is not None:
        return kept_sentence(
            "on {game} from {state} for player {player}",
            game=repr(game),
            state=repr(state),
            player=repr(player),
        )
    return kept_sentence("on {game} from {state}", game=repr(game), state=repr(state))


_NUMPY_SCALARS = {"int8", "int16", "int32", "int64", "float16", "float32", "float64"}


def _check_number(name: str, value: Any) -> float:
    """The value as a plain number; numpy's scalars (from np.max and the like) are accepted."""
    if type(value).__module__ == "numpy" and type(value).__name__ in _NUMPY_SCALARS:
        value = value.item()
    if type(value) is tuple:
        raise GradingError(
            kept_sentence(
                "{name} returned a tuple {value}: it should return only the value",
                name=name,
                value=shown(value),
            ),
            code=f"shape:{name}",
        )
    return require_number(value, kept_sentence("the value returned by {name}", name=name))
