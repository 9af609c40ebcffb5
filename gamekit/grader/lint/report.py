"""What the lint reports: one `Finding` per thing noticed, gathered in a `LintReport`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

ERROR, FLAG, INFO = "error", "flag", "info"


@dataclass(frozen=True)
class Finding:
    """One thing the lint noticed about a submission."""

    kind: str  # short stable id: "missing-notebook", "ctypes", "engine-clone", ...
    notebook: str  # the release notebook it concerns ("" for the folder)
    cell: str  # the grade_id of the cell, or ""
    message: str  # one plain sentence for the instructor
    severity: str  # "error", "flag" or "info"
    file: str = ""  # the submitted file, relative to the submission folder
    line: int = 0  # first line of the cell it is about (1-based), 0 if none


@dataclass
class LintReport:
    """The findings, and which submitted file to grade for each release notebook."""

    findings: list[Finding] = field(default_factory=list)
    notebooks: dict[str, Path | None] = field(default_factory=dict)

    @property
    def flagged(self) -> bool:
        """True when the instructor must look: any finding of severity "flag" or "error"."""
        return any(f.severity in (ERROR, FLAG) for f in self.findings)

    @property
    def errors(self) -> list[Finding]:
        """The findings that keep a notebook from being graded as handed in."""
        return [f for f in self.findings if f.severity == ERROR]

    def reasons(self) -> list[str]:
        """The messages of the flags and errors, for the grade table."""
        return [f.message for f in self.findings if f.severity in (ERROR, FLAG)]


def _describe(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0][:200]}" if text else type(error).__name__
