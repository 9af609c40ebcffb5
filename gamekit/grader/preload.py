"""What a grading worker loads once, before its first job, so that no job pays for it again.

The driver's jobs each run in a process of their own, forked from one server process
(multiprocessing's ``forkserver``, `gamekit.grader.driver`) that imports this module when it
starts. A job then begins as a copy of that process: the grader's own modules, the libraries
the notebooks' locked cells import on the trusted side (matplotlib, IPython's input
transformer), the course's checks and the lint's tables of gamekit's own functions are already
in memory. Each job is still a fresh copy of the server, so nothing one job does reaches the
next.

Without it every job imported all of this itself: about 1.5 s of imports and 1.3 s of the
lint's tables per submission, and 2.5 s more where a cell's checksum is compared (nbgrader)
(`python -m gamekit.grader.bench --phases`).
Nothing here may fail: a module that cannot be loaded is left for the job to load, as before.
"""

from __future__ import annotations

import contextlib
import importlib

MODULES = (
    "gamekit.grader.job",
    "gamekit.grader.trusted",
    "gamekit.grader.sandbox",
    "gamekit.grader.kernel_view",
    "gamekit.grader.lint",
    "gamekit.grader.lint.copies",
    "gamekit.checks.transformers",
    "gamekit.checks.evidence",
    "gamekit.checks.a01",
    "gamekit.checks.a02",
    "gamekit.checks.a03",
    "gamekit.checks.a04",
    "gamekit.checks.a05",
    "gamekit.checks.a06",
    "gamekit.draw",
    "gamekit.explain",
    "gamekit.hex_heuristics",
    "nbclient",
    "nbgrader.utils",
    "jupyter_client.manager",
    "matplotlib.pyplot",
    "IPython.core.inputtransformer2",
)
"""Imported in this order; a job imports whatever is missing from here on demand."""


def warm() -> list[str]:
    """Import `MODULES` and fill the lint's tables; return the modules that could not be
    loaded (a job loads them itself and reports what goes wrong there)."""
    missing = []
    for name in MODULES:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - the job will meet the same error and report it
            missing.append(name)
    with contextlib.suppress(Exception):
        from gamekit.grader.lint import copies

        copies.warm_tables()
    return missing


warm()
