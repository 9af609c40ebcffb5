"""Repeated, seeded games between players: a series with colour swap, and a round robin.

A series is reproducible: the same ``seed`` gives the same games. Players that need
randomness get a fresh seed for every game, derived from the series seed: pass the player
*factory* (any callable with a ``seed`` parameter, such as ``random_player``) instead of a
player, and the series calls ``factory(seed=...)`` before each game.

>>> from gamekit.games import TicTacToe
>>> from gamekit.players import alphabeta_player, random_player
>>> result = play_series(TicTacToe(), alphabeta_player(), random_player, games=4, progress=False)
>>> result.wins + result.draws + result.losses, result.losses
(4, 0)
"""

from __future__ import annotations

import hashlib
import inspect
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gamekit.games import Game

PlayerSpec = Callable[..., Any]
"""A player ``(game, state) -> move``, or a factory ``f(seed=...) -> player``."""


def derived_seed(seed: int, *parts: Any) -> int:
    """A 63-bit seed derived from ``seed`` and ``parts`` (same inputs, same seed, any Python)."""
    text = "/".join(str(part) for part in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def is_factory(spec: PlayerSpec) -> bool:
    """True for a player factory: a callable that takes a ``seed`` parameter."""
    try:
        return "seed" in inspect.signature(spec).parameters
    except (TypeError, ValueError):
        return False


def _name(spec: PlayerSpec) -> str:
    return getattr(spec, "__name__", None) or type(spec).__name__


def _progress_enabled(progress: bool) -> bool:
    return progress and not os.environ.get("NBGRADER_EXECUTION")


@dataclass(frozen=True)
class GameRecord:
    """One game of a series, seen from player A."""

    index: int  # 0-based number of the game in the series
    a_colour: str  # the side A played: game.players[0] moves first
    b_colour: str  # the side B played
    utility: float  # final utility for A
    moves: tuple[Any, ...]  # every move of the game, in order
    seeds: tuple[int | None, int | None]  # seeds given to A's and B's factories (None: a player)

    @property
    def outcome(self) -> str:
        """'win', 'draw' or 'loss' for A."""
        return "win" if self.utility > 0 else "loss" if self.utility < 0 else "draw"


@dataclass
class SeriesResult:
    """The games of `play_series` and A's totals."""

    game: str
    player_a: str
    player_b: str
    seed: int
    records: list[GameRecord] = field(default_factory=list)

    @property
    def wins(self) -> int:
        return sum(r.outcome == "win" for r in self.records)

    @property
    def draws(self) -> int:
        return sum(r.outcome == "draw" for r in self.records)

    @property
    def losses(self) -> int:
        return sum(r.outcome == "loss" for r in self.records)

    @property
    def games(self) -> int:
        return len(self.records)

    @property
    def mean_utility(self) -> float:
        """A's average final utility (1 win, 0 draw, -1 loss in the course's games)."""
        return sum(r.utility for r in self.records) / len(self.records) if self.records else 0.0

    def by_colour(self) -> dict[str, tuple[int, int, int]]:
        """``{colour: (wins, draws, losses)}`` of A for each side A played."""
        table: dict[str, list[int]] = {}
        for r in self.records:
            counts = table.setdefault(r.a_colour, [0, 0, 0])
            counts[("win", "draw", "loss").index(r.outcome)] += 1
        return {colour: tuple(counts) for colour, counts in table.items()}

    def to_rows(self) -> list[dict[str, Any]]:
        """One plain dict per game (for tables such as ``gamekit.draw.tournament_table``)."""
        return [
            {
                "game": r.index + 1,
                self.player_a: r.a_colour,
                self.player_b: r.b_colour,
                "result": r.outcome,
                "utility": r.utility,
                "moves": len(r.moves),
            }
            for r in self.records
        ]

    def __str__(self) -> str:
        colours = ", ".join(
            f"as {c}: {w}-{d}-{lo}" for c, (w, d, lo) in sorted(self.by_colour().items())
        )
        return (
            f"{self.player_a} vs {self.player_b} on {self.game}, {self.games} games "
            f"(seed {self.seed}): {self.wins} wins, {self.draws} draws, {self.losses} losses "
            f"for {self.player_a}" + (f" ({colours})" if colours else "")
        )


def play_one(game: Game, first: Callable[..., Any], second: Callable[..., Any]) -> tuple:
    """Play one game, ``first`` moving first; return (final utility for the first, moves)."""
    by_side = dict(zip(game.players, (first, second), strict=True))
    state = game.initial
    moves = []
    while not game.terminal_test(state):
        move = by_side[game.to_move(state)](game, state)
        state = game.result(state, move)
        moves.append(move)
    return game.utility(state, game.players[0]), tuple(moves)


def play_series(
    game: Game,
    player_a: PlayerSpec,
    player_b: PlayerSpec,
    games: int = 20,
    seed: int = 0,
    swap_colours: bool = True,
    progress: bool = True,
    *,
    names: tuple[str, str] | None = None,
) -> SeriesResult:
    """Play ``games`` games of A against B and count A's wins, draws and losses.

    With ``swap_colours``, A moves first in games 1, 3, 5, ... and second in 2, 4, 6, ...;
    otherwise A always moves first. A factory (see the module docstring) gets the seed
    ``derived_seed(seed, game_index, 'A' or 'B')`` before each game. A progress bar shows the
    running score unless ``progress`` is False or nbgrader is executing the notebook.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number >= 1, got {games!r}")
    if len(game.players) != 2:
        raise ValueError("a series needs a two-player game")
    name_a, name_b = names or (_name(player_a), _name(player_b))
    result = SeriesResult(repr(game), name_a, name_b, seed)
    from tqdm.auto import tqdm

    bar = tqdm(total=games, desc=f"{name_a} vs {name_b}", disable=not _progress_enabled(progress))
    try:
        for index in range(games):
            seeds = []
            players = []
            for slot, spec in (("A", player_a), ("B", player_b)):
                if is_factory(spec):
                    slot_seed = derived_seed(seed, index, slot)
                    players.append(spec(seed=slot_seed))
                    seeds.append(slot_seed)
                else:
                    players.append(spec)
                    seeds.append(None)
            a_first = not (swap_colours and index % 2 == 1)
            if a_first:
                utility, moves = play_one(game, players[0], players[1])
            else:
                utility, moves = play_one(game, players[1], players[0])
                utility = -utility
            colours = game.players if a_first else game.players[::-1]
            result.records.append(GameRecord(index, *colours, utility, moves, tuple(seeds)))
            bar.set_postfix_str(f"W{result.wins} D{result.draws} L{result.losses}")
            bar.update(1)
    finally:
        bar.close()
    return result


@dataclass
class RoundRobin:
    """Every pair's `SeriesResult` and the standings (1 point a win, 1/2 a draw)."""

    series: dict[tuple[str, str], SeriesResult]

    def standings(self) -> list[dict[str, Any]]:
        """Rows ``{player, games, wins, draws, losses, points}``, best first."""
        totals: dict[str, list[int]] = {}
        for (a, b), result in self.series.items():
            totals.setdefault(a, [0, 0, 0])
            totals.setdefault(b, [0, 0, 0])
            for name, (w, d, lo) in (
                (a, (result.wins, result.draws, result.losses)),
                (b, (result.losses, result.draws, result.wins)),
            ):
                totals[name][0] += w
                totals[name][1] += d
                totals[name][2] += lo
        rows = [
            {
                "player": name,
                "games": sum(counts),
                "wins": counts[0],
                "draws": counts[1],
                "losses": counts[2],
                "points": counts[0] + counts[1] / 2,
            }
            for name, counts in totals.items()
        ]
        return sorted(rows, key=lambda row: -row["points"])

    def to_rows(self) -> list[dict[str, Any]]:
        """The standings (same as `standings`), for ``gamekit.draw.tournament_table``."""
        return self.standings()

    def __str__(self) -> str:
        lines = [
            f"{'player':<24} {'games':>5} {'wins':>5} {'draws':>5} {'losses':>6} {'points':>6}"
        ]
        for row in self.standings():
            lines.append(
                f"{row['player']:<24} {row['games']:>5} {row['wins']:>5} {row['draws']:>5} "
                f"{row['losses']:>6} {row['points']:>6g}"
            )
        return "\n".join(lines)


def round_robin(
    game: Game,
    players: Mapping[str, PlayerSpec],
    games_per_pair: int = 10,
    seed: int = 0,
    progress: bool = True,
) -> RoundRobin:
    """Every pair of ``players`` plays a `play_series` of ``games_per_pair`` (colours swapped).

    Pair ``(a, b)`` (in the mapping's order) uses ``derived_seed(seed, a, b)``, so adding a
    player does not change the other pairs' games.
    """
    names = list(players)
    if len(names) < 2:
        raise ValueError("a round robin needs at least two players")
    series = {}
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            series[(a, b)] = play_series(
                game,
                players[a],
                players[b],
                games=games_per_pair,
                seed=derived_seed(seed, a, b),
                progress=progress,
                names=(a, b),
            )
    return RoundRobin(series)
