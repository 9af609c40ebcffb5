"""Grading at class scale: ``python -m gamekit.grader.scalebench [--count N] [--json FILE]``.

Generates ``N`` submissions of a02 (copies of its fixture cases, round robin, so the mix of
right, wrong and broken answers is the fixtures'), then times grading all of them with 1 and 2
local workers and on a Dask LocalCluster of 2 worker processes, and the rate at which the
driver writes results into a SQLite and a PostgreSQL gradebook. Prints a table and writes the
figures as JSON. Figures only: nothing here asserts a time. Needs the ``scale`` extra.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

from gamekit.grader.bench import SLOW_ON_PURPOSE

ASSIGNMENT = "a02_alphabeta"
RUNS = ("pool1", "pool2", "cluster", "sqlite", "postgres")
"""What can be timed: the local pool with 1 and 2 workers, a 2-worker LocalCluster, and the
driver's writes into SQLite and PostgreSQL (these write the last grading run's results)."""


def make_course(folder: Path, count: int) -> Path:
    """A scratch course with ``count`` generated submissions of a02."""
    from gamekit import course as tools

    root = tools.course_root()
    cases = [
        c
        for c in tools.load_cases(root, ASSIGNMENT)
        if not any(word in c.name for word in SLOW_ON_PURPOSE)
    ]
    course = tools.scratch_course(folder / "course", root)
    tools.generate(course, ASSIGNMENT)
    students = {f"s{i:04d}": cases[i % len(cases)] for i in range(count)}
    tools.write_submissions(course, ASSIGNMENT, students)
    return course


def time_grading(course: Path, label: str, workers: int, cluster: str | None = None) -> dict:
    """Grade every submission again (``force``) and time the whole run."""
    from gamekit.grader import driver

    started = time.monotonic()
    summary = driver.grade(
        course,
        [ASSIGNMENT],
        workers=workers,
        force=True,
        cluster=cluster,
        progress=False,
        log=lambda *a: None,
    )
    wall = time.monotonic() - started
    done = len(summary.results)
    return {
        "run": label,
        "workers": workers,
        "submissions": done,
        "failed": summary.count("failed"),
        "seconds": round(wall, 1),
        "per_minute": round(60 * done / wall, 1),
        "per_minute_per_worker": round(60 * done / wall / workers, 1),
        "results": summary.results,
    }


def time_writes(course: Path, db_url: str, label: str, results: list[dict]) -> dict:
    """Write ``results`` (under new student names) into the gradebook at ``db_url``."""
    from gamekit.grader import driver

    with driver._db_url_in_environment(db_url):
        driver.ensure_in_gradebook(course, ASSIGNMENT, db_url, log=lambda *a: None)
    started = time.monotonic()
    for i, result in enumerate(results):
        driver.write_result(course, db_url, {**result, "student": f"w{i:04d}"}, "bench")
    wall = time.monotonic() - started
    return {
        "gradebook": label,
        "writes": len(results),
        "seconds": round(wall, 2),
        "per_second": round(len(results) / wall, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gamekit.grader.scalebench", description=__doc__
    )
    parser.add_argument("--count", type=int, default=200, help="submissions to generate")
    parser.add_argument("--json", type=Path, default=Path("scalebench.json"))
    parser.add_argument(
        "--runs",
        default=",".join(RUNS),
        help=f"which to time, comma-separated (default: all of {','.join(RUNS)})",
    )
    args = parser.parse_args(argv)
    wanted = [name.strip() for name in args.runs.split(",") if name.strip()]
    unknown = sorted(set(wanted) - set(RUNS))
    if unknown:
        parser.error(f"unknown runs {unknown}; choose from {list(RUNS)}")
    from distributed import LocalCluster

    from gamekit.grader import pgserver

    runs, writes = [], []
    with tempfile.TemporaryDirectory(prefix="scalebench-") as tmp:
        course = make_course(Path(tmp), args.count)
        if "pool1" in wanted:
            runs.append(time_grading(course, "local pool", 1))
        if "pool2" in wanted:
            runs.append(time_grading(course, "local pool", 2))
        if "cluster" in wanted:
            with LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
            ) as cluster:
                address = cluster.scheduler_address
                runs.append(time_grading(course, "Dask LocalCluster", 2, address))
        results = runs[-1]["results"] if runs else []
        sqlite_url = "sqlite:///" + str(Path(tmp) / "writes.db")
        if "sqlite" in wanted and results:
            writes.append(time_writes(course, sqlite_url, "SQLite", results))
        if "postgres" in wanted and results and pgserver.missing_reason() is None:
            with pgserver.temporary_postgres() as url:
                writes.append(time_writes(course, url, "PostgreSQL", results))
    for run in runs:
        del run["results"]
    print(f"Grading {args.count} generated submissions of {ASSIGNMENT}:")
    print(
        f"{'run':<18s} {'workers':>7s} {'failed':>6s} {'seconds':>8s} {'per min':>8s}"
        f" {'/worker':>8s}"
    )
    for r in runs:
        print(
            f"{r['run']:<18s} {r['workers']:7d} {r['failed']:6d} {r['seconds']:8.1f}"
            f" {r['per_minute']:8.1f} {r['per_minute_per_worker']:8.1f}"
        )
    print(f"{'gradebook':<18s} {'writes':>7s} {'seconds':>8s} {'per s':>8s}")
    for w in writes:
        print(f"{w['gradebook']:<18s} {w['writes']:7d} {w['seconds']:8.2f} {w['per_second']:8.1f}")
    load = [round(x, 2) for x in os.getloadavg()]
    print(f"load average at the end (1, 5, 15 min): {load}")
    args.json.write_text(
        json.dumps({"count": args.count, "runs": runs, "writes": writes, "load": load}, indent=2)
    )
    print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
