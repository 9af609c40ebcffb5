"""The notebooks in Portuguese and Spanish (`gamekit.course.translate`): every message of every
notebook translated, the translated notebooks written from the catalogues now, and nothing in
them that grading reads changed (test cells, locked cells, grade ids, answer checksums)."""

from __future__ import annotations

import json
import re

import nbformat
import pytest
from english import english_sentences
from nbgrader.utils import compute_checksum

from gamekit.course import translate
from gamekit.course.folders import course_root

ROOT = course_root()
NOTEBOOKS = translate.english_notebooks(ROOT)
CASES = [(n, lang) for n in NOTEBOOKS for lang in translate.LANGUAGES]
IDS = [f"{lang}-{n.stem}" for n in NOTEBOOKS for lang in translate.LANGUAGES]


def _read(path):
    return nbformat.read(path, as_version=4)


def _sources(notebook: dict) -> list[str]:
    return ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            for c in notebook["cells"]]  # fmt: skip


def test_every_notebook_of_the_course_is_translated():
    assert len(NOTEBOOKS) >= 9
    for notebook, language in ((n, lang) for n in NOTEBOOKS for lang in translate.LANGUAGES):
        assert translate.translated_path(ROOT, notebook, language).is_file(), (notebook, language)


@pytest.mark.parametrize(("notebook", "language"), CASES, ids=IDS)
def test_every_message_of_a_notebook_is_translated_keeping_its_markup(notebook, language):
    """Each message of the English notebook has a translation (not fuzzy) that keeps the
    message's code spans, math, link targets, heading level, table rows and check marks."""
    catalogue = translate.read_catalogue(translate.catalogue_path(language, notebook))
    problems = []
    for unit in translate.units(_read(notebook)):
        text = catalogue.get(unit.text)
        if not text:
            problems.append(f"untranslated ({unit.where}): {unit.text[:60]!r}")
            continue
        for name, pattern in (
            ("code", r"`[^`]*`"),
            ("math", r"\$[^$]+\$"),
            ("link", r"\]\(([^)]*)\)"),
        ):
            if sorted(re.findall(pattern, unit.text)) != sorted(re.findall(pattern, text)):
                problems.append(f"{name} differs ({unit.where}): {unit.text[:60]!r}")
        if re.match(r"#*", unit.text).group() != re.match(r"#*", text).group():
            problems.append(f"heading level differs ({unit.where}): {unit.text[:60]!r}")
        if unit.text.count("\n|") != text.count("\n|"):
            problems.append(f"table rows differ ({unit.where}): {unit.text[:60]!r}")
        for mark in ("✓", "○", "✗"):
            if unit.text.count(mark) != text.count(mark):
                problems.append(f"{mark} count differs ({unit.where}): {unit.text[:60]!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("notebook", "language"), CASES, ids=IDS)
def test_a_translated_notebook_is_written_from_its_catalogue_and_grades_the_same(
    notebook, language
):
    """The committed translation is what the catalogue makes now (``make catalogues`` or
    ``make release`` was run), in the language it says; its cells are the English ones in the
    same order with the same grade ids; test cells and locked cells are the very same; an
    answer cell's checksum is right for its (translated) stub; and the prose did change."""
    english = _read(notebook)
    target = translate.translated_path(ROOT, notebook, language)
    committed = json.loads(target.read_text())
    catalogue = translate.read_catalogue(translate.catalogue_path(language, notebook))
    made = translate.translated_notebook(english, catalogue, language)
    assert _sources(committed) == _sources(made)
    assert committed["metadata"]["gamekit"]["language"] == language
    translated = _read(target)
    assert len(translated.cells) == len(english.cells)
    changed = 0
    for before, after in zip(english.cells, translated.cells, strict=True):
        meta, meta_after = before.metadata.get("nbgrader", {}), after.metadata.get("nbgrader", {})
        assert meta.get("grade_id") == meta_after.get("grade_id")
        assert before.cell_type == after.cell_type
        if before.cell_type == "code" and not translate.translatable_code(before):
            assert after.source == before.source, meta.get("grade_id")
            assert after.metadata == before.metadata
        if meta.get("checksum"):
            assert meta_after["checksum"] == compute_checksum(after), meta.get("grade_id")
        changed += after.source != before.source
    prose = sum(1 for c in english.cells if list(translate.units_of_cell(c)))
    assert changed == prose


def test_the_notebook_catalogues_hold_the_notebooks_messages_now(tmp_path):
    """No message of an English notebook is missing from its catalogues, and no catalogue
    keeps a message the notebook no longer has (``make catalogues`` was run)."""
    for notebook, language in ((n, lang) for n in NOTEBOOKS for lang in translate.LANGUAGES):
        wanted = {u.text for u in translate.units(_read(notebook))}
        have = set(translate.read_catalogue(translate.catalogue_path(language, notebook)))
        from babel.messages.pofile import read_po

        with translate.catalogue_path(language, notebook).open("rb") as file:
            ids = {m.id for m in read_po(file) if m.id}
        assert ids == wanted, (notebook.name, language, sorted(ids ^ wanted)[:3])
        assert have <= wanted


def test_markdown_blocks_join_back_to_the_cell_on_generated_markdown():
    """Cutting markdown into blocks loses nothing, whatever the blank lines and fences."""
    hypothesis = pytest.importorskip("hypothesis")
    from hypothesis import strategies as st

    line = st.sampled_from(["Text", "- item", "", "  ", "```", "```python", "| a | b |", "# H"])

    @hypothesis.settings(max_examples=300, deadline=None)
    @hypothesis.given(st.lists(line, max_size=12))
    def joins_back(lines):
        text = "\n".join(lines)
        pieces = translate.markdown_blocks(text)
        assert "".join(p for p, _ in pieces) == text
        identity = {p: p for p, t in pieces if t}
        cell = {"cell_type": "markdown", "metadata": {}, "source": text}
        assert translate.translated_cell(cell, identity)["source"] == text

    joins_back()


def test_comments_and_docstrings_are_translated_and_the_code_is_not():
    source = (
        'def f(x):\n    """Return x.\n\n    Twice.\n    """\n    # keep it\n    # short\n'
        '    return x  # "# not a comment"\n'
    )
    assert translate.code_units(source) == ["keep it\nshort", "Return x.\n\n    Twice.\n    "]
    cell = {"cell_type": "code", "metadata": {}, "source": source}
    out = translate.translated_cell(
        cell, {"keep it\nshort": "guárdalo corto", "Return x.\n\n    Twice.\n    ": "Da x."}
    )["source"]
    assert out == (
        'def f(x):\n    """Da x."""\n    # guárdalo corto\n    return x  # "# not a comment"\n'
    )
    compile(out, "<cell>", "exec")


MIXED = ("reference", "not_zero_sum", "delegates_to_gamekit", "blank")


def test_a_mixed_class_grades_the_same_in_every_language_and_reads_its_own(tmp_path):
    """Students who worked from the release in English, Portuguese and Spanish, handing in the
    same answers, are graded in one run with the same scores and the same mistakes; each one's
    page is in their language: the notebook's prose, and the checkers' findings (kept
    sentences, said again from the catalogue), never the English of either."""
    from gamekit import course
    from gamekit.course.folders import scratch_course
    from gamekit.grader.feedback_page.cells import unanswered
    from gamekit.grader.settings import ClassLanguages
    from gamekit.i18n import said_again, speaking

    assignment = "a04_hex_heuristics"
    root = scratch_course(tmp_path / "course", ROOT)
    course.generate(root, assignment)
    cases = {c.name: c for c in course.load_cases(ROOT, assignment, MIXED)}
    languages = {"en": "en", "pt": "pt_BR", "es": "es"}
    students = {f"{short}_{name}": cases[name] for short in languages for name in MIXED}
    config = root / "nbgrader_config.py"
    config.write_text(
        config.read_text()
        + "\nc.GamekitCourse.student_languages = "
        + repr({s: languages[s.partition("_")[0]] for s in students})
        + "\n"
    )
    chosen = ClassLanguages.read(root)
    course.write_submissions(root, assignment, students, chosen.of)
    summary = course.grade_submissions(root, [assignment], progress=False, log=lambda *a: None)
    course.feedback(root, assignment)
    grades = course.read_grades(root, assignment)
    records = {r["student"]: r for r in summary.results}
    english = nbformat.read(ROOT / "release" / assignment / f"{assignment}.ipynb", as_version=4)
    title = english.cells[0].source.splitlines()[0]
    for name in MIXED:
        scores = {
            short: sorted((g.grade_id, g.score) for g in grades[f"{short}_{name}"])
            for short in languages
        }
        assert scores["pt"] == scores["en"] == scores["es"], name
        mistakes = {
            short: [c.get("mistake") for c in records[f"{short}_{name}"]["cells"]]
            for short in languages
        }
        assert mistakes["pt"] == mistakes["en"] == mistakes["es"], name
        flags = {
            short: sorted(f["kind"] for f in records[f"{short}_{name}"]["flags"])
            for short in languages
        }  # a translated notebook is not a changed one: the lint flags nothing more
        assert flags["pt"] == flags["en"] == flags["es"], (name, flags)
        notes = {short: len(records[f"{short}_{name}"]["notes"]) for short in languages}
        assert notes["pt"] == notes["en"] == notes["es"], (name, records[f"pt_{name}"]["notes"])
        for short, language in languages.items():
            record = records[f"{short}_{name}"]
            page = course.feedback_text(root, f"{short}_{name}", assignment)
            if language != "en":
                written = root / "feedback" / f"{short}_{name}" / assignment
                for html_page in written.glob("*.html"):
                    assert english_sentences(html_page.read_text()) == [], (name, language)
            heading = title.lstrip("# ")
            assert (heading in page) == (language == "en"), (name, language)
            with speaking(language):
                for cell in record["cells"]:
                    if cell.get("said") and not unanswered(cell["message"]):  # else "○ ..."
                        assert said_again(cell["said"], "")[:60] in page, (name, language)
                        if language != "en":
                            english_text = cell["message"].partition(": ")[2]
                            assert english_text[:60] not in page, (name, language)
        pt_title = translate.read_catalogue(
            translate.catalogue_path("pt_BR", ROOT / "release" / assignment / f"{assignment}.ipynb")
        ).get(title)
        assert pt_title
        assert pt_title.lstrip("# ") in course.feedback_text(root, f"pt_{name}", assignment)
    seconds = {
        short: sum(records[f"{short}_{name}"]["timings"]["total"] for name in MIXED)
        for short in languages
    }  # the same answers in three languages, graded in one run: what grading took for each
    print("grading seconds by language:", {k: round(v, 1) for k, v in seconds.items()})


@pytest.mark.parametrize(
    "assignment", sorted(p.name for p in (ROOT / "source").iterdir() if p.is_dir())
)
def test_the_lint_finds_the_same_in_every_language(assignment, tmp_path):
    """A student who worked from the release in Portuguese or Spanish hands in translated
    locked markdown and translated comments in the demo cells: the lint reads them as the
    release's own cells, and finds exactly what it finds in the same answers in English."""
    from gamekit import course
    from gamekit.grader.lint import lint_submission

    release_dir = ROOT / "release" / assignment
    (name,) = [p.name for p in release_dir.glob("*.ipynb")]
    english = json.loads((release_dir / name).read_text())
    source = json.loads((ROOT / "source" / assignment / name).read_text())
    case = next(c for c in course.load_cases(ROOT, assignment, ["reference"]))
    found = {}
    for language in ("en", *translate.LANGUAGES):
        catalogue = translate.read_catalogue(translate.catalogue_path(language, release_dir / name))
        handed_out = translate.translated_notebook(english, catalogue, language)
        folder = tmp_path / language
        folder.mkdir()
        submission = course.build_submission(handed_out, source, case)
        nbformat.write(nbformat.from_dict(submission), folder / name)
        report = lint_submission(release_dir, folder)
        found[language] = sorted((f.kind, f.cell) for f in report.findings)
    assert found["pt_BR"] == found["en"] == found["es"], found
