"""The gamekit a student's kernel sees while it is graded: the student-facing part only.

The sandbox binds this *view* over gamekit's package folder (`gamekit.grader.sandbox`), so
inside it:

- the grading machine is absent, the whole package `gamekit.grader` (the driver, the job,
  the lint, the trusted runner, the sandbox, the intake, the feedback writer), and so are the
  course and Hub tools (`ABSENT`): a kernel cannot read or import them;
- the checks (`gamekit.checks`: ``gamekit.checks.a01`` ... ``a06`` and the kernel's end of
  the grader's line) stay, because the notebooks' own cells use their course data (example
  trees, random positions), the grader sends some of their functions to the kernel (a01's
  reference as a stand-in, a06's ordering key) and the kernel answers the grader with them;
- every function that could answer the assignment for a student is replaced by a function
  that raises `gamekit.checks.EngineForbidden` (`FORBIDDEN`): every search of gamekit
  (`gamekit.checks.searches.SEARCHES`: the engines, the complete solvers of
  `gamekit.explain`, Connect Four's solver), the references of the grader that answer it (a01's
  reference values, a02's alpha-beta with or without a built-in flaw, a05's search, a06's
  negamax), and for a04 the course's Hex heuristics. The original code is not in the
  kernel's files, so no trick inside the kernel (a function rebuilt from a saved ``__code__``,
  the source read from disk, the refusal hook replaced) can reach it. What the grader sends
  into the kernel on purpose stays: a01's stand-in ``minimax_value`` (refused per call except
  while it stands in), a05's ``reference_ucb1``, a06's ordering key.

The per-call refusal of `gamekit.checks.engines_swapped_out` stays as a second line, and it
is the only one for a03, the one assignment without an entry in `FORBIDDEN` (its notebook plays
with gamekit's search on purpose, and it asks for an evaluation, not a search). a01's and a02's
notebooks skip their pictures of gamekit's solvers while graded (``NBGRADER_EXECUTION``).
A view is built once per gamekit version and assignment, in a folder of its own, atomically,
with the bytecode of its own files (a kernel cannot write a cache in it).
"""

from __future__ import annotations

import ast
import compileall
import hashlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

from gamekit.checks import forbidden_message
from gamekit.checks.searches import SEARCHES

PACKAGE = Path(__file__).resolve().parent.parent
"""gamekit's package folder (the one the view stands in for)."""

ABSENT = ("grader", "course", "hub.py", "bench", "gamebench.py")
"""Paths under gamekit/ that a graded kernel never sees: the whole grading machine
(`gamekit.grader`, which runs on the trusted side only) and the tools above it."""

FORBIDDEN: dict[str, tuple[str, ...]] = {
    "a01_minimax": (
        *SEARCHES,
        "gamekit.checks.a01.references:_value",
        "gamekit.checks.a01.references:_decision",
        "gamekit.checks.a01.references:reference_minimax_value",
        "gamekit.checks.a01.references:reference_minimax_decision",
        "gamekit.checks.a01.references:reference_cutoff_value",
        "gamekit.checks.a01.references:reference_expectiminimax_value",
    ),
    "a02_alphabeta": (
        *SEARCHES,
        "gamekit.checks.a02.mistakes:flawed_alphabeta",
        "gamekit.checks.a02.search:course_steps",
    ),
    "a04_hex_heuristics": (
        *SEARCHES,
        "gamekit.hex_heuristics:connected",
        "gamekit.hex_heuristics:better_connected",
        "gamekit.hex_heuristics:shortest_path",
        "gamekit.hex_heuristics:distance",
    ),
    "a05_mcts": (*SEARCHES, "gamekit.checks.a05:reference_search"),
    "a06_negamax_quarto": (
        *SEARCHES,
        "gamekit.checks.a06.references:reference",
        "gamekit.checks.a06.references:reference_stats",
    ),
}
"""Per assignment, ``module:qualname`` of what its kernel gets only as a refusal."""


def _refusing(function: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
    """Replace ``function``'s body by a raise of EngineForbidden (signature and docstring kept)."""
    raise_it = ast.parse(
        "raise __import__('gamekit.checks', fromlist=['EngineForbidden'])"
        f".EngineForbidden({forbidden_message(function.name)!r})"
    ).body
    docstring = ast.get_docstring(function)
    function.body = ([ast.Expr(ast.Constant(docstring))] if docstring else []) + raise_it


def stub_source(source: str, qualnames: list[str]) -> str:
    r"""``source`` with the functions or methods named by ``qualnames`` refusing.

    >>> refused = stub_source("def f(x):\n    return x\n", ["f"])
    >>> "return x" in refused, "EngineForbidden" in refused
    (False, True)
    """
    tree = ast.parse(source)
    for qualname in qualnames:
        scope: list[ast.stmt] = tree.body
        *classes, name = qualname.split(".")
        for class_name in classes:
            found = [n for n in scope if isinstance(n, ast.ClassDef) and n.name == class_name]
            if not found:
                raise LookupError(f"no class {class_name} for {qualname}")
            scope = found[0].body
        functions = [
            n
            for n in scope
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == name
        ]
        if not functions:
            raise LookupError(f"no function {qualname}")
        for function in functions:
            _refusing(function)
    return ast.unparse(tree) + "\n"


def _module_file(module: str) -> Path:
    """The file of a gamekit module inside the package folder."""
    parts = module.split(".")[1:]
    single = PACKAGE.joinpath(*parts).with_suffix(".py")
    return single if single.exists() else PACKAGE.joinpath(*parts, "__init__.py")


VIEW_FORMAT = 2
"""Bumped when what a view holds changes (2: with bytecode), so no older view is reused."""


def _fingerprint(targets: tuple[str, ...]) -> str:
    digest = hashlib.sha256(f"{VIEW_FORMAT}\n{sys.implementation.cache_tag}\n".encode())
    digest.update("\n".join(targets).encode())
    for path in sorted(PACKAGE.rglob("*.py")):
        info = path.stat()
        digest.update(f"{path.relative_to(PACKAGE)}|{info.st_size}|{info.st_mtime_ns}".encode())
    return digest.hexdigest()[:20]


def build_view(assignment: str, where: Path | None = None) -> Path:
    """The view for ``assignment`` (built if missing) in ``where`` (default: the temporary
    folder), as a folder to bind over gamekit's package folder."""
    targets = FORBIDDEN.get(assignment, ())
    base = Path(where or tempfile.gettempdir())
    view = base / f"gamekit-view-{_fingerprint(targets)}"
    if view.is_dir():
        return view
    building = Path(tempfile.mkdtemp(prefix="gamekit-view-building-", dir=base))
    try:
        copy = building / "gamekit"
        ignored = shutil.ignore_patterns("__pycache__", "*.pyc")
        shutil.copytree(PACKAGE, copy, ignore=ignored)
        for relative in ABSENT:
            path = copy / relative
            if path.is_dir():
                shutil.rmtree(path)
            elif path.exists():
                path.unlink()
        by_module: dict[str, list[str]] = {}
        for target in targets:
            module, _, qualname = target.partition(":")
            by_module.setdefault(module, []).append(qualname)
        for module, qualnames in by_module.items():
            path = copy / _module_file(module).relative_to(PACKAGE)
            path.write_text(stub_source(path.read_text(), qualnames))
        # bytecode of the view's own files (the stubs' included): the kernel cannot write a
        # cache in its read-only view, and would otherwise compile each module it imports
        compileall.compile_dir(copy, quiet=2, workers=1)
        try:
            os.rename(copy, view)  # atomic: another worker may have built it meanwhile
        except OSError:
            if not view.is_dir():
                raise
    finally:
        shutil.rmtree(building, ignore_errors=True)
    return view
