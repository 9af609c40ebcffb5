"""The folder and its notebooks: which files were handed in, which one to grade for each
release notebook, and whether its locked cells are intact."""

from __future__ import annotations

import fnmatch
import json
import os
import re
import stat
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from gamekit.grader.lint.code import _check_cells
from gamekit.grader.lint.notebook import (
    _Cell,
    _cells,
    _locked_ids,
    _oversized,
    _read_notebook,
    _schema_problems,
    _squeeze,
    _Submitted,
    handed_out,
)
from gamekit.grader.lint.report import ERROR, FLAG, INFO, Finding, LintReport, _describe
from gamekit.i18n import kept_sentence

IGNORED = (".ipynb_checkpoints", "*.pyc", "__pycache__", "feedback", "timestamp.txt")
"""Names nbgrader itself skips or writes when it collects a folder: never reported."""
MAX_FILES = 1000
"""A folder with more entries than this is not listed further (and is flagged)."""


# --------------------------------------------------------------------------------------------
# The folder: which files were handed in
# --------------------------------------------------------------------------------------------


def _ignored(name: str) -> bool:
    return any(fnmatch.fnmatch(name, pattern) for pattern in IGNORED)


def _walk(folder: Path, findings: list[Finding]) -> list[str]:
    """Relative paths of the regular files under ``folder``; links and odd files are findings."""
    files: list[str] = []
    pending = [folder]
    seen = 0
    while pending:
        current = pending.pop()
        try:
            entries = sorted(os.scandir(current), key=lambda e: e.name)
        except OSError as error:
            findings.append(
                Finding(
                    "unreadable",
                    "",
                    "",
                    kept_sentence(
                        "cannot list {folder}: {error}", folder=current, error=_describe(error)
                    ),
                    FLAG,
                )
            )
            continue
        for entry in entries:
            seen += 1
            if seen > MAX_FILES:
                message = kept_sentence(
                    "the folder holds more than {count} files; the rest were not read",
                    count=MAX_FILES,
                )
                findings.append(Finding("too-many-files", "", "", message, FLAG))
                return files
            if _ignored(entry.name):
                continue
            rel = Path(entry.path).relative_to(folder).as_posix()
            if not rel.isprintable():
                message = kept_sentence(
                    "{file} has a name with control characters: not read", file=repr(rel)
                )
                findings.append(Finding("odd-file", "", "", message, FLAG, file=rel))
                continue
            try:
                mode = entry.stat(follow_symlinks=False).st_mode
            except OSError as error:
                message = kept_sentence(
                    "cannot read {file}: {error}", file=rel, error=_describe(error)
                )
                findings.append(Finding("unreadable", "", "", message, FLAG, file=rel))
                continue
            if stat.S_ISLNK(mode):
                target = _link_target(Path(entry.path))
                message = kept_sentence(
                    "{file} is a link to {target}: links are not followed or graded",
                    file=rel,
                    target=target,
                )
                findings.append(Finding("symlink", "", "", message, FLAG, file=rel))
            elif stat.S_ISDIR(mode):
                pending.append(Path(entry.path))
            elif stat.S_ISREG(mode):
                files.append(rel)
            else:
                message = kept_sentence(
                    "{file} is not a regular file (a pipe or a device): not read", file=rel
                )
                findings.append(Finding("odd-file", "", "", message, FLAG, file=rel))
    return sorted(files)


def _link_target(path: Path) -> str:
    try:
        return os.readlink(path)
    except OSError:
        return kept_sentence("somewhere unreadable")


def _normal_stem(name: str) -> str:
    """A notebook's name with copy marks, case and punctuation removed: "A02_AlphaBeta (1)",
    "a02_alphabeta-Copy1" and "a02_alphabeta" all give "a02alphabeta"."""
    stem = Path(name).name
    stem = stem[: -len(".ipynb")] if stem.lower().endswith(".ipynb") else stem
    stem = re.sub(r"(\s*\(\d+\)|[-_ ]copy\d*)+$", "", stem, flags=re.I)
    return re.sub(r"[^0-9a-z]", "", stem.lower())


# --------------------------------------------------------------------------------------------
# The lint
# --------------------------------------------------------------------------------------------


def _lint(release_dir: Path, submission_dir: Path, max_bytes: int, report: LintReport) -> None:
    findings = report.findings
    release_files = sorted(p.name for p in release_dir.iterdir() if p.is_file())
    release = {}
    for name in release_files:
        if name.endswith(".ipynb"):
            nb = json.loads((release_dir / name).read_text(encoding="utf-8"))
            release[name] = _cells(nb)
    report.notebooks = dict.fromkeys(release)
    if not submission_dir.is_dir():
        message = (
            kept_sentence("nothing was handed in: the submission folder is not a folder")
            if submission_dir.exists()
            else kept_sentence("nothing was handed in: the submission folder does not exist")
        )
        findings.append(Finding("missing-folder", "", "", message, ERROR))
        return
    files = _walk(submission_dir, findings)
    notebooks = {
        rel: _read_notebook(submission_dir / rel, rel, max_bytes)
        for rel in files
        if rel.lower().endswith(".ipynb")
    }
    chosen = _match(release, notebooks, findings)
    for rel in files:
        if rel in notebooks or rel in release_files:
            continue
        size = _size(submission_dir / rel)
        if size > max_bytes:
            message = kept_sentence(
                "extra file {finding}", finding=_oversized(rel, size, max_bytes)
            )
            findings.append(Finding("oversized", "", "", message, FLAG, file=rel))
        else:
            message = kept_sentence(
                "extra file {file} (not part of the assignment; not graded)", file=rel
            )
            findings.append(Finding("extra-file", "", "", message, INFO, file=rel))
    for name, cells in release.items():
        submitted = chosen.get(name)
        if submitted is None:
            message = kept_sentence("{notebook} was not handed in", notebook=name)
            findings.append(Finding("missing-notebook", name, "", message, ERROR))
            continue
        if submitted.nb is None:
            assert submitted.problem is not None
            findings.append(_for_notebook(submitted.problem, name))
            continue
        report.notebooks[name] = submitted.path
        try:
            findings.extend(_lint_notebook(name, cells, submitted))
        except Exception as error:
            message = kept_sentence(
                "the lint could not finish checking {notebook}: {error}",
                notebook=name,
                error=_describe(error),
            )
            findings.append(Finding("lint-error", name, "", message, FLAG, file=submitted.rel))


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _for_notebook(finding: Finding, name: str) -> Finding:
    return Finding(
        finding.kind, name, finding.cell, finding.message, finding.severity, file=finding.file
    )


def _match(
    release: dict[str, list[_Cell]], notebooks: dict[str, _Submitted], findings: list[Finding]
) -> dict[str, _Submitted]:
    """Which submitted file stands for each release notebook.

    The rule: a file with the release notebook's own name; else the one whose locked grade_ids
    are exactly the release notebook's; else the one sharing most of them (at least half); a
    file that cannot be read counts when its name is the release name up to case and copy marks
    ("A02_AlphaBeta (1).ipynb"). Other notebooks are reported as copies or extras.
    """
    locked = {name: _locked_ids(cells) for name, cells in release.items()}
    chosen: dict[str, _Submitted] = {}
    free = dict(notebooks)
    for name in release:
        if name in free and free[name].nb is not None:
            chosen[name] = free.pop(name)
    for name in release:
        if name in chosen:
            continue
        candidates = _candidates(name, locked[name], free.values())
        if not candidates:
            continue
        best = candidates[0]
        chosen[name] = free.pop(best.rel)
        if best.rel != name:
            how = (
                kept_sentence("its locked cells match")
                if best.nb is not None
                else kept_sentence("its name matches")
            )
            message = kept_sentence(
                "renamed: {file} was graded as {notebook} ({how}); ask to keep the name",
                file=best.rel,
                notebook=name,
                how=how,
            )
            findings.append(Finding("renamed-notebook", name, "", message, INFO, file=best.rel))
        rivals = [c for c in candidates[1:] if c.nb is not None]  # readable ones only
        if rivals:
            others = ", ".join(c.rel for c in rivals)
            message = kept_sentence(
                "several files could be {notebook}: {file} was graded, not {others}",
                notebook=name,
                file=best.rel,
                others=others,
            )
            findings.append(Finding("ambiguous-notebook", name, "", message, FLAG, file=best.rel))
    for submitted in free.values():
        twin = next(
            (n for n in release if _candidates(n, locked[n], [submitted]) and n in chosen), None
        )
        why = (
            ""
            if submitted.problem is None
            else kept_sentence(" ({problem})", problem=submitted.problem.message)
        )
        if twin is not None:
            message = kept_sentence(
                "{file} looks like another copy of {notebook}; only {graded} is graded{why}",
                file=submitted.rel,
                notebook=twin,
                graded=chosen[twin].rel,
                why=why,
            )
            findings.append(
                Finding("duplicate-notebook", twin, "", message, FLAG, file=submitted.rel)
            )
        else:
            message = kept_sentence(
                "extra notebook {file} matches no notebook of the assignment{why}",
                file=submitted.rel,
                why=why,
            )
            findings.append(Finding("extra-notebook", "", "", message, FLAG, file=submitted.rel))
    return chosen


def _candidates(name: str, locked: set[str], pool: Iterable[_Submitted]) -> list[_Submitted]:
    """The submitted notebooks that could be release notebook ``name``, best first."""
    scored = []
    for submitted in pool:
        same_name = _normal_stem(submitted.rel) == _normal_stem(name)
        if submitted.nb is None:
            if same_name:
                scored.append((0, 0, submitted.rel, submitted))
            continue
        theirs = _locked_ids(submitted.cells)
        shared = len(theirs & locked)
        if theirs == locked and locked:
            scored.append((2, shared + same_name, submitted.rel, submitted))
        elif locked and 2 * shared >= len(locked):
            scored.append((1, shared + same_name, submitted.rel, submitted))
    scored.sort(key=lambda t: (-t[0], -t[1], t[2]))
    return [t[3] for t in scored]


def _lint_notebook(name: str, release: list[_Cell], submitted: _Submitted) -> list[Finding]:
    """The findings of one submitted notebook, compared with its release notebook."""
    assert submitted.nb is not None
    rel = submitted.rel
    out: list[Finding] = []

    def add(kind: str, cell: str, message: str, severity: str = FLAG, line: int = 0) -> None:
        out.append(Finding(kind, name, cell, message, severity, file=rel, line=line))

    problems = _schema_problems(submitted.nb)
    if problems:
        more = (
            kept_sentence(" (and {count} more)", count=len(problems) - 1)
            if len(problems) > 1
            else ""
        )
        add(
            "invalid-notebook",
            "",
            kept_sentence(
                "{file} is not a valid notebook: {problem}{more}",
                file=rel,
                problem=problems[0],
                more=more,
            ),
        )
    cells = submitted.cells
    by_id_release = {c.grade_id: c for c in release if c.grade_id}
    counts = Counter(c.grade_id for c in cells if c.nbgrader)
    for grade_id, count in counts.items():
        if count > 1:
            message = kept_sentence(
                "grade_id {cell} appears {count} times: nbgrader grades the last one and treats "
                "the others as ordinary cells",
                cell=grade_id,
                count=count,
            )
            add("duplicate-grade-id", grade_id, message)
    by_id = {c.grade_id: c for c in cells if c.grade_id and not c.nbgrader}  # flags removed
    by_id.update({c.grade_id: c for c in cells if c.nbgrader})  # the last wins, as in nbgrader
    for cell in release:
        if not cell.grade_id or not (cell.locked or cell.graded or cell.solution):
            continue
        theirs = by_id.get(cell.grade_id)
        if theirs is None:
            if cell.graded:
                message = kept_sentence(
                    "the graded cell {cell} was deleted (nbgrader puts it back)", cell=cell.grade_id
                )
                add("deleted-cell", cell.grade_id, message)
            elif cell.locked:
                message = kept_sentence(
                    "the locked cell {cell} was deleted (nbgrader does not put it back: the cells "
                    "after it may fail)",
                    cell=cell.grade_id,
                )
                add("deleted-cell", cell.grade_id, message)
            else:
                message = kept_sentence("the answer cell {cell} was deleted", cell=cell.grade_id)
                add("deleted-cell", cell.grade_id, message, INFO)
            continue
        if cell.locked and (
            theirs.cell_type != cell.cell_type
            or _squeeze(theirs.source) not in handed_out(cell, name)
        ):
            message = kept_sentence(
                "the locked cell {cell} was edited (nbgrader grades the original)",
                cell=cell.grade_id,
            )
            add("locked-cell-changed", cell.grade_id, message)
        changed = [
            key
            for key in ("grade", "solution", "locked", "points")
            if cell.meta.get(key) != theirs.meta.get(key)
        ]
        if changed:
            detail = ", ".join(
                f"{key} {cell.meta.get(key)!r} -> {theirs.meta.get(key)!r}" for key in changed
            )
            message = kept_sentence(
                "the nbgrader metadata of cell {cell} was changed ({detail})",
                cell=cell.grade_id,
                detail=detail,
            )
            add("metadata-changed", cell.grade_id, message)
    for cell in cells:
        if cell.nbgrader and cell.grade_id not in by_id_release:
            message = kept_sentence(
                "cell {cell} is an nbgrader cell that the release does not have", cell=cell.grade_id
            )
            add("unknown-cell", cell.grade_id, message)
    out.extend(_check_cells(name, release, cells, rel))
    return out
