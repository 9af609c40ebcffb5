"""Checks for assignment 06 (negamax with alpha-beta on Quarto): ``negamax``, ``best_move``,
``counted_search`` and the move-ordering key ``quarto_order``.

The hidden tests pick Quarto positions near the end of the game (`random_positions`, built with
gamekit's Quarto before the student's code runs) and pass them to the ``check_*`` functions.
Each check calls the student's code once per position and question (every call is a round trip
to the student's kernel), with gamekit's engines swapped out, and compares with `reference`, a
plain negamax written here. `reference` can also reproduce each catalogued mistake, so a wrong
answer is named without printing the expected one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from gamekit.grading import (
    EngineForbidden,
    GradingError,
    default_forbidden,
    engines_swapped_out,
    require_number,
    require_plain,
    require_type,
)
from gamekit.quarto import Quarto, QuartoMove

GAME = Quarto()

EMPTY_WINDOW = (
    "gives the child an empty window (alpha above beta): the child's window must be negated "
    "and swapped, (-beta, -alpha); negating alone, (-alpha, -beta), or swapping alone, "
    "(beta, alpha), turns it inside out"
)

MISTAKES = {
    "no_negation": "does not negate the value a child returns (negamax: v = max(v, -child))",
    "window_not_swapped": (
        "does not swap and negate the window one ply down: the child's window is (-beta, -alpha)"
    ),
    "window_not_negated": EMPTY_WINDOW,
    "window_negated_not_swapped": EMPTY_WINDOW,
    "utility_of_x": (
        "scores a finished game for X at every leaf: the value is the utility of the player "
        "to move, game.utility(state, game.to_move(state))"
    ),
    "utility_of_mover": (
        "scores a finished game for the player who just moved, not for the player to move: "
        "use game.utility(state, game.to_move(state))"
    ),
    "first_give": (
        "ignores the piece-to-give part of the move: it tries only one piece to give per "
        "cell, but a move is (cell, give) and every pair in game.actions(state) counts"
    ),
}


# --------------------------------------------------------------------------------------------
# The reference, with switches that reproduce the catalogued mistakes
# --------------------------------------------------------------------------------------------


@dataclass
class Counts:
    """What one search counted: every position visited, and the cutoffs (see `reference`)."""

    nodes: int = 0
    cutoffs: int = 0
    interior: int = 0  # positions visited that were not finished games
    cutoffs_at_parent: int = 0  # children whose value made -value <= alpha at their parent
    partial_cutoffs: int = 0  # cutoffs that left at least one move unsearched


def reference(
    state: Any,
    game: Any = GAME,
    alpha: float = -math.inf,
    beta: float = math.inf,
    *,
    order: Callable[[Any, Any, Any], Any] | None = None,
    mistake: str | None = None,
    counts: Counts | None = None,
) -> tuple[float, Any]:
    """``(value, first best move)`` of negamax with alpha-beta, fail-soft, for the player to move.

    Counting (into ``counts``), as the notebook defines it: a *node* is each position the search
    visits (each call), counted on entry, before the terminal test, root and finished games
    included; a *cutoff* is counted at the node whose loop stops because ``v >= beta`` (once per
    such node). ``mistake`` names one of `MISTAKES` to reproduce it.
    """
    counts = Counts() if counts is None else counts

    def moves_of(state: Any) -> list[Any]:
        moves = list(game.actions(state))
        if order is not None:
            moves.sort(key=lambda move: order(game, state, move))
        if mistake == "first_give":
            first: dict[Any, Any] = {}
            for move in moves:
                first.setdefault(move.cell, move)
            moves = list(first.values())
        return moves

    def value(state: Any, alpha: float, beta: float) -> tuple[float, Any]:
        counts.nodes += 1
        mover = game.to_move(state)
        if game.terminal_test(state):
            if mistake == "utility_of_x":
                return game.utility(state, "X"), None
            if mistake == "utility_of_mover":
                return game.utility(state, "O" if mover == "X" else "X"), None
            return game.utility(state, mover), None
        counts.interior += 1
        moves = moves_of(state)
        v, best = -math.inf, None
        for index, move in enumerate(moves):
            if mistake == "window_not_swapped":
                child, _ = value(game.result(state, move), alpha, beta)
            elif mistake == "window_negated_not_swapped":
                child, _ = value(game.result(state, move), -alpha, -beta)
            elif mistake == "window_not_negated":
                child, _ = value(game.result(state, move), beta, alpha)
            else:
                child, _ = value(game.result(state, move), -beta, -alpha)
            mine = child if mistake == "no_negation" else -child
            if mine <= alpha:
                counts.cutoffs_at_parent += 1
            if mine > v:
                v, best = mine, move
            if v >= beta:
                counts.cutoffs += 1
                counts.partial_cutoffs += index < len(moves) - 1
                break
            alpha = max(alpha, v)
        return v, best

    return value(state, alpha, beta)


def reference_stats(state: Any, order: Callable[[Any, Any, Any], Any] | None = None) -> dict:
    """What the notebook's ``counted_search`` returns, by `reference`: a dict with the keys
    ``'value'``, ``'move'``, ``'nodes'`` and ``'cutoffs'``.

    >>> stats = reference_stats(random_positions(4, 1, seed=1)[0].state)
    >>> sorted(stats), stats["nodes"] > stats["cutoffs"] > 0
    (['cutoffs', 'move', 'nodes', 'value'], True)
    """
    counts = Counts()
    value, move = reference(state, order=order, counts=counts)
    return {"value": value, "move": move, "nodes": counts.nodes, "cutoffs": counts.cutoffs}


def reference_order(game: Any, state: Any, move: Any) -> int:
    """The notebook's ordering key: 0 for a placement that wins, 2 for a move that hands the
    opponent a piece it can win with at once, 1 for any other move (lower is tried first)."""
    after = game.result(state, move)
    if game.terminal_test(after):
        return 0 if after.winner is not None else 1
    return 2 if _wins_now(game, after) else 1


def _wins_now(game: Any, state: Any) -> list[Any]:
    """The moves that end the game by a win at ``state`` (a placement with nothing to give)."""
    return [m for m in game.actions(state) if game.result(state, m).winner is not None]


# --------------------------------------------------------------------------------------------
# Positions for the hidden tests
# --------------------------------------------------------------------------------------------


class Position(NamedTuple):
    """A position for a check, with a label that says what kind of position it is."""

    label: str
    state: Any


def random_positions(empty: int, count: int, seed: int) -> list[Position]:
    """``count`` unfinished Quarto positions with ``empty`` empty cells, reached by random play
    from the start (reproducible by ``seed``), where the piece in hand cannot win at once (so
    the search has something to find)."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        state = GAME.initial
        while not GAME.terminal_test(state) and state.cells.count(None) > empty:
            state = GAME.result(state, rng.choice(GAME.actions(state)))
        if not GAME.terminal_test(state) and not _wins_now(GAME, state):
            label = f"a position with {empty} empty cells (seed {seed}, number {len(found) + 1})"
            found.append(Position(label, state))
    return found


# --------------------------------------------------------------------------------------------
# Running student code
# --------------------------------------------------------------------------------------------


def forbidden_functions(ordering: bool = False) -> tuple[Callable[..., Any], ...]:
    """gamekit's search engines (negamax_search among them) and this module's reference: the
    student writes their own. With ``ordering``, the reference ordering key too (it is passed
    to the student's counted_search in the other checks, so it is only forbidden here)."""
    from gamekit.negamax import _search, negamax_search

    own = (reference, reference_stats) + ((reference_order,) if ordering else ())
    return (*default_forbidden(), negamax_search, _search, *own)


def _call(
    function: Callable[..., Any],
    what: str,
    where: str,
    *args: Any,
    ordering: bool = False,
    **kwargs: Any,
) -> Any:
    """Call student code with gamekit's engines swapped out; explain any error it raises."""
    try:
        with engines_swapped_out(*forbidden_functions(ordering)):
            return function(*args, **kwargs)
    except EngineForbidden as error:
        raise GradingError(f"{what} calls gamekit's own code: {error}") from None
    except GradingError:
        raise
    except Exception as error:
        raise GradingError(f"{what} raised {type(error).__name__}: {error} (on {where})") from None


def _clamped(value: float, alpha: float, beta: float) -> float:
    return min(max(value, alpha), beta)


def _diagnose(answers: Sequence[tuple[Any, float, float, float]]) -> str | None:
    """The catalogued mistake that gives every ``(state, alpha, beta, got)`` of ``answers``
    (fail-soft or fail-hard), if any."""
    for name, explanation in MISTAKES.items():
        for state, alpha, beta, got in answers:
            wrong, _ = reference(state, GAME, alpha, beta, mistake=name)
            if got in (wrong, _clamped(wrong, alpha, beta)):
                continue
            wrong_value, _ = reference(state, GAME, mistake=name)
            if not _within(got, wrong_value, alpha, beta):
                break
        else:
            return explanation
    return None


def _within(got: float, true: float, alpha: float, beta: float) -> bool:
    """Is ``got`` a right answer of a search with window [alpha, beta] whose true value is
    ``true``? Exact inside the window; outside, any bound on the right side (fail-soft or
    fail-hard both pass)."""
    if alpha < true < beta:
        return got == true
    if true <= alpha:
        return true <= got <= alpha
    return beta <= got <= true


def _show(x: float) -> str:
    return "inf" if x == math.inf else "-inf" if x == -math.inf else f"{x:g}"


def check_negamax(
    negamax: Callable[..., Any],
    positions: Sequence[Position],
    windows: Sequence[tuple[float, float]] = ((-math.inf, math.inf),),
) -> None:
    """``negamax(state, game, alpha, beta)`` is right on every position and window: the exact
    value inside the window, a bound on the right side outside it (fail-soft or fail-hard)."""
    what = "negamax(state, game, alpha, beta)"
    answers, wrong = [], None
    for position in positions:
        true, _ = reference(position.state)
        for alpha, beta in windows:
            where = f"{position.label}, window ({_show(alpha)}, {_show(beta)})"
            got = _call(negamax, what, where, position.state, GAME, alpha, beta)
            got = require_number(got, f"{what} on {where}")
            answers.append((position.state, alpha, beta, got))
            if wrong is None and not _within(got, true, alpha, beta):
                wrong = (where, alpha < true < beta)
    if wrong is None:
        return
    where, inside = wrong
    mistake = _diagnose(answers)
    if mistake:
        raise GradingError(f"negamax {mistake} (first wrong on {where})")
    should = (
        "the exact value (it lies inside the window)"
        if inside
        else "a bound: at most alpha when the value is at most alpha, at least beta when it is "
        "at least beta"
    )
    raise GradingError(f"negamax returns a wrong value on {where}: it should return {should}")


# --------------------------------------------------------------------------------------------
# best_move and counted_search
# --------------------------------------------------------------------------------------------


def _as_move(value: Any, what: str) -> tuple[Any, Any]:
    """``(cell, give)`` of a move the student returned (a QuartoMove, here or in their kernel)."""
    from gamekit.grading.remote import RemoteRef

    if isinstance(value, RemoteRef):
        if value.remote_type != "QuartoMove":
            raise GradingError(f"{what} should be a QuartoMove, got a {value.remote_type}")
        cell, give = value.cell, value.give
    elif type(value) in (QuartoMove, tuple) and len(value) == 2:
        cell, give = value
    else:
        raise GradingError(f"{what} should be a QuartoMove (cell, give), got {value!r}")
    require_plain((cell, give), what)
    return cell, give


def _compare_moves(got: tuple[Any, Any], expected: Any, state: Any, what: str, where: str) -> None:
    """Name what is wrong with a move that is not the first best one."""
    if got == tuple(expected):
        return
    if got not in [tuple(m) for m in GAME.actions(state)]:
        raise GradingError(
            f"{what} is not a legal move on {where}: pick one of game.actions(state)"
        )
    if got[0] == expected.cell:
        raise GradingError(
            f"{what} places on the right cell but gives the wrong piece on {where}: the piece "
            "to give is part of the move, and giving the wrong one can hand the opponent a win"
        )
    after = GAME.result(state, QuartoMove(*got))
    value, _ = reference(after)
    best, _ = reference(state)
    if -value == best:
        raise GradingError(
            f"{what} is a best move but not the first one in game.actions(state) order on "
            f"{where}: replace the best move only when a move is strictly better (v > best)"
        )
    raise GradingError(f"{what} is not a best move on {where}")


def check_best_move(best_move: Callable[..., Any], positions: Sequence[Position]) -> None:
    """``best_move(state, game)`` returns ``(value, move)``: the value for the player to move
    and the first best move in ``game.actions(state)`` order."""
    what = "best_move(state, game)"
    for position in positions:
        got = _call(best_move, what, position.label, position.state, GAME)
        if type(got) is not tuple or len(got) != 2:
            raise GradingError(f"{what} should return a pair (value, move), got {got!r}")
        value = require_number(got[0], f"the value of {what} on {position.label}")
        true, expected = reference(position.state)
        if value != true:
            mistake = _diagnose([(position.state, -math.inf, math.inf, value)])
            detail = f": it {mistake}" if mistake else ""
            raise GradingError(f"the value of {what} is wrong on {position.label}{detail}")
        move = _as_move(got[1], f"the move of {what} on {position.label}")
        _compare_moves(move, expected, position.state, f"the move of {what}", position.label)


STAT_KEYS = ("value", "move", "nodes", "cutoffs")


def _stats_of(
    counted_search: Callable[..., Any], position: Position, order: Any, ordering: bool = False
) -> dict:
    what = "counted_search(state, game, order)"
    where, state = position.label, position.state
    if order is None:
        got = _call(counted_search, what, where, state, GAME, ordering=ordering)
    else:
        got = _call(counted_search, what, where, state, GAME, order=order, ordering=ordering)
    require_type(got, dict, f"{what} on {position.label}")
    if set(got) != set(STAT_KEYS):
        raise GradingError(
            f"counted_search should return a dict with exactly the keys {list(STAT_KEYS)}, got "
            f"{sorted(map(str, got))}"
        )
    for key in ("nodes", "cutoffs"):
        require_type(got[key], int, f"counted_search(...)[{key!r}] on {position.label}")
    require_number(got["value"], f"counted_search(...)['value'] on {position.label}")
    return got


def check_counted_search(
    counted_search: Callable[..., Any],
    positions: Sequence[Position],
    order: Callable[[Any, Any, Any], Any] | None = None,
) -> None:
    """``counted_search(state, game, order=order)`` returns the value, the first best move and
    the numbers of nodes and cutoffs the reference counts (see `reference`)."""
    ordered = "" if order is None else " with the ordering key"
    for position in positions:
        where = position.label + ordered
        got = _stats_of(counted_search, position, order)
        counts = Counts()
        true, expected = reference(position.state, order=order, counts=counts)
        plain = Counts()
        reference(position.state, counts=plain)
        if got["value"] != true:
            mistake = _diagnose([(position.state, -math.inf, math.inf, got["value"])])
            detail = f": it {mistake}" if mistake else ""
            raise GradingError(f"counted_search(...)['value'] is wrong on {where}{detail}")
        move = _as_move(got["move"], f"counted_search(...)['move'] on {where}")
        _compare_moves(move, expected, position.state, "counted_search(...)['move']", where)
        if got["nodes"] != counts.nodes:
            if got["nodes"] == counts.interior:
                raise GradingError(
                    f"counted_search counts nodes after the terminal test on {where}: finished "
                    "games are nodes too; count each position on entry, before the test"
                )
            if order is not None and (got["nodes"], got["cutoffs"]) == (plain.nodes, plain.cutoffs):
                raise GradingError(
                    f"counted_search ignores `order` on {where}: sort the moves with "
                    "key=lambda move: order(game, state, move) before the loop"
                )
            raise GradingError(
                f"counted_search(...)['nodes'] is wrong on {where}: count one node per "
                "position visited (each call), the root and finished games included"
            )
        if got["cutoffs"] != counts.cutoffs:
            if got["cutoffs"] == counts.cutoffs_at_parent:
                raise GradingError(
                    f"counted_search counts cutoffs at the parent (when -value <= alpha after a "
                    f"child returns) on {where}: count a cutoff at the node whose own loop stops "
                    "because v >= beta"
                )
            if got["cutoffs"] == counts.partial_cutoffs:
                raise GradingError(
                    f"counted_search counts only the cutoffs that left a move unsearched on "
                    f"{where}: count every loop stopped by v >= beta, even after the last move"
                )
            raise GradingError(
                f"counted_search(...)['cutoffs'] is wrong on {where}: count one cutoff each "
                "time a node's loop stops because v >= beta"
            )


def check_ordering(
    quarto_order: Callable[..., Any],
    counted_search: Callable[..., Any],
    positions: Sequence[Position],
    at_most: float = 0.5,
) -> None:
    """With ``order=quarto_order``, the student's ``counted_search`` finds the same values and
    visits at most ``at_most`` of the nodes it visits without ordering, over all ``positions``."""
    plain = ordered = 0
    for position in positions:
        true, _ = reference(position.state)
        without = _stats_of(counted_search, position, None, ordering=True)
        with_order = _stats_of(counted_search, position, quarto_order, ordering=True)
        if with_order["value"] != true or without["value"] != true:
            raise GradingError(
                f"counted_search's value is wrong on {position.label} (with or without "
                "quarto_order): ordering must change only how fast the value is found"
            )
        plain += without["nodes"]
        ordered += with_order["nodes"]
    if ordered > at_most * plain:
        raise GradingError(
            f"with quarto_order the search visited {ordered:,} nodes against {plain:,} without: "
            f"good ordering should need at most {at_most:.0%} of them; try the moves that win "
            "first, and last the moves that hand the opponent a piece it can win with"
        )
