"""`make lab` gives students a lab on their own copies, without the instructor's files."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# Every bound here is generous: on a loaded machine a lab takes a minute to start and its pages
# seconds to answer, and a test must not fail on a product that works. What the tests wait for is
# a condition (the server answers, the formgrader answers), never a fixed delay.
STARTUP = 300  # seconds for `make` to start a lab that answers /api/status
REPLY = 120  # seconds for one request


def _get(url: str, timeout: float = REPLY) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as reply:
            return reply.status, reply.read()
    except urllib.error.HTTPError as error:
        return error.code, b""
    except OSError:  # not listening yet (refused at once)
        return 0, b""


def _course(tmp_path: Path, *files: str) -> Path:
    course = tmp_path / "course"
    course.mkdir()
    for name in ("Makefile", "pyproject.toml", *files):
        shutil.copy2(ROOT / name, course / name)  # copy2 keeps the .venv stamp newer
    for folder in ("release", "notebooks", "source"):
        shutil.copytree(ROOT / folder, course / folder)
    return course


@contextlib.contextmanager
def _lab(
    target: str, course: Path, tmp_path: Path, *extra: str
) -> Iterator[tuple[str, str, list[str]]]:
    """``make TARGET`` (and ``extra`` arguments) in ``course``; yields (base URL, token, the
    output, once it has ended)."""
    port, token = _free_port(), "t0ken"
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path / "rt"), HOME=str(tmp_path))
    venv = Path(sys.prefix)
    lab = subprocess.Popen(
        [
            "make",
            target,
            f"VENV={venv}",
            "STAMP=",  # never reinstall the shared environment from this scratch copy
            f"LAB_ARGS=--no-browser --ServerApp.port={port} --ServerApp.token={token} "
            "--ServerApp.ip=127.0.0.1",
            *extra,
        ],
        cwd=course,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    output: list[str] = []
    try:
        deadline = time.monotonic() + STARTUP
        while _get(f"{base}/api/status?token={token}")[0] != 200:
            if lab.poll() is not None or time.monotonic() > deadline:
                os.killpg(lab.pid, 15)
                pytest.fail(f"`make {target}` gave no lab:\n{lab.communicate(timeout=30)[0]}")
            time.sleep(0.5)
        yield base, token, output
    finally:
        os.killpg(lab.pid, 15)
        output.append(lab.communicate(timeout=30)[0])


def _page_config(page: str) -> dict:
    """The configuration the lab page hands to JupyterLab."""
    return json.loads(
        page.split('id="jupyter-config-data"', 1)[1].split(">", 1)[1].split("</script>")[0]
    )


def _disabled(page: str) -> set[str]:
    """The plugin ids the lab page's configuration disables."""
    return set(_page_config(page).get("disabledExtensions", []))


NEWS = "@jupyterlab/apputils-extension:announcements"
EXTENSION_MANAGER = "@jupyterlab/extensionmanager-extension:plugin"
NBGRADER_PLUGINS = {
    f"@jupyter/nbgrader:{name}"
    for name in (
        "formgrader",
        "course-list",
        "create-assignment",
        "assignment-list",
        "validate-assignment",
        "menu",
    )
}


def test_student_lab_serves_copies_of_the_release_and_no_formgrader(tmp_path):
    course = _course(tmp_path)
    with _lab("lab", course, tmp_path) as (base, token, output):
        status, body = _get(f"{base}/api/contents?token={token}")
        assert status == 200
        names = {item["name"] for item in json.loads(body)["content"]}
        released = {p.name for p in (ROOT / "release").iterdir() if p.is_dir()} - LANGUAGES
        assert names == released | {"notebooks"}
        assert _get(f"{base}/api/contents/source?token={token}")[0] == 404
        # No nbgrader at all: no formgrader, no exchange lists, no Validate.
        for path in ("formgrader", "assignments", "courses"):
            assert _get(f"{base}/{path}?token={token}")[0] == 404, path
        page = _get(f"{base}/lab?token={token}")[1].decode()
        assert _disabled(page) >= NBGRADER_PLUGINS | {NEWS}
        # No Extension Manager: no panel, and a read-only manager behind it (installs nothing).
        assert EXTENSION_MANAGER in _disabled(page)
        manager = _page_config(page)["extensionManager"]
        assert manager["name"] == "read-only" and manager["can_install"] is False, manager
        assert (course / "release" / "a02_alphabeta").exists()  # the release stays as it was
    if os.geteuid() == 0:
        assert "Running as root: starting JupyterLab with --allow-root." in output[0]
    assert "Traceback" not in output[0]


LANGUAGES = {"pt_BR", "es"}


def _locale(plugin: dict) -> str:
    """The locale the translation plugin's settings choose: the user's, else the default (the
    course's override)."""
    return plugin["settings"].get("locale") or plugin["schema"]["properties"]["locale"]["default"]


def test_a_student_lab_in_spanish_has_the_spanish_notebooks_and_speaks_spanish(tmp_path):
    """``make lab LANG=es``: the students' copies are the Spanish release and lecture
    notebooks, JupyterLab's settings choose Spanish and its language pack answers (its own
    words: "Run All Cells" is "Ejecutar todas las celdas")."""
    course = _course(tmp_path)
    with _lab("lab", course, tmp_path, "LANG=es") as (base, token, output):
        status, body = _get(f"{base}/api/contents?token={token}")
        names = {item["name"] for item in json.loads(body)["content"]}
        released = {p.name for p in (ROOT / "release").iterdir() if p.is_dir()} - LANGUAGES
        assert status == 200 and names == released | {"notebooks"}
        for notebook in [
            *(course / "work").glob("a0*/*.ipynb"),
            *(course / "work").glob("notebooks/*.ipynb"),
        ]:
            assert json.loads(notebook.read_text())["metadata"]["gamekit"]["language"] == "es"
        status, body = _get(
            f"{base}/lab/api/settings/@jupyterlab/translation-extension:plugin?token={token}"
        )
        assert status == 200 and _locale(json.loads(body)) == "es_ES", body[:300]
        status, body = _get(f"{base}/lab/api/translations/es_ES?token={token}")
        words = json.loads(body)["data"]["jupyterlab"]
        assert status == 200 and words["Run All Cells"] == ["Ejecutar todas las celdas"]
    assert "Traceback" not in output[0]


def test_instructor_lab_has_the_formgrader_and_no_exchange_warnings(tmp_path):
    course = _course(tmp_path, "nbgrader_config.py")
    assert not (course / "gradebook.db").exists()  # a fresh clone has none
    with _lab("lab-instructor", course, tmp_path) as (base, token, output):
        # Made before the lab started: the formgrader's first page need not make it (nbgrader
        # would start a new process for its schema version, most of a 27 s page when busy).
        assert (course / "gradebook.db").is_file()
        assert _get(f"{base}/formgrader?token={token}")[0] == 200
        status, body = _get(f"{base}/formgrader/api/assignments?token={token}")
        assert status == 200, "the formgrader could not open the gradebook"
        assert {a["name"] for a in json.loads(body)} >= {"a01_minimax", "a02_alphabeta"}
        for path in ("assignments", "courses"):  # the student-side lists: not here
            assert _get(f"{base}/{path}?token={token}")[0] == 404, path
        page = _get(f"{base}/lab?token={token}")[1].decode()
        disabled = _disabled(page)
        assert {"@jupyter/nbgrader:assignment-list", "@jupyter/nbgrader:course-list"} <= disabled
        assert "@jupyter/nbgrader:formgrader" not in disabled
        assert NEWS in disabled  # no news prompt in class
        assert _page_config(page)["extensionManager"]["can_install"] is False  # pins kept
    log = output[0]
    for noise in ("exchange directory", "Unwritable directory", "Traceback", "alembic"):
        assert noise not in log, f"the instructor's lab printed {noise!r}:\n{log[-3000:]}"
    assert (course / "build" / "exchange").is_dir()
