"""`make lab` gives students a lab on their own copies, without the instructor's files."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as reply:
            return reply.status, reply.read()
    except urllib.error.HTTPError as error:
        return error.code, b""
    except OSError:  # not listening yet
        return 0, b""


def test_student_lab_serves_copies_of_the_release_and_no_formgrader(tmp_path):
    course = tmp_path / "course"
    course.mkdir()
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy2(ROOT / name, course / name)  # copy2 keeps the .venv stamp newer
    for folder in ("release", "notebooks", "source"):
        shutil.copytree(ROOT / folder, course / folder)
    port, token = _free_port(), "t0ken"
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path / "rt"), HOME=str(tmp_path))
    venv = Path(sys.prefix)
    lab = subprocess.Popen(
        [
            "make",
            "lab",
            f"VENV={venv}",
            f"LAB_ARGS=--no-browser --ServerApp.port={port} --ServerApp.token={token} "
            "--ServerApp.ip=127.0.0.1 --LabApp.extension_manager=readonly",
        ],
        cwd=course,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            if _get(f"{base}/api/status?token={token}")[0] == 200:
                break
            time.sleep(0.5)
        status, body = _get(f"{base}/api/contents?token={token}")
        assert status == 200
        names = {item["name"] for item in json.loads(body)["content"]}
        released = {p.name for p in (ROOT / "release").iterdir() if p.is_dir()}
        assert names == released | {"notebooks"}
        assert _get(f"{base}/api/contents/source?token={token}")[0] == 404
        assert _get(f"{base}/formgrader?token={token}")[0] == 404
        page = _get(f"{base}/lab?token={token}")[1].decode()
        assert '"@jupyter/nbgrader:formgrader"' in page.split("disabledExtensions", 1)[1][:300]
        assert (course / "release" / "a02_alphabeta").exists()  # the release stays as it was
    finally:
        os.killpg(lab.pid, 15)
        output = lab.communicate(timeout=30)[0]
    if os.geteuid() == 0:
        assert "Running as root: starting JupyterLab with --allow-root." in output
