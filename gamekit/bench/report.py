"""Output: the machine line and the tables the bench prints."""

from __future__ import annotations

import os
import platform
from collections.abc import Sequence

from gamekit.bench.measuring import Measurement
from gamekit.bench.published_sets import SetResult


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
    lines = [
        f"{'W5 set':11} {'':17} {'positions':>9} {'correct':>8} {'mean':>10} {'max':>10} "
        f"{'nodes/pos':>10}"
    ]
    for s in sets:
        lines.append(
            f"{s.name:11} {s.description:17} {s.positions:>9} {s.accuracy:>8.0%} "
            f"{_seconds(s.mean_seconds):>10} {_seconds(s.max_seconds):>10} {s.mean_nodes:>10,.0f}"
        )
    return "\n".join(lines)
