"""``make bench`` (gamekit.bench) and the memory bound of the successor cache it reports."""

from __future__ import annotations

import gc
import json
import random
import tracemalloc

import pytest

from gamekit import bench
from gamekit.games import ConnectFour, TicTacToe
from gamekit.heuristics import eval_for
from gamekit.search import alphabeta_cutoff_search, alphabeta_search
from gamekit.trace import run_traced


@pytest.mark.slow
def test_the_quick_bench_prints_one_table_writes_json_and_its_checks_pass(tmp_path, capsys):
    path = tmp_path / "bench.json"
    assert bench.main(["--quick", "--json", str(path)]) == 0
    out = capsys.readouterr().out
    data = json.loads(path.read_text())
    assert data["checks"] and all(check["passed"] for check in data["checks"])
    rows = data["results"]
    assert {row["workload"] for row in rows} == {"W2", "W3", "W4"}
    for row in rows:  # every printed figure is the one measured
        line = next(
            line
            for line in out.splitlines()
            if line.startswith(row["workload"])
            and row["description"] in line
            and f" {row['engine']} " in line
        )
        assert f"{row['nodes']:,}" in line
        assert len(row["seconds"]) == data["repeat"] == 1
    assert "W5 set" in out and "targets" in out
    assert "Test_L3_R1" in out  # the published positions ship with gamekit


def test_counting_game_counts_the_nodes_a_trace_counts():
    for game, engine, options in (
        (ConnectFour(4, 4, 3), alphabeta_search, {}),
        (ConnectFour(), alphabeta_cutoff_search, {"depth": 3, "eval_fn": eval_for(ConnectFour())}),
        (TicTacToe(), alphabeta_search, {}),
    ):
        counting = bench.CountingGame(game)
        value = engine(game.initial, counting, with_value=True, **options)
        traced, trace = run_traced(engine, game.initial, game, with_value=True, **options)
        assert (counting.generated + 1, value) == (trace.stats.nodes, traced)


def test_runs_are_interleaved_and_a_changing_value_is_caught():
    calls = []

    def entry(name, values):
        values = iter(values)

        def run():
            calls.append(f"run {name}")
            return next(values)

        def count():
            calls.append(f"count {name}")
            return 7, 100

        return bench.Entry("W9", "test", name, run, count)

    results = bench.measure([entry("a", [7, 7]), entry("b", [7, 7])], 2, lambda text: None)
    assert calls == ["count a", "count b", "run a", "run b", "run a", "run b"]
    assert [len(r.seconds) for r in results] == [2, 2]
    assert results[0].nodes_per_second == 100 / results[0].median
    with pytest.raises(RuntimeError, match="a timed run gave 8, the counted run 7"):
        bench.measure([entry("c", [8])], 1, lambda text: None)


def test_a_missed_target_says_by_how_much():
    assert "MISSED by 50%" in bench.Target("W3", 0.15, 0.1).line()
    assert "MISSED by 20%" in bench.Target("W3", 4.0, 5.0, "x", at_least=True).line()
    assert bench.Target("W3", 6.0, 5.0, "x", at_least=True).met
    assert bench.Target("W3", 0.05, 0.1).line().strip().startswith("met")
    assert bench.Target("W3", None, 0.1).met is None
    assert "not measured" in bench.Target("W3", None, 0.1).line()


def test_bad_options_are_refused(capsys):
    with pytest.raises(SystemExit):
        bench.main(["--repeat", "0"])
    assert "--repeat must be at least 1" in capsys.readouterr().err
    assert "Python" in bench.machine_line()


# The successor cache of TicTacToe.result -----------------------------------------------------


def random_results(game: ConnectFour, games: int, seed: int) -> int:
    """Play random games through ``game.result``; the number of calls."""
    rng, calls = random.Random(seed), 0
    for _ in range(games):
        state = game.initial
        while not game.terminal_test(state):
            state = game.result(state, rng.choice(game.actions(state)))
            calls += 1
    return calls


def cache_bytes(budget: int, games: int) -> tuple[int, int]:
    """(bytes held after random games with a cache of ``budget`` bytes, entries held)."""
    game = ConnectFour()
    game.set_successor_cache(budget)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        random_results(game, games, seed=1)
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    return held, len(game._successors)


def test_the_successor_cache_stays_within_its_byte_budget():
    budget = 1 << 20
    held, entries = cache_bytes(budget, games=500)  # about 10,000 new positions
    assert 0 < entries <= budget // ConnectFour().successor_entry_bytes()
    assert held <= budget
    bigger, _ = cache_bytes(8 << 20, games=500)  # the measurement does see the cache
    assert bigger > 2 * budget


def test_a_switched_off_cache_holds_nothing_and_changes_no_result():
    cached, plain = TicTacToe(), TicTacToe()
    plain.set_successor_cache(0)
    assert alphabeta_search(plain.initial, plain, with_value=True) == alphabeta_search(
        cached.initial, cached, with_value=True
    )
    assert len(plain._successors) == 0 and len(cached._successors) > 0
    with pytest.raises(ValueError, match="max_bytes must be a whole number of bytes >= 0"):
        plain.set_successor_cache(-1)


@pytest.mark.slow
def test_the_seed_games_bench_figures_are_consistent(capsys):
    """gamekit.gamebench --quick: the table never adds nodes nor changes a value."""
    from gamekit import gamebench

    assert gamebench.main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert "Hex 7x7, negamax" in out and "Quarto, MCTS" in out and "INCONSISTENT" not in out


# Equal trees, published figures, easyAI's solver (issue 24): correctness only, never a time ----


def test_a_ratio_is_the_product_of_its_tree_size_and_cost_per_node_ratios():
    for base_nodes, base_seconds, nodes, seconds in (
        (1_249, 0.004, 1_249, 0.0013),
        (51.28, 4.568e-6, 87.0, 3.1e-5),
        (10, 1.0, 40, 3.0),
    ):
        time_ratio, tree, per_node = bench.split_ratio(base_nodes, base_seconds, nodes, seconds)
        assert time_ratio == pytest.approx(tree * per_node)
        assert tree == pytest.approx(nodes / base_nodes)
        assert time_ratio == pytest.approx(seconds / base_seconds)


def test_equal_trees_count_equal_nodes_and_use_every_recorded_leaf_value():
    from gamekit.bench import equal_trees

    chosen = [equal_trees.Workload("", 3, leaves) for leaves in equal_trees.LEAVES]
    peers = equal_trees.available()  # the peers installed here join the comparison
    comparison = bench.compare(True, 1, lambda text: None, peers, chosen)
    engines = {row.engine for row in comparison.rows}
    assert {"textbook (cache on)", "textbook (cache off)"} <= engines
    assert ("OpenSpiel alpha-beta" in engines) == peers["OpenSpiel"]
    assert ("aima-python alpha-beta" in engines) == peers["aima-python"]
    assert comparison.checks and all(passed for _, passed in comparison.checks)
    for work in chosen:
        rows = [row for row in comparison.rows if row.workload == work.name]
        assert len({(row.nodes, row.column) for row in rows}) == 1
    table = bench.equal_trees_table(comparison)
    assert "✗" not in table and "(base)" in table and "= 1.00x *" in table


def test_recorded_leaf_values_lie_strictly_between_a_loss_and_a_win_and_keep_their_order():
    from gamekit.bench import equal_trees

    values = equal_trees.record_window_leaves("", 3)
    raw = []
    game = ConnectFour()
    window = eval_for(game)
    alphabeta_cutoff_search(
        game.initial,
        game,
        depth=3,
        eval_fn=lambda state, player: raw.append(window(state, player)) or raw[-1],
    )
    assert len(values) == len(raw) > 0
    assert all(-1 < v < 1 for v in values)
    ratios = {v / r for v, r in zip(values, raw, strict=True) if r}
    assert len(ratios) == 1 and ratios.pop() > 0  # one positive scale: no comparison changes


def test_pons_published_figures_cover_every_set_and_multiply_out():
    assert set(bench.PONS_PUBLISHED) == set(bench.SETS) == set(bench.PONS_PUBLISHED_WEAK)
    assert "blog.gamesolver.org" in bench.PONS_PUBLISHED_SOURCE
    for row in (*bench.PONS_PUBLISHED.values(), *bench.PONS_PUBLISHED_WEAK.values()):
        # his K pos/s is his mean positions over his mean time, to the figures he prints
        assert row.mean_nodes / row.mean_seconds / 1000 == pytest.approx(
            row.kilo_positions_per_second, rel=0.05
        )


def test_easyai_solver_finds_the_published_outcomes():
    pytest.importorskip("easyAI")
    result = bench.easyai_solve_set("Test_L3_R1", 3)
    assert (result.positions, result.correct) == (3, 3)
    assert result.mean_nodes >= 1


def test_the_w3_target_is_also_given_against_openspiel_without_the_adapter():
    from gamekit.bench.equal_trees import Row

    d8w = bench.w3_description(8, True)
    fast = bench.Measurement("W3", d8w, "fast", -13, 4_911, 0, [0.01])
    fair = Row("7x6 empty board, depth 8, replayed window", "OpenSpiel alpha-beta", 9, 4, [0.3])
    found = {t.text: t for t in bench.targets([fast], [], [fair])}
    target = next(t for text, t in found.items() if "without the adapter" in text)
    assert target.measured == pytest.approx(30) and target.met is False
    assert not any("without the adapter" in t.text for t in bench.targets([fast], []))
