"""The grader tested by mutation (gamekit.checks.mutants) and the evidence it stands on.

A fixed sample of automatic mutants of every assignment's reference answers is graded through the
real test cells: every one that behaves differently from the reference must lose points, with a
message that is a confirmed name or a witness (never a generic sentence or a checker's
traceback), and every claim in those messages must hold for the mutant itself.
"""

from __future__ import annotations

import ast
import itertools
import math
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamekit.checks import GradingError, a01, a05
from gamekit.checks.a01 import tree_from_nested
from gamekit.checks.a01.references import forbidden
from gamekit.checks.evidence import Probe, diagnose, first_witness, outputs
from gamekit.checks.mutants import (
    Catalogued,
    CellOutcome,
    catalogue_check,
    false_name,
    hand_written_check,
    harness,
    mutated_source,
    mutations,
    second_order,
)

ROOT = Path(__file__).resolve().parent.parent


def test_each_mutation_is_one_edit_that_still_parses():
    source = "def f(a, b):\n    if a < b:\n        return max(a, b) + 1\n    return -a\n"
    found = mutations(source, "f_code")
    words = [m.words for m in found]
    for expected in ("Lt -> LtE", "max() -> min()", "Add -> Sub", "constant 1 -> 2", "USub"):
        assert any(expected in w for w in words), (expected, words)
    assert any("arguments 1 and 2 swapped" in w for w in words)
    assert any("statement removed" in w for w in words)
    sources = {mutated_source(source, m) for m in found}
    assert len(sources) == len(found)  # each edit gives a different program
    for mutant in sources:
        ast.parse(mutant)
        assert mutant != ast.unparse(ast.parse(source))


@pytest.mark.parametrize("step", list(a05.STEPS))
def test_the_ladder_separates_every_pair_of_catalogued_mistakes(step):
    """Two mistakes that agree on every probe could never be named: the ladder tells each
    catalogued mutant from every other one and from the reference."""
    probes, reference, mutants = a05.STEPS[step]
    seen = {name: outputs(m.function, probes()) for name, m in mutants.items()}
    seen["the reference"] = outputs(reference, probes())
    for (a, out_a), (b, out_b) in itertools.combinations(seen.items(), 2):
        assert out_a != out_b, f"{a} and {b} agree on every probe"


def test_a_mistake_is_named_only_when_its_mutant_fits_every_probe():
    def almost_log_of_child(q, n, parent_n, c):  # the mutant's symptom, but not on every probe
        if n == 0:
            return math.inf
        visits = n if parent_n < 10 else parent_n
        return q / n + c * math.sqrt(math.log(visits) / n)

    with pytest.raises(GradingError) as named:
        a05.check_ucb1(a05.UCB_MUTANTS["log_of_child"].function)
    assert named.value.code == "a05.ucb1.log_of_child"
    with pytest.raises(GradingError) as witness:
        a05.check_ucb1(almost_log_of_child)
    assert witness.value.code == "witness:ucb1"
    assert "log of the child" not in str(witness.value)  # no guess from one symptom
    evidence = witness.value.evidence
    probe = next(p for p in a05.UCB_PROBES if p.words == evidence["input"])
    assert evidence["got"] == repr(almost_log_of_child(*probe.args))  # the claim holds
    assert evidence["expected"] == repr(a05.reference_ucb1(*probe.args))


def test_a_witness_is_the_smallest_probe_and_its_fact_is_computed():
    probes = [Probe(f"x = {x}", (x,)) for x in range(5)]
    with pytest.raises(GradingError, match=r"on x = 3 returned 10, but should return 9: 3 \* 3"):
        diagnose(
            "square",
            lambda x: x * x + (x >= 3),
            lambda x: x * x,
            probes,
            fact=lambda probe, got, expected: f"{probe.args[0]} * {probe.args[0]} = {expected}",
        )


@given(
    st.recursive(
        st.integers(-5, 5),
        lambda children: st.lists(children, min_size=1, max_size=3),
        max_leaves=12,
    ),
    st.sets(st.integers(0, 30), max_size=4),
)
def test_a_narrowed_witness_is_wrong_while_every_smaller_probe_inside_it_is_right(spec, broken):
    """``first_witness(narrow=...)`` on nested lists: a "sum" that is wrong at the nodes
    numbered in ``broken`` (preorder). The witness must be a node where the function is wrong
    and right on every child, inside the first wrong root, or None when every root is right."""
    numbered: dict[int, int] = {}

    def number(node: Any) -> None:
        numbered.setdefault(id(node), len(numbered))
        if isinstance(node, list):
            for child in node:
                number(child)

    roots = [spec, [spec, 1]]
    for root in roots:
        number(root)

    def total(node: Any) -> int:
        return node if isinstance(node, int) else sum(total(c) for c in node)

    def student(node: Any) -> int:
        return total(node) + (numbered[id(node)] in broken and isinstance(node, list))

    def children(probe: Probe) -> list[Probe]:
        (node,) = probe.args
        return [Probe(str(c), (c,)) for c in node] if isinstance(node, list) else []

    probes = [Probe(str(root), (root,)) for root in roots]
    witness, _ = first_witness("total", student, total, probes, narrow=children, every=False)
    wrong_roots = [root for root in roots if student(root) != total(root)]
    if not wrong_roots:
        assert witness is None
        return
    (node,) = witness.probe.args
    assert witness.got == student(node) != total(node) == witness.expected
    assert all(student(c) == total(c) for c in children(witness.probe) for c in c.args)

    def inside(tree: Any) -> bool:
        return tree is node or (isinstance(tree, list) and any(inside(c) for c in tree))

    assert inside(wrong_roots[0])


def test_a_hidden_case_confirms_a_name_but_is_never_shown():
    def minus_instead_of_plus(q, n, parent_n, c):
        return math.inf if n == 0 else q / n - c * math.sqrt(math.log(parent_n) / n)

    with pytest.raises(GradingError) as failed:
        a05.check_ucb1(minus_instead_of_plus)
    assert failed.value.code == "witness:ucb1"
    for case in a05.UCB_CASES:  # hidden: none of their expected values appears
        assert f"{a05.reference_ucb1(*case):.4g}" not in str(failed.value)


SAMPLES = {  # assignment: (mutants graded, at least this many not equivalent)
    "a01_minimax": (8, 6),
    "a02_alphabeta": (8, 6),
    "a03_connect_four": (6, 4),
    "a04_hex_heuristics": (6, 4),
    "a05_mcts": (16, 13),
    "a06_negamax_quarto": (8, 6),
}


@pytest.mark.slow
@pytest.mark.parametrize("assignment", list(SAMPLES))
def test_a_sample_of_mutants_is_killed_and_explained_truthfully(assignment):
    sample, at_least = SAMPLES[assignment]
    report = harness(assignment, source_root=ROOT / "source", sample=sample, seed=1, progress=False)
    assert report.non_equivalent >= at_least, report
    assert report.survived == [], report.survived
    assert report.killed == report.non_equivalent
    assert report.false_claims == [], report.false_claims
    assert report.false_failures == [], report.false_failures
    assert report.kinds["generic"] == 0 and report.kinds["traceback"] == 0, report.examples


def test_second_order_mutants_are_different_pairs_of_different_edits():
    source = "def f(a, b):\n    if a < b:\n        return max(a, b) + 1\n    return -a\n"
    singles = mutations(source, "f_code")
    pairs = second_order(singles, 20, seed=3)
    assert len(pairs) == len(set(pairs)) == 20
    original = ast.unparse(ast.parse(source))
    for a, b in pairs:
        assert a != b
        both = mutated_source(source, a, b)
        ast.parse(both)
        assert both != original
        apart = a.words.split(":")[0] != b.words.split(":")[0]  # on two different lines
        if apart and "removed" not in a.words + b.words:  # neither edit swallows the other
            assert both not in (mutated_source(source, a), mutated_source(source, b)), (a, b)
    assert len(second_order(singles[:3], 50, seed=3)) == 3  # every pair there is, no more


def _spec(observed_inputs: range, mistake: Callable[[int], int]) -> Any:
    """A stand-in assignment: one function ``f``, observed on ``observed_inputs``, with one
    catalogued mistake ``c.square``."""
    return types.SimpleNamespace(
        observe=lambda namespace: [repr(namespace["f"](x)) for x in observed_inputs],
        catalogue=lambda: [Catalogued("c.square", "f", mistake)],
    )


def test_a_name_holds_only_if_the_program_is_the_mistake_on_the_whole_wide_set():
    spec = _spec(range(-5, 6), lambda x: x * x)
    named = CellOutcome("test_f", False, "named", "c.square", "f squares", {"step": "f"})

    def square_on_the_probes(x: int) -> int:  # the mistake where the ladder looks, not beyond
        return x * x if x >= 0 else x

    for program, false in ((lambda x: x * x, False), (square_on_the_probes, True)):
        namespace = {"f": program}
        said = false_name(spec, namespace, spec.observe(namespace), named)
        assert bool(said) is false, said
        assert not false or "differs from that mistake on the wide input set" in said
    witness = CellOutcome("test_f", False, "witness", "witness:f", "f(2) is 4", {"step": "f"})
    namespace = {"f": square_on_the_probes}
    assert false_name(spec, namespace, spec.observe(namespace), witness) == ""  # no name given
    other = CellOutcome("test_f", False, "named", "c.other", "f is something else", None)
    assert false_name(spec, namespace, spec.observe(namespace), other) == ""  # not catalogued


def test_a_catalogued_mistake_keeps_working_while_the_grader_forbids_its_reference():
    from gamekit.checks import engines_swapped_out
    from gamekit.checks.a01.references import _value

    tree = tree_from_nested([[3, -1], [2, 5]])
    (swap,) = [e for e in a01.catalogue() if (e.code, e.function) == ("a01.swap", "minimax_value")]
    expected = _value(tree.initial, tree, "MAX", mutant="swap")
    with engines_swapped_out(*forbidden()):
        with pytest.raises(GradingError):
            _value(tree.initial, tree, "MAX")  # a student's call is refused ...
        assert swap.implementation(tree.initial, tree, "MAX") == expected  # ... not the mistake
        with pytest.raises(GradingError):
            _value(tree.initial, tree, "MAX")  # and the refusal is back after it
    assert _value(tree.initial, tree, "MAX") != expected


@pytest.mark.slow
@pytest.mark.parametrize("assignment", [a for a in SAMPLES if a != "a04_hex_heuristics"])
def test_each_catalogued_mistake_graded_as_a_student_is_named_as_itself(assignment):
    """The probes separate the catalogue: each catalogued mistake, put in the notebook in place
    of its function, loses points and is named as itself (not as another mistake, not only
    with a witness), and every name given holds on the wide input set. (a04 names properties,
    not mistakes: it has no catalogue.)"""
    report = catalogue_check(assignment, source_root=ROOT / "source", progress=False)
    assert report.entries >= 9
    assert report.named_other == [], report.named_other
    assert report.kept_marks == [], report.kept_marks
    assert report.not_named == [], report.not_named
    assert report.false_names == [], report.false_names
    assert len(report.named_itself) == report.entries


HAND_WRITTEN = (
    "a01_minimax",
    "a02_alphabeta",
    "a03_connect_four",
    "a04_hex_heuristics",
    "a05_mcts",
    "a06_negamax_quarto",
)
"""The assignments with at least 8 hand-written multi-step mistakes among their fixtures."""


@pytest.mark.slow
@pytest.mark.parametrize("assignment", HAND_WRITTEN)
def test_hand_written_mistakes_lose_points_and_every_sentence_holds(assignment):
    """Realistic wrong programs, written by hand (the fixtures marked HANDWRITTEN): each
    behaves otherwise than the reference, loses points, and gets a message whose claims hold
    for the program itself (witness values, names on the wide input set); at least 90 % get a
    name or a witness. The same fixtures are graded in the sandbox by test_pipeline."""
    graded = hand_written_check(
        assignment, source_root=ROOT / "source", cases=ROOT / "tests" / "submissions" / assignment
    )
    assert len(graded) >= 8
    for item in graded:
        assert item.wrong, f"{item.case} behaves like the reference"
        assert item.kind != "kept marks", f"{item.case} kept its marks"
        assert item.untrue == [], (item.case, item.untrue)
    explained = [g for g in graded if g.kind in ("named", "witness", "visible", "own error")]
    assert len(explained) >= 0.9 * len(graded), [(g.case, g.kind) for g in graded]
