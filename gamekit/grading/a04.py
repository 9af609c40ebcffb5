"""Checks for assignment 04 (an evaluation function for Hex): ``evaluate(state, player)``.

The hidden tests pass the student's ``evaluate`` to the ``check_*`` functions: fixed 5 x 5
positions (built here with gamekit's Hex before the student's code runs) test the promises of an
evaluation (a number in [-1, 1], zero-sum, the same for O on the mirrored board as for X, a won
position above every unwon one, connection rather than stone count, the hexagon's six
neighbours), and `check_tournament` plays a small seeded depth-2 alpha-beta series against Random
and against `gamekit.hex_heuristics.connected`. Each position is evaluated once per player: every
call is a round trip to the student's kernel, so `Memo` keeps the answers by (cells, player).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from gamekit.grading import (
    EngineForbidden,
    GradingError,
    default_forbidden,
    engines_swapped_out,
    require_number,
)
from gamekit.hex import Hex, HexState

SIZE = 5
GAME = Hex(size=SIZE)
TOLERANCE = 1e-9

MISTAKES = {
    "not_zero_sum": "evaluate is not zero-sum: evaluate(state, 'O') must be "
    "-evaluate(state, 'X') (what is good for one player is bad for the other)",
    "not_symmetric": "evaluate does not score a position and its mirror image alike: the board "
    "mirrored along the a1-e5 diagonal with X and O swapped is the same position seen from the "
    "other side (X joins top to bottom, O left to right), so O must score there what X scores "
    "here",
    "connection": "evaluate does not prefer the connected position",
}
"""The property each check tests, as the feedback states it (with the values it saw)."""


def position(rows: Sequence[str]) -> HexState:
    """A 5 x 5 position from its rows (``'X'``, ``'O'``, ``'.'``)."""
    return GAME.from_rows(list(rows))


def mirrored(state: HexState) -> HexState:
    """The board mirrored along the a1-e5 diagonal with X and O swapped: the same position seen
    from the other side, since the mirror turns X's top-bottom direction into O's left-right.
    The hexagon's six neighbours map onto six neighbours, so the game is the same."""
    swap = {"X": "O", "O": "X", ".": "."}
    rows = ["".join(swap[row[c]] for row in state.rows()) for c in range(state.size)]
    return position(rows)


class Pair(NamedTuple):
    """Two positions with the same stones counted, where X is better off in ``better``;
    ``fact`` says why, about the positions alone (never a guess about the student's code)."""

    better: HexState
    worse: HexState
    fact: str


# Positions where nobody has won yet, X to move: X and O have the same number of stones, so
# the mirrored position (colours swapped) is a legal one too.
UNWON = [
    position(["..X..", "..X..", ".O...", "..O..", "....."]),
    position([".....", ".XO..", "..X..", ".O...", "....."]),
    position(["X....", ".O...", "..XO.", ".....", "O..X."]),
    position(["....X", "...X.", "..OO.", ".O...", "...X."]),
    position([".O...", "..X..", ".X...", "O....", "X...O"]),
    position([".....", "OOX..", "..XX.", "...O.", "....."]),
    position([".....", ".....", "..X..", "...O.", "....."]),
    position(["X.O..", ".X.O.", "..X..", "...O.", "....."]),
]

# Won positions: X has joined top and bottom, O has joined left and right.
WON = [
    position(["..X..", "..XO.", ".XO..", ".X.O.", "X.O.."]),
    position([".X...", "OOOOO", "..X..", "X.X..", "X...."]),
]

PAIRS = [
    # X's three stones in a column chain, or the same three scattered (O's stones the same).
    Pair(
        position(["..X..", "..X..", "..X..", "OO...", "....."]),
        position(["X....", "....X", "..X..", "OO...", "....."]),
        "both have 3 X stones and 2 O stones; in the first X's stones c1, c2, c3 are a chain "
        "from the top edge, in the second no two X stones touch",
    ),
    # X's four stones on the diagonal that touches in Hex (r+1, c-1), or on the one that does
    # not (r+1, c+1): a square grid (4 or 8 neighbours) cannot tell them apart.
    Pair(
        position(["....X", "...X.", "..X..", ".X...", "OOO.O"]),
        position(["X....", ".X...", "..X..", "...X.", "OOO.O"]),
        "both have 4 X stones on a diagonal; in the first they are e1, d2, c3, b4, each touching "
        "the next (a hexagon's neighbours include (r+1, c-1)), in the second a1, b2, c3, d4, "
        "where no two touch (a hexagon has no neighbour at (r+1, c+1))",
    ),
]


def forbidden_functions() -> tuple[Callable[..., Any], ...]:
    """gamekit's search engines and its Hex heuristics: the student writes their own."""
    from gamekit import hex_heuristics as h

    return (
        *default_forbidden(),
        h.connected,
        h.better_connected,
        h.shortest_path,
        h.distance,
    )


class Memo:
    """The student's ``evaluate`` called through the guard, once per (cells, player): every
    call is a round trip to their kernel, and a tournament asks about the same leaves often."""

    def __init__(self, evaluate: Callable[..., Any]) -> None:
        self.evaluate = evaluate
        self.values: dict[tuple[str, str], float] = {}

    def __call__(self, state: HexState, player: str) -> float:
        key = (state.cells, player)
        if key not in self.values:
            self.values[key] = self._ask(state, player)
        return self.values[key]

    def _ask(self, state: HexState, player: str) -> float:
        where = f"evaluate(state, {player!r}) with state.rows() == {state.rows()}"
        try:
            with engines_swapped_out(*forbidden_functions()):
                value = self.evaluate(state, player)
        except EngineForbidden as error:
            raise GradingError(
                f"evaluate calls gamekit's own code: {error}", code="forbidden"
            ) from None
        except GradingError:
            raise
        except Exception as error:
            raise GradingError(
                f"{where} raised {type(error).__name__}: {error}", code="raised:evaluate"
            ) from None
        value = require_number(value, where)
        if not -1 - TOLERANCE <= value <= 1 + TOLERANCE:
            raise GradingError(
                f"{where} returned {value}, outside [-1, 1]", code="a04.out_of_range"
            )
        return float(value)


def _memo(evaluate: Callable[..., Any]) -> Memo:
    return evaluate if isinstance(evaluate, Memo) else Memo(evaluate)


def _same(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE


def check_range_and_zero_sum(evaluate: Callable[..., Any]) -> None:
    """A number in [-1, 1] for both players, and ``evaluate(s, 'O') == -evaluate(s, 'X')``."""
    f = _memo(evaluate)
    for state in UNWON + WON:
        x, o = f(state, "X"), f(state, "O")
        if not _same(x, -o):
            raise GradingError(
                f"{MISTAKES['not_zero_sum']}; on {state.rows()} it gives {x:.4g} for X and "
                f"{o:.4g} for O, and {o:.4g} is not -({x:.4g})",
                code="a04.not_zero_sum",
                evidence={"step": "evaluate", "input": str(state.rows()), "got": repr((x, o))},
            )


def check_wins(evaluate: Callable[..., Any]) -> None:
    """A won position scores above every unwon one for the winner (below for the loser)."""
    f = _memo(evaluate)
    for player in ("X", "O"):
        top = max(f(state, player) for state in UNWON)
        for state in WON:
            value = f(state, player)
            mark = "above" if state.winner == player else "below"
            good = value > top if state.winner == player else value < -top
            bound = top if state.winner == player else -top
            if not good:
                raise GradingError(
                    f"evaluate(state, {player!r}) gives {value:.4g} for a position "
                    f"{state.winner} has won ({state.rows()}); a win must score {mark} every "
                    f"unwon position, and an unwon one here scores {bound:.4g}",
                    code="a04.win_not_extreme",
                    evidence={"step": "evaluate", "input": str(state.rows()), "got": repr(value)},
                )


def balanced_positions(count: int = 100, seed: int = 11) -> list[HexState]:
    """``count`` seeded random 5 x 5 positions nobody has won, with as many X stones as O
    stones (X to move), so that their mirror images are positions too."""
    import random

    rng = random.Random(seed)
    found: list[HexState] = []
    while len(found) < count:
        state = GAME.initial
        for _ in range(2 * rng.randint(1, 8)):
            state = GAME.result(state, rng.choice(GAME.actions(state)))
            if GAME.terminal_test(state):
                break
        if not GAME.terminal_test(state) and state.to_move == "X":
            found.append(state)
    return found


def check_symmetry(evaluate: Callable[..., Any], states: Sequence[HexState] | None = None) -> None:
    """The mirrored position with colours swapped scores the same for O as the original for X
    (``states``: positions nobody has won, with as many X stones as O stones; by default the
    fixed ones, then `balanced_positions`: the property must hold everywhere, not only on a
    few boards)."""
    states = UNWON + balanced_positions() if states is None else states
    f = _memo(evaluate)
    for state in states:
        other = mirrored(state)
        x, o = f(state, "X"), f(other, "O")
        if not _same(x, o):
            raise GradingError(
                f"{MISTAKES['not_symmetric']}; it gives {x:.4g} for X on {state.rows()} but "
                f"{o:.4g} for O on its mirror image {other.rows()}",
                code="a04.not_symmetric",
                evidence={"step": "evaluate", "input": str(state.rows()), "got": repr((x, o))},
            )


def check_connection(evaluate: Callable[..., Any], pairs: Sequence[Pair] = PAIRS) -> None:
    """Connection counts: in each of ``pairs`` X scores more on the better board."""
    f = _memo(evaluate)
    for pair in pairs:
        better, worse = f(pair.better, "X"), f(pair.worse, "X")
        if not better > worse:
            relation = "the same for both" if _same(better, worse) else "less for the first"
            raise GradingError(
                f"{MISTAKES['connection']}: for X it gives {better:.4g} on "
                f"{pair.better.rows()} and {worse:.4g} on {pair.worse.rows()}, {relation}, "
                f"though the first is better for X: {pair.fact}",
                code="a04.connection",
                evidence={
                    "step": "evaluate",
                    "input": f"{pair.better.rows()} against {pair.worse.rows()}",
                    "got": repr((better, worse)),
                },
            )


def check_positions(evaluate: Callable[..., Any]) -> Memo:
    """All the fixed-position checks, in the order that names the simplest mistake first."""
    f = _memo(evaluate)
    check_range_and_zero_sum(f)
    check_wins(f)
    check_symmetry(f)
    check_connection(f)
    return f


def _winner(first: Callable[..., Any], second: Callable[..., Any]) -> str | None:
    """Play one game of 5 x 5 Hex, ``first`` as X; return the winner."""
    state = GAME.initial
    players = {"X": first, "O": second}
    while not GAME.terminal_test(state):
        state = GAME.result(state, players[state.to_move](GAME, state))
    return state.winner


def series(
    evaluate: Callable[..., Any],
    opponent: str,
    games: int = 2,
    seed: int = 0,
    depth: int = 2,
) -> int:
    """How many of ``games`` games a depth-``depth`` alpha-beta player with ``evaluate`` wins
    against ``opponent`` ('random' or 'connected', the same search with
    `gamekit.hex_heuristics.connected`), alternating who moves first."""
    from gamekit.hex_heuristics import connected
    from gamekit.players import alphabeta_player, random_player

    if opponent not in ("random", "connected"):
        raise ValueError(f"opponent must be 'random' or 'connected', got {opponent!r}")
    student = alphabeta_player(depth=depth, eval_fn=evaluate)
    wins = 0
    for index in range(games):
        if opponent == "random":
            other = random_player(seed=seed * 1000 + index)
        else:
            other = alphabeta_player(depth=depth, eval_fn=connected)
        if index % 2 == 0:
            wins += _winner(student, other) == "X"
        else:
            wins += _winner(other, student) == "O"
    return wins


def check_tournament(evaluate: Callable[..., Any], games: int = 4, seed: int = 0) -> None:
    """Depth-2 alpha-beta with ``evaluate`` wins most of ``games`` games against Random and
    most against the same search with `connected`, first and second in turn.

    A majority, not every game: at depth 2 even a good heuristic loses the odd game to luck."""
    f = _memo(evaluate)
    for opponent in ("random", "connected"):
        wins = series(f, opponent, games=games, seed=seed)
        if 2 * wins <= games:
            raise GradingError(
                f"with evaluate, depth-2 alpha-beta on 5 x 5 Hex wins only {wins} of {games} "
                f"games against {opponent} (it should win most); does evaluate measure how "
                f"close each player is to joining their edges?",
                code="a04.loses_games",
            )


# --------------------------------------------------------------------------------------------
# For the mutation harness (gamekit.grading.mutants)
# --------------------------------------------------------------------------------------------


def observation_states(games: int = 12, seed: int = 5) -> list[HexState]:
    """Every position along seeded random games of 5 x 5 Hex (the won ones included)."""
    import random

    rng = random.Random(seed)
    found = []
    for _ in range(games):
        state = GAME.initial
        while True:
            found.append(state)
            if GAME.terminal_test(state):
                break
            state = GAME.result(state, rng.choice(GAME.actions(state)))
    return found


def observe(namespace: dict[str, Any]) -> list[str]:
    """Which of the properties the exercise defines the notebook's ``evaluate`` keeps, position
    by position, on seeded random games and the fixed positions: a number in [-1, 1], zero-sum,
    1 for a win and -1 for a loss, a win above every unwon position, the mirror symmetry and
    the connection pairs; and the games the tests play. The
    exercise asks for a heuristic with these properties, not for one formula, so two programs
    that keep the same properties everywhere count as the same."""
    evaluate = namespace["evaluate"]

    def value(state: HexState, player: str) -> Any:
        try:
            got = evaluate(state, player)
        except Exception as error:  # noqa: BLE001 - what a wrong program does is the data
            return f"raised {type(error).__name__}"
        return got if type(got) in (int, float) else f"a {type(got).__name__}"

    states = observation_states() + UNWON + WON
    values = {(s.cells, p): value(s, p) for s in states for p in ("X", "O")}
    unwon_top = {
        p: max((values[s.cells, p] for s in states if s.winner is None), key=_order)
        for p in ("X", "O")
    }
    seen = []
    for state in states:
        x, o = values[state.cells, "X"], values[state.cells, "O"]
        if not all(type(v) in (int, float) for v in (x, o)):
            seen.append(f"{x!r} {o!r}")
            continue
        facts = [-1 - TOLERANCE <= v <= 1 + TOLERANCE for v in (x, o)] + [_same(x, -o)]
        if state.winner is not None:
            loser = "O" if state.winner == "X" else "X"
            facts.append(
                values[state.cells, state.winner] == 1 and values[state.cells, loser] == -1
            )
            facts.append(
                _order(values[state.cells, state.winner]) > _order(unwon_top[state.winner])
            )
            facts.append(_order(values[state.cells, loser]) < -_order(unwon_top[loser]))
        elif state.cells.count("X") == state.cells.count("O"):
            mirror = value(mirrored(state), "O")
            facts.append(type(mirror) in (int, float) and _same(x, mirror))
        seen.append(repr(facts))
    for pair in PAIRS:
        better, worse = value(pair.better, "X"), value(pair.worse, "X")
        both = all(type(v) in (int, float) for v in (better, worse))
        seen.append(repr(both and better > worse))
    for seed in (2, 3):  # the games the tests play (a few seconds in all)
        for opponent in ("random", "connected"):
            try:
                seen.append(repr(series(evaluate, opponent, games=2, seed=seed)))
            except Exception as error:  # noqa: BLE001
                seen.append(f"raised {type(error).__name__}")
    return seen


def _order(value: Any) -> float:
    """A value for comparisons in ``observe`` (what is not a number ranks lowest)."""
    return float(value) if type(value) in (int, float) else float("-inf")


def recheck(namespace: dict[str, Any], code: str, evidence: dict | None) -> str | None:
    """Whether a failing cell's claim holds for the ``evaluate`` in ``namespace`` (None if it
    does): the values the message quotes are recomputed on the position it names."""
    if not evidence or evidence.get("step") != "evaluate":
        return None
    evaluate = namespace["evaluate"]
    by_rows = {str(s.rows()): s for s in UNWON + WON + balanced_positions()}
    if code == "a04.connection":
        pair = next(
            (
                p
                for p in PAIRS
                if f"{p.better.rows()} against {p.worse.rows()}" == evidence["input"]
            ),
            None,
        )
        if pair is None:
            return f"the pair {evidence['input']!r} is not one of PAIRS"
        got = (float(evaluate(pair.better, "X")), float(evaluate(pair.worse, "X")))
        if repr(got) != evidence["got"]:
            return f"evaluate gives {got!r} on the pair, the message says {evidence['got']}"
        return None if not got[0] > got[1] else "the first position does score more"
    state = by_rows.get(evidence["input"])
    if state is None:
        return f"the position {evidence['input']!r} is not one the checks use"
    if code == "a04.not_zero_sum":
        got = (float(evaluate(state, "X")), float(evaluate(state, "O")))
        if repr(got) != evidence["got"]:
            return f"evaluate gives {got!r} there, the message says {evidence['got']}"
        return None if not _same(got[0], -got[1]) else "the values are zero-sum"
    if code == "a04.not_symmetric":
        got = (float(evaluate(state, "X")), float(evaluate(mirrored(state), "O")))
        if repr(got) != evidence["got"]:
            return f"evaluate gives {got!r} there, the message says {evidence['got']}"
        return None if not _same(*got) else "the values are the same"
    return None


__all__ = [
    "balanced_positions",
    "observe",
    "recheck",
    "MISTAKES",
    "PAIRS",
    "UNWON",
    "WON",
    "Memo",
    "check_connection",
    "check_positions",
    "check_range_and_zero_sum",
    "check_symmetry",
    "check_tournament",
    "check_wins",
    "mirrored",
    "series",
]
