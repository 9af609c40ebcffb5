"""The course in Portuguese and Spanish (`gamekit.i18n`): complete catalogues, the same
placeholders and tags as the English, and the feedback page's own words in the class's language."""

from __future__ import annotations

import gettext
import io
import re
import string

import nbformat
import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from gamekit import i18n
from gamekit.course.folders import course_root
from gamekit.grader.feedback_page import (
    CellScore,
    PageInfo,
    render_notebook_page,
    render_short_page,
    render_status_page,
)

KEYWORDS = {"_": None, "N_": None, "kept_sentence": None, "ngettext": (1, 2)}
TRANSLATED = ("pt_BR", "es")


def _template() -> dict[str, object]:
    with (i18n.LOCALE_DIR / "gamekit.pot").open("rb") as file:
        return {m.id if isinstance(m.id, str) else m.id[0]: m for m in read_po(file) if m.id}


def _catalogue(language: str):
    path = i18n.LOCALE_DIR / language / "LC_MESSAGES" / "gamekit.po"
    with path.open("rb") as file:
        return read_po(file, locale=language)


def _fields(text: str) -> list[str]:
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)


def _tags(text: str) -> list[str]:
    return sorted(re.findall(r"</?[a-z]+", text))


def test_the_template_holds_every_message_the_code_marks():
    """``make catalogues`` was run after the last change: a marked message missing from
    ``gamekit.pot`` would never be translated."""
    found = {
        message if isinstance(message, str) else message[0]
        for _, _, message, _, _ in extract_from_dir(
            i18n.LOCALE_DIR.parent, keywords=KEYWORDS, method_map=[("**.py", "python")]
        )
    }
    assert len(found) > 30
    from gamekit.course import translate

    phrases = {
        unit.text
        for notebook in translate.english_notebooks(course_root())
        for unit in translate.test_phrases(nbformat.read(notebook, as_version=4))
    }
    assert len(phrases) > 40  # every passed(...) and expect(..., "...") of the test cells
    from gamekit.grader.feedback_page import check_titles

    titles = {  # the feedback table's name of a check cell with no exercise heading above it
        words
        for notebook in translate.english_notebooks(course_root())
        for words in check_titles(nbformat.read(notebook, as_version=4).cells)
    }
    assert "Checks ucb1" in titles
    assert found | phrases | titles == set(_template())


MESSAGE_ARGUMENT = {"GradingError": 0, "EngineForbidden": 0, "expect": 1}


def _made_here(node) -> str:
    """What kind of English text made on the spot a message expression is ("" if none)."""
    import ast

    if isinstance(node, ast.JoinedStr):
        return "an f-string"
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return "a string literal" if re.search("[A-Za-z]", node.value) else ""
    if isinstance(node, ast.BinOp):
        return "text joined with + or %"
    if isinstance(node, ast.Call) and getattr(node.func, "attr", "") in ("format", "join"):
        return "text made with .format or .join"
    return ""


def test_no_checker_or_grader_message_is_english_made_on_the_spot():
    """Every failure a checker or the grader raises for a student to read is a kept sentence
    (`gamekit.i18n.kept_sentence`: a template of the catalogue and its values), never an
    f-string or a literal, which a page could only show in English. (`course check` also
    asserts, on every fixture's record, that each failing test cell's sentence was kept.)"""
    import ast

    package = i18n.LOCALE_DIR.parent
    found = []
    for path in sorted([*(package / "checks").rglob("*.py"), *(package / "grader").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", "")
            if name in MESSAGE_ARGUMENT:
                index = MESSAGE_ARGUMENT[name]
                message = node.args[index] if len(node.args) > index else None
                kind = _made_here(message) if message is not None else ""
                if kind:
                    found.append(f"{path.relative_to(package)}:{node.lineno}: {name}, {kind}")
            elif name == "kept_sentence" and isinstance(node.args[0], (ast.JoinedStr, ast.BinOp)):
                found.append(f"{path.relative_to(package)}:{node.lineno}: template not literal")
    assert not found, "\n".join(found)


def test_every_literal_the_code_marks_is_in_the_template_even_inside_an_f_string():
    """Babel does not read inside an f-string: a ``_("...")`` written there would never reach
    the catalogues. Every marked literal the code holds (read with ``ast``, which does see
    inside f-strings) must be in ``gamekit.pot``."""
    import ast

    template = set(_template())
    missing = []
    for path in sorted(i18n.LOCALE_DIR.parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id not in KEYWORDS or not node.args:
                continue
            first = node.args[0]
            literal = isinstance(first, ast.Constant) and isinstance(first.value, str)
            if literal and first.value not in template:
                missing.append(f"{path.name}:{node.lineno} {first.value!r}")
    assert not missing, missing


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_its_placeholders_and_tags(language):
    """Each message of the template has a translation (every plural form), none fuzzy or left
    over, with the very placeholders and HTML tags of the English (a page template fills
    them)."""
    template = _template()
    catalogue = _catalogue(language)
    assert not catalogue.fuzzy and not catalogue.obsolete
    seen = {}
    for message in catalogue:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert not message.fuzzy, english
        assert forms and all(forms), english
        if isinstance(message.id, tuple):
            assert len(forms) == catalogue.num_plurals, english
        for form in forms:
            assert _fields(form) == _fields(english), (english, form)
            assert _tags(form) == _tags(english), (english, form)
        seen[english] = forms
    assert set(seen) == set(template)


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_compiled_catalogue_reads_as_its_source(language):
    """The ``.mo`` that ``make catalogues`` writes (here compiled in memory) gives each
    message's translation."""
    compiled = gettext.GNUTranslations(
        io.BytesIO(i18n._compiled(i18n.LOCALE_DIR / language / "LC_MESSAGES" / "gamekit.po"))
    )
    for message in _catalogue(language):
        if message.id and isinstance(message.id, str):
            assert compiled.gettext(message.id) == message.string


def test_the_language_is_chosen_once_and_a_variant_reads_its_family(monkeypatch):
    monkeypatch.setenv("GAMEKIT_LANG", "pt_PT.UTF-8")
    assert i18n.language() == "pt_BR"
    assert i18n._("Points") == "Pontos"
    with i18n.speaking("es"):
        assert i18n._("Points") == "Puntos"
    assert i18n.set_language("fr") == "en" and i18n._("Points") == "Points"
    assert i18n.set_language(None) == "pt_BR"
    monkeypatch.delenv("GAMEKIT_LANG")
    assert i18n.language() == "en"


NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "source": "check()",
            "metadata": {"nbgrader": {"grade": True, "grade_id": "t1", "points": 3}},
            "outputs": [],
            "execution_count": 1,
        }
    ]
}


def _words(page: str) -> str:
    page = re.sub(r"<style>.*?</style>", "", page, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("pt_BR", ["Nota: 1,5 / 3", "Cada célula corrigida", "O seu caderno, como foi corrigido",
                   "entregue por ada", "Célula 1 · verificação"]),
        ("es", ["Nota: 1,5 / 3", "Cada celda corregida", "Tu cuaderno, tal como se corrigió",
                "entregado por ada", "Celda 1 · comprobación"]),
        ("en", ["Score: 1.5 / 3", "Each graded cell", "Your notebook, as graded",
                "handed in by ada", "Cell 1 · check"]),
    ],
)  # fmt: skip
def test_a_feedback_page_speaks_the_classs_language(language, expected):
    """The page's own words, its numbers and its ``lang`` follow ``PageInfo.language``; the
    grader's findings stay as the grader wrote them, and the language in use is left as it
    was."""
    info = PageInfo("a01_minimax", "a01_minimax.ipynb", "ada", language=language)
    scores = {"t1": CellScore("t1", 3, 1.5, message="GradingError: minimax_value returned 2")}
    page = render_notebook_page(NOTEBOOK, info, scores)
    words = _words(page)
    assert all(text in words for text in expected), words
    assert "minimax_value returned 2" in words
    assert f"<html lang='{language.replace('_', '-')}'>" in page
    assert i18n.language() == "en"
    short = _words(render_short_page(info, scores, "its pictures were too large"))
    assert expected[0] in short and "its pictures were too large" in short
    missing = PageInfo("a01_minimax", "a01_minimax.ipynb", "bob", "missing", language=language)
    said = _words(render_status_page(missing))
    english = "Not submitted: no a01_minimax.ipynb was handed in"
    assert (english in said) == (language == "en")


def test_a_mixed_class_gets_each_students_pages_in_their_language(tmp_path, monkeypatch):
    """The class's language comes from ``nbgrader_config.py``, a student's own entry there wins
    over it, and a language chosen for the run (``GAMEKIT_LANG``) stands for the class's only.
    The scores on the pages are the same whatever the language."""
    from test_feedback_bounds import ASSIGNMENT, build_course, graded_notebook

    from gamekit import course

    root = tmp_path / "course"
    students = ("ada", "bo", "cy")
    build_course(root, {s: graded_notebook("Some prose.") for s in students})
    (root / "nbgrader_config.py").write_text(
        "c = get_config()\n"
        'c.GamekitCourse.language = "pt_BR"\n'
        'c.GamekitCourse.student_languages = {"bo": "es", "cy": "en"}\n'
    )
    monkeypatch.delenv("GAMEKIT_LANG", raising=False)
    score = {"pt_BR": "Nota: 0 / 2", "es": "Nota: 0 / 2", "en": "Score: 0 / 2"}
    heading = {"pt_BR": "Cada célula corrigida", "es": "Cada celda corregida",
               "en": "Each graded cell"}  # fmt: skip

    def pages() -> dict[str, str]:
        course.feedback(root, ASSIGNMENT)
        found = {}
        for student in students:
            page = (root / "feedback" / student / ASSIGNMENT / f"{ASSIGNMENT}.html").read_text()
            found[student] = re.search(r"<html lang='([^']+)'>", page).group(1).replace("-", "_")
            words = _words(page)
            assert score[found[student]] in words and heading[found[student]] in words, words
            assert "f returns 1 where the definition gives 2" in words  # the finding, as written
        return found

    assert pages() == {"ada": "pt_BR", "bo": "es", "cy": "en"}
    monkeypatch.setenv("GAMEKIT_LANG", "es")
    assert pages() == {"ada": "es", "bo": "es", "cy": "en"}
    monkeypatch.delenv("GAMEKIT_LANG")
    (root / "nbgrader_config.py").write_text("c = get_config()\n")
    assert pages() == {"ada": "en", "bo": "en", "cy": "en"}


def test_the_graders_own_sentences_are_kept_as_data_and_said_in_the_pages_language(tmp_path):
    """A job's reasons and notes are English strings in the ledger (what instructors, logs and
    tests read) and keep their templates and values under ``"said"``; a student's page says
    them in the student's language, values in place. A sentence nobody kept stays as it is."""
    from test_feedback_bounds import ASSIGNMENT, NOTEBOOK, build_course, graded_notebook

    from gamekit import course
    from gamekit.grader.bounds import cut_messages, memory_sentence
    from gamekit.grader.job import Job, empty_result, kept_as_said
    from gamekit.grader.ledger import _write_ledger, read_ledger
    from gamekit.i18n import kept_sentence

    root = tmp_path / "course"
    db_url = build_course(root, {"ada": graded_notebook("Prose."), "bo": graded_notebook("P.")})
    job = Job(assignment=ASSIGNMENT, student="ada", release={}, hidden={}, submission={})
    record = empty_result(job, "failed", [memory_sentence(), "a sentence nobody kept"])
    record["notes"].append(
        kept_sentence("{notebook}: {note}", notebook=NOTEBOOK, note=kept_sentence(
            "cell {cell} was missing and was put back", cell="test_f"))
    )  # fmt: skip
    record = cut_messages(kept_as_said(record))
    assert all(type(r) is str for r in record["reasons"] + record["notes"])
    assert record["reasons"][0].startswith("grading this submission needed more than")
    _write_ledger(db_url, record, "0" * 64)
    assert read_ledger(db_url, ASSIGNMENT)[("ada", ASSIGNMENT)]["said"]
    (root / "nbgrader_config.py").write_text(
        "c = get_config()\nc.GamekitCourse.student_languages = {'ada': 'es'}\n"
    )
    course.feedback(root, ASSIGNMENT)
    page = _words((root / "feedback" / "ada" / ASSIGNMENT / f"{ASSIGNMENT}.html").read_text())
    assert "corregir esta entrega necesitó más que los" in page, page
    assert "a sentence nobody kept" in page
    assert f"{NOTEBOOK}: faltaba la celda test_f y se volvió a poner" in page
    assert "grading this submission needed" not in page


def test_a_checkers_finding_is_said_in_the_students_language_and_only_from_the_catalogue():
    """A failed test cell's `GradingError`, made of a kept sentence, is said on the page in the
    page's language, whole (the record keeps only 500 characters), values in place; a ``✓``
    line of `passed` is said in it too. A ``said`` that is not one of the course's templates
    (a forged one, in an answer cell's metadata or a test cell's) is never rendered from."""
    from gamekit.checks import GradingError, passed
    from gamekit.checks.errors import forbidden_message
    from gamekit.grader.trusted import error_output, keep_said

    error = GradingError(forbidden_message("minimax"), code="forbidden")
    assert str(error).startswith("minimax is the course's own answer")
    with i18n.speaking("es"):
        spanish = i18n._(error.said["template"]).format(name="minimax")
    assert spanish != str(error)
    cell = nbformat.from_dict(NOTEBOOK).cells[0]
    cell.outputs = [error_output(error)]
    keep_said(cell, error.said)
    phrase = "minimax_values_by_hand(): one number for each inner node of hand_tree"
    cell.outputs.insert(0, {"output_type": "stream", "name": "stdout", "text": f"✓ {phrase}\n"})
    forged = nbformat.from_dict(NOTEBOOK).cells[0]
    forged.metadata["nbgrader"]["grade_id"] = "t2"
    forged.outputs = [error_output(GradingError("the English one"))]
    keep_said(forged, {"template": "{x.__class__} forged", "values": {"x": "1"}})
    notebook = {"cells": [cell, forged]}
    scores = {
        "t1": CellScore("t1", 3, 0.0, message=f"GradingError: {error}"[:40], said=error.said),
        "t2": CellScore("t2", 3, 0.0, message="GradingError: the English one",
                        said={"template": "{x.__class__} forged", "values": {"x": "1"}}),
    }  # fmt: skip
    page = _words(
        render_notebook_page(notebook, PageInfo("a01", "a.ipynb", "ada", language="es"), scores)
    )
    assert page.count(spanish) >= 2, page  # in the table and in the cell's own output
    assert "the course's own answer" not in page
    with i18n.speaking("es"):
        assert f"✓ {i18n._(phrase)}" in page and i18n._(phrase) != phrase
    assert "the English one" in page and "forged" not in page and "class" not in page
    with io.StringIO() as out:
        import contextlib

        with contextlib.redirect_stdout(out), i18n.speaking("pt_BR"):
            passed(phrase)
        with i18n.speaking("pt_BR"):
            assert out.getvalue() == f"✓ {i18n._(phrase)}\n"
