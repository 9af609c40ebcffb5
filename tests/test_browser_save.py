"""A notebook as JupyterLab itself saves it is graded: a student's answer typed into the release
notebook in the browser, saved with Ctrl+S, handed in as that very file.

This is the path that broke once: Jupyter writes each cell's source as a list of lines, and no
fixture did, so a01 and a02 failed to grade for every real student. The test asserts that the
file it grades was written by JupyterLab (list sources), then grades it with a real kernel.
Uses the JupyterLab server and the chromium page of tests/test_browser.py.
"""

from __future__ import annotations

import base64
import json
import time
import urllib.request
from pathlib import Path

import pytest
from test_browser import KERNEL_IDLE, TOKEN, lab_url, page  # noqa: F401 (pytest fixtures)

from gamekit import course
from gamekit.grader import driver
from gamekit.grader.job import Job, grade_job

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
ASSIGNMENT = "a02_alphabeta"
NAME = f"{ASSIGNMENT}.ipynb"
ANSWER = '''def nodes_by_depth(engine, game, positions):
    """{len(game.actions(p)): nodes engine generates searching p, root included} for each p."""
    counts = {}
    for position in positions:
        _, trace = run_traced(engine, position, game)
        counts[len(game.actions(position))] = trace.stats.nodes
    return counts
'''


def contents(lab: str, path: str, method: str = "GET", body: dict | None = None) -> dict:
    request = urllib.request.Request(
        f"{lab}/api/contents/{path}?token={TOKEN}",
        data=json.dumps(body).encode() if body is not None else None,
        method=method,
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as reply:
        return json.loads(reply.read() or b"{}")


def saved_bytes(lab: str) -> bytes:
    with urllib.request.urlopen(f"{lab}/files/{NAME}?token={TOKEN}", timeout=30) as reply:
        return reply.read()


def test_an_answer_saved_by_jupyterlab_grades(lab_url, page, tmp_path):  # noqa: F811
    release = json.loads((ROOT / "release" / ASSIGNMENT / NAME).read_text())
    contents(lab_url, NAME, "PUT", {"type": "notebook", "format": "json", "content": release})
    page.goto(f"{lab_url}/lab/tree/{NAME}?reset&token={TOKEN}")
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for()
    page.locator("#jp-main-statusbar").get_by_text(KERNEL_IDLE, exact=True).wait_for()
    cell = page.locator(".jp-Cell", has_text="def nodes_by_depth").first
    editor = cell.locator(".cm-content").first
    editor.click()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(ANSWER)  # as pasted: no auto-indent or closing brackets
    page.keyboard.press("Control+s")
    deadline = time.monotonic() + 30
    while b"counts[len(game.actions(position))]" not in saved_bytes(lab_url):
        assert time.monotonic() < deadline, "JupyterLab did not save the notebook"
        time.sleep(0.3)
    page.screenshot(path=str(tmp_path / "typed.png"))
    data = saved_bytes(lab_url)
    written = json.loads(data)
    assert any(isinstance(c["source"], list) for c in written["cells"])  # Jupyter's own way
    answer = next(c for c in written["cells"] if "def nodes_by_depth" in "".join(c["source"]))
    assert isinstance(answer["source"], list) and len(answer["source"]) > 3

    root = course.scratch_course(tmp_path / "course", ROOT)
    url = driver.db_url_of(root)
    driver.ensure_in_gradebook(root, ASSIGNMENT, url, log=lambda _: None)
    job = Job(
        ASSIGNMENT,
        "saved-in-lab",
        {NAME: (ROOT / "release" / ASSIGNMENT / NAME).read_text()},
        driver.hidden_tests(url, ASSIGNMENT),
        {NAME: base64.b64encode(data).decode()},
        driver.LITERAL_CELLS[ASSIGNMENT],
    )
    result = grade_job(job)
    assert result["status"] == "graded", result["reasons"]
    scores = {c["grade_id"]: c["score"] for c in result["cells"] if not c["manual"]}
    assert scores.pop("test_nodes_by_depth") == 1.0  # the exercise typed in the browser
    assert set(scores.values()) == {0.0}  # the others are still the release's stubs
