"""The code of the cells a student can write: which cells, in which order, and the checks
of one cell (`_Scanner`)."""

from __future__ import annotations

import ast
import inspect
from dataclasses import dataclass

from gamekit.grader.lint.copies import (
    _bound_names,
    _clones,
    _gamekit_object,
    _imports,
    _reference_uses,
)
from gamekit.grader.lint.notebook import _Cell, _squeeze, handed_out
from gamekit.grader.lint.report import FLAG, INFO, Finding, _describe
from gamekit.grader.lint.rules import (
    ANSWER_ONLY,
    BUILTIN_NAMES,
    FRAME_ATTRIBUTES,
    INTERRUPTS,
    MODULE_NAMES,
    OUTSIDE_PATH,
    REASONS,
    RULES,
)
from gamekit.grader.names import top_level_names
from gamekit.i18n import N_, kept_sentence

USES = {"uses": N_("uses {name}"), "imports": N_("imports {name}")}
"""What a cell does with a name the rules know, as the finding says it."""

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
        source
        for c in release
        if c.cell_type == "code" and (c.locked or not c.meta)
        for source in handed_out(c, name)
    }
    answer_names = set()
    for cell in release:
        if cell.cell_type == "code" and cell.solution:
            tree, _ = _parse(cell.source)
            answer_names |= top_level_names(tree, imports=False) if tree else set()
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
            label = kept_sentence("answer cell {cell}", cell=cell.grade_id)
        elif nbgrader_cell:
            label = kept_sentence("cell {grade_id}", grade_id=cell.grade_id)  # a notebook cell
        elif cell.nbgrader:
            label = kept_sentence(
                "cell {number} (an earlier copy of {cell})",
                number=cell.index + 1,
                cell=cell.grade_id,
            )
        else:
            label = kept_sentence("cell {number} (no grade_id)", number=cell.index + 1)
        grade_id = cell.grade_id if nbgrader_cell else ""
        try:
            out.extend(_check_code(cell.source, label, name, grade_id, rel, scope, answer=answer))
        except Exception as error:  # e.g. RecursionError on absurdly nested code
            message = kept_sentence(
                "{label} could not be checked: {error}", label=label, error=_describe(error)
            )
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
        return None, kept_sentence("line {line}: {error}", line=first.lineno, error=first.msg)
    return None, _describe(first)


def _learn(tree: ast.Module, scope: _Scope) -> None:
    """Record what a cell's top-level statements bind (imports, definitions)."""
    for node in tree.body:
        for name, target in _imports(node):
            scope.bindings[name] = target
        for name in top_level_names(ast.Module(body=[node], type_ignores=[]), imports=False):
            scope.bindings.pop(name, None)
            scope.defined.add(name)


# --------------------------------------------------------------------------------------------
# Code: the checks of one cell
# --------------------------------------------------------------------------------------------


def _check_code(
    source: str, label: str, notebook: str, grade_id: str, rel: str, scope: _Scope, *, answer: bool
) -> list[Finding]:
    """The findings of one cell a student wrote; then record what it binds in ``scope``."""
    tree, error = _parse(source)
    if tree is None:
        message = kept_sentence(
            "{label} does not parse ({error}); it will fail when run", label=label, error=error
        )
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
        where = (
            kept_sentence("line {line}", line=lines[0])
            if len(lines) == 1
            else kept_sentence("lines {lines}", lines=", ".join(map(str, lines)))
        )
        reason = scanner.reasons.get((kind, what)) or (
            kept_sentence(REASONS[kind]) if kind in REASONS else ""
        )
        message = (
            kept_sentence(
                "{label} {what} ({where}): {reason}",
                label=label,
                what=what,
                where=where,
                reason=reason,
            )
            if reason
            else kept_sentence("{label} {what} ({where})", label=label, what=what, where=where)
        )
        out.append(Finding(kind, notebook, grade_id, message, FLAG, file=rel, line=lines[0]))
    if not answer:
        redefined = sorted(top_level_names(tree, imports=False) & scope.answer_names)
        if redefined:
            message = kept_sentence(
                "{label} redefines {names}, which the answer cells define: the tests use "
                "whatever was defined last",
                label=label,
                names=", ".join(redefined),
            )
            out.append(Finding("redefined-answer", notebook, grade_id, message, FLAG, file=rel))
    for node, copied in _clones(tree):
        message = kept_sentence(
            "{label} defines {name} (line {line}), which is {copied} renamed",
            label=label,
            name=node.name,
            line=node.lineno,
            copied=copied,
        )
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
            for name in top_level_names(ast.Module(body=[node], type_ignores=[]), imports=False):
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
            self.hit(kind, kept_sentence(USES[verb], name=dotted), node)
        if isinstance(getattr(node, "ctx", None), (ast.Store, ast.Del)):
            return  # assigning to gamekit.search.alphabeta_search is a patch, reported as one
        if self.answer and dotted.split(".")[0] == "gamekit":
            for kind, name, reason in _reference_uses(dotted, frozenset(self.scope.answer_names)):
                self.hit(kind, kept_sentence(USES[verb], name=name), node, reason)

    def visit_Name(self, node: ast.Name) -> None:
        dotted = self.resolve(node)
        if dotted:
            self.use(dotted, node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if node.attr in FRAME_ATTRIBUTES:
            self.hit("introspection", kept_sentence("uses .{name}", name=node.attr), node)
        if node.attr == "__file__":  # where a module lives on disk: the way to its files
            self.hit(
                "outside-path", kept_sentence("uses .__file__ (where a module's files are)"), node
            )
        if self._kernel_call(node.value):  # get_ipython().events, .input_transformers_...
            self.hit(
                "kernel-hook", kept_sentence("uses get_ipython().{name}", name=node.attr), node
            )
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
                reason = kept_sentence("it brings gamekit's own engines into the notebook")
                everything = kept_sentence("imports everything from {module}", module=module)
                self.hit("reference-engine", everything, node, reason)
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
        caught = ""
        if node.type is None:
            if self.loops:
                caught = kept_sentence("everything (a bare except: inside a while loop)")
        else:
            types = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
            names = [t.id for t in types if isinstance(t, ast.Name) and t.id in INTERRUPTS]
            caught = ", ".join(names)
        if caught:
            self.hit("catches-interrupt", kept_sentence("catches {what}", what=caught), node)
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
            self._patch(node.args[0], node, dotted)
        self.generic_visit(node)

    def _kernel_call(self, node: ast.AST) -> bool:
        """Is ``node`` the call ``get_ipython()``?"""
        return isinstance(node, ast.Call) and self.resolve(node.func) == "get_ipython"

    def _ipython(self, method: str, node: ast.Call) -> None:
        arg = node.args[0] if node.args else None
        text = arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else ""
        text = text.splitlines()[0][:60] if text.strip() else "..."
        if method in ("system", "getoutput"):
            self.hit("subprocess", kept_sentence("runs the shell command !{line}", line=text), node)
        elif method in ("run_line_magic", "run_cell_magic"):
            self.hit("kernel-hook", kept_sentence("runs the magic %{line}", line=text), node)
        else:
            self.hit("kernel-hook", kept_sentence("uses get_ipython().{name}", name=method), node)

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
            self._patch(target.value, target)
        elif isinstance(target, ast.Subscript):  # other modules' dicts: sys.modules, os.environ
            self._patch(target.value, target, gamekit_only=True)

    def _patch(
        self, obj: ast.AST, node: ast.AST, call: str = "", *, gamekit_only: bool = False
    ) -> None:
        """An attribute of an imported module or object is set or deleted (by assignment, or
        by ``call``: setattr or delattr)."""
        dotted = self.resolve(obj)
        if dotted is None or dotted in BUILTIN_NAMES:
            return
        what = (
            kept_sentence("{call}() on {name}", call=call, name=dotted)
            if call
            else kept_sentence("assigns to {name}", name=dotted)
        )
        if dotted.split(".")[0] == "gamekit":
            self.hit("gamekit-patch", what, node)
        elif not gamekit_only and not _rule(dotted):  # sys, builtins...: flagged by name already
            self.hit("module-patch", what, node)

    # strings --------------------------------------------------------------------------------

    def _string(self, node: ast.Constant) -> None:
        text = node.value
        shown = text if len(text) <= 40 else text[:37] + "..."
        if OUTSIDE_PATH.search(text):
            self.hit("outside-path", kept_sentence("names the path {text}", text=repr(shown)), node)
        if "gradebook" in text.lower():
            self.hit("gradebook", kept_sentence("names {text}", text=repr(shown)), node)
        if "NBGRADER" in text.upper():
            self.hit("grading-detect", kept_sentence("mentions {text}", text=repr(shown)), node)


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
