"""Every text on a board is readable, in JupyterLab's light and dark themes.

Opens the lecture notebook ``01_play_the_games`` and a notebook of won positions in JupyterLab
in headless chromium, plays a move on each board, then measures, in the page, the contrast of
every piece of text on the boards (SVG ``<text>`` and the lines under them) against what is
really painted under its middle, blending half-transparent layers. WCAG AA asks 4.5:1 for text
(3:1 for large text). A text that something else covers (a winning line over a letter) fails
too. Uses the JupyterLab server and the chromium page of tests/test_browser.py.
"""

from __future__ import annotations

import json
import urllib.request

import pytest
from test_browser import (  # noqa: F401 (pytest fixtures)
    GAMES,
    SHOTS,
    TOKEN,
    follow,
    lab_url,
    my_clicks,
    page,
    run_notebook,
    settle,
    wait_for_all_cells,
)

pytestmark = pytest.mark.browser

THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}

WON = "won_positions.ipynb"
WON_CODE = """\
import random
from gamekit.hex import Hex
from gamekit.quarto import Quarto
from gamekit.widgets import play_hex, play_quarto

def won(game, seed=0):
    # The first won game of random play from `seed` on: a position with a winning line.
    while True:
        rng, state = random.Random(seed), game.initial
        while not game.terminal_test(state):
            state = game.result(state, rng.choice(game.actions(state)))
        if game.utility(state, game.players[0]) != 0:
            return state
        seed += 1

boards = [play_hex(5), play_quarto()]
for board, game in zip(boards, [Hex(5), Quarto()]):
    board.start_from(won(game))
    display(board)
"""

MEASURE = """
root => {
  const parse = c => {
    const m = c.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const [r, g, b, a] = m[1].split(/[ ,/]+/).map(Number);
    return [r, g, b, a === undefined || Number.isNaN(a) ? 1 : a];
  };
  const lum = ([r, g, b]) => {
    const f = v => (v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const over = (top, under) => top.slice(0, 3).map(
    (v, i) => v * top[3] + under[i] * (1 - top[3]));
  const shapes = ["rect", "circle", "ellipse", "polygon", "path", "polyline", "line"];
  const paint = el => {  // what el paints under a text: [r, g, b, a] or null
    const style = getComputedStyle(el);
    if (el instanceof SVGElement) {
      if (!shapes.includes(el.tagName)) return null;
      const fill = parse(style.fill);
      if (!fill || style.fill === "none") {  // a stroke only: it is under the text if hit
        const stroke = parse(style.stroke);
        if (!stroke) return null;
        stroke[3] *= Number(style.strokeOpacity) * Number(style.opacity);
        return stroke;
      }
      fill[3] *= Number(style.fillOpacity) * Number(style.opacity);
      return fill;
    }
    const bg = parse(style.backgroundColor);
    return bg && bg[3] > 0 ? bg : null;
  };
  root.classList.add("gk-measuring");  // every element answers hit tests while we measure
  const results = [];
  const texts = [...root.querySelectorAll("text, .gk-status, .gk-typed, .gk-stats, .gk-hints td")];
  for (const el of texts) {
    const words = el.textContent.trim();
    const box = el.getBoundingClientRect();
    if (!words || box.width === 0 || getComputedStyle(el).visibility === "hidden") continue;
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    const stack = document.elementsFromPoint(x, y);
    const at = stack.findIndex(e => e === el || el.contains(e));
    const top = stack.map(e => e.closest("text")).find(t => t);
    if (top && top !== el && top.textContent.trim() === words) continue;  // a copy on top
    const style = getComputedStyle(el);
    const svg = el instanceof SVGElement;
    const ink = parse(svg ? style.fill : style.color);
    let layers = [];
    const covers = stack.slice(0, Math.max(at, 0)).filter(e => !e.contains(el)
      && paint(e) && paint(e)[3] > 0.3 && !(e.closest("text")));
    if (svg && style.stroke !== "none" && parseFloat(style.strokeWidth) >= 2) {
      layers = [parse(style.stroke)];  // a halo: the glyphs sit on their own outline
    }
    for (const e of stack.slice(at + 1)) {
      if (layers.length && layers[layers.length - 1][3] >= 1) break;
      const p = paint(e);
      if (p && p[3] > 0) layers.push(p);
    }
    let colour = [255, 255, 255];
    for (const layer of layers.reverse()) colour = over(layer, colour);
    const [l1, l2] = [lum(over(ink, colour)), lum(colour)].sort((a, b) => b - a);
    const size = parseFloat(style.fontSize);
    const bold = Number(style.fontWeight) >= 700 || style.fontWeight === "bold";
    results.push({
      words: words.slice(0, 40), ratio: (l1 + 0.05) / (l2 + 0.05),
      needed: size >= 24 || (bold && size >= 18.66) ? 3 : 4.5,
      ink: style.fill || style.color, under: colour.map(Math.round).join(","),
      covered: at < 0 ? "not hit"
        : covers.map(e => e.tagName + "." + e.className.baseVal).join(" "),
    });
  }
  root.classList.remove("gk-measuring");
  return results;
}
"""


def settings(lab: str, theme: str) -> None:
    """Make ``theme`` JupyterLab's theme (the user setting, as the Settings menu would)."""
    request = urllib.request.Request(
        f"{lab}/lab/api/settings/@jupyterlab/apputils-extension:themes?token={TOKEN}",
        data=json.dumps({"raw": json.dumps({"theme": theme})}).encode(),
        method="PUT",
        headers={"Content-Type": "application/json"},
    )
    urllib.request.urlopen(request, timeout=30).close()


def put_notebook(lab: str, name: str, code: str) -> None:
    cell = {"cell_type": "code", "metadata": {}, "source": code, "outputs": []}
    cell["execution_count"] = None
    kernel = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    notebook = {"cells": [cell], "metadata": {"kernelspec": kernel}, "nbformat": 4}
    notebook["nbformat_minor"] = 5
    request = urllib.request.Request(
        f"{lab}/api/contents/{name}?token={TOKEN}",
        data=json.dumps({"type": "notebook", "format": "json", "content": notebook}).encode(),
        method="PUT",
        headers={"Content-Type": "application/json"},
    )
    urllib.request.urlopen(request, timeout=30).close()


def errors_shown(page) -> list[str]:  # noqa: F811
    """The error and stderr outputs on the page (a lecture notebook shows none)."""
    outputs = page.locator(
        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"], '
        ".jp-OutputArea-output.jp-mod-error, .jp-RenderedText[data-mime-type*=error]"
    )
    return [text[:300] for text in outputs.all_inner_texts()]


def unreadable(page) -> list[dict]:  # noqa: F811
    """Every text on every board below its WCAG AA contrast, or covered by something else."""
    page.add_style_tag(content=".gk-measuring * { pointer-events: auto !important; }")
    found = []
    for board in page.locator(".gk-board").all():
        board.scroll_into_view_if_needed()
        results = board.evaluate(MEASURE)
        assert results, "no text was measured on a board"
        found += [r for r in results if r["ratio"] < r["needed"] or r["covered"]]
    return found


@pytest.fixture
def theme(lab_url, request):  # noqa: F811
    settings(lab_url, THEMES[request.param])
    try:
        yield request.param
    finally:
        settings(lab_url, THEMES["light"])


@pytest.mark.parametrize("theme", list(THEMES), indirect=True)
def test_every_text_on_the_boards_is_readable_after_a_move(lab_url, page, theme):  # noqa: F811
    run_notebook(page, lab_url, "01_play_the_games.ipynb")
    page.locator(".gk-board").nth(3).wait_for(timeout=90_000)
    wait_for_all_cells(page)
    dark = page.evaluate("document.body.dataset.jpThemeLight") == "false"
    assert dark == (theme == "dark"), "the theme was not applied"
    for name, make in GAMES.items():  # play the first legal move on each board
        board = page.locator(f".gk-board.gk-game-{name}")
        board.scroll_into_view_if_needed()
        game = make()
        for action in my_clicks(game, game.initial):
            board.locator(f'[data-action="{action}"]').click()
        settle(board)
        mine = game.result(game.initial, game.actions(game.initial)[0])
        follow(game, mine, board, moved=True)  # the engine has answered
    page.screenshot(path=str(SHOTS / f"contrast-{theme}.png"), full_page=True)
    assert errors_shown(page) == []
    found = unreadable(page)
    assert found == [], "\n".join(map(str, found))


@pytest.mark.parametrize("theme", list(THEMES), indirect=True)
def test_winning_lines_cover_no_text(lab_url, page, theme):  # noqa: F811
    put_notebook(lab_url, WON, WON_CODE)
    run_notebook(page, lab_url, WON)
    page.locator(".gk-win").nth(1).wait_for(state="attached", timeout=90_000)
    wait_for_all_cells(page)
    page.screenshot(path=str(SHOTS / f"won-{theme}.png"), full_page=True)
    found = unreadable(page)
    assert found == [], "\n".join(map(str, found))


@pytest.mark.parametrize(  # one theme each (both are covered; 01's boards run in both)
    ("notebook", "theme"),
    [("02_watch_alphabeta.ipynb", "light"), ("03_depth_and_evaluation.ipynb", "dark")],
    indirect=["theme"],
)
def test_the_other_lecture_notebooks_run_in_the_lab_and_read_well(
    lab_url,  # noqa: F811
    page,  # noqa: F811
    theme,
    notebook,
):
    run_notebook(page, lab_url, notebook)
    page.locator(".jp-OutputArea-output").first.wait_for(timeout=90_000)
    wait_for_all_cells(page)
    page.screenshot(path=str(SHOTS / f"{notebook[:2]}-{theme}.png"), full_page=True)
    assert errors_shown(page) == []
    found = unreadable(page)
    assert found == [], "\n".join(map(str, found))
