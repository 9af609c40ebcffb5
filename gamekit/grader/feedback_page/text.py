"""Text, formulas and markdown on a feedback page: escaped, formulas drawn as SVG here within
the page's `Budget` of formulas and pictures, markdown checked tag by tag
(`gamekit.grader.safe_html`).
"""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamekit.grader.feedback_page.records import (
    FORMULA_BYTES,
    FORMULAS,
    PICTURE_BYTES,
    TEX_CHARS,
)
from gamekit.grader.safe_html import (
    IMAGE_BYTES,
    Markup,
    allowed_fragment,
    clean,
    html,
    jpeg_data_uri,
    png_data_uri,
    svg_data_uri,
    text,
)
from gamekit.i18n import _, count, ngettext


def escape(value: Any) -> str:
    """``value`` as escaped HTML text (without terminal colours or control characters)."""
    return str(text(value))


@functools.lru_cache(maxsize=256)
def math_svg(tex: str) -> Markup | None:
    """``tex`` drawn by matplotlib's mathtext as an inline ``<img>`` (SVG), or None when
    mathtext cannot draw it (the page then shows the TeX source)."""
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.figure import Figure

    figure = Figure(figsize=(0.01, 0.01))
    FigureCanvasSVG(figure)
    figure.text(0, 0, f"${tex}$", fontsize=13)
    buffer = io.BytesIO()
    try:
        figure.savefig(buffer, format="svg", bbox_inches="tight", pad_inches=0.01, transparent=True)
    except Exception:  # noqa: BLE001 - whatever mathtext cannot draw is shown as source
        return None
    return html('<img class="math" alt="{}" src="{}">', tex, svg_data_uri(buffer.getvalue()))


@dataclass
class Budget:
    """What one page may still draw: formulas and their bytes, pictures' bytes; and how many
    it did not draw (the page says so at the top)."""

    formulas: int = FORMULAS
    formula_bytes: int = FORMULA_BYTES
    picture_bytes: int = PICTURE_BYTES
    formulas_cut: int = 0
    pictures_cut: int = 0

    def formula(self, tex: str, display: bool) -> Markup:
        """``tex`` drawn, or as escaped source once the page has drawn its share."""
        tex = tex.strip()
        picture = None
        room = self.formulas > 0 and self.formula_bytes > 0 and len(tex) <= TEX_CHARS
        if room:
            picture = math_svg(tex)  # None: mathtext cannot draw it
            if picture is not None and len(picture) > self.formula_bytes:
                picture, room = None, False
        if picture is not None:
            self.formulas -= 1
            self.formula_bytes -= len(picture)
        elif not room:
            self.formulas_cut += 1
            return text(f"$${tex}$$" if display else f"${tex}$")  # as typed, escaped
        else:
            picture = Markup('<code class="tex">') + text(f"${tex}$") + Markup("</code>")
        return html('<span class="display">{}</span>', picture) if display else picture

    def picture(self, make: Callable[..., Markup | None], data: Any) -> Markup | None:
        """A data URI for a picture, if it is well formed and the page has room for it."""
        uri = make(data, min(self.picture_bytes, IMAGE_BYTES))
        if uri is None:
            self.pictures_cut += 1
            return None
        self.picture_bytes -= len(uri) * 3 // 4
        return uri

    def notes(self) -> list[str]:
        said = []
        if self.formulas_cut:
            said.append(
                _(
                    "This page draws at most {formulas} formulas ({kilobytes} KB of pictures), "
                    "each of at most {characters} characters: {more} more are shown as their "
                    "TeX source."
                ).format(
                    formulas=FORMULAS,
                    kilobytes=FORMULA_BYTES // 1024,
                    characters=TEX_CHARS,
                    more=count(self.formulas_cut),
                )
            )
        if self.pictures_cut:
            said.append(
                ngettext(
                    "{count} picture of your notebook is not shown: this page shows PNG and "
                    "JPEG pictures that are well formed, up to {megabytes} MB in all.",
                    "{count} pictures of your notebook are not shown: this page shows PNG and "
                    "JPEG pictures that are well formed, up to {megabytes} MB in all.",
                    self.pictures_cut,
                ).format(count=count(self.pictures_cut), megabytes=PICTURE_BYTES // 1024 // 1024)
            )
        return said


def _markdown(budget: Budget, attachments: dict):
    """A mistune renderer whose every output is made here from escaped values: links only to
    http(s), mailto or within the page; pictures only as checked data URIs (inline or a cell
    attachment); formulas drawn within ``budget``; raw HTML escaped."""
    import mistune

    class Renderer(mistune.HTMLRenderer):
        def link(self, text: str, url: str, title: str | None = None) -> str:
            words = Markup(text)  # the renderer's own output for the link's words
            if re.fullmatch(r"(?:https?://|mailto:|#)[^\s\"'<>`\\]*", url, re.I):
                return html('<a href="{}" rel="noopener noreferrer nofollow">{}</a>', url, words)
            return words

        def image(self, text: str, url: str, title: str | None = None) -> str:
            alt = Markup(text).striptags()
            found: Any = None
            make: Callable[..., Markup | None] | None = None
            if url.startswith("attachment:"):
                bundle = attachments.get(url.removeprefix("attachment:"))
                if isinstance(bundle, dict):
                    for mime, maker in (("image/png", png_data_uri), ("image/jpeg", jpeg_data_uri)):
                        if mime in bundle:
                            found, make = bundle[mime], maker
                            break
            elif url.startswith(("data:image/png;base64,", "data:image/jpeg;base64,")):
                kind, _comma, found = url.partition(",")
                make = png_data_uri if "png" in kind else jpeg_data_uri
            uri = budget.picture(make, found) if make is not None else None
            if uri is None:
                return html(
                    '<span class="not-shown">{}</span>',
                    _("[a picture, not shown: {alt}]").format(alt=alt),
                )
            return html('<img class="picture" alt="{}" src="{}">', alt, uri)

        def block_code(self, code: str, info: str | None = None) -> str:
            return html("<pre><code>{}</code></pre>\n", code)

        def block_error(self, text: str) -> str:
            return html("<pre>{}</pre>\n", text)

        def inline_math(self, text: str) -> str:
            return budget.formula(text, display=False)

        def block_math(self, text: str) -> str:
            return budget.formula(text, display=True)

        def table_cell(self, text: str, align: str | None = None, head: bool = False) -> str:
            tag = Markup("th" if head else "td")
            if align in ("left", "center", "right"):
                return html('<{0} class="align-{1}">{2}</{0}>\n', tag, align, Markup(text))
            return html("<{0}>{1}</{0}>\n", tag, Markup(text))

    return mistune.create_markdown(
        renderer=Renderer(escape=True), plugins=["table", "strikethrough", "math"]
    )


def markdown_html(
    source: str, budget: Budget | None = None, attachments: dict | None = None
) -> Markup:
    """Markdown as HTML with every raw HTML tag escaped and formulas drawn as pictures (within
    ``budget``). HTML the renderer makes that is not on `safe_html.allowed_fragment`'s short
    list is not used: the cell is then shown as its escaped source."""
    budget = budget if budget is not None else Budget()
    source = clean(source)  # no control characters or lone surrogates reach the renderer
    try:
        rendered = str(
            _markdown(budget, attachments if isinstance(attachments, dict) else {})(source)
        )
    except Exception:  # noqa: BLE001 - a cell the renderer cannot read is shown as source
        rendered = None
    if rendered is not None and allowed_fragment(rendered):
        return Markup(rendered)
    return html('<pre class="code">{}</pre>', source)


# --------------------------------------------------------------------------------------------
# Cells
# --------------------------------------------------------------------------------------------
