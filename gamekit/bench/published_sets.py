"""W5: the exact solvers on the published Connect Four position sets, next to Pons' C++ solver.

Each set is solved by the pure-Python reference and by the compiled kernel (when numba is
installed), each position from an empty table and without the opening book (as Pons measures
his solver), in CPU seconds. The figures printed per set and solver: positions per second,
nodes per position, nodes per second. A ratio between two solvers is printed as the product it
is: time ratio = tree-size ratio (nodes per position) x cost-per-node ratio (seconds per node).
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from gamekit.bench.workloads import DATA, SETS
from gamekit.connect4_fast import Position, analyse, solve
from gamekit.connect4_fast import kernel as compiled_kernel


@dataclass
class SetResult:
    """One solver on one published set."""

    name: str
    description: str
    positions: int
    correct: int
    mean_seconds: float
    max_seconds: float
    mean_nodes: float
    engine: str = "pure"

    @property
    def accuracy(self) -> float:
        return self.correct / self.positions if self.positions else 0.0

    @property
    def positions_per_second(self) -> float:
        return 1 / self.mean_seconds if self.mean_seconds > 0 else float("inf")

    @property
    def nodes_per_second(self) -> float:
        return self.mean_nodes / self.mean_seconds if self.mean_seconds > 0 else 0.0


@dataclass(frozen=True)
class Reference:
    """Pons' C++ solver on a set: mean seconds a position and where the figure comes from."""

    mean_seconds: float
    source: str


PONS_ON_THIS_MACHINE = {
    "Test_L2_R2": Reference(5.6e-3, "issue 24"),
    "Test_L1_R2": Reference(0.54, "issue 24"),
}
"""Pascal Pons' C++ solver (github.com/PascalPons/connect4, no opening book, CPU time), as the
course's issue 24 reports it measured on this project's 2-core machines in the same run as the
pure-Python solver (2.7 to 6.4 M nodes per second over the four main sets). His blog's own
per-set table (blog.gamesolver.org, "Solving Connect 4") could not be retrieved when this bench
was written, so no figure of it is quoted here."""


def solve_set(name: str, limit: int | None, engine: str = "pure") -> SetResult:
    """Solve the first ``limit`` positions of a set (all with None) with ``engine``
    (``"pure"`` or ``"compiled"``); CPU seconds each, the position's parsing excluded."""
    lines = (DATA / f"{name}.txt").read_text().split("\n")
    pairs = [line.split() for line in lines if line.strip()][:limit]
    times, correct, nodes = [], 0, 0
    for moves, score in pairs:
        position = Position.from_moves(moves)
        start = time.process_time()
        solution = solve(position, engine=engine, book=False)  # type: ignore[arg-type]
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
        engine,
    )


def engines_available() -> list[str]:
    """The solvers the bench can run here: always ``"pure"``, ``"compiled"`` with numba."""
    return ["pure", "compiled"] if compiled_kernel.available() else ["pure"]


def warm_up() -> float:
    """Load (or compile) the compiled kernel once, outside any timing: the seconds it took."""
    if not compiled_kernel.available():
        return 0.0
    start = time.perf_counter()
    solve("2252576253462244111563365343671351441", engine="compiled", book=False)
    return time.perf_counter() - start


def empty_board_analysis(budget: float = 60.0) -> tuple[float, str]:
    """Wall-clock seconds of `analyse` on the empty board (at most ``budget``), and how it was
    answered."""
    start = time.perf_counter()
    result = analyse("", seconds=budget)
    seconds = time.perf_counter() - start
    how = "every column exact" if result.complete else f"stopped ({result.stopped})"
    how += ", from the opening book" if result.nodes == 0 else f", {result.nodes:,} nodes"
    return seconds, how


def ratio_line(slow: SetResult, fast: SetResult, slow_name: str, fast_name: str) -> str:
    """``time ratio = tree-size ratio x cost-per-node ratio`` of ``slow`` over ``fast``."""
    tree = slow.mean_nodes / fast.mean_nodes if fast.mean_nodes else float("nan")
    per_node = (slow.mean_seconds / max(slow.mean_nodes, 1)) / (
        fast.mean_seconds / max(fast.mean_nodes, 1)
    )
    return (
        f"{slow.name}: {slow_name} / {fast_name} time {slow.mean_seconds / fast.mean_seconds:.1f}x"
        f" = tree {tree:.2f}x * cost per node {per_node:.1f}x"
    )
