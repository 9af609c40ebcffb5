"""Elo ratings with standard errors: a maximum-likelihood Bradley-Terry fit of a cross table."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import NamedTuple

import numpy as np

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
