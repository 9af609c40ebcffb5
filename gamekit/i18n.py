"""The language the course speaks to a person: English, Brazilian Portuguese or Spanish.

A sentence a person reads is written in English in the code, marked with `_`, and looked up at
the last moment in the catalogue of the current language
(``gamekit/locale/<lang>/LC_MESSAGES/gamekit.po``, made with Babel: ``make catalogues``). A
message with values is a template with named placeholders, filled after the lookup, so that a
translation may put them in its own order:

>>> with speaking("es"):
...     print(_("{notebook}, handed in by {student}").format(notebook="a01.ipynb", student="ada"))
a01.ipynb, entregado por ada

The language is chosen once: `set_language`, or the ``GAMEKIT_LANG`` environment variable
(``GAMEKIT_LANG=pt_BR make feedback``), else English. A regional variant reads its family's
catalogue (``pt_PT`` reads ``pt_BR``); a message missing from a catalogue is shown in English.
Everything a person reads is translated: the feedback page and the class report, the
terminal game and its replays (``python -m gamekit play --lang es``), the board widgets
(``play_connect_four(lang="pt_BR")``, or ``GAMEKIT_LANG`` in the kernel's environment), and
every sentence the grader says. Those are kept as data (`Said`: a template of the catalogue
and its values, `kept_sentence`) in the result record, and said again in the reader's
language (`say`, `said_again`), so one record reads in English to the instructor and in
Portuguese to the student. The notebooks are translated by their own catalogues
(`gamekit.course.translate`).
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import inspect
import io
import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""The catalogues: ``gamekit.pot`` (the English messages) and ``<lang>/LC_MESSAGES/gamekit.po``."""

DOMAIN = "gamekit"

LANGUAGES = {"en": "English", "pt_BR": "português (Brasil)", "es": "español"}
"""The languages of the course; English is the one the messages are written in."""

_FAMILIES = {"pt": "pt_BR", "es": "es", "en": "en"}

_current: str | None = None
"""The language `set_language` chose for the whole process."""

_block = threading.local()
"""The language of a `speaking` block, per thread: a board's search thread may speak Spanish
while the notebook's thread speaks Portuguese, and neither block ends the other's."""


def normalised(language: str | None) -> str:
    """``language`` as one of `LANGUAGES` ("pt-BR", "pt_PT.UTF-8", "ES", ...), English for one
    the course has no catalogue for.

    >>> normalised("pt-br"), normalised("pt_PT.UTF-8"), normalised("es_AR"), normalised("fr")
    ('pt_BR', 'pt_BR', 'es', 'en')
    """
    if not language:
        return "en"
    code = language.split(".")[0].split("@")[0].replace("-", "_")
    head, _sep, region = code.partition("_")
    exact = f"{head.lower()}_{region.upper()}" if region else head.lower()
    return exact if exact in LANGUAGES else _FAMILIES.get(head.lower(), "en")


def language() -> str:
    """The language in use: this thread's `speaking` block, else the last `set_language`, else
    ``GAMEKIT_LANG``, else English."""
    return chosen() or "en"


def chosen() -> str | None:
    """The language chosen (a `speaking` block, `set_language` or ``GAMEKIT_LANG``), None if
    none was: then a course's own setting may say (`gamekit.grader.settings`)."""
    block = getattr(_block, "language", None)
    if block is not None:
        return block
    if _current is not None:
        return _current
    return normalised(os.environ["GAMEKIT_LANG"]) if os.environ.get("GAMEKIT_LANG") else None


def set_language(chosen: str | None) -> str:
    """Speak ``chosen`` from now on (None: ``GAMEKIT_LANG`` or English again); the language in
    use, as one of `LANGUAGES`."""
    global _current
    _current = None if chosen is None else normalised(chosen)
    return language()


@contextlib.contextmanager
def speaking(chosen: str) -> Iterator[None]:
    """Speak ``chosen`` inside the block (in this thread), then the language spoken before it."""
    before = getattr(_block, "language", None)
    _block.language = normalised(chosen)
    try:
        yield
    finally:
        _block.language = before


def in_own_language(cls: type) -> type:
    """A class decorator: each method the class defines runs `speaking` the instance's
    ``language`` attribute (when it has one), whichever thread calls it. A board widget is
    built, clicked and answered by its search thread in the language it was made with."""

    def wrapped(method: Any) -> Any:
        @functools.wraps(method)
        def in_language(self: Any, *args: Any, **kwargs: Any) -> Any:
            own = self.__dict__.get("language")
            if own is None:
                return method(self, *args, **kwargs)
            with speaking(own):
                return method(self, *args, **kwargs)

        return in_language

    for name, member in list(vars(cls).items()):
        if inspect.isfunction(member) and not name.startswith("__"):
            setattr(cls, name, wrapped(member))
    return cls


@functools.cache
def _catalogue(chosen: str) -> gettext.NullTranslations:
    """The catalogue of ``chosen``: its ``.mo`` when it is at least as new as its ``.po``, else
    the ``.po`` compiled in memory (a fresh checkout needs no build step)."""
    folder = LOCALE_DIR / chosen / "LC_MESSAGES"
    po, mo = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
    if chosen == "en" or not po.exists():
        return gettext.NullTranslations()
    if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
        with mo.open("rb") as file:
            return gettext.GNUTranslations(file)
    return gettext.GNUTranslations(io.BytesIO(_compiled(po)))


def _compiled(po: Path) -> bytes:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as file:
        catalogue = read_po(file, locale=po.parent.parent.name)
    buffer = io.BytesIO()
    write_mo(buffer, catalogue)
    return buffer.getvalue()


def _(message: str) -> str:
    """``message`` (English) in the language in use."""
    return _catalogue(language()).gettext(message)


def N_(message: str) -> str:  # noqa: N802 - the name gettext's tools look for
    """Mark ``message`` for the catalogues without translating it here: for a constant that is
    translated where it is shown (``_(UNANSWERED)``)."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message that fits ``count``, in the language in use (which may have more
    forms than English's two)."""
    return _catalogue(language()).ngettext(singular, plural, count)


def number(value: float) -> str:
    """A score or a count as the language writes it: ``12.5`` in English, ``12,5`` in
    Portuguese and Spanish (as Python's ``:g`` does in English).

    >>> with speaking("pt_BR"):
    ...     print(number(12.5), number(20.0))
    12,5 20
    """
    if language() == "en":
        return f"{value:g}"
    from babel.numbers import format_decimal

    return format_decimal(value, locale=language())


def count(value: int) -> str:
    """A count as the language writes it, its thousands grouped: ``1,234`` in English,
    ``1.234`` in Portuguese and Spanish.

    >>> with speaking("es"):
    ...     print(count(149_900))
    149.900
    """
    if language() == "en":
        return f"{value:,}"
    from babel.numbers import format_decimal

    return format_decimal(value, locale=language())


class Said(str):
    """A sentence as data: it is the English sentence wherever a string goes (a log, the
    ledger, a test), and it keeps its template (the catalogue's key) and its values, so that
    a page can say it again in its reader's language (`say`). A template without values is
    the sentence itself: its braces are text.

    >>> reason = kept_sentence("cell {cell} was missing and was put back", cell="t1")
    >>> reason, reason.to_dict()["template"]
    ('cell t1 was missing and was put back', 'cell {cell} was missing and was put back')
    """

    template: str
    values: dict[str, str]

    def __new__(cls, template: str, values: dict[str, Any]) -> Said:
        values = {n: v if isinstance(v, Said) else str(v) for n, v in values.items()}
        self = super().__new__(cls, template.format(**values) if values else template)
        self.template, self.values = template, values
        return self

    def __reduce__(self) -> tuple:
        return (Said, (self.template, self.values))

    def to_dict(self) -> dict[str, Any]:
        """Plain data (a value that is itself a `Said` is kept as its own data)."""
        values = {n: v.to_dict() if isinstance(v, Said) else v for n, v in self.values.items()}
        return {"template": self.template, "values": values}


def kept_sentence(template: str, /, **values: Any) -> Said:
    """The sentence ``template`` filled with ``values`` (as text), kept as data: `Said`.
    Marked for the catalogue like `_`, but looked up only when it is said again (`say`)."""
    return Said(template, values)


def say(sentence: str, kept: dict[str, Any] | None = None) -> str:
    """``sentence`` in the language in use: from its template and values when ``kept`` holds
    them (a result record's ``"said"``: English sentence -> `Said.to_dict`), else as it is.

    >>> kept = {"nothing was handed in": {"template": "nothing was handed in", "values": {}}}
    >>> with speaking("es"):
    ...     print(say("nothing was handed in", kept), say("a sentence nobody kept", kept))
    no se entregó nada a sentence nobody kept
    """
    entry = (kept or {}).get(sentence)
    return sentence if entry is None else said_again(entry, sentence)


def said_again(entry: Any, fallback: str) -> str:
    """A kept sentence (`Said.to_dict`) in the language in use; ``fallback`` if it is not one
    of the course's own templates (the catalogue's messages: a record cannot bring its own)
    or its values do not fit it.

    >>> entry = kept_sentence("cell {cell} was missing and was put back", cell="t1").to_dict()
    >>> with speaking("pt_BR"):
    ...     print(said_again(entry, "?"), said_again({"template": "{x.__class__}"}, "?"))
    a célula t1 estava faltando e foi reposta ?
    """
    if not isinstance(entry, dict) or entry.get("template") not in course_templates():
        return fallback
    kept = entry.get("values") if isinstance(entry.get("values"), dict) else {}
    values = {n: said_again(v, "") if isinstance(v, dict) else str(v) for n, v in kept.items()}
    if not values:  # a sentence without values is as it is written (braces and all)
        return _(entry["template"])
    phrases = {n for n, v in kept.items() if isinstance(v, dict)}  # the catalogue's own words
    try:
        return _contracted(_(entry["template"]), values, phrases).format(**values)
    except (KeyError, IndexError, ValueError, AttributeError):  # a value that does not fit
        return fallback


CONTRACTIONS: dict[str, dict[tuple[str, str], str]] = {
    "pt_BR": {
        (prep, article): joined + article
        for prep, joined in (("em", "n"), ("de", "d"), ("por", "pel"))
        for article in ("o", "a", "os", "as")
    },
    "es": {("de", "el"): "del", ("a", "el"): "al"},
}
"""A preposition of a translated template, then a phrase of the catalogue that starts with an
article: the two words the language writes as one ("em a árvore" is "na árvore" in Portuguese,
"de el tablero" is "del tablero" in Spanish)."""


def _contracted(template: str, values: dict[str, str], phrases: set[str]) -> str:
    """``template`` with each preposition right before a ``phrases`` placeholder joined to the
    article its translated phrase starts with (`CONTRACTIONS`); the article is then left out
    of that one occurrence.

    >>> values = {"probe": "a árvore A", "error": "o erro"}
    >>> with speaking("pt_BR"):
    ...     _contracted("em {probe}: {error}", values, {"probe"}).format(**values)
    'na árvore A: o erro'
    """
    rules = CONTRACTIONS.get(language())
    if not rules:
        return template
    count = 0

    def join(found: re.Match) -> str:
        nonlocal count
        preposition, name = found.group("preposition"), found.group("name")
        article, sep, rest = values.get(name, "").partition(" ")
        joined = rules.get((preposition.lower(), article))
        if name not in phrases or not sep or joined is None:
            return found.group(0)
        count += 1
        values[f"{name}__{count}"] = rest
        if preposition[0].isupper():
            joined = joined.capitalize()
        return f"{found.group('before')}{joined} {{{name}__{count}}}"

    return re.sub(r"(?P<before>^|\W)(?P<preposition>\w+) \{(?P<name>\w+)\}", join, template)


def said_with_kind(message: str, entry: Any) -> str:
    """A failing cell's message, ``"GradingError: <sentence>"``, with its sentence said again
    from ``entry`` (`said_again`) in the language in use; the kind before ``": "`` (a class
    name, one word) stays. A message that is the sentence whole is said again whole.

    >>> entry = kept_sentence("not run: grading stopped before this cell").to_dict()
    >>> with speaking("es"):
    ...     print(said_with_kind("not run: grading stopped before this cell", entry))
    no ejecutada: la corrección se detuvo antes de esta celda
    """
    kind, sentence = split_kind(message)
    again = said_again(entry, sentence)
    return f"{kind}: {again}" if kind else again


def split_kind(message: str) -> tuple[str, str]:
    """A failing cell's message as its exception's kind (a class name, one word: ``""`` when
    there is none) and the sentence after it.

    >>> split_kind("GradingError: f: returns 1"), split_kind("not run: grading stopped")
    (('GradingError', 'f: returns 1'), ('', 'not run: grading stopped'))
    """
    kind = re.match(r"([A-Za-z_][\w.]*): ", message)
    return (kind.group(1), message[kind.end() :]) if kind else ("", message)


@functools.cache
def course_templates() -> frozenset[str]:
    """Every message the course's code marks (``gamekit.pot``): the only templates a kept
    sentence is said again from."""
    from babel.messages.pofile import read_po

    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as file:
        return frozenset(str(m.id) for m in read_po(file) if m.id and isinstance(m.id, str))


def signed(value: float, places: int = 0) -> str:
    """A value with its sign and ``places`` decimals, as the language writes it: ``+1,500``
    and ``-0.35`` in English, ``+1.500`` and ``-0,35`` in Portuguese.

    >>> with speaking("pt_BR"):
    ...     print(signed(1500), signed(-0.354, 2))
    +1.500 -0,35
    """
    return _decimal(value, places, sign=True)


def fixed(value: float, places: int) -> str:
    """A value with ``places`` decimals, as the language writes it: ``0.35`` in English,
    ``0,35`` in Portuguese and Spanish.

    >>> with speaking("es"):
    ...     print(fixed(2.5, 1))
    2,5
    """
    return _decimal(value, places, sign=False)


def _decimal(value: float, places: int, sign: bool) -> str:
    """``value`` grouped in thousands, with ``places`` decimals (and its sign), in the language
    in use."""
    if language() == "en":
        return f"{value:{'+' if sign else ''},.{places}f}"
    from babel.numbers import format_decimal

    body = "#,##0" + ("." + "0" * places if places else "")
    return format_decimal(value, format=f"+{body};-{body}" if sign else body, locale=language())


def decimal_mark() -> str:
    """The decimal mark of the language in use: ``.`` in English, ``,`` in Portuguese."""
    if language() == "en":
        return "."
    from babel.numbers import get_decimal_symbol

    return get_decimal_symbol(language())


def compile_catalogues() -> list[Path]:
    """Compile every ``.po`` into its ``.mo``; the files written."""
    written = []
    for po in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        mo = po.with_suffix(".mo")
        mo.write_bytes(_compiled(po))
        written.append(mo)
    _catalogue.cache_clear()
    return written


if __name__ == "__main__":
    for path in compile_catalogues():
        print(f"compiled {path.relative_to(LOCALE_DIR.parent.parent)}")
