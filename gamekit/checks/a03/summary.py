"""The check of ``score_summary``: wins, losses, draws and points of a series, with the probe
ladder's witness when a count is wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gamekit.checks import (
    GradingError,
    require_number,
    require_plain,
    require_type,
)
from gamekit.checks.a03.evaluate import _same
from gamekit.checks.a03.ladder import (
    SUMMARY_LADDER,
    right_summary,
    summary_witness,
)
from gamekit.checks.a03.running import _call
from gamekit.checks.a03.spec import (
    SUMMARY_KEYS,
)
from gamekit.i18n import kept_sentence

# --------------------------------------------------------------------------------------------
# Positions for the hidden tests
# --------------------------------------------------------------------------------------------


def series_from_outcomes(outcomes: str, name_a: str = "A", name_b: str = "B") -> Any:
    """A `SeriesResult` with one game per letter of ``outcomes``: W (A won), D, L; colours
    alternate, A first in game 1. For tests of code that summarises a series."""
    from gamekit.tournament import GameRecord, SeriesResult

    result = SeriesResult("ConnectFour(h=4, v=4, k=3)", name_a, name_b, 0)
    for index, letter in enumerate(outcomes):
        utility = {"W": 1, "D": 0, "L": -1}[letter]
        colours = ("X", "O") if index % 2 == 0 else ("O", "X")
        result.records.append(GameRecord(index, *colours, utility, (), (None, None)))
    return result


def check_score_summary(score_summary: Callable[[Any], Any], outcomes: Sequence[str]) -> None:
    """``score_summary(series)`` returns the right plain dict for each series of ``outcomes``."""
    for letters in outcomes:
        series = series_from_outcomes(letters)
        where = kept_sentence("a series of {n} games", n=len(letters))
        got = _call(score_summary, "score_summary(series)", where, series)
        whole = kept_sentence("score_summary(series) on {where}", where=where)
        require_type(got, dict, whole)
        require_plain(got, whole)
        if set(got) != set(SUMMARY_KEYS):
            raise GradingError(
                kept_sentence(
                    "score_summary should return exactly the keys {keys}, got {got}",
                    keys=list(SUMMARY_KEYS),
                    got=sorted(got, key=str),
                ),
                code="shape:score_summary",
            )
        n = len(letters)
        expected = right_summary(letters)
        require_type(
            got["games"],
            int,
            kept_sentence("score_summary(...)[{key}] on {where}", key="'games'", where=where),
        )
        for key in SUMMARY_KEYS[1:]:
            value = require_number(
                got[key],
                kept_sentence("score_summary(...)[{key}] on {where}", key=repr(key), where=where),
            )
            if _same(value, expected[key]):
                continue
            if key != "mean_score" and _counts_everywhere(score_summary, key):
                raise GradingError(
                    kept_sentence(
                        "score_summary(...)[{key}] is a count, not a rate: divide by the number "
                        "of games (on {where}, and on every public series of the probes)",
                        key=repr(key),
                        where=where,
                    ),
                    code="a03.count_not_rate",
                )
            _climb_summary_ladder(score_summary)
            raise GradingError(
                kept_sentence(
                    "score_summary(...)[{key}] is wrong on {where}", key=repr(key), where=where
                ),
                code="witness:score_summary",
            )
        if got["games"] != n:
            _climb_summary_ladder(score_summary)
            raise GradingError(
                kept_sentence(
                    "score_summary(...)[{key}] is wrong on {where}", key="'games'", where=where
                ),
                code="witness:score_summary",
            )


def _counts_everywhere(score_summary: Callable[[Any], Any], key: str) -> bool:
    """Whether ``score_summary(...)[key]`` is the number of games of that outcome, not their
    share, on every public series of the ladder."""
    for letters in SUMMARY_LADDER:
        got = _call(
            score_summary,
            "score_summary(series)",
            kept_sentence("a probe series"),
            series_from_outcomes(letters),
        )
        value = got.get(key) if isinstance(got, dict) else None
        if not isinstance(value, (int, float)) or not _same(
            value, right_summary(letters)[key] * len(letters)
        ):
            return False
    return True


def _climb_summary_ladder(score_summary: Callable[[Any], Any]) -> None:
    """Raise the witness of the first public series where ``score_summary`` is wrong."""

    def run(letters: str) -> Any:
        return _call(
            score_summary,
            "score_summary(series)",
            kept_sentence("a probe series"),
            series_from_outcomes(letters),
        )

    found = summary_witness(run, _same)
    if found is not None:
        witness, message = found
        raise GradingError(message, code="witness:score_summary", evidence=witness.to_dict())
