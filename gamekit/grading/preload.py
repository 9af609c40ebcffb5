"""What a grading worker loads once, before its first job, so that no job pays for it again.

The driver's jobs each run in a process of their own, forked from one server process
(multiprocessing's ``forkserver``, `gamekit.grading.driver`) that imports this module when it
starts. A job then begins as a copy of that process: the grader's own modules, the libraries
the notebooks' locked cells import on the trusted side (matplotlib, IPython's input
transformer), the course's checks and the lint's tables of gamekit's own functions are already
in memory. Each job is still a fresh copy of the server, so nothing one job does reaches the
next.

Without it every job imported all of this itself: about 1.5 s of imports and 1.3 s of the
lint's tables per submission, and 2.5 s more where a cell's checksum is compared (nbgrader)
(`python -m gamekit.grading.bench --phases`).
Nothing here may fail: a module that cannot be loaded is left for the job to load, as before.
"""

from __future__ import annotations

import contextlib
import importlib

MODULES = (
    "gamekit.grading.job",
    "gamekit.grading.trusted",
    "gamekit.grading.sandbox",
    "gamekit.grading.kernel_view",
    "gamekit.grading.lint",
    "gamekit.grading.lint.copies",
    "gamekit.grading.transformers",
    "gamekit.grading.evidence",
    "gamekit.grading.a01",
    "gamekit.grading.a02",
    "gamekit.grading.a03",
    "gamekit.grading.a04",
    "gamekit.grading.a05",
    "gamekit.grading.a06",
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
        from gamekit.grading.lint import copies

        copies.warm_tables()
    return missing


warm()
