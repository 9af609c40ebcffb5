"""Mistake codes in plain words, read from the checkers' own catalogues (imported, never copied).

A failing cell's code (`gamekit.grader.job.mistake_code`) is either a catalogued mistake
(``a05.search.not_negated``, ``a06.no_negation``, ``a01.swap``, ...) whose sentence the
checker holds, or a kind of failure (``witness:<step>``, ``raised:<step>``, ``timeout``, ...)
described here. A code with no sentence anywhere gets None: the report then shows the code and
the checker's message of its smallest example.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from functools import lru_cache

from gamekit.i18n import N_, Said, _, kept_sentence, said_again


def _a01() -> dict[str, str]:
    from gamekit.checks.a01.references import MUTANTS

    return {f"a01.{name}": sentence for name, sentence in MUTANTS.items()}


def _a02() -> dict[str, str]:
    from gamekit.checks.a02.mistakes import MISTAKES

    return {f"a02.{m.name}": m.message for m in MISTAKES}


def _a03() -> dict[str, str]:
    from gamekit.checks.a03 import EVALUATE_MISTAKE_KEYS, _mistakes
    from gamekit.checks.a03.actions import ACTIONS_MISTAKES
    from gamekit.games import ConnectFour

    sentences = [sentence for sentence, _ in _mistakes(ConnectFour().initial, "X")]
    found = {f"a03.{key}": s for key, s in zip(EVALUATE_MISTAKE_KEYS, sentences, strict=True)}
    found |= {
        f"a03.actions.{key}": kept_sentence("actions {mistake}", mistake=kept_sentence(s))
        for key, s in ACTIONS_MISTAKES.items()
    }
    return found


def _a04() -> dict[str, str]:
    from gamekit.checks.a04 import MISTAKES

    return {f"a04.{name}": sentence for name, sentence in MISTAKES.items()}


def _a05() -> dict[str, str]:
    from gamekit.checks.a05 import BEST_MOVE_MUTANTS, SEARCH_MUTANTS, UCB_MUTANTS

    found = {}
    for step, mutants in (
        ("ucb1", UCB_MUTANTS),
        ("search", SEARCH_MUTANTS),
        ("best_move", BEST_MOVE_MUTANTS),
    ):
        found |= {f"a05.{step}.{name}": m.sentence for name, m in mutants.items()}
    return found


def _a06() -> dict[str, str]:
    from gamekit.checks.a06 import COUNT_MISTAKES, MISTAKES

    found = {
        f"a06.{name}": kept_sentence("negamax {mistake}", mistake=kept_sentence(sentence))
        for name, sentence in MISTAKES.items()
    }
    found |= {f"a06.{name}": entry[2] for name, entry in COUNT_MISTAKES.items()}
    return found


READERS: tuple[Callable[[], dict[str, str]], ...] = (_a01, _a02, _a03, _a04, _a05, _a06)


@lru_cache(maxsize=1)
def catalogue() -> dict[str, str]:
    """Every catalogued code and its sentence. A checker whose catalogue cannot be read (being
    edited, or renamed) adds nothing: its codes are shown with their messages instead."""
    found: dict[str, str] = {}
    for reader in READERS:
        with contextlib.suppress(Exception):
            found |= reader()
    return found


KINDS = {
    "witness": N_("{step} goes wrong on an input the feedback shows (no catalogued mistake fits)"),
    "hidden": N_("passes every public probe of {step} but fails a hidden case"),
    "raised": N_("{step} raises an error in the student's own code"),
    "shape": N_("{step} has the wrong shape (not what the exercise asks for)"),
    "wrong_value": N_("{step} gives a wrong value (no catalogued mistake fits)"),
    "trace": N_("{step} generates or evaluates other nodes than the search it implements"),
    "error": N_("the test cell stopped with {step}"),
}
FIXED = {
    "timeout": N_("ran over the cell's time limit"),
    "unanswered": N_("not answered"),
    "unclassified": N_("failed a check the grader could not classify"),
    "expect": N_("fails a condition that a visible test states"),
    "forbidden": N_("calls gamekit's own engine or heuristic instead of the student's code"),
    "wrong_type": N_("returns a value of the wrong type"),
    # Catalogued codes whose sentence lives in the checker's message, not in a table.
    "a01.decision_tie_not_first": N_(
        "minimax_decision breaks a tie for the best value with "
        "another move than the first best in actions() order"
    ),
    "a01.decision_returns_value": N_(
        "minimax_decision returns the best move's value instead of the move"
    ),
    "a01.decision_min_max_swapped": N_(
        "minimax_decision chooses a move that is worst for the player to move"
    ),
    "a02.wrong_move": N_("generates the right nodes but returns another move than the best"),
    "a03.ignores_player": N_(
        "evaluate ignores `player`: it returns the same value for X and for O"
    ),
    "a03.not_zero_sum": N_(
        "evaluate is not symmetric: evaluate(state, 'O') is not -evaluate(state, 'X')"
    ),
    "a03.loses_games": N_("depth-limited play with this evaluate loses games it should win"),
    "a03.count_not_rate": N_(
        "score_summary gives a count where a rate is asked (not divided by the number of games)"
    ),
    "a04.win_not_extreme": N_("evaluate does not score a won position above every unwon one"),
    "a04.out_of_range": N_("evaluate returns a value outside [-1, 1]"),
    "a04.loses_games": N_("depth-2 alpha-beta with this evaluate loses most of its games"),
    "a05.unseeded": N_(
        "the search gives other answers for the same arguments and seed (unseeded randomness, "
        "or something kept from one search to the next)"
    ),
    "a05.not_converging": N_("the search does not settle on the best move with many iterations"),
    "a06.illegal_move": N_("best_move returns an illegal move"),
    "a06.not_first_best": N_("best_move returns a best move, but not the first in actions() order"),
    "a06.wrong_give": N_("best_move places well but gives the opponent a wrong piece"),
    "a06.not_a_best_move": N_("best_move returns a move that is not among the best"),
    "a06.ordering_too_weak": N_(
        "with quarto_order the search visits more nodes than good ordering needs"
    ),
}


TIME_LIMITS = {"cpu": N_("CPU time"), "wall": N_("wall-clock time")}


def is_timeout(code: str) -> bool:
    """A cell its time limit stopped (``timeout``, ``timeout:cpu``, ...): a fact about the run,
    never a misconception.

    >>> is_timeout("timeout"), is_timeout("timeout:wall"), is_timeout("witness:timeouts")
    (True, True, False)
    """
    return code.startswith("timeout")


def is_misconception(code: str) -> bool:
    """A code the table of misconceptions counts: not a cell left unanswered, not a cell
    stopped at its time limit."""
    return bool(code) and code != "unanswered" and not is_timeout(code)


def plain_words(code: str) -> str | None:
    """The sentence for ``code``, or None when neither a checker nor this module has one.

    >>> plain_words("witness:search")
    'search goes wrong on an input the feedback shows (no catalogued mistake fits)'
    >>> plain_words("timeout")
    "ran over the cell's time limit"
    >>> plain_words("timeout:cpu")
    "ran over the cell's time limit (CPU time)"
    >>> plain_words("a99.nothing") is None
    True
    """
    if code in FIXED:
        return _(FIXED[code])
    if is_timeout(code):
        kind = code.partition(":")[2]
        limit = f" ({_(TIME_LIMITS[kind])})" if kind in TIME_LIMITS else ""
        return _(FIXED["timeout"]) + limit
    kind, _sep, step = code.partition(":")
    if step and kind in KINDS:
        return _(KINDS[kind]).format(step=step)
    words = catalogue().get(code)
    if isinstance(words, Said):  # a checker's sentence made of parts, each in the catalogue
        return said_again(words.to_dict(), words)
    return _(words) if words else None


def short_name(code: str) -> str:
    """A code's last part in words, for a table's first column: ``a05.search.not_negated`` ->
    ``not negated``; ``witness:search`` -> ``witness: search``."""
    if ":" in code:
        kind, _, step = code.partition(":")
        return f"{kind}: {step}"
    return re.sub(r"_", " ", code.rsplit(".", 1)[-1])


def is_witness_only(code: str) -> bool:
    """A code that names no mistake, only what was seen: grouped by step and kind of witness."""
    return code.partition(":")[0] in ("witness", "raised", "hidden")
