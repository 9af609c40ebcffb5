"""HTML that carries a student's bytes, safe by construction: the feedback page's building blocks.

A feedback page shows what a submission holds: its markdown, its code, what its cells printed
and displayed. None of it is trusted. This module is the only way those bytes reach a page:

- `html` fills a template written in this code base with values that are escaped unless they
  are `Markup` made here (a number is formatted, a string escaped; nothing else passes);
  `text` escapes one value, `join` joins fragments, escaping any plain string among them.
  Text is also cleaned: terminal colours, control characters and lone surrogates (which
  would stop the page being written as UTF-8) are removed or replaced.
- Pictures are decoded and re-encoded, never pasted: `png_data_uri` decodes base64 strictly,
  walks the PNG's chunks (signature, lengths, CRCs, IHDR first, IEND last) and encodes the bytes
  again; `jpeg_data_uri` has Pillow read the whole JPEG. Anything else is refused (None), and the
  page says a picture was not shown. A student's SVG is never shown.
- `allowed_fragment` checks HTML made by a library (the markdown renderer) against a short list
  of tags and attributes, with URLs limited to http(s), mailto and in-page links, and pictures
  to ``data:`` URIs of PNG, JPEG (and SVG drawn here, for formulas); the caller shows the
  escaped source instead of a fragment that fails.
- `content_security_policy` is the page's policy: no script, no request, pictures from ``data:``
  only, and only the page's own style sheet (by its hash).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import io
import re
import struct
import zlib
from collections.abc import Iterable
from html.parser import HTMLParser
from typing import TYPE_CHECKING, Any

from markupsafe import Markup, escape

if TYPE_CHECKING:
    from typing import LiteralString

__all__ = [
    "Markup",
    "allowed_fragment",
    "clean",
    "content_security_policy",
    "html",
    "jpeg_data_uri",
    "join",
    "png_data_uri",
    "text",
]

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?")
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
SURROGATE = re.compile(r"[\ud800-\udfff]")

IMAGE_BYTES = 4 * 1024 * 1024
"""Bytes of one picture shown (decoded); a larger one is not shown."""

IMAGE_PIXELS = 25_000_000
"""Pixels of one picture shown (width x height, as its header says)."""


# --------------------------------------------------------------------------------------------
# Text and templates
# --------------------------------------------------------------------------------------------


def clean(value: Any) -> str:
    """``value`` as text a page can carry: without terminal colours or control characters,
    with lone surrogates (invalid in UTF-8) replaced by U+FFFD."""
    words = value if isinstance(value, str) else str(value)
    return SURROGATE.sub("\ufffd", CONTROL.sub("", ANSI.sub("", words)))


def text(value: Any) -> Markup:
    """``value`` escaped (after `clean`); a `Markup` is kept as it is."""
    if isinstance(value, Markup):
        return value
    return escape(clean(value))


def _filled(value: Any) -> Any:
    if isinstance(value, Markup) or (
        isinstance(value, int | float) and not isinstance(value, bool)
    ):
        return value  # Markup made here, or a number (formatted, e.g. {score:g})
    return text(value)


def html(template: LiteralString, *args: Any, **kwargs: Any) -> Markup:
    """``template`` (a literal of this code base, never a value) filled with ``args`` and
    ``kwargs``, each escaped unless it is `Markup` or a number."""
    return Markup(template).format(
        *(_filled(a) for a in args), **{k: _filled(v) for k, v in kwargs.items()}
    )


def join(parts: Iterable[Any], separator: LiteralString = "") -> Markup:
    """``parts`` joined, each escaped unless it is `Markup`."""
    return Markup(separator).join(text(p) for p in parts)


# --------------------------------------------------------------------------------------------
# Pictures
# --------------------------------------------------------------------------------------------

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
BASE64_TEXT = re.compile(r"[A-Za-z0-9+/=\s]*")


def _decoded(data: Any, limit: int) -> bytes | None:
    """The bytes of a notebook's base64 picture (a string, or a list of lines), or None when
    it is not strictly base64 or decodes to more than ``limit`` bytes."""
    if isinstance(data, list) and all(isinstance(line, str) for line in data):
        data = "".join(data)
    if not isinstance(data, str) or len(data) > limit * 3 // 2 + 1024:
        return None  # longer than ``limit`` bytes could be, with line breaks
    if not BASE64_TEXT.fullmatch(data):
        return None
    try:
        raw = base64.b64decode("".join(data.split()), validate=True)
    except (binascii.Error, ValueError):
        return None
    return raw if 0 < len(raw) <= limit else None


def _png_ok(raw: bytes) -> bool:
    """Whether ``raw`` is a well-formed PNG: its signature, then chunks each with a valid
    length, a four-letter type and a matching CRC, IHDR first (sane size), IEND last."""
    if not raw.startswith(PNG_SIGNATURE):
        return False
    at, first = len(PNG_SIGNATURE), True
    while at + 12 <= len(raw):
        (length,) = struct.unpack(">I", raw[at : at + 4])
        kind = raw[at + 4 : at + 8]
        end = at + 12 + length
        if length > 2**31 - 1 or end > len(raw) or not kind.isalpha() or not kind.isascii():
            return False
        body = raw[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", raw[at + 8 + length : end])
        if zlib.crc32(kind + body) & 0xFFFFFFFF != crc:
            return False
        if first:
            if kind != b"IHDR" or length != 13:
                return False
            width, height = struct.unpack(">II", body[:8])
            if not (width > 0 and height > 0 and width * height <= IMAGE_PIXELS):
                return False
            first = False
        if kind == b"IEND":
            return end == len(raw) and length == 0
        at = end
    return False


def png_data_uri(data: Any, limit: int = IMAGE_BYTES) -> Markup | None:
    """A ``data:image/png;base64,...`` URI for a notebook's ``image/png`` data, re-encoded
    from its validated bytes, or None when the data is not a well-formed PNG (or too large)."""
    raw = _decoded(data, limit)
    if raw is None or not _png_ok(raw):
        return None
    return Markup("data:image/png;base64," + base64.b64encode(raw).decode("ascii"))


def jpeg_data_uri(data: Any, limit: int = IMAGE_BYTES) -> Markup | None:
    """A ``data:image/jpeg;base64,...`` URI for a notebook's ``image/jpeg`` data, re-encoded
    from bytes Pillow read in full as a JPEG, or None."""
    raw = _decoded(data, limit)
    if raw is None or not raw.startswith(b"\xff\xd8\xff"):
        return None
    try:
        from PIL import Image

        with Image.open(io.BytesIO(raw), formats=["JPEG"]) as picture:
            if picture.width * picture.height > IMAGE_PIXELS:
                return None
            picture.load()
    except Exception:  # noqa: BLE001 - any reason Pillow cannot read it: not shown
        return None
    return Markup("data:image/jpeg;base64," + base64.b64encode(raw).decode("ascii"))


def svg_data_uri(svg: bytes) -> Markup:
    """A data URI for an SVG drawn by this code base (a formula), never a student's."""
    return Markup("data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii"))


# --------------------------------------------------------------------------------------------
# Fragments made by a library
# --------------------------------------------------------------------------------------------

PLAIN_TAGS = frozenset(
    {"p", "em", "strong", "del", "pre", "blockquote", "hr", "br", "ul", "li"}
    | {"h1", "h2", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tr"}
)
CLASSES = frozenset(
    {"math", "display", "tex", "not-shown", "picture", "align-left", "align-center"}
    | {"align-right"}
)
LINK = re.compile(r"(?:https?://|mailto:|#)[^\s\"'<>`\\]*", re.I)
PICTURE = re.compile(r"data:image/(?:png|jpeg);base64,[A-Za-z0-9+/]*={0,2}")
FORMULA = re.compile(r"data:image/svg\+xml;base64,[A-Za-z0-9+/]*={0,2}")
VOID = frozenset({"hr", "br", "img"})


class _Checker(HTMLParser):
    """Fails on anything but the tags and attributes `allowed_fragment` lists."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ok = True
        self.open: list[str] = []

    def _attributes_ok(self, tag: str, attrs: list[tuple[str, str | None]]) -> bool:
        names = [name for name, _ in attrs]
        if len(set(names)) != len(names):
            return False
        given = {name: value or "" for name, value in attrs}
        classes = given.get("class", "").split()
        if any(c not in CLASSES for c in classes):
            return False
        if tag in PLAIN_TAGS:
            return not given
        allowed = {
            "ol": {"start"},
            "code": {"class"},
            "th": {"class"},
            "td": {"class"},
            "div": {"class"},
            "span": {"class"},
            "a": {"href", "title", "rel"},
            "img": {"src", "alt", "title", "class"},
        }.get(tag)
        if allowed is None or not set(given) <= allowed:
            return False
        if tag == "ol" and not given.get("start", "1").isdigit():
            return False
        if tag == "a":
            return bool(LINK.fullmatch(given.get("href", "#"))) and given.get("rel", "") in (
                "",
                "noopener noreferrer nofollow",
            )
        if tag == "img":
            source = given.get("src", "")
            if "math" in classes:
                return bool(FORMULA.fullmatch(source))
            return bool(PICTURE.fullmatch(source))
        return True

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if not self._attributes_ok(tag, attrs):
            self.ok = False
        elif tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID or not self._attributes_ok(tag, attrs):
            self.ok = False

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.open or self.open.pop() != tag:
            self.ok = False

    def handle_comment(self, data: str) -> None:
        self.ok = False

    def handle_decl(self, decl: str) -> None:
        self.ok = False

    def handle_pi(self, data: str) -> None:
        self.ok = False

    def unknown_decl(self, data: str) -> None:
        self.ok = False


def allowed_fragment(fragment: str) -> bool:
    """Whether ``fragment`` holds only the tags and attributes a markdown cell may become:
    text formatting, lists, tables, headings, links to http(s), mailto or within the page, and
    pictures as ``data:`` URIs of PNG or JPEG (SVG only as a formula, ``class="math"``), every
    tag closed in order."""
    checker = _Checker()
    try:
        checker.feed(fragment)
        checker.close()
    except Exception:  # noqa: BLE001 - a fragment the parser chokes on is not allowed
        return False
    return checker.ok and not checker.open


# --------------------------------------------------------------------------------------------
# The page's policy
# --------------------------------------------------------------------------------------------


def content_security_policy(style: str) -> str:
    """The policy of a page whose only style sheet is ``style``: nothing runs, nothing is
    fetched, pictures come from ``data:`` URIs, forms and ``<base>`` do nothing."""
    digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
    return (
        f"default-src 'none'; script-src 'none'; object-src 'none'; img-src data:; "
        f"style-src 'sha256-{digest}'; font-src 'none'; connect-src 'none'; "
        "media-src 'none'; frame-src 'none'; worker-src 'none'; manifest-src 'none'; "
        "base-uri 'none'; form-action 'none'"
    )
