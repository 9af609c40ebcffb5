"""Part 3 and 4: counting the nodes a search generates, and ordering moves."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from gamekit.games import Game, OrderedGame, TicTacToe
from gamekit.grading import (
    GradingError,
    require_number,
    require_plain,
    require_type,
)
from gamekit.trace import run_traced

infinity = math.inf
EvalFn = Callable[[Any, str], float]


# --------------------------------------------------------------------------------------------
# Counting nodes, ordering moves
# --------------------------------------------------------------------------------------------


def check_nodes_by_depth(
    fn: Callable[..., Any], game: Game, positions: Sequence[Any], engines: Sequence[Callable]
) -> None:
    """``fn(engine, game, positions)`` must give ``{len(game.actions(p)): nodes}``: the nodes
    (root included) each engine generates searching each position, as ``trace.stats.nodes``."""
    for engine in engines:
        try:
            answer = fn(engine, game, list(positions))
        except (NotImplementedError, GradingError):
            raise
        except Exception as error:
            raise GradingError(
                f"nodes_by_depth raised {type(error).__name__}: {error}",
                code="raised:nodes_by_depth",
            ) from error
        require_type(answer, dict, "nodes_by_depth's answer")
        require_plain(answer, "nodes_by_depth's answer")
        expected, leaves = {}, {}
        for position in positions:
            _, trace = run_traced(engine, position, game)
            expected[len(game.actions(position))] = trace.stats.nodes
            leaves[len(game.actions(position))] = trace.stats.leaf_evaluations
        if set(answer) != set(expected):
            raise GradingError(
                "nodes_by_depth: the keys should be the number of legal moves of each position "
                "given (for tic-tac-toe, its empty cells), one key per position",
                code="shape:nodes_by_depth",
            )
        for key, nodes in answer.items():
            require_type(nodes, int, f"the count for {key} legal moves")
        wrong = sorted(k for k in expected if answer[k] != expected[k])
        if wrong:
            hint = ""
            if all(answer[k] == expected[k] - 1 for k in wrong):
                hint = " (the root counts too: trace.stats.nodes includes it)"
            elif all(answer[k] == leaves[k] for k in wrong):
                hint = " (count every generated node, trace.stats.nodes, not only the leaves)"
            raise GradingError(
                f"nodes_by_depth: wrong node count for the positions with "
                f"{', '.join(map(str, wrong))} legal moves{hint}",
                code="witness:nodes_by_depth",
            )


def _lines_through(game: TicTacToe, move: tuple[int, int]) -> int:
    """How many winning lines of a 3 x 3 board pass through ``move``: 4, 3 (corner) or 2."""
    row, col = move
    return 2 + (row == col) + (row + col == game.h + 1)


def check_ordering_key(key: Callable[..., Any], states: Sequence[Any]) -> None:
    """``OrderedGame(TicTacToe(), key)`` must put the centre first, then corners, then edges."""
    game = TicTacToe()
    for state in states:
        for move in game.actions(state):
            try:
                score = key(game, state, move)
            except (NotImplementedError, GradingError):
                raise
            except Exception as error:
                raise GradingError(
                    f"your ordering key raised {type(error).__name__}: {error}",
                    code="raised:centre_first",
                ) from error
            require_number(score, f"the key of move {move}")
        ordered = OrderedGame(game, key).actions(state)
        groups = [_lines_through(game, m) for m in ordered]
        if groups != sorted(groups, reverse=True):
            names = {4: "the centre", 3: "a corner", 2: "an edge"}
            i = next(i for i in range(len(groups) - 1) if groups[i] < groups[i + 1])
            raise GradingError(
                f"move ordering: on some board your key puts {names[groups[i]]} before "
                f"{names[groups[i + 1]]}; the order is centre, then corners, then edges "
                "(lower key first)",
                code="witness:centre_first",
            )
