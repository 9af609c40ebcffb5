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

from gamekit.games import ConnectFour, TicTacToe
from gamekit.hex import Hex
from gamekit.quarto import CELLS as QUARTO_CELLS
from gamekit.quarto import Quarto, QuartoMove, QuartoState, piece_name

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TOKEN = "gamekit-browser-tests"
SHOTS = Path(os.environ.get("BOARD_SHOTS", "/tmp/board-shots"))
SHOTS.mkdir(parents=True, exist_ok=True)
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


# The boards: read back from the SVG and checked against a model kept here ----------------------

GAMES = {
    "tictactoe": TicTacToe,
    "connect-four": ConnectFour,
    "hex": lambda: Hex(size=7),
    "quarto": Quarto,
}


def shown(board) -> dict[str, str]:
    """``{"row-col": mark}`` as the page's SVG shows it (``data-mark`` of every cell)."""
    return board.locator("[data-cell]").evaluate_all(
        "nodes => Object.fromEntries(nodes.map(n => [n.dataset.cell, n.dataset.mark]))"
    )


def model_marks(state) -> dict[str, str]:
    """What every cell must show, from the model alone."""
    if isinstance(state, QuartoState):
        return {
            f"{r}-{c}": "" if p is None else piece_name(p)
            for (r, c), p in zip(QUARTO_CELLS, state.cells, strict=True)
        }
    return {
        f"{r}-{c}": "" if mark == "." else mark
        for r, row in enumerate(state.rows(), 1)
        for c, mark in enumerate(row, 1)
    }


def in_hand(board) -> str:
    hand = board.locator(".gk-to-place")
    return hand.get_attribute("data-mark") if hand.count() else ""


def follow(game, state, board, *, moved: bool = False, seconds: float = 15.0):
    """The model state the page shows: ``state``, or ``state`` plus one legal engine move
    (only that, with ``moved``); waits up to ``seconds`` for the page to show one of them.

    Fails unless the page's SVG then equals one exactly (no ghost marks, nothing missing).
    """
    deadline = time.monotonic() + seconds
    while True:
        found = _follow_once(game, state, board, moved)
        if found is not None:
            return found
        if time.monotonic() > deadline:
            break
        time.sleep(0.05)
    marks = shown(board)
    pytest.fail(f"the page shows no legal successor of the model:\n{state}\npage: {marks}")


def _follow_once(game, state, board, moved):
    marks, hand = shown(board), in_hand(board)

    def same(candidate) -> bool:
        if model_marks(candidate) != marks:
            return False
        if isinstance(candidate, QuartoState):
            expected = "" if candidate.to_place is None else piece_name(candidate.to_place)
            return expected == hand
        return True

    if same(state) and not (moved and not game.terminal_test(state)):
        return state
    for move in game.actions(state):
        after = game.result(state, move)
        if same(after):
            return after
    return None


def my_clicks(game, state) -> list[str]:
    """The clicks for the first legal move, as ``data-action`` values."""
    move = game.actions(state)[0]
    if isinstance(move, QuartoMove):
        clicks = [] if move.cell is None else [f"cell:{move.cell[0]}:{move.cell[1]}"]
        return clicks + ([] if move.give is None else [f"give:{move.give}"])
    if isinstance(game, ConnectFour):
        return [f"col:{move[1]}"]
    return [f"cell:{move[0]}:{move[1]}"]


def open_board(page, lab_url, name):
    run_notebook(page, lab_url, "01_play_the_games.ipynb")
    board = page.locator(f".gk-board.gk-game-{name}")
    board.wait_for(state="attached", timeout=90_000)
    wait_for_all_cells(page)
    board.scroll_into_view_if_needed()
    return board


def click(board, action: str) -> None:
    board.locator(f'[data-action="{action}"]').click()


def settle(board) -> None:
    """Wait until the engine has answered (the status no longer says it is thinking)."""
    expect(board.locator('.gk-status[data-kind="thinking"]')).to_have_count(0, timeout=30_000)


def still(page, board) -> None:
    """Wait until nothing on the board moves (a disc dropping, a column fading in)."""
    page.wait_for_function(
        "b => b.getAnimations({subtree: true}).every(a => a.playState !== 'running')",
        arg=board.element_handle(),
    )


def play_a_whole_game(game, board):
    """Click the first legal move until the game ends, the page read back after every move
    (my move, and the engine's reply); returns the final state."""
    state = game.initial
    while not game.terminal_test(state):
        before = state
        for action in my_clicks(game, state):
            click(board, action)
        mine = game.result(before, game.actions(before)[0])
        state = follow(game, mine, board, moved=True)  # my move, and the engine's reply
        settle(board)
    return state


@pytest.mark.parametrize("name", list(GAMES))
def test_board_in_the_browser(lab_url, page, name):
    game = GAMES[name]()
    board = open_board(page, lab_url, name)
    status = board.locator(".gk-status")
    expect(status).to_contain_text("Your turn (X)")
    assert shown(board) == model_marks(game.initial)
    page.screenshot(path=str(SHOTS / f"{name}-start.png"), full_page=False)
    board.locator(".gk-engine select").select_option("random")

    # A whole game by clicking, the page read back after every move; again after a draw
    # (the engine plays at random), so that the picture shows a winning line.
    for _attempt in range(4):
        state = play_a_whole_game(game, board)
        expect(status).to_contain_text("Game over")
        if game.utility(state, "X") != 0:
            break
        board.locator(".gk-new-game").click()
        expect(status).to_contain_text("Your turn (X)")
    if game.utility(state, "X") != 0:
        expect(board.locator(".gk-win")).to_have_count(1)
    still(page, board)
    page.screenshot(path=str(SHOTS / f"{name}-game-over.png"), full_page=False)
    click(board, "col:1" if name == "connect-four" else "cell:1:1")  # illegal: the game is over
    expect(status).to_contain_text("the game is over")
    assert follow(game, state, board) == state

    # New game (no ghost marks), a move, an illegal click on a taken cell, Undo.
    board.locator(".gk-new-game").click()
    expect(status).to_contain_text("Your turn (X)")
    assert shown(board) == model_marks(game.initial)
    for action in my_clicks(game, game.initial):
        click(board, action)
    settle(board)
    expect(status).to_contain_text("Your turn")
    mine = game.result(game.initial, game.actions(game.initial)[0])
    first = follow(game, mine, board, moved=True)
    if name != "connect-four":  # a taken cell (in Quarto X only gave a piece; O placed it)
        taken = next(cell for cell, mark in shown(board).items() if mark)
        click(board, "cell:" + taken.replace("-", ":"))
        expect(status).to_contain_text("is taken by")
    assert follow(game, first, board) == first
    board.locator(".gk-undo").click()
    expect(status).to_contain_text("Move taken back")
    assert shown(board) == model_marks(game.initial)

    # Hint, in mid-game: values on the board and in words.
    for action in my_clicks(game, game.initial):
        click(board, action)
    follow(game, mine, board, moved=True)  # my move again, and the engine's reply
    settle(board)
    board.locator(".gk-engine select").select_option("alpha-beta")
    board.locator(".gk-hint").click()
    expect(board.locator(".gk-hints")).to_contain_text("Hint", timeout=30_000)
    expect(board.locator(".gk-hint-label").first).to_be_visible()
    still(page, board)
    page.screenshot(path=str(SHOTS / f"{name}-hint.png"), full_page=False)

    # A long search: a click is refused, not queued; Stop plays the best move so far.
    # (tic-tac-toe is too small for a long search with a table: minimax searches it all)
    slow = "minimax" if name == "tictactoe" else "negamax (time limit)"
    board.locator(".gk-engine select").select_option(slow)
    if slow != "minimax":  # 20 seconds, typed into the slider's readout
        seconds = board.locator(".gk-seconds .widget-readout")
        expect(seconds).to_have_attribute("contenteditable", "true")
        seconds.fill("20")
        seconds.press("Enter")
        expect(seconds).to_have_text("20.00")
    board.locator(".gk-first").get_by_text("Engine starts").click()
    expect(status).to_have_attribute("data-kind", "thinking")
    expect(status).to_contain_text("thinking", timeout=5_000)
    target = my_clicks(game, game.initial)[0]
    click(board, target)
    expect(status).to_contain_text("wait, or press Stop")
    assert shown(board) == model_marks(game.initial)
    board.locator(".gk-stop").click()
    expect(board.locator(".gk-stats")).to_contain_text("stopped")
    expect(status).to_contain_text("Your turn (O)")
    follow(game, game.initial, board, moved=True)
    page.screenshot(path=str(SHOTS / f"{name}-stopped.png"), full_page=False)


# Connect Four's feel: the disc drops into its hole, the column under the pointer lights up.
# The first disc O drops is paused half-way (for the picture), measured at the start of its
# fall, then let go and measured where it ends.
WATCH_DROPS_JS = """
box => {
  window.gkDrop = null;
  const centre = (node) => {
    const r = node.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2, r.top, r.height];
  };
  const measure = (disc) => {
    const hole = centre(disc.closest(".gk-cell").querySelector(".gk-hole"));
    const [x, y, top, height] = centre(disc.querySelector("circle"));
    const topHole = centre(box.querySelector(".gk-cell-1-1 .gk-hole"));
    return { dx: x - hole[0], dy: y - hole[1], top: top - box.querySelector("svg")
             .getBoundingClientRect().top, aboveRow1: topHole[1] - y, size: height };
  };
  box.addEventListener("animationstart", (event) => {
    const disc = event.target.closest(".gk-disc");
    const cell = disc && disc.closest(".gk-cell");
    if (!cell || cell.dataset.mark !== "O" || window.gkDrop) return;
    const [animation] = disc.getAnimations();
    animation.pause();
    animation.currentTime = 0;
    window.gkDrop = { name: event.animationName, cell: cell.dataset.cell, start: measure(disc),
                      duration: animation.effect.getComputedTiming().duration };
    animation.currentTime = window.gkDrop.duration / 2;
    window.gkDropping = animation;
  });
  box.addEventListener("animationend", (event) => {
    const disc = event.target.closest(".gk-disc");
    if (window.gkDrop && disc && disc.closest(".gk-cell").dataset.cell === window.gkDrop.cell) {
      window.gkDrop.end = measure(disc);
    }
  });
}
"""

SHADES_JS = """
board => [...board.querySelectorAll(".gk-col")].map(
  (col) => Number(getComputedStyle(col.querySelector(".gk-col-shade")).opacity))
"""


def lit_columns(page, board, column: int) -> None:
    """Wait until column ``column`` alone is lit (the others faded out), then check it."""
    page.wait_for_function(
        f"b => ({SHADES_JS})(b).every((o, i) => i === {column - 1} ? o > 0.15 : o === 0)",
        arg=board.element_handle(),
    )
    opacities = board.evaluate(SHADES_JS)
    assert [c for c, o in enumerate(opacities, 1) if o > 0] == [column], opacities


def test_connect_four_disc_drops_and_the_column_under_the_pointer_lights_up(lab_url, page):
    game = GAMES["connect-four"]()
    board = open_board(page, lab_url, "connect-four")
    status = board.locator(".gk-status")
    expect(status).to_contain_text("Your turn (X)")
    board.locator(".gk-svg").evaluate(WATCH_DROPS_JS)

    # Hover: the column under the pointer lights up, and no other.
    assert board.evaluate(SHADES_JS) == [0] * 7
    for column in (5, 2):
        board.locator(f".gk-cell-3-{column} .gk-hole").hover()
        lit_columns(page, board, column)
    page.screenshot(path=str(SHOTS / "connect-four-hover.png"), full_page=False)

    # A click on column 4: the engine's reply drops (paused half-way here) into its hole.
    click(board, "col:4")
    page.wait_for_function("window.gkDrop !== null")
    lit_columns(page, board, 4)  # the pointer stayed on column 4
    page.screenshot(path=str(SHOTS / "connect-four-drop.png"), full_page=False)
    drop = page.evaluate("window.gkDrop")
    assert drop["name"] == "gk-drop" and drop["duration"] > 0
    state = follow(game, game.result(game.initial, (6, 4)), board, moved=True)
    assert board.locator(".gk-last").get_attribute("data-cell") == drop["cell"]
    assert state.last_move == tuple(int(n) for n in drop["cell"].split("-"))
    start = drop["start"]
    assert abs(start["dx"]) < 0.5, "a disc falls straight down"
    assert start["aboveRow1"] > 0, "it starts above the top row of holes"
    assert start["top"] >= -0.5, "inside the picture, not cut off at its top"
    page.evaluate("window.gkDropping.play()")
    page.wait_for_function("window.gkDrop.end !== undefined")
    end = page.evaluate("window.gkDrop.end")
    assert abs(end["dx"]) < 0.5 and abs(end["dy"]) < 0.5, f"it ends in its hole: {end}"
    assert end["size"] == pytest.approx(start["size"])
    still(page, board)
    settle(board)
    expect(status).to_contain_text("Your turn (X)")


def test_alphabeta_stepper(lab_url, page):
    if not (NOTEBOOKS / "02_watch_alphabeta.ipynb").exists():
        pytest.skip("notebooks/02_watch_alphabeta.ipynb does not exist yet")
    run_notebook(page, lab_url, "02_watch_alphabeta.ipynb")
    steppers = page.locator(".gk-stepper")
    stepper = steppers.first
    stepper.wait_for(state="attached", timeout=90_000)
    stepper.scroll_into_view_if_needed()
    wait_for_all_cells(page)  # until then the kernel would answer the clicks late
    current = stepper.locator(".gk-step-current")
    pruned = stepper.locator(".gk-step-pruned")
    count = stepper.locator(".gk-step-count")
    highlighted = stepper.locator('.gk-step-picture svg [data-current="true"]')
    expect(count).to_contain_text(re.compile(r"step 1 / \d+"))
    expect(current).to_have_text(re.compile(r"\S"))
    root = current.text_content().strip()
    expect(highlighted).to_have_attribute("data-node", root)
    assert not pruned.text_content().strip()
    total = int(re.search(r"/ (\d+)", count.text_content()).group(1))

    for position in range(2, total + 1):
        stepper.locator(".gk-step-next").click()
        expect(count).to_contain_text(f"step {position} / {total}")
        expect(highlighted).to_have_attribute("data-node", current.text_content().strip())
        if pruned.text_content().strip():
            break
    else:
        pytest.fail("no edge was pruned in the whole stepper")
    node = current.text_content().strip()
    assert node != root
    edges = pruned.text_content().strip()
    assert re.fullmatch(r"[^,\s]+-[^,\s]+(, [^,\s]+-[^,\s]+)*", edges), edges
    assert edges.startswith(f"{node}-"), "the first pruned edges leave the node being cut off"
    # Crisp: the picture is SVG drawn at its own size (no bitmap stretched by the page).
    assert stepper.locator(".gk-step-picture img").count() == 0
    box = stepper.locator(".gk-step-picture svg").bounding_box()
    assert box["width"] > 300
    page.screenshot(path=str(SHOTS / "stepper-first-tree.png"), full_page=False)

    # The tic-tac-toe position: nodes named by moves, the highlight following them.
    expect(steppers).to_have_count(2)
    board = steppers.nth(1)
    board.scroll_into_view_if_needed()
    current = board.locator(".gk-step-current")
    highlighted = board.locator('.gk-step-picture svg [data-current="true"]')
    expect(current).to_have_text("root")
    for _ in range(12):
        board.locator(".gk-step-next").click()
    expect(board.locator(".gk-step-count")).to_contain_text("step 13 / ")
    expect(current).to_have_text(re.compile(r"^\(\d,\d\)( \(\d,\d\))*$"))
    expect(highlighted).to_have_attribute("data-node", current.text_content().strip())
    board.locator(".gk-step-reset").click()
    expect(current).to_have_text("root")
    board.locator(".gk-step-next").click()
    board.locator(".gk-step-next").click()
    board.locator(".gk-step-prev").click()
    expect(board.locator(".gk-step-count")).to_contain_text("step 2 / ")
    for _ in range(13):
        board.locator(".gk-step-next").click()
    expect(board.locator(".gk-step-count")).to_contain_text("step 15 / ")
    board.locator(".gk-step-picture").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "stepper-tictactoe.png"), full_page=False)


@pytest.mark.parametrize(
    ("name", "keys", "move", "bad_keys", "complaint"),
    [
        ("connect-four", ["4"], (6, 4), ["9"], "there is no column 9"),
        ("hex", ["c", "5", "Enter"], (5, 3), ["h", "9", "Enter"], "off the 7 x 7 board"),
    ],
)
def test_keyboard_in_the_browser(lab_url, page, name, keys, move, bad_keys, complaint):
    """Keys typed into the focused board play a move (a column's digit, a Hex cell name)."""
    game = GAMES[name]()
    board = open_board(page, lab_url, name)
    status = board.locator(".gk-status")
    expect(status).to_contain_text("Your turn (X)")
    board.locator(".gk-engine select").select_option("random")
    board.locator(".gk-svg").focus()
    if bad_keys:  # a name off the board is refused in words; nothing is drawn
        for key in bad_keys:
            board.locator(".gk-svg").press(key)
        expect(status).to_contain_text(complaint)
        assert shown(board) == model_marks(game.initial)
    if name == "hex":  # a key that can be no part of a cell's name is answered at once
        board.locator(".gk-svg").press("!")
        expect(board.locator(".gk-typed")).to_contain_text("'!' is not part of a move")
    for key in keys:
        board.locator(".gk-svg").press(key)
    assert move in game.actions(game.initial)
    follow(game, game.result(game.initial, move), board, moved=True)
    settle(board)
    expect(status).to_contain_text("Your turn (X)")


def test_boards_in_spanish_and_portuguese_in_the_browser(lab_url, page):
    """Boards made with ``lang`` in a notebook: their controls, status line and refusals are in
    that language in the page itself (the keyboard's refusal comes from the page's script)."""
    cells = [
        "from gamekit.widgets import play_hex, play_quarto\n"
        "play_hex(5, engine='random', lang='es')",
        "play_quarto(engine='random', lang='pt_BR')",
    ]
    notebook = {
        "cells": [
            {"cell_type": "code", "source": s, "metadata": {}, "outputs": [],
             "execution_count": None}
            for s in cells
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }  # fmt: skip
    request = urllib.request.Request(
        f"{lab_url}/api/contents/boards_in_languages.ipynb?token={TOKEN}",
        data=json.dumps({"type": "notebook", "content": notebook}).encode(),
        method="PUT",
        headers={"Content-Type": "application/json"},
    )
    urllib.request.urlopen(request, timeout=30).close()
    run_notebook(page, lab_url, "boards_in_languages.ipynb")
    hex_board = page.locator(".gk-board.gk-game-hex")
    quarto = page.locator(".gk-board.gk-game-quarto")
    quarto.wait_for(state="attached", timeout=90_000)
    wait_for_all_cells(page)
    expect(hex_board.locator(".gk-status")).to_contain_text("Tu turno (X).")
    expect(hex_board.locator(".gk-new-game")).to_contain_text("Nueva partida")
    hex_board.locator(".gk-svg").focus()
    hex_board.locator(".gk-svg").press("!")
    expect(hex_board.locator(".gk-typed")).to_contain_text("'!' no es parte de una jugada")
    click(hex_board, "cell:3:3")
    settle(hex_board)
    expect(hex_board.locator(".gk-status")).to_contain_text("El motor jugó")
    click(hex_board, "cell:3:3")
    expect(hex_board.locator(".gk-status")).to_contain_text("No permitido: la casilla c3")
    hex_board.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "hex-es.png"), full_page=False)
    expect(quarto.locator(".gk-status")).to_contain_text("Sua vez (X).")
    expect(quarto.locator(".gk-undo")).to_contain_text("Desfazer")
    click(quarto, "give:5")
    settle(quarto)
    expect(quarto.locator(".gk-status")).to_contain_text("O motor colocou")
    quarto.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "quarto-pt_BR.png"), full_page=False)
