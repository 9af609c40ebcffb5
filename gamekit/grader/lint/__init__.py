"""Lint a submission before it is graded: what the instructor should know about it.

A static pass over one student's folder for one assignment: nothing the student wrote is run.
It finds the notebooks to grade (a renamed copy is matched to the release by its locked cells),
checks that they are notebooks and that the locked cells are intact, and reads the code of the
cells a student can write for things a course solution never needs: hooks into the kernel or the
interpreter, other processes, signals, files outside the submission, gamekit's own engines and
explain helpers, or a copy of an engine under other names.

Every problem becomes a `Finding`; `lint_submission` never raises. Severities:

- ``"error"``: the notebook cannot be graded as handed in (missing, not a notebook, too big);
- ``"flag"``: it is graded, but the instructor must look before trusting the grade;
- ``"info"``: worth knowing, nothing to do (a renamed notebook that was matched, an extra file).

The code checks are a tripwire for the instructor, not a defence: anything they miss is still
met by the sandbox and the trusted checkers when the notebook is graded.

>>> [(f.kind, f.line) for f in scan_source("import ctypes\\nx = 1\\nos._exit(0)")]
[('ctypes', 1), ('os-exit', 3)]
"""

from __future__ import annotations

from pathlib import Path

from gamekit.grader.lint.code import _check_code, _Scope
from gamekit.grader.lint.folder import _lint
from gamekit.grader.lint.report import ERROR, FLAG, INFO, Finding, LintReport, _describe
from gamekit.i18n import kept_sentence

__all__ = ["ERROR", "FLAG", "INFO", "Finding", "LintReport", "lint_submission", "scan_source"]

# --------------------------------------------------------------------------------------------
# Entry point
# --------------------------------------------------------------------------------------------


def lint_submission(
    release_dir: Path, submission_dir: Path, *, max_bytes: int = 5_000_000
) -> LintReport:
    """Lint one student's folder for one assignment against the assignment's release folder.

    ``report.notebooks`` maps every release notebook to the submitted file to grade for it (a
    renamed copy when the rule matched one) or None when there is none that can be graded.
    Never raises: an unexpected failure of the lint itself is reported as a "lint-error" flag.
    """
    report = LintReport()
    try:
        _lint(Path(release_dir), Path(submission_dir), max_bytes, report)
    except Exception as error:  # the lint must never stop the grading of a class
        report.findings.append(
            Finding(
                "lint-error",
                "",
                "",
                kept_sentence("the lint stopped early: {error}", error=_describe(error)),
                FLAG,
            )
        )
    return report


def scan_source(source: str, *, answer: bool = True) -> list[Finding]:
    """The suspicious-code and engine-use findings for one cell's source, on its own.

    ``answer``: check it as an answer cell (engine use too) rather than an exploration cell.
    """
    scope = _Scope(bindings={}, defined=set(), answer_names=set())
    return _check_code(source, "the code", "", "", "", scope, answer=answer)
