"""Output: the machine line and the tables the bench prints."""

from __future__ import annotations

import os
import platform
from collections.abc import Sequence

from gamekit.bench.measuring import Measurement
from gamekit.bench.published_sets import (
    PONS_ON_THIS_MACHINE,
    PONS_PUBLISHED,
    PONS_PUBLISHED_SOURCE,
    PONS_PUBLISHED_WEAK,
    SetResult,
    empty_board_analysis,
    published_ratio_line,
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


def _short(x: float) -> str:
    """Seconds in the unit a published figure needs: microseconds below a millisecond."""
    return f"{x * 1e6:.2f} µs" if x < 1e-3 else _seconds(x)


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
    """Per published set and solver: accuracy, time, positions/s, nodes/position, nodes/s;
    Pons' C++ solver's mean time measured here where it is known (`PONS_ON_THIS_MACHINE`) and
    his published mean time and positions explored (`PONS_PUBLISHED`, strong solver; for a
    weak solver such as easyAI's, `PONS_PUBLISHED_WEAK`)."""
    header = (
        f"{'W5 set':11} {'':17} {'solver':17} {'positions':>9} {'correct':>8} {'mean':>10} "
        f"{'max':>10} {'pos/s':>9} {'nodes/pos':>11} {'nodes/s':>11} {'Pons C++ here':>14}"
        f" {'Pons published':>14} {'his nodes/pos':>13}"
    )
    lines = [header, "-" * len(header)]
    for s in sets:
        here = PONS_ON_THIS_MACHINE.get(s.name)
        reference = f"{_seconds(here.mean_seconds)} ({here.source})" if here else ""
        table = PONS_PUBLISHED_WEAK if s.engine.startswith("easyAI") else PONS_PUBLISHED
        published = table.get(s.name)
        pub_time = _short(published.mean_seconds) if published else ""
        pub_nodes = f"{published.mean_nodes:,.0f}" if published else ""
        lines.append(
            f"{s.name:11} {s.description:17} {s.engine:17} {s.positions:>9} {s.accuracy:>8.0%} "
            f"{_seconds(s.mean_seconds):>10} {_seconds(s.max_seconds):>10} "
            f"{s.positions_per_second:>9,.1f} {s.mean_nodes:>11,.0f} {s.nodes_per_second:>11,.0f} "
            f"{reference:>14} {pub_time:>14} {pub_nodes:>13}"
        )
    lines.append(f"Pons published: {PONS_PUBLISHED_SOURCE}.")
    if any(s.engine.startswith("easyAI") for s in sets):
        lines.append(
            "  easyAI rows: its weak solver (win, draw or loss), so 'correct' is the outcome only"
            " and Pons' published columns are his weak solver's."
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
    for (name, engine), s in by_key.items():
        if engine.startswith("easyAI"):
            pons, label = PONS_PUBLISHED_WEAK.get(name), "Pons published (weak)"
        else:
            pons, label = PONS_PUBLISHED.get(name), "Pons published"
        if pons is not None:
            lines.append("  " + published_ratio_line(s, pons, label))
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
