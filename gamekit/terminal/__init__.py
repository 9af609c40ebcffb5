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
import time
from collections.abc import Callable
from typing import Any, TextIO

from gamekit.engine_names import TERMINAL_ENGINES, engine_name, tournament_name
from gamekit.games import Game
from gamekit.movelog import GameLog, kind_of
from gamekit.search import WIN
from gamekit.terminal.exact import HINT_SECONDS, exact_available, exact_hint
from gamekit.terminal.moves import example_move, move_help, parse_input
from gamekit.terminal.text import (
    COMMANDS,
    board_text,
    colour_wanted,
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
        options = []
        if name in ("minimax", "alpha-beta", "negamax"):
            options.append("to the end" if depth is None and time_limit is None else "")
            options.append(f"depth {depth}" if depth is not None else "")
            options.append(f"{time_limit:g} s" if time_limit and name == "negamax" else "")
        if name == "mcts":
            options.append(f"{time_limit:g} s" if time_limit else f"{self.iterations} iterations")
        self.label = name + (f" ({', '.join(o for o in options if o)})" if any(options) else "")

    def hint(self, state: Any) -> str:
        """What the engine suggests in ``state``, and its value in words, as one sentence."""
        game = self.game
        if self.name == "mcts":
            from gamekit.mcts import child_statistics, mcts_search

            budget = {"seconds": self.time_limit} if self.time_limit else {}
            budget = budget or {"iterations": self.iterations}
            move, root = mcts_search(state, game, seed=self.seed, with_tree=True, **budget)
            best = child_statistics(root)[0]
            return (
                f"mcts suggests {self._named(state, move)}: average result {best.mean:+.2f} "
                f"over {best.N} simulated games (+1 a win for you, -1 a loss)."
            )
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
        who = "negamax at depth 2 (random has no opinion)" if self.name == "random" else self.name
        words = value_words(value, exact)
        quarto = kind_of(game).name == "quarto"
        if quarto and not exact and value is not None and abs(value) <= WIN / 2:
            # an evaluation, not a win found: a verdict, and what the number means
            words = quarto_value_words(value, self.evaluation, depth)
        return f"{who} suggests {self._named(state, move)}: {words}."

    def _named(self, state: Any, move: Any) -> str:
        """``move`` as typed, with what it does in brackets when the notation is terse."""
        words = move_words(self.game, state, move, engine=False)
        return move_text(self.game, move) + (f" ({words})" if words else "")


# --------------------------------------------------------------------------------------------
# The game loop
# --------------------------------------------------------------------------------------------


def help_text(game: Game, state: Any = None) -> str:
    """What ``help`` prints in ``state``: the commands, then how moves are typed."""
    hint = "ask the engine which move it would play, and what it thinks of the position"
    if exact_available(game):
        hint = (
            "every column's exact value for you, with perfect play (win, draw or loss in n\n"
            f"         moves); searches up to {HINT_SECONDS:g} s, Ctrl-C stops it and shows "
            "what is proven"
        )
    return "\n".join(
        [
            "Type a move, or a command:",
            "  undo   take back your last move and the engine's answer",
            f"  hint   {hint}",
            "  help   show this text",
            "  quit   stop the game",
            move_help(game, state),
        ]
    )


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
    log = GameLog.new(game, {you: "you", other: engine.label}, seed=engine.seed)

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    first = game.players[0]
    say(game_title(game))
    say(f"You are {you}; the engine is {engine.label}. {first} moves first.")
    say(move_help(game))
    say(f"Commands: {joined(COMMANDS)}.")
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
                figures = f"{seconds:.2f} s" + (f", {stats.nodes:,} nodes" if stats else "")
                words = move_words(game, state, move, engine=True)
                say()
                say(
                    f"{engine.name} plays {move_text(game, move)}"
                    + (f": {words}" if words else "")
                    + f" ({figures})."
                )
                state, show_board = after, True
                continue
            if show_board:
                say()
                say(board_text(game, state, colour))
            show_board = False
            start = time.perf_counter()
            try:
                text = input_fn(f"{you} to move> ")
            except EOFError:
                say()
                text = "quit"
            command = text.strip().lower()
            if command in ("quit", "exit", "q"):
                say("You stopped the game.")
                break
            if command in ("help", "?"):
                say(help_text(game, state))
            elif command == "hint" and exact_available(game):
                exact_hint(game, state, seconds=hint_seconds, say=say)
            elif command == "hint":
                say(engine.hint(state))
            elif command == "undo":
                if not history:
                    say("Nothing to undo: you have not moved yet; type a move, or help.")
                else:
                    state, logged = history.pop()
                    taken = [move_text(game, r.move) for r in log.moves[logged:]]
                    del log.moves[logged:]
                    answer = f" and {engine.name}'s answer {taken[1]}" if len(taken) > 1 else ""
                    say(f"Took back your move {taken[0]}{answer}.")
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
            say(f"Game log: {os.path.abspath(log_path)}")
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
