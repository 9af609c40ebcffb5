"""A round robin's results: standings, cross table, Elo ratings, thinking times, a report and a
plot of the ratings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gamekit.tournament.elo import Rating, elo_ratings
from gamekit.tournament.series import SeriesResult

if TYPE_CHECKING:
    from matplotlib.axes import Axes


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
