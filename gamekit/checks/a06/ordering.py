"""The checks of the move-ordering key ``quarto_order``: its definition on small public
positions, then that it makes the search cut off more.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from gamekit.checks import (
    EngineForbidden,
    GradingError,
    require_number,
)
from gamekit.checks.a06.positions import Position
from gamekit.checks.a06.references import GAME, Counts, _wins_now, reference, reference_order
from gamekit.checks.a06.running import _call, forbidden_functions
from gamekit.quarto import piece_name


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
