"""gamekit's own engines on W1-W4: the textbook engines of `gamekit.search` and the fast engine
of `gamekit.connect4_fast`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamekit.bench.measuring import Entry, clear_successor_cache
from gamekit.bench.workloads import W1, W2, W4, w3_description
from gamekit.connect4_fast import Position, search, solve
from gamekit.games import ConnectFour, Game, GameWrapper, TicTacToe
from gamekit.heuristics import eval_for
from gamekit.search import (
    alphabeta_cutoff_search,
    alphabeta_search,
    minimax_decision,
    negamax,
)


class CountingGame(GameWrapper):
    """The same game, counting the positions `result` generates (as `gamekit.trace` does, but
    keeping nothing, so that the peak memory of the run is the engine's own)."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.generated = 0

    def result(self, state: Any, move: Any) -> Any:
        self.generated += 1
        return self.game.result(state, move)


def textbook_entry(
    workload: str,
    description: str,
    engine: Callable[..., Any],
    make_game: Callable[[], Game],
    label: str,
    **options: Any,
) -> Entry:
    """A textbook engine from the initial state; nodes from `run_traced`."""
    game = make_game()
    options = {key: value(game) if callable(value) else value for key, value in options.items()}

    def run() -> Any:
        clear_successor_cache(game)
        return engine(game.initial, game, with_value=True, **options)[0]

    def count() -> tuple[Any, int]:
        clear_successor_cache(game)
        counting = CountingGame(game)
        value, _ = engine(game.initial, counting, with_value=True, **options)
        return value, counting.generated + 1

    return Entry(workload, description, label, run, count)


def fast_search_entry(description: str, depth: int, evaluate: bool) -> Entry:
    def run() -> Any:
        return search(Position.empty(), depth, evaluate=evaluate).value

    def count() -> tuple[Any, int]:
        result = search(Position.empty(), depth, evaluate=evaluate)
        return result.value, result.nodes

    return Entry("W3", description, "fast", run, count)


def fast_solve_entry() -> Entry:
    """W4 with the solver: the value (+1, 0, -1) is alpha-beta's."""

    def run() -> Any:
        return solve(Position.empty(4, 4, 3)).value

    def count() -> tuple[Any, int]:
        solution = solve(Position.empty(4, 4, 3))
        return solution.value, solution.nodes

    return Entry("W4", W4, "fast (solve)", run, count)


def uncached(make_game: Callable[[], TicTacToe]) -> Callable[[], TicTacToe]:
    def make() -> TicTacToe:
        game = make_game()
        game.set_successor_cache(0)
        return game

    return make


def gamekit_entries(quick: bool) -> list[Entry]:
    """W1-W4 on the textbook engines and the fast engine."""
    c4 = ConnectFour
    entries = [
        textbook_entry("W2", W2, alphabeta_search, TicTacToe, "textbook, cache on"),
        textbook_entry("W2", W2, alphabeta_search, uncached(TicTacToe), "textbook, cache off"),
        textbook_entry("W2", W2, negamax, TicTacToe, "textbook negamax"),
    ]
    if not quick:  # the whole tree: 549,946 positions, over a second with the cache off
        entries[:0] = [
            textbook_entry("W1", W1, minimax_decision, TicTacToe, "textbook, cache on"),
            textbook_entry("W1", W1, minimax_decision, uncached(TicTacToe), "textbook, cache off"),
        ]
    for depth in (4, 6) if quick else (4, 6, 8):
        for evaluate in (False, True):
            description = w3_description(depth, evaluate)
            eval_fn = eval_for if evaluate else None
            entries.append(
                textbook_entry(
                    "W3",
                    description,
                    alphabeta_cutoff_search,
                    c4,
                    "textbook",
                    depth=depth,
                    eval_fn=eval_fn,
                )
            )
            entries.append(fast_search_entry(description, depth, evaluate))
    entries.append(textbook_entry("W4", W4, alphabeta_search, lambda: c4(4, 4, 3), "textbook"))
    entries.append(fast_solve_entry())
    return entries
