"""W5: the fast solver on the published Connect Four position sets (accuracy and time)."""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from gamekit.bench.workloads import DATA, SETS
from gamekit.connect4_fast import Position, solve


@dataclass
class SetResult:
    """The fast solver on one published set."""

    name: str
    description: str
    positions: int
    correct: int
    mean_seconds: float
    max_seconds: float
    mean_nodes: float

    @property
    def accuracy(self) -> float:
        return self.correct / self.positions if self.positions else 0.0


def solve_set(name: str, limit: int | None) -> SetResult:
    """Solve the first ``limit`` positions of a set (all with None); CPU seconds each."""
    lines = (DATA / f"{name}.txt").read_text().split("\n")
    pairs = [line.split() for line in lines if line.strip()][:limit]
    times, correct, nodes = [], 0, 0
    for moves, score in pairs:
        position = Position.from_moves(moves)
        start = time.process_time()
        solution = solve(position)
        times.append(time.process_time() - start)
        correct += solution.score == int(score)
        nodes += solution.nodes
    return SetResult(
        name,
        SETS[name],
        len(pairs),
        correct,
        statistics.fmean(times),
        max(times),
        nodes / len(pairs),
    )
