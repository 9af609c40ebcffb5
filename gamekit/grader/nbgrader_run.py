"""Running nbgrader's command line in a course folder, for the grader and the course tools.

It lives here, below both: the driver adds a missing assignment with it, and `gamekit.course`
(the instructor's tools, on top of the grader) generates releases and feedback with it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def nbgrader(root: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """Run ``nbgrader ARGS`` in course ``root``; its output is kept for error messages."""
    exe = Path(sys.executable).with_name("nbgrader")
    command = [str(exe) if exe.exists() else "nbgrader", *args]
    # nbgrader runs helpers (alembic, the kernel) by name: put this environment's bin/ first.
    env = dict(os.environ, PATH=f"{exe.parent}{os.pathsep}{os.environ.get('PATH', '')}")
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, env=env)
    if check and done.returncode != 0:
        raise RuntimeError(f"`nbgrader {' '.join(args)}` failed:\n{done.stdout}\n{done.stderr}")
    return done
