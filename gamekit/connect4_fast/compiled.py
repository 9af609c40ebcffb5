"""The compiled functions of `gamekit.connect4_fast.kernel` (imported only when numba is).

Machine code is cached (``cache=True``) next to this file or in numba's cache folder; where
neither is writable (a read-only install) the functions are compiled in memory each session.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import numba


def _jit(function: Callable[..., Any]) -> Any:
    """``numba.njit(cache=True, nogil=True)``, without the cache when none is writable."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return numba.njit(cache=True, nogil=True)(function)
        except Exception:  # no writable cache locator: compile in memory, silently
            return numba.njit(nogil=True)(function)


@_jit
def popcount(x: int) -> int:
    """The number of set bits of a non-negative 64-bit integer (``int.bit_count``)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56


@_jit
def winning_cells(stones: int, mask: int, board: int, height: int) -> int:
    """Pons' formula: empty cells that give ``stones`` four in a row."""
    a, d, u = height + 1, height, height + 2
    found = (stones << 1) & (stones << 2) & (stones << 3)
    pair = (stones << a) & (stones << (2 * a))
    found |= pair & ((stones << (3 * a)) | (stones >> a))
    pair = (stones >> a) & (stones >> (2 * a))
    found |= pair & ((stones << a) | (stones >> (3 * a)))
    pair = (stones << d) & (stones << (2 * d))
    found |= pair & ((stones << (3 * d)) | (stones >> d))
    pair = (stones >> d) & (stones >> (2 * d))
    found |= pair & ((stones << d) | (stones >> (3 * d)))
    pair = (stones << u) & (stones << (2 * u))
    found |= pair & ((stones << (3 * u)) | (stones >> u))
    pair = (stones >> u) & (stones >> (2 * u))
    found |= pair & ((stones << u) | (stones >> (3 * u)))
    return found & (board ^ mask)


@_jit
def negamax(
    current, mask, moves, alpha, beta,
    bottom, board, cells, height, ranked,
    memory, bucket_bits, rest_bits, epoch_bits, stats, move_lists, score_lists,
):  # fmt: skip
    """`reference.window_search`'s ``negamax``, compiled: the score for the mover within
    [alpha, beta]. The board's constants come as arguments, the table as ``memory`` (see
    `kernel.Table`), counters in ``stats`` (`kernel.NODES` ...), the moves of each ply in the
    rows ``moves`` of ``move_lists`` and ``score_lists``."""
    stats[0] += 1  # NODES
    if stats[0] > stats[1]:  # LIMIT: unwind, reporting nothing
        stats[2] = 1  # ABORTED
        return 0
    possible = (mask + bottom) & board
    threats = winning_cells(current ^ mask, mask, board, height)
    forced = possible & threats
    if forced:
        if forced & (forced - 1):
            return -((cells - moves) // 2)
        possible = forced
    safe = possible & ~(threats >> 1)
    if not safe:
        return -((cells - moves) // 2)
    if moves >= cells - 2:
        return 0
    low = -((cells - 2 - moves) // 2)
    if alpha < low:
        alpha = low
        if alpha >= beta:
            return alpha
    high = (cells - 1 - moves) // 2
    # The table: key -> hashed (a bijection on key_bits bits: xorshift, odd multiplier) ->
    # bucket (its top bits) and rest (the others): the entry keeps the rest to know its key
    key = current + mask
    key_bits = bucket_bits + rest_bits
    hashed = ((key ^ (key >> 24)) * 0x5851F42D4C957F2D) & ((1 << key_bits) - 1)
    bucket = hashed >> rest_bits
    rest = hashed & ((1 << rest_bits) - 1)
    epoch = stats[3]
    tag = (rest << (epoch_bits + 14)) | (epoch << 14)  # what an entry of this key starts with
    tag_mask = -1 << 14
    slot = 2 * bucket
    found = -1
    entry = memory[slot]
    if entry & tag_mask == tag:
        found = slot
    else:
        entry = memory[slot + 1]
        if entry & tag_mask == tag:
            found = slot + 1
    if found >= 0:
        code = (entry & 0xFF) - 128
        bound = code >> 1
        if code & 1:
            if alpha < bound:
                alpha = bound
                if alpha >= beta:
                    return alpha
        elif bound < high:
            high = bound
    if beta > high:
        beta = high
        if alpha >= beta:
            return beta
    # Moves: most threats made first, then centre first (insertion sort, descending)
    count = 0
    width = ranked.shape[0]
    for rank in range(width):
        move = safe & ranked[rank]
        if move:
            made = popcount(winning_cells(current | move, mask | move, board, height))
            score = (made << 4) + 15 - rank
            i = count
            while i > 0 and score_lists[moves, i - 1] < score:
                score_lists[moves, i] = score_lists[moves, i - 1]
                move_lists[moves, i] = move_lists[moves, i - 1]
                i -= 1
            score_lists[moves, i] = score
            move_lists[moves, i] = move
            count += 1
    opponent = current ^ mask
    result = alpha
    lower = False
    for i in range(count):
        move = move_lists[moves, i]
        score = -negamax(
            opponent, mask | move, moves + 1, -beta, -alpha,
            bottom, board, cells, height, ranked,
            memory, bucket_bits, rest_bits, epoch_bits, stats, move_lists, score_lists,
        )  # fmt: skip
        if stats[2]:
            return 0
        if score >= beta:
            result = score
            lower = True
            break
        if score > alpha:
            alpha = score
            result = alpha
    # Store: the first entry of the bucket keeps the deeper position, the second any
    depth = cells - moves
    code = 2 * result + 128 + (1 if lower else 0)
    new = tag | (depth << 8) | code
    stats[5] += 1  # STORES
    first = memory[slot]
    first_live = first != 0 and ((first >> 14) & ((1 << epoch_bits) - 1)) == epoch
    if first & tag_mask == tag:
        memory[slot] = new
    elif not first_live or depth >= ((first >> 8) & 63):
        if first_live:  # demote the first entry to the second, over whatever was there
            second = memory[slot + 1]
            if (
                second != 0
                and second & tag_mask != tag
                and ((second >> 14) & ((1 << epoch_bits) - 1)) == epoch
            ):
                stats[4] += 1  # EVICTIONS
            memory[slot + 1] = first
        memory[slot] = new
    else:
        second = memory[slot + 1]
        if (
            second != 0
            and second & tag_mask != tag
            and ((second >> 14) & ((1 << epoch_bits) - 1)) == epoch
        ):
            stats[4] += 1
        memory[slot + 1] = new
    return result
