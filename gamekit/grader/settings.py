"""The course's own settings in ``nbgrader_config.py``, read as literals and never run.

nbgrader runs that file; the course's tools only read the few lines they need from it, so a
setting is a plain literal assignment an instructor edits by hand:

- ``c.Execute.timeout``: the CPU seconds every graded cell may use at least
  (`cell_time_setting`).
- ``c.GamekitCourse.language``: the class's language, the one its feedback pages speak
  (``"en"``, ``"pt_BR"`` or ``"es"``; see `gamekit.i18n`).
- ``c.GamekitCourse.student_languages``: a student who reads another language than the class,
  ``{"student id": "language"}``.
- ``c.GamekitCourse.instructor_language``: the language of the class report (default: the
  class's).

A language chosen for one run (``GAMEKIT_LANG``, ``--language``) is the class's language for
that run; a student's own entry is kept over it.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "nbgrader_config.py").write_text(
...     "c = get_config()\\nc.GamekitCourse.language = 'pt_BR'\\n"
...     "c.GamekitCourse.student_languages = {'bo': 'es', 'cy': 'fr'}\\n"
... )
>>> languages = ClassLanguages.read(folder)
>>> languages.of("ada"), languages.of("bo"), languages.of("cy"), languages.instructor
('pt_BR', 'es', 'en', 'pt_BR')
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


def literal_settings(root: Path) -> dict[str, Any]:
    """Every literal assignment ``<name> = <literal>`` in ``root``'s ``nbgrader_config.py``,
    by name as written (``"c.Execute.timeout"``), the last one winning; none if the file cannot
    be read."""
    try:
        tree = ast.parse((root / "nbgrader_config.py").read_text())
    except (OSError, SyntaxError, ValueError):
        return {}
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            try:
                found[ast.unparse(node.targets[0])] = ast.literal_eval(node.value)
            except ValueError:
                continue
    return found


@dataclass(frozen=True)
class ClassLanguages:
    """The class's language and the students who read another one."""

    language: str = "en"
    students: dict[str, str] = field(default_factory=dict)
    instructor: str = "en"

    @classmethod
    def read(cls, root: Path, chosen: str | None = None) -> ClassLanguages:
        """The languages set in ``root``'s ``nbgrader_config.py``; ``chosen`` (this run's
        choice, if any) stands for the class's language."""
        from gamekit.i18n import normalised

        settings = literal_settings(root)
        language = chosen or settings.get("c.GamekitCourse.language", "en")
        students = settings.get("c.GamekitCourse.student_languages", {})
        if not isinstance(students, dict):
            students = {}
        instructor = chosen or settings.get("c.GamekitCourse.instructor_language")
        return cls(
            normalised(str(language)),
            {str(who): normalised(str(lang)) for who, lang in students.items()},
            normalised(str(instructor or language)),
        )

    def of(self, student: str) -> str:
        """The language of ``student``'s pages."""
        return self.students.get(student, self.language)


def cell_time_setting(root: Path) -> float:
    """The course's one time setting, ``c.Execute.timeout`` in its ``nbgrader_config.py``: the
    CPU seconds every graded cell may use at least (`gamekit.grader.budget`). Read as a
    literal, never run; 20 when it is not set.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> config = "c = get_config()\\nc.Execute.timeout = 12\\n"
    >>> _ = (folder / "nbgrader_config.py").write_text(config)
    >>> cell_time_setting(folder)
    12.0
    """
    value = literal_settings(root).get("c.Execute.timeout")
    if type(value) in (int, float) and value > 0:
        return float(value)
    return DEFAULT_CELL_SECONDS


DEFAULT_CELL_SECONDS = 20.0
"""CPU seconds a cell may use at least when the course's configuration does not say."""
