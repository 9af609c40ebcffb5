"""Shared pytest set-up: keep every Jupyter/IPython file out of the user's home."""

from __future__ import annotations

import os

import matplotlib
import pytest

matplotlib.use("Agg")  # tests draw figures without a screen


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the item, so fixtures can screenshot a failed browser test."""
    report = yield
    setattr(item, "rep_" + report.when, report)
    return report


@pytest.fixture(scope="session", autouse=True)
def isolated_jupyter_home(tmp_path_factory):
    """Kernels started by nbclient/nbgrader write to a temporary Jupyter home, not ~/.jupyter."""
    home = tmp_path_factory.mktemp("jupyter-home")
    for var, sub in [
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("IPYTHONDIR", "ipython"),
    ]:
        os.environ.setdefault(var, str(home / sub))
    yield


@pytest.fixture(autouse=True)
def no_test_leaks_grading_state():
    """Grading in-process must leave the test process as it found it: a leaked
    ``NBGRADER_EXECUTION`` or ``GRADING`` makes later tests see a grader that is not there,
    and a leaked ``MPLBACKEND=Agg`` takes the pictures out of every notebook run after it."""
    from gamekit import checks

    watched = ("NBGRADER_EXECUTION", "MPLBACKEND", "TMPDIR")
    before = {name: os.environ.get(name) for name in watched}, checks.GRADING
    yield
    after = {name: os.environ.get(name) for name in watched}, checks.GRADING
    assert after == before, f"this test changed the process's grading state: {before} -> {after}"
