"""The course's protocol for the fast engine: searches and a player on gamekit states."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamekit.connect4_fast.reference import Position, search
from gamekit.connect4_fast.solver import Solution, best_moves, solve
from gamekit.games import BoardState, ConnectFour, Game, Move
from gamekit.search import WIN


def fast_cutoff_search(
    state: BoardState,
    game: ConnectFour,
    depth: int = 4,
    *,
    evaluate: bool = True,
    with_value: bool = False,
) -> Any:
    """`gamekit.search.alphabeta_cutoff_search` with ``eval_fn=eval_for(game)`` (or no
    evaluation when ``evaluate=False``), the fast way: same value, possibly another of the
    equally good moves. Returns the move, or ``(value, move)`` with ``with_value``.
    """
    if game.terminal_test(state):
        value = game.utility(state, state.to_move) * WIN
        return (value, None) if with_value else None
    result = search(Position.from_state(game, state), depth, evaluate=evaluate)
    return (result.value, result.move) if with_value else result.move


def fast_solve(state: BoardState, game: ConnectFour) -> Solution:
    """`solve` for a gamekit ``ConnectFour`` state."""
    if game.terminal_test(state):
        raise ValueError(f"the game is over: nothing to solve\n{state}")
    return solve(Position.from_state(game, state))


ENDGAME_CELLS = 12
"""With this many empty cells or fewer, `fast_connect4_player` plays exactly (`best_moves`)."""

SEARCH_SHARE = 0.8
"""Share of a player's time limit given to the search; the rest covers the clock's granularity
(it is read every 1,024 nodes) and Python's garbage collector."""


def fast_connect4_player(
    time_limit: float | None = 1.0, depth: int | None = None
) -> Callable[[Game, BoardState], Move]:
    """A Connect Four player using `search`: iterative deepening for ``time_limit`` seconds a
    move (None: no limit), to at most ``depth`` plies (None: as deep as time allows).

    With ``depth=None`` it plays perfectly once `ENDGAME_CELLS` cells or fewer are empty (the
    solver is quick there), choosing the most central of the best moves. With neither limit it
    would search to the end of the game: give at least one.
    """
    if time_limit is None and depth is None:
        raise ValueError("give a time_limit, a depth or both: the full game is too big to search")
    if time_limit is not None and not time_limit > 0:
        raise ValueError(f"time_limit must be a positive number of seconds, got {time_limit!r}")
    budget = None if time_limit is None else SEARCH_SHARE * time_limit

    def play(game: Game, state: BoardState) -> Move:
        position = Position.from_state(game, state)
        if depth is None and position.shape.cells - position.moves <= ENDGAME_CELLS:
            _, keep = best_moves(position)
            middle = (game.v + 1) / 2
            col = min(keep, key=lambda c: (abs(c - middle), c))
            return next(move for move in game.actions(state) if move[1] == col)
        result = search(position, depth, time_limit=budget)
        play.last_result = result  # type: ignore[attr-defined]
        return result.move

    play.__name__ = "fast_connect4_player"
    return play
