"""The class report in a real browser (Debian's chromium, playwright): the index and one
assignment page, in light and dark, for the instructor and anonymous. Screenshots go to
``$REPORT_SHOTS`` (default /tmp/report-shots) to be looked at.

Checks what a screenshot alone would not: the pages load nothing from outside (self-contained),
the figures are drawn at a readable size, nothing spills sideways, text and background differ
in both colour schemes, and the anonymous pages name no student in their visible text.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from gamekit.report import synthetic, write_reports

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SHOTS = Path(os.environ.get("REPORT_SHOTS", "/tmp/report-shots"))
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
NAMED = "(?:" + "|".join(synthetic.WORDS) + r")\d{5}"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not os.access(CHROMIUM, os.X_OK),
        reason=f"no chromium at {CHROMIUM}: install Debian's chromium (make browser-deps)",
    ),
]
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is missing")


@pytest.fixture(scope="module")
def reports(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("report-browser")
    db_url = f"sqlite:///{folder / 'gradebook.db'}"
    synthetic.generate(db_url, 300, seed=3)
    names = [synthetic.ASSIGNMENT]
    return {
        "instructor": write_reports(folder, names, db_url, folder / "reports").index.parent,
        "anonymous": write_reports(
            folder, names, db_url, folder / "anonymous", anonymous=True
        ).index.parent,
    }


def luminance(css: str) -> float:
    """Relative luminance of an ``rgb(...)`` colour (WCAG)."""
    r, g, b = (int(v) / 255 for v in re.findall(r"\d+", css)[:3])
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def check_page(page, who: str, scheme: str, name: str) -> None:
    """One page as the browser shows it (see the module's docstring)."""
    for svg in page.locator("figure svg").all():
        box = svg.bounding_box()
        assert box and box["width"] > 250 and box["height"] > 100, name
    sideways = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert sideways <= 0, f"{name} is {sideways} px too wide"
    colours = page.evaluate(
        "[getComputedStyle(document.body).color, getComputedStyle(document.body).backgroundColor]"
    )
    ink, ground = (luminance(c) for c in colours)
    assert (max(ink, ground) + 0.05) / (min(ink, ground) + 0.05) >= 7, (name, colours)
    assert (ground < 0.1) == (scheme == "dark"), colours
    if who == "anonymous":
        assert re.findall(NAMED, page.content()) == []
    elif name != "index.html":  # the folded lists open on a click and name the students
        page.locator("details summary").first.click()
        assert re.search(NAMED, page.locator("details").first.inner_text())


def test_report_pages_in_a_browser(reports):
    """Both pages, light and dark, instructor's and anonymous; one screenshot each."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    outside: list[str] = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for scheme in ("light", "dark"):
            page = browser.new_page(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
            page.on(
                "request",
                lambda r: None if r.url.startswith(("file:", "data:")) else outside.append(r.url),
            )
            for who in ("instructor", "anonymous"):
                for name in ("index.html", f"{synthetic.ASSIGNMENT}.html"):
                    page.goto((reports[who] / name).as_uri())
                    shot = SHOTS / f"{who}-{scheme}-{name[:-5]}.png"
                    page.screenshot(path=str(shot), full_page=True)
                    check_page(page, who, scheme, name)
            page.close()
        browser.close()
    assert outside == []
