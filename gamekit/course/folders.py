"""Where a course's things are: its root folder, its assignments, the gradebook, a scratch copy,
and the demo's course (``build/demo``). Below the course's commands (`gamekit.course`) and the
class report's (`gamekit.report.cli`), which both need them.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path


def course_root() -> Path:
    """The course directory: the nearest folder with nbgrader_config.py above the cwd, else the
    folder above this package (a clone of the repository)."""
    for folder in [Path.cwd(), *Path.cwd().parents]:
        if (folder / "nbgrader_config.py").exists() and (folder / "source").is_dir():
            return folder
    return Path(__file__).resolve().parents[2]


def assignments(root: Path) -> list[str]:
    """The assignments that have a source folder, in name order."""
    folders = (root / "source").iterdir()
    return sorted(p.name for p in folders if p.is_dir() and any(p.glob("*.ipynb")))


def scratch_course(dest: Path, root: Path | None = None) -> Path:
    """Copy the course's config and sources to ``dest`` (a fresh course: no gradebook yet)."""
    root = root or course_root()
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    shutil.copy(root / "nbgrader_config.py", dest)
    shutil.copytree(root / "source", dest / "source", ignore=shutil.ignore_patterns(".ipynb_*"))
    return dest


def demo_commands(root: Path, course: Path) -> str:
    """How to run the course's commands on the demo's course (it is not the checkout's)."""
    python = Path(sys.executable)
    if python.is_relative_to(root):
        python = Path(os.path.relpath(python, course))
    where = os.path.relpath(course, Path.cwd()) if course.is_relative_to(Path.cwd()) else course
    return (
        f"The demo's course is {where}/, not this checkout: run the course's commands there, "
        f"e.g. cd {where} && {python} -m gamekit.course report (or feedback, or grade --force)"
    )


def point_to_demo(root: Path, log=print) -> None:
    """Where `make demo` graded its course (build/demo), when it did: `demo_commands`."""
    demo = root / "build" / "demo"
    if (demo / "gradebook.db").is_file():
        log(demo_commands(root, demo))


def has_gradebook(db_url: str) -> bool:
    """Whether the gradebook exists (`gamekit.grader.driver.has_gradebook`)."""
    from gamekit.grader.driver import has_gradebook as exists

    return exists(db_url)
