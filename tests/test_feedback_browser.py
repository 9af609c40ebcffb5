"""Feedback pages of graded fixtures, read in headless chromium in light and dark.

One failing fixture case per assignment (a03 to a06) is graded for real in a scratch course
(`gamekit.course.check_cases`), and its page is opened with ``prefers-color-scheme`` emulated
light and dark. Each page must name every graded cell's part and exercise in words (no
grade_id), show no path of the grading machine and no traceback step outside the student's own
cells, never repeat a message on the next row, and keep every text at WCAG AA contrast against
its background; a03's page must draw its witness board as an SVG. Screenshots go to
``$FEEDBACK_SHOTS`` (default /tmp/feedback-shots). Grading the four cases takes a few minutes
on a busy 2-core machine.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SHOTS = Path(os.environ.get("FEEDBACK_SHOTS", "/tmp/feedback-shots"))
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
ROOT = Path(__file__).resolve().parents[1]

CASES = {
    "a03_connect_four": "topmost_cell",  # a witness board; a visible check that crashes; 8 = 9
    "a04_hex_heuristics": "not_zero_sum",
    "a05_mcts": "not_negated",  # cells 17 and 20 fail for the same reason
    "a06_negamax_quarto": "value_not_negated",  # cells 8 and 9 fail for the same reason
}

MACHINE = ["/work/", "/tmp/", "site-packages", ".venv", str(ROOT)]

READ = """() => {
  const rows = [...document.querySelectorAll('table.summary tr[data-grade-id]')].map(r => ({
    id: r.dataset.gradeId, state: r.className,
    title: r.cells[0].innerText, said: r.cells[3].innerText}));
  const errors = [...document.querySelectorAll('pre.error')].map(e => e.innerText);
  const boards = [...document.querySelectorAll('svg.board')].map(s => {
    const box = s.getBoundingClientRect();
    const shapes = s.querySelectorAll('circle, rect').length;
    return {width: box.width, height: box.height, shapes};
  });
  return {rows, errors, boards, text: document.body.innerText,
          ground: getComputedStyle(document.body).backgroundColor};
}"""

CONTRAST = """() => {
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
  const over = (top, under) => top.slice(0, 3).map((v, i) => v * top[3] + under[i] * (1 - top[3]));
  const ground = el => {  // the backgrounds under el, from the nearest ancestor out
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      if (e instanceof SVGElement) continue;  // a board's numbers sit outside its shapes
      const bg = parse(getComputedStyle(e).backgroundColor);
      if (bg && bg[3] > 0) { layers.push(bg); if (bg[3] >= 1) break; }
    }
    let colour = [255, 255, 255];
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || seen.has(el)) continue;
    seen.add(el);
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    if (box.width === 0 || style.visibility === 'hidden') continue;
    const svg = el instanceof SVGElement;
    const ink = parse(svg ? style.fill : style.color);
    const under = ground(el);
    const [l1, l2] = [lum(over(ink, under)), lum(under)].sort((a, b) => b - a);
    const size = parseFloat(style.fontSize);
    const bold = Number(style.fontWeight) >= 700;
    found.push({words: node.textContent.trim().slice(0, 40), ratio: (l1 + 0.05) / (l2 + 0.05),
                needed: size >= 24 || (bold && size >= 18.66) ? 3 : 4.5,
                ink: svg ? style.fill : style.color, under: under.map(Math.round).join(',')});
  }
  return found;
}"""


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    from gamekit.course import check_cases

    found = {}
    for assignment, case in CASES.items():
        keep = tmp_path_factory.mktemp(assignment)
        check_cases(assignment, [case], keep=keep, validate=False, log=lambda *a: None)
        found[assignment] = keep / "feedback" / case / assignment / f"{assignment}.html"
        assert found[assignment].is_file(), f"no page for {assignment} / {case}"
    return found


def visible_source(page: str) -> str:
    """The page's HTML without its pictures' data (base64 may spell anything)."""
    return re.sub(r"data:image/[a-z+]+;base64,[A-Za-z0-9+/=]*", "data:", page)


def check_page(assignment: str, seen: dict) -> None:
    rows = seen["rows"]
    assert rows, f"{assignment}: no graded cell in the table"
    for row in rows:  # part and exercise in words, never the grade_id
        part, _, exercise = row["title"].partition("\n")
        assert part.startswith("Part "), (assignment, row)
        assert exercise.strip() and row["id"] not in row["title"], (assignment, row)
    for above, below in zip(rows, rows[1:], strict=False):  # said once, then pointed to
        if "lost" in below["state"] and "lost" in above["state"]:
            assert below["said"] != above["said"], (assignment, below)
    for said in (r["said"] for r in rows):
        assert "EngineForbidden" not in said and "GradingError" not in said
    for error in seen["errors"]:  # a visible cell's traceback: the student's cells only
        for line in error.splitlines():
            assert not line.startswith("File "), (assignment, line)
        assert "games.py" not in error and "Traceback (most recent call last)" not in error[1:]
    for mark in MACHINE:
        assert mark not in seen["text"], (assignment, mark)


@pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason=f"no chromium at {CHROMIUM}")
def test_graded_pages_read_well_in_light_and_dark(pages):
    sync_api = pytest.importorskip("playwright.sync_api")
    SHOTS.mkdir(parents=True, exist_ok=True)
    for assignment, path in pages.items():
        source = visible_source(path.read_text(encoding="utf-8"))
        for mark in MACHINE:
            assert mark not in source, (assignment, mark)
    refused: list[str] = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for scheme in ("light", "dark"):
            page = browser.new_page(viewport={"width": 1000, "height": 900}, color_scheme=scheme)
            page.on("console", lambda m: refused.append(m.text))
            for assignment, path in pages.items():
                page.goto(path.as_uri())
                page.screenshot(
                    path=str(SHOTS / f"graded-{assignment}-{scheme}.png"), full_page=True
                )
                seen = page.evaluate(READ)
                white = seen["ground"] == "rgb(255, 255, 255)"
                assert white == (scheme == "light"), (assignment, scheme, seen["ground"])
                check_page(assignment, seen)
                if assignment == "a03_connect_four":  # the witness board, drawn
                    assert seen["boards"], "a03: no witness board"
                    board = seen["boards"][0]
                    assert board["width"] > 100 and board["height"] > 100 and board["shapes"] > 16
                    assert seen["rows"][1]["said"] == "the same as cell 8"
                    assert "Crossed: your answer, (1,1), (1,2), (1,3), (1,4)." in seen["text"]
                    assert any("Cell 7, line" in e for e in seen["errors"]), seen["errors"]
                low = [r for r in page.evaluate(CONTRAST) if r["ratio"] < r["needed"]]
                assert low == [], (assignment, scheme, low[:5])
            page.close()
        browser.close()
    assert refused == []  # nothing the page's policy refused, no script
