"""The browser benchmark's own logic, without a browser (its figures come from running it:
``python -m gamekit.widgets.bench``)."""

from __future__ import annotations

import statistics

import pytest

from gamekit.widgets.bench import IDLE, TARGETS_MS, each_run, main, report


def test_report_gives_median_worst_and_target_per_interaction():
    figures = {"click to reply": [30.0, 90.0, 50.0, 40.0], "Stop to move": [120.0]}
    lines = report(figures).splitlines()
    assert lines[0].split()[-3:] == ["ms", "target", "ms"]
    assert len(lines) == 3  # no row for an interaction never measured
    click = lines[1].split()
    assert click[-4:] == [
        "4",
        f"{statistics.median(figures['click to reply']):.0f}",
        "90",
        str(TARGETS_MS["click to reply"]),
    ]
    assert lines[2].split()[-4:] == ["1", "120", "120", "200"]


def test_the_idle_round_trip_has_no_target():
    (_, row) = report({IDLE: [20.0, 40.0, 30.0]}).splitlines()
    assert row.startswith(IDLE) and row.split()[-4:] == ["3", "30", "40", "-"]


def test_each_run_is_listed_in_order_with_no_line_for_an_interaction_never_measured():
    figures = {"click to reply": [130.4, 90.6], "refusal during a search": [], "Stop to move": [7]}
    assert each_run(figures).splitlines() == ["click to reply: 130 91 ms", "Stop to move: 7 ms"]


def test_the_targets_are_the_issues():
    assert TARGETS_MS == {
        "click to reply": 150,
        "refusal during a search": 100,
        "Stop to move": 200,
    }


def test_no_repeats_is_refused():
    with pytest.raises(ValueError, match="--repeats must be at least 1, got 0"):
        main(["--repeats", "0"])
