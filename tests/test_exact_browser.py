"""The Connect Four board's "Exact values" toggle in JupyterLab, in headless chromium.

Two boards: one whose position the solver answers in about a second (every value exact, the
best shaded), one early in the game that it keeps searching (bounds "proven so far", then
Stop). Screenshots in both themes land in ``SHOTS``; every text on the boards must stay
readable (the measure of tests/test_contrast.py). Uses the JupyterLab server and the chromium
page of tests/test_browser.py.
"""

from __future__ import annotations

import pytest
from test_browser import (  # noqa: F401 (pytest fixtures)
    SHOTS,
    expect,
    lab_url,
    page,
    run_notebook,
    wait_for_all_cells,
)
from test_contrast import errors_shown, put_notebook, theme, unreadable  # noqa: F401

from gamekit.connect4_fast import analyse

pytestmark = pytest.mark.browser

NOTEBOOK = "exact_values.ipynb"
SOLVED, EARLY = "5443227244", "43443"
CODE = f"""\
from IPython.display import display

from gamekit.games import ConnectFour
from gamekit.widgets import ConnectFourAdapter, GameBoard

game = ConnectFour()


def played(moves):
    state = game.initial
    for column in moves:
        state = game.result(state, next(m for m in game.actions(state) if m[1] == int(column)))
    return state


solved = GameBoard(ConnectFourAdapter(), engine="random")
solved.start_from(played("{SOLVED}"))
early = GameBoard(ConnectFourAdapter(), engine="random", human_first=False)
early.start_from(played("{EARLY}"))
display(solved, early)
"""


@pytest.mark.parametrize("theme", ["light", "dark"], indirect=True)
def test_exact_values_show_update_stop_and_read_well(lab_url, page, theme):  # noqa: F811
    put_notebook(lab_url, NOTEBOOK, CODE)
    run_notebook(page, lab_url, NOTEBOOK)
    boards = page.locator(".gk-board.gk-game-connect-four")
    expect(boards).to_have_count(2, timeout=90_000)
    wait_for_all_cells(page)
    solved, early = boards.nth(0), boards.nth(1)

    early.locator(".gk-exact-toggle").click()
    expect(early.locator(".gk-exact")).to_contain_text("Searching…", timeout=30_000)
    expect(early.locator(".gk-exact-label")).to_have_count(7)
    expect(early.locator(".gk-stop")).to_be_enabled()
    early.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"exact-running-{theme}.png"), full_page=True)
    early.locator(".gk-stop").click()
    expect(early.locator(".gk-exact")).to_contain_text("you pressed Stop", timeout=10_000)
    expect(early.locator(".gk-stop")).to_be_disabled()

    solved.locator(".gk-exact-toggle").click()
    expected = analyse(SOLVED)
    expect(solved.locator(".gk-exact")).to_contain_text("columns are exact", timeout=60_000)
    labels = solved.locator(".gk-exact-label")
    expect(labels).to_have_count(len(expected.columns))
    words = labels.evaluate_all("nodes => nodes.map(n => n.dataset.words)")
    mine = [v.words().replace("your", "X's").replace("their", "O's") for v in expected.columns]
    assert words == mine
    best = solved.locator(".gk-exact-best").evaluate_all(
        "nodes => nodes.map(n => Number(n.dataset.column))"
    )
    assert best == expected.best()
    solved.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"exact-solved-{theme}.png"), full_page=True)
    assert errors_shown(page) == []
    found = unreadable(page)
    assert found == [], "\n".join(map(str, found))
