"""Speed figures of gamekit's textbook engines: ``python -m gamekit.bench`` (``make bench``).

For each workload it prints the nodes the engine generates (counted on one traced run, root
included), the seconds of the best of several *untraced* runs (tracing costs time), both wall
clock and CPU time (which a busy machine disturbs less), and nodes per second. Before every
timed run the game's successor cache is emptied, so each run builds its positions from scratch
and a later run does not profit from an earlier one.

Workloads:

- W1: full minimax (`minimax_decision`) from the empty 3 x 3 tic-tac-toe board;
- W2: full alpha-beta (`alphabeta_search`) from the same board, and `negamax` on it;
- W3: W2 with the centre explored first (`OrderedGame`), to show what move ordering buys;
- W4: full alpha-beta of 4 x 4 Connect Four with k = 3.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gamekit.games import ConnectFour, Game, OrderedGame, TicTacToe
from gamekit.search import alphabeta_search, minimax_decision, negamax
from gamekit.trace import run_traced

TARGETS = {"W1": 0.8, "W2": 0.03}
"""Seconds the course aims for on a 2-core laptop-class machine (pure Python)."""


@dataclass(frozen=True)
class Workload:
    """One engine searching one game from its start."""

    name: str
    description: str
    engine: Callable[..., Any]
    make_game: Callable[[], Game]


@dataclass(frozen=True)
class Result:
    workload: Workload
    nodes: int
    seconds: float  # wall clock, best run
    cpu_seconds: float  # this process's CPU time, best run: steadier on a busy machine
    value: float
    move: Any

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else float("inf")


def centre_first(game: Game, state: Any, move: tuple[int, int]) -> float:
    """Distance of a cell from the centre of the board: explore the centre first."""
    return abs(move[0] - (game.h + 1) / 2) + abs(move[1] - (game.v + 1) / 2)


WORKLOADS = [
    Workload("W1", "3x3 tic-tac-toe, full minimax", minimax_decision, TicTacToe),
    Workload("W2", "3x3 tic-tac-toe, full alpha-beta", alphabeta_search, TicTacToe),
    Workload("W2", "3x3 tic-tac-toe, full alpha-beta", negamax, TicTacToe),
    Workload(
        "W3",
        "3x3, alpha-beta, centre first",
        alphabeta_search,
        lambda: OrderedGame(TicTacToe(), key=centre_first),
    ),
    Workload(
        "W4", "4x4 Connect Four k=3, alpha-beta", alphabeta_search, lambda: ConnectFour(4, 4, 3)
    ),
]


def clear_successor_cache(game: Game) -> None:
    """Forget the successors a TicTacToe remembers (through an OrderedGame too)."""
    cache = getattr(game, "_successors", None)
    if cache is not None:
        cache.clear()


def measure(workload: Workload, repeat: int) -> Result:
    """Nodes from one traced run; seconds: the best of ``repeat`` untraced runs."""
    game = workload.make_game()
    (value, move), trace = run_traced(workload.engine, game.initial, game, with_value=True)
    best = best_cpu = float("inf")
    for _ in range(repeat):
        clear_successor_cache(game)
        gc.collect()
        start, start_cpu = time.perf_counter(), time.process_time()
        answer = workload.engine(game.initial, game, with_value=True)
        best = min(best, time.perf_counter() - start)
        best_cpu = min(best_cpu, time.process_time() - start_cpu)
        if answer != (value, move):
            raise RuntimeError(f"{workload.name}: untraced run gave {answer}, traced {value, move}")
    return Result(workload, trace.stats.nodes, best, best_cpu, value, move)


def machine_line() -> str:
    python = f"Python {platform.python_version()} ({platform.python_implementation()})"
    cpus = os.cpu_count() or "?"
    line = f"{python} on {platform.platform()}, {platform.machine()}, {cpus} CPUs"
    if hasattr(os, "getloadavg"):  # a busy machine gives slower figures: say how busy it is
        line += f", load average {os.getloadavg()[0]:.2f}"
    return line


def table(results: Sequence[Result]) -> str:
    header = (
        f"{'':3} {'workload':34} {'engine':17} {'nodes':>9} {'seconds':>9} {'cpu s':>8} "
        f"{'nodes/s':>11} {'value':>6}  move"
    )
    lines = [header, "-" * len(header)]
    for r in results:
        w = r.workload
        lines.append(
            f"{w.name:3} {w.description:34} {w.engine.__name__:17} {r.nodes:>9,} "
            f"{r.seconds:>9.4f} {r.cpu_seconds:>8.4f} {r.nodes_per_second:>11,.0f} "
            f"{r.value:>6}  {r.move}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gamekit.bench", description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="untraced runs per workload")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")

    print("gamekit engine benchmark")
    print(machine_line())
    print(
        f"nodes: one traced run, root included; seconds: best of {args.repeat} untraced runs "
        "(wall clock; cpu s: this process's CPU time), successor cache cleared before each run;"
        " nodes/s = nodes / seconds"
    )
    print()
    results = [measure(workload, args.repeat) for workload in WORKLOADS]
    print(table(results))
    print()
    for name, limit in TARGETS.items():
        first = next(r for r in results if r.workload.name == name)  # the textbook engine
        verdict = "met" if first.seconds < limit else "NOT met"
        print(
            f"target {name} < {limit} s: {verdict} "
            f"({first.workload.engine.__name__}, {first.seconds:.4f} s)"
        )
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
