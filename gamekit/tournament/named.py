"""Players by name: the engines and evaluations a tournament can name, and the specs they make
(``'negamax'``, ``'connected'``, ``'negamax:connected'``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamekit.games import Game
from gamekit.tournament.specs import PlayerSpec

ENGINES = ("random", "minimax", "alphabeta", "negamax", "mcts")
"""The engines a named player can use (see `search_player`)."""

DEFAULT_ITERATIONS = 200
"""MCTS iterations per move when neither ``iterations`` nor ``time_limit`` is given."""


def evaluations(game: Game) -> dict[str, Callable[[Any, str], float]]:
    """The evaluation functions gamekit has for ``game``, by name; the first is the default."""
    from gamekit.movelog import kind_of

    kind = kind_of(game).name
    if kind == "hex":
        from gamekit import hex_heuristics as h

        return {
            "shortest_path": h.shortest_path,
            "connected": h.connected,
            "better_connected": h.better_connected,
        }
    if kind == "quarto":
        from gamekit import quarto as q

        return {"shared_attributes": q.shared_attributes, "seed_utility": q.seed_utility}
    from gamekit.heuristics import eval_for

    return {"windows": eval_for(game)}


def search_player(
    engine: str,
    *,
    game: Game,
    depth: int | None = None,
    evaluation: str | None = None,
    time_limit: float | None = None,
    iterations: int | None = None,
    seed: int | None = None,
    traced: bool = False,
) -> Callable[[Game, Any], Any]:
    """A player of ``engine`` (one of `ENGINES`) for ``game``: a top-level factory for specs.

    ``depth`` limits minimax, alpha-beta and negamax (``None``: to the end of the game; then no
    evaluation is used), which evaluate the positions at the limit with ``evaluation`` (a name
    from `evaluations`, default the game's first). ``time_limit`` (seconds per move) makes
    negamax deepen iteratively and MCTS search for that long; MCTS otherwise runs
    ``iterations`` (default `DEFAULT_ITERATIONS`) per move. ``traced`` keeps each search's
    statistics (for move logs).
    """
    from gamekit import players as p
    from gamekit.search import expectiminimax

    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; engines: {', '.join(ENGINES)}")
    known = evaluations(game)
    if evaluation is not None and evaluation not in known:
        raise ValueError(
            f"unknown evaluation {evaluation!r} for {game!r}; evaluations: {', '.join(known)}"
        )
    limited = depth is not None or (engine == "negamax" and time_limit is not None)
    eval_fn = known[evaluation or next(iter(known))] if limited else None
    if engine == "random":
        return p.random_player(seed=seed)
    if engine == "mcts":
        if time_limit is None and iterations is None:
            iterations = DEFAULT_ITERATIONS
        seconds = time_limit if iterations is None else None
        return p.mcts_player(iterations=iterations, seconds=seconds, seed=seed, traced=traced)
    if engine == "negamax":
        return p.negamax_player(depth=depth, time_limit=time_limit, eval_fn=eval_fn, traced=traced)
    if engine == "alphabeta":
        return p.alphabeta_player(depth=depth, eval_fn=eval_fn, traced=traced)
    if depth is None:
        return p.minimax_player(traced=traced)
    return p.SearchPlayer(
        "minimax",
        expectiminimax,
        traced=traced,
        depth=depth,
        eval_fn=eval_fn,
        random_opponent=False,
    )


def player_names(game: Game) -> list[str]:
    """The names `named_player` understands for ``game`` (``engine:evaluation`` works too)."""
    return [*ENGINES, *evaluations(game)]


def named_player(
    name: str,
    game: Game,
    *,
    depth: int | None = None,
    time_limit: float | None = None,
    iterations: int | None = None,
    traced: bool = False,
) -> PlayerSpec:
    """A `PlayerSpec` from a name: an engine (``'negamax'``), an evaluation (``'connected'``:
    alpha-beta with it, to ``depth``), or both (``'negamax:connected'``).

    >>> from gamekit.games import TicTacToe
    >>> named_player("alphabeta", TicTacToe()).name
    'alphabeta'
    >>> named_player("best", TicTacToe())
    Traceback (most recent call last):
    ...
    ValueError: unknown player 'best' for TicTacToe(h=3, v=3, k=3); players: random, minimax, \
alphabeta, negamax, mcts, windows (or engine:evaluation, such as alphabeta:windows)
    """
    known = evaluations(game)
    engine, _, evaluation = name.partition(":")
    if not evaluation and engine in known:
        engine, evaluation = "alphabeta", engine
    if engine not in ENGINES or (evaluation and evaluation not in known):
        example = f"alphabeta:{next(iter(known))}"
        raise ValueError(
            f"unknown player {name!r} for {game!r}; players: {', '.join(player_names(game))} "
            f"(or engine:evaluation, such as {example})"
        )
    kwargs = {
        "engine": engine,
        "game": game,
        "depth": depth,
        "evaluation": evaluation or None,
        "time_limit": time_limit,
        "iterations": iterations,
        "traced": traced,
    }
    search_player(**kwargs)  # check the options now, in this process
    return PlayerSpec(name, search_player, kwargs)
