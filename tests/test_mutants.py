"""The grader tested by mutation (gamekit.grading.mutants) and the evidence it stands on.

A fixed sample of automatic mutants of every assignment's reference answers is graded through the
real test cells: every one that behaves differently from the reference must lose points, with a
message that is a confirmed name or a witness (never a generic sentence or a checker's
traceback), and every claim in those messages must hold for the mutant itself.
"""

from __future__ import annotations

import ast
import itertools
import math
from pathlib import Path

import pytest

from gamekit.grading import GradingError, a05
from gamekit.grading.evidence import Probe, diagnose, outputs
from gamekit.grading.mutants import harness, mutated_source, mutations

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
