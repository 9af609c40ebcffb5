"""W5: the exact solvers on the published Connect Four position sets, next to Pons' C++ solver.

Each set is solved by the pure-Python reference and by the compiled kernel (when numba is
installed), each position from an empty table and without the opening book (as Pons measures
his solver), in CPU seconds. The figures printed per set and solver: positions per second,
nodes per position, nodes per second. A ratio between two solvers is printed as the product it
is: time ratio = tree-size ratio (nodes per position) x cost-per-node ratio (seconds per node).
Pons' own published figures per set (`PONS_PUBLISHED`, quoted with their source) are printed
beside them, each ratio to them split the same way.
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
per-set figures are `PONS_PUBLISHED` and `PONS_PUBLISHED_WEAK` below."""


@dataclass(frozen=True)
class Published:
    """One row of a published benchmark table: mean seconds and mean positions explored per
    position of a set, and the thousands of positions per second printed beside them."""

    mean_seconds: float
    mean_nodes: float
    kilo_positions_per_second: float


PONS_PUBLISHED_SOURCE = (
    'Pascal Pons, "Solving Connect 4: how to build a perfect AI", part 12 "Lower bound'
    " transposition table\" (the tutorial's last step), benchmark table,"
    " http://blog.gamesolver.org/solving-connect-four/12-lower-bound-transposition-table/;"
    " C++, one position at a time, no opening book; the page does not state the machine"
)
"""Where `PONS_PUBLISHED` and `PONS_PUBLISHED_WEAK` come from, quoted as published."""

PONS_PUBLISHED = {
    "Test_L3_R1": Published(4.568e-6, 51.28, 11_230),
    "Test_L2_R1": Published(37.45e-6, 449.6, 12_000),
    "Test_L2_R2": Published(3.212e-3, 39_900, 12_420),
    "Test_L1_R1": Published(254.6e-6, 3_298, 12_950),
    "Test_L1_R2": Published(96.63e-3, 1_201_000, 12_430),
    "Test_L1_R3": Published(5.490, 65_920_000, 12_010),
}
"""Pons' final tutorial solver, strong (exact score), per set: published facts, see
`PONS_PUBLISHED_SOURCE`. His "mean nb pos" counts the positions his negamax explores."""

PONS_PUBLISHED_WEAK = {
    "Test_L3_R1": Published(3.217e-6, 29.36, 9_125),
    "Test_L2_R1": Published(47.73e-6, 532.7, 11_160),
    "Test_L2_R2": Published(1.717e-3, 20_210, 11_760),
    "Test_L1_R1": Published(1.870e-3, 22_230, 11_890),
    "Test_L1_R2": Published(45.01e-3, 538_700, 11_970),
    "Test_L1_R3": Published(3.149, 38_120_000, 12_110),
}
"""The same page's weak solver (win, draw or loss only), per set: published facts."""


def published_ratio_line(s: SetResult, pons: Published, label: str) -> str:
    """``time ratio = tree-size ratio x cost-per-node ratio`` of ``s`` over a published row."""
    time_ratio, tree, per_node = split_ratio(
        pons.mean_nodes, pons.mean_seconds, s.mean_nodes, s.mean_seconds
    )
    return (
        f"{s.name}: {s.engine} / {label} time {time_ratio:,.1f}x = tree {tree:.2f}x"
        f" * cost per node {per_node:,.1f}x ({s.positions} positions here, 1,000 there;"
        " two machines: the cost per node includes the machine)"
    )


def split_ratio(
    base_nodes: float, base_seconds: float, nodes: float, seconds: float
) -> tuple[float, float, float]:
    """``(time ratio, tree-size ratio, cost-per-node ratio)`` of a run over a base; the time
    ratio is the product of the other two."""
    tree = nodes / base_nodes
    per_node = (seconds / nodes) / (base_seconds / base_nodes)
    return seconds / base_seconds, tree, per_node


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
