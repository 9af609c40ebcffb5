"""The names a cell of code defines at top level: shared by the lint and the trusted runner."""

from __future__ import annotations

import ast


def top_level_names(tree: ast.Module, *, imports: bool = True) -> set[str]:
    """Names bound at the top of ``tree``: functions, classes, assignment targets and (when
    ``imports``) imported names (``import a.b`` binds ``a``)."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
        elif imports and isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return names
