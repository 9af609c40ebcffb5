"""gamekit's own engines in an answer: used by name, or copied under other names."""

from __future__ import annotations

import ast
import copy
import functools
import importlib
import inspect
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from gamekit.grader.lint.rules import (
    BUILTIN_NAMES,
    CLONE_MODULES,
    ENGINE_HELPERS,
    ENGINE_MODULES,
    EXPLAIN_ALLOWED,
    INF_NAMES,
    MIN_CLONE_SIZE,
    PLAYER_ALLOWED,
    REFERENCE_HEURISTICS,
)
from gamekit.i18n import kept_sentence

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
    engine = kept_sentence("gamekit's own engine, where the exercise asks for the student's own")
    for module_name in ENGINE_MODULES:
        module = _module(module_name)
        for name, obj in sorted(vars(module).items()) if module else []:
            if _public_function(obj, module_name, name) and name not in ENGINE_HELPERS:
                table[id(obj)] = ("reference-engine", f"{module_name}.{name}", engine)
    explain = _module("gamekit.explain")
    helper = kept_sentence("it computes the answers of the by-hand exercises")
    for name, obj in sorted(vars(explain).items()) if explain else []:
        if _public_function(obj, "gamekit.explain", name) and name not in EXPLAIN_ALLOWED:
            table[id(obj)] = ("explain-helper", f"gamekit.explain.{name}", helper)
    players = _module("gamekit.players")
    for name, obj in sorted(vars(players).items()) if players else []:
        searches = name.endswith("_player") or name == "SearchPlayer"
        ours = getattr(obj, "__module__", None) == "gamekit.players"
        if searches and ours and name not in PLAYER_ALLOWED:
            reason = kept_sentence("it plays with gamekit's own search engines")
            table[id(obj)] = ("reference-engine", f"gamekit.players.{name}", reason)
    for module_name, names in REFERENCE_HEURISTICS.items():
        heuristics = _module(module_name)
        for name in names:
            obj = getattr(heuristics, name, None)
            if obj is not None:
                reason = kept_sentence("it is the course's own evaluation function")
                table[id(obj)] = ("reference-engine", f"{module_name}.{name}", reason)
    return table


def warm_tables() -> None:
    """Build the tables of gamekit's engines and functions now, not at the first answer read
    (`gamekit.grader.preload` does it once for every job of a grading run)."""
    _forbidden()
    _gamekit_functions()


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
            reason = kept_sentence(
                "gamekit's own {name}, where the exercise asks for the student's own",
                name=obj.__name__,
            )
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
