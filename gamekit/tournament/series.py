"""One series of games between two players: play a game (timed, logged), record it from A's
view, and count A's wins, draws and losses with colours swapped."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from gamekit.games import Game
from gamekit.tournament.specs import PlayerLike, _name, derived_seed, is_factory

if TYPE_CHECKING:
    from gamekit.movelog import GameLog


def _count(number: int, one: str, many: str | None = None) -> str:
    """``1 win``, ``2 wins``, ``1 loss``, ``0 losses``."""
    return f"{number} {one if number == 1 else (many or one + 's')}"


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
