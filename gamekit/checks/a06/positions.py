"""The Quarto positions the hidden tests use: seeded random positions near the end of the game,
and one of every kind the checks must cover (a win now, a forced loss, a draw, ...).
"""

from __future__ import annotations

import random
from collections.abc import Container
from typing import Any, NamedTuple

from gamekit.checks.a06.references import GAME, _wins_now, reference, reference_order
from gamekit.i18n import kept_sentence
from gamekit.quarto import piece_name


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
            label = kept_sentence(
                "a position with {empty} empty cells (seed {seed}, number {number})",
                empty=empty,
                seed=seed,
                number=len(found) + 1,
            )
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
        label = (
            _public_label(state)
            if public
            else kept_sentence("{position} ({rebuild})", position=_describe(state), rebuild=rebuild)
        )
        positions.append(Position(label, state))
    return positions


def _describe(state: Any) -> str:
    """What anyone sees of ``state``: a finished game (won, or drawn), or its empty cells."""
    if GAME.terminal_test(state):
        return (
            kept_sentence("a finished game won by {player}", player=state.winner)
            if state.winner is not None
            else kept_sentence("a finished game drawn (a full board)")
        )
    return with_empty_cells(state.cells.count(None))


def with_empty_cells(empty: int) -> str:
    """ "a position with 3 empty cells" (kept)."""
    if empty == 1:
        return kept_sentence("a position with {empty} empty cell", empty=empty)
    return kept_sentence("a position with {empty} empty cells", empty=empty)


def _public_label(state: Any) -> str:
    """The board of a public probe, in words a message can show."""
    rows = " / ".join(state.rows())
    if GAME.terminal_test(state):
        if state.winner is not None:
            return kept_sentence(
                "the finished game {rows} (won by {winner}; {player} to move)",
                rows=rows,
                winner=state.winner,
                player=GAME.to_move(state),
            )
        return kept_sentence(
            "the finished game {rows} (drawn; {player} to move)",
            rows=rows,
            player=GAME.to_move(state),
        )
    return position_words(rows, piece_name(state.to_place), state.cells.count(None))


def position_words(rows: str, piece: str, empty: int) -> str:
    """ "the position {rows} ({piece} to place; {empty} empty cells)" (kept)."""
    if empty == 1:
        return kept_sentence(
            "the position {rows} ({piece} to place; {empty} empty cell)",
            rows=rows,
            piece=piece,
            empty=empty,
        )
    return kept_sentence(
        "the position {rows} ({piece} to place; {empty} empty cells)",
        rows=rows,
        piece=piece,
        empty=empty,
    )


# --------------------------------------------------------------------------------------------
# Running student code
# --------------------------------------------------------------------------------------------
