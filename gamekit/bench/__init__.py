"""``make bench``: gamekit's engines against each other and against their peers, in one table.

Run ``python -m gamekit.bench`` (the full bench; peers are used when installed),
``--quick`` (a few seconds, no peers: checks that the figures are consistent) and
``--json PATH`` (the results as JSON too).

Workloads (the same board, depth, evaluation and move order for every engine, except the fast
engine, whose own ordering and table are the point):

- W1 full minimax and W2 full alpha-beta from the empty 3 x 3 board, with the successor cache
  of `TicTacToe.result` on and off;
- W3 Connect Four 7 x 6 from the empty board to depth 4, 6 and 8, with win/loss leaves (every
  non-terminal leaf scores 0) and with the window evaluation (`gamekit.heuristics.eval_for`);
- W4 Connect Four 4 x 4 with k = 3, solved;
- W5 exact solving of the published position sets in ``gamekit/bench/data/connect4/`` by the
  fast engine's solver, pure Python and compiled (the other engines cannot): accuracy, mean and
  maximum time, positions per second, nodes per position and per second, next to Pons' C++
  solver where its time is known; solver ratios split as tree size x cost per node; the empty
  board's `analyse` time and the compiled table's bytes.

Equal trees (EQ): the textbook alpha-beta against OpenSpiel's and aima-python's (``aima3``) on
the same 7 x 6 positions and depths, children in the same order, the same leaf values at the
same cost on every side (win/loss leaves, or the window evaluation recorded before any timing and
replayed in visit order) and no adapter inside the timed region; node counts and best moves are
checked equal, and each ratio is printed as time = tree size x cost per node
(`gamekit.bench.equal_trees`).

Published figures: W5 prints Pons' own published mean time and positions explored per set (his
tutorial's last step, strong and weak solver; quoted with their source, the machine is not
stated there) beside the course's solvers, the ratio split as tree size x cost per node; and, when
easyAI is installed, easyAI's own solver with its transposition table on samples of the easy
sets (a weak solver: win, draw or loss).

Engines: the textbook engines of `gamekit.search`; `gamekit.connect4_fast` ("fast"); easyAI's
Negamax without and with its transposition table; OpenSpiel's Python minimax (its
``expectiminimax``) and alpha-beta over its C++ games. A peer that is not installed is reported
as such. Peers score wins as +-1 (OpenSpiel) or with their own depth bonus (easyAI), so their
values are shown but compared only where the conventions agree.

How it measures: every engine first runs once instrumented, counting its nodes (each position
generated, the root included) and the peak of Python's heap (`tracemalloc`; C++ memory of
OpenSpiel's states is not seen). Then ``--repeat`` timed runs of every entry are interleaved
(run 1 of every engine, then run 2, ...), so load on the machine hits every engine alike.
Times are CPU seconds of this process; caches (successors, evaluation memos) are emptied before
every run. The table shows the median and the range, nodes per second, and the ratio of each
time to the fast engine's on the same workload.

Modules, one for each part of the bench: `gamekit.bench.workloads` (the workloads' names, the
published sets, known counts), `gamekit.bench.measuring` (entries, counting and interleaved
timing), `gamekit.bench.gamekit_engines` (the textbook and fast engines), `gamekit.bench.peers`,
`gamekit.bench.openspiel_peer` and `gamekit.bench.easyai_peer` (the peers),
`gamekit.bench.published_sets` (W5 and Pons' published figures),
`gamekit.bench.equal_trees` (EQ), `gamekit.bench.playing_strength` (``--strength``),
`gamekit.bench.checks` (consistency checks and targets), `gamekit.bench.report` (the tables) and
`gamekit.bench.cli` (``main``). Every name is importable from ``gamekit.bench`` itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from gamekit.bench import cli
from gamekit.bench.checks import Target, consistency_checks, find, targets
from gamekit.bench.easyai_peer import easyai_entries, easyai_solve_set
from gamekit.bench.equal_trees import Comparison, compare, equal_trees_table
from gamekit.bench.gamekit_engines import (
    CountingGame,
    fast_search_entry,
    fast_solve_entry,
    gamekit_entries,
    textbook_entry,
    uncached,
)
from gamekit.bench.measuring import (
    Entry,
    Measurement,
    clear_successor_cache,
    measure,
    reset_caches,
)
from gamekit.bench.openspiel_peer import openspiel_entries
from gamekit.bench.peers import PEER_MODULES, peer_versions
from gamekit.bench.playing_strength import Strength, strength
from gamekit.bench.published_sets import (
    PONS_PUBLISHED,
    PONS_PUBLISHED_SOURCE,
    PONS_PUBLISHED_WEAK,
    Published,
    SetResult,
    solve_set,
    split_ratio,
)
from gamekit.bench.report import machine_line, sets_table, table
from gamekit.bench.workloads import (
    DATA,
    FULL_SETS,
    SETS,
    TIC_TAC_TOE_NODES,
    W1,
    W2,
    W4,
    w3_description,
)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m gamekit.bench``: the bench's command line, with this docstring as its help."""
    return cli.main(argv, description=__doc__)


__all__ = [
    "DATA",
    "FULL_SETS",
    "PEER_MODULES",
    "SETS",
    "TIC_TAC_TOE_NODES",
    "W1",
    "W2",
    "W4",
    "PONS_PUBLISHED",
    "PONS_PUBLISHED_SOURCE",
    "PONS_PUBLISHED_WEAK",
    "Comparison",
    "CountingGame",
    "Entry",
    "Measurement",
    "Published",
    "SetResult",
    "Strength",
    "Target",
    "clear_successor_cache",
    "compare",
    "consistency_checks",
    "easyai_entries",
    "easyai_solve_set",
    "equal_trees_table",
    "fast_search_entry",
    "fast_solve_entry",
    "find",
    "gamekit_entries",
    "machine_line",
    "main",
    "measure",
    "openspiel_entries",
    "peer_versions",
    "reset_caches",
    "sets_table",
    "solve_set",
    "split_ratio",
    "strength",
    "table",
    "targets",
    "textbook_entry",
    "uncached",
    "w3_description",
]
