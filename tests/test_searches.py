"""The rule of which gamekit functions could answer an assignment (`gamekit.checks.searches`):
every public function where gamekit keeps its searches is classified, every search has a
status for every assignment that asks for one, and in a graded kernel the searches refuse."""

from __future__ import annotations

import importlib
import inspect

import pytest

from gamekit.checks import default_forbidden
from gamekit.checks import searches as rule
from gamekit.grader.kernel_view import FORBIDDEN, build_view
from gamekit.grader.sandbox import sandbox_available

ASSIGNMENTS = (
    "a01_minimax",
    "a02_alphabeta",
    "a03_connect_four",
    "a04_hex_heuristics",
    "a05_mcts",
    "a06_negamax_quarto",
)


def public_functions(module_name: str) -> set[str]:
    module = importlib.import_module(module_name)
    return {
        f"{module_name}:{name}"
        for name, function in inspect.getmembers(module, inspect.isfunction)
        if function.__module__ == module_name and not name.startswith("_")
    }


def test_every_public_function_where_searches_live_is_classified_once():
    classified = [*rule.SEARCHES, *rule.SEARCHING_THROUGH, *rule.NOT_SEARCHES]
    assert len(classified) == len(set(classified)), "a function classified twice"
    found = set().union(*(public_functions(m) for m in rule.SEARCH_MODULES))
    names = {t: t.partition(":")[2] for t in classified}
    public = {t for t, name in names.items() if "." not in name and not name.startswith("_")}
    assert found - set(classified) == set(), "a new public function: classify it in searches.py"
    assert public - found == set(), "classified, but not a public function any more"
    for target in classified:
        assert callable(rule.resolve(target)), target
    for target, through in rule.SEARCHING_THROUGH.items():
        assert through in rule.SEARCHES, target


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_every_search_has_its_status_and_it_holds(assignment):
    per_call = set(default_forbidden())
    for target in rule.SEARCHES:
        status = rule.status(assignment, target)
        if assignment in rule.ASKS_FOR_A_SEARCH:
            assert status != "allowed" or target.startswith(rule.PER_CALL_MODULES_SKIPPED)
        if status == "refused in the view":
            assert target in FORBIDDEN[assignment], target
        elif status == "refused per call":
            assert rule.resolve(target) in per_call, target
    assert set(FORBIDDEN) == set(rule.REFUSED_IN_THE_VIEW)


def test_the_assignments_asking_for_a_search_refuse_explains_solvers():
    """The door an earlier trial found: a06's negamax built on ``explain.alphabeta_values``."""
    for assignment in rule.ASKS_FOR_A_SEARCH:
        for name in ("minimax_values", "alphabeta_values", "expectiminimax_values"):
            assert rule.status(assignment, f"gamekit.explain:{name}") != "allowed"


@pytest.mark.skipif(not sandbox_available()[0], reason="no sandbox here")
@pytest.mark.parametrize("assignment", ["a01_minimax", "a06_negamax_quarto"])
def test_in_a_graded_kernel_every_search_and_every_player_refuses(tmp_path, assignment):
    """In the view a01's (a02's alike) and a06's kernels get, each of gamekit's searches and
    of the grader's references (`FORBIDDEN`), called as it would be, and each player that
    searches through one, raises EngineForbidden."""
    from tests.test_sandbox import Kernel

    view = build_view(assignment, tmp_path)
    work = tmp_path / "work"
    work.mkdir()
    assert set(rule.SEARCHES) <= set(FORBIDDEN[assignment])
    calls = [f"call({t!r})" for t in FORBIDDEN[assignment]] + [
        "from gamekit import Quarto, players\n"
        "game = Quarto()\n"
        f"players.{player}(game, game.initial)"
        for player in (
            "negamax_player(depth=1, eval_fn=lambda s, p: 0)",
            "alphabeta_player()",
            "minimax_player()",
            "expectimax_player(depth=1, eval_fn=lambda s, p: 0)",
            "mcts_player(iterations=5)",
        )
    ]
    helper = (
        "import importlib, inspect\n"
        "def call(target):\n"
        "    module, _, qualname = target.partition(':')\n"
        "    f = importlib.import_module(module)\n"
        "    for part in qualname.split('.'):\n"
        "        f = getattr(f, part)\n"
        "    needed = [p for p in inspect.signature(f).parameters.values()\n"
        "              if p.default is p.empty\n"
        "              and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]\n"
        "    f(*[None for p in needed if p.kind != p.KEYWORD_ONLY],\n"
        "      **{p.name: None for p in needed if p.kind == p.KEYWORD_ONLY})\n"
    )
    with Kernel(work_dir=str(work), view=str(view)) as kernel:
        assert kernel.run(helper)[0] == "ok"
        for code in calls:
            status, text = kernel.run(code, timeout=120)
            assert status == "error" and text.startswith("EngineForbidden"), (code, text)
