"""Entries and measurements: what one engine on one workload is, and how it is counted and timed.

`measure` runs each entry once instrumented (nodes, peak memory), then times the entries in
interleaved rounds with every cache emptied before each run.
"""

from __future__ import annotations

import gc
import statistics
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamekit import connect4_fast, heuristics
from gamekit.games import Game


@dataclass
class Entry:
    """One engine on one workload: ``run()`` searches and returns the value; ``count()`` runs
    once more, instrumented, and returns ``(value, nodes)``."""

    workload: str
    description: str
    engine: str
    run: Callable[[], Any]
    count: Callable[[], tuple[Any, int]]
    comparable: bool = True  # does its value follow gamekit's conventions?


@dataclass
class Measurement:
    """The figures of one entry."""

    workload: str
    description: str
    engine: str
    value: Any
    nodes: int
    peak_bytes: int
    seconds: list[float] = field(default_factory=list)  # CPU seconds of each timed run
    comparable: bool = True

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.median if self.median > 0 else float("inf")


def reset_caches(*games: Game) -> None:
    """Empty every memo a run could inherit from the previous one."""
    for game in games:
        clear_successor_cache(game)
    heuristics._board_scores.clear()
    heuristics._line_scores.clear()
    for sh in (connect4_fast.shape(), connect4_fast.shape(4, 4, 3)):
        sh.gains.clear()
    gc.collect()


def clear_successor_cache(game: Game) -> None:
    """Forget the successors a TicTacToe remembers (through a GameWrapper too)."""
    cache = getattr(game, "_successors", None)
    if cache is not None:
        cache.clear()


def measure(entries: Sequence[Entry], repeat: int, log: Callable[[str], None]) -> list:
    """Instrumented run of each entry (nodes, peak memory), then interleaved timed runs."""
    results = []
    for entry in entries:
        reset_caches()
        tracemalloc.start()
        value, nodes = entry.count()
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        results.append(
            Measurement(
                entry.workload,
                entry.description,
                entry.engine,
                value,
                nodes,
                peak,
                comparable=entry.comparable,
            )
        )
        log(f"  counted {entry.workload} {entry.description} / {entry.engine}: {nodes:,} nodes")
    for round_ in range(repeat):
        for entry, result in zip(entries, results, strict=True):
            reset_caches()
            start = time.process_time()
            value = entry.run()
            result.seconds.append(time.process_time() - start)
            if value != result.value:
                raise RuntimeError(
                    f"{entry.engine} on {entry.workload}: a timed run gave {value!r}, "
                    f"the counted run {result.value!r}"
                )
        log(f"  timed round {round_ + 1} of {repeat}")
    return results
