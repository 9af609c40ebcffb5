"""How fast the course grades: ``python -m gamekit.grading.bench`` (part of ``make bench``).

Grades the bundled fixture submissions of one assignment (default a02_alphabeta; hostile cases
that wait on time limits are left out) through the driver, first with 1 worker and then with 2,
in a scratch course, and prints the median and range of the time per submission and the total
time and throughput of each run. Figures only: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

SLOW_ON_PURPOSE = (
    "infinite_loop",
    "swallows",
    "bomb",
    "sleep",
    "detached",
    "huge_output",
    "drip",
    "flood",
    "giant",
    "fills",
)
"""Cases that spend their time waiting on a limit: they measure the limit, not the grader."""


def measure(assignment: str, workers: int, course: Path) -> dict:
    """Grade every submission under ``course``/submitted with ``workers`` jobs at a time."""
    from gamekit.grading import driver

    started = time.monotonic()
    summary = driver.grade(
        course, [assignment], workers=workers, force=True, progress=False, log=lambda *a: None
    )
    wall = time.monotonic() - started
    per = [r["timings"].get("total", 0.0) for r in summary.results]
    return {
        "workers": workers,
        "submissions": len(per),
        "median": statistics.median(per) if per else 0.0,
        "min": min(per, default=0.0),
        "max": max(per, default=0.0),
        "total": wall,
        "per_minute": 60 * len(per) / wall if wall else 0.0,
        "sandboxed": summary.sandboxed,
    }


def main(argv: list[str] | None = None) -> int:
    from gamekit import course as tools

    parser = argparse.ArgumentParser(prog="python -m gamekit.grading.bench", description=__doc__)
    parser.add_argument("--assignment", default="a02_alphabeta")
    parser.add_argument("--workers", type=int, nargs="*", default=[1, 2])
    args = parser.parse_args(argv)
    root = tools.course_root()
    cases = [
        c
        for c in tools.load_cases(root, args.assignment)
        if not any(word in c.name for word in SLOW_ON_PURPOSE)
    ]
    with tempfile.TemporaryDirectory(prefix="grading-bench-") as tmp:
        course = tools.scratch_course(Path(tmp) / "course", root)
        tools.generate(course, args.assignment)
        tools.write_submissions(course, args.assignment, {c.name: c for c in cases})
        rows = [measure(args.assignment, n, course) for n in args.workers]
    print(
        f"Grading {len(cases)} fixture submissions of {args.assignment} "
        f"(sandboxed: {rows[0]['sandboxed']}):"
    )
    print(
        f"{'workers':>7s} {'median s':>9s} {'range s':>13s} {'total s':>8s} {'per min':>8s}"
        f" {'speed-up':>8s}"
    )
    base = rows[0]["per_minute"] or 1.0
    for row in rows:
        print(
            f"{row['workers']:7d} {row['median']:9.2f} {row['min']:6.2f}-{row['max']:<6.2f}"
            f" {row['total']:8.1f} {row['per_minute']:8.1f} {row['per_minute'] / base:7.2f}x"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
