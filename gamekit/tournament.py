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

>>> from gamekit.games import TicTacToe
>>> from gamekit.players import alphabeta_player, random_player
>>> result = play_series(TicTacToe(), alphabeta_player(), random_player, games=4, progress=False)
>>> result.wins + result.draws + result.losses, result.losses
(4, 0)
"""

from __future__ import annotations

import hashlib
import inspect
import math
import os
import pickle
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from gamekit.games import Game

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from gamekit.movelog import GameLog

PlayerLike = Callable[..., Any]
"""A player ``(game, state) -> move``, or a factory ``f(seed=...) -> player``."""


def _count(number: int, one: str, many: str | None = None) -> str:
    """``1 win``, ``2 wins``, ``1 loss``, ``0 losses``."""
    return f"{number} {one if number == 1 else (many or one + 's')}"


@dataclass(frozen=True)
class PlayerSpec:
    """A player described by a factory and its keyword arguments, under a ``name``.

    ``spec(seed=s)`` makes the player: ``factory(**kwargs, seed=s)`` if the factory takes a
    seed, else ``factory(**kwargs)``. A spec is itself a factory, so `play_series` accepts it,
    and it can be pickled (sent to a worker process) when ``factory`` is a top-level function
    and the arguments can be pickled.

    >>> from gamekit.players import alphabeta_player
    >>> spec = PlayerSpec("alpha-beta 2", alphabeta_player, {"depth": 2})
    >>> spec(seed=7)
    alphabeta_player(depth=2, eval_fn=None)
    """

    name: str
    factory: Callable[..., Any]
    kwargs: Mapping[str, Any] = field(default_factory=dict)

    def __call__(self, *, seed: int | None = None) -> Callable[..., Any]:
        if is_factory(self.factory):
            return self.factory(seed=seed, **self.kwargs)
        return self.factory(**self.kwargs)


def derived_seed(seed: int, *parts: Any) -> int:
    """A 63-bit seed derived from ``seed`` and ``parts`` (same inputs, same seed, any Python)."""
    text = "/".join(str(part) for part in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def is_factory(spec: PlayerLike) -> bool:
    """True for a player factory: a callable that takes a ``seed`` parameter."""
    try:
        return "seed" in inspect.signature(spec).parameters
    except (TypeError, ValueError):
        return False


def _name(spec: PlayerLike) -> str:
    if isinstance(spec, PlayerSpec):
        return spec.name
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
    # Thinking time (not compared: it differs from run to run): A's and B's longest move and
    # total time, in seconds, and how many moves each made.
    longest: tuple[float, float] = field(default=(0.0, 0.0), compare=False)
    thinking: tuple[float, float] = field(default=(0.0, 0.0), compare=False)
    move_counts: tuple[int, int] = field(default=(0, 0), compare=False)

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
            f"(seed {self.seed}): {_count(self.wins, 'win')}, {_count(self.draws, 'draw')}, "
            f"{_count(self.losses, 'loss', 'losses')} "
            f"for {self.player_a}" + (f" ({colours})" if colours else "")
        )


def play_one(game: Game, first: Callable[..., Any], second: Callable[..., Any]) -> tuple:
    """Play one game, ``first`` moving first; return (final utility for the first, moves)."""
    played = play_timed(game, first, second)
    return played.utility, played.moves


class TimedGame(NamedTuple):
    """What `play_timed` returns."""

    utility: float  # final utility for the player who moved first
    moves: tuple[Any, ...]
    seconds: tuple[tuple[float, ...], tuple[float, ...]]  # each side's move times, in order


def play_timed(
    game: Game,
    first: Callable[..., Any],
    second: Callable[..., Any],
    log: GameLog | None = None,
) -> TimedGame:
    """Play one game, ``first`` moving first, timing every move; append each move to ``log``.

    A player with a ``last_trace`` (a ``SearchPlayer`` made with ``traced=True``) has its
    search statistics logged too.
    """
    by_side = dict(zip(game.players, (first, second), strict=True))
    times: dict[str, list[float]] = {side: [] for side in game.players}
    state = game.initial
    moves = []
    while not game.terminal_test(state):
        side = game.to_move(state)
        player = by_side[side]
        start = time.perf_counter()
        move = player(game, state)
        seconds = time.perf_counter() - start
        after = game.result(state, move)
        times[side].append(seconds)
        if log is not None:
            trace = getattr(player, "last_trace", None)
            log.add(state, move, after, seconds=seconds, stats=trace.stats if trace else None)
        state = after
        moves.append(move)
    first_side, second_side = game.players
    utility = game.utility(state, first_side)
    return TimedGame(utility, tuple(moves), (tuple(times[first_side]), tuple(times[second_side])))


def _play_record(
    game: Game,
    specs: tuple[PlayerLike, PlayerLike],
    names: tuple[str, str],
    index: int,
    seed: int,
    a_first: bool,
    log_path: str | None = None,
) -> GameRecord:
    """Game ``index`` of a series of A against B: make the players, play, record from A's view.

    A factory gets the seed ``derived_seed(seed, index, 'A' or 'B')``.
    """
    seeds: list[int | None] = []
    players = []
    for slot, spec in zip(("A", "B"), specs, strict=True):
        if is_factory(spec):
            slot_seed = derived_seed(seed, index, slot)
            players.append(spec(seed=slot_seed))
            seeds.append(slot_seed)
        else:
            players.append(spec)
            seeds.append(None)
    order = (0, 1) if a_first else (1, 0)
    colours = game.players if a_first else game.players[::-1]
    log = None
    if log_path is not None:
        from gamekit.movelog import GameLog

        sides = {colours[0]: names[0], colours[1]: names[1]}
        log = GameLog.new(game, sides, seed=derived_seed(seed, index))
    utility, moves, seconds = play_timed(game, players[order[0]], players[order[1]], log)
    if log is not None:
        log.save(log_path)  # type: ignore[arg-type]
    a_times, b_times = (seconds[0], seconds[1]) if a_first else (seconds[1], seconds[0])
    return GameRecord(
        index,
        colours[0],
        colours[1],
        utility if a_first else -utility,
        moves,
        (seeds[0], seeds[1]),
        longest=(max(a_times, default=0.0), max(b_times, default=0.0)),
        thinking=(sum(a_times), sum(b_times)),
        move_counts=(len(a_times), len(b_times)),
    )


def play_series(
    game: Game,
    player_a: PlayerLike,
    player_b: PlayerLike,
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
            a_first = not (swap_colours and index % 2 == 1)
            record = _play_record(
                game, (player_a, player_b), (name_a, name_b), index, seed, a_first
            )
            result.records.append(record)
            bar.set_postfix_str(f"W{result.wins} D{result.draws} L{result.losses}")
            bar.update(1)
    finally:
        bar.close()
    return result


@dataclass
class RoundRobin:
    """Every pair's `SeriesResult` and the standings (1 point a win, 1/2 a draw).

    `tournament` also fills in the game, the seed and the time per move it reported against.
    """

    series: dict[tuple[str, str], SeriesResult]
    game: str = ""
    seed: int | None = None
    time_per_move: float | None = None

    @property
    def players(self) -> list[str]:
        """The players, in the order they were given."""
        names: list[str] = []
        for pair in self.series:
            names.extend(name for name in pair if name not in names)
        return names

    def cross_table(self) -> dict[tuple[str, str], tuple[int, int, int]]:
        """``{(a, b): (wins, draws, losses) of a against b}``, for both orders of every pair."""
        table = {}
        for (a, b), result in self.series.items():
            table[(a, b)] = (result.wins, result.draws, result.losses)
            table[(b, a)] = (result.losses, result.draws, result.wins)
        return table

    def ratings(self, anchor: float = 1500.0, prior_draws: float = 1.0) -> list[Rating]:
        """The players' Elo ratings (see `elo_ratings`), best first."""
        return elo_ratings(self.cross_table(), anchor=anchor, prior_draws=prior_draws)

    def timing(self) -> list[dict[str, Any]]:
        """Per player: moves, mean and longest seconds per move, and (with a time per move)
        how many of its games had a move over it."""
        moves: dict[str, int] = dict.fromkeys(self.players, 0)
        total: dict[str, float] = dict.fromkeys(self.players, 0.0)
        longest: dict[str, float] = dict.fromkeys(self.players, 0.0)
        slow: dict[str, int] = dict.fromkeys(self.players, 0)
        for (a, b), result in self.series.items():
            for r in result.records:
                for side, name in enumerate((a, b)):
                    most, spent = r.longest[side], r.thinking[side]
                    moves[name] += r.move_counts[side]
                    total[name] += spent
                    longest[name] = max(longest[name], most)
                    limit = self.time_per_move
                    slow[name] += limit is not None and most > limit
        rows = []
        for name in self.players:
            row = {
                "player": name,
                "moves": moves[name],
                "mean s/move": total[name] / moves[name] if moves[name] else 0.0,
                "longest s": longest[name],
            }
            if self.time_per_move is not None:
                row["games over time"] = slow[name]
            rows.append(row)
        return rows

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

    def cross_table_text(self) -> str:
        """The cross table as text: row player's wins-draws-losses against the column player."""
        names = self.players
        table = self.cross_table()
        width = max(8, *(len(name) for name in names)) + 1
        lines = ["".join(f"{name:>{width}}" for name in ["", *names])]
        for a in names:
            cells = ["-" if a == b else "-".join(map(str, table[(a, b)])) for b in names]
            lines.append(f"{a:>{width}}" + "".join(f"{cell:>{width}}" for cell in cells))
        return "\n".join(lines)

    def ratings_text(self) -> str:
        """The Elo ratings as text, with a 95% interval (1.96 standard errors)."""
        lines = [f"{'player':<24} {'Elo':>6} {'95% interval':>16}"]
        for r in self.ratings():
            low, high = r.interval()
            lines.append(f"{r.player:<24} {r.elo:>6.0f} {f'{low:.0f} .. {high:.0f}':>16}")
        return "\n".join(lines)

    def report(self) -> str:
        """Standings, cross table, Elo ratings and thinking times, as text."""
        parts = [
            f"Round robin on {self.game} (seed {self.seed})" if self.game else "Round robin",
            str(self),
            "Cross table (row player's wins-draws-losses against the column player):",
            self.cross_table_text(),
            "Elo ratings (maximum likelihood, mean 1500; each pair counts one extra draw):",
            self.ratings_text(),
            "Thinking time"
            + (
                f" (reported against {self.time_per_move:g} s per move)"
                if self.time_per_move
                else ""
            )
            + ":",
        ]
        for row in self.timing():
            over = f", {row['games over time']} games over time" if "games over time" in row else ""
            parts.append(
                f"  {row['player']:<22} {row['moves']:>5} moves, mean {row['mean s/move']:.3f} s,"
                f" longest {row['longest s']:.3f} s{over}"
            )
        return "\n\n".join(parts[:7]) + "\n" + "\n".join(parts[7:])

    def plot_ratings(self, ax: Axes | None = None) -> Axes:
        """Draw the Elo ratings with 95% error bars (1.96 standard errors), best on top."""
        import matplotlib.pyplot as plt

        if ax is None:
            _, ax = plt.subplots(figsize=(6, 0.5 * len(self.players) + 1.2))
        ratings = self.ratings()[::-1]
        ax.errorbar(
            [r.elo for r in ratings],
            range(len(ratings)),
            xerr=[1.96 * r.se for r in ratings],
            fmt="o",
            capsize=4,
        )
        ax.set_yticks(range(len(ratings)), [r.player for r in ratings])
        ax.set_xlabel("Elo rating (95% interval)")
        ax.axvline(1500, color="#999999", linewidth=0.8, linestyle="--")
        if self.game:
            ax.set_title(f"{self.game}: round robin, seed {self.seed}")
        return ax

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
    players: Mapping[str, PlayerLike],
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


# --------------------------------------------------------------------------------------------
# Elo ratings
# --------------------------------------------------------------------------------------------

ELO_SCALE = 400 / math.log(10)
"""Elo points per unit of the logistic scale: 400 points more means 10 to 1 odds."""


class Rating(NamedTuple):
    """A player's Elo rating and its standard error (both in Elo points)."""

    player: str
    elo: float
    se: float

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """``elo -/+ z * se``: about 95% confidence for the default ``z``."""
        return (self.elo - z * self.se, self.elo + z * self.se)


def elo_ratings(
    results: Mapping[tuple[str, str], tuple[int, int, int]],
    *,
    anchor: float = 1500.0,
    prior_draws: float = 1.0,
) -> list[Rating]:
    """Maximum-likelihood Elo ratings with standard errors, best first.

    ``results[(a, b)]`` is ``(wins, draws, losses)`` of ``a`` against ``b`` (a pair given in
    both orders is counted once per order). The model is Bradley-Terry on the Elo scale:
    ``a`` scores against ``b`` with probability ``1 / (1 + 10 ** ((R_b - R_a) / 400))``, a draw
    counting as half a win and half a loss. The ratings maximise the likelihood of the scores
    (Newton's method); their mean is ``anchor``. Each pair that played also counts
    ``prior_draws`` extra draws, so that a player who won every game still gets a finite rating
    (without them its maximum-likelihood rating is infinite). The standard errors come from the
    curvature of the log-likelihood at its maximum (the inverse of the observed information),
    for ratings measured from the mean.

    >>> ratings = elo_ratings({("a", "b"): (3, 0, 1)}, prior_draws=0)
    >>> [(r.player, round(r.elo)) for r in ratings]   # 3 to 1: 400 * log10(3) = 191 apart
    [('a', 1595), ('b', 1405)]
    """
    names: list[str] = []
    for pair in results:
        names.extend(name for name in pair if name not in names)
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    games = np.zeros((n, n))  # games[i, j]: games between i and j (extra draws included)
    score = np.zeros((n, n))  # score[i, j]: i's points against j
    for (a, b), counts in results.items():
        wins, draws, losses = counts
        i, j = index[a], index[b]
        played = wins + draws + losses
        extra = prior_draws if played else 0.0
        for x, y, points in ((i, j, wins + draws / 2), (j, i, losses + draws / 2)):
            games[x, y] += played + extra
            score[x, y] += points + extra / 2
    theta = np.zeros(n)  # ratings on the logistic scale: Elo = anchor + ELO_SCALE * theta
    for _ in range(100):
        p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))  # p[i, j]: i scores against j
        gradient = (score - games * p).sum(axis=1)
        weights = games * p * (1 - p)
        information = np.diag(weights.sum(axis=1)) - weights
        step = np.clip(np.linalg.pinv(information) @ gradient, -1.0, 1.0)
        theta = theta + step
        theta -= theta.mean()
        if np.abs(step).max() < 1e-10:
            break
    p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))
    weights = games * p * (1 - p)
    covariance = np.linalg.pinv(np.diag(weights.sum(axis=1)) - weights)
    se = np.sqrt(np.clip(np.diag(covariance), 0, None))
    ratings = [
        Rating(name, float(anchor + ELO_SCALE * theta[i]), float(ELO_SCALE * se[i]))
        for i, name in enumerate(names)
    ]
    return sorted(ratings, key=lambda r: -r.elo)


# --------------------------------------------------------------------------------------------
# Players by name
# --------------------------------------------------------------------------------------------

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


# --------------------------------------------------------------------------------------------
# Tournaments in parallel
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Job:
    """One game of a tournament: everything a worker process needs to play it."""

    game: Game
    pair: tuple[str, str]
    specs: tuple[PlayerLike, PlayerLike]
    index: int
    pair_seed: int
    log_path: str | None


def _play_job(job: _Job) -> GameRecord:
    """Play one game of a tournament (in a worker process or not)."""
    a_first = job.index % 2 == 0
    return _play_record(
        job.game, job.specs, job.pair, job.index, job.pair_seed, a_first, job.log_path
    )


def _check_picklable(name: str, spec: PlayerLike) -> None:
    try:
        pickle.dumps(spec)
    except (pickle.PicklingError, AttributeError, TypeError) as error:
        raise ValueError(
            f"player {name!r} cannot be sent to a worker process ({error}); describe it by a "
            "PlayerSpec with a top-level factory, or play with workers=1"
        ) from None


def tournament(
    game: Game,
    players: Mapping[str, PlayerLike] | Sequence[PlayerSpec],
    games_per_pair: int = 2,
    seed: int = 0,
    *,
    workers: int | None = None,
    time_per_move: float | None = None,
    progress: bool = True,
    log_dir: str | os.PathLike[str] | None = None,
) -> RoundRobin:
    """A round robin whose games run in parallel: every pair plays ``games_per_pair`` games.

    The games are those of `round_robin` with the same arguments: pair ``(a, b)`` uses the seed
    ``derived_seed(seed, a, b)``, A moves first in its even-numbered games (colours swap), and a
    factory gets ``derived_seed(pair seed, game index, 'A' or 'B')``. So the results are the
    same for any ``workers`` (default ``os.cpu_count()``; 1 plays here, without processes, and
    accepts any callable player; more need picklable players, such as `PlayerSpec`).

    ``time_per_move`` (seconds) is **reported, never enforced**: `RoundRobin.timing` counts each
    player's games with a move over it. Forfeiting such games would make the results depend on
    the machine and its load (and on ``workers``). To limit an engine's time, give the engine a
    time limit (``named_player(..., time_limit=...)``).

    With ``log_dir``, every game is written there as a move log (`gamekit.movelog`), named
    ``<pair number>-<a>-vs-<b>-<game>.jsonl``.

    >>> from gamekit.games import TicTacToe
    >>> from gamekit.players import random_player
    >>> table = tournament(TicTacToe(), {"r1": random_player, "r2": random_player}, 4,
    ...                    workers=1, progress=False)
    >>> sum(row["points"] for row in table.standings())
    4.0
    """
    specs = dict(players) if isinstance(players, Mapping) else {spec.name: spec for spec in players}
    if not isinstance(players, Mapping) and len(specs) < len(players):
        raise ValueError(f"player names must differ, got {[s.name for s in players]}")
    if len(specs) < 2:
        raise ValueError(f"a tournament needs at least two players, got {list(specs)}")
    if (
        isinstance(games_per_pair, bool)
        or not isinstance(games_per_pair, int)
        or games_per_pair < 1
    ):
        raise ValueError(f"games_per_pair must be a whole number >= 1, got {games_per_pair!r}")
    workers = os.cpu_count() or 1 if workers is None else workers
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number >= 1, got {workers!r}")
    if time_per_move is not None and not (
        isinstance(time_per_move, (int, float)) and time_per_move > 0
    ):
        raise ValueError(
            f"time_per_move must be a positive number of seconds, got {time_per_move!r}"
        )
    if len(game.players) != 2:
        raise ValueError(f"a tournament needs a two-player game, got players {game.players}")
    if workers > 1:
        for name, spec in specs.items():
            _check_picklable(name, spec)
    folder = None if log_dir is None else Path(log_dir)
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)

    names = list(specs)
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    jobs = [
        _Job(
            game,
            (a, b),
            (specs[a], specs[b]),
            index,
            derived_seed(seed, a, b),
            None if folder is None else str(folder / f"{p + 1:03d}-{a}-vs-{b}-{index + 1}.jsonl"),
        )
        for p, (a, b) in enumerate(pairs)
        for index in range(games_per_pair)
    ]
    records = _run_jobs(jobs, workers, progress, f"{len(names)} players on {game!r}")
    series = {(a, b): SeriesResult(repr(game), a, b, derived_seed(seed, a, b)) for a, b in pairs}
    for job, record in zip(jobs, records, strict=True):
        series[job.pair].records.append(record)
    return RoundRobin(series, repr(game), seed, time_per_move)


def _run_jobs(jobs: list[_Job], workers: int, progress: bool, desc: str) -> list[GameRecord]:
    """Play ``jobs`` in ``workers`` processes (here when 1); the records in the jobs' order."""
    from tqdm.auto import tqdm

    records: list[GameRecord | None] = [None] * len(jobs)
    with tqdm(total=len(jobs), desc=desc, disable=not _progress_enabled(progress)) as bar:
        if workers == 1:
            for i, job in enumerate(jobs):
                records[i] = _play_job(job)
                bar.update(1)
        else:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor, as_completed

            # spawn, not fork: the same on Linux, macOS and Windows, and safe inside Jupyter
            context = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(min(workers, len(jobs)), mp_context=context) as pool:
                futures = {pool.submit(_play_job, job): i for i, job in enumerate(jobs)}
                try:
                    for future in as_completed(futures):
                        records[futures[future]] = future.result()
                        bar.update(1)
                except BaseException:
                    pool.shutdown(cancel_futures=True)
                    raise
    return records  # type: ignore[return-value]
