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
