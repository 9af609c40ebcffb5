"""Real-browser tests: the lecture notebooks' widgets in JupyterLab 4, driven by headless chromium.

A session fixture starts JupyterLab on 127.0.0.1 with every Jupyter directory in a temporary
folder, on a temporary copy of ``notebooks/`` (so the runs never touch the repository). Each
test opens one notebook, runs all its cells, and clicks like a person would. A failing test
leaves a screenshot in its pytest temporary directory.

Needs Debian's chromium (``/usr/bin/chromium``, or set ``CHROMIUM``) and the playwright package;
never ``playwright install``. Run with ``pytest -m browser tests/test_browser.py``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TOKEN = "gamekit-browser-tests"
KERNEL_IDLE = "Python 3 (ipykernel) | Idle"  # the status bar once a kernel is connected
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not os.access(CHROMIUM, os.X_OK),
        reason=f"no chromium at {CHROMIUM}: install Debian's chromium (make browser-deps)",
    ),
]

sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is missing")
expect = sync_api.expect


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def lab_url(tmp_path_factory):
    """JupyterLab serving a copy of notebooks/, with isolated settings and no news toast."""
    root = tmp_path_factory.mktemp("notebooks")
    for notebook in NOTEBOOKS.glob("*.ipynb"):
        shutil.copy(notebook, root)
    home = tmp_path_factory.mktemp("jupyter")
    settings = home / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    # Render every cell: with windowing, cells out of view have no text (or are not rendered).
    notebook_settings = home / "settings" / "@jupyterlab" / "notebook-extension"
    notebook_settings.mkdir(parents=True)
    (notebook_settings / "tracker.jupyterlab-settings").write_text(
        json.dumps({"windowingMode": "none"})
    )
    env = dict(
        os.environ,
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_DATA_DIR=str(home / "data"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        IPYTHONDIR=str(home / "ipython"),
        JUPYTERLAB_SETTINGS_DIR=str(home / "settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"),
    )
    env.pop("NBGRADER_EXECUTION", None)  # the boards must be built
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with open(home / "lab.log", "w") as log:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "jupyter",
                "lab",
                "--no-browser",
                "--allow-root",
                f"--port={port}",
                "--ip=127.0.0.1",
                f"--ServerApp.token={TOKEN}",
                f"--ServerApp.root_dir={root}",
                "--LabApp.extension_manager=readonly",
                "--LabApp.news_url=None",
            ],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + 60
            while True:
                if server.poll() is not None:
                    raise RuntimeError(f"jupyter lab exited early; see {home / 'lab.log'}")
                try:
                    urllib.request.urlopen(f"{base}/api/status?token={TOKEN}", timeout=1)
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise RuntimeError("jupyter lab did not answer within 60 s") from None
                    time.sleep(0.3)
            yield base
        finally:
            server.terminate()  # SIGTERM: the server shuts its kernels down
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


@pytest.fixture
def page(tmp_path, request):
    """A fresh headless chromium page; a screenshot lands in tmp_path if the test fails."""
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"),
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_FLAGS,
            viewport={"width": 1280, "height": 1000},
        )
        tab = context.pages[0] if context.pages else context.new_page()
        tab.set_default_timeout(30_000)
        try:
            yield tab
        finally:
            report = getattr(request.node, "rep_call", None)
            if report is not None and report.failed:
                shot = tmp_path / "failure.png"
                tab.screenshot(path=str(shot), full_page=True)
                print(f"screenshot of the failure: {shot}")
            context.close()


def run_notebook(page, lab_url: str, name: str) -> None:
    """Open notebook ``name`` and run all its cells, once its kernel is connected and idle."""
    # ?reset: start from an empty workspace, not with the previous tests' notebooks reopened
    # (their tab could be the current one, and Run All would go there).
    page.goto(f"{lab_url}/lab/tree/{name}?reset&token={TOKEN}")
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for()
    expect(page.locator(".jp-NotebookPanel")).to_have_count(1)
    expect(page.locator(".lm-TabBar-tab.lm-mod-current", has_text=name)).to_have_count(1)
    # Only the status bar's kernel text proves a kernel is connected; Run All before that
    # opens a "Select Kernel" dialog.
    page.locator("#jp-main-statusbar").get_by_text(KERNEL_IDLE, exact=True).wait_for()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()


def wait_for_all_cells(page) -> None:
    """Wait until no cell is queued or running (call it once the notebook's output shows)."""
    expect(page.locator(".jp-InputPrompt", has_text="[*]")).to_have_count(0, timeout=90_000)


def cell_texts(board) -> list[str]:
    return [text.strip() for text in board.locator(".gk-cell").all_text_contents()]


def test_tictactoe_board(lab_url, page):
    run_notebook(page, lab_url, "01_play_the_games.ipynb")
    board = page.locator(".gk-board.gk-game-tictactoe")
    board.wait_for(state="attached", timeout=90_000)
    board.scroll_into_view_if_needed()
    wait_for_all_cells(page)
    expect(board.locator(".gk-cell")).to_have_count(9)
    status = board.locator(".gk-status")
    expect(status).to_contain_text("Your turn (X)")

    centre = board.locator(".gk-cell-2-2")
    centre.click()
    expect(centre).to_have_text("X")
    reply = board.locator(".gk-cell", has_text="O")
    expect(reply).to_have_count(1)  # the engine's answer
    expect(status).to_contain_text("The engine played")
    expect(board.locator(".gk-stats")).to_contain_text(re.compile(r"[\d,]+ nodes, cutoffs"))
    texts = cell_texts(board)
    assert texts.count("X") == 1 and texts.count("O") == 1

    reply.click()  # occupied by the engine: illegal
    expect(status).to_contain_text("is taken by O")
    assert cell_texts(board) == texts
    centre.click()  # occupied by you: illegal too
    expect(status).to_contain_text("cell (2, 2) is taken by X")
    assert cell_texts(board) == texts


def test_connect_four_board(lab_url, page):
    run_notebook(page, lab_url, "01_play_the_games.ipynb")
    board = page.locator(".gk-board.gk-game-connectfour")
    board.wait_for(state="attached", timeout=90_000)
    board.scroll_into_view_if_needed()
    wait_for_all_cells(page)
    expect(board.locator(".gk-cell")).to_have_count(42)
    status = board.locator(".gk-status")
    xs = board.locator(".gk-cell", has_text="X")
    os_ = board.locator(".gk-cell", has_text="O")
    column = board.locator(".gk-col-4")

    column.click()
    expect(board.locator(".gk-cell-6-4")).to_have_text("X")  # the disc falls to the bottom
    expect(os_).to_have_count(1)  # the engine's reply
    expect(board.locator(".gk-stats")).to_contain_text(re.compile(r"[\d,]+ nodes, cutoffs"))

    # Keep playing column 4 until it is full (the engine answers each time).
    moves = 1
    while not board.locator(".gk-cell-1-4").text_content().strip():
        assert moves < 6, "column 4 should be full after at most 6 of your moves"
        moves += 1
        column.click()
        expect(xs).to_have_count(moves)
        expect(os_).to_have_count(moves)
        expect(status).to_contain_text("Your turn (X)")
    texts = cell_texts(board)
    column.click()
    expect(status).to_contain_text("column 4 is full")
    assert cell_texts(board) == texts


def test_alphabeta_stepper(lab_url, page):
    if not (NOTEBOOKS / "02_watch_alphabeta.ipynb").exists():
        pytest.skip("notebooks/02_watch_alphabeta.ipynb does not exist yet")
    run_notebook(page, lab_url, "02_watch_alphabeta.ipynb")
    stepper = page.locator(".gk-stepper").first
    stepper.wait_for(state="attached", timeout=90_000)
    stepper.scroll_into_view_if_needed()
    wait_for_all_cells(page)  # until then the kernel would answer the clicks late
    current = stepper.locator(".gk-step-current")
    pruned = stepper.locator(".gk-step-pruned")
    count = stepper.locator(".gk-step-count")
    expect(count).to_contain_text(re.compile(r"step 1 / \d+"))
    expect(current).to_have_text(re.compile(r"\S"))
    root = current.text_content().strip()
    assert not pruned.text_content().strip()
    total = int(re.search(r"/ (\d+)", count.text_content()).group(1))

    for position in range(2, total + 1):
        stepper.locator(".gk-step-next").click()
        expect(count).to_contain_text(f"step {position} / {total}")
        if pruned.text_content().strip():
            break
    else:
        pytest.fail("no edge was pruned in the whole stepper")
    node = current.text_content().strip()
    assert node != root
    edges = pruned.text_content().strip()
    assert re.fullmatch(r"[^,\s]+-[^,\s]+(, [^,\s]+-[^,\s]+)*", edges), edges
    assert edges.startswith(f"{node}-"), "the first pruned edges leave the node being cut off"
