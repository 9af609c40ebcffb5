"""A logged game (`gamekit.movelog`) shown again in the terminal, move by move:
``python -m gamekit replay FILE`` (`print_replay`), and the words for one move and for the end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamekit.games import Game
from gamekit.i18n import _, count, fixed, ngettext
from gamekit.movelog import GameLog, MoveRecord, game_label, replay
from gamekit.terminal.text import board_text, move_text


def describe_log(log: GameLog) -> str:
    """The logged game in one line, in the language in use: the game (by its command-line
    name, with its board), who played which side, and how many moves were played."""
    sides = ", ".join(
        _("{side} is {who}").format(side=side, who=_who(log.players[side]))
        for side in log.game.players
    )
    moves = len(log.moves)
    return ngettext("{game}: {sides}; {n} move", "{game}: {sides}; {n} moves", moves).format(
        game=game_label(log.game), sides=sides, n=moves
    )


def _who(player: str) -> str:
    """A player as a log names it: ``you`` is said in the language in use, an engine as is."""
    return _("you") if player == "you" else player


def describe_record(record: MoveRecord, game: Game) -> str:
    """One line about a move of ``game``: who played what, in the notation players type
    (`move_text`), how long it took, and the search figures."""
    said = {"ply": record.ply, "player": record.player, "move": move_text(game, record.move)}
    if record.by == record.player:
        text = _("Move {ply}: {player} plays {move}").format(**said)
    else:
        said["who"] = _who(record.by)
        text = _("Move {ply}: {player}, {who}, plays {move}").format(**said)
    details = []
    if record.seconds is not None:
        details.append(_("{seconds} s").format(seconds=fixed(record.seconds, 3)))
    if record.stats:
        stats = record.stats
        if "nodes" in stats:
            nodes = stats["nodes"]
            details.append(ngettext("{n} node", "{n} nodes", nodes).format(n=count(nodes)))
        cutoffs = stats.get("cutoffs_by_max", 0) + stats.get("cutoffs_by_min", 0)
        if cutoffs:
            details.append(ngettext("{n} cutoff", "{n} cutoffs", cutoffs).format(n=count(cutoffs)))
        if stats.get("max_depth"):
            details.append(_("depth {depth}").format(depth=stats["max_depth"]))
    return text + (f" ({', '.join(details)})" if details else "")


def outcome_text(game: Game, state: Any) -> str:
    """The end of a game in words: who won, a draw, or that it is not over."""
    if not game.terminal_test(state):
        return _("The game is not over: {player} to move.").format(player=game.to_move(state))
    first, second = game.players[:2]
    value = game.utility(state, first)
    if value > 0:
        return _("{player} wins.").format(player=first)
    if value < 0:
        return _("{player} wins.").format(player=second)
    return _("Draw.")


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
    output(describe_log(log))
    final = None
    for state, record in zip(replay(log), [None, *log.moves], strict=True):
        if step and final is not None:
            wait(_("(Enter for the next move) "))
        output(_("Start") if record is None else describe_record(record, log.game))
        output(board_text(log.game, state))
        output("")
        final = state
    output(outcome_text(log.game, final))
    return final
