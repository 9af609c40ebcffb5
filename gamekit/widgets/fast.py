"""The strongest Connect Four engine on a board: `gamekit.connect4_fast`, depth by depth.

Its bitboard search cannot be stopped in the middle of a depth, so the board runs it one depth
at a time (each with the time still left) and keeps each finished depth's move: Stop plays that
move at once, and the depth under way ends by itself within the time limit.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from gamekit.connect4_fast import Position, search
from gamekit.games import Game

from .engines import Engine, Settings, Step, Watch


def _fast_steps(game: Game, state: Any, settings: Settings, watch: Watch) -> Iterator[Step]:
    position = Position.from_state(game, state)
    empty = game.h * game.v - len(state.board)
    for depth in range(1, empty + 1):
        left = None if watch.deadline is None else watch.deadline - time.perf_counter()
        if left is not None and left <= 0:
            return
        found = search(position, depth, time_limit=left)
        watch.counts.nodes += found.nodes
        if not found.complete:
            return  # the time ran out inside this depth
        watch.depth = depth
        yield Step(found.move, found.value, depth, exact=False)
        watch.tick()
        if abs(found.value) > 500_000:  # a forced result: deeper finds the same
            return


FAST_CONNECT4 = Engine(
    "connect4 fast",
    _fast_steps,
    uses_depth=False,
    uses_time=True,
    hint=None,
    description="gamekit.connect4_fast: bitboards, threat ordering, a table; deepens until time",
)
