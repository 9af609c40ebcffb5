"""Repeated, seeded games between players: a series with colour swap, round robins, Elo.

A series is reproducible: the same ``seed`` gives the same games. Players that need
randomness get a fresh seed for every game, derived from the series seed: pass the player
*factory* (any callable with a ``seed`` parameter, such as ``random_player``) instead of a
player, and the series calls ``factory(seed=...)`` before each game.

`tournament` plays a round robin whose games run in parallel, in worker processes. A worker
needs the players sent to it, and a closure such as ``random_player()`` cannot be sent: describe
each player by a `PlayerSpec`, a top-level factory plus its keyword arguments, for example
``PlayerSpec("mcts", mcts_player, {"iterations": 200})``, or by name with `named_player`. Every
game's seeds are derived from the tournament seed and the game's place in the schedule, never
from which worker plays it, so the results are the same for any number of workers.

The results give a win/draw/loss table, a cross table and Elo ratings with standard errors
(`elo_ratings`: a maximum-likelihood Bradley-Terry fit, draws counted as half a win).

Modules: `gamekit.tournament.specs` (`PlayerSpec`, derived seeds), `gamekit.tournament.series`
(one series: `play_series`, `play_timed`), `gamekit.tournament.round_robins` (`round_robin` and
the parallel `tournament`), `gamekit.tournament.results` (`RoundRobin`: tables, report, plot),
`gamekit.tournament.elo` (`elo_ratings`) and `gamekit.tournament.named` (players by name). Every
name is importable from ``gamekit.tournament`` itself.

>>> from gamekit.games import TicTacToe
>>> from gamekit.players import alphabeta_player, random_player
>>> result = play_series(TicTacToe(), alphabeta_player(), random_player, games=4, progress=False)
>>> result.wins + result.draws + result.losses, result.losses
(4, 0)
"""

from __future__ import annotations

from gamekit.tournament.elo import ELO_SCALE, Rating, elo_ratings
from gamekit.tournament.named import (
    DEFAULT_ITERATIONS,
    ENGINES,
    evaluations,
    named_player,
    player_names,
    search_player,
)
from gamekit.tournament.results import RoundRobin
from gamekit.tournament.round_robins import round_robin, tournament
from gamekit.tournament.series import (
    GameRecord,
    SeriesResult,
    TimedGame,
    play_one,
    play_series,
    play_timed,
)
from gamekit.tournament.specs import PlayerLike, PlayerSpec, derived_seed, is_factory

__all__ = [
    "DEFAULT_ITERATIONS",
    "ELO_SCALE",
    "ENGINES",
    "GameRecord",
    "PlayerLike",
    "PlayerSpec",
    "Rating",
    "RoundRobin",
    "SeriesResult",
    "TimedGame",
    "derived_seed",
    "elo_ratings",
    "evaluations",
    "is_factory",
    "named_player",
    "play_one",
    "play_series",
    "play_timed",
    "player_names",
    "round_robin",
    "search_player",
    "tournament",
]
