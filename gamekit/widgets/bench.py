"""How quickly the boards answer, measured in a real browser: JupyterLab 4 and headless chromium.

    python -m gamekit.widgets.bench [--repeats 5] [--seconds 5]

It starts JupyterLab on a temporary copy of ``notebooks/`` (every Jupyter directory in a
temporary folder), runs ``01_play_the_games.ipynb`` in chromium and clicks the Connect Four
board like a person. Each time is taken inside the page (``performance.now()``), from the click
to the change a person would see, so it includes the browser, the widget messages to the kernel
and back, and the engine:

1. **click to reply**: a click on a column, at the board's default engine and level, until the
   SVG shows both your disc and the engine's reply (target <= 150 ms);
2. **refusal during a search**: with negamax on a ``--seconds`` time limit thinking, a click on
   the board until the status line says it is refused (target <= 100 ms);
3. **Stop to move**: the Stop button until the engine's move shows on the board (target <= 200 ms);
4. **round trip, idle** (no target): the Undo button with nothing to undo and nothing searching,
   until the status line refuses it: browser to kernel and back with no engine at all (through
   an ipywidgets button, not the board's own messages, so not a strict floor under 1 to 3).

It prints figures and never fails on them: speed is measured here, not asserted in tests.
Needs Debian's ``chromium`` (or ``CHROMIUM=...``) and the ``playwright`` package.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
TOKEN = "gamekit-board-bench"
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
BOARD = ".gk-board.gk-game-connect-four"
TARGETS_MS = {"click to reply": 150, "refusal during a search": 100, "Stop to move": 200}
IDLE = "round trip, idle"  # measured too, with no target: the page and kernel without an engine

# One timed interaction in the page: press `press` (a CSS selector inside the board), then
# resolve with the milliseconds until `done(board)` holds, watched by a MutationObserver.
MEASURE_JS = """
([boardSelector, press, doneSource, timeoutMs]) => new Promise((resolve, reject) => {
  const board = document.querySelector(boardSelector);
  const marks = () =>
    [...board.querySelectorAll("[data-cell]")].filter((n) => n.dataset.mark).length;
  const status = () => board.querySelector(".gk-status").textContent;
  const done = new Function("marks", "status", "before", "return " + doneSource);
  const before = marks();
  const check = () => {
    if (done(marks, status, before)) {
      observer.disconnect();
      resolve(performance.now() - start);
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(board, { subtree: true, childList: true, attributes: true,
                            characterData: true });
  setTimeout(() => { observer.disconnect(); reject(new Error("no answer: " + status())); },
             timeoutMs);
  const start = performance.now();
  board.querySelector(press).dispatchEvent(new MouseEvent("click", { bubbles: true }));
})
"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def jupyter_lab(root: Path, home: Path) -> Iterator[str]:
    """JupyterLab serving ``root``, with its settings in ``home``; yields its URL."""
    settings = home / "settings" / "@jupyterlab"
    (settings / "apputils-extension").mkdir(parents=True)
    (settings / "apputils-extension" / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    (settings / "notebook-extension").mkdir(parents=True)
    (settings / "notebook-extension" / "tracker.jupyterlab-settings").write_text(
        json.dumps({"windowingMode": "none"})
    )
    env = dict(os.environ, JUPYTERLAB_SETTINGS_DIR=str(home / "settings"))
    for name in ["config", "data", "runtime", "ipython", "workspaces"]:
        key = {"ipython": "IPYTHONDIR", "workspaces": "JUPYTERLAB_WORKSPACES_DIR"}.get(
            name, f"JUPYTER_{name.upper()}_DIR"
        )
        env[key] = str(home / name)
    env.pop("NBGRADER_EXECUTION", None)
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root"]
    command += [f"--port={port}", "--ip=127.0.0.1", f"--ServerApp.token={TOKEN}"]
    command += [f"--ServerApp.root_dir={root}", "--LabApp.extension_manager=readonly"]
    with open(home / "lab.log", "w") as log:
        server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    urllib.request.urlopen(f"{url}/api/status?token={TOKEN}", timeout=1)
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError(f"no jupyter lab; see {home}/lab.log") from None
                    time.sleep(0.3)
            yield url
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()


def open_board(page: Any, url: str) -> Any:
    """Run notebook 01 and return the Connect Four board, once every cell has run."""
    page.goto(f"{url}/lab/tree/01_play_the_games.ipynb?reset&token={TOKEN}")
    page.locator("#jp-main-statusbar").get_by_text(
        "Python 3 (ipykernel) | Idle", exact=True
    ).wait_for(timeout=90_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    board = page.locator(BOARD)
    board.wait_for(state="attached", timeout=90_000)
    page.locator(".jp-InputPrompt", has_text="[*]").first.wait_for(state="detached", timeout=90_000)
    board.scroll_into_view_if_needed()
    return board


def measure(page: Any, press: str, done: str, timeout_ms: int = 30_000) -> float:
    """Milliseconds from pressing ``press`` until the JS expression ``done`` holds."""
    return page.evaluate(MEASURE_JS, [BOARD, press, done, timeout_ms])


def run(repeats: int, seconds: float) -> dict[str, list[float]]:
    """Measure the three interactions ``repeats`` times each; ``{name: [ms, ...]}``."""
    from playwright.sync_api import sync_playwright  # a benchmark dependency, not a runtime one

    figures: dict[str, list[float]] = {name: [] for name in [*TARGETS_MS, IDLE]}
    over = 'status().includes("Game over")'
    with tempfile.TemporaryDirectory() as scratch:
        root, home = Path(scratch) / "notebooks", Path(scratch) / "home"
        root.mkdir()
        for notebook in NOTEBOOKS.glob("*.ipynb"):
            shutil.copy(notebook, root)
        with jupyter_lab(root, home) as url, sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                str(Path(scratch) / "profile"),
                executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                headless=True,
                args=CHROMIUM_FLAGS,
                viewport={"width": 1280, "height": 1000},
            )
            page = context.pages[0] if context.pages else context.new_page()
            page.set_default_timeout(30_000)
            board = open_board(page, url)

            # 1. Click to reply, at the default engine and level (columns 4, 3, 5, 2, ...).
            columns = [4, 3, 5, 2, 6, 1, 7]
            for i in range(repeats * 2):
                if "Game over" in board.locator(".gk-status").text_content():
                    board.locator(".gk-new-game").click()
                press = f'[data-action="col:{columns[i % len(columns)]}"]'
                ms = measure(page, press, f"marks() >= before + 2 || {over}")
                if i > 0:  # the first click also warms up the kernel's imports
                    figures["click to reply"].append(ms)
                if len(figures["click to reply"]) == repeats:
                    break

            # 4. The round trip alone: Undo with nothing to undo (New game between, so that the
            # status line changes each time).
            for _ in range(repeats):
                board.locator(".gk-new-game").click()
                page.wait_for_function(
                    f"document.querySelector('{BOARD} .gk-status').textContent"
                    ".startsWith('Your turn')"
                )
                figures[IDLE].append(measure(page, ".gk-undo", 'status().includes("no move")'))

            # 2 and 3. Negamax with a time limit: a click is refused; Stop plays a move.
            board.locator(".gk-new-game").click()
            board.locator(".gk-engine select").select_option("negamax (time limit)")
            readout = board.locator('.gk-seconds .widget-readout[contenteditable="true"]')
            readout.wait_for()  # editable once the engine's slider is enabled
            readout.fill(f"{seconds:g}")
            readout.press("Enter")
            page.wait_for_function(
                f"document.querySelector('{BOARD} .gk-seconds .widget-readout').textContent"
                f" === '{seconds:.2f}'"
            )
            for _ in range(repeats):
                board.locator(".gk-new-game").click()
                page.wait_for_function(
                    f"document.querySelector('{BOARD} .gk-status').textContent"
                    ".includes('Your turn')"
                )
                measure(page, '[data-action="col:4"]', 'status().includes("thinking…")')
                figures["refusal during a search"].append(
                    measure(page, '[data-action="col:3"]', 'status().includes("press Stop")')
                )
                figures["Stop to move"].append(
                    measure(page, ".gk-stop", "marks() >= before + 1", 5_000 + int(seconds * 1e3))
                )
            context.close()
    return figures


def report(figures: dict[str, list[float]]) -> str:
    """The figures as a table: median, worst, target."""
    lines = [f"{'interaction':<26}{'runs':>5}{'median ms':>11}{'worst ms':>10}{'target ms':>11}"]
    for name, times in figures.items():
        if times:
            lines.append(
                f"{name:<26}{len(times):>5}{statistics.median(times):>11.0f}"
                f"{max(times):>10.0f}{TARGETS_MS.get(name, '-'):>11}"
            )
    return "\n".join(lines)


def each_run(figures: dict[str, list[float]]) -> str:
    """Every run's time, in the order measured (a slow first run shows a warm-up)."""
    return "\n".join(
        f"{name}: " + " ".join(f"{ms:.0f}" for ms in times) + " ms"
        for name, times in figures.items()
        if times
    )


def main(argv: list[str] | None = None) -> None:
    """Command line: measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="times each interaction is timed")
    parser.add_argument("--seconds", type=float, default=5.0, help="the long search's time limit")
    args = parser.parse_args(argv)
    if args.repeats < 1:
        raise ValueError(f"--repeats must be at least 1, got {args.repeats}")
    figures = run(args.repeats, args.seconds)
    print(report(figures))
    print(each_run(figures))


if __name__ == "__main__":
    main()
