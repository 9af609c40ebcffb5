"""Speed of negamax and MCTS on the seed games: ``python -m gamekit.gamebench`` (in ``make bench``).

- Hex 7 x 7 and Quarto: nodes per second of `gamekit.negamax.negamax_search`, with and without
  its transposition table, on fixed seeded positions (nodes counted on one traced run);
- MCTS iterations per second on tic-tac-toe, Connect Four, Hex 7 x 7 and Quarto.

Figures only; ``--quick`` runs smaller searches (for ``make test``) and checks that the figures
are consistent: with the table a search never generates more nodes than without it, and both
return the same value.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from gamekit.games import ConnectFour, Game, TicTacToe
from gamekit.hex import Hex
from gamekit.hex_heuristics import shortest_path
from gamekit.mcts import mcts_search
from gamekit.negamax import TranspositionTable, negamax_search
from gamekit.quarto import Quarto, shared_attributes
from gamekit.trace import run_traced


def seeded_position(game: Game, plies: int, seed: int) -> Any:
    """The position after ``plies`` random moves from the start (seeded)."""
    rng, state = random.Random(seed), game.initial
    for _ in range(plies):
        if game.terminal_test(state):
            break
        state = game.result(state, rng.choice(game.actions(state)))
    return state


def best_seconds(run: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def negamax_rows(quick: bool) -> list[dict]:
    """Hex 7x7 at depth 2 (3 in the full run) and a Quarto endgame searched to the end."""
    hex_game, quarto = Hex(7), Quarto()
    cases = [
        ("Hex 7x7", hex_game, seeded_position(hex_game, 6, 1), 2 if quick else 3, shortest_path),
        ("Quarto", quarto, seeded_position(quarto, 9 if quick else 8, 2), None, shared_attributes),
    ]
    rows = []
    for name, game, state, depth, evaluation in cases:
        for table in (False, True):

            def search(on: Game, table=table, state=state, depth=depth, evaluation=evaluation):
                fresh = TranspositionTable() if table else None
                return negamax_search(state, on, depth, evaluation, with_value=True, table=fresh)

            (value, _), trace = run_traced(lambda s, g, search=search: search(g), state, game)
            seconds = best_seconds(lambda search=search, game=game: search(game), 1 if quick else 3)
            rows.append(
                {
                    "workload": f"{name}, negamax depth {depth or 'to the end'}",
                    "engine": "negamax + table" if table else "negamax",
                    "nodes": trace.stats.nodes,
                    "seconds": seconds,
                    "value": value,
                }
            )
    return rows


def mcts_rows(quick: bool) -> list[dict]:
    iterations = 200 if quick else 2000
    games = [
        ("tic-tac-toe", TicTacToe()),
        ("Connect Four", ConnectFour()),
        ("Hex 7x7", Hex(7)),
        ("Quarto", Quarto()),
    ]
    rows = []
    for name, game in games:
        state = seeded_position(game, 2, 3)
        seconds = best_seconds(
            lambda game=game, state=state: mcts_search(state, game, iterations=iterations, seed=0),
            1 if quick else 3,
        )
        rows.append(
            {
                "workload": f"{name}, MCTS {iterations:,} iterations",
                "engine": "mcts",
                "nodes": iterations,
                "seconds": seconds,
                "value": None,
            }
        )
    return rows


def check(rows: list[dict]) -> list[str]:
    """Inconsistent figures: the table must not add nodes nor change the value."""
    problems = []
    by_workload: dict[str, dict[str, dict]] = {}
    for row in rows:
        by_workload.setdefault(row["workload"], {})[row["engine"]] = row
    for workload, engines in by_workload.items():
        plain, tabled = engines.get("negamax"), engines.get("negamax + table")
        if plain and tabled:
            if tabled["nodes"] > plain["nodes"]:
                problems.append(f"{workload}: the table added nodes")
            if tabled["value"] != plain["value"]:
                problems.append(f"{workload}: the table changed the value")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gamekit.gamebench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="small searches, a few seconds")
    args = parser.parse_args(argv)
    rows = negamax_rows(args.quick) + mcts_rows(args.quick)
    print(f"{'workload':42s} {'engine':16s} {'nodes/iter.':>11s} {'CPU s':>8s} {'per second':>11s}")
    for row in rows:
        rate = row["nodes"] / row["seconds"] if row["seconds"] else float("inf")
        print(
            f"{row['workload']:42s} {row['engine']:16s} {row['nodes']:11,d} "
            f"{row['seconds']:8.3f} {rate:11,.0f}"
        )
    problems = check(rows)
    for problem in problems:
        print("INCONSISTENT:", problem)
    print("median CPU seconds:", round(statistics.median(r["seconds"] for r in rows), 3))
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
