"""Mutants of a reference answer: one small AST edit each, or a pair of them (see the package's
docstring for the edits)."""

from __future__ import annotations

import ast
import copy
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

SWAPS: dict[type, tuple[type, ...]] = {
    ast.Lt: (ast.LtE, ast.Gt),
    ast.LtE: (ast.Lt, ast.GtE),
    ast.Gt: (ast.GtE, ast.Lt),
    ast.GtE: (ast.Gt, ast.LtE),
    ast.Eq: (ast.NotEq,),
    ast.NotEq: (ast.Eq,),
    ast.Is: (ast.IsNot,),
    ast.IsNot: (ast.Is,),
    ast.In: (ast.NotIn,),
    ast.NotIn: (ast.In,),
    ast.Add: (ast.Sub, ast.Mult),
    ast.Sub: (ast.Add,),
    ast.Mult: (ast.Div, ast.Add),
    ast.Div: (ast.Mult, ast.FloorDiv),
    ast.FloorDiv: (ast.Div,),
    ast.And: (ast.Or,),
    ast.Or: (ast.And,),
}
"""Each operator and what a slip turns it into."""

CALL_SWAPS = {"max": "min", "min": "max", "any": "all", "all": "any"}


@dataclass(frozen=True)
class Mutation:
    """One edit of one answer cell: where, and what it does, in words."""

    grade_id: str
    site: int  # the index of the edit among the cell's possible edits
    words: str


def _sites(tree: ast.AST) -> Iterator[tuple[ast.AST, str, Callable[[], None]]]:
    """Every possible edit of ``tree``: ``(node, words, apply)``; ``apply`` edits in place."""
    attributes = sorted({n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)})
    for node in ast.walk(tree):
        line = getattr(node, "lineno", "?")
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                for new in SWAPS.get(type(op), ()):
                    yield (
                        node,
                        f"line {line}: {type(op).__name__} -> {new.__name__}",
                        (lambda n=node, i=i, new=new: n.ops.__setitem__(i, new())),
                    )
        elif isinstance(node, (ast.BinOp, ast.AugAssign, ast.BoolOp)):
            for new in SWAPS.get(type(node.op), ()):
                yield (
                    node,
                    f"line {line}: {type(node.op).__name__} -> {new.__name__}",
                    (lambda n=node, new=new: setattr(n, "op", new())),
                )
        elif isinstance(node, ast.Constant) and type(node.value) in (int, float, bool):
            if isinstance(node.value, bool):
                changes = [not node.value]
            else:
                changes = [node.value + 1, node.value - 1] if node.value else [1]
            for new in changes:
                yield (
                    node,
                    f"line {line}: constant {node.value!r} -> {new!r}",
                    (lambda n=node, new=new: setattr(n, "value", new)),
                )
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.Not)):
            yield (
                node,
                f"line {line}: {type(node.op).__name__} dropped",
                (
                    lambda n=node: (
                        setattr(n, "op", ast.UAdd())
                        if isinstance(n.op, ast.USub)
                        else setattr(n, "operand", ast.UnaryOp(ast.Not(), n.operand))
                    )
                ),
            )
        elif isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name) and node.func.id in CALL_SWAPS:
                new = CALL_SWAPS[node.func.id]
                yield (
                    node,
                    f"line {line}: {node.func.id}() -> {new}()",
                    (lambda n=node, new=new: setattr(n.func, "id", new)),
                )
            for i in range(len(node.args) - 1):
                yield (
                    node,
                    f"line {line}: arguments {i + 1} and {i + 2} swapped",
                    (
                        lambda n=node, i=i: n.args.__setitem__(
                            slice(i, i + 2), [n.args[i + 1], n.args[i]]
                        )
                    ),
                )
        elif isinstance(node, ast.Attribute):
            for new in attributes:
                if new != node.attr:
                    yield (
                        node,
                        f"line {line}: .{node.attr} -> .{new}",
                        (lambda n=node, new=new: setattr(n, "attr", new)),
                    )
        for name in ("body", "orelse"):
            body = getattr(node, name, None)
            if isinstance(body, list) and len(body) > 1:
                for i, statement in enumerate(body):
                    if isinstance(statement, ast.Expr) and isinstance(
                        statement.value, ast.Constant
                    ):
                        continue  # a docstring
                    yield (
                        node,
                        f"line {statement.lineno}: statement removed",
                        (lambda b=body, i=i: b.__setitem__(i, ast.Pass())),
                    )


def mutations(source: str, grade_id: str) -> list[Mutation]:
    """Every single edit of an answer cell's ``source``."""
    tree = ast.parse(source)
    return [Mutation(grade_id, i, words) for i, (_, words, _) in enumerate(_sites(tree))]


def mutated_source(source: str, *edits: Mutation) -> str:
    """``source`` with every edit of ``edits`` applied (one edit: a first-order mutant; two: a
    second-order one). The sites are listed on the unedited tree, then the edits applied."""
    tree = copy.deepcopy(ast.parse(source))
    sites = list(_sites(tree))
    for edit in edits:
        sites[edit.site][2]()
    return ast.unparse(ast.fix_missing_locations(tree))


def edited_cells(
    cells: list[tuple[str, str, bool]], answers: dict[str, str], edits: tuple[Mutation, ...]
) -> list[tuple[str, str, bool]]:
    """The notebook's ``cells`` with ``edits`` applied to their answer cells."""
    sources = {
        grade_id: mutated_source(answers[grade_id], *(e for e in edits if e.grade_id == grade_id))
        for grade_id in {e.grade_id for e in edits}
    }
    return [(g, sources.get(g, s), t) for g, s, t in cells]


def second_order(todo: list[Mutation], count: int, seed: int) -> list[tuple[Mutation, Mutation]]:
    """``count`` different pairs of two different single edits, drawn at random (seeded): in
    one answer cell or in two."""
    rng = random.Random(seed)
    pairs: set[tuple[Mutation, Mutation]] = set()
    limit = len(todo) * (len(todo) - 1) // 2
    while len(pairs) < min(count, limit):
        a, b = sorted(rng.sample(todo, 2), key=lambda m: (m.grade_id, m.site))
        pairs.add((a, b))
    return sorted(pairs, key=lambda p: [(m.grade_id, m.site) for m in p])


# --------------------------------------------------------------------------------------------
# The catalogue: each named mistake as a function, so that a name can be checked on a wide set
# --------------------------------------------------------------------------------------------
