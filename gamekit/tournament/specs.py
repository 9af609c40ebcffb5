"""Players as data: a `PlayerSpec` (factory plus keyword arguments) and the seeds derived for
each game."""

from __future__ import annotations

import hashlib
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

PlayerLike = Callable[..., Any]
"""A player ``(game, state) -> move``, or a factory ``f(seed=...) -> player``."""


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
