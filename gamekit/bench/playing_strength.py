"""Strength: games of the fast player against textbook alpha-beta (``--strength``)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from gamekit import connect4_fast
from gamekit.games import ConnectFour
from gamekit.heuristics import eval_for
from gamekit.search import alphabeta_cutoff_search


@dataclass
class Strength:
    """Games of the fast player against textbook alpha-beta, by the fast player's colour."""

    games: int
    time_limit: float
    opponent_depth: int
    results: dict[str, list[int]]  # colour -> [wins, draws, losses] of the fast player
    longest_move: float  # seconds (wall clock) of the fast player's slowest move

    def line(self) -> str:
        by_colour = ", ".join(f"as {c}: {w}-{d}-{lo}" for c, (w, d, lo) in self.results.items())
        wins = sum(w for w, _, _ in self.results.values())
        return (
            f"fast player ({self.time_limit:g} s a move) against textbook alpha-beta depth "
            f"{self.opponent_depth} with the window evaluation: {wins}/{self.games} wins "
            f"({by_colour}; wins-draws-losses), slowest move {self.longest_move:.2f} s"
        )


def strength(
    games: int = 20, seed: int = 0, time_limit: float = 1.0, opponent_depth: int = 6
) -> Strength:
    """Play ``games`` games; games ``2j`` and ``2j + 1`` start from the same two random moves
    (seeded), with the fast player X in one and O in the other."""
    game = ConnectFour()
    evaluate = eval_for(game)
    fast = connect4_fast.fast_connect4_player(time_limit=time_limit)
    results = {"X": [0, 0, 0], "O": [0, 0, 0]}
    longest = 0.0
    for index in range(games):
        rng = random.Random(f"{seed}/{index // 2}")
        state = game.initial
        for _ in range(2):
            state = game.result(state, rng.choice(game.actions(state)))
        colour = "XO"[index % 2]
        while not game.terminal_test(state):
            if state.to_move == colour:
                start = time.perf_counter()
                move = fast(game, state)
                longest = max(longest, time.perf_counter() - start)
            else:
                move = alphabeta_cutoff_search(state, game, opponent_depth, evaluate)
            state = game.result(state, move)
        outcome = game.utility(state, colour)
        results[colour][(1, 0, -1).index(outcome)] += 1
    return Strength(games, time_limit, opponent_depth, results, longest)
