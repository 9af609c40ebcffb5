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
    message_of,
    require_number,
)
from gamekit.checks.a06.positions import Position, with_empty_cells
from gamekit.checks.a06.references import GAME, Counts, _wins_now, reference, reference_order
from gamekit.checks.a06.running import _call, forbidden_functions
from gamekit.i18n import kept_sentence
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
            found.append(Position(with_empty_cells(empty), fallback))
    return found


def _order_fact(state: Any, move: Any, key: int) -> str:
    """Why ``move`` has ``key`` by the definition, computed on ``state``."""
    after = GAME.result(state, move)
    if key == 0:
        return kept_sentence(
            "placing {piece} on {cell} wins at once",
            piece=piece_name(state.to_place),
            cell=move.cell,
        )
    if key == 2:
        win = _wins_now(GAME, after)[0]
        return kept_sentence(
            "it gives {piece}, which the opponent can place on {cell} to win at once",
            piece=piece_name(move.give),
            cell=win.cell,
        )
    if GAME.terminal_test(after):
        return kept_sentence("it fills the board without a win")
    return kept_sentence("it neither wins at once nor hands over a piece that wins at once")


def check_order_definition(
    quarto_order: Callable[..., Any], positions: Sequence[Position] | None = None
) -> None:
    """``quarto_order(game, state, move)`` is the notebook's key on every move of small public
    positions: 0 for a placement that wins, 2 for a move that hands over a winning piece, 1
    otherwise. A wrong key is shown on its first move, with the fact that decides it."""
    for position in order_probes() if positions is None else positions:
        state = position.state
        for move in GAME.actions(state):
            what = _StudentKey._what(move)
            got = _call(quarto_order, what, position.label, GAME, state, move, ordering=True)
            expected = reference_order(GAME, state, move)
            if got != expected:
                rows = " / ".join(state.rows())
                raise GradingError(
                    kept_sentence(
                        "on {where} (rows {rows}; {piece} to place), quarto_order gives {got} for "
                        "{move}, but its key is {expected}: {fact}",
                        where=position.label,
                        rows=rows,
                        piece=piece_name(state.to_place),
                        got=repr(got),
                        move=move,
                        expected=expected,
                        fact=_order_fact(state, move, expected),
                    ),
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
        return kept_sentence("quarto_order(game, state, move) for the move {move}", move=move)

    def _explain(self, failure: BaseException, state: Any, move: Any) -> NoReturn:
        """Raise the `GradingError` that says what the key's ``failure`` on ``move`` means."""
        what = self._what(move)
        try:
            raise failure
        except EngineForbidden as error:
            raise GradingError(
                kept_sentence(
                    "{what} calls gamekit's own code: {error}", what=what, error=message_of(error)
                ),
                code="forbidden",
            ) from None
        except GradingError:
            raise
        except Exception as error:
            raise GradingError(
                kept_sentence(
                    "{what} raised {kind}: {error} (on the position {rows})",
                    what=what,
                    kind=type(error).__name__,
                    error=message_of(error),
                    rows=" / ".join(state.rows()),
                ),
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
            kept_sentence(
                "sorted by your quarto_order, the course's counted search visited {ordered} nodes "
                "on these positions against {plain} without ordering: good ordering should need "
                "at most {share} of them. Your key agrees with the definition on every move of "
                "the public probe positions, but on these positions it differs from it on "
                "{differ} of the {sorted} moves the search sorted (the definition: 0 for a "
                "placement that wins, 2 for a move that hands the opponent a piece it can win "
                "with, 1 otherwise)",
                ordered=format(ordered, ","),
                plain=format(plain, ","),
                share=format(at_most, ".0%"),
                differ=format(key.differ, ","),
                sorted=format(key.sorted, ","),
            ),
            code="a06.ordering_too_weak",
        )


# --------------------------------------------------------------------------------------------
# For the mutation harness (`gamekit.checks.mutants`): what a06's functions do, and re-checks
# --------------------------------------------------------------------------------------------
