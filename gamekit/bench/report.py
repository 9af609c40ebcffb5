"""Output: the machine line and the tables the bench prints."""

from __future__ import annotations

import os
import platform
from collections.abc import Sequence

from gamekit.bench.measuring import Measurement
from gamekit.bench.published_sets import (
    PONS_ON_THIS_MACHINE,
    SetResult,
    empty_board_analysis,
    ratio_line,
)
from gamekit.connect4_fast import DEFAULT_TABLE_ENTRIES, shape
from gamekit.connect4_fast import kernel as compiled_kernel
from gamekit.connect4_fast.kernel import ENTRY_BYTES
from gamekit.connect4_fast.solver import shared_table


def machine_line() -> str:
    python = f"Python {platform.python_version()} ({platform.python_implementation()})"
    cpus = os.cpu_count() or "?"
    line = f"{python} on {platform.platform()}, {platform.machine()}, {cpus} CPUs"
    if hasattr(os, "getloadavg"):  # a busy machine gives slower figures: say how busy it is
        line += f", load average {os.getloadavg()[0]:.2f}"
    return line


def _seconds(x: float) -> str:
    return f"{x * 1000:.2f} ms" if x < 1 else f"{x:.2f} s"


def table(results: Sequence[Measurement]) -> str:
    """One row per entry; ratio: this time over the fast engine's on the same workload."""
    header = (
        f"{'':3} {'workload':31} {'engine':23} {'nodes':>11} {'median':>10} "
        f"{'range':>21} {'nodes/s':>11} {'x fast':>8} {'peak MiB':>8}  value"
    )
    lines = [header, "-" * len(header)]
    for r in results:
        fast = next(
            (
                f
                for f in results
                if f.engine.startswith("fast")
                and (f.workload, f.description) == (r.workload, r.description)
            ),
            None,
        )
        ratio = f"{r.median / fast.median:8.1f}" if fast and fast.median > 0 else f"{'-':>8}"
        spread = f"{_seconds(min(r.seconds))} - {_seconds(max(r.seconds))}"
        lines.append(
            f"{r.workload:3} {r.description:31} {r.engine:23} {r.nodes:>11,} "
            f"{_seconds(r.median):>10} {spread:>21} {r.nodes_per_second:>11,.0f} {ratio} "
            f"{r.peak_bytes / 2**20:>8.1f}  {r.value + 0:g}"
        )
    return "\n".join(lines)


def sets_table(sets: Sequence[SetResult]) -> str:
    """Per published set and solver: accuracy, time, positions/s, nodes/position, nodes/s, and
    Pons' C++ solver's mean time where it is known (`PONS_ON_THIS_MACHINE`)."""
    header = (
        f"{'W5 set':11} {'':17} {'solver':9} {'positions':>9} {'correct':>8} {'mean':>10} "
        f"{'max':>10} {'pos/s':>9} {'nodes/pos':>11} {'nodes/s':>11} {'Pons C++ mean':>14}"
    )
    lines = [header, "-" * len(header)]
    for s in sets:
        pons = PONS_ON_THIS_MACHINE.get(s.name)
        reference = f"{_seconds(pons.mean_seconds)} ({pons.source})" if pons else ""
        lines.append(
            f"{s.name:11} {s.description:17} {s.engine:9} {s.positions:>9} {s.accuracy:>8.0%} "
            f"{_seconds(s.mean_seconds):>10} {_seconds(s.max_seconds):>10} "
            f"{s.positions_per_second:>9,.1f} {s.mean_nodes:>11,.0f} {s.nodes_per_second:>11,.0f} "
            f"{reference:>14}"
        )
    return "\n".join(lines)


def solver_notes(sets: Sequence[SetResult], warm_seconds: float, budget: float = 60.0) -> str:
    """Ratios between the solvers (tree size x cost per node), against Pons' time where known,
    the empty board's analysis time (within ``budget`` seconds) and the table's memory."""
    lines = []
    by_key = {(s.name, s.engine): s for s in sets}
    for (name, engine), s in by_key.items():
        compiled = by_key.get((name, "compiled"))
        if engine == "pure" and compiled is not None and s.positions == compiled.positions:
            lines.append("  " + ratio_line(s, compiled, "pure", "compiled"))
    for (name, engine), s in by_key.items():
        pons = PONS_ON_THIS_MACHINE.get(name)
        if pons is not None:
            lines.append(
                f"  {name}: {engine} / Pons C++ time {s.mean_seconds / pons.mean_seconds:.1f}x"
                f" (the first {s.positions} positions here, the issue's own sample there;"
                " Pons' nodes per position are not known here, so the ratio is not split)"
            )
    seconds, how = empty_board_analysis(budget)
    lines.append(f"  empty board, analyse(): {_seconds(seconds)} ({how})")
    if compiled_kernel.available():
        table = shared_table(shape())
        lines.append(
            f"  compiled table: {table.bytes:,} bytes ({table.entries:,} entries of "
            f"{ENTRY_BYTES} bytes, buckets of 2, replaced by depth); kernel loaded in "
            f"{_seconds(warm_seconds)}"
        )
    else:
        lines.append(f"  compiled solver unavailable: {compiled_kernel.unavailable_reason()}")
    lines.append(
        f"  pure table: a dict emptied past {DEFAULT_TABLE_ENTRIES:,} entries"
        " (about 100-200 bytes each in Python)"
    )
    return "solvers:\n" + "\n".join(lines)
