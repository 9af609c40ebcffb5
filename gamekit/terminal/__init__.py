"""Play a game against an engine in a terminal: plain input and output, so it works over ssh.

``python -m gamekit play tictactoe`` (see ``python -m gamekit play --help``) calls
`play_in_terminal`. Every board is printed with its coordinates, and moves are typed, and
printed, in that same notation (`move_text`):

- a cell of tic-tac-toe or Hex as its column letter and row number, ``b2`` (the letters are
  above the board, the numbers on its left); ``swap`` in Hex when the swap rule offers it;
- a Connect Four column as its number, ``4`` (the numbers are under the board);
- a Quarto turn as the cell for the piece in hand and the piece you give, ``b3 LQSF``; only the
  piece on the very first turn; only the cell when the placement wins or uses the last piece;
- or a command: ``undo`` (take back your last move and the engine's answer), ``hint`` (what the
  engine would play, and what it thinks of the position; in Connect Four on the standard 7 x 6
  board, every column's exact value from the solver, `gamekit.terminal.exact`), ``help``,
  ``quit``.

What you type is read as text, never evaluated. Each mistake is answered with one sentence that
names the problem and what you can type instead. X and O are in the course's colours when the
output is a terminal and the ``NO_COLOR`` environment variable is not set.

Nothing is written to disk unless ``log_path`` (``--log FILE``) is given: then the game's move
log (`gamekit.movelog`) is saved there when the game ends, however it ends, and
``python -m gamekit replay FILE`` shows it again.
"""

from __future__ import annotations

import os
import sys
import textwrap
import time
from collections.abc import Callable
from typing import Any, TextIO

from gamekit.engine_names import TERMINAL_ENGINES, engine_name, tournament_name
from gamekit.games import Game
from gamekit.i18n import _, count, ngettext, number, signed, speaking
from gamekit.movelog import GameLog, kind_of
from gamekit.search import WIN
from gamekit.terminal.exact import HINT_SECONDS, exact_available, exact_hint
from gamekit.terminal.moves import example_move, move_help, parse_input
from gamekit.terminal.text import (
    COMMAND_WORDS,
    COMMANDS,
    board_text,
    colour_wanted,
    command_list,
    command_words,
    game_title,
    joined,
    mark_colours,
    move_text,
    move_words,
    nearest_ansi,
    outcome_words,
    quarto_value_words,
    value_words,
)
from gamekit.tournament import evaluations, search_player
from gamekit.tournament.named import DEFAULT_ITERATIONS

__all__ = [
    "Engine",
    "board_text",
    "example_move",
    "help_text",
    "mark_colours",
    "move_help",
    "move_text",
    "move_words",
    "nearest_ansi",
    "parse_input",
    "play_in_terminal",
    "value_words",
]


class Engine:
    """The engine you play: its player, its label, and how it gives a hint.

    ``name`` is one of `gamekit.engine_names.TERMINAL_ENGINES`, in any spelling the course reads
    (``alphabeta`` is ``alpha-beta``); an unknown name raises `ValueError` with the list.
    """

    def __init__(
        self,
        game: Game,
        name: str,
        *,
        depth: int | None = None,
        evaluation: str | None = None,
        time_limit: float | None = None,
        iterations: int | None = None,
        seed: int | None = None,
    ) -> None:
        name = engine_name(name, TERMINAL_ENGINES)
        self.game, self.name, self.depth = game, name, depth
        self.time_limit, self.seed = time_limit, seed
        self.iterations = DEFAULT_ITERATIONS if iterations is None else iterations
        self.player = search_player(
            tournament_name(name),
            game=game,
            depth=depth,
            evaluation=evaluation,
            time_limit=time_limit,
            iterations=iterations,
            seed=seed,
            traced=name != "random",
        )
        known = evaluations(game)
        self.evaluation = evaluation or next(iter(known))
        self.eval_fn = known[self.evaluation]

    @property
    def label(self) -> str:
        """The engine and its settings, in the language in use: ``alpha-beta (depth 4)``."""
        name, depth, time_limit = self.name, self.depth, self.time_limit
        options = []
        if name in ("minimax", "alpha-beta", "negamax"):
            if depth is None and time_limit is None:
                options.append(_("to the end"))
            if depth is not None:
                options.append(_("depth {depth}").format(depth=depth))
            if time_limit and name == "negamax":
                options.append(_("{seconds} s").format(seconds=number(time_limit)))
        if name == "mcts":
            if time_limit:
                options.append(_("{seconds} s").format(seconds=number(time_limit)))
            else:
                options.append(
                    ngettext("{n} iteration", "{n} iterations", self.iterations).format(
                        n=count(self.iterations)
                    )
                )
        return name + (f" ({', '.join(options)})" if options else "")

    @property
    def log_label(self) -> str:
        """The label in English, as a move log keeps it (a log is data, read in any language)."""
        with speaking("en"):
            return self.label

    def hint(self, state: Any) -> str:
        """What the engine suggests in ``state``, and its value in words, as one sentence."""
        game = self.game
        if self.name == "mcts":
            from gamekit.mcts import child_statistics, mcts_search

            budget = {"seconds": self.time_limit} if self.time_limit else {}
            budget = budget or {"iterations": self.iterations}
            move, root = mcts_search(state, game, seed=self.seed, with_tree=True, **budget)
            best = child_statistics(root)[0]
            return _(
                "mcts suggests {move}: average result {mean} over {games} simulated games (+1 a "
                "win for you, -1 a loss)."
            ).format(move=self._named(state, move), mean=signed(best.mean, 2), games=count(best.N))
        from gamekit.negamax import negamax_search

        depth = self.depth if self.name != "random" else 2
        time_limit = self.time_limit if self.name == "negamax" else None
        exact = depth is None and time_limit is None
        value, move = negamax_search(
            state,
            game,
            depth,
            None if exact else self.eval_fn,
            time_limit=time_limit,
            with_value=True,
        )
        who = (
            _("negamax at depth 2 (random has no opinion)") if self.name == "random" else self.name
        )
        words = value_words(value, exact)
        quarto = kind_of(game).name == "quarto"
        if quarto and not exact and value is not None and abs(value) <= WIN / 2:
            # an evaluation, not a win found: a verdict, and what the number means
            words = quarto_value_words(value, self.evaluation, depth)
        return _("{engine} suggests {move}: {words}.").format(
            engine=who, move=self._named(state, move), words=words
        )

    def _named(self, state: Any, move: Any) -> str:
        """``move`` as typed, with what it does in brackets when the notation is terse."""
        words = move_words(self.game, state, move, engine=False)
        return move_text(self.game, move) + (f" ({words})" if words else "")


# --------------------------------------------------------------------------------------------
# The game loop
# --------------------------------------------------------------------------------------------


def help_text(game: Game, state: Any = None) -> str:
    """What ``help`` prints in ``state``: the commands, then how moves are typed."""
    hint = _("ask the engine which move it would play, and what it thinks of the position")
    if exact_available(game):
        hint = _(
            "every column's exact value for you, with perfect play (win, draw or loss in n "
            "moves); searches up to {seconds} s, Ctrl-C stops it and shows what is proven"
        ).format(seconds=number(HINT_SECONDS))
    said = {
        "undo": _("take back your last move and the engine's answer"),
        "hint": hint,
        "help": _("show this text"),
        "quit": _("stop the game"),
    }
    words = command_list()
    width = max(len(word) for word in words) + 3
    lines = [_("Type a move, or a command:")]
    for word, command in zip(words, COMMANDS, strict=True):
        wrapped = textwrap.wrap(said[command], 88 - width - 2) or [""]
        lines.append("  " + word.ljust(width) + wrapped[0])
        lines += [" " * (width + 2) + more for more in wrapped[1:]]
    return "\n".join([*lines, move_help(game, state)])


def play_in_terminal(
    game: Game,
    engine: Engine,
    you: str = "X",
    *,
    log_path: str | os.PathLike[str] | None = None,
    input_fn: Callable[[str], str] = input,
    out: TextIO | None = None,
    colour: bool | None = None,
    hint_seconds: float = HINT_SECONDS,
) -> GameLog:
    """Play ``game`` against ``engine`` as ``you`` ('X' moves first); return the game's log.

    In standard Connect Four, ``hint`` prints every column's exact value, searching at most
    ``hint_seconds``.

    The log is saved to ``log_path`` when the game ends, is quit, or is interrupted; without
    ``log_path`` nothing is written.
    """
    out = sys.stdout if out is None else out
    if you not in game.players:
        raise ValueError(f"you must be X or O, got {you!r}")
    colour = colour_wanted(out) if colour is None else colour
    other = next(side for side in game.players if side != you)
    label = getattr(engine, "log_label", engine.label)  # an engine of your own may lack it
    log = GameLog.new(game, {you: "you", other: label}, seed=engine.seed)

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    first = game.players[0]
    say(game_title(game))
    say(
        _("You are {you}; the engine is {engine}. {first} moves first.").format(
            you=you, engine=engine.label, first=first
        )
    )
    say(move_help(game))
    say(_("Commands: {commands}.").format(commands=joined(command_list())))
    state = game.initial
    history: list[tuple[Any, int]] = []  # (state before each of your moves, moves logged then)
    show_board = True
    try:
        while not game.terminal_test(state):
            if game.to_move(state) != you:
                start = time.perf_counter()
                move = engine.player(game, state)
                seconds = time.perf_counter() - start
                after = game.result(state, move)
                trace = getattr(engine.player, "last_trace", None)
                stats = trace.stats if trace is not None else None
                log.add(state, move, after, seconds=seconds, stats=stats)
                figures = _("{seconds} s").format(seconds=signed(seconds, 2).lstrip("+"))
                if stats:
                    figures += ", " + ngettext("{n} node", "{n} nodes", stats.nodes).format(
                        n=count(stats.nodes)
                    )
                words = move_words(game, state, move, engine=True)
                said = {"engine": engine.name, "move": move_text(game, move), "figures": figures}
                say()
                if words:
                    say(
                        _("{engine} plays {move}: {words} ({figures}).").format(**said, words=words)
                    )
                else:
                    say(_("{engine} plays {move} ({figures}).").format(**said))
                state, show_board = after, True
                continue
            if show_board:
                say()
                say(board_text(game, state, colour))
            show_board = False
            start = time.perf_counter()
            try:
                text = input_fn(_("{you} to move> ").format(you=you))
            except EOFError:
                say()
                text = "quit"
            command = command_words().get(text.strip().lower(), text.strip().lower())
            if command in ("quit", "exit", "q"):
                say(_("You stopped the game."))
                break
            if command in ("help", "?"):
                say(help_text(game, state))
            elif command == "hint" and exact_available(game):
                exact_hint(game, state, seconds=hint_seconds, say=say)
            elif command == "hint":
                say(engine.hint(state))
            elif command == "undo":
                if not history:
                    say(
                        _(
                            "Nothing to undo: you have not moved yet; type a move, or {help}."
                        ).format(help=_(COMMAND_WORDS["help"]))
                    )
                else:
                    state, logged = history.pop()
                    taken = [move_text(game, r.move) for r in log.moves[logged:]]
                    del log.moves[logged:]
                    if len(taken) > 1:
                        say(
                            _("Took back your move {move} and {engine}'s answer {answer}.").format(
                                move=taken[0], engine=engine.name, answer=taken[1]
                            )
                        )
                    else:
                        say(_("Took back your move {move}.").format(move=taken[0]))
                    show_board = True
            else:
                try:
                    move = parse_input(game, state, text)
                except ValueError as error:  # IllegalMoveError too
                    say(str(error))
                    continue
                after = game.result(state, move)
                history.append((state, len(log.moves)))
                log.add(state, move, after, seconds=time.perf_counter() - start)
                state, show_board = after, True
        else:
            say()
            say(board_text(game, state, colour))
            say(outcome_words(game, state, you, engine.name))
    finally:
        if log_path is not None:
            log.save(log_path)
            say(_("Game log: {path}").format(path=os.path.abspath(log_path)))
    return log


__all__ = [
    "TERMINAL_ENGINES",
    "Engine",
    "board_text",
    "move_text",
    "outcome_words",
    "parse_input",
    "play_in_terminal",
]
