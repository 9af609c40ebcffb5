"""What the peers share: which of them are installed, and a gamekit state built from a peer's
board for the window evaluation."""

from __future__ import annotations

from importlib import metadata

from gamekit.games import BoardState

PEER_MODULES = {"easyAI": "easyAI", "OpenSpiel": "open_spiel", "aima-python": "aima3.games"}
"""Peer: the module the bench imports. aima-python is not on PyPI under its own name: the bench
uses ``aima3``, Calysto's packaging of it (install it with ``--no-deps``: it pins networkx 1.11
and jupyter, which its ``games`` module does not use; it needs numpy and tqdm)."""

PEER_DISTRIBUTIONS = {"easyAI": "easyAI", "OpenSpiel": "open_spiel", "aima-python": "aima3"}
"""Peer: the name pip knows it by."""


def peer_versions() -> dict[str, str | None]:
    """``{peer: version}``, None for a peer that cannot be imported."""
    found: dict[str, str | None] = {}
    for peer, module in PEER_MODULES.items():
        try:
            __import__(module)
            found[peer] = metadata.version(PEER_DISTRIBUTIONS[peer])
        except Exception:  # ImportError, or a broken binary wheel
            found[peer] = None
    return found


def _cells_to_state(cells: str, h: int, v: int) -> BoardState:
    """A gamekit state for the window evaluation (which reads only the cells and the size)."""
    return BoardState("X", 0, cells, (), h, v)
