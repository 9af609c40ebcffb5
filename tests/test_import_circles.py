"""No import circles in gamekit: every module imports only modules that do not import it back,
directly or through others, counting the imports made inside functions too (a lazy import
hides a circle from Python, not from a reader).

The layers (README, "For maintainers") run one way: games, then search and heuristics, then
players, tournaments and explanations, then pictures and widgets, then grading and the course's
tools. A circle means two modules that cannot be read, tested or moved apart.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "gamekit"


def module_names() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its ``__init__``)."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that ``name`` imports, anywhere in its code. ``from P import x``
    counts as importing ``P.x`` when that is a module, else ``P`` itself."""

    def known(dotted: str) -> str | None:
        while dotted and dotted not in modules:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                above = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*above, base] if base else above)
            submodules = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules]
            targets = submodules if len(submodules) == len(node.names) else [base, *submodules]
        else:
            continue
        for target in targets:
            resolved = known(target) if target.split(".")[0] == "gamekit" else None
            if resolved and resolved != name:
                found.add(resolved)
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_the_circle_finder_finds_a_circle_and_only_circles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_the_import_graph_is_read_whole():
    """The finder sees lazy imports and ``from package import module``: the edges it must see
    for the test below to mean anything."""
    modules = module_names()
    graph = {name: imports_of(name, path, modules) for name, path in modules.items()}
    assert "gamekit.grader.job" in graph["gamekit.grader.job_process"]
    assert "gamekit.draw" in graph["gamekit"]  # inside show_trees_as_pictures
    assert "gamekit.checks.a03.spec" in graph["gamekit.checks.a03.ladder"]
    assert len(graph) > 100 and sum(map(len, graph.values())) > 300


def test_gamekit_has_no_import_circle():
    modules = module_names()
    graph = {name: imports_of(name, path, modules) for name, path in modules.items()}
    found = circles(graph)
    described = [
        " -> ".join(group)
        + "; imports inside: "
        + ", ".join(f"{a} -> {b}" for a in group for b in sorted(graph[a]) if b in group)
        for group in found
    ]
    assert found == [], "\n".join(described)


TOOLS = ("gamekit.course", "gamekit.report", "gamekit.hub", "gamekit.bench", "gamekit.gamebench")
"""The course's tools: above both the grading machine and the checks."""


def _inside(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_the_trust_boundary_runs_one_way():
    """The checks (`gamekit.checks`: what a graded kernel sees) never import the grading
    machine (`gamekit.grader`: the trusted side only), and nothing but the machine itself and
    the course's tools above it does."""
    modules = module_names()
    graph = {name: imports_of(name, path, modules) for name, path in modules.items()}
    assert any(_inside(b, "gamekit.grader") for a in TOOLS for b in graph.get(a, ()))
    wrong = {
        name: sorted(b for b in targets if _inside(b, "gamekit.grader"))
        for name, targets in graph.items()
        if not _inside(name, "gamekit.grader") and not any(_inside(name, t) for t in TOOLS)
    }
    assert {name: found for name, found in wrong.items() if found} == {}


def test_the_readme_map_names_every_package_and_only_packages_that_exist():
    """The maintainers' map in the README (its "The house" section) names each of gamekit's
    top-level modules and packages, and nothing that is not there."""
    import re

    readme = (PACKAGE.parent / "README.md").read_text()
    section = readme.split("## The house", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`gamekit/([a-z0-9_]+)(?:/|\.py)`", section))
    present = {
        path.stem if path.is_file() else path.name
        for path in PACKAGE.iterdir()
        if (path.suffix == ".py" and path.stem != "__init__")
        or (path.is_dir() and (path / "__init__.py").exists())
    }
    assert named, "the map names no package"
    assert named - present == set(), "named in the map but missing"
    assert present - named == set(), "in gamekit but not on the map"
