"""Checks for assignment 01 (game trees and minimax), called by the notebook's test cells.

Every ``check_*`` function runs the student's answer on one case, compares it with a reference
computed here, and raises `GradingError` naming the likely mistake (never the expected value)
when they differ. Engines are compared by what they return *and* by their trace: the nodes they
generate, in order, and the nodes they evaluate (see `gamekit.trace`).

The references below are written independently of `gamekit.search` (the tests check the two
agree), so they can keep running while gamekit's own engines are swapped out: a student function
that delegates to gamekit (or to this module) fails with `EngineForbidden`.

Known mistakes are recognised by running *mutants* of the reference (min and max swapped, the
utility read for the wrong player, chance probabilities ignored, ...) and by the shape of the
student's trace (all children generated before any grandchild, evaluations above the cutoff,
cutoff one ply off).
"""

from __future__ import annotations

import contextlib
import math
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from gamekit.games import Game, IllegalMoveError, TicTacToe
from gamekit.gametree import CHANCE, MAX, MIN, GameTree
from gamekit.grading import (
    GradingError,
    default_forbidden,
    engines_swapped_out,
    require_number,
    require_plain,
    type_name,
)
from gamekit.grading.remote import forbidding, substituting
from gamekit.search import scored_result
from gamekit.trace import Trace, TraceNode, run_traced

EvalFn = Callable[[Any, str], float]
infinity = math.inf

# --------------------------------------------------------------------------------------------
# Building cases
# --------------------------------------------------------------------------------------------


def _letters(index: int) -> str:
    """0 -> 'A', 25 -> 'Z', 26 -> 'AA', ...: names of inner nodes."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def tree_from_nested(spec: Any) -> GameTree:
    """A `GameTree` written as nested lists, for compact test cases.

    A number is a leaf (its utility for MAX), a list is a MAX or MIN node (turns alternate from
    MAX at the root), and a pair ``(probabilities, children)`` is a chance node. Inner nodes are
    named ``A, B, C, ...`` breadth first; leaves are named after their parent (``E1, E2``) and
    every edge after the child's place (``e1`` from ``E`` to ``E1``), like `first_tree`.

    >>> tree = tree_from_nested([[3, 12], [2, ([0.5, 0.5], [4, 6])]])
    >>> tree.edges["C"], tree.kinds["D"], tree.chances["D"]
    ({'c1': 'C1', 'c2': 'D'}, 'CHANCE', {'d1': 0.5, 'd2': 0.5})
    """
    edges: dict[str, dict[str, str]] = {}
    utilities: dict[str, float] = {}
    chances: dict[str, dict[str, float]] = {}
    count = 0
    queue: list[tuple[str, Any]] = [(_letters(0), spec)]
    while queue:
        name, node = queue.pop(0)
        probabilities = None
        if isinstance(node, tuple):
            probabilities, node = node
        edges[name] = {}
        for i, child in enumerate(node, start=1):
            if isinstance(child, (int, float)) and not isinstance(child, bool):
                child_name = f"{name}{i}"
                utilities[child_name] = child
            else:
                count += 1
                child_name = _letters(count)
                queue.append((child_name, child))
            edges[name][f"{name.lower()}{i}"] = child_name
        if probabilities is not None:
            chances[name] = dict(zip(edges[name], probabilities, strict=True))
    return GameTree(edges, utilities, chances=chances)


class table_eval:  # noqa: N801 - used like a function: table_eval({...})(state, player)
    """An evaluation function that reads estimates for MAX from ``table`` (MIN gets minus).
    (A class, not a closure, so that it can be sent to a student's kernel.)"""

    def __init__(self, table: Mapping[Any, float]) -> None:
        self.table = dict(table)

    def __call__(self, state: Any, player: str) -> float:
        return self.table[state] if player == MAX else -self.table[state]


def open_lines_eval(state: Any, player: str) -> int:
    """Tic-tac-toe estimate: lines still open for ``player`` minus lines open for the opponent."""
    h, v, cells = state.h, state.v, state.cells
    lines = [[(r, c) for c in range(v)] for r in range(h)] + [
        [(r, c) for r in range(h)] for c in range(v)
    ]
    if h == v:
        lines += [[(i, i) for i in range(h)], [(i, h - 1 - i) for i in range(h)]]
    opponent = "O" if player == "X" else "X"
    score = 0
    for line in lines:
        marks = {cells[r * v + c] for r, c in line}
        score += (opponent not in marks) - (player not in marks)
    return score


# --------------------------------------------------------------------------------------------
# References (and their mutants)
# --------------------------------------------------------------------------------------------

_WRONG_PLAYER = (
    "utility taken for the wrong player: read the leaves with game.utility(state, player), for "
    "the player the value is computed for (not for MAX, nor for whoever would move there)"
)
MUTANTS = {
    "swap": "min and max swapped: the player's own nodes take the largest child value, the "
    "opponent's nodes the smallest",
    "leaf_max": _WRONG_PLAYER,
    "leaf_mover": _WRONG_PLAYER,
    "chance_uniform": "chance probabilities ignored (plain average): weight each child of a "
    "chance node by its probability from game.chance_outcomes(state)",
    "chance_max": "max taken at chance nodes: a chance node is worth the probability-weighted "
    "average of its children, nobody chooses there",
    "chance_min": "min taken at chance nodes: a chance node is worth the probability-weighted "
    "average of its children, nobody chooses there",
    "plain_terminal": "terminal states scored with plain utility: in depth-limited search a "
    "terminal state ply plies below the start scores scored_result(utility, ply)",
    "eval_for_max": "evaluation taken for the wrong player: call eval_fn(state, player)",
    "parity": "max and min chosen by depth parity instead of by whose turn it is: the player "
    "asked for is not always the one to move at the start (nor every other ply). At each node "
    "maximise when game.to_move(state) == player, minimise otherwise",
    "max_view": "values always from MAX's point of view: the value must be for the player "
    "asked for (player), so read game.utility(state, player) and maximise where "
    "game.to_move(state) == player",
}


def _value(
    state: Any,
    game: Game,
    player: str,
    depth: int | None = None,
    eval_fn: EvalFn | None = None,
    mutant: str | None = None,
    ply: int = 0,
) -> float:
    """Minimax / depth-limited minimax / expectiminimax value of ``state`` for ``player``,
    ``state`` lying ``ply`` plies below the start of the search.

    Children are generated one at a time in ``actions()`` order, each just before it is
    searched. ``mutant`` names one deliberate mistake from `MUTANTS` (None: the reference).
    The recursion is a closure, so a copy of this function keeps working while the original is
    swapped out.
    """

    if mutant == "max_view":
        player = game.players[0]
    start = ply

    def value(state: Any, ply: int) -> float:
        if game.terminal_test(state):
            first, mover = game.players[0], game.to_move(state)
            reader = {"leaf_max": first, "leaf_mover": mover}.get(mutant, player)
            utility = game.utility(state, reader)
            if depth is None or mutant == "plain_terminal":
                return utility
            return scored_result(utility, ply)
        if depth is not None and ply == depth:
            return eval_fn(state, MAX if mutant == "eval_for_max" else player)
        mover = game.to_move(state)
        if mover == CHANCE:
            outcomes = game.chance_outcomes(state)
            moves = game.actions(state)
            values = [value(game.result(state, a), ply + 1) for a in moves]
            if mutant == "chance_max":
                return max(values)
            if mutant == "chance_min":
                return min(values)
            if mutant == "chance_uniform":
                return sum(values) / len(values)
            return sum(outcomes[a] * v for a, v in zip(moves, values, strict=True))
        values = [value(game.result(state, a), ply + 1) for a in game.actions(state)]
        maximise = (mover == player) != (mutant == "swap")
        if mutant == "parity":
            maximise = (ply - start) % 2 == 0
        return max(values) if maximise else min(values)

    return value(state, ply)


def _decision(state: Any, game: Game) -> tuple[float, Any, list[float]]:
    """``(value, move, child values)`` of the reference minimax decision; ties go to the first."""
    player = game.to_move(state)
    best, best_move, values = -infinity, None, []
    for a in game.actions(state):
        v = _value(game.result(state, a), game, player)
        values.append(v)
        if v > best:
            best, best_move = v, a
    return best, best_move, values


def reference_minimax_value(state: Any, game: Game, player: str) -> float:
    """The reference answer of ``minimax_value``."""
    return _value(state, game, player)


def reference_minimax_decision(state: Any, game: Game) -> Any:
    """The reference answer of ``minimax_decision``."""
    return _decision(state, game)[1]


def reference_cutoff_value(
    state: Any, game: Game, depth: int, eval_fn: EvalFn, player: str, ply: int = 0
) -> float:
    """The reference answer of ``minimax_cutoff_value``."""
    return _value(state, game, player, depth, eval_fn, ply=ply)


def reference_expectiminimax_value(state: Any, game: Game, player: str) -> float:
    """The reference answer of ``expectiminimax_value``."""
    return _value(state, game, player)


def forbidden() -> tuple[Callable[..., Any], ...]:
    """What a01's answers must not call: gamekit's engines, explain's solvers, this module's
    references."""
    from gamekit import explain

    return (
        *default_forbidden(),
        explain.minimax_values,
        explain.expectiminimax_values,
        _value,
        _decision,
        reference_minimax_value,
        reference_minimax_decision,
        reference_cutoff_value,
        reference_expectiminimax_value,
    )


# --------------------------------------------------------------------------------------------
# Running a student's engine
# --------------------------------------------------------------------------------------------


def _run(name: str, call: Callable[[Game, EvalFn | None], Any], state, game, eval_fn=None):
    """Run ``call(traced_game, traced_eval)`` with gamekit's engines swapped out."""

    def engine(state: Any, traced_game: Game, eval_fn: EvalFn | None = None) -> Any:
        with engines_swapped_out(*forbidden()):
            return call(traced_game, eval_fn)

    try:
        return run_traced(engine, state, game, eval_fn=eval_fn)
    except (GradingError, NotImplementedError):
        raise
    except RecursionError as error:
        raise GradingError(f"{name} recursed without end: {error}") from error
    except Exception as error:
        raise GradingError(raised_by_student(name, error)) from error


def raised_by_student(name: str, error: BaseException) -> str:
    """The feedback for an exception the student's own code raised: the exception and, when the
    kernel reported it, the student's line that raised it (not a bare ``KeyError: 'D2'``).

    >>> error = ValueError("no moves")
    >>> error.student_traceback = "line 3: return max(values)"
    >>> print(raised_by_student("f", error))
    f stopped with an error in your code, at line 3: `return max(values)`: ValueError: no moves
    """
    kind = getattr(error, "remote_type", None) or type(error).__name__
    where = getattr(error, "student_traceback", "")
    line, _, code = where.partition(": ")
    at = f", at {line}: `{code}`" if where and code else f", at {where}" if where else ""
    hint = ""
    if kind == "KeyError":
        hint = " (a dictionary has no entry for that key: is it a node that is not in it?)"
    remote = hasattr(error, "student_traceback")  # its message is already str() of the original
    message = error.args[0] if remote and len(error.args) == 1 else str(error)
    return f"{name} stopped with an error in your code{at}: {kind}: {message}{hint}"


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


def _trace_mistake(student: Trace, reference: Trace, depth: int | None) -> str | None:
    """What the student's trace shows, compared with the reference's; None if they match."""
    game = reference.real_game
    for node in student.evaluations:
        if node.scored_by == "eval" and node.children:
            return (
                "evaluation called on non-leaf nodes: a node was evaluated and then expanded "
                "(its children generated); call eval_fn only where the search stops "
                "(ply == depth)"
            )
    for node in student.evaluations:
        if node.scored_by == "eval" and game.terminal_test(node.state):
            return (
                "eval_fn called on a terminal state: test terminal_test first; a "
                "terminal state scores scored_result(utility, ply)"
            )
    if depth is not None:
        evaluated = {n.depth for n in student.evaluations if n.scored_by == "eval"}
        expected = {n.depth for n in reference.evaluations if n.scored_by == "eval"}
        if evaluated and expected and evaluated != expected:
            if evaluated == {d + 1 for d in expected}:
                return (
                    "depth off by one: the search went one ply too deep (depth counts plies "
                    "below the start; depth=1 evaluates the positions after one move)"
                )
            twice = (
                " (or depth counted twice: lowered by one and ply raised by one on each call;"
                " count it one way only)"
            )
            if depth >= 4 and evaluated == {depth // 2}:
                return (
                    "depth counted twice: the search stopped halfway, as if each call both "
                    "lowered depth and raised ply; count plies one way only (ply + 1, depth fixed)"
                )
            if evaluated == {d - 1 for d in expected}:
                return (
                    "depth off by one: the search stopped one ply too early (depth counts plies "
                    "below the start; depth=1 evaluates the positions after one move)"
                    + (twice if depth == 2 else "")
                )
        went = max(n.depth for n in student.nodes)
        if expected and not evaluated and went > depth:
            return (
                "the search never stops at the depth limit: it went past ply == depth without "
                "calling eval_fn (is depth counted twice, lowered by one and ply raised by one on "
                "each call, so that ply == depth never holds? count plies one way only)"
            )
    if student.visited() == reference.visited():
        return None
    eager = _eager_node(student, reference)
    if eager is not None:
        return (
            f"successors generated eagerly: at node {eager.state!r} every child was generated "
            "before searching the first one; generate each child with game.result just "
            "before searching it (depth first, children in actions() order)"
        )
    paths = [_key(n) for n in student.nodes]
    if len(set(paths)) < len(paths):
        return "some nodes were generated more than once: call game.result once per child"
    return (
        "nodes were generated in another order (or another set of nodes) than minimax's: "
        "search depth first, children in actions() order, every child of every node"
    )


def _diagnose_value(name, got, expected, mutants, case) -> str:
    """The message for a wrong value: a matching mutant's mistake, or a plain statement."""
    for mutant, value in mutants.items():
        if not _same(value, expected) and _same(got, value):
            return f"{name} {case}: {MUTANTS[mutant]}"
    return f"{name} {case} returned {got!r}, which is not the right value"


def _describe(game: Game, state: Any, player: str | None, label: str | None) -> str:
    where = label or f"on {game!r} from {state!r}"
    return where + (f" for player {player!r}" if player is not None else "")


_NUMPY_SCALARS = {"int8", "int16", "int32", "int64", "float16", "float32", "float64"}


def _check_number(name: str, value: Any) -> float:
    """The value as a plain number; numpy's scalars (from np.max and the like) are accepted."""
    if type(value).__module__ == "numpy" and type(value).__name__ in _NUMPY_SCALARS:
        value = value.item()
    if type(value) is tuple:
        raise GradingError(f"{name} returned a tuple {value!r}: it should return only the value")
    return require_number(value, f"the value returned by {name}")


# --------------------------------------------------------------------------------------------
# Part 1 and 2: vocabulary, values by hand
# --------------------------------------------------------------------------------------------

VOCABULARY_KEYS = ("states_at_ply_1", "states_at_ply_2", "terminal_states", "deepest_ply")


def _walk(game: Game, state: Any) -> tuple[dict[int, int], list[int]]:
    """States per ply and the ply of every terminal state of the whole tree below ``state``."""
    per_ply: dict[int, int] = {}
    terminal_plies: list[int] = []
    stack = [(state, 0)]
    while stack:
        node, ply = stack.pop()
        per_ply[ply] = per_ply.get(ply, 0) + 1
        if game.terminal_test(node):
            terminal_plies.append(ply)
        else:
            stack.extend((game.result(node, a), ply + 1) for a in game.actions(node))
    return per_ply, terminal_plies


def check_vocabulary_shape(answers: Any) -> None:
    """The vocabulary answers are a dict with the expected keys and whole numbers."""
    require_plain(answers, "tree_vocabulary()")
    if type(answers) is not dict:
        raise GradingError(f"tree_vocabulary() should return a dict, got {type_name(answers)}")
    expected = set(VOCABULARY_KEYS) | {"utility_for_X"}
    if set(answers) != expected:
        raise GradingError(
            f"tree_vocabulary() should have exactly the keys {sorted(expected)}; "
            f"missing {sorted(expected - set(answers))}, extra {sorted(set(answers) - expected)}"
        )
    for key, value in answers.items():
        if value is None:
            raise GradingError(f"tree_vocabulary()[{key!r}] is None: replace it by your answer")
        require_number(value, f"tree_vocabulary()[{key!r}]")


def check_vocabulary(answers: Any, game: TicTacToe, state: Any, path: Sequence[Any]) -> None:
    """Compare the vocabulary answers with the tree below ``state``; ``path`` leads from
    ``state`` to the terminal state whose utility for X is asked."""
    check_vocabulary_shape(answers)
    per_ply, terminal_plies = _walk(game, state)
    expected = {
        "states_at_ply_1": per_ply.get(1, 0),
        "states_at_ply_2": per_ply.get(2, 0),
        "terminal_states": len(terminal_plies),
        "deepest_ply": max(terminal_plies),
    }
    leaf = state
    for move in path:
        leaf = game.result(leaf, move)
    expected["utility_for_X"] = game.utility(leaf, "X")
    hints = {
        "states_at_ply_1": "count the states one move below the root",
        "states_at_ply_2": "count every state two moves below the root, terminal or not",
        "terminal_states": "count every state where the game is over, at whatever ply",
        "deepest_ply": "the ply of the deepest terminal state (the root is at ply 0)",
        "utility_for_X": "utility is +1 when X has won, -1 when O has won, 0 for a draw",
    }
    wrong = [key for key in expected if answers[key] != expected[key]]
    if wrong:
        raise GradingError(
            "not right yet: "
            + "; ".join(f"tree_vocabulary()[{key!r}] ({hints[key]})" for key in wrong)
        )


def check_hand_values_shape(values: Any, tree: GameTree) -> None:
    """``values`` is a dict {inner node: number} with every inner node of ``tree``."""
    require_plain(values, "minimax_values_by_hand()")
    if type(values) is not dict:
        raise GradingError(
            f"minimax_values_by_hand() should return a dict, got {type_name(values)}"
        )
    inner = [node for node in tree.nodes() if not tree.terminal_test(node)]
    missing = [node for node in inner if values.get(node) is None]
    if missing:
        raise GradingError(f"minimax_values_by_hand() has no value for nodes {missing}")
    extra = sorted(set(values) - set(inner))
    if extra:
        raise GradingError(f"minimax_values_by_hand() should only list inner nodes; remove {extra}")
    for node in inner:
        require_number(values[node], f"minimax_values_by_hand()[{node!r}]")


def check_hand_values(values: Any, tree: GameTree) -> None:
    """Every inner node's value equals its minimax value; names the nodes that do not."""
    check_hand_values_shape(values, tree)
    inner = [node for node in tree.nodes() if not tree.terminal_test(node)]
    expected = {node: _value(node, tree, MAX) for node in inner}
    wrong = [node for node in inner if not _same(values[node], expected[node])]
    if not wrong:
        return
    swapped = {node: _value(node, tree, MAX, mutant="swap") for node in inner}
    if all(_same(values[node], swapped[node]) for node in wrong):
        raise GradingError(f"minimax_values_by_hand(): nodes {wrong} are wrong: {MUTANTS['swap']}")
    raise GradingError(
        f"minimax_values_by_hand(): the values of nodes {wrong} are not their minimax values "
        "(MAX nodes take the largest child value, MIN nodes the smallest, from the leaves up)"
    )


# --------------------------------------------------------------------------------------------
# Part 3: a game class for an explicit tree
# --------------------------------------------------------------------------------------------


TREE_MESSAGE = "TreeGame uses gamekit.GameTree, which is the answer: write the methods yourself"


@contextlib.contextmanager
def _gametree_forbidden() -> Iterator[None]:
    """While active, building or asking a `GameTree` raises: in the student's kernel during every
    call the grader makes (`forbidding`), and in this process for a TreeGame defined here (the
    visible tests, run in the student's own kernel)."""
    names = ("__init__", "actions", "result", "utility", "terminal_test", "to_move")
    saved = {name: GameTree.__dict__[name] for name in names}

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise GradingError(TREE_MESSAGE)

    targets = [(f"gamekit.gametree:GameTree.{name}", TREE_MESSAGE) for name in names]
    try:
        for name in names:
            setattr(GameTree, name, refuse)
        with forbidding(targets):
            yield
    finally:
        for name, method in saved.items():
            setattr(GameTree, name, method)


def _is_class(value: Any) -> bool:
    return isinstance(value, type) or getattr(value, "kind", None) == "class"


def _derives(value: Any, base: type) -> bool:
    """Is ``value`` (a class, here or in the student's kernel) derived from ``base``?"""
    if isinstance(value, type):
        return issubclass(value, base)
    derives_from = getattr(value, "derives_from", None)
    return bool(derives_from and derives_from(f"{base.__module__}.{base.__qualname__}"))


def _student_game(TreeGame: type, edges: Mapping, utilities: Mapping) -> tuple[Game, GameTree]:
    """The student's game for ``edges``/``utilities`` and gamekit's, to compare."""
    reference = GameTree(edges, utilities)
    if not _is_class(TreeGame) or not _derives(TreeGame, Game):
        raise GradingError("TreeGame should be a class derived from gamekit.Game")
    if _derives(TreeGame, GameTree):
        raise GradingError(
            "TreeGame should derive from gamekit.Game, not from gamekit.GameTree (the answer)"
        )
    copy_edges = {node: dict(kids) for node, kids in edges.items()}
    try:
        with _gametree_forbidden():
            game = TreeGame(copy_edges, dict(utilities))
    except (GradingError, NotImplementedError):
        raise
    except Exception as error:
        raise GradingError(
            f"TreeGame(edges, utilities) raised {type(error).__name__}: {error}"
        ) from error
    return game, reference


def _ask(what: str, method: Callable[..., Any], *args: Any) -> Any:
    try:
        with _gametree_forbidden():
            return method(*args)
    except (GradingError, NotImplementedError):
        raise
    except Exception as error:
        raise GradingError(f"{what} raised {type(error).__name__}: {error}") from error


def check_tree_game_moves(TreeGame: type, edges: Mapping, utilities: Mapping) -> None:
    """initial, actions, result (illegal edges raise IllegalMoveError) and terminal_test agree
    with gamekit.GameTree on the tree ``edges``/``utilities`` (root listed first)."""
    game, reference = _student_game(TreeGame, edges, utilities)
    require_plain(game.initial, "TreeGame.initial")
    if game.initial != reference.initial:
        raise GradingError(
            f"TreeGame.initial is {game.initial!r}: the root is the first node listed in edges"
        )
    for node in reference.nodes():
        terminal = _ask(f"terminal_test({node!r})", game.terminal_test, node)
        if type(terminal) is not bool:
            raise GradingError(
                f"terminal_test({node!r}) returned {type_name(terminal)}: return True/False"
            )
        if terminal != reference.terminal_test(node):
            kind = "a leaf" if reference.terminal_test(node) else "an inner node"
            raise GradingError(f"terminal_test({node!r}) is {terminal}, but {node!r} is {kind}")
        actions = _ask(f"actions({node!r})", game.actions, node)
        require_plain(actions, f"actions({node!r})")
        if type(actions) is not list:
            raise GradingError(f"actions({node!r}) should be a list, got {type_name(actions)}")
        if actions != reference.actions(node):
            if sorted(map(str, actions)) == sorted(reference.actions(node)):
                raise GradingError(
                    f"actions({node!r}) lists the right edges in another order: keep the order "
                    "of edges"
                )
            raise GradingError(f"actions({node!r}) should list the labels of the edges leaving it")
        for move in actions:
            child = _ask(f"result({node!r}, {move!r})", game.result, node, move)
            require_plain(child, f"result({node!r}, {move!r})")
            if child != reference.result(node, move):
                raise GradingError(f"result({node!r}, {move!r}) is not the node that edge leads to")
        others = [m for n in reference.edges if n != node for m in reference.actions(n)]
        for bad in ["no-such-edge", *others[:1]]:
            if bad in reference.actions(node):
                continue
            try:
                with _gametree_forbidden():
                    answer = game.result(node, bad)
            except IllegalMoveError:
                continue
            except GradingError:
                raise
            except Exception as error:
                raise GradingError(
                    f"result({node!r}, {bad!r}) raised {type(error).__name__} for an edge that "
                    "does not leave the node: raise gamekit.IllegalMoveError instead"
                ) from error
            raise GradingError(
                f"result({node!r}, {bad!r}) returned {answer!r} for an edge that does not leave "
                "the node (illegal move ignored): raise gamekit.IllegalMoveError instead"
            )


def check_tree_game_turns(TreeGame: type, edges: Mapping, utilities: Mapping) -> None:
    """to_move (MAX at the root, alternating down the tree) and utility (for MAX and MIN) agree
    with gamekit.GameTree on the tree ``edges``/``utilities``."""
    game, reference = _student_game(TreeGame, edges, utilities)
    for node in reference.nodes():
        if reference.terminal_test(node):
            for player in (MAX, MIN):
                got = _ask(f"utility({node!r}, {player!r})", game.utility, node, player)
                require_number(got, f"utility({node!r}, {player!r})")
                if not _same(got, reference.utility(node, player)):
                    if player == MIN and _same(got, reference.utility(node, MAX)):
                        raise GradingError(
                            f"utility({node!r}, 'MIN') is the utility for MAX: utility taken for "
                            "the wrong player; the leaves store it for MAX, MIN gets the negation"
                        )
                    raise GradingError(f"utility({node!r}, {player!r}) is not right")
        else:
            got = _ask(f"to_move({node!r})", game.to_move, node)
            require_plain(got, f"to_move({node!r})")
            if got != reference.to_move(node):
                raise GradingError(
                    f"to_move({node!r}) is {got!r}, but {node!r} lies {reference.depth(node)} "
                    "plies below the root: turns alternate MAX, MIN, MAX, ... down the tree "
                    "(trees of several rounds)"
                )


# --------------------------------------------------------------------------------------------
# Part 4: minimax_value and minimax_decision
# --------------------------------------------------------------------------------------------


def check_minimax_value(
    minimax_value: Callable[..., Any],
    game: Game,
    state: Any,
    player: str,
    label: str | None = None,
) -> None:
    """``minimax_value(state, game, player)`` returns the reference value and generates the same
    nodes in the same order."""
    name = "minimax_value"
    case = _describe(game, state, player, label)
    expected, ref_trace = run_traced(
        lambda s, g: _value(s, g, player), state, game
    )  # before any swap
    got, trace = _run(name, lambda g, _: minimax_value(state, g, player), state, game)
    got = _check_number(name, got)
    if not _same(got, expected):
        order = ("swap", "leaf_max", "leaf_mover", "max_view")
        if game.to_move(state) != player:  # parity equals the reference when they are the same
            order = ("parity", *order)
        mutants = {m: _value(state, game, player, mutant=m) for m in order}
        raise GradingError(_diagnose_value(name, got, expected, mutants, case))
    mistake = _trace_mistake(trace, ref_trace, None)
    if mistake:
        raise GradingError(f"{name} {case}: {mistake}")


@contextlib.contextmanager
def _globals_substituted(function: Any, name: str, replacement: Any) -> Iterator[None]:
    """For a function defined in this process (the visible tests): its global ``name`` is
    ``replacement`` while active. (For the student's kernel, `substituting` does the same.)"""
    namespace = function.__globals__ if isinstance(function, types.FunctionType) else None
    if namespace is None or not callable(namespace.get(name)):
        yield
        return
    saved = namespace[name]
    namespace[name] = replacement
    try:
        yield
    finally:
        namespace[name] = saved


class correct_minimax_value:  # noqa: N801 - stands in for the student's function
    """A correct ``minimax_value(state, game, player)`` that replaces the student's while their
    ``minimax_decision`` is graded. It asks the game the same questions in the same order as
    the reference, and it is a class so that it can be sent to the student's kernel."""

    def __call__(self, state: Any, game: Game, player: str) -> float:
        if game.terminal_test(state):
            return game.utility(state, player)
        values = [self(game.result(state, a), game, player) for a in game.actions(state)]
        return max(values) if game.to_move(state) == player else min(values)


def check_minimax_decision(
    minimax_decision: Callable[..., Any], game: Game, state: Any, label: str | None = None
) -> None:
    """``minimax_decision(state, game)`` returns the reference move (ties: the first best), with
    the notebook's ``minimax_value`` replaced by the reference so its mistakes do not count
    twice."""
    name = "minimax_decision"
    case = _describe(game, state, None, label)
    (best, expected, values), ref_trace = run_traced(_decision, state, game)
    reference = correct_minimax_value()
    with (
        substituting("minimax_value", reference),
        _globals_substituted(minimax_decision, "minimax_value", reference),
    ):
        got, trace = _run(name, lambda g, _: minimax_decision(state, g), state, game)
    moves = game.actions(state)
    if type(got) in (int, float) and got not in moves:
        raise GradingError(
            f"{name} {case}: value returned instead of move: return the best move "
            "(one of game.actions(state)), not its value"
        )
    if type(got) is tuple and len(got) == 2 and got not in moves:
        raise GradingError(f"{name} {case} returned a pair {got!r}: return only the move")
    require_plain(got, f"the move returned by {name}")
    if got not in moves:
        raise GradingError(f"{name} {case} returned {got!r}, which is not a legal move there")
    if got != expected:
        chosen = values[moves.index(got)]
        if _same(chosen, best):
            raise GradingError(
                f"{name} {case}: several moves tie for the best value; ties go to the first best "
                "move in actions() order"
            )
        if _same(chosen, min(values)):
            raise GradingError(
                f"{name} {case} chose a move that is worst for the player to move: min and max "
                "swapped?"
            )
        raise GradingError(f"{name} {case} did not choose a move with the best minimax value")
    mistake = _trace_mistake(trace, ref_trace, None)
    if mistake:
        raise GradingError(f"{name} {case}: {mistake}")


# --------------------------------------------------------------------------------------------
# Part 5: depth-limited minimax
# --------------------------------------------------------------------------------------------


def check_minimax_cutoff_value(
    minimax_cutoff_value: Callable[..., Any],
    game: Game,
    state: Any,
    depth: int,
    eval_fn: EvalFn,
    player: str,
    label: str | None = None,
) -> None:
    """``minimax_cutoff_value(state, game, depth, eval_fn, player)`` returns the reference value,
    generates the same nodes and evaluates the same ones."""
    name = "minimax_cutoff_value"
    case = _describe(game, state, player, label) + f" with depth={depth}"
    expected, ref_trace = run_traced(
        lambda s, g, eval_fn: _value(s, g, player, depth, eval_fn), state, game, eval_fn=eval_fn
    )
    got, trace = _run(
        name,
        lambda g, traced_eval: minimax_cutoff_value(state, g, depth, traced_eval, player),
        state,
        game,
        eval_fn=eval_fn,
    )
    got = _check_number(name, got)
    mistake = _trace_mistake(trace, ref_trace, depth)
    if not _same(got, expected):
        if mistake:
            raise GradingError(f"{name} {case}: {mistake}")
        mutants = {
            m: _value(state, game, player, depth, eval_fn, mutant=m)
            for m in ("swap", "leaf_max", "leaf_mover", "plain_terminal", "eval_for_max")
        }
        raise GradingError(_diagnose_value(name, got, expected, mutants, case))
    if mistake:
        raise GradingError(f"{name} {case}: {mistake}")


# --------------------------------------------------------------------------------------------
# Part 6: expectiminimax
# --------------------------------------------------------------------------------------------


def check_expectiminimax_value(
    expectiminimax_value: Callable[..., Any],
    game: Game,
    state: Any,
    player: str,
    label: str | None = None,
) -> None:
    """``expectiminimax_value(state, game, player)`` returns the reference value and generates
    the same nodes in the same order."""
    name = "expectiminimax_value"
    case = _describe(game, state, player, label)
    expected, ref_trace = run_traced(lambda s, g: _value(s, g, player), state, game)
    got, trace = _run(name, lambda g, _: expectiminimax_value(state, g, player), state, game)
    got = _check_number(name, got)
    if not _same(got, expected):
        mutants = {
            m: _value(state, game, player, mutant=m)
            for m in ("chance_uniform", "chance_max", "chance_min", "swap", "leaf_max")
        }
        raise GradingError(_diagnose_value(name, got, expected, mutants, case))
    mistake = _trace_mistake(trace, ref_trace, None)
    if mistake:
        raise GradingError(f"{name} {case}: {mistake}")
