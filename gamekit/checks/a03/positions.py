"""The Connect Four positions a03's hidden tests use, built with gamekit's own game before the
student's code runs: from rows, from columns played, or seeded at random.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from gamekit.checks.a03.spec import (
    EMPTY,
)
from gamekit.games import ConnectFour as ReferenceConnectFour
from gamekit.i18n import kept_sentence

# --------------------------------------------------------------------------------------------
# Positions for the hidden tests
# --------------------------------------------------------------------------------------------


class Position(NamedTuple):
    """A position for a check: a label that says what kind of board it is, never its content."""

    label: str
    h: int
    v: int
    k: int
    state: Any


def from_rows(label: str, rows: Sequence[str], k: int = 4, to_move: str | None = None) -> Position:
    """A position from its picture (top row first). Pieces must rest on the bottom or a piece."""
    h, v = len(rows), len(rows[0])
    for row in range(h - 1):
        for col in range(v):
            if rows[row][col] != EMPTY and rows[row + 1][col] == EMPTY:
                raise ValueError(f"{label}: a piece floats above an empty cell in {rows!r}")
    game = ReferenceConnectFour(h, v, k)
    return Position(label, h, v, k, game.from_rows(rows, to_move))


def from_columns(label: str, h: int, v: int, k: int, columns: Iterable[int] | str) -> Position:
    """A position reached by dropping pieces in ``columns`` (1-based), X first: ``"4435"``."""
    game = ReferenceConnectFour(h, v, k)
    state = game.initial
    for col in columns:
        state = game.drop(state, int(col))
    return Position(label, h, v, k, state)


def random_positions(h: int, v: int, k: int, count: int, seed: int) -> list[Position]:
    """``count`` non-terminal positions after 2..h*v-2 random plies (reproducible by ``seed``)."""
    rng = random.Random(seed)
    game = ReferenceConnectFour(h, v, k)
    found: list[Position] = []
    while len(found) < count:
        state = game.initial
        for _ in range(rng.randint(2, h * v - 2)):
            if game.terminal_test(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        if not game.terminal_test(state):
            label = kept_sentence("a random {h} x {v} position", h=h, v=v)
            found.append(Position(label, h, v, k, state))
    return found


# --------------------------------------------------------------------------------------------
# Running student code
# --------------------------------------------------------------------------------------------
