"""Players: callables ``player(game, state) -> move`` that `Game.play_game` can call in turn.

Each function here *makes* a player, so options are set once:

>>> from gamekit.games import TicTacToe
>>> game = TicTacToe()
>>> game.play_game(alphabeta_player(), alphabeta_player())
0
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from gamekit.games import Game
from gamekit.mcts import check_options as check_mcts_options
from gamekit.mcts import mcts_search
from gamekit.negamax import OrderKey, TranspositionTable, negamax_search
from gamekit.negamax import check_options as check_negamax_options
from gamekit.search import (
    EvalFn,
    _check_depth,
    alphabeta_cutoff_search,
    alphabeta_search,
    expectiminimax,
    minimax_decision,
    scored_result,
)
from gamekit.trace import Trace, run_traced


class SearchPlayer:
    """A player that asks an engine for its move. ``last_trace`` keeps the latest search."""

    def __init__(
        self, name: str, engine: Callable[..., Any], *, traced: bool = False, **options: Any
    ) -> None:
        self.__name__ = name
        self.engine = engine
        self.options = options
        self.traced = traced
        self.last_trace: Trace | None = None

    def __call__(self, game: Game, state: Any) -> Any:
        if isinstance(state, Game) or not isinstance(game, Game):
            raise TypeError(f"{self.__name__} is called as {self.__name__}(game, state)")
        if self.traced:
            move, self.last_trace = run_traced(self.engine, state, game, **self.options)
            return move
        return self.engine(state, game, **self.options)

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={getattr(v, '__name__', v)!r}" for k, v in self.options.items())
        return f"{self.__name__}({options})"


def _not_a_player(name: str, args: tuple[Any, ...]) -> None:
    """Catch the seed notebooks' habit of passing the factory itself as a player.

    Options are keyword-only, so any other positional argument (``alphabeta_player(4)``) is a
    mistake too: refuse it rather than silently ignore it.
    """
    if args and isinstance(args[0], Game):
        raise TypeError(f"{name} makes a player: pass {name}(), not {name}, to play_game")
    if args:
        raise TypeError(
            f"{name} takes its options as keywords, {name}(option=value); "
            f"got positional arguments {args!r}"
        )


def random_player(
    *args: Any, seed: int | random.Random | None = None
) -> Callable[[Game, Any], Any]:
    """A player that picks a legal move uniformly at random; ``seed`` makes it repeatable."""
    _not_a_player("random_player", args)
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def play(game: Game, state: Any) -> Any:
        return rng.choice(game.actions(state))

    play.__name__ = "random_player"
    return play


def minimax_player(*args: Any, traced: bool = False) -> SearchPlayer:
    """A player that searches the whole game tree with `minimax_decision`."""
    _not_a_player("minimax_player", args)
    return SearchPlayer("minimax_player", minimax_decision, traced=traced)


def alphabeta_player(
    *args: Any, depth: int | None = None, eval_fn: EvalFn | None = None, traced: bool = False
) -> SearchPlayer:
    """A player using alpha-beta: to the end when ``depth`` is None, else depth-limited."""
    _not_a_player("alphabeta_player", args)
    if depth is None and eval_fn is None:
        return SearchPlayer("alphabeta_player", alphabeta_search, traced=traced)
    _check_depth(depth, eval_fn)
    return SearchPlayer(
        "alphabeta_player", alphabeta_cutoff_search, traced=traced, depth=depth, eval_fn=eval_fn
    )


def expectimax_player(
    *args: Any,
    depth: int | None = None,
    eval_fn: EvalFn | None = None,
    random_opponent: bool = True,
    traced: bool = False,
) -> SearchPlayer:
    """A player using `expectiminimax`, by default modelling the opponent as uniformly random."""
    _not_a_player("expectimax_player", args)
    _check_depth(depth, eval_fn)
    return SearchPlayer(
        "expectimax_player",
        expectiminimax,
        traced=traced,
        depth=depth,
        eval_fn=eval_fn,
        random_opponent=random_opponent,
    )


def negamax_player(
    *args: Any,
    depth: int | None = None,
    time_limit: float | None = None,
    eval_fn: EvalFn | None = None,
    order: OrderKey | None = None,
    table: bool = True,
    traced: bool = False,
) -> SearchPlayer:
    """A player using `gamekit.negamax.negamax_search`.

    With ``time_limit`` (seconds) it deepens iteratively, up to ``depth`` plies if given. With
    ``table`` each move's search gets a fresh transposition table (a table key holds the ply
    below the root, so entries from an earlier move would never be found again).
    """
    _not_a_player("negamax_player", args)
    check_negamax_options(depth, eval_fn, order, None, time_limit)
    if not isinstance(table, bool):
        raise ValueError(f"table must be True or False, got {table!r}")
    options = {"depth": depth, "eval_fn": eval_fn, "order": order, "time_limit": time_limit}
    engine = _negamax_with_table if table else negamax_search
    return SearchPlayer("negamax_player", engine, traced=traced, **options)


def _negamax_with_table(state: Any, game: Game, **options: Any) -> Any:
    """`negamax_search` with a new transposition table."""
    return negamax_search(state, game, table=TranspositionTable(), **options)


def mcts_player(
    *args: Any,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int | random.Random | None = None,
    c: float = math.sqrt(2),
    traced: bool = False,
) -> SearchPlayer:
    """A player using `gamekit.mcts.mcts_search` with ``iterations`` or ``seconds`` per move.

    One random generator, made from ``seed``, serves all the player's moves, so a seeded game is
    repeatable while each move's search still draws new random numbers.
    """
    _not_a_player("mcts_player", args)
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    options = {"iterations": iterations, "seconds": seconds, "c": c, "seed": rng}
    check_mcts_options(iterations, seconds, c, None)
    return SearchPlayer("mcts_player", mcts_search, traced=traced, **options)


def human_player(
    *args: Any, input_fn: Callable[[str], str] = input, output_fn: Callable[[str], None] = print
) -> Callable[[Game, Any], Any]:
    """A player that asks a person for a move, and asks again until the answer is legal.

    The answer is matched against the legal moves' text: ``2,3``, ``(2, 3)`` or ``2 3`` for the
    cell ``(2, 3)``; an edge label such as ``a2`` in a `GameTree`; for Connect Four a column
    number alone is enough. Nothing typed is ever evaluated as code.
    """
    _not_a_player("human_player", args)

    def play(game: Game, state: Any) -> Any:
        legal = game.actions(state)
        game.display(state)
        while True:
            text = input_fn(f"Your move {legal}: ").strip()
            move = parse_move(text, legal)
            if move is not None:
                return move
            output_fn(f"{text!r} is not a legal move here; choose one of {legal}")

    play.__name__ = "human_player"
    return play


def parse_move(text: str, legal: list[Any]) -> Any | None:
    """The legal move that ``text`` names, or None."""
    cleaned = text.strip().strip("()[]").replace(",", " ").split()
    for move in legal:
        if isinstance(move, tuple):
            if [str(part) for part in move] == cleaned:
                return move
        elif str(move) == text.strip():
            return move
    if len(cleaned) == 1 and cleaned[0].isdecimal():  # a column number (Connect Four)
        in_column = [
            m for m in legal if isinstance(m, tuple) and len(m) == 2 and m[1] == int(cleaned[0])
        ]
        if len(in_column) == 1:
            return in_column[0]
    return None


def greedy_player(eval_fn: EvalFn, *args: Any) -> Callable[[Game, Any], Any]:
    """A player that looks one ply ahead and takes the move with the best evaluation.

    It never asks what the opponent will answer: the lesson is that it loses to any search
    that does. A move that ends the game is scored like a real result (see `scored_result`).
    """
    if isinstance(eval_fn, Game) or not callable(eval_fn) or args:
        raise TypeError("greedy_player makes a player: pass greedy_player(eval_fn) to play_game")

    def play(game: Game, state: Any) -> Any:
        return max(game.actions(state), key=lambda move: greedy_score(game, state, move, eval_fn))

    play.__name__ = "greedy_player"
    return play


def greedy_score(game: Game, state: Any, move: Any, eval_fn: EvalFn) -> float:
    """What `greedy_player` maximises: ``move``'s evaluation one ply ahead, for the mover."""
    player = game.to_move(state)
    child = game.result(state, move)
    if game.terminal_test(child):
        return scored_result(game.utility(child, player), 1)
    return eval_fn(child, player)
