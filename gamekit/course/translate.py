"""The course's notebooks in Portuguese and Spanish: their catalogues updated from the English
notebooks, and the translated notebooks written (``make catalogues``, ``make release``).

What a message of a notebook is, and how a translated notebook is made from its catalogue, is
`gamekit.notebook_translation` (the grader uses it too: a translated notebook's locked cells
are not changed ones).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from gamekit.notebook_translation import (
    LANGUAGES,
    Unit,
    catalogue_path,
    code_units,
    markdown_blocks,
    read_catalogue,
    test_phrases,
    translatable_code,
    translated_cell,
    translated_notebook,
    units,
    units_of_cell,
)

__all__ = [
    "LANGUAGES",
    "Unit",
    "add_test_phrases",
    "catalogue_path",
    "code_units",
    "english_notebooks",
    "markdown_blocks",
    "read_catalogue",
    "test_phrases",
    "translatable_code",
    "translated_cell",
    "translated_notebook",
    "translated_path",
    "units",
    "units_of_cell",
    "update_catalogue",
    "update_catalogues",
    "write_translations",
]


def update_catalogue(path: Path, found: Iterable[Unit], language: str) -> tuple[int, int]:
    """Write the catalogue of one notebook: its messages now, with the translations it had
    (a message that is new comes untranslated). (messages, translated)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    old = {}
    if path.exists():
        with path.open("rb") as file:
            old = {m.id: m for m in read_po(file) if m.id}
    catalogue = Catalog(locale=language, project="gamekit course notebooks", fuzzy=False)
    for unit in found:
        if unit.text in catalogue:
            continue
        before = old.get(unit.text)
        catalogue.add(
            unit.text,
            before.string if before else "",
            auto_comments=[unit.where],
            flags=before.flags if before else (),
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalogue, width=100, omit_header=False)
    done = sum(1 for m in catalogue if m.id and m.string and not m.fuzzy)
    return len([m for m in catalogue if m.id]), done


def english_notebooks(root: Path) -> list[Path]:
    """The notebooks that are translated: the release (what students get, no solutions) and
    the lecture notebooks."""
    found = sorted((root / "release").glob("*/*.ipynb"))
    found = [p for p in found if p.parent.name not in LANGUAGES]
    return found + sorted((root / "notebooks").glob("*.ipynb"))


def translated_path(root: Path, notebook: Path, language: str) -> Path:
    """Where a notebook's translation goes: ``release/<lang>/<assignment>/`` and
    ``notebooks/<lang>/``."""
    relative = notebook.relative_to(root)
    return root / relative.parts[0] / language / Path(*relative.parts[1:])


def update_catalogues(root: Path, log: Any = print) -> None:
    """Every notebook's catalogue in every language, from the English notebooks now."""
    import nbformat

    for notebook in english_notebooks(root):
        found = list(units(nbformat.read(notebook, as_version=4)))
        for language in LANGUAGES:
            total, done = update_catalogue(catalogue_path(language, notebook), found, language)
            log(f"{language} {notebook.relative_to(root)}: {done} of {total} translated")


def write_translations(
    root: Path,
    languages: Iterable[str] = LANGUAGES,
    log: Any = print,
    notebooks: Iterable[Path] | None = None,
) -> list[Path]:
    """Write each English notebook (``notebooks``, or all: `english_notebooks`) in each
    language from its catalogue; the files written."""
    import nbformat

    written = []
    for notebook in english_notebooks(root) if notebooks is None else notebooks:
        english = nbformat.read(notebook, as_version=4)
        for language in languages:
            catalogue = read_catalogue(catalogue_path(language, notebook))
            target = translated_path(root, notebook, language)
            target.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(
                nbformat.from_dict(translated_notebook(english, catalogue, language)), target
            )
            written.append(target)
    log(f"wrote {len(written)} translated notebooks")
    return written


def add_test_phrases(template: Path, root: Path) -> int:
    """Add the test cells' sentences of every English notebook (the sources' hidden tests
    included), and the words that name a check cell on a feedback page (`check_titles`), to
    the course's catalogue template (``gamekit.pot``, just extracted from the code); how many
    were added."""
    import nbformat
    from babel.messages.pofile import read_po, write_po

    from gamekit.grader.feedback_page import check_titles

    with template.open("rb") as file:
        catalogue = read_po(file)
    added = 0
    sources = sorted((root / "source").glob("*/*.ipynb"))  # the hidden tests' sentences too
    for notebook in [*sources, *english_notebooks(root)]:
        cells = nbformat.read(notebook, as_version=4)
        for unit in test_phrases(cells):
            if unit.text not in catalogue:
                catalogue.add(unit.text, auto_comments=[f"{notebook.name}: {unit.where}"])
                added += 1
        for words in check_titles(cells.cells):  # the feedback table's name of a check cell
            if words not in catalogue:
                catalogue.add(words, auto_comments=[f"{notebook.name}: a check cell's title"])
                added += 1
    with template.open("wb") as file:
        write_po(file, catalogue, width=76, omit_header=False, sort_output=True)
    return added
