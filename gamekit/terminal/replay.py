"""A logged game (`gamekit.movelog`) shown again in the terminal, move by move:
``python -m gamekit replay FILE`` (`print_replay`), and the words for one move and for the end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamekit.games import Game
from gamekit.movelog import GameLog, MoveRecord, replay
from gamekit.terminal.text import board_text, move_text


def describe_record(record: MoveRecord, game: Game) -> str:
    """One line about a move of ``game``: who played what, in the notation players type
    (`move_text`), how long it took, and the search figures."""
    who = record.player if record.by == record.player else f"{record.player}, {record.by},"
    text = f"Move {record.ply}: {who} plays {move_text(game, record.move)}"
    details = []
    if record.seconds is not None:
        details.append(f"{record.seconds:.3f} s")
    if record.stats:
        stats = record.stats
        if "nodes" in stats:
            details.append(f"{stats['nodes']:,} nodes")
        cutoffs = stats.get("cutoffs_by_max", 0) + stats.get("cutoffs_by_min", 0)
        if cutoffs:
            details.append(f"{cutoffs:,} cutoffs")
        if stats.get("max_depth"):
            details.append(f"depth {stats['max_depth']}")
    return text + (f" ({', '.join(details)})" if details else "")


def outcome_text(game: Game, state: Any) -> str:
    """The end of a game in words: who won, a draw, or that it is not over."""
    if not game.terminal_test(state):
        return f"The game is not over: {game.to_move(state)} to move."
    first, second = game.players[:2]
    value = game.utility(state, first)
    if value > 0:
        return f"{first} wins."
    if value < 0:
        return f"{second} wins."
    return "Draw."


def print_replay(
    log: GameLog,
    *,
    step: bool = False,
    output: Callable[[str], None] = print,
    wait: Callable[[str], str] = input,
) -> Any:
    """Print the game move by move (waiting for Enter after each with ``step``); return the
    final state. Boards carry their coordinates (`board_text`). Raises
    `LogError` like `replay`."""
    output(str(log))
    final = None
    for state, record in zip(replay(log), [None, *log.moves], strict=True):
        if step and final is not None:
            wait("(Enter for the next move) ")
        output("Start" if record is None else describe_record(record, log.game))
        output(board_text(log.game, state))
        output("")
        final = state
    output(outcome_text(log.game, final))
    return final
