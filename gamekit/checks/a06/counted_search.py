"""The check of ``counted_search``: the value, the move and the counts of nodes and cutoffs,
with the counting rule the exercise states, and the catalogued ways to count wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gamekit.checks import (
    GradingError,
    require_number,
    require_type,
    shown,
)
from gamekit.checks.a06.best_move import _as_move, _compare_moves
from gamekit.checks.a06.negamax import negamax_probes
from gamekit.checks.a06.positions import Position, random_positions
from gamekit.checks.a06.references import GAME, Counts, reference
from gamekit.checks.a06.running import _call, _show, move_words
from gamekit.i18n import N_, kept_sentence

STAT_KEYS = ("value", "move", "nodes", "cutoffs")


def _stats_of(
    counted_search: Callable[..., Any], position: Position, order: Any, ordering: bool = False
) -> dict:
    what = "counted_search(state, game, order)"
    where, state = position.label, position.state
    if order is None:
        got = _call(counted_search, what, where, state, GAME, ordering=ordering)
    else:
        got = _call(counted_search, what, where, state, GAME, order=order, ordering=ordering)
    require_type(got, dict, kept_sentence("{what} on {where}", what=what, where=where))
    if set(got) != set(STAT_KEYS):
        raise GradingError(
            kept_sentence(
                "counted_search should return a dict with exactly the keys {keys}, got {got}",
                keys=list(STAT_KEYS),
                got=sorted(map(str, got)),
            ),
            code="wrong_type",
        )
    for key in ("nodes", "cutoffs"):
        require_type(got[key], int, _entry(key, where))
    require_number(got["value"], _entry("value", where))
    return got


def _entry(key: str, where: str) -> str:
    """ "counted_search(...)['nodes'] on {where}" (kept)."""
    return kept_sentence("counted_search(...)[{key}] on {where}", key=repr(key), where=where)


COUNT_MISTAKES = {
    "nodes_after_terminal_test": (
        "nodes",
        lambda counts, plain: counts.interior,
        N_(
            "counted_search counts nodes after the terminal test: finished games are nodes too; "
            "count each position on entry, before the test"
        ),
    ),
    "order_ignored": (
        "nodes",
        lambda counts, plain: plain.nodes,
        N_(
            "counted_search ignores `order`: sort the moves with key=lambda move: order(game, "
            "state, move) before the loop"
        ),
    ),
    "cutoffs_at_parent": (
        "cutoffs",
        lambda counts, plain: counts.cutoffs_at_parent,
        N_(
            "counted_search counts cutoffs at the parent (when -value <= alpha after a child "
            "returns): count a cutoff at the node whose own loop stops because v >= beta"
        ),
    ),
    "partial_cutoffs": (
        "cutoffs",
        lambda counts, plain: counts.partial_cutoffs,
        N_(
            "counted_search counts only the cutoffs that left a move unsearched: count every "
            "loop stopped by v >= beta, even after the last move"
        ),
    ),
}
"""Counting mistakes: which count, what it gives (from the reference's own counts), and the
sentence. One is named only if it gives the student's count on every position checked, and on
`fresh_positions` too."""

COUNT_RULE = {
    "nodes": N_(
        "one node per position visited (each call), the root and finished games included, in a "
        "search whose loop at each node stops as soon as v >= beta"
    ),
    "cutoffs": N_("one cutoff each time a node's loop stops because v >= beta"),
}


def fresh_positions() -> list[Position]:
    """Two positions no test of the notebook asks about: a counting mistake is named only if
    it also gives the counts on these, asked for the first time (a counted_search that keeps
    answers or counts from earlier calls can fit a mistake on positions it has seen before)."""
    return random_positions(5, 2, seed=7070)


def _fits_fresh(counted_search: Callable[..., Any], order: Any, key: str, fits: Any) -> bool:
    """Whether counted_search's ``key`` count is ``fits(counts, plain)`` on `fresh_positions`."""
    try:
        for position in fresh_positions():
            got = _stats_of(counted_search, position, order)
            counts, plain = Counts(), Counts()
            reference(position.state, order=order, counts=counts)
            reference(position.state, counts=plain)
            if got[key] != fits(counts, plain):
                return False
    except GradingError:  # an error while confirming: no name, the witness stands
        return False
    return True


def _said_stats(stats: dict) -> str:
    """A dict counted_search returned (or the course's), in words (kept)."""
    move = stats["move"]
    try:
        move = (
            kept_sentence("none")
            if move is None
            else move_words(_as_move(move, kept_sentence("the move")))
        )
    except GradingError:
        move = shown(move)
    value = stats["value"]
    value = _show(value) if type(value) in (int, float) else shown(value)
    return kept_sentence(
        "value {value}, move ({move}), nodes {nodes}, cutoffs {cutoffs}",
        value=value,
        move=move,
        nodes=stats["nodes"],
        cutoffs=stats["cutoffs"],
    )


def _same_each_time(position: Position, answers: list[dict], order: Any) -> None:
    """``answers``: what counted_search returned on ``position`` three times, with the same
    arguments: first, at once again, and after the calls on every other position of the
    check. A difference is said as seen, with the course's answer (``position`` is a probe)."""
    keys = [
        (_said_stats(a), a["value"], a["nodes"], a["cutoffs"]) for a in answers
    ]  # the words hold the move, which may be a handle to an object in the kernel
    if keys[0] == keys[1] == keys[2]:
        return
    first, second, last = (_said_stats(a) for a in answers)
    call = "counted_search(state, game)" if order is None else "counted_search(state, game, order)"
    counts = Counts()
    value, move = reference(position.state, order=order, counts=counts)
    course = {"value": value, "move": move, "nodes": counts.nodes, "cutoffs": counts.cutoffs}
    values = {
        "call": call,
        "where": position.label,
        "first": first,
        "second": second,
        "last": last,
        "course": _said_stats(course),
    }
    raise GradingError(
        kept_sentence(
            "{call} was called three times on {where}, with the same arguments: it returned "
            "{first} the first time, {second} when called again at once, and {last} after the "
            "calls on the other positions of this test. The course's counted search returns "
            "{course} there, each time.",
            **values,
        )
        if order is None
        else kept_sentence(
            "{call} was called three times on {where}, with the ordering key, with the same "
            "arguments: it returned {first} the first time, {second} when called again at once, "
            "and {last} after the calls on the other positions of this test. The course's "
            "counted search returns {course} there, each time.",
            **values,
        ),
        code="witness:counted_search",
        evidence={
            "step": "counted_search",
            "input": position.label,
            "got": [first, second, last],
            "expected": _said_stats(course),
        },
    )


def check_counted_search(
    counted_search: Callable[..., Any],
    positions: Sequence[Position],
    order: Callable[[Any, Any, Any], Any] | None = None,
) -> None:
    """``counted_search(state, game, order=order)`` returns the value, the first best move and
    the numbers of nodes and cutoffs the reference counts (see `reference`): on the public
    probes first (a wrong value or count there is shown with the right one), then on
    ``positions`` (on a finished game, the value and the counts only: there is no move). One
    probe is asked three times (twice at once, and again after all the others): the same call
    must give the same answer, and a difference is said as seen before anything else."""

    def ordered(label: str) -> str:
        if order is None:
            return label
        return kept_sentence("{position} with the ordering key", position=label)

    probes = negamax_probes()
    again = next(p for p in probes if p.state.cells.count(None) >= 3)
    answers = {again: [_stats_of(counted_search, again, order)]}
    answers[again].append(_stats_of(counted_search, again, order))  # the same call, at once
    for position in [*probes, *positions]:
        if position != again:
            answers[position] = [_stats_of(counted_search, position, order)]
    answers[again].append(_stats_of(counted_search, again, order))  # after all the others
    _same_each_time(again, answers[again], order)
    seen = []  # (position, public, the student's stats, the reference's counts, plain counts)
    for position in [*probes, *positions]:
        public = position in probes
        where = ordered(position.label)
        got = answers[position][0]
        counts, plain = Counts(), Counts()
        true, expected = reference(position.state, order=order, counts=counts)
        reference(position.state, counts=plain)
        if got["value"] != true:
            said = (
                kept_sentence(
                    "it should be {value}, the value for the player to move", value=_show(true)
                )
                if public
                else kept_sentence(
                    "which is wrong (not a probe, so its value is not shown; every probe was right)"
                )
            )
            raise GradingError(
                kept_sentence(
                    "{entry} is {value}; {said}",
                    entry=kept_sentence(
                        "counted_search(...)[{key}] on {where}", key="'value'", where=where
                    ),
                    value=_show(got["value"]),
                    said=said,
                ),
                code="witness:counted_search" if public else "hidden:counted_search",
                evidence={"step": "counted_search", "input": where, "got": repr(got["value"])},
            )
        seen.append((position, public, got, counts, plain))
    for key in ("nodes", "cutoffs"):
        for position, public, got, counts, _ in seen:
            right = getattr(counts, key)
            if got[key] == right:
                continue
            where = ordered(position.label)
            values = {
                "entry": _entry(key, where),
                "got": got[key],
                "rule": kept_sentence(COUNT_RULE[key]),
            }
            said = (
                kept_sentence(
                    "{entry} is {got}; it should be {right}: count {rule}", **values, right=right
                )
                if public
                else kept_sentence(
                    "{entry} is {got}, which is wrong (not a probe, so its count is not shown; "
                    "every probe was right): count {rule}",
                    **values,
                )
            )
            for name, (which, fits, sentence) in COUNT_MISTAKES.items():
                if which != key or (name == "order_ignored" and order is None):
                    continue
                if all(g[key] == fits(c, pl) for _, _, g, c, pl in seen) and _fits_fresh(
                    counted_search, order, key, fits
                ):
                    raise GradingError(
                        kept_sentence(
                            "{mistake} ({said})", mistake=kept_sentence(sentence), said=said
                        ),
                        code=f"a06.{name}",
                        evidence={"input": where},
                    )
            raise GradingError(
                said,
                code=f"witness:{key}" if public else f"hidden:{key}",
                evidence={"input": where},
            )
    # The move last: with an ordering key the first best move is the first in the key's order,
    # so a search that ignores the key is named by its counts above, not by its move.
    for position, _, got, _, _ in seen:
        if GAME.terminal_test(position.state):
            continue  # a finished game has no move to find (its value and counts were checked)
        where = ordered(position.label)
        _, expected = reference(position.state, order=order)
        move = _as_move(got["move"], _entry("move", where))
        _compare_moves(move, expected, position.state, "counted_search(...)['move']", where)
