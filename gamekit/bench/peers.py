"""What the peers share: which of them are installed, and a gamekit state built from a peer's
board for the window evaluation."""

from __future__ import annotations

from importlib import metadata

from gamekit.games import BoardState

PEER_MODULES = {"easyAI": "easyAI", "OpenSpiel": "open_spiel"}


def peer_versions() -> dict[str, str | None]:
    """``{peer: version}``, None for a peer that cannot be imported."""
    found: dict[str, str | None] = {}
    for peer, module in PEER_MODULES.items():
        try:
            __import__(module)
            found[peer] = metadata.version({"easyAI": "easyAI", "OpenSpiel": "open_spiel"}[peer])
        except Exception:  # ImportError, or a broken binary wheel
            found[peer] = None
    return found


def _cells_to_state(cells: str, h: int, v: int) -> BoardState:
    """A gamekit state for the window evaluation (which reads only the cells and the size)."""
    return BoardState("X", 0, cells, (), h, v)
