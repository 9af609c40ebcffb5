"""``python -m gamekit.report.bench``: how long the class report takes for a big class.

Generates a gradebook of ``--count`` submissions (`gamekit.report.synthetic`) in SQLite and,
where Debian's PostgreSQL is installed, in a throwaway PostgreSQL server; then times
`gamekit.report.write_reports` on each (reading, figures, pages, CSV), once, wall-clock.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from gamekit.report import synthetic, write_reports


def measure(db_url: str, count: int, folder: Path) -> tuple[float, int]:
    """Seconds for the whole report on a generated class, and the grade rows it read."""
    synthetic.generate(db_url, count)
    started = time.perf_counter()
    written = write_reports(folder, [synthetic.ASSIGNMENT], db_url, folder / "reports")
    return time.perf_counter() - started, written.rows


def line(backend: str, count: int, seconds: float, rows: int) -> str:
    return (
        f"class report, {count:,} submissions ({backend}): {seconds:.2f} s, {rows:,} grade rows, "
        f"{rows / seconds:,.0f} rows/s"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gamekit.report.bench", description=__doc__)
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--no-postgres", action="store_true")
    args = parser.parse_args(argv)
    from gamekit.grader import pgserver

    with tempfile.TemporaryDirectory(prefix="report-bench-") as tmp:
        folder = Path(tmp)
        seconds, rows = measure(f"sqlite:///{folder / 'gradebook.db'}", args.count, folder)
        print(line("SQLite", args.count, seconds, rows))
        reason = "--no-postgres" if args.no_postgres else pgserver.missing_reason()
        if reason:
            print(f"class report on PostgreSQL: not measured ({reason})")
            return 0
        with pgserver.temporary_postgres() as db_url:
            seconds, rows = measure(db_url, args.count, folder / "pg")
        print(line("PostgreSQL", args.count, seconds, rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
