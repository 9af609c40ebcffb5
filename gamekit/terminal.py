"""Play a game against an engine in a terminal: plain input and output, so it works over ssh.

``python -m gamekit play tictactoe`` (see ``python -m gamekit play --help``) calls
`play_in_terminal`. The board is printed after every move, with X and O in the course's colours
when the output is a terminal and the ``NO_COLOR`` environment variable is not set. What you type
is read as text, never evaluated:

- a cell as ``2 3`` (row 2, column 3) or ``c2`` (column letter c, row 2), as Hex players write;
- a Connect Four column as one number, ``4``;
- a Quarto turn as a cell and the piece you give, ``b3 LSSO``; only the piece on the first
  turn; only the cell when your placement wins or uses the last piece;
- a Hex cell, or ``swap`` when the swap rule offers it;
- or a command: ``undo`` (take back your last move and the engine's answer), ``hint`` (what the
  engine would play, and what it thinks of the position), ``help``, ``quit``.

The game is written to a move log (`gamekit.movelog`) when it ends, however it ends; the path is
printed last.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any, TextIO

from gamekit.games import Game, IllegalMoveError
from gamekit.movelog import GameLog, kind_of
from gamekit.tournament import ENGINES, evaluations, search_player

COMMANDS = ("undo", "hint", "help", "quit")

# The eight basic ANSI colours (codes 30..37) and the RGB they usually show.
ANSI_RGB = {
    30: (0, 0, 0),
    31: (205, 0, 0),
    32: (0, 205, 0),
    33: (205, 205, 0),
    34: (0, 0, 238),
    35: (205, 0, 205),
    36: (0, 205, 205),
    37: (229, 229, 229),
}


def nearest_ansi(colour: str) -> int:
    """The basic ANSI foreground code (30..37) nearest to ``colour`` ``'#rrggbb'``.

    >>> nearest_ansi("#1f4e9c"), nearest_ansi("#c0392b"), nearest_ansi("#f5c518")
    (34, 31, 33)
    """
    rgb = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return min(
        ANSI_RGB,
        key=lambda code: sum((a - b) ** 2 for a, b in zip(rgb, ANSI_RGB[code], strict=True)),
    )


def mark_colours(game: Game) -> dict[str, int]:
    """ANSI codes for X and O: the colours `gamekit.draw` paints them with on this game's board."""
    from gamekit.draw import DISC_COLOURS, O_COLOUR, X_COLOUR

    if kind_of(game).name == "connect-four":
        return {mark: nearest_ansi(colour) for mark, colour in DISC_COLOURS.items()}
    return {"X": nearest_ansi(X_COLOUR), "O": nearest_ansi(O_COLOUR)}


def colour_wanted(stream: TextIO) -> bool:
    """Colours only on a terminal, and only if ``NO_COLOR`` is not set (https://no-color.org)."""
    return "NO_COLOR" not in os.environ and hasattr(stream, "isatty") and stream.isatty()


# --------------------------------------------------------------------------------------------
# Boards as text
# --------------------------------------------------------------------------------------------


def _letter(col: int) -> str:
    from gamekit.hex import column_letters

    return column_letters(col)


def board_text(game: Game, state: Any, colour: bool = False) -> str:
    """The board with the labels a person needs to name a cell, X and O coloured if asked.

    >>> from gamekit.games import TicTacToe
    >>> game = TicTacToe()
    >>> print(board_text(game, game.replay([(2, 2), (1, 3)])))
      a b c
    1 . . O
    2 . X .
    3 . . .
    """
    kind = kind_of(game).name
    if kind not in ("tictactoe", "connect-four"):
        return str(state)  # Hex and Quarto boards carry their own labels
    codes = mark_colours(game) if colour else {}

    def paint(row: str) -> str:
        return " ".join(f"\033[1;{codes[ch]}m{ch}\033[0m" if ch in codes else ch for ch in row)

    if kind == "connect-four":  # column numbers below, since a move is a column
        numbers = " ".join(str(col % 10) for col in range(1, state.v + 1))
        return "\n".join([*(paint(row) for row in state.rows()), numbers])
    width = len(str(state.h))
    header = " " * (width + 1) + " ".join(_letter(col) for col in range(1, state.v + 1))
    rows = [f"{r:>{width}} {paint(row)}" for r, row in enumerate(state.rows(), 1)]
    return "\n".join([header, *rows])


def move_text(game: Game, move: Any) -> str:
    """A move the way a player would say it: ``b3 (row 3, column 2)``, ``column 4``, ``c5``."""
    kind = kind_of(game).name
    if kind == "connect-four":
        return f"column {move[1]}"
    if kind == "tictactoe":
        return f"{_letter(move[1])}{move[0]} (row {move[0]}, column {move[1]})"
    if kind == "hex":
        from gamekit.movelog import encode_move

        return str(encode_move(game, move))
    return str(move)


# --------------------------------------------------------------------------------------------
# What a person types
# --------------------------------------------------------------------------------------------


def _cell(text: str, size: tuple[int, int]) -> tuple[int, int]:
    """``'2 3'``, ``'2,3'``, ``'(2, 3)'`` or ``'c2'`` as ``(row, col)``; `ValueError` if none."""
    from gamekit.hex import parse_cell

    numbers = text.strip().strip("()[]").replace(",", " ").split()
    if len(numbers) == 2 and all(n.isdecimal() for n in numbers):
        cell = (int(numbers[0]), int(numbers[1]))
    else:
        try:
            cell = parse_cell(text)
        except ValueError:
            raise ValueError(
                f"{text.strip()!r} is not a cell: type the row and column ('2 3') "
                "or the column letter and row ('c2')"
            ) from None
    rows, cols = size
    if not (1 <= cell[0] <= rows and 1 <= cell[1] <= cols):
        raise ValueError(
            f"{text.strip()!r} is off the board: rows 1..{rows}, columns 1..{cols} "
            f"(a..{_letter(cols)})"
        )
    return cell


def parse_input(game: Game, state: Any, text: str) -> Any:
    """The move ``text`` names in ``state``, checked against the legal moves.

    Raises `ValueError` (`IllegalMoveError` for a move that is not legal) with a message that
    says what was expected.

    >>> from gamekit.games import ConnectFour
    >>> game = ConnectFour()
    >>> parse_input(game, game.initial, "4")
    (6, 4)
    >>> parse_input(game, game.initial, "9")
    Traceback (most recent call last):
    ...
    ValueError: '9' is not a column: type a column number 1..7
    """
    kind = kind_of(game).name
    text = text.strip()
    if not text:
        raise ValueError("type a move, or help")
    if kind == "connect-four":
        if not (text.isdecimal() and 1 <= int(text) <= game.v):
            raise ValueError(f"{text!r} is not a column: type a column number 1..{game.v}")
        return game.drop(state, int(text)).last_move
    if kind == "tictactoe":
        move = _cell(text, (game.h, game.v))
        legal = game.actions(state)
        if move not in legal:
            empty = " ".join(f"{_letter(c)}{r}" for r, c in legal)
            raise IllegalMoveError(f"{move_text(game, move)} is taken; empty cells: {empty}")
    elif kind == "hex":
        move = game.parse_move(text)
    else:
        move = _quarto_move(state, text)
    game.result(state, move)  # raises IllegalMoveError, saying why
    return move


def _quarto_move(state: Any, text: str) -> Any:
    from gamekit.quarto import QuartoMove, parse_piece

    words = text.replace(",", " ").split()
    pieces = [w for w in words if len(w) == 4 and w.isalpha()]
    if len(pieces) > 1:
        raise ValueError(f"name one piece to give, got {' '.join(pieces)}")
    give = parse_piece(pieces[0]) if pieces else None
    rest = " ".join(w for w in words if w not in pieces)
    cell = _cell(rest, (4, 4)) if rest else None
    if state.to_place is not None and cell is None:
        raise ValueError("say where to place the piece in hand: a cell such as 'b3' or '3 2'")
    return QuartoMove(cell, give)


# --------------------------------------------------------------------------------------------
# Hints
# --------------------------------------------------------------------------------------------


def value_words(value: float | None, exact: bool) -> str:
    """A search value (for the player to move) in words.

    >>> value_words(999_997, exact=False), value_words(0, exact=True), value_words(-1, exact=True)
    ('you win in 3 plies', 'a draw with best play', 'a loss with best play')
    """
    from gamekit.search import WIN

    if value is None:
        return "no value: the search ran out of time"
    if exact:
        return {1: "a win", 0: "a draw", -1: "a loss"}.get(
            (value > 0) - (value < 0), "?"
        ) + " with best play"
    if abs(value) > WIN / 2:
        plies = round(WIN - abs(value))
        unit = "ply" if plies == 1 else "plies"
        return f"you win in {plies} {unit}" if value > 0 else f"you lose in {plies} {unit}"
    return f"{value:+.3g} by the evaluation (positive is good for you)"


class Engine:
    """The engine you play: its player, its label, and how it gives a hint."""

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
        self.game, self.name, self.depth = game, name, depth
        self.time_limit, self.iterations, self.seed = time_limit, iterations, seed
        self.player = search_player(
            name,
            game=game,
            depth=depth,
            evaluation=evaluation,
            time_limit=time_limit,
            iterations=iterations,
            seed=seed,
            traced=name != "random",
        )
        known = evaluations(game)
        self.eval_fn = known[evaluation or next(iter(known))]
        options = []
        if name in ("minimax", "alphabeta", "negamax"):
            options.append("to the end" if depth is None and time_limit is None else "")
            options.append(f"depth {depth}" if depth is not None else "")
            options.append(f"{time_limit:g} s" if time_limit and name == "negamax" else "")
        if name == "mcts":
            options.append(f"{time_limit:g} s" if time_limit else f"{iterations} iterations")
        self.label = name + (f" ({', '.join(o for o in options if o)})" if any(options) else "")

    def hint(self, state: Any) -> str:
        """What the engine suggests in ``state``, and its value in words when it has one."""
        game = self.game
        if self.name == "mcts":
            from gamekit.mcts import child_statistics, mcts_search

            budget = {"seconds": self.time_limit} if self.time_limit else {}
            budget = budget or {"iterations": self.iterations or 200}
            move, root = mcts_search(state, game, seed=self.seed, with_tree=True, **budget)
            best = child_statistics(root)[0]
            return (
                f"mcts suggests {move_text(game, move)}: average result {best.mean:+.2f} "
                f"over {best.N} simulated games (+1 a win for you, -1 a loss)"
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
        return f"{who} suggests {move_text(game, move)}: {value_words(value, exact)}"


# --------------------------------------------------------------------------------------------
# The game loop
# --------------------------------------------------------------------------------------------

HELP = """Type a move, or a command:
  undo   take back your last move and the engine's answer
  hint   what the engine would play here, and what it thinks of the position
  help   this text
  quit   stop (the game is still logged)"""

MOVE_FORMATS = {
    "tictactoe": "a cell: row and column '2 3', or column letter and row 'c2'",
    "connect-four": "a column number, such as 4",
    "hex": "a cell name such as 'c5' (column letter, row number), or row and column '5 3'",
    "quarto": (
        "the cell for the piece in hand and the piece you give, such as 'b3 LSSO' or '3 2 LSSO';"
        " on the first turn only the piece; only the cell when it wins or uses the last piece."
        " Pieces: Dark/Light, Round/Square, Tall/Short, Hollow/sOlid"
    ),
}


def default_log_path(game: Game) -> str:
    """``<game>-<date>-<time>.jsonl`` in the current directory."""
    return f"{kind_of(game).name}-{datetime.now().strftime('%Y%m%d-%H%M%S')}.jsonl"


def play_in_terminal(
    game: Game,
    engine: Engine,
    you: str = "X",
    *,
    log_path: str | None = None,
    input_fn: Callable[[str], str] = input,
    out: TextIO | None = None,
    colour: bool | None = None,
) -> GameLog:
    """Play ``game`` against ``engine`` as ``you`` ('X' moves first); return the game's log.

    The log is saved to ``log_path`` (default `default_log_path`) when the game ends, is quit,
    or is interrupted.
    """
    out = sys.stdout if out is None else out
    if you not in game.players:
        raise ValueError(f"you must be one of {list(game.players)}, got {you!r}")
    colour = colour_wanted(out) if colour is None else colour
    kind = kind_of(game).name
    other = next(side for side in game.players if side != you)
    log = GameLog.new(game, {you: "you", other: engine.label}, seed=engine.seed)
    log_path = log_path or default_log_path(game)

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    say(f"{game!r}: you are {you}, the engine is {engine.label}. {game.players[0]} moves first.")
    say(f"Moves: {MOVE_FORMATS[kind]}. Commands: {', '.join(COMMANDS)}.")
    state = game.initial
    history: list[tuple[Any, int]] = []  # (state before each of your moves, moves logged then)
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
                say(f"{engine.name} plays {move_text(game, move)} ({figures})")
                state = after
                continue
            say()
            say(board_text(game, state, colour))
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
                say(HELP)
                say(f"Moves: {MOVE_FORMATS[kind]}.")
            elif command == "hint":
                say(engine.hint(state))
            elif command == "undo":
                if not history:
                    say("Nothing to undo: you have not moved yet.")
                else:
                    state, logged = history.pop()
                    del log.moves[logged:]
                    say("Took back your last move and the engine's answer.")
            else:
                try:
                    move = parse_input(game, state, text)
                except (ValueError, IllegalMoveError) as error:
                    say(f"{str(error).rstrip('.')}. Try again, or type help.")
                    continue
                after = game.result(state, move)
                history.append((state, len(log.moves)))
                log.add(state, move, after, seconds=time.perf_counter() - start)
                state = after
        else:
            say()
            say(board_text(game, state, colour))
            winner = [side for side in game.players if game.utility(state, side) > 0]
            if not winner:
                say("Draw.")
            else:
                say("You win!" if winner[0] == you else f"{engine.name} wins.")
    finally:
        log.save(log_path)
        say(f"Game log: {os.path.abspath(log_path)}")
    return log


__all__ = [
    "ENGINES",
    "Engine",
    "board_text",
    "move_text",
    "parse_input",
    "play_in_terminal",
]
