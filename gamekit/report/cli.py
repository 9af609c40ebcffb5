"""``python -m gamekit.course report``: its options and what it prints."""

from __future__ import annotations

import argparse
import time
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("assignment", nargs="*", help="default: every assignment of the course")
    parser.add_argument("--db-url", help="the gradebook's URL (default: $GAMEKIT_DB_URL or SQLite)")
    parser.add_argument(
        "--anonymous", action="store_true", help="name no student (to project in class)"
    )
    parser.add_argument(
        "--below",
        type=float,
        default=0.5,
        metavar="SHARE",
        help="who needs help: totals below this share of the points (default 0.5)",
    )
    parser.add_argument("--out", type=Path, help="the folder to write (default: reports/)")
    parser.add_argument(
        "--language",
        help="the pages' own words: en, pt_BR or es (default: $GAMEKIT_LANG, else the "
        "instructor's language in nbgrader_config.py)",
    )


def run(args: argparse.Namespace, root: Path | None = None, log=print) -> int:
    """Write the report; print where, and how long reading and writing took."""
    from gamekit.course.folders import assignments, course_root, has_gradebook, point_to_demo
    from gamekit.grader.driver import db_url_of
    from gamekit.grader.ledger import read_ledger
    from gamekit.report import write_reports

    root = root or course_root()
    db_url = args.db_url or db_url_of(root)
    if not has_gradebook(db_url):
        log("No report: there is no gradebook yet (make grade first).")
        point_to_demo(root, log)
        return 1
    known = assignments(root)
    every = sorted(set(known) | {a for (_, a) in read_ledger(db_url)})
    names = args.assignment or every
    unknown = sorted(set(names) - set(every))
    if unknown:
        log(f"No such assignment: {', '.join(unknown)} (the course has {', '.join(every)})")
        return 1
    started = time.perf_counter()
    written = write_reports(
        root,
        names,
        db_url,
        args.out,
        anonymous=args.anonymous,
        threshold=args.below,
        every=every,
        language=getattr(args, "language", None),
    )
    seconds = time.perf_counter() - started
    for name, path in written.pages.items():
        log(f"{name}: {path}")
    if written.csv:
        log(f"CSV (student x cell): {written.csv}")
    log(f"Report: {written.index}  ({written.rows} grades read, {seconds:.1f} s)")
    return 0
