"""How fast the course grades: ``python -m gamekit.grader.bench`` (part of ``make bench``).

Grades the bundled fixture submissions of one assignment (default a02_alphabeta; hostile cases
that wait on time limits are left out) through the driver, first with 1 worker and then with 2,
in a scratch course, and prints the median and range of the time per submission and the total
time and throughput of each run. Figures only: nothing here asserts a time.

``--phases`` says where the time goes instead, for each assignment named (default: all): the
same submissions are graded by the course's grader (one worker) and by plain ``nbgrader
autograde`` with the course's own ``nbgrader_config.py``, in two scratch courses, the two runs
interleaved ``--rounds`` times; it prints each phase of the course's grader summed over the
class (`PHASES`), and the ratio of the two runs' wall-clock times. Plain nbgrader runs a
submission's code unsandboxed, so that comparison leaves out the attack fixtures (the ones the
lint flags: they write into gamekit, the gradebook, ...), and its kernels import a copy of
gamekit made for the run, never the checkout's.
"""

from __future__ import annotations

import argparse
import shutil
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
    from gamekit.grader import driver

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


PHASES = {
    "lint": "reading the notebooks and the lint",
    "assemble": "putting the hidden tests in",
    "kernel start": "sandbox and kernel start",
    "imports": "the notebook's first cell (its imports)",
    "answer": "the student's answer cells",
    "course": "the course's own cells (demonstrations)",
    "test": "test cells, judged on the trusted side",
    "text": "markdown cells",
    "kernel stop": "kernel shutdown",
}
"""The phases a graded result's ``timings["phases"]`` holds (`gamekit.grader.job`), in order."""


def grading_phases(
    course: Path, assignment: str, students: list[str] | None = None
) -> dict[str, float]:
    """Grade the submissions of ``assignment`` under ``course`` (``students``: default all)
    with the course's grader, one worker; return seconds per phase summed over them, with "job,
    other" (a job's time outside the phases), "driver" (the wall-clock time outside the jobs)
    and "wall"."""
    from gamekit.grader import driver

    started = time.monotonic()
    summary = driver.grade(
        course,
        [assignment],
        students=students,
        workers=1,
        force=True,
        progress=False,
        log=lambda *a: None,
    )
    wall = time.monotonic() - started
    sums = dict.fromkeys(PHASES, 0.0)
    jobs = 0.0
    for result in summary.results:
        timings = result.get("timings", {})
        for phase, seconds in timings.get("phases", {}).items():
            sums[phase] = sums.get(phase, 0.0) + seconds
        jobs += timings.get("total", 0.0)
    sums["job, other"] = max(0.0, jobs - sum(sums.values()))
    sums["driver"] = max(0.0, wall - jobs)
    sums["wall"] = wall
    return sums


def nbgrader_seconds(course: Path, assignment: str) -> float:
    """Wall-clock seconds of ``nbgrader autograde ASSIGNMENT --force`` in ``course``, whose
    kernels import the copy of gamekit in ``course/lib`` (`gamekit_copy`). A submission that
    fails or errors is part of the run, as it is for an instructor: the exit status is not
    checked."""
    from gamekit.grader.job import environment_with
    from gamekit.grader.nbgrader_run import nbgrader

    library = str(course / "lib")
    started = time.monotonic()
    with environment_with(PYTHONPATH=library):
        nbgrader(course, "autograde", assignment, "--force", check=False)
    return time.monotonic() - started


def gamekit_copy(course: Path) -> None:
    """A copy of gamekit in ``course/lib``: what plain nbgrader's unsandboxed kernels import
    (a submission that writes into its gamekit writes into the copy)."""
    import gamekit

    package = Path(gamekit.__file__).resolve().parent
    shutil.copytree(package, course / "lib" / "gamekit", ignore=shutil.ignore_patterns("*.pyc"))


def comparable_cases(cases: list) -> dict:
    """The fixture cases both graders get in `--phases`: none that waits on a limit
    (`SLOW_ON_PURPOSE`) and none the lint flags (an attack on the grader, which plain nbgrader
    would run unsandboxed)."""
    return {
        c.name: c
        for c in cases
        if not c.flagged and not any(word in c.name for word in SLOW_ON_PURPOSE)
    }


def phases_table(assignment: str, count: int, ours: list[dict], plain: list[float]) -> str:
    """The table `--phases` prints: each phase's median over the rounds, its share of the
    course's grader's wall-clock time, then both runs and their ratio."""
    median = {key: statistics.median(r[key] for r in ours) for key in ours[0]}
    wall = median["wall"] or 1.0
    lines = [
        f"{assignment}: {count} submissions, {len(ours)} interleaved round(s), medians",
        f"  {'phase':<44s} {'s':>8s} {'share':>6s} {'s each':>7s}",
    ]
    named = {
        **PHASES,
        "job, other": "the rest of each job (setup, scoring)",
        "driver": "the driver (intake, gradebook, queue)",
    }
    for key, words in named.items():
        if median.get(key, 0.0) > 0:
            lines.append(
                f"  {words:<44s} {median[key]:8.1f} {median[key] / wall:6.0%} "
                f"{median[key] / max(count, 1):7.2f}"
            )
    nbgrader_wall = statistics.median(plain)
    lines.append(f"  {'the course grader, wall clock':<44s} {wall:8.1f}")
    lines.append(f"  {'plain nbgrader autograde, wall clock':<44s} {nbgrader_wall:8.1f}")
    lines.append(f"  ratio: {wall / nbgrader_wall:.2f}x" if nbgrader_wall else "  ratio: -")
    return "\n".join(lines)


def measure_phases(assignment: str, rounds: int, root: Path, log=print) -> str:
    """`--phases` for one assignment: two scratch courses with the same submissions, graded by
    each side in turn, ``rounds`` times."""
    from gamekit import course as tools

    cases = comparable_cases(tools.load_cases(root, assignment))
    with tempfile.TemporaryDirectory(prefix="grading-phases-") as tmp:
        courses = {}
        for side in ("ours", "nbgrader"):
            courses[side] = tools.scratch_course(Path(tmp) / side, root)
            tools.generate(courses[side], assignment)
            tools.write_submissions(courses[side], assignment, cases)
        gamekit_copy(courses["nbgrader"])
        ours, plain = [], []
        for round_number in range(1, rounds + 1):
            ours.append(grading_phases(courses["ours"], assignment))
            plain.append(nbgrader_seconds(courses["nbgrader"], assignment))
            log(
                f"  {assignment} round {round_number}: {ours[-1]['wall']:.1f} s and "
                f"{plain[-1]:.1f} s with nbgrader"
            )
    return phases_table(assignment, len(cases), ours, plain)


def main(argv: list[str] | None = None) -> int:
    from gamekit import course as tools

    parser = argparse.ArgumentParser(prog="python -m gamekit.grader.bench", description=__doc__)
    parser.add_argument("--assignment", default="a02_alphabeta")
    parser.add_argument("--workers", type=int, nargs="*", default=[1, 2])
    parser.add_argument(
        "--phases",
        nargs="*",
        metavar="ASSIGNMENT",
        help="where the time goes, beside plain nbgrader (default: every assignment)",
    )
    parser.add_argument("--rounds", type=int, default=2, help="interleaved rounds of --phases")
    args = parser.parse_args(argv)
    root = tools.course_root()
    known = tools.assignments(root)
    unknown = [a for a in [args.assignment, *(args.phases or [])] if a not in known]
    if unknown:
        parser.error(f"no assignment {', '.join(unknown)}; the course has {', '.join(known)}")
    if args.phases is not None:
        for assignment in args.phases or known:
            print(measure_phases(assignment, args.rounds, root), flush=True)
        return 0
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
