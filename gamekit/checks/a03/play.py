"""The check of depth-limited play: seeded games with the student's ``evaluate`` at the leaves,
played ahead in the kernel (`gamekit.checks.remote.run_ahead`), then by the grader itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamekit.checks import (
    GradingError,
    require_number,
)
from gamekit.checks.a03.evaluate import _same, window_eval
from gamekit.checks.a03.ladder import (
    evaluate_witness,
)
from gamekit.checks.a03.running import _call, heuristic_functions
from gamekit.checks.remote import run_ahead
from gamekit.games import ConnectFour as ReferenceConnectFour
from gamekit.i18n import kept_sentence

# --------------------------------------------------------------------------------------------
# Positions for the hidden tests
# --------------------------------------------------------------------------------------------


class _Memo:
    """The student's evaluation, remembered per (board, player), with its type checked; the
    boards it was asked about are kept (to say afterwards where it differs from the course's)."""

    def __init__(self, evaluate: Callable[[Any, str], Any]) -> None:
        self.evaluate = evaluate
        self.seen: dict[tuple[str, int, str], tuple[Any, float]] = {}

    def __call__(self, state: Any, player: str) -> float:
        key = (state.cells, state.v, player)
        found = self.seen.get(key)
        if found is None:
            value = self.evaluate(state, player)
            require_number(value, kept_sentence("evaluate(state, player) during the games"))
            found = self.seen[key] = (state, value)
        return found[1]

    def differences(self) -> str:
        """What was verified about the student's values on the boards the search evaluated: on
        how many they differ from the window heuristic, and the first public probe board where
        they differ (the games' own boards are not shown: the games are hidden cases). A kept
        sentence."""
        from gamekit.heuristics import connect_four_eval

        differ = sum(
            not _same(value, connect_four_eval(state, player, 4))
            for (_, _, player), (state, value) in self.seen.items()
        )
        counted = {"differ": f"{differ:,}", "pairs": f"{len(self.seen):,}"}
        if not differ:
            return kept_sentence(
                "In these games your evaluate differed from the course's window heuristic on "
                "{differ} of the {pairs} (board, player) pairs the search evaluated.",
                **counted,
            )

        def student(state: Any, who: str) -> float:
            where = kept_sentence("a probe board")
            value = _call(self.evaluate, f"evaluate(state, {who!r})", where, state, who)
            return require_number(
                value, kept_sentence("evaluate(state, {player}) on a probe board", player=repr(who))
            )

        found = evaluate_witness(student, _same)
        if found is None:
            return kept_sentence(
                "In these games your evaluate differed from the course's window heuristic on "
                "{differ} of the {pairs} (board, player) pairs the search evaluated; it agrees "
                "with it on every public probe board.",
                **counted,
            )
        return kept_sentence(
            "In these games your evaluate differed from the course's window heuristic on "
            "{differ} of the {pairs} (board, player) pairs the search evaluated. The first "
            "public probe board where it differs: {witness}.",
            **counted,
            witness=found[1],
        )


def check_depth_limited_play(
    evaluate: Callable[[Any, str], Any],
    seed: int,
    *,
    depth_vs_random: int = 2,
    depth_vs_greedy: int = 3,
    games: int = 20,
    min_wins: int = 19,
) -> None:
    """Alpha-beta cut off at ``depth_vs_random`` plies with ``evaluate`` on 6 x 7 Connect Four
    beats a random player in at least ``min_wins`` of ``games`` seeded games (colours
    alternate), and at ``depth_vs_greedy`` plies does not lose to the one-ply greedy player
    (which uses the course's evaluation) as X or as O.

    Depth 2 is plenty against random play; beating the greedy player needs depth 3, where the
    search sees the greedy player's reply to our reply.
    """
    game = ReferenceConnectFour()
    start = kept_sentence("the empty 6 x 7 board")
    for player in ("X", "O"):
        value = _call(evaluate, f"evaluate(state, {player!r})", start, game.initial, player)
        require_number(
            value,
            kept_sentence("evaluate(state, {player}) on {where}", player=repr(player), where=start),
        )
    settings = (seed, depth_vs_random, depth_vs_greedy, games, min_wins)
    ahead = run_ahead(evaluate, _play_depth_limited, *settings, key=evaluation_key)
    _play_depth_limited(ahead, *settings)


def evaluation_key(state: Any, player: Any) -> str:
    """What tells one evaluation from another in the games (`_Memo`'s key, as plain data)."""
    return f"{state.v}/{player}/{state.cells}"


def _play_depth_limited(
    evaluate: Callable[[Any, str], Any],
    seed: int,
    depth_vs_random: int,
    depth_vs_greedy: int,
    games: int,
    min_wins: int,
) -> None:
    """The games of `check_depth_limited_play`, up to the first series it fails. The student's
    kernel plays them ahead (`gamekit.checks.remote.run_ahead`), then the grader itself."""
    from gamekit.players import alphabeta_player, greedy_player, random_player
    from gamekit.tournament import play_series

    game = ReferenceConnectFour()
    remembered = _Memo(evaluate)
    opponents = (
        (kept_sentence("a random player"), random_player, depth_vs_random, games),
        (
            kept_sentence("the one-ply greedy player"),
            greedy_player(_reference_for_greedy),
            depth_vs_greedy,
            2,
        ),
    )
    for name, opponent, depth, count in opponents:
        searcher = alphabeta_player(depth=depth, eval_fn=remembered)
        series = _call(
            play_series,
            kept_sentence("depth-limited play"),
            kept_sentence("6 x 7 games against {opponent}", opponent=name),
            game,
            searcher,
            opponent,
            count,
            seed,
            True,
            False,
            forbidden=heuristic_functions(),
        )
        if opponent is random_player and series.wins < min_wins:
            raise GradingError(
                kept_sentence(
                    "with your evaluate, depth-{depth} alpha-beta beat a random player in only "
                    "{wins} of {games} games (at least {needed} needed). {differences}",
                    depth=depth,
                    wins=series.wins,
                    games=count,
                    needed=min_wins,
                    differences=remembered.differences(),
                ),
                code="a03.loses_games",
            )
        for record in series.records:
            if opponent is not random_player and record.outcome == "loss":
                raise GradingError(
                    kept_sentence(
                        "with your evaluate, depth-{depth} alpha-beta lost to the one-ply greedy "
                        "player when playing {colour}. {differences}",
                        depth=depth,
                        colour=record.a_colour,
                        differences=remembered.differences(),
                    ),
                    code="a03.loses_games",
                )


def _reference_for_greedy(state: Any, player: str) -> float:
    """The greedy opponent's evaluation (the course's heuristic, computed here)."""
    return window_eval(state, player)


# --------------------------------------------------------------------------------------------
# score_summary
# --------------------------------------------------------------------------------------------
