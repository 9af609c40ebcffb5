"""The opening book: the exact score of every position up to a few plies, and how it is made.

The book is a text file in this folder, ``book_depth<D>.txt``: a header of ``#`` lines saying
how and when it was made, then one line per position, ``MOVES SCORE`` (the published sets'
format: columns 1-based, Pons' score for the player to move). Only one of a position and its
mirror image is listed (they have the same score); `book_score` looks both up.

Make it again (compiled solver needed)::

    python -m gamekit.connect4_fast.book --depth 2

What it costs, measured on the project's 2-core machines (niced, other work running): depth 1
(4 positions to search) 567 CPU seconds, about 140 s a position; depth 2 (25 positions), the
book shipped, about 1,430 CPU seconds, 40 to 150 s a position, falling as the shared table
fills. Depth 3 has 121 positions to search: at 30 to 60 s each, one to two hours; depth 6 (8,231
positions, about 4 s each from random samples) about 10 hours. A stopped run resumes from its
checkpoint (``<out>.partial``).

Only the positions ``D`` plies deep are searched (one table shared by all of them, never
emptied, so each search profits from the previous ones); the shallower ones follow by negamax
from their children's scores, which the book then holds.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
import time
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from gamekit.connect4_fast.reference import Position, next_window, score_bounds

FOLDER = Path(__file__).resolve().parent


def mirror_key(position: Position) -> int:
    """The table key (``current + mask``) of the position's mirror image."""
    sh = position.shape
    column = (1 << sh.column_bits) - 1
    current = mask = 0
    for c in range(sh.width):
        shift_from, shift_to = c * sh.column_bits, (sh.width - 1 - c) * sh.column_bits
        current |= ((position.current >> shift_from) & column) << shift_to
        mask |= ((position.mask >> shift_from) & column) << shift_to
    return current + mask


def canonical_key(position: Position) -> int:
    """The smaller of the keys of the position and of its mirror image."""
    return min(position.current + position.mask, mirror_key(position))


def book_files() -> list[Path]:
    """The book files in the package, deepest first."""
    found = sorted(FOLDER.glob("book_depth*.txt"), key=lambda p: int(p.stem[len("book_depth") :]))
    return found[::-1]


class BookLine(NamedTuple):
    """One line of the book: a position's moves, its score, its ply (stones on the board)."""

    moves: str
    score: int
    ply: int


@lru_cache(maxsize=1)
def book_lines() -> tuple[BookLine, ...]:
    """The lines of the deepest book in the package (none when there is no book)."""
    files = book_files()
    return read_lines(files[0]) if files else ()


@lru_cache(maxsize=1)
def load() -> dict[int, int]:
    """The deepest book in the package as {canonical key: score} (empty when there is none)."""
    return {canonical_key(Position.from_moves(line.moves)): line.score for line in book_lines()}


def book_depth() -> int:
    """The ply of the deepest positions in the package's book (-1 without a book)."""
    files = book_files()
    return int(files[0].stem[len("book_depth") :]) if files else -1


def read_lines(path: Path) -> tuple[BookLine, ...]:
    """A book file's lines; `ValueError` naming the line for a malformed one."""
    lines = []
    for number, text in enumerate(path.read_text().splitlines(), 1):
        if not text.strip() or text.startswith("#"):
            continue
        fields = text.split()
        moves, score = ("", fields[0]) if len(fields) == 1 else fields
        try:
            Position.from_moves(moves)
            lines.append(BookLine(moves, int(score), len(moves)))
        except ValueError as error:
            raise ValueError(f"{path.name}, line {number}: {text!r}: {error}") from None
    return tuple(lines)


def read_book(path: Path) -> dict[int, int]:
    """A book file as {canonical key: score}."""
    return {canonical_key(Position.from_moves(line.moves)): line.score for line in read_lines(path)}


def book_score(position: Position) -> int | None:
    """The book's score of a 7 x 6 position, None when it is not in the book."""
    sh = position.shape
    if (sh.width, sh.height, sh.k) != (7, 6, 4):
        return None
    return load().get(canonical_key(position))


# --------------------------------------------------------------------------------------------
# Making the book
# --------------------------------------------------------------------------------------------


def positions_by_depth(depth: int) -> list[dict[int, str]]:
    """For each ply 0..depth, one move string per position up to mirror image (games already
    won are left out)."""
    levels: list[dict[int, str]] = [{0: ""}]
    for _ in range(depth):
        level: dict[int, str] = {}
        for moves in levels[-1].values():
            position = Position.from_moves(moves)
            for col in range(1, 8):
                if position.can_play(col):
                    child = position.play(col)
                    if not child.is_won():
                        level.setdefault(canonical_key(child), moves + str(col))
        levels.append(level)
    return levels


def solve_shared(position: Position, table: object, report: bool = False) -> tuple[int, int]:
    """The compiled solver on ``table`` without resetting it: (score, nodes)."""
    from gamekit.connect4_fast import kernel

    assert isinstance(table, kernel.Table)
    sh = position.shape
    if sh.winning_cells(position.current, position.mask) & (position.mask + sh.bottom) & sh.board:
        return (sh.cells + 1 - position.moves) // 2, 1
    low, high = score_bounds(position)
    nodes = 0
    start = time.perf_counter()
    while low < high:
        middle = next_window(low, high)
        found, count, _ = kernel.window_search(
            table, position.current, position.mask, position.moves, middle, middle + 1, 1 << 62
        )
        nodes += count
        if found <= middle:
            high = found
        else:
            low = found
        if report:
            print(
                f"  score in [{low}, {high}] after {nodes:,} nodes, "
                f"{time.perf_counter() - start:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    return low, nodes


def _children(moves: str) -> Iterator[tuple[Position, Position]]:
    position = Position.from_moves(moves)
    for col in range(1, 8):
        if position.can_play(col):
            yield position, position.play(col)


def make_book(depth: int, table_bytes: int, out: Path, verbose: bool = False) -> dict[int, int]:
    """Solve every position ``depth`` plies deep, back the scores up to the empty board, and
    write the book to ``out``. A checkpoint (``out`` + ``.partial``) lets a stopped run resume."""
    from tqdm import tqdm

    from gamekit.connect4_fast import kernel

    if not kernel.available():
        raise SystemExit(f"the compiled solver is needed: {kernel.unavailable_reason()}")
    started, clock = datetime.datetime.now(datetime.timezone.utc), time.process_time()
    levels = positions_by_depth(depth)
    partial = out.with_name(out.name + ".partial")
    scores: dict[int, int] = {}
    if partial.exists():
        scores = read_book(partial)
    table = kernel.Table(Position.empty().shape, table_bytes)
    frontier = sorted(levels[depth].items(), key=lambda item: item[1])
    nodes = 0
    with partial.open("a") as checkpoint:
        for key, moves in tqdm(frontier, desc=f"depth {depth}", unit="position", file=sys.stderr):
            if key in scores:
                continue
            if verbose:
                print(f"solving {moves!r}", file=sys.stderr, flush=True)
            score, count = solve_shared(Position.from_moves(moves), table, verbose)
            nodes += count
            scores[key] = score
            checkpoint.write(f"{moves} {score}\n")
            checkpoint.flush()
    for ply in range(depth - 1, -1, -1):  # negamax from the children's scores
        for key, moves in levels[ply].items():
            best = -100
            for parent, child in _children(moves):
                if child.is_won():
                    value = (parent.shape.cells + 1 - parent.moves) // 2
                else:
                    value = -scores[canonical_key(child)]
                best = max(best, value)
            scores[key] = best
    seconds = time.process_time() - clock
    counts = ", ".join(f"{len(level)} at ply {ply}" for ply, level in enumerate(levels))
    header = [
        f"# Connect Four (7 x 6) opening book: the exact score of every position up to ply {depth}",
        "# (one of each mirror pair), for the player to move, in Pascal Pons' convention.",
        f"# Made by `python -m gamekit.connect4_fast.book --depth {depth}` on {started:%Y-%m-%d}",
        f"# in {seconds:,.0f} CPU seconds ({nodes:,} nodes searched at ply {depth}, compiled",
        f"# solver, {table_bytes >> 20} MiB table) on {platform.machine()}, "
        f"{os.cpu_count()} CPUs, Python {platform.python_version()}.",
        f"# Positions: {counts}. Shallower plies are negamax over the deeper ones.",
        "# Each line: MOVES SCORE (the empty board's line has no moves).",
    ]
    lines = [f"{moves} {scores[key]}" for level in levels for key, moves in level.items()]
    out.write_text("\n".join(header + lines) + "\n")
    partial.unlink()
    load.cache_clear()
    book_lines.cache_clear()
    return scores


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gamekit.connect4_fast.book", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--depth", type=int, required=True, help="plies from the empty board")
    parser.add_argument("--table-mib", type=int, default=1024, help="table size (MiB)")
    parser.add_argument("--out", type=Path, default=None, help="file (default: in the package)")
    parser.add_argument("--verbose", action="store_true", help="report every null window")
    args = parser.parse_args(argv)
    if not 0 <= args.depth <= 12:
        parser.error(f"--depth must be 0..12, got {args.depth}")
    out = args.out or FOLDER / f"book_depth{args.depth}.txt"
    make_book(args.depth, args.table_mib << 20, out, args.verbose)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
