"""Engine names, spelled one way on the command line, on the boards and in move logs.

The course spells its engines as the boards' menu does (`COURSE_ENGINES`): ``alpha-beta`` with
a hyphen, ``negamax``, ``mcts``, ... Other spellings people type are read as the same engine
(`ALIASES`: ``alphabeta``, ``alpha_beta``, ``Alpha-Beta``, ...). `engine_name` turns what was
typed into the course's name, and answers a name it does not know with the list of the names
that place offers.

``python -m gamekit play --engine`` offers `TERMINAL_ENGINES`; a board offers the engines of
`gamekit.widgets.engines.ENGINES` (and a few of its own). `tournament_name` gives the spelling
`gamekit.tournament` uses for a player (``alphabeta``).

>>> engine_name("alphabeta"), engine_name(" Alpha_Beta "), engine_name("negamax")
('alpha-beta', 'alpha-beta', 'negamax')
>>> engine_name("best", TERMINAL_ENGINES)
Traceback (most recent call last):
...
ValueError: unknown engine 'best': the engines are random, minimax, alpha-beta, negamax, mcts \
(alpha-beta may also be spelled alphabeta)
"""

from __future__ import annotations

from collections.abc import Iterable

COURSE_ENGINES = (
    "random",
    "greedy",
    "minimax",
    "alpha-beta",
    "negamax",
    "expectimax",
    "negamax (time limit)",
    "mcts",
)
"""Every engine of the course, as the boards' menu names it."""

TERMINAL_ENGINES = ("random", "minimax", "alpha-beta", "negamax", "mcts")
"""The engines ``python -m gamekit play --engine`` offers (negamax with ``--time-limit`` is the
boards' "negamax (time limit)")."""

ALIASES = {
    "alphabeta": "alpha-beta",
    "alpha beta": "alpha-beta",
    "negamax time limit": "negamax (time limit)",
    "negamax-time-limit": "negamax (time limit)",
    "uct": "mcts",
}
"""Other spellings of an engine's name, each with the course's spelling (after `_key`)."""

_TOURNAMENT = {"alpha-beta": "alphabeta"}


def _key(text: str) -> str:
    """``text`` in lower case, with single spaces, ``_`` read as ``-``."""
    return " ".join(text.replace("_", "-").lower().split())


def engine_name(text: str, offered: Iterable[str] = COURSE_ENGINES) -> str:
    """The course's name of the engine ``text`` names, if ``offered`` has it; else `ValueError`
    with the names ``offered`` holds."""
    offered = list(offered)
    by_key = {_key(name): name for name in offered}
    key = _key(text)
    name = by_key.get(key) or by_key.get(_key(ALIASES.get(key, key)))
    if name is not None:
        return name
    spelled = [f"{name} may also be spelled {a}" for a, name in ALIASES.items() if name in offered]
    also = f" ({spelled[0]})" if spelled else ""
    course = ALIASES.get(key, key)
    if course in COURSE_ENGINES:
        raise ValueError(
            f"{text!r} is not offered here (the boards have it): "
            f"the engines here are {', '.join(offered)}{also}"
        )
    raise ValueError(f"unknown engine {text!r}: the engines are {', '.join(offered)}{also}")


def tournament_name(name: str) -> str:
    """The spelling `gamekit.tournament` uses for the course's engine ``name``.

    >>> tournament_name("alpha-beta"), tournament_name("negamax")
    ('alphabeta', 'negamax')
    """
    return _TOURNAMENT.get(name, name)
