"""Round robins: `round_robin` plays every pair's series here, one after another; `tournament`
plays the same games in parallel, in worker processes."""

from __future__ import annotations

import os
import pickle
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from gamekit.games import Game
from gamekit.tournament.results import RoundRobin
from gamekit.tournament.series import (
    GameRecord,
    SeriesResult,
    _play_record,
    _progress_enabled,
    play_series,
)
from gamekit.tournament.specs import PlayerLike, PlayerSpec, derived_seed


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
