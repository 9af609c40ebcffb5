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
from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass, fields
from typing import Any, NamedTuple, NoReturn

from gamekit.checks import (
    EngineForbidden,
    GradingError,
    default_forbidden,
    engines_swapped_out,
    require_number,
    require_plain,
    require_type,
    shown,
)
from gamekit.checks.mutants import Catalogued, unforbidden
from gamekit.quarto import Quarto, QuartoMove, QuartoState, piece_name

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

    def add(self, other: Counts) -> None:
        """Adds what ``other`` counted to these counts."""
        for field in fields(self):
            setattr(self, field.name, getattr(self, field.name) + getattr(other, field.name))


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

    Answers are remembered (`_SOLVED`) for the course's own game, states and ordering key: the
    checks ask for the same position's value once per window, probe and check.
    """
    remembered = (
        game is GAME and type(state) is QuartoState and (order is None or order is reference_order)
    )
    key = (state, alpha, beta, order is None, mistake)
    if remembered and key in _SOLVED:
        value, move, seen = _SOLVED[key]
    else:
        seen = Counts()
        value, move = _search(state, game, alpha, beta, order, mistake, seen)
        if remembered:
            _SOLVED[key] = (value, move, seen)
    if counts is not None:
        counts.add(seen)
    return value, move


_SOLVED: dict[tuple[Any, ...], tuple[float, Any, Counts]] = {}
"""`reference`'s answers by (position, alpha, beta, unordered, mistake). Only trusted objects go
in: the course's `GAME`, states of exactly `QuartoState`, no key but `reference_order`."""


def _search(
    state: Any,
    game: Any,
    alpha: float,
    beta: float,
    order: Callable[[Any, Any, Any], Any] | None,
    mistake: str | None,
    counts: Counts,
) -> tuple[float, Any]:
    """`reference`'s search itself, counting into ``counts``."""

    def moves_of(state: Any) -> list[Any]:
        moves = list(game.actions(state))
        if order is not None:
            keys = _keys(order, game, state, moves)
            moves = [moves[i] for i in sorted(range(len(moves)), key=keys.__getitem__)]
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


def _keys(order: Callable[..., Any], game: Any, state: Any, moves: list[Any]) -> list[Any]:
    """``order``'s key for each of ``moves``: all at once if it can (`_StudentKey.keys_of`
    asks the student's kernel in one round trip), else one call per move."""
    keys_of = getattr(order, "keys_of", None)
    if keys_of is not None:
        return keys_of(game, state, moves)
    return [order(game, state, move) for move in moves]


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


KINDS = (
    "won",
    "drawn",
    "last cell, value 1",
    "last cell, value 0",
    "wins at once",
    "no safe piece",
    "value 1",
    "value 0",
    "value -1",
)
"""The kinds of position of `every_kind_positions`, in its order."""


def _kind(state: Any, empty: int, found: Container[str] = ()) -> str | None:
    """Which kind of `every_kind_positions` ``state`` is, if any (``empty``: of the last three).
    Kinds already in ``found`` are not looked for again, where that costs a search."""
    if GAME.terminal_test(state):
        return "won" if state.winner is not None else "drawn"
    if state.cells.count(None) == 1:
        return f"last cell, value {reference(state)[0]:g}"
    if _wins_now(GAME, state):
        return "wins at once"
    if "no safe piece" not in found and all(
        reference_order(GAME, state, move) == 2 for move in GAME.actions(state)
    ):
        return "no safe piece"
    if state.cells.count(None) == empty and not {"value 1", "value 0", "value -1"} <= set(found):
        return f"value {reference(state)[0]:g}"
    return None


def every_kind_positions(seed: int, empty: int = 5, public: bool = False) -> list[Position]:
    """Nine positions reached by random play (reproducible by ``seed``), one of each kind
    (`KINDS`): a finished game won by a line, a finished game drawn (a full board), one empty
    cell left where the last placement wins and one where it draws, the piece in hand wins at
    once, every move hands the opponent a piece that wins at once, and three positions with
    ``empty`` empty cells whose values for the player to move are 1, 0 and -1 (where the piece
    in hand cannot win at once). A kind this seed does not meet is left out. ``public``: each
    label shows the board (a probe, whose right answers a message may show); otherwise the
    label says only what anyone sees and how to rebuild the position."""
    rng = random.Random(seed)
    found: dict[str, Any] = {}
    for _ in range(20_000):
        target = rng.choice((0, 1, empty - 1, empty, empty))
        state = GAME.initial
        while not GAME.terminal_test(state) and state.cells.count(None) > target:
            state = GAME.result(state, rng.choice(GAME.actions(state)))
        kind = _kind(state, empty, found)
        if kind is not None:
            found.setdefault(kind, state)
        if len(found) == len(KINDS):
            break
    positions = []
    for kind in KINDS:
        if kind not in found:  # not met with this seed: the list is shorter, never wrong
            continue
        state = found[kind]
        rebuild = f"every_kind_positions(seed={seed}, empty={empty})[{len(positions)}]"
        label = _public_label(state) if public else f"{_describe(state)} ({rebuild})"
        positions.append(Position(label, state))
    return positions


def _describe(state: Any) -> str:
    """What anyone sees of ``state``: a finished game (won, or drawn), or its empty cells."""
    if GAME.terminal_test(state):
        return (
            f"a finished game won by {state.winner}"
            if state.winner is not None
            else "a finished game drawn (a full board)"
        )
    empty = state.cells.count(None)
    return f"a position with {empty} empty {'cell' if empty == 1 else 'cells'}"


def _public_label(state: Any) -> str:
    """The board of a public probe, in words a message can show."""
    rows = " / ".join(state.rows())
    if GAME.terminal_test(state):
        said = f"won by {state.winner}" if state.winner is not None else "drawn"
        return f"the finished game {rows} ({said}; {GAME.to_move(state)} to move)"
    empty = state.cells.count(None)
    cells = "cell" if empty == 1 else "cells"
    return f"the position {rows} ({piece_name(state.to_place)} to place; {empty} empty {cells})"


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
        raise GradingError(f"{what} calls gamekit's own code: {error}", code="forbidden") from None
    except GradingError:
        raise
    except Exception as error:
        raise GradingError(
            f"{what} raised {type(error).__name__}: {error} (on {where})",
            code=f"raised:{what.split('(')[0]}",
        ) from None


def _clamped(value: float, alpha: float, beta: float) -> float:
    return min(max(value, alpha), beta)


def _diagnose(answers: Sequence[tuple[Any, float, float, float]]) -> str | None:
    """The name of the catalogued mistake that gives every ``(state, alpha, beta, got)`` of
    ``answers`` (fail-soft or fail-hard), if any."""
    for name in MISTAKES:
        for state, alpha, beta, got in answers:
            wrong, _ = reference(state, GAME, alpha, beta, mistake=name)
            if got in (wrong, _clamped(wrong, alpha, beta)):
                continue
            wrong_value, _ = reference(state, GAME, mistake=name)
            if not _within(got, wrong_value, alpha, beta):
                break
        else:
            return name
    return None


def _confirmed(
    negamax: Callable[..., Any], name: str, witnessed: tuple[Any, float, float, float]
) -> bool:
    """Whether ``negamax`` still answers as the mistake ``name`` when asked again: the call of
    the witness repeated (a function of the position and window gives the same answer), then
    the full window on every position one move away, each compared with the mistake's own
    search of that position. A negamax whose answers depend on earlier calls (a table kept
    between them, under a key that mixes positions up) can fit a mistake on every probe while
    not being that mistake; then no name is given, and the witness stands alone."""
    state, alpha, beta, got = witnessed
    what = "negamax(state, game, alpha, beta)"
    calls = [(state, alpha, beta, got)]
    for move in GAME.actions(state):
        child = GAME.result(state, move)
        calls.append((child, -math.inf, math.inf, reference(child, mistake=name)[0]))
    try:
        for position, low, high, expected in calls:
            answer = _call(negamax, what, "a position", position, GAME, low, high)
            if type(answer) not in (int, float) or answer != expected:
                return False
    except GradingError:  # an error while confirming: no name, the witness stands
        return False
    return True


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


PROBE_WINDOWS = ((-math.inf, math.inf), (-0.5, 0.5), (0.5, math.inf), (-math.inf, -0.5))
"""The windows of the probes: the full one, and ones the value lies inside, above or below."""


def negamax_probes() -> list[Position]:
    """Small public positions, smallest first (1 to 4 empty cells, two of each): the ladder on
    which a wrong negamax is shown with the value it should have found."""
    probes = []
    for empty in (1, 2, 3, 4):
        for position in random_positions(empty, 2, seed=900 + empty):
            rows = " / ".join(position.state.rows())
            to_place = piece_name(position.state.to_place)
            cells = "cell" if empty == 1 else "cells"
            label = f"the position {rows} ({to_place} to place; {empty} empty {cells})"
            probes.append(Position(label, position.state))
    return probes


def _should(true: float, alpha: float, beta: float, got: float | None = None) -> str:
    """What a search with window (alpha, beta) must return when the value is ``true``; with
    ``got``, an answer on the window's side but past the value is said to be no bound."""
    if alpha < true < beta:
        return f"exactly {_show(true)}, its value for the player to move (inside the window)"
    if true <= alpha:
        said = (
            f"at most alpha = {_show(alpha)}: its value for the player to move is "
            f"{_show(true)}, at or below the window"
        )
        past = got is not None and got < true
    else:
        said = (
            f"at least beta = {_show(beta)}: its value for the player to move is {_show(true)}, "
            "at or above the window"
        )
        past = got is not None and got > true
    if past:
        low, high = sorted((true, alpha if true <= alpha else beta))
        said += (
            f"; {_show(got)} is past that value, which no bound may pass: return a number from "
            f"{_show(low)} to {_show(high)}"
        )
    return said


def check_negamax(
    negamax: Callable[..., Any],
    positions: Sequence[Position],
    windows: Sequence[tuple[float, float]] = ((-math.inf, math.inf),),
) -> None:
    """``negamax(state, game, alpha, beta)`` is right on the public probes, then on every
    position and window: the exact value inside the window, a bound on the right side outside
    it (fail-soft or fail-hard). A wrong answer on a probe is shown with the value it should
    have been; one on another position is not. A catalogued mistake is named only if it gives
    every answer seen, probes and other positions alike, and still does when asked again
    (`_confirmed`)."""
    what = "negamax(state, game, alpha, beta)"
    answers: list[tuple[Any, float, float, float]] = []
    witness = None
    cases = [(p, w, True) for p in negamax_probes() for w in PROBE_WINDOWS]
    cases += [(p, w, False) for p in positions for w in windows]
    for position, (alpha, beta), public in cases:
        where = f"{position.label}, window ({_show(alpha)}, {_show(beta)})"
        got = _call(negamax, what, where, position.state, GAME, alpha, beta)
        got = require_number(got, f"{what} on {where}")
        answers.append((position.state, alpha, beta, got))
        true, _ = reference(position.state)
        if witness is None and not _within(got, true, alpha, beta):
            witnessed = (position.state, alpha, beta, got)
            if public:
                said = f"on {where} negamax returned {_show(got)}; it should return "
                witness = (said + _should(true, alpha, beta, got), where, got, public)
            else:
                said = (
                    f"on {where} negamax returned {_show(got)}, which is wrong (not a probe, so "
                    "its answer is not shown; every probe was right)"
                )
                witness = (said, where, got, public)
    if witness is None:
        return
    said, where, got, public = witness
    name = _diagnose(answers)
    if name is not None and not _confirmed(negamax, name, witnessed):
        name = None
    evidence = {"step": "negamax", "input": where, "got": repr(got)}
    if name is not None:
        raise GradingError(
            f"negamax {MISTAKES[name]} ({said})", code=f"a06.{name}", evidence=evidence
        )
    code = "witness:negamax" if public else "hidden:negamax"
    raise GradingError(said, code=code, evidence=evidence)


# --------------------------------------------------------------------------------------------
# negamax called again and again: window sequences, orders of positions (tables, hidden state)
# --------------------------------------------------------------------------------------------

SEQUENCE_WINDOWS = (
    (0.5, math.inf),
    (-math.inf, -0.5),
    (0, 1),
    (-1, 0),
    (1, 2),
    (-2, -1),
    (-0.5, 0.5),
)
"""The narrow windows a sequence tries before the full one, in this order: one-sided windows
above and below a draw (a fail-soft search may return a bound that is not the value), the null
windows on both sides of each value a position can have (-1, 0 and 1), and an aspiration window
around a draw."""


class Call(NamedTuple):
    """One call of a sequence: ``negamax(position, game, alpha, beta)``; ``name`` is how the
    message calls the position ("A", "B", "A after (place on (2, 3), give LRSF)")."""

    name: str
    position: Position
    alpha: float
    beta: float


def call_sequences(
    positions: Sequence[Position], parents: int = 2
) -> list[tuple[list[Call], dict[str, str]]]:
    """The sequences of calls of `check_negamax_calls`, each with its legend (name -> label):

    - by pairs of ``positions`` (A, B): each window of `SEQUENCE_WINDOWS` on A, then on B; then
      the full window on B, then on A (narrow windows first, then the wide one; the positions
      alternate, and the last two calls take them in the other order); the last position of an
      odd number alone, each window then the full one;
    - for the first ``parents`` unfinished positions with at least 3 empty cells: the full
      window on the position, then on every position one move away, in the reverse of
      ``game.actions`` order (the positions the first search met with narrower windows)."""
    sequences = []
    full = (-math.inf, math.inf)
    for first, second in zip(positions[::2], positions[1::2], strict=False):
        calls = [Call(n, p, *w) for w in SEQUENCE_WINDOWS for n, p in (("A", first), ("B", second))]
        calls += [Call("B", second, *full), Call("A", first, *full)]
        sequences.append((calls, {"A": first.label, "B": second.label}))
    if len(positions) % 2:  # the last one alone
        alone = positions[-1]
        calls = [Call("A", alone, *window) for window in (*SEQUENCE_WINDOWS, full)]
        sequences.append((calls, {"A": alone.label}))
    chosen = [
        p for p in positions if not GAME.terminal_test(p.state) and p.state.cells.count(None) >= 3
    ][:parents]
    for parent in chosen:
        calls = [Call("A", parent, *full)]
        for move in reversed(GAME.actions(parent.state)):
            child = Position(f"{parent.label}, after {move}", GAME.result(parent.state, move))
            calls.append(Call(f"A after ({move})", child, *full))
        sequences.append((calls, {"A": parent.label}))
    return sequences


def call_probes() -> list[Position]:
    """Public positions for `check_negamax_calls`, one of each kind (`every_kind_positions`,
    4 empty cells where the kind allows): the ladder on which a wrong answer is shown with the
    course's."""
    return every_kind_positions(seed=993, empty=4, public=True)


def _said_call(call: Call, got: float | None = None) -> str:
    said = f"negamax({call.name}, game, {_show(call.alpha)}, {_show(call.beta)})"
    return said if got is None else f"{said} returned {_show(got)}"


def _sequence_failure(
    calls: list[Call],
    answers: list[float],
    legend: dict[str, str],
    public: bool,
    earlier: dict[tuple[Any, float, float], float],
) -> GradingError:
    """The message for a sequence whose last call's answer is wrong: the calls in order, what
    each returned, and (on a public probe) what the course's negamax returns on the last."""
    last, got = calls[-1], answers[-1]
    true, _ = reference(last.position.state)
    listed = "; ".join(_said_call(c, a) for c, a in zip(calls, answers, strict=True))
    said = (
        "negamax was called in this order (after the earlier calls of this test and of the "
        "tests above, not listed): "
        f"{listed}. "
    )
    if public:
        fresh, _ = reference(last.position.state, GAME, last.alpha, last.beta)
        said += (
            f"The course's negamax, searching {last.name} afresh with the window "
            f"({_show(last.alpha)}, {_show(last.beta)}), returns {_show(fresh)}; the last "
            f"answer should be {_should(true, last.alpha, last.beta, got)}."
        )
    else:
        said += (
            "The last answer is wrong (not a probe, so its answer is not shown; every sequence "
            "on the probes was right)."
        )
    before = earlier.get((last.position.state, last.alpha, last.beta))
    if before is not None and before != got:
        said += f" The same call returned {_show(before)} earlier in this test."
    names = [n for n in legend if any(c.name == n or c.name.startswith(f"{n} ") for c in calls)]
    said += " " + "; ".join(f"{n} is {legend[n]}" for n in names) + "."
    evidence = {
        "step": "negamax",
        "input": _said_call(last),
        "got": repr(got),
        "calls": [[c.name, c.position.label, _show(c.alpha), _show(c.beta)] for c in calls],
        "answers": [repr(a) for a in answers],
    }
    code = "witness:negamax" if public else "hidden:negamax"
    return GradingError(said, code=code, evidence=evidence)


def check_negamax_calls(
    negamax: Callable[..., Any], positions: Sequence[Position], parents: int = 1
) -> None:
    """``negamax`` answers right whatever was asked before: on public probes of every kind
    (`call_probes`, three of them as parents), then on ``positions`` (``parents`` of them), the
    sequences of `call_sequences` (narrow windows then the full one, null windows around every
    value, re-searches, positions in alternating and reversed orders, a position then the
    positions one move away), every answer compared with the course's search of that position
    and window afresh. A negamax that keeps a table between calls must store and use bounds as
    bounds, under a key that tells positions apart.

    A failure lists the calls of its sequence in order with what each returned; on a public
    probe, with what the course's negamax returns on the last call. If the same call returned
    something else earlier in this test, the message says so (only what was seen)."""
    earlier: dict[tuple[Any, float, float], float] = {}
    values: dict[Any, float] = {}  # the course's value of each position met
    for public, group in ((True, call_probes()), (False, list(positions))):
        for calls, legend in call_sequences(group, parents=3 if public else parents):
            answers: list[float] = []
            for index, call in enumerate(calls):
                where = f"{call.position.label}, window ({_show(call.alpha)}, {_show(call.beta)})"
                what = "negamax(state, game, alpha, beta)"
                got = _call(negamax, what, where, call.position.state, GAME, call.alpha, call.beta)
                got = require_number(got, f"{what} on {where}")
                answers.append(got)
                state = call.position.state
                if state not in values:
                    values[state] = reference(state)[0]
                if not _within(got, values[state], call.alpha, call.beta):
                    raise _sequence_failure(calls[: index + 1], answers, legend, public, earlier)
                earlier.setdefault((call.position.state, call.alpha, call.beta), got)


# --------------------------------------------------------------------------------------------
# best_move and counted_search
# --------------------------------------------------------------------------------------------


def _as_move(value: Any, what: str) -> tuple[Any, Any]:
    """``(cell, give)`` of a move the student returned (a QuartoMove, here or in their kernel)."""
    from gamekit.checks.remote import RemoteRef

    if isinstance(value, RemoteRef):
        if value.remote_type != "QuartoMove":
            raise GradingError(
                f"{what} should be a QuartoMove, got a {value.remote_type}", code="wrong_type"
            )
        cell, give = value.cell, value.give
    elif type(value) in (QuartoMove, tuple) and len(value) == 2:
        cell, give = value
    else:
        raise GradingError(
            f"{what} should be a QuartoMove (cell, give), got {value!r}", code="wrong_type"
        )
    require_plain((cell, give), what)
    return cell, give


def _compare_moves(got: tuple[Any, Any], expected: Any, state: Any, what: str, where: str) -> None:
    """Say what is wrong with a move that is not the first best one, from what was checked."""
    if got == tuple(expected):
        return
    if got not in [tuple(m) for m in GAME.actions(state)]:
        raise GradingError(
            f"{what} is not a legal move on {where}: pick one of game.actions(state)",
            code="a06.illegal_move",
        )
    after = GAME.result(state, QuartoMove(*got))
    value, _ = reference(after)
    best, _ = reference(state)
    if -value == best:
        raise GradingError(
            f"{what} is a best move but not the first best one in game.actions(state) order on "
            f"{where}: return the first, keeping a move only when a later one is strictly "
            "better (v > best)",
            code="a06.not_first_best",
        )
    if got[0] == expected.cell:
        raise GradingError(
            f"{what} is not a best move on {where}: its cell is right but the piece it gives "
            "is not (the piece to give is part of the move)",
            code="a06.wrong_give",
        )
    raise GradingError(f"{what} is not a best move on {where}", code="a06.not_a_best_move")


class CourseNegamax:
    """Stands in for the notebook's ``negamax(state, game, alpha, beta)`` while ``best_move`` is
    graded. It answers as a right negamax may, and no more kindly: the exact value (for the
    player to move) that the course's search found when it lies strictly inside the window, the
    window's own bound when it does not (fail-hard, which the definition allows). So a
    ``best_move`` that asks with a window its answer cannot be read from goes as wrong as it
    would with any right negamax. It knows only the positions it was given: the one
    ``best_move`` is asked about and every position one move away (they are computed by the
    grader, so no search is sent to the student's kernel)."""

    def __init__(self, values: dict[Any, float]) -> None:
        self.values = values

    def __call__(
        self, state: Any, game: Any = None, alpha: float = -math.inf, beta: float = math.inf
    ) -> float:
        try:
            value = self.values[state]
        except (KeyError, TypeError):
            raise LookupError(
                "while best_move is graded, negamax is the course's and knows the values of "
                "the position best_move is given and of the positions one move away only; "
                "best_move called it on another position"
            ) from None
        if value <= alpha:
            return alpha
        return beta if value >= beta else value


def course_negamax(state: Any) -> CourseNegamax:
    """The course's negamax for grading ``best_move`` at ``state`` (see `CourseNegamax`)."""
    values = {state: reference(state)[0]}
    for move in GAME.actions(state):
        child = GAME.result(state, move)
        values[child] = reference(child)[0]
    return CourseNegamax(values)


def _own_negamax_note(best_move: Callable[..., Any], position: Position, expected: Any) -> None:
    """Print a note when ``best_move``, right with the course's negamax, answers otherwise with
    the notebook's own negamax on ``position`` (only what was seen; it points to Part 1)."""
    value, move = expected
    try:
        got = _call(best_move, "best_move(state, game)", position.label, position.state, GAME)
        same = (
            type(got) is tuple
            and len(got) == 2
            and got[0] == value
            and _as_move(got[1], "the move") == tuple(move)
        )
    except Exception as error:  # noqa: BLE001 - a note never fails the cell
        if isinstance(error, NotImplementedError) or "NotImplementedError" in str(error):
            seen = "your negamax is not answered yet"
        else:
            seen = f"with your own negamax it stops: {error}"
    else:
        if same:
            return
        seen = "with your own negamax its answer differs"
    print(
        "Note: this cell runs your best_move with the course's negamax in place of yours, and "
        f"it is right; on {position.label} {seen}. See Part 1 (negamax), which has its own tests."
    )


def check_best_move(
    best_move: Callable[..., Any], positions: Sequence[Position], *, note: bool = True
) -> list[tuple[float, QuartoMove]]:
    """``best_move(state, game)`` returns ``(value, move)``: the value for the player to move
    and the first best move in ``game.actions(state)`` order. Every call runs with the course's
    negamax in place of the notebook's (`course_negamax`), so this cell judges best_move only;
    with ``note``, a best_move that answers otherwise with the notebook's own negamax on the
    first of ``positions`` gets a printed note that points to Part 1. Returns the answers on
    ``positions``, each ``(value, move)``, as checked."""
    from gamekit.checks.evidence import standing_in

    what = "best_move(state, game)"
    probes = negamax_probes()
    answers = []
    for position in [*probes, *positions]:
        with standing_in(best_move, "negamax", course_negamax(position.state)):
            got = _call(best_move, what, position.label, position.state, GAME)
        if type(got) is not tuple or len(got) != 2:
            raise GradingError(
                f"{what} should return a pair (value, move), got {got!r}", code="wrong_type"
            )
        value = require_number(got[0], f"the value of {what} on {position.label}")
        true, expected = reference(position.state)
        if value != true:
            said = (
                f"it should be {_show(true)}, the value for the player to move"
                if position in probes
                else "(not a probe, so its value is not shown; every probe was right)"
            )
            raise GradingError(
                f"the value of {what} on {position.label} is {_show(value)}; {said} (best_move "
                "ran with the course's negamax in place of yours)",
                code="witness:best_move" if position in probes else "hidden:best_move",
                evidence={"step": "best_move", "input": position.label, "got": repr(value)},
            )
        move = _as_move(got[1], f"the move of {what} on {position.label}")
        _compare_moves(move, expected, position.state, f"the move of {what}", position.label)
        answers.append((value, QuartoMove(*move)))
    if note and positions:
        _own_negamax_note(best_move, positions[0], reference(positions[0].state))
    return answers[len(probes) :]


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
            f"{sorted(map(str, got))}",
            code="wrong_type",
        )
    for key in ("nodes", "cutoffs"):
        require_type(got[key], int, f"counted_search(...)[{key!r}] on {position.label}")
    require_number(got["value"], f"counted_search(...)['value'] on {position.label}")
    return got


COUNT_MISTAKES = {
    "nodes_after_terminal_test": (
        "nodes",
        lambda counts, plain: counts.interior,
        "counted_search counts nodes after the terminal test: finished games are nodes too; "
        "count each position on entry, before the test",
    ),
    "order_ignored": (
        "nodes",
        lambda counts, plain: plain.nodes,
        "counted_search ignores `order`: sort the moves with key=lambda move: order(game, "
        "state, move) before the loop",
    ),
    "cutoffs_at_parent": (
        "cutoffs",
        lambda counts, plain: counts.cutoffs_at_parent,
        "counted_search counts cutoffs at the parent (when -value <= alpha after a child "
        "returns): count a cutoff at the node whose own loop stops because v >= beta",
    ),
    "partial_cutoffs": (
        "cutoffs",
        lambda counts, plain: counts.partial_cutoffs,
        "counted_search counts only the cutoffs that left a move unsearched: count every loop "
        "stopped by v >= beta, even after the last move",
    ),
}
"""Counting mistakes: which count, what it gives (from the reference's own counts), and the
sentence. One is named only if it gives the student's count on every position checked, and on
`fresh_positions` too."""

COUNT_RULE = {
    "nodes": "one node per position visited (each call), the root and finished games included, "
    "in a search whose loop at each node stops as soon as v >= beta",
    "cutoffs": "one cutoff each time a node's loop stops because v >= beta",
}


def fresh_positions() -> list[Position]:
    """Two positions no test of the notebook asks about: a counting mistake is named only if
    it also gives the counts on these, asked for the first time (a counted_search that keeps
    answers or counts from earlier calls can fit a mistake on positions it has seen before)."""
    return random_positions(5, 2, seed=7070)


def _fits_fresh(counted_search: Callable[..., Any], order: Any, key: str, fits: Any) -> bool:
    """Whether counted_search's ``key`` count is ``fits(counts, plain)`` on `fresh_positions`."""
    try:
        for position in fresh_positions():
            got = _stats_of(counted_search, position, order)
            counts, plain = Counts(), Counts()
            reference(position.state, order=order, counts=counts)
            reference(position.state, counts=plain)
            if got[key] != fits(counts, plain):
                return False
    except GradingError:  # an error while confirming: no name, the witness stands
        return False
    return True


def _said_stats(stats: dict) -> str:
    """A dict counted_search returned (or the course's), in words."""
    move = stats["move"]
    try:
        move = "none" if move is None else str(QuartoMove(*_as_move(move, "the move")))
    except GradingError:
        move = shown(move)
    value = stats["value"]
    value = _show(value) if type(value) in (int, float) else shown(value)
    return f"value {value}, move ({move}), nodes {stats['nodes']}, cutoffs {stats['cutoffs']}"


def _same_each_time(position: Position, answers: list[dict], order: Any) -> None:
    """``answers``: what counted_search returned on ``position`` three times, with the same
    arguments: first, at once again, and after the calls on every other position of the
    check. A difference is said as seen, with the course's answer (``position`` is a probe)."""
    keys = [
        (_said_stats(a), a["value"], a["nodes"], a["cutoffs"]) for a in answers
    ]  # the words hold the move, which may be a handle to an object in the kernel
    if keys[0] == keys[1] == keys[2]:
        return
    first, second, last = (_said_stats(a) for a in answers)
    call = "counted_search(state, game)" if order is None else "counted_search(state, game, order)"
    counts = Counts()
    value, move = reference(position.state, order=order, counts=counts)
    course = {"value": value, "move": move, "nodes": counts.nodes, "cutoffs": counts.cutoffs}
    raise GradingError(
        f"{call} was called three times on {position.label}"
        f"{'' if order is None else ', with the ordering key'}, with the same arguments: it "
        f"returned {first} the first time, {second} when called again at once, and {last} "
        "after the calls on the other positions of this test. The course's counted search "
        f"returns {_said_stats(course)} there, each time.",
        code="witness:counted_search",
        evidence={
            "step": "counted_search",
            "input": position.label,
            "got": [first, second, last],
            "expected": _said_stats(course),
        },
    )


def check_counted_search(
    counted_search: Callable[..., Any],
    positions: Sequence[Position],
    order: Callable[[Any, Any, Any], Any] | None = None,
) -> None:
    """``counted_search(state, game, order=order)`` returns the value, the first best move and
    the numbers of nodes and cutoffs the reference counts (see `reference`): on the public
    probes first (a wrong value or count there is shown with the right one), then on
    ``positions`` (on a finished game, the value and the counts only: there is no move). One
    probe is asked three times (twice at once, and again after all the others): the same call
    must give the same answer, and a difference is said as seen before anything else."""
    ordered = "" if order is None else " with the ordering key"
    probes = negamax_probes()
    again = next(p for p in probes if p.state.cells.count(None) >= 3)
    answers = {again: [_stats_of(counted_search, again, order)]}
    answers[again].append(_stats_of(counted_search, again, order))  # the same call, at once
    for position in [*probes, *positions]:
        if position != again:
            answers[position] = [_stats_of(counted_search, position, order)]
    answers[again].append(_stats_of(counted_search, again, order))  # after all the others
    _same_each_time(again, answers[again], order)
    seen = []  # (position, public, the student's stats, the reference's counts, plain counts)
    for position in [*probes, *positions]:
        public = position in probes
        where = position.label + ordered
        got = answers[position][0]
        counts, plain = Counts(), Counts()
        true, expected = reference(position.state, order=order, counts=counts)
        reference(position.state, counts=plain)
        if got["value"] != true:
            said = (
                f"it should be {_show(true)}, the value for the player to move"
                if public
                else "which is wrong (not a probe, so its value is not shown; every probe was "
                "right)"
            )
            raise GradingError(
                f"counted_search(...)['value'] on {where} is {_show(got['value'])}; {said}",
                code="witness:counted_search" if public else "hidden:counted_search",
                evidence={"step": "counted_search", "input": where, "got": repr(got["value"])},
            )
        seen.append((position, public, got, counts, plain))
    for key in ("nodes", "cutoffs"):
        for position, public, got, counts, _ in seen:
            right = getattr(counts, key)
            if got[key] == right:
                continue
            where = position.label + ordered
            said = (
                f"counted_search(...)[{key!r}] on {where} is {got[key]}; it should be {right}"
                if public
                else f"counted_search(...)[{key!r}] on {where} is {got[key]}, which is wrong "
                "(not a probe, so its count is not shown; every probe was right)"
            )
            said += f": count {COUNT_RULE[key]}"
            for name, (which, fits, sentence) in COUNT_MISTAKES.items():
                if which != key or (name == "order_ignored" and order is None):
                    continue
                if all(g[key] == fits(c, pl) for _, _, g, c, pl in seen) and _fits_fresh(
                    counted_search, order, key, fits
                ):
                    raise GradingError(
                        f"{sentence} ({said})", code=f"a06.{name}", evidence={"input": where}
                    )
            raise GradingError(
                said,
                code=f"witness:{key}" if public else f"hidden:{key}",
                evidence={"input": where},
            )
    # The move last: with an ordering key the first best move is the first in the key's order,
    # so a search that ignores the key is named by its counts above, not by its move.
    for position, _, got, _, _ in seen:
        if GAME.terminal_test(position.state):
            continue  # a finished game has no move to find (its value and counts were checked)
        where = position.label + ordered
        _, expected = reference(position.state, order=order)
        move = _as_move(got["move"], f"counted_search(...)['move'] on {where}")
        _compare_moves(move, expected, position.state, "counted_search(...)['move']", where)


def order_probes() -> list[Position]:
    """Small public positions (1 to 5 empty cells, smallest first) on which the kinds of move
    of the ordering key's definition occur: a placement that wins (key 0, where one is found), a
    move that hands over a piece the opponent can win with (key 2), and any other (key 1, a
    last placement that fills the board without a win among them)."""
    rng = random.Random(2026)
    found: list[Position] = []
    for empty in (1, 2, 3, 4, 5):
        fallback = None
        for _ in range(500):
            state = GAME.initial
            while not GAME.terminal_test(state) and state.cells.count(None) > empty:
                state = GAME.result(state, rng.choice(GAME.actions(state)))
            if GAME.terminal_test(state):
                continue
            keys = {reference_order(GAME, state, move) for move in GAME.actions(state)}
            if empty == 1 and keys == {1}:  # the last placement fills the board: no win, key 1
                fallback = state
                break
            if keys >= {0, 1, 2}:
                fallback = state
                break
            if keys >= {1, 2} and fallback is None:
                fallback = state
        if fallback is not None:
            cells = "cell" if empty == 1 else "cells"
            found.append(Position(f"a position with {empty} empty {cells}", fallback))
    return found


def _order_fact(state: Any, move: Any, key: int) -> str:
    """Why ``move`` has ``key`` by the definition, computed on ``state``."""
    after = GAME.result(state, move)
    if key == 0:
        return f"placing {piece_name(state.to_place)} on {move.cell} wins at once"
    if key == 2:
        win = _wins_now(GAME, after)[0]
        return (
            f"it gives {piece_name(move.give)}, which the opponent can place on {win.cell} "
            "to win at once"
        )
    if GAME.terminal_test(after):
        return "it fills the board without a win"
    return "it neither wins at once nor hands over a piece that wins at once"


def check_order_definition(
    quarto_order: Callable[..., Any], positions: Sequence[Position] | None = None
) -> None:
    """``quarto_order(game, state, move)`` is the notebook's key on every move of small public
    positions: 0 for a placement that wins, 2 for a move that hands over a winning piece, 1
    otherwise. A wrong key is shown on its first move, with the fact that decides it."""
    for position in order_probes() if positions is None else positions:
        state = position.state
        for move in GAME.actions(state):
            what = f"quarto_order(game, state, move) for the move {move}"
            got = _call(quarto_order, what, position.label, GAME, state, move, ordering=True)
            expected = reference_order(GAME, state, move)
            if got != expected:
                rows = " / ".join(state.rows())
                raise GradingError(
                    f"on {position.label} (rows {rows}; {piece_name(state.to_place)} to "
                    f"place), quarto_order gives {got!r} for {move}, but its key is {expected}: "
                    f"{_order_fact(state, move, expected)}",
                    code="witness:quarto_order",
                    evidence={
                        "step": "quarto_order",
                        "input": f"{rows}; {move}",
                        "got": repr(got),
                        "expected": repr(expected),
                    },
                )


class _StudentKey:
    """The notebook's ``quarto_order`` as a sort key for the course's search: each answer
    checked to be a number, any error it raises explained, and counted against the definition
    (`reference_order`). The search asks for the keys of each node's moves together
    (`keys_of`), so the engines are refused for the whole search, by the caller, rather than
    per call as `_call` does."""

    def __init__(self, quarto_order: Callable[..., Any]) -> None:
        self.quarto_order = quarto_order
        self.sorted = self.differ = 0

    def __call__(self, game: Any, state: Any, move: Any) -> float:
        return self.keys_of(game, state, [move])[0]

    def keys_of(self, game: Any, state: Any, moves: list[Any]) -> list[float]:
        """The key of each move of one node, asked of the kernel in one round trip (the same
        calls, in the same order, as one by one; the first error is explained as it would be
        alone, after the answers before it are checked)."""
        from gamekit.checks.remote import call_each

        values, error = call_each(self.quarto_order, [(game, state, move) for move in moves])
        keys = []
        for value, move in zip(values, moves[: len(values)], strict=True):
            keys.append(require_number(value, self._what(move)))
            self.sorted += 1
            self.differ += keys[-1] != reference_order(game, state, move)
        if error is not None:
            self._explain(error, state, moves[len(values)])
        return keys

    @staticmethod
    def _what(move: Any) -> str:
        return f"quarto_order(game, state, move) for the move {move}"

    def _explain(self, failure: BaseException, state: Any, move: Any) -> NoReturn:
        """Raise the `GradingError` that says what the key's ``failure`` on ``move`` means."""
        what = self._what(move)
        try:
            raise failure
        except EngineForbidden as error:
            raise GradingError(
                f"{what} calls gamekit's own code: {error}", code="forbidden"
            ) from None
        except GradingError:
            raise
        except Exception as error:
            raise GradingError(
                f"{what} raised {type(error).__name__}: {error} (on the position "
                f"{' / '.join(state.rows())})",
                code="raised:quarto_order",
            ) from None


def check_ordering(
    quarto_order: Callable[..., Any], positions: Sequence[Position], at_most: float = 0.5
) -> None:
    """``quarto_order`` is the notebook's key (`check_order_definition`: the definition is
    checked as a definition, not only by its effect); then the course's counted search
    (`reference`, counting as the notebook defines) sorted by ``quarto_order`` visits at most
    ``at_most`` of the nodes it visits without ordering, over all ``positions``. The notebook's
    own counted_search is not used: a mistake in it is charged in Part 3 only."""
    from gamekit.checks import forbidden_message, target_of
    from gamekit.checks.remote import forbidding

    check_order_definition(quarto_order)
    key = _StudentKey(quarto_order)
    refused = [(target_of(f), forbidden_message(f.__name__)) for f in forbidden_functions(True)]
    plain = ordered = 0
    for position in positions:
        without, with_key = Counts(), Counts()
        reference(position.state, counts=without)
        with forbidding(refused):  # in the student's kernel, during each call of the key
            reference(position.state, order=key, counts=with_key)
        plain += without.nodes
        ordered += with_key.nodes
    if ordered > at_most * plain:
        raise GradingError(
            f"sorted by your quarto_order, the course's counted search visited {ordered:,} "
            f"nodes on these positions against {plain:,} without ordering: good ordering should "
            f"need at most {at_most:.0%} of them. Your key agrees with the definition on every "
            f"move of the public probe positions, but on these positions it differs from it on "
            f"{key.differ:,} of the {key.sorted:,} moves the search sorted (the definition: 0 "
            "for a placement that wins, 2 for a move that hands the opponent a piece it can win "
            "with, 1 otherwise)",
            code="a06.ordering_too_weak",
        )


# --------------------------------------------------------------------------------------------
# For the mutation harness (`gamekit.checks.mutants`): what a06's functions do, and re-checks
# --------------------------------------------------------------------------------------------


def _outcome(function: Callable[..., Any], *args: Any, **kwargs: Any) -> str:
    try:
        value = function(*args, **kwargs)
    except Exception as error:  # noqa: BLE001 - what a wrong program does is the data
        return f"raised {type(error).__name__}"
    if isinstance(value, dict):
        value = sorted((str(k), repr(v)) for k, v in value.items())
    return repr(value)


def observe(namespace: dict[str, Any]) -> list[str]:
    """What the notebook's negamax, best_move, counted_search and quarto_order do on public
    probes and a few more positions (seeded), every window of the probes included."""
    positions = negamax_probes() + random_positions(5, 3, seed=4242)
    seen = []
    for position in positions:
        state = position.state
        for alpha, beta in PROBE_WINDOWS:
            seen.append(_outcome(namespace["negamax"], state, GAME, alpha, beta))
        seen.append(_outcome(namespace["best_move"], state, GAME))
        seen.append(_outcome(namespace["counted_search"], state, GAME))
        seen.append(_outcome(namespace["counted_search"], state, GAME, order=reference_order))
        for move in GAME.actions(state):
            seen.append(_outcome(namespace["quarto_order"], GAME, state, move))
    for position in order_probes():  # where the definition's three kinds of move occur
        for move in GAME.actions(position.state):
            seen.append(_outcome(namespace["quarto_order"], GAME, position.state, move))
    return seen


def _negamax_with(name: str) -> Callable[..., float]:
    """The notebook's ``negamax`` with the catalogued mistake ``name`` of `MISTAKES`."""

    def negamax(state: Any, game: Any, alpha: float = -math.inf, beta: float = math.inf) -> float:
        return reference(state, game, alpha, beta, mistake=name)[0]

    return unforbidden(negamax, forbidden_functions(ordering=True))


def _counting(name: str) -> Callable[[Callable[..., dict]], Callable[..., dict]]:
    """The counting mistake ``name`` of `COUNT_MISTAKES`, built around a ``counted_search``:
    its own answer with the one count the name is about taken the wrong way (a name says
    only how that count was taken, and is checked on nothing else)."""
    which, fits, _ = COUNT_MISTAKES[name]

    def counts_of(state: Any, order: Any) -> int:
        counts, plain = Counts(), Counts()
        reference(state, GAME, order=order, counts=counts)
        reference(state, GAME, counts=plain)
        return fits(counts, plain)

    counted = unforbidden(counts_of, forbidden_functions(ordering=True))

    def around(own: Callable[..., dict]) -> Callable[..., dict]:
        def counted_search(state: Any, game: Any, order: Any = None) -> dict:
            stats = own(state, game, order)
            return {**stats, which: counted(state, order)} if isinstance(stats, dict) else stats

        return counted_search

    return around


def catalogue() -> list[Catalogued]:
    """Every mistake a06 can name, as a program (for `gamekit.checks.mutants`)."""
    return [
        *(Catalogued(f"a06.{name}", "negamax", _negamax_with(name)) for name in MISTAKES),
        *(
            Catalogued(f"a06.{name}", "counted_search", _counting(name), around=True)
            for name in COUNT_MISTAKES
        ),
    ]


def _recheck_sequence(namespace: dict[str, Any], evidence: dict) -> str | None:
    """A sequence's witness (`check_negamax_calls`, on the public probes): the same calls made
    again in order must give the answers the message lists, and the last must be wrong."""
    said = [list(call) for call in evidence["calls"]]
    for calls, _ in call_sequences(call_probes(), parents=3):
        listed = [[c.name, c.position.label, _show(c.alpha), _show(c.beta)] for c in calls]
        if listed[: len(said)] != said:
            continue
        for call, answer in zip(calls, evidence["answers"], strict=False):
            got = namespace["negamax"](call.position.state, GAME, call.alpha, call.beta)
            if repr(got) != answer:
                return f"{_said_call(call)} returns {got!r}, the message says {answer}"
        last = calls[len(said) - 1]
        true, _ = reference(last.position.state)
        if _within(got, true, last.alpha, last.beta):
            return f"the last answer, {_said_call(last, got)}, is right"
        return None
    return "the calls of the witness are not a sequence on the public probes"


def recheck(namespace: dict[str, Any], code: str, evidence: dict | None) -> str | None:
    """Whether a failing cell's claim holds for the program in ``namespace`` (None if it does).
    A witness on a probe is recomputed there; a named negamax mistake must give the program's
    answer on every probe and window."""
    if code == "witness:negamax" and evidence and "calls" in evidence:
        return _recheck_sequence(namespace, evidence)
    if code == "witness:negamax" and evidence:
        for probe in negamax_probes():
            for alpha, beta in PROBE_WINDOWS:
                where = f"{probe.label}, window ({_show(alpha)}, {_show(beta)})"
                if where == evidence.get("input"):
                    got = namespace["negamax"](probe.state, GAME, alpha, beta)
                    true, _ = reference(probe.state)
                    if repr(got) != evidence.get("got"):
                        return f"negamax returns {got!r} there, the message says {evidence['got']}"
                    if _within(got, true, alpha, beta):
                        return f"negamax's answer {got!r} on {where} is right"
                    return None
        return f"the witness {evidence.get('input')!r} is not a probe"
    name = code.removeprefix("a06.")
    if code.startswith("a06.") and name in MISTAKES:
        for probe in negamax_probes():
            for alpha, beta in PROBE_WINDOWS:
                got = namespace["negamax"](probe.state, GAME, alpha, beta)
                wrong, _ = reference(probe.state, GAME, alpha, beta, mistake=name)
                true_wrong, _ = reference(probe.state, GAME, mistake=name)
                if got not in (wrong, _clamped(wrong, alpha, beta)) and not _within(
                    got, true_wrong, alpha, beta
                ):
                    return f"named {name}, but negamax differs from it on {probe.label}"
    return None
