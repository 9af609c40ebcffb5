"""Checks for assignment 05 (Monte Carlo tree search): UCB1, the search's child statistics, the
move chosen at the root, and convergence to the minimax move.

The student's functions work on plain data so that they cross the sandbox cheaply:

- ``ucb1(Q, N, parent_N, c) -> float`` (infinite for an unvisited child);
- ``search(state, game, iterations, seed) -> [(move, N, Q), ...]``: the root's children after
  ``iterations`` iterations, in expansion order, with ``rng = random.Random(seed)``;
- ``best_move(rows) -> move``: the move to play from such rows.

The conventions (fixed by the notebook's skeleton, and those of `gamekit.mcts`): a node that is
reached for the first time is expanded with one child per move in ``actions()`` order; selection
takes the child with the highest UCB1 (unvisited first, ties: the first); the rollout plays
``rng.choice(game.actions(state))`` until the end; backup adds one visit to every node of the
path and the result from the view of the player who moved into the node.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamekit.grading import (
    EngineForbidden,
    GradingError,
    engines_swapped_out,
    require_number,
    require_type,
)

Row = tuple[Any, int, float]


@dataclass(eq=False)
class _Node:
    state: Any
    move: Any = None
    parent: _Node | None = None
    player: str | None = None  # who moved into this node
    children: list[_Node] = field(default_factory=list)
    N: int = 0
    Q: float = 0.0


@dataclass(frozen=True)
class Variant:
    """Switches that reproduce the catalogued mistakes (all off: the right search)."""

    log_of_child: bool = False
    not_negated: bool = False
    unvisited_not_first: bool = False
    q_not_on_path: bool = False
    n_not_on_path: bool = False


def reference_ucb1(Q: float, N: int, parent_N: int, c: float) -> float:
    """UCB1: the mean plus c times sqrt(ln(parent's N) / N); infinite for an unvisited child."""
    if N == 0:
        return math.inf
    return Q / N + c * math.sqrt(math.log(parent_N) / N)


def _score(child: _Node, parent: _Node, c: float, variant: Variant) -> float:
    if child.N == 0:
        return 0.0 if variant.unvisited_not_first else math.inf  # the mistake: "return 0"
    visits = child.N if variant.log_of_child else max(parent.N, 1)
    return child.Q / child.N + c * math.sqrt(math.log(visits) / child.N)


def reference_search(
    state: Any, game: Any, iterations: int, seed: int, c: float = math.sqrt(2), **switches: bool
) -> list[Row]:
    """The root's children as ``(move, N, Q)`` after seeded UCT (``switches``: a `Variant`)."""
    variant = Variant(**switches)
    rng = random.Random(seed)
    root = _Node(state)
    root_player = game.to_move(state)
    for _ in range(iterations):
        node = root
        while node.children:  # selection
            node = max(node.children, key=lambda ch, p=node: _score(ch, p, c, variant))
        if not game.terminal_test(node.state) and (node is root or node.N > 0):  # expansion
            mover = game.to_move(node.state)
            for move in game.actions(node.state):
                node.children.append(_Node(game.result(node.state, move), move, node, mover))
            node = node.children[0]
        end = node.state  # rollout
        while not game.terminal_test(end):
            end = game.result(end, rng.choice(game.actions(end)))
        leaf = node
        while node is not None:  # backup
            if not variant.n_not_on_path or node is leaf or node is root:
                node.N += 1
            if node.player is not None and (not variant.q_not_on_path or node is leaf):
                viewer = root_player if variant.not_negated else node.player
                node.Q += game.utility(end, viewer)
            node = node.parent
    return [(ch.move, ch.N, ch.Q) for ch in root.children]


def reference_best_move(rows: Sequence[Row]) -> Any:
    """The most visited move (ties: the first): a robust choice, unlike the best mean."""
    return max(rows, key=lambda row: row[1])[0]


def forbidden_functions() -> tuple[Callable[..., Any], ...]:
    """gamekit's MCTS: a submission must write its own."""
    from gamekit import mcts

    return (mcts.mcts_search, mcts.child_statistics, mcts.MCTSNode.ucb, mcts._iterate)


def _call(function: Callable[..., Any], what: str, *args: Any) -> Any:
    try:
        with engines_swapped_out(*forbidden_functions()):
            return function(*args)
    except EngineForbidden as error:
        raise GradingError(f"{what} calls gamekit's own code: {error}") from None
    except (GradingError, NotImplementedError):  # not answered yet: the notebook says so
        raise
    except Exception as error:
        raise GradingError(f"{what} raised {type(error).__name__}: {error}") from None


UCB_CASES = ((3.0, 5, 20, 1.4), (-2.0, 4, 9, 0.5), (0.0, 1, 2, 2.0), (7.0, 10, 40, 0.0))


def check_ucb1(
    ucb1: Callable[..., Any], cases: Sequence[tuple[float, int, int, float]] = UCB_CASES
) -> None:
    """``ucb1`` is infinite for an unvisited child and equals UCB1 on ``cases``, each
    ``(Q, N, parent_N, c)``."""
    value = _call(ucb1, "ucb1(0, 0, 10, 1.4)", 0.0, 0, 10, 1.4)
    if value != math.inf:
        raise GradingError(
            "ucb1 of an unvisited child (N = 0) must be math.inf, so that every child is tried "
            f"once before any is tried twice; got {value!r}"
        )
    for q, n, parent_n, c in cases:
        what = f"ucb1({q}, {n}, {parent_n}, {c})"
        got = require_number(_call(ucb1, what, q, n, parent_n, c), what)
        if math.isclose(got, reference_ucb1(q, n, parent_n, c), rel_tol=1e-9, abs_tol=1e-9):
            continue
        if math.isclose(got, q / n + c * math.sqrt(math.log(n) / n), abs_tol=1e-9):
            raise GradingError(
                f"{what} takes the log of the child's visit count: the exploration term is "
                "c * sqrt(ln(N of the parent) / N of the child)"
            )
        raise GradingError(f"{what} is not Q/N + c * sqrt(ln(parent_N) / N)")


MISTAKES = (
    ("log_of_child", "UCB1 takes the log of the child's visit count instead of the parent's"),
    (
        "not_negated",
        "the result is not seen from the other player's view: each node's Q must add the "
        "utility for the player who moved into it (the opponent's nodes count it negated)",
    ),
    (
        "unvisited_not_first",
        "unvisited children are not tried first: a child with N = 0 must score math.inf",
    ),
    ("q_not_on_path", "Q is only updated at the new node: backup must add to Q on the whole path"),
    (
        "n_not_on_path",
        "N is only counted at the new node: backup must add 1 to N on the whole path",
    ),
)


def _rows(value: Any, what: str) -> list[Row]:
    require_type(value, list, what)
    rows = []
    for row in value:
        require_type(row, tuple, f"each row of {what}")
        if len(row) != 3:
            raise GradingError(f"each row of {what} must be (move, N, Q), got {row!r}")
        rows.append((row[0], require_number(row[1], "N"), require_number(row[2], "Q")))
    return rows


def _same(a: Sequence[Row], b: Sequence[Row]) -> bool:
    return len(a) == len(b) and all(
        x[0] == y[0] and x[1] == y[1] and math.isclose(x[2], y[2], abs_tol=1e-9)
        for x, y in zip(a, b, strict=True)
    )


def _search_rows(
    search: Callable[..., Any], what: str, state: Any, game: Any, iterations: int, seed: int
) -> list[Row]:
    """The rows ``search`` returns; the log of 0 (a parent with N = 0) is named."""
    try:
        return _rows(_call(search, what, state, game, iterations, seed), what)
    except GradingError as error:
        if "math domain error" not in str(error):
            raise
        raise GradingError(
            f"{what} takes the log of 0: a child was visited while its parent's N is 0, so "
            "backup must add 1 to N on every node of the path, up to and including the root"
        ) from None


def check_search(
    search: Callable[..., Any], game: Any, cases: Sequence[tuple[str, Any, int, int]]
) -> None:
    """On each ``(label, state, iterations, seed)``: the same seed gives the same rows, and they
    equal the reference's N and Q of every root child; else name the mistake."""
    for label, state, iterations, seed in cases:
        what = f"search on {label} ({iterations} iterations, seed {seed})"
        got = _search_rows(search, what, state, game, iterations, seed)
        if _same(got, reference_search(state, game, iterations, seed)):
            continue
        again = _rows(_call(search, what, state, game, iterations, seed), what)
        if not _same(got, again):
            raise GradingError(
                f"{what} gives different results for the same seed: use the rng it is given "
                "(rng.choice), not the module-level random"
            )
        for switch, message in MISTAKES:
            if _same(got, reference_search(state, game, iterations, seed, **{switch: True})):
                raise GradingError(f"{what}: {message}")
        if sum(row[1] for row in got) != iterations:
            raise GradingError(f"{what}: the root's children's N should add up to the iterations")
        raise GradingError(f"{what}: N or Q of a root child differs from the expected search")


BEST_MOVE_CASES: tuple[list[Row], ...] = (
    [("a", 10, 9.0), ("b", 30, 12.0), ("c", 5, -1.0)],
    [("a", 2, 2.0), ("b", 8, 4.0), ("c", 40, 30.0)],
)


def check_best_move(
    best_move: Callable[..., Any], cases: Sequence[list[Row]] = BEST_MOVE_CASES
) -> None:
    """``best_move`` returns the most visited child, not the one with the best mean."""
    for rows in cases:
        got = _call(best_move, "best_move(rows)", rows)
        if got == reference_best_move(rows):
            continue
        if got == max(rows, key=lambda row: row[2] / row[1])[0]:
            raise GradingError(
                "best_move picks the child with the best mean Q/N: play the most visited child "
                "(a mean over few visits can be high by luck)"
            )
        raise GradingError("best_move should return the move of the most visited child")


def check_converges(
    search: Callable[..., Any],
    best_move: Callable[..., Any],
    game: Any,
    cases: Sequence[tuple[str, Any, Any]],
    iterations: int = 1000,
) -> None:
    """With enough iterations the move chosen is the minimax move of each ``(label, state,
    move)``."""
    for label, state, expected in cases:
        what = f"search on {label} ({iterations} iterations)"
        rows = _search_rows(search, what, state, game, iterations, 0)
        chosen = _call(best_move, "best_move(rows)", rows)
        if chosen != expected:
            raise GradingError(
                f"{what} chooses {chosen!r}, not the minimax move {expected!r}: the visits do "
                "not concentrate on the best move"
            )


def unique_minimax_move(state: Any, game: Any) -> Any:
    """The one move of ``state`` that keeps the best minimax value (found by brute force).

    Convergence is only checked where the answer is not a matter of taste: a ``ValueError``
    says when several moves share the best value.
    """
    from gamekit.search import minimax_value

    player = game.to_move(state)
    values = {
        move: minimax_value(game.result(state, move), game, player) for move in game.actions(state)
    }
    best = [move for move, value in values.items() if value == max(values.values())]
    if len(best) != 1:
        raise ValueError(f"{len(best)} moves share the best value at\n{state}: {best}")
    return best[0]
