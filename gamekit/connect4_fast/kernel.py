"""The fast one: the exact solver's search compiled to machine code with numba.

This is the same algorithm as `gamekit.connect4_fast.reference.window_search` (Pons' negamax:
bitboards, null windows, a table of upper and lower bounds, only moves that do not lose at
once, most threats first then centre first), line for line, so on the same position and the
same window both generate the same nodes whenever neither table has lost an entry. Read the
reference to learn the algorithm; read this file to see what changes when it is compiled:

- **The table is a fixed block of memory**, sized in bytes (`DEFAULT_TABLE_BYTES`, 64 MiB: 2^23
  entries of 8 bytes), not a dict. It is never emptied when full: each position hashes to a
  bucket of two entries, the first kept for the deeper position (more empty cells: its search
  cost more), the second always replaced. An entry packs, in one 64-bit integer, what is left of
  the position's hashed key (the bucket number is the rest), an epoch (`Table.reset` starts a new
  epoch instead of clearing 64 MiB), the number of empty cells, and the bound.
- **No Python objects in the search**: positions are 64-bit integers, the move list of each
  ply lives in a preallocated array, counters live in a small array (`STATS`).
- **Entries can be lost**: a third position hashing to a full bucket evicts one (`Table.evictions`
  counts them), where the reference's dict keeps everything until it is emptied at
  `reference.DEFAULT_TABLE_ENTRIES`; the scores never change, the node counts may, a little.
- **A node budget** instead of a clock (compiled code cannot read Python's): when it is spent
  the search unwinds at once and reports it; the table keeps only sound bounds, so the next call
  goes on from where this one stopped. `gamekit.connect4_fast.analysis` uses it to honour a time
  limit and a Stop button; the compiled search releases the GIL so the board stays responsive.

numba compiles on first use (a few seconds) and caches the machine code next to this file or in
numba's cache folder; where neither is writable (an installed read-only package) it compiles in
memory each session, silently. `available()` says whether the kernel can be used at all (numba
installed, board small enough: keys of at most 50 bits, at most 60 cells, 4 in a row).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gamekit.connect4_fast.reference import Shape

DEFAULT_TABLE_BYTES = 64 << 20
"""Bytes of the compiled solver's table (64 MiB)."""

ENTRY_BYTES = 8
"""Bytes per table entry (one 64-bit integer)."""

MIN_TABLE_BYTES = 16 * ENTRY_BYTES
"""The smallest table: 16 entries, 8 buckets (tests use it to make entries collide)."""

# Slots of the STATS array shared between Python and the kernel
NODES, LIMIT, ABORTED, EPOCH, EVICTIONS, STORES = range(6)
STATS = 6

INFO_BITS = 14  # 6 bits: empty cells of the stored position; 8 bits: 2 * (bound + 64) + flag

_kernel: Any = None
_import_error: str | None = None


def _compile() -> Any:
    """Import numba and the compiled search (`compiled.negamax`), once; None when unavailable."""
    global _kernel, _import_error
    if _kernel is not None or _import_error is not None:
        return _kernel
    try:
        from gamekit.connect4_fast import compiled
    except ImportError as error:  # numba is optional: the pure-Python solver takes over
        _import_error = f"numba is not installed ({error})"
        return None
    _kernel = compiled.negamax
    return _kernel


def available(sh: Shape | None = None) -> bool:
    """Can the compiled kernel solve boards of shape ``sh`` (any board if None)?"""
    if _compile() is None:
        return False
    return sh is None or (
        sh.k == 4 and sh.width * sh.column_bits <= 50 and sh.cells <= 60 and sh.height >= 2
    )


def unavailable_reason() -> str | None:
    """Why the kernel cannot be used (None when it can)."""
    _compile()
    return _import_error


class Table:
    """The compiled solver's transposition table: ``bytes`` of memory, 8 bytes an entry.

    Entries come in buckets of two; their number is the largest power of two that fits.
    ``reset()`` forgets every entry in constant time (a new epoch); after 2^k epochs, k the
    epoch's bits, the memory is cleared for real.
    """

    def __init__(self, sh: Shape, bytes: int = DEFAULT_TABLE_BYTES) -> None:
        if not isinstance(bytes, int) or bytes < MIN_TABLE_BYTES:
            raise ValueError(f"a table needs at least {MIN_TABLE_BYTES} bytes, got {bytes!r}")
        self.shape = sh
        entries = 1 << ((bytes // ENTRY_BYTES).bit_length() - 1)
        self.entries = entries
        self.bytes = entries * ENTRY_BYTES
        self.key_bits = sh.width * sh.column_bits
        self.bucket_bits = entries.bit_length() - 2  # entries = 2 * buckets
        self.rest_bits = self.key_bits - self.bucket_bits
        self.epoch_bits = 63 - INFO_BITS - self.rest_bits
        if self.epoch_bits < 1:
            raise ValueError(f"board too large for the compiled table: {self.key_bits}-bit keys")
        self.memory = np.zeros(entries, dtype=np.int64)
        self.memory.fill(0)  # touch every page now, not during the first searches
        self.stats = np.zeros(STATS, dtype=np.int64)
        self.stats[EPOCH] = 1
        # Per ply: the moves to try and their scores (no allocation inside the search)
        self.moves = np.zeros((sh.cells + 2, sh.width), dtype=np.int64)
        self.scores = np.zeros((sh.cells + 2, sh.width), dtype=np.int64)
        self.ranked = np.array([sh.column_masks[c] for c in sh.order], dtype=np.int64)

    def reset(self) -> None:
        """Forget every entry (a new epoch; the memory is cleared when epochs run out)."""
        self.stats[EPOCH] += 1
        self.stats[EVICTIONS] = self.stats[STORES] = 0
        if self.stats[EPOCH] >= 1 << self.epoch_bits:
            self.memory[:] = 0
            self.stats[EPOCH] = 1

    @property
    def evictions(self) -> int:
        """Entries of other positions overwritten since the last reset."""
        return int(self.stats[EVICTIONS])

    def used(self) -> int:
        """Entries written in the current epoch (a full scan: for tests and reports)."""
        epoch_field = (self.memory >> INFO_BITS) & ((1 << self.epoch_bits) - 1)
        return int(np.count_nonzero((self.memory != 0) & (epoch_field == self.stats[EPOCH])))


def window_search(
    table: Table, current: int, mask: int, moves: int, alpha: int, beta: int, node_limit: int
) -> tuple[int, int, bool]:
    """The compiled `reference.window_search`: (score, nodes, finished). ``finished`` is False
    when ``node_limit`` nodes were spent first (the score is then meaningless)."""
    kernel = _compile()
    if kernel is None:
        raise RuntimeError(f"the compiled solver is unavailable: {_import_error}")
    sh, stats = table.shape, table.stats
    stats[NODES] = 0
    stats[LIMIT] = node_limit
    stats[ABORTED] = 0
    score = kernel(
        current,
        mask,
        moves,
        alpha,
        beta,
        sh.bottom,
        sh.board,
        sh.cells,
        sh.height,
        table.ranked,
        table.memory,
        table.bucket_bits,
        table.rest_bits,
        table.epoch_bits,
        stats,
        table.moves,
        table.scores,
    )
    return int(score), int(stats[NODES]), not stats[ABORTED]
