"""No script in a feedback page, whatever the notebook holds (gamekit.grader.safe_html).

Hostile notebooks are generated: every payload (HTML that runs script, attribute and URL
injection, ``javascript:`` links, SVG with scripts, broken pictures) in every place a notebook
can carry it: markdown cells, cell attachments, each output type and every MIME type of a
display (the ones nbformat knows and made-up ones), tracebacks, cell metadata, the names and
notes on the page. Each page is checked twice:

- in-process, tag by tag: only the page's own tags, no ``on*`` attribute, links only to http(s),
  mailto or within the page, pictures only as ``data:`` URIs of PNG, JPEG or (formulas) SVG;
  hypothesis mixes the payloads into markdown for more;
- in headless chromium (playwright): with the page's Content-Security-Policy *and* with it
  bypassed (so escaping alone is shown to hold), no payload runs (``window.__pwned`` stays
  undefined, the title stays, no console line or dialog says PWNED), no request leaves the
  page, and the page carries its policy. A normal page is photographed in light and dark to
  ``$FEEDBACK_SHOTS`` (default /tmp/feedback-shots).
"""

from __future__ import annotations

import base64
import io
import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from gamekit.grader.feedback_page import (
    CellScore,
    PageInfo,
    markdown_html,
    render_notebook_page,
    render_short_page,
    render_status_page,
)
from gamekit.grader.safe_html import allowed_fragment, jpeg_data_uri, png_data_uri

RUN = "window.__pwned=1;document.title='PWNED';console.log('PWNED');alert('PWNED')"

HTML_PAYLOADS = [
    f"<script>{RUN}</script>",
    f'<img src=x onerror="{RUN}">',
    f'<svg onload="{RUN}"><script>{RUN}</script></svg>',
    f'<svg><a xlink:href="javascript:{RUN}"><text y="20">x</text></a></svg>',
    f'<iframe srcdoc="<script>{RUN}</script>"></iframe>',
    f'<a href="javascript:{RUN}">click</a>',
    f'"><script>{RUN}</script>',
    f"'><img src=x onerror={RUN}>",
    f"</pre></section><script>{RUN}</script>",
    f"--><script>{RUN}</script><!--",
    f"]]><script>{RUN}</script>",
    f'<body onload="{RUN}">',
    f'<details open ontoggle="{RUN}">x</details>',
    f'<input autofocus onfocus="{RUN}">',
    f'<video><source onerror="{RUN}"></video>',
    f'<object data="javascript:{RUN}"></object>',
    f'<embed src="data:text/html,<script>{RUN}</script>">',
    f'<meta http-equiv="refresh" content="0;url=javascript:{RUN}">',
    f'<base href="javascript:{RUN}//">',
    f'<form><button formaction="javascript:{RUN}">go</button></form>',
    f'<math><mtext><table><mglyph><style><img src=x onerror="{RUN}">',
    f'<noscript><p title="</noscript><img src=x onerror={RUN}>">',
    "<style>@import 'http://evil.example/x.css';</style><link rel=stylesheet href=//evil.example>",
    f"<textarea></textarea><script>{RUN}</script>",
    f"<title></title><script>{RUN}</script>",
    f"\x00<scr\x00ipt>{RUN}</script>",
    f"\ud800<script>{RUN}</script>",
]

MARKDOWN_PAYLOADS = [
    f"[x](javascript:{RUN})",
    f"[x](JaVaScRiPt:{RUN})",
    f"[x](java&#x09;script:{RUN})",
    f"[x](&#106;avascript:{RUN})",
    f"[x](%6Aavascript:{RUN})",
    f"[x](data:text/html;base64,{base64.b64encode(b'<script>1</script>').decode()})",
    f"[x](vbscript:{RUN})",
    f"![x](javascript:{RUN})",
    f'![x](x" onerror="{RUN})',
    f'![x](data:image/png;base64,AAAA"><script>{RUN}</script>)',
    "![x](data:image/svg+xml;base64,"
    + base64.b64encode(
        f"<svg xmlns='http://www.w3.org/2000/svg' onload=\"{RUN}\"/>".encode()
    ).decode()
    + ")",
    "![tracker](http://evil.example/pixel.png)",
    f'[x](http://a.example" onmouseover="{RUN})',
    f'[x](http://a.example "t\\" onmouseover=\\"{RUN}")',
    f"<javascript:{RUN}>",
    f"[x][r]\n\n[r]: javascript:{RUN}",
    f'$x" onerror="{RUN}$',
    f"$$</script><script>{RUN}</script>$$",
    f"$\\text{{<img src=x onerror={RUN}>}}$",
    f'```"><script>{RUN}</script>\ncode\n```',
    f"| a | b |\n|:-|-:|\n| <script>{RUN}</script> | ![y](javascript:{RUN}) |",
    f'> <img src=x onerror="{RUN}">\n\n* [l](javascript:{RUN})',
    f'# <script>{RUN}</script>\n\n## "><img src=x onerror={RUN}>',
    "MATHPLACEHOLDER0X MATHPLACEHOLDER99X",
    f'![a](attachment:evil.png) ![b](attachment:nothing.png) ![c](attachment:x" onerror="{RUN})',
    "*" * 5000 + "[" * 3000 + "`" * 2000,
]

PAYLOADS = HTML_PAYLOADS + MARKDOWN_PAYLOADS


def tiny_png() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (4, 3), (200, 30, 30)).save(out, format="PNG")
    return out.getvalue()


def tiny_jpeg() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (4, 3), (30, 30, 200)).save(out, format="JPEG")
    return out.getvalue()


PNG = base64.b64encode(tiny_png()).decode()
JPEG = base64.b64encode(tiny_jpeg()).decode()

IMAGE_PAYLOADS = [
    f'AAAA"><script>{RUN}</script>',
    f'x" onerror="{RUN}',
    PNG + f'"><script>{RUN}</script>',
    base64.b64encode(tiny_png() + f"<script>{RUN}</script>".encode()).decode(),  # tail after IEND
    base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"garbage" * 10).decode(),
    base64.b64encode(f'<svg onload="{RUN}"/>'.encode()).decode(),
    "not base64 at all !!!",
    "",
    ["AAAA", f'"><script>{RUN}</script>'],
    {"nested": f"<script>{RUN}</script>"},
    12345,
]

MIME_TYPES = [
    "text/html",
    "text/markdown",
    "text/latex",
    "application/javascript",
    "text/javascript",
    "image/svg+xml",
    "image/png",
    "image/jpeg",
    "image/gif",
    "image/webp",
    "application/json",
    "application/vnd.jupyter.widget-view+json",
    "application/vnd.plotly.v1+json",
    "application/pdf",
    "text/plain",
    "text/x-weird; onload=x",
    f'"><script>{RUN}</script>',
]


def hostile_outputs() -> list[dict]:
    """Every MIME type with every payload that fits it, and the other output types."""
    outputs: list[dict] = []
    for mime in MIME_TYPES:
        values = IMAGE_PAYLOADS if mime.startswith("image/") else HTML_PAYLOADS
        for value in values:
            if mime.endswith("json"):
                value = {"html": value, "model_id": value}
            outputs.append({"output_type": "display_data", "data": {mime: value}, "metadata": {}})
    for value in HTML_PAYLOADS:
        outputs.append(new_output("stream", name="stdout", text=value))
        outputs.append(
            new_output("error", ename=value, evalue=value, traceback=[value, f"\x1b[31m{value}"])
        )
        outputs.append(new_output("execute_result", data={"text/plain": value, "text/html": value}))
    outputs.append({"output_type": f"<script>{RUN}</script>", "data": {"text/html": RUN}})
    outputs.append({"output_type": "display_data", "data": f"<script>{RUN}</script>"})
    outputs.append({"output_type": "display_data", "data": {"image/png": PNG}})  # a real one
    outputs.append({"output_type": "display_data", "data": {"image/jpeg": JPEG}})
    return outputs


def hostile_notebook() -> dict:
    graded_code = new_code_cell(
        f"<script>{RUN}</script>",
        outputs=[new_output("display_data", data={"image/png": f'x" onerror="{RUN}'})],
    )  # a saved output in a never-run answer cell
    graded_code.metadata["nbgrader"] = {
        "grade": True, "solution": True, "locked": False,
        "grade_id": f'"><script>{RUN}</script>', "points": 1,
    }  # fmt: skip
    markdown = new_markdown_cell("\n\n".join(PAYLOADS))
    attached = new_markdown_cell("![good](attachment:good.png) ![evil](attachment:evil.png)")
    markdown["attachments"] = attached["attachments"] = {
        "evil.png": {"image/png": f'AAAA"><script>{RUN}</script>'},
        "good.png": {"image/png": PNG},
    }
    code = {"cell_type": "code", "source": "\n".join(HTML_PAYLOADS), "metadata": {},
            "execution_count": None, "outputs": hostile_outputs()}  # fmt: skip
    cells = [
        markdown,
        attached,
        *(new_markdown_cell(p) for p in PAYLOADS),
        graded_code,
        code,
        {"cell_type": f"<script>{RUN}</script>", "source": RUN, "metadata": {}},
        {"cell_type": "code", "source": ["a", RUN], "metadata": "not a dict", "outputs": "no"},
    ]
    return {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def hostile_pages() -> dict[str, str]:
    """Name -> page: the notebook's page, and status and short pages with payload words."""
    words = " ".join(HTML_PAYLOADS)
    info = PageInfo(words, words, words, "failed", [words], [words, words[::-1]])
    grade_id = f'"><script>{RUN}</script>'
    scores = {
        grade_id: CellScore(grade_id, 1, 0, message=words),
        "w": CellScore("w", 2, None, manual=True, comment=words),
    }
    pages = {
        "notebook": render_notebook_page(hostile_notebook(), info, scores),
        "status": render_status_page(info, 3),
        "short": render_short_page(info, scores, words),
    }
    for index, payload in enumerate(PAYLOADS):
        notebook = new_notebook(
            cells=[
                new_markdown_cell(payload),
                new_code_cell(payload, outputs=[new_output("stream", name="stdout", text=payload)]),
            ]
        )
        pages[f"payload-{index:02d}"] = render_notebook_page(
            notebook, PageInfo("a", "a.ipynb", payload), {}
        )
    return pages


# --------------------------------------------------------------------------------------------
# In-process: the page's HTML, tag by tag
# --------------------------------------------------------------------------------------------

PAGE_TAGS = {
    "html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "h4", "h5", "h6", "p",
    "div", "span", "b", "i", "em", "strong", "del", "table", "thead", "tbody", "tr", "th", "td",
    "a", "br", "hr", "section", "pre", "code", "img", "ul", "ol", "li", "blockquote",
}  # fmt: skip
HREF = re.compile(r"(?:https?://|mailto:|#)[^\s\"'<>`\\]*", re.I)
SRC = re.compile(r"data:image/(?:png|jpeg|svg\+xml);base64,[A-Za-z0-9+/]*={0,2}")


class PageChecker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.styles = 0
        self.policy = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in PAGE_TAGS:
            self.problems.append(f"tag <{tag}>")
        given = dict(attrs)
        for name, _ in attrs:
            if name.startswith("on") or name in ("style", "srcdoc", "formaction", "xlink:href"):
                self.problems.append(f"attribute {name} on <{tag}>")
        if tag == "a" and not HREF.fullmatch(given.get("href") or ""):
            self.problems.append(f"link {given.get('href')!r}")
        if tag == "img" and not SRC.fullmatch(given.get("src") or ""):
            self.problems.append(f"picture {str(given.get('src'))[:80]!r}")
        if tag == "img" and "svg+xml" in (given.get("src") or "") and given.get("class") != "math":
            self.problems.append("an SVG picture that is not a formula")
        if tag == "style":
            self.styles += 1
        if tag == "meta" and given.get("http-equiv") == "Content-Security-Policy":
            self.policy = given.get("content") or ""
        if tag == "meta" and (given.get("http-equiv") or "").lower() == "refresh":
            self.problems.append("meta refresh")

    handle_startendtag = handle_starttag

    def handle_comment(self, data: str) -> None:
        self.problems.append("a comment")


def check_page(page: str) -> list[str]:
    checker = PageChecker()
    checker.feed(page)
    checker.close()
    problems = list(checker.problems)
    if checker.styles != 1:
        problems.append(f"{checker.styles} style elements")
    for rule in ("default-src 'none'", "script-src 'none'", "img-src data:", "base-uri 'none'"):
        if rule not in checker.policy:
            problems.append(f"the policy lacks {rule}")
    if page.index("Content-Security-Policy") > page.index("<title>"):
        problems.append("the policy comes after the title")
    page.encode("utf-8")  # no lone surrogate reaches the file
    return problems


def test_every_hostile_page_holds_only_the_pages_own_tags_and_its_policy():
    for name, page in hostile_pages().items():
        assert check_page(page) == [], name
        assert "<script" not in page.lower(), name


def test_the_real_pictures_survive_and_broken_ones_are_said():
    page = hostile_pages()["notebook"]
    assert f"data:image/png;base64,{PNG}" in page  # a real PNG output, re-encoded the same
    assert f"data:image/jpeg;base64,{JPEG}" in page
    assert "is not shown here" in page
    assert re.search(r"\d+ pictures? of your notebook (is|are) not shown", page)
    assert page.count(f"data:image/png;base64,{PNG}") == 2  # the output and the attachment


def test_pictures_are_checked_not_pasted():
    assert png_data_uri(PNG) == f"data:image/png;base64,{PNG}"
    assert png_data_uri(PNG[:40] + "\n" + PNG[40:]) == f"data:image/png;base64,{PNG}"
    for bad in IMAGE_PAYLOADS:
        assert png_data_uri(bad) is None, bad
        assert jpeg_data_uri(bad) is None, bad
    assert png_data_uri(JPEG) is None and jpeg_data_uri(PNG) is None
    assert jpeg_data_uri(JPEG) == f"data:image/jpeg;base64,{JPEG}"
    assert png_data_uri(PNG, limit=10) is None


def test_markdown_keeps_what_it_should():
    page = str(
        markdown_html(
            "# T\n\n**b** *i* ~~d~~ `c` [site](https://example.org/a?b=1&c=2) "
            "[cell](#cell-3) [m](mailto:a@b.org)\n\n| a | b |\n|:-|-:|\n| 1 | 2 |\n\n"
            "1. one\n2. two\n\n> quoted $x^2$\n\n```\ncode <b>\n```"
        )
    )
    assert allowed_fragment(page)
    for kept in (
        "<h1>T</h1>",
        "<strong>b</strong>",
        "<del>d</del>",
        'href="https://example.org/a?b=1&amp;c=2"',
        'href="#cell-3"',
        'href="mailto:a@b.org"',
        '<td class="align-right">2</td>',
        "<ol>",
        'class="math"',
        "code &lt;b&gt;",
    ):
        assert kept in page, kept


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(PAYLOADS),
            st.sampled_from(["[", "]", "(", ")", "!", "$", "$$", "`", "*", "_", "<", ">", '"']),
            st.sampled_from(["\n", "\n\n", "| a |\n|-|\n", "> ", "1. ", "```\n", "    "]),
            st.text(max_size=20),
        ),
        max_size=12,
    )
)
def test_generated_markdown_never_carries_a_tag_or_link_it_should_not(parts):
    fragment = str(markdown_html("".join(parts)))
    assert allowed_fragment(fragment) or fragment.startswith('<pre class="code">')
    page = render_notebook_page(
        new_notebook(cells=[new_markdown_cell("".join(parts))]), PageInfo("a", "a", "s"), {}
    )
    assert check_page(page) == []


# --------------------------------------------------------------------------------------------
# In a browser
# --------------------------------------------------------------------------------------------

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SHOTS = Path(os.environ.get("FEEDBACK_SHOTS", "/tmp/feedback-shots"))
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]

needs_chromium = pytest.mark.skipif(
    not os.access(CHROMIUM, os.X_OK),
    reason=f"no chromium at {CHROMIUM}: install Debian's chromium (make browser-deps)",
)

DOM_CHECK = """() => {
  const bad = [];
  for (const e of document.querySelectorAll('*')) {
    for (const a of e.attributes) if (a.name.startsWith('on')) bad.push(e.tagName + ' ' + a.name);
  }
  for (const t of ['script','iframe','object','embed','svg','base','form','input','video',
                   'math','link','textarea','noscript','details','button']) {
    if (document.querySelector(t)) bad.push('element ' + t);
  }
  for (const a of document.querySelectorAll('a[href]')) {
    if (!/^(https?:|mailto:|file:.*#|#)/i.test(a.href)) bad.push('href ' + a.href);
  }
  const csp = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
  return {bad, pwned: typeof window.__pwned, title: document.title,
          policy: csp ? csp.content : ''};
}"""


def normal_notebook() -> dict:
    """A page as a student sees it: a formula, a table, a plot, a failed check, a ○ cell."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    figure = Figure(figsize=(4, 2.4))
    axes = figure.subplots()
    axes.plot([0.5, 1, 1.4, 2, 3], [0.42, 0.55, 0.61, 0.58, 0.5], marker="o")
    axes.set_xlabel("c")
    axes.set_ylabel("score")
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=80)
    plot = base64.b64encode(buffer.getvalue()).decode()
    answer = new_code_cell("def ucb1(q, n, parent, c):\n    return q / n + c * (parent / n) ** 0.5")
    answer.metadata["nbgrader"] = {
        "grade": False, "solution": True, "locked": False, "grade_id": "ucb1_code", "points": 0,
    }  # fmt: skip
    check = new_code_cell(
        "### BEGIN HIDDEN TESTS\n### END HIDDEN TESTS",
        outputs=[
            new_output("stream", name="stdout", text="✓ ucb1 returns a number\n"),
            new_output(
                "error",
                ename="GradingError",
                evalue="ucb1(3, 4, 10, 1.4): returns 3.96 where the definition gives 1.85: "
                "the square root should be of ln(parent) / n, not of parent / n",
                traceback=["GradingError: ..."],
            ),
        ],
    )
    check.metadata["nbgrader"] = {
        "grade": True, "solution": False, "locked": True, "grade_id": "test_ucb1", "points": 2,
    }  # fmt: skip
    return new_notebook(
        cells=[
            new_markdown_cell(
                "# Monte Carlo tree search\n\n## Part 1: UCB1\n\n### Exercise 1.1 (2 points)\n\n"
                "UCB1 scores a child by\n\n"
                "$$\\mathrm{UCB1} = \\frac{Q}{N} + c \\sqrt{\\frac{\\ln N_{\\mathrm{parent}}}{N}}$$"
                "\n\nwith $c = \\sqrt{2}$ by default.\n\n| c | score |\n|:-|-:|\n| 0.5 | 0.42 |"
                "\n| 1.4 | 0.61 |\n\nSee [the notes](https://example.org/mcts).\n\n"
                + MARKDOWN_PAYLOADS[0]
            ),
            answer,
            check,
            new_code_cell(
                "plot_scores()",
                outputs=[new_output("display_data", data={"image/png": plot, "text/plain": "F"})],
            ),
            new_code_cell(
                "print('<b>not bold</b>')",
                outputs=[new_output("stream", name="stdout", text="<b>not bold</b>\n")],
            ),
        ]
    )


@pytest.fixture(scope="module")
def page_files(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("feedback-pages")
    files = {}
    for name, page in hostile_pages().items():
        files[name] = folder / f"{name}.html"
        files[name].write_text(page, encoding="utf-8")
    scores = {
        "test_ucb1": CellScore(
            "test_ucb1", 2, 0, message="GradingError: ucb1(3, 4, 10, 1.4): returns 3.96"
        ),
        "ucb1_code": CellScore("ucb1_code", 1, None, manual=True),
    }
    info = PageInfo("a05_mcts", "a05_mcts.ipynb", "ada", notes=["a05_mcts.ipynb: renamed"])
    files["normal"] = folder / "normal.html"
    files["normal"].write_text(render_notebook_page(normal_notebook(), info, scores))
    files["normal-short"] = folder / "normal-short.html"
    files["normal-short"].write_text(render_short_page(info, scores, "writing it took over 120 s"))
    return files


@pytest.mark.browser
@needs_chromium
@pytest.mark.parametrize("bypass_csp", [False, True], ids=["with-policy", "policy-bypassed"])
def test_no_payload_runs_in_a_real_browser(page_files, bypass_csp):
    sync_api = pytest.importorskip("playwright.sync_api")
    seen: list[str] = []
    outside: list[str] = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = browser.new_context(bypass_csp=bypass_csp, java_script_enabled=True)
        page = context.new_page()
        page.on("console", lambda m: seen.append(f"console {m.type}: {m.text}"))
        page.on("dialog", lambda d: (seen.append(f"dialog: {d.message}"), d.dismiss()))
        page.on("pageerror", lambda e: seen.append(f"error: {e}"))
        page.on(
            "request",
            lambda r: None if r.url.startswith(("file:", "data:")) else outside.append(r.url),
        )
        for name, path in page_files.items():
            page.goto(path.as_uri())
            page.mouse.move(200, 200)
            page.keyboard.press("Tab")
            page.wait_for_timeout(50)
            found = page.evaluate(DOM_CHECK)
            assert found["pwned"] == "undefined", name
            assert found["title"] != "PWNED" and "feedback" in found["title"], name
            assert found["bad"] == [], (name, found["bad"][:5])
            assert "default-src 'none'" in found["policy"], name
            assert page.url == path.as_uri(), name  # no refresh, no navigation
        context.close()
        browser.close()
    assert [s for s in seen if "PWNED" in s or "dialog" in s] == []
    assert [s for s in seen if "Refused" in s or "Content Security Policy" in s] == []
    assert outside == []


@pytest.mark.browser
@needs_chromium
def test_a_normal_page_in_light_and_dark(page_files):
    sync_api = pytest.importorskip("playwright.sync_api")
    SHOTS.mkdir(parents=True, exist_ok=True)
    refused: list[str] = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for scheme in ("light", "dark"):
            page = browser.new_page(viewport={"width": 1000, "height": 900}, color_scheme=scheme)
            page.on("console", lambda m: refused.append(m.text))
            for name in ("normal", "normal-short", "short"):
                page.goto(page_files[name].as_uri())
                page.screenshot(path=str(SHOTS / f"{name}-{scheme}.png"), full_page=True)
                ground = page.evaluate("getComputedStyle(document.body).backgroundColor")
                assert (ground == "rgb(255, 255, 255)") == (scheme == "light"), ground
                width = page.evaluate("document.documentElement.scrollWidth - innerWidth")
                assert width <= 0, f"{name} is {width} px too wide"
            page.goto(page_files["normal"].as_uri())
            assert page.locator("img.math").count() == 2
            box = page.locator("img.math").first.bounding_box()
            assert box and box["width"] > 100 and box["height"] > 15  # the formula was drawn
            plot = page.locator("img.plot").bounding_box()
            assert plot and plot["width"] > 200
            page.close()
        browser.close()
    assert refused == []  # the page's own style passes its policy: nothing refused
