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

import ast
import builtins
import copy
import fnmatch
import functools
import importlib
import inspect
import json
import os
import re
import stat
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ERROR, FLAG, INFO = "error", "flag", "info"

IGNORED = (".ipynb_checkpoints", "*.pyc", "__pycache__", "feedback", "timestamp.txt")
"""Names nbgrader itself skips or writes when it collects a folder: never reported."""
MAX_FILES = 1000
"""A folder with more entries than this is not listed further (and is flagged)."""


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


# --------------------------------------------------------------------------------------------
# What student code is checked for
# --------------------------------------------------------------------------------------------


def _words(text: str) -> list[str]:
    return text.split()


# Dotted names (modules, functions, attributes) that a course answer never needs, by kind. A
# name matches itself and everything under it ("subprocess" matches "subprocess.run"); the
# longest matching name wins. Bare names are builtins ("exec") or IPython's get_ipython.
SUSPICIOUS: dict[str, str] = {
    "kernel-hook": "get_ipython IPython ipykernel jupyter_client",
    "sys-modules": "sys.modules types.ModuleType",
    "builtins": "builtins __builtin__ __builtins__",
    "ctypes": "ctypes _ctypes cffi",
    "gc": "gc",
    "introspection": "inspect.currentframe inspect.stack inspect.trace inspect.getouterframes "
    "inspect.getinnerframes inspect.getframeinfo traceback.walk_stack sys._getframe globals",
    "sys-hook": "sys.settrace sys.setprofile sys.addaudithook sys.meta_path sys.path_hooks "
    "sys.path_importer_cache sys.path sys.excepthook sys.displayhook sys.breakpointhook",
    "subprocess": "subprocess multiprocessing pty concurrent.futures.ProcessPoolExecutor "
    "asyncio.create_subprocess_exec asyncio.create_subprocess_shell os.system os.popen os.fork "
    "os.forkpty os.setsid os.startfile os.posix_spawn os.posix_spawnp os.spawnl os.spawnle "
    "os.spawnlp os.spawnlpe os.spawnv os.spawnve os.spawnvp os.spawnvpe os.execl os.execle "
    "os.execlp os.execlpe os.execv os.execve os.execvp os.execvpe",
    "threads": "threading _thread concurrent",
    "signal": "signal os.kill os.killpg",
    "os-exit": "os._exit os.abort sys.exit exit quit",
    "dynamic-import": "__import__ importlib imp runpy pkgutil zipimport",
    "exec": "exec eval compile marshal types.FunctionType types.CodeType",
    "outside-path": "tempfile os.chdir os.path.expanduser pathlib.Path.home",
    "sqlite3": "sqlite3 dbm shelve",
    "grading": "nbgrader gamekit.grading",
    "network": "socket ssl urllib requests http httpx aiohttp ftplib smtplib telnetlib xmlrpc "
    "webbrowser",
    "resource": "resource",
    "atexit": "atexit",
    "environ": "os.environ os.environb os.getenv os.putenv",
}
RULES: dict[str, str] = {name: kind for kind, names in SUSPICIOUS.items() for name in _words(names)}

REASONS: dict[str, str] = {
    "kernel-hook": "it reaches into the IPython kernel that runs the tests",
    "sys-modules": "it can replace the modules the tests import",
    "builtins": "it can change Python's built-in functions",
    "ctypes": "raw memory access can change anything in the kernel",
    "gc": "it can find and change the grader's own objects",
    "introspection": "it can reach the globals and frames of the code that calls it",
    "sys-hook": "it can change how the interpreter imports, traces or reports errors",
    "subprocess": "it starts other programs, which can outlive the kernel",
    "threads": "work can go on after the cell has returned",
    "signal": "it can stop or interrupt the grader",
    "os-exit": "it can end the kernel before the tests run",
    "catches-interrupt": "it can keep a cell that runs over its time limit from stopping",
    "dynamic-import": "it imports modules by name, out of sight of this check",
    "exec": "it runs code built as text, out of sight of this check",
    "outside-path": "files outside the submission are not the student's to read or write",
    "sqlite3": "it can open the gradebook",
    "gradebook": "the gradebook is not the student's to read or write",
    "grading": "it reaches the course's grading code",
    "network": "it uses the network",
    "resource": "it changes the limits of the process",
    "atexit": "it runs code after the tests, when the kernel shuts down",
    "environ": "it can tell that it is being graded (nbgrader sets NBGRADER_EXECUTION)",
    "grading-detect": "it can behave differently while it is graded",
    "module-patch": "it changes a module that other code relies on",
    "gamekit-patch": "it changes gamekit, which the tests use to judge the answers",
}

ANSWER_ONLY = {"environ", "grading-detect"}
"""Kinds checked in answer cells only: the release's own ungraded cells read NBGRADER_EXECUTION
to skip slow pictures while grading, and a student's own exploration cells may copy that."""

FRAME_ATTRIBUTES = set(
    _words(
        "f_back f_globals f_locals f_builtins f_code tb_frame gi_frame cr_frame ag_frame "
        "__globals__ __code__ __closure__ __subclasses__ __builtins__"
    )
)
"""Attributes that lead from a function or an exception to other code's frames and globals."""

INTERRUPTS = {"KeyboardInterrupt", "SystemExit", "BaseException", "GeneratorExit"}

ENGINE_MODULES = ("gamekit.search", "gamekit.negamax", "gamekit.mcts")
"""Every public function of these is an engine a student writes in some exercise."""
ENGINE_HELPERS = {"scored_result"}
"""Public functions of the engine modules that the notebooks hand to students."""
EXPLAIN_ALLOWED = {"format_value", "random_tree"}
"""gamekit.explain functions that compute no answer (formatting, making practice trees)."""
PLAYER_ALLOWED = {"random_player", "human_player", "greedy_player", "parse_move", "greedy_score"}
"""gamekit.players functions that search nothing (greedy looks one move ahead with your eval)."""
REFERENCE_HEURISTICS = ("connect_four_eval", "eval_for", "window_score")
"""The course's evaluation function, which assignment 03 asks students to write."""
CLONE_MODULES = tuple(
    f"gamekit.{name}"
    for name in _words("search negamax mcts explain players heuristics games gametree")
)
"""Modules whose functions and methods an answer is compared with, tree against tree."""
MIN_CLONE_SIZE = 80
"""Functions smaller than this (syntax nodes, after normalising) are not compared: a three-line
minimax written from the formula has the same tree as anyone else's, copied or not."""

MODULE_NAMES = {name.split(".")[0] for name in RULES} | {"os", "sys", "inspect", "types", "gamekit"}
"""Module names taken at their word in a cell that does not import them (an earlier cell may)."""
INF_NAMES = {"inf", "infinity", "INF", "INFINITY"}
BUILTIN_NAMES = set(dir(builtins)) | {"exit", "quit", "get_ipython", "__builtins__"}
OUTSIDE_PATH = re.compile(r"^(/\w|~$|~[/\\]|[A-Za-z]:[/\\])|(^|[\s/\\])\.\.([/\\]|$)")
"""A string that names a file outside the current folder: absolute, home, or through ``..``."""


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
            Finding("lint-error", "", "", f"the lint stopped early: {_describe(error)}", FLAG)
        )
    return report


def scan_source(source: str, *, answer: bool = True) -> list[Finding]:
    """The suspicious-code and engine-use findings for one cell's source, on its own.

    ``answer``: check it as an answer cell (engine use too) rather than an exploration cell.
    """
    scope = _Scope(bindings={}, defined=set(), answer_names=set())
    return _check_code(source, "the code", "", "", "", scope, answer=answer)


def _describe(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0][:200]}" if text else type(error).__name__


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
                Finding("unreadable", "", "", f"cannot list {current}: {_describe(error)}", FLAG)
            )
            continue
        for entry in entries:
            seen += 1
            if seen > MAX_FILES:
                message = f"the folder holds more than {MAX_FILES} files; the rest were not read"
                findings.append(Finding("too-many-files", "", "", message, FLAG))
                return files
            if _ignored(entry.name):
                continue
            rel = Path(entry.path).relative_to(folder).as_posix()
            if not rel.isprintable():
                message = f"{rel!r} has a name with control characters: not read"
                findings.append(Finding("odd-file", "", "", message, FLAG, file=rel))
                continue
            try:
                mode = entry.stat(follow_symlinks=False).st_mode
            except OSError as error:
                message = f"cannot read {rel}: {_describe(error)}"
                findings.append(Finding("unreadable", "", "", message, FLAG, file=rel))
                continue
            if stat.S_ISLNK(mode):
                target = _link_target(Path(entry.path))
                message = f"{rel} is a link to {target}: links are not followed or graded"
                findings.append(Finding("symlink", "", "", message, FLAG, file=rel))
            elif stat.S_ISDIR(mode):
                pending.append(Path(entry.path))
            elif stat.S_ISREG(mode):
                files.append(rel)
            else:
                message = f"{rel} is not a regular file (a pipe or a device): not read"
                findings.append(Finding("odd-file", "", "", message, FLAG, file=rel))
    return sorted(files)


def _link_target(path: Path) -> str:
    try:
        return os.readlink(path)
    except OSError:
        return "somewhere unreadable"


def _normal_stem(name: str) -> str:
    """A notebook's name with copy marks, case and punctuation removed: "A02_AlphaBeta (1)",
    "a02_alphabeta-Copy1" and "a02_alphabeta" all give "a02alphabeta"."""
    stem = Path(name).name
    stem = stem[: -len(".ipynb")] if stem.lower().endswith(".ipynb") else stem
    stem = re.sub(r"(\s*\(\d+\)|[-_ ]copy\d*)+$", "", stem, flags=re.I)
    return re.sub(r"[^0-9a-z]", "", stem.lower())


# --------------------------------------------------------------------------------------------
# Notebooks: reading and cells
# --------------------------------------------------------------------------------------------


@dataclass
class _Cell:
    """One notebook cell, read defensively (every field has a usable type)."""

    index: int
    cell_type: str
    source: str
    meta: dict[str, Any]  # the nbgrader metadata ({} if none)
    grade_id: str  # "" if none

    @property
    def locked(self) -> bool:
        return bool(self.meta.get("locked"))

    @property
    def solution(self) -> bool:
        return bool(self.meta.get("solution"))

    @property
    def graded(self) -> bool:
        return bool(self.meta.get("grade"))

    @property
    def nbgrader(self) -> bool:
        """nbgrader treats it as its own (it dedupes, restores or grades such cells)."""
        return bool(self.grade_id) and (self.locked or self.solution or self.graded)


def _text(source: Any) -> str:
    if isinstance(source, str):
        return source
    if isinstance(source, list):
        return "".join(part for part in source if isinstance(part, str))
    return ""


def _cells(nb: dict[str, Any]) -> list[_Cell]:
    cells = nb.get("cells")
    out = []
    for index, cell in enumerate(cells if isinstance(cells, list) else []):
        if not isinstance(cell, dict):
            continue
        metadata = cell.get("metadata")
        meta = metadata.get("nbgrader") if isinstance(metadata, dict) else None
        meta = meta if isinstance(meta, dict) else {}
        grade_id = meta.get("grade_id")
        out.append(
            _Cell(
                index=index,
                cell_type=str(cell.get("cell_type", "")),
                source=_text(cell.get("source")),
                meta=meta,
                grade_id=grade_id if isinstance(grade_id, str) else "",
            )
        )
    return out


def _locked_ids(cells: list[_Cell]) -> set[str]:
    return {c.grade_id for c in cells if c.locked and c.grade_id}


def _squeeze(text: str) -> str:
    """The text without any whitespace: whitespace-only edits compare equal."""
    return "".join(text.split())


@dataclass
class _Submitted:
    """A submitted .ipynb file: its notebook, or why it could not be read."""

    rel: str
    path: Path
    nb: dict[str, Any] | None = None
    problem: Finding | None = None  # kind, message and severity when nb is None
    cells: list[_Cell] = field(default_factory=list)


def _read_notebook(path: Path, rel: str, max_bytes: int) -> _Submitted:
    found = _Submitted(rel, path)

    def fail(kind: str, message: str) -> _Submitted:
        found.problem = Finding(kind, "", "", message, ERROR, file=rel)
        return found

    try:
        size = path.stat().st_size
        if size > max_bytes:
            return fail("oversized", f"{rel} is {size:,} bytes, over the {max_bytes:,} allowed")
        raw = path.read_bytes()
    except OSError as error:
        return fail("unreadable", f"{rel} cannot be read: {_describe(error)}")
    try:
        nb = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return fail("corrupt-json", f"{rel} is not a notebook: it is not UTF-8 text")
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        return fail("corrupt-json", f"{rel} is not a notebook: its JSON is broken at {where}")
    except (ValueError, RecursionError) as error:
        return fail("corrupt-json", f"{rel} is not a notebook: {_describe(error)}")
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        what = type(nb).__name__ if not isinstance(nb, dict) else "an object without cells"
        return fail("not-a-notebook", f"{rel} is JSON but not a notebook (it holds {what})")
    found.nb = nb
    found.cells = _cells(nb)
    return found


def _schema_problems(nb: dict[str, Any]) -> list[str]:
    """What nbformat's schema says is wrong with ``nb`` (empty when it is a valid notebook)."""
    from nbformat import validator

    major = nb.get("nbformat")
    if major != 4:
        return [f"nbformat version {major!r} (the course's notebooks are version 4)"]
    minor = nb.get("nbformat_minor")
    minor = minor if isinstance(minor, int) and 0 <= minor <= 5 else None
    problems = []
    for error in validator.iter_validate(nb, version=4, version_minor=minor):
        place = "/".join(str(p) for p in error.absolute_path) or "the top level"
        problems.append(f"{place}: {error.message[:120]}")
    return problems


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
        what = "is not a folder" if submission_dir.exists() else "does not exist"
        message = f"nothing was handed in: the submission folder {what}"
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
            message = f"extra file {rel} is {size:,} bytes, over the {max_bytes:,} allowed"
            findings.append(Finding("oversized", "", "", message, FLAG, file=rel))
        else:
            message = f"extra file {rel} (not part of the assignment; not graded)"
            findings.append(Finding("extra-file", "", "", message, INFO, file=rel))
    for name, cells in release.items():
        submitted = chosen.get(name)
        if submitted is None:
            message = f"{name} was not handed in"
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
            message = f"the lint could not finish checking {name}: {_describe(error)}"
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
            how = "its locked cells match" if best.nb is not None else "its name matches"
            message = f"renamed: {best.rel} was graded as {name} ({how}); ask to keep the name"
            findings.append(Finding("renamed-notebook", name, "", message, INFO, file=best.rel))
        rivals = [c for c in candidates[1:] if c.nb is not None]  # readable ones only
        if rivals:
            others = ", ".join(c.rel for c in rivals)
            message = f"several files could be {name}: {best.rel} was graded, not {others}"
            findings.append(Finding("ambiguous-notebook", name, "", message, FLAG, file=best.rel))
    for submitted in free.values():
        twin = next(
            (n for n in release if _candidates(n, locked[n], [submitted]) and n in chosen), None
        )
        why = "" if submitted.problem is None else f" ({submitted.problem.message})"
        if twin is not None:
            message = (
                f"{submitted.rel} looks like another copy of {twin}; only {chosen[twin].rel} "
                f"is graded{why}"
            )
            findings.append(
                Finding("duplicate-notebook", twin, "", message, FLAG, file=submitted.rel)
            )
        else:
            message = f"extra notebook {submitted.rel} matches no notebook of the assignment{why}"
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
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        add("invalid-notebook", "", f"{rel} is not a valid notebook: {problems[0]}{more}")
    cells = submitted.cells
    by_id_release = {c.grade_id: c for c in release if c.grade_id}
    counts = Counter(c.grade_id for c in cells if c.nbgrader)
    for grade_id, count in counts.items():
        if count > 1:
            message = (
                f"grade_id {grade_id} appears {count} times: nbgrader grades the last one and "
                "treats the others as ordinary cells"
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
                message = f"the graded cell {cell.grade_id} was deleted (nbgrader puts it back)"
                add("deleted-cell", cell.grade_id, message)
            elif cell.locked:
                message = (
                    f"the locked cell {cell.grade_id} was deleted (nbgrader does not put it back:"
                    " the cells after it may fail)"
                )
                add("deleted-cell", cell.grade_id, message)
            else:
                message = f"the answer cell {cell.grade_id} was deleted"
                add("deleted-cell", cell.grade_id, message, INFO)
            continue
        if cell.locked and (
            theirs.cell_type != cell.cell_type or _squeeze(theirs.source) != _squeeze(cell.source)
        ):
            message = f"the locked cell {cell.grade_id} was edited (nbgrader grades the original)"
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
            message = f"the nbgrader metadata of cell {cell.grade_id} was changed ({detail})"
            add("metadata-changed", cell.grade_id, message)
    for cell in cells:
        if cell.nbgrader and cell.grade_id not in by_id_release:
            message = f"cell {cell.grade_id} is an nbgrader cell that the release does not have"
            add("unknown-cell", cell.grade_id, message)
    out.extend(_check_cells(name, release, cells, rel))
    return out


# --------------------------------------------------------------------------------------------
# Code: which cells, in which order
# --------------------------------------------------------------------------------------------


@dataclass
class _Scope:
    """What names mean in the kernel when a cell runs: imports so far, names the notebook set."""

    bindings: dict[str, str]  # name -> dotted name it was imported as ("np" -> "numpy")
    defined: set[str]  # names some cell assigned or defined (not imports)
    answer_names: set[str]  # names the release's answer cells define (the exercises)


def _check_cells(name: str, release: list[_Cell], cells: list[_Cell], rel: str) -> list[Finding]:
    """Walk the notebook in order, as the kernel would; check the cells a student can write."""
    release_by_id = {c.grade_id: c for c in release if c.grade_id}
    # The release's own code (ungraded cells, locked cells): a copy of it is nobody's attack.
    release_code = {
        _squeeze(c.source) for c in release if c.cell_type == "code" and (c.locked or not c.meta)
    }
    answer_names = set()
    for cell in release:
        if cell.cell_type == "code" and cell.solution:
            tree, _ = _parse(cell.source)
            answer_names |= _top_level_names(tree) if tree else set()
    scope = _Scope(bindings={}, defined=set(), answer_names=answer_names)
    last = {c.grade_id: c.index for c in cells if c.nbgrader}  # nbgrader keeps the last
    out: list[Finding] = []
    for cell in cells:
        if cell.cell_type != "code":
            continue
        nbgrader_cell = cell.nbgrader and last[cell.grade_id] == cell.index
        known = release_by_id.get(cell.grade_id) if nbgrader_cell else None
        if known is not None and known.locked:  # nbgrader runs the release's source
            tree, _ = _parse(known.source)
            if tree is not None:
                _learn(tree, scope)
            continue
        if known is None and _squeeze(cell.source) in release_code:
            tree, _ = _parse(cell.source)  # a copy of one of the release's cells
            if tree is not None:
                _learn(tree, scope)
            continue
        answer = known is not None and known.solution
        if answer:
            label = f"answer cell {cell.grade_id}"
        elif nbgrader_cell:
            label = f"cell {cell.grade_id}"
        elif cell.nbgrader:
            label = f"cell {cell.index + 1} (an earlier copy of {cell.grade_id})"
        else:
            label = f"cell {cell.index + 1} (no grade_id)"
        grade_id = cell.grade_id if nbgrader_cell else ""
        try:
            out.extend(_check_code(cell.source, label, name, grade_id, rel, scope, answer=answer))
        except Exception as error:  # e.g. RecursionError on absurdly nested code
            message = f"{label} could not be checked: {_describe(error)}"
            out.append(Finding("lint-error", name, grade_id, message, FLAG, file=rel))
    return out


def _parse(source: str) -> tuple[ast.Module | None, str]:
    """The syntax tree of a cell, IPython syntax (magics, !shell) included; or why not."""
    try:
        return ast.parse(source), ""
    except (SyntaxError, ValueError) as error:
        first = error
    except (RecursionError, MemoryError) as error:
        return None, _describe(error)
    try:
        from IPython.core.inputtransformer2 import TransformerManager

        return ast.parse(TransformerManager().transform_cell(source)), ""
    except Exception:
        pass
    if isinstance(first, SyntaxError):
        return None, f"line {first.lineno}: {first.msg}"
    return None, _describe(first)


def _top_level_names(tree: ast.Module) -> set[str]:
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
    return names


def _learn(tree: ast.Module, scope: _Scope) -> None:
    """Record what a cell's top-level statements bind (imports, definitions)."""
    for node in tree.body:
        for name, target in _imports(node):
            scope.bindings[name] = target
        for name in _top_level_names(ast.Module(body=[node], type_ignores=[])):
            scope.bindings.pop(name, None)
            scope.defined.add(name)


def _imports(node: ast.AST) -> Iterator[tuple[str, str]]:
    """(name bound, dotted name it stands for) for an import statement."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.asname:
                yield alias.asname, alias.name
            else:
                first = alias.name.split(".")[0]
                yield first, first
    elif isinstance(node, ast.ImportFrom):
        module = "." * node.level + (node.module or "")
        for alias in node.names:
            if alias.name != "*":
                yield alias.asname or alias.name, f"{module}.{alias.name}"


# --------------------------------------------------------------------------------------------
# Code: the checks of one cell
# --------------------------------------------------------------------------------------------


def _check_code(
    source: str, label: str, notebook: str, grade_id: str, rel: str, scope: _Scope, *, answer: bool
) -> list[Finding]:
    """The findings of one cell a student wrote; then record what it binds in ``scope``."""
    tree, error = _parse(source)
    if tree is None:
        message = f"{label} does not parse ({error}); it will fail when run"
        return [Finding("syntax", notebook, grade_id, message, INFO, file=rel)]
    scanner = _Scanner(scope, answer=answer)
    scanner.scan(tree)
    hits: dict[tuple[str, str], tuple[str, list[int]]] = {}  # one finding per kind and name
    for kind, what, line in scanner.hits:
        if kind in ANSWER_ONLY and not answer:
            continue
        verb, _, name = what.partition(" ")
        key = (kind, name if verb in ("imports", "uses") else what)
        hits.setdefault(key, (what, []))[1].append(line)
    out = []
    for (kind, _), (what, lines) in hits.items():
        lines = sorted(set(lines))
        where = f"line {lines[0]}" if len(lines) == 1 else "lines " + ", ".join(map(str, lines))
        reason = scanner.reasons.get((kind, what)) or REASONS.get(kind, "")
        message = f"{label} {what} ({where})" + (f": {reason}" if reason else "")
        out.append(Finding(kind, notebook, grade_id, message, FLAG, file=rel, line=lines[0]))
    if not answer:
        redefined = sorted(_top_level_names(tree) & scope.answer_names)
        if redefined:
            message = (
                f"{label} redefines {', '.join(redefined)}, which the answer cells define: "
                "the tests use whatever was defined last"
            )
            out.append(Finding("redefined-answer", notebook, grade_id, message, FLAG, file=rel))
    for node, copied in _clones(tree):
        message = f"{label} defines {node.name} (line {node.lineno}), which is {copied} renamed"
        out.append(
            Finding("engine-clone", notebook, grade_id, message, FLAG, file=rel, line=node.lineno)
        )
    _learn(tree, scope)
    return out


class _Scanner(ast.NodeVisitor):
    """Collects (kind, what was used, line) for the suspicious names and forms in a cell."""

    def __init__(self, scope: _Scope, *, answer: bool) -> None:
        self.scope = scope
        self.answer = answer
        self.bindings = dict(scope.bindings)
        self.defined = set(scope.defined)
        self.locals: list[set[str]] = []
        self.loops = 0
        self.hits: list[tuple[str, str, int]] = []
        self.reasons: dict[tuple[str, str], str] = {}

    def scan(self, tree: ast.Module) -> None:
        docstrings = _docstrings(tree)
        for node in ast.walk(tree):
            is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
            if is_text and id(node) not in docstrings:
                self._string(node)
        for node in tree.body:
            self.visit(node)
            for name, target in _imports(node):
                self.bindings[name] = target
            for name in _top_level_names(ast.Module(body=[node], type_ignores=[])):
                self.bindings.pop(name, None)
                self.defined.add(name)

    def hit(self, kind: str, what: str, node: ast.AST, reason: str = "") -> None:
        self.hits.append((kind, what, getattr(node, "lineno", 0)))
        if reason:
            self.reasons[(kind, what)] = reason

    # names --------------------------------------------------------------------------------

    def resolve(self, node: ast.AST) -> str | None:
        """The dotted name an expression stands for ("os.system"), if it is an import, a
        builtin or an attribute of one; None for the student's own names."""
        if isinstance(node, ast.Name):
            if any(node.id in scope for scope in self.locals):
                return None
            if node.id in self.bindings:
                return self.bindings[node.id]
            if node.id in self.defined:
                return None
            if node.id in BUILTIN_NAMES or node.id in MODULE_NAMES:
                return node.id  # a builtin, or a module imported where this check cannot see
            return None
        if isinstance(node, ast.Attribute):
            base = self.resolve(node.value)
            return f"{base}.{node.attr}" if base else None
        return None

    def use(self, dotted: str, node: ast.AST, verb: str = "uses") -> None:
        kind = _rule(dotted)
        if kind:
            self.hit(kind, f"{verb} {dotted}", node)
        if isinstance(getattr(node, "ctx", None), (ast.Store, ast.Del)):
            return  # assigning to gamekit.search.alphabeta_search is a patch, reported as one
        if self.answer and dotted.split(".")[0] == "gamekit":
            for kind, name, reason in _reference_uses(dotted, frozenset(self.scope.answer_names)):
                self.hit(kind, f"{verb} {name}", node, reason)

    def visit_Name(self, node: ast.Name) -> None:
        dotted = self.resolve(node)
        if dotted:
            self.use(dotted, node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if node.attr in FRAME_ATTRIBUTES:
            self.hit("introspection", f"uses .{node.attr}", node)
        if node.attr == "__file__":  # where a module lives on disk: the way to its files
            self.hit("outside-path", "uses .__file__ (where a module's files are)", node)
        if self._kernel_call(node.value):  # get_ipython().events, .input_transformers_...
            self.hit("kernel-hook", f"uses get_ipython().{node.attr}", node)
            return
        dotted = self.resolve(node)
        if dotted:
            self.use(dotted, node)
        else:
            self.visit(node.value)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.use(alias.name, node, "imports")

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        module = "." * node.level + (node.module or "")
        for alias in node.names:
            if alias.name == "*":
                self.use(module, node, "imports")
                if self.answer and module.split(".")[0] == "gamekit":
                    self._star(module, node)
            else:
                self.use(f"{module}.{alias.name}", node, "imports")

    def _star(self, module: str, node: ast.AST) -> None:
        names = frozenset(self.scope.answer_names)
        target = _gamekit_object(module)
        for attr in sorted(vars(target)) if inspect.ismodule(target) else []:
            if not attr.startswith("_") and _reference_uses(f"{module}.{attr}", names):
                reason = "it brings gamekit's own engines into the notebook"
                self.hit("reference-engine", f"imports everything from {module}", node, reason)
                return

    # scopes ---------------------------------------------------------------------------------

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        names = _bound_names(node)
        if not isinstance(node, ast.Lambda):
            names.discard(node.name)
            for decorator in node.decorator_list:
                self.visit(decorator)
        for default in [*node.args.defaults, *node.args.kw_defaults]:
            if default is not None:
                self.visit(default)
        self.locals.append(names)
        for child in node.body if isinstance(node.body, list) else [node.body]:
            self.visit(child)
        self.locals.pop()

    visit_AsyncFunctionDef = visit_FunctionDef
    visit_Lambda = visit_FunctionDef

    def visit_While(self, node: ast.While) -> None:
        self.loops += 1
        self.generic_visit(node)
        self.loops -= 1

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> None:
        caught = []
        if node.type is None:
            if self.loops:
                caught = ["everything (a bare except: inside a while loop)"]
        else:
            types = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
            caught = [t.id for t in types if isinstance(t, ast.Name) and t.id in INTERRUPTS]
        if caught:
            self.hit("catches-interrupt", f"catches {', '.join(caught)}", node)
        self.generic_visit(node)

    # calls and assignments ------------------------------------------------------------------

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Attribute) and self._kernel_call(func.value):
            self._ipython(func.attr, node)  # a magic or !shell line, as IPython rewrites it
            for child in [*node.args, *node.keywords]:
                self.visit(child)
            return
        dotted = self.resolve(func)
        if dotted in ("setattr", "delattr") and node.args:
            self._patch(node.args[0], node, f"{dotted}() on ")
        self.generic_visit(node)

    def _kernel_call(self, node: ast.AST) -> bool:
        """Is ``node`` the call ``get_ipython()``?"""
        return isinstance(node, ast.Call) and self.resolve(node.func) == "get_ipython"

    def _ipython(self, method: str, node: ast.Call) -> None:
        arg = node.args[0] if node.args else None
        text = arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else ""
        text = text.splitlines()[0][:60] if text.strip() else "..."
        if method in ("system", "getoutput"):
            self.hit("subprocess", f"runs the shell command !{text}", node)
        elif method in ("run_line_magic", "run_cell_magic"):
            self.hit("kernel-hook", f"runs the magic %{text}", node)
        else:
            self.hit("kernel-hook", f"uses get_ipython().{method}", node)

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            self._target(target)
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign | ast.AnnAssign) -> None:
        self._target(node.target)
        self.generic_visit(node)

    visit_AnnAssign = visit_AugAssign

    def visit_Delete(self, node: ast.Delete) -> None:
        for target in node.targets:
            self._target(target)
        self.generic_visit(node)

    def _target(self, target: ast.AST) -> None:
        if isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                self._target(element)
        elif isinstance(target, ast.Starred):
            self._target(target.value)
        elif isinstance(target, ast.Attribute):
            self._patch(target.value, target, "assigns to ")
        elif isinstance(target, ast.Subscript):  # other modules' dicts: sys.modules, os.environ
            self._patch(target.value, target, "assigns to ", gamekit_only=True)

    def _patch(self, obj: ast.AST, node: ast.AST, verb: str, *, gamekit_only: bool = False) -> None:
        """An attribute of an imported module or object is set or deleted."""
        dotted = self.resolve(obj)
        if dotted is None or dotted in BUILTIN_NAMES:
            return
        if dotted.split(".")[0] == "gamekit":
            self.hit("gamekit-patch", f"{verb}{dotted}", node)
        elif not gamekit_only and not _rule(dotted):  # sys, builtins...: flagged by name already
            self.hit("module-patch", f"{verb}{dotted}", node)

    # strings --------------------------------------------------------------------------------

    def _string(self, node: ast.Constant) -> None:
        text = node.value
        shown = text if len(text) <= 40 else text[:37] + "..."
        if OUTSIDE_PATH.search(text):
            self.hit("outside-path", f"names the path {shown!r}", node)
        if "gradebook" in text.lower():
            self.hit("gradebook", f"names {shown!r}", node)
        if "NBGRADER" in text.upper():
            self.hit("grading-detect", f"mentions {shown!r}", node)


def _rule(dotted: str) -> str | None:
    """The kind of the longest rule matching ``dotted`` or a prefix of it."""
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        kind = RULES.get(".".join(parts[:end]))
        if kind:
            return kind
    return None


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string constants that are docstrings or bare string statements."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for statement in body:
                if (
                    isinstance(statement, ast.Expr)
                    and isinstance(statement.value, ast.Constant)
                    and isinstance(statement.value.value, str)
                ):
                    found.add(id(statement.value))
    return found


def _bound_names(func: ast.AST) -> set[str]:
    """Names a function (or lambda) binds anywhere inside: arguments, assignments, defs."""
    names = set()
    if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        names.add(func.name)
    for node in ast.walk(func):
        if isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) or (
            isinstance(node, ast.ExceptHandler) and node.name
        ):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update(name for name, _ in _imports(node))
    return names


# --------------------------------------------------------------------------------------------
# gamekit's own engines: used, or copied
# --------------------------------------------------------------------------------------------


def _module(name: str) -> Any:
    """The module, or None when it is missing or broken (an engine still being written)."""
    try:
        return importlib.import_module(name)
    except Exception:
        return None


@functools.lru_cache(maxsize=1)
def _forbidden() -> dict[int, tuple[str, str, str]]:
    """id(object) -> (kind, dotted name, reason) for gamekit's engines and explain helpers."""
    table: dict[int, tuple[str, str, str]] = {}
    engine = "gamekit's own engine, where the exercise asks for the student's own"
    for module_name in ENGINE_MODULES:
        module = _module(module_name)
        for name, obj in sorted(vars(module).items()) if module else []:
            if _public_function(obj, module_name, name) and name not in ENGINE_HELPERS:
                table[id(obj)] = ("reference-engine", f"{module_name}.{name}", engine)
    explain = _module("gamekit.explain")
    helper = "it computes the answers of the by-hand exercises"
    for name, obj in sorted(vars(explain).items()) if explain else []:
        if _public_function(obj, "gamekit.explain", name) and name not in EXPLAIN_ALLOWED:
            table[id(obj)] = ("explain-helper", f"gamekit.explain.{name}", helper)
    players = _module("gamekit.players")
    for name, obj in sorted(vars(players).items()) if players else []:
        searches = name.endswith("_player") or name == "SearchPlayer"
        ours = getattr(obj, "__module__", None) == "gamekit.players"
        if searches and ours and name not in PLAYER_ALLOWED:
            reason = "it plays with gamekit's own search engines"
            table[id(obj)] = ("reference-engine", f"gamekit.players.{name}", reason)
    heuristics = _module("gamekit.heuristics")
    for name in REFERENCE_HEURISTICS:
        obj = getattr(heuristics, name, None)
        if obj is not None:
            reason = "it is the course's own evaluation function"
            table[id(obj)] = ("reference-engine", f"gamekit.heuristics.{name}", reason)
    return table


def _public_function(obj: Any, module_name: str, name: str) -> bool:
    return inspect.isfunction(obj) and obj.__module__ == module_name and not name.startswith("_")


def _gamekit_object(dotted: str) -> Any:
    """The gamekit object a dotted name stands for (submodules imported on demand), or None."""
    parts = dotted.split(".")
    if parts[0] != "gamekit":
        return None
    obj = _module("gamekit")
    for end in range(2, len(parts) + 1):
        part = parts[end - 1]
        if inspect.ismodule(obj) and not hasattr(obj, part):
            name = ".".join(parts[:end])
            obj = _module(name) if name in CLONE_MODULES or name == "gamekit.trace" else None
        else:
            obj = getattr(obj, part, None) if not part.startswith("__") else None
        if obj is None:
            return None
    return obj


@functools.lru_cache(maxsize=4096)
def _reference_uses(dotted: str, answer_names: frozenset[str]) -> list[tuple[str, str, str]]:
    """(kind, name, reason) when ``dotted`` or an object on its way is one of gamekit's engines
    or explain helpers, or gamekit's own version of something the exercises ask for."""
    parts = dotted.split(".")
    forbidden = _forbidden()
    for end in range(2, len(parts) + 1):
        obj = _gamekit_object(".".join(parts[:end]))
        if obj is None:
            return []
        if id(obj) in forbidden:
            return [forbidden[id(obj)]]
        if (inspect.isfunction(obj) or inspect.isclass(obj)) and obj.__name__ in answer_names:
            reason = f"gamekit's own {obj.__name__}, where the exercise asks for the student's own"
            return [("reference-engine", ".".join(parts[:end]), reason)]
    return []


def _clones(tree: ast.Module) -> list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, str]]:
    """The functions in ``tree`` that are one of gamekit's after renaming, with its name."""
    known = _gamekit_functions()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            dump, _ = normalised(node)
            if dump in known:
                found.append((node, known[dump]))
    return found


@functools.lru_cache(maxsize=1)
def _gamekit_functions() -> dict[str, str]:
    """normalised dump -> dotted name, for the functions and methods of CLONE_MODULES."""
    known: dict[str, str] = {}
    for module_name in CLONE_MODULES:
        module = _module(module_name)
        if module is None or not getattr(module, "__file__", None):
            continue
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        members = []
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                members += [(m, f"{node.name}.{getattr(m, 'name', '')}") for m in node.body]
            else:
                members.append((node, getattr(node, "name", "")))
        for member, name in members:
            if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)):
                dump, size = normalised(member)
                if size >= MIN_CLONE_SIZE:
                    known.setdefault(dump, f"{module_name}.{name}")
    return known


def normalised(func: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, int]:
    """A function's syntax tree with every name it binds renamed by order of appearance,
    other names (globals) likewise, builtins kept; docstrings, annotations and comments gone.
    Returns the tree's dump and its number of nodes.

    >>> a = ast.parse("def f(x, y):\\n    '''Add.'''\\n    return x + y * k").body[0]
    >>> b = ast.parse("def g(a: int, b):  # sum\\n    return a + b * w").body[0]
    >>> normalised(a) == normalised(b)
    True
    """
    tree = _Normaliser(_bound_names(func)).visit(copy.deepcopy(func))
    return ast.dump(tree, annotate_fields=False), sum(1 for _ in ast.walk(tree))


class _Normaliser(ast.NodeTransformer):
    """Renames names to placeholders and drops what does not change what the code does."""

    def __init__(self, bound: set[str]) -> None:
        self.bound = bound
        self.names: dict[str, str] = {}

    def rename(self, name: str) -> str:
        if name in self.bound:
            return self.names.setdefault(name, f"_v{len(self.names)}")
        if name in INF_NAMES:
            return "_inf"
        if name in BUILTIN_NAMES:
            return name
        return self.names.setdefault(name, f"_g{len(self.names)}")

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        node.name = self.rename(node.name)
        node.returns = None
        node.type_comment = None
        self.generic_visit(node)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        node.name = self.rename(node.name)
        self.generic_visit(node)
        return node

    def visit_arg(self, node: ast.arg) -> ast.AST:
        node.arg = self.rename(node.arg)
        node.annotation = None
        node.type_comment = None
        return node

    def visit_Name(self, node: ast.Name) -> ast.AST:
        node.id = self.rename(node.id)
        return node

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> ast.AST:
        if node.name:
            node.name = self.rename(node.name)
        self.generic_visit(node)
        return node

    def visit_Expr(self, node: ast.Expr) -> ast.AST | None:
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return None  # a docstring or a string used as a comment
        self.generic_visit(node)
        return node

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST | None:
        if node.value is None:
            return None
        return self.visit(ast.Assign(targets=[node.target], value=node.value, type_comment=None))

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        if isinstance(node.value, ast.Name) and node.value.id == "math" and node.attr == "inf":
            return ast.Name(id="_inf", ctx=ast.Load())
        self.generic_visit(node)
        return node

    def visit_Call(self, node: ast.Call) -> ast.AST:
        if (
            isinstance(node.func, ast.Name)
            and node.func.id == "float"
            and len(node.args) == 1
            and isinstance(node.args[0], ast.Constant)
            and str(node.args[0].value).strip().lower() in ("inf", "infinity")
        ):
            return ast.Name(id="_inf", ctx=ast.Load())
        self.generic_visit(node)
        return node
