"""The scale benchmark runs end to end on a tiny class (its figures are not checked: no timing)."""

from __future__ import annotations

import json

import pytest

from gamekit.grader import scalebench


@pytest.mark.slow
def test_scalebench_grades_and_writes_a_tiny_class(tmp_path, capsys):
    out = tmp_path / "figures.json"
    assert scalebench.main(["--count", "3", "--runs", "pool2,sqlite", "--json", str(out)]) == 0
    figures = json.loads(out.read_text())
    assert figures["count"] == 3
    (run,) = figures["runs"]
    assert (run["run"], run["workers"], run["submissions"]) == ("local pool", 2, 3)
    (writes,) = figures["writes"]
    assert (writes["gradebook"], writes["writes"]) == ("SQLite", 3)
    printed = capsys.readouterr().out
    assert "Grading 3 generated submissions" in printed and "SQLite" in printed


def test_unknown_runs_are_refused():
    with pytest.raises(SystemExit) as stop:
        scalebench.main(["--runs", "pool2,warp"])
    assert stop.value.code == 2
