"""Part 3 and 4: counting the nodes a search generates, and ordering moves."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from gamekit.checks import (
    GradingError,
    require_number,
    require_plain,
    require_type,
)
from gamekit.games import Game, OrderedGame, TicTacToe
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
    _climb_counting_ladder(fn, engines)
    for engine in engines:
        answer = _count(fn, engine, game, list(positions))
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
            hint = _pattern(answer, expected, leaves, wrong)
            raise GradingError(
                f"nodes_by_depth: wrong node count for the positions with "
                f"{', '.join(map(str, wrong))} legal moves{hint}",
                code="witness:nodes_by_depth",
            )


class _Recorder:
    """The game an engine searches while it is recorded: it answers as ``game`` does and notes
    every method call, in order."""

    def __init__(self, game: Game) -> None:
        self._game = game
        self.calls: list[tuple[str, tuple, dict]] = []

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._game, name)
        if not callable(found):
            return found

        def noted(*args: Any, **kwargs: Any) -> Any:
            self.calls.append((name, args, kwargs))
            return found(*args, **kwargs)

        return noted


class RecordedEngine:
    """Stands in for one of the course's engines in the student's ``nodes_by_depth``.

    Handed one of the positions the check gives, it asks the game it is handed the questions
    that engine asked there, in the same order, and returns the move it chose: a trace counts
    the nodes the engine would generate. It searches nothing, so it answers no exercise; on any
    other position it raises. (gamekit's engines are not in a graded kernel's files.)"""

    def __init__(self, name: str, scripts: list[tuple[Any, list, Any]]) -> None:
        self.__name__ = name
        self.scripts = scripts

    def __call__(self, state: Any, game: Any) -> Any:
        for position, calls, move in self.scripts:
            if position == state:
                for name, args, kwargs in calls:
                    getattr(game, name)(*args, **kwargs)
                return move
        raise ValueError(
            f"{self.__name__} was handed a position that is not one of the positions given to "
            "nodes_by_depth (call the engine on each given position, as it is)"
        )


def recorded(engine: Callable, game: Game, positions: Sequence[Any]) -> RecordedEngine:
    """``engine``'s questions to ``game`` and its move on each of ``positions``, to replay."""
    scripts = []
    for position in positions:
        recorder = _Recorder(game)
        move = engine(position, recorder)
        scripts.append((position, recorder.calls, move))
    return RecordedEngine(getattr(engine, "__name__", "the engine"), scripts)


def _count(
    fn: Callable[..., Any], engine: Callable, game: Game, positions: list, where: str = ""
) -> Any:
    """The student's ``nodes_by_depth(engine, game, positions)``, with ``engine`` replayed from
    a recording (`RecordedEngine`); an error of theirs is a `GradingError` that says where."""
    engine = recorded(engine, game, positions)
    try:
        return fn(engine, game, positions)
    except (NotImplementedError, GradingError):
        raise
    except Exception as error:
        raise GradingError(
            f"nodes_by_depth raised {type(error).__name__}: {error}{where}",
            code="raised:nodes_by_depth",
        ) from error


def _pattern(answer: dict, expected: dict, leaves: dict, wrong: list) -> str:
    """What the wrong counts have in common with the trace's, when they all share it."""
    if all(answer[k] == expected[k] - 1 for k in wrong):
        return " (each is 1 less than trace.stats.nodes, which counts the root too)"
    if all(answer[k] == leaves[k] for k in wrong):
        return (
            " (each equals the leaves evaluated, trace.stats.leaf_evaluations, not the nodes "
            "generated, trace.stats.nodes)"
        )
    return ""


COUNTING_PROBES = (("XOX", "OXO", "..."), ("XO.", "OX.", "..."))
"""Public tic-tac-toe positions for ``nodes_by_depth``: 3 and 5 empty cells, X to move."""


def _climb_counting_ladder(fn: Callable[..., Any], engines: Sequence[Callable]) -> None:
    """Raise the first public position (and engine) where ``nodes_by_depth`` is wrong, with
    the count and what it is made of; return if right on every probe."""
    game = TicTacToe()
    for rows in COUNTING_PROBES:
        position = game.from_rows(list(rows))
        empty = len(game.actions(position))
        for engine in engines:
            _, trace = run_traced(engine, position, game)
            expected = {empty: trace.stats.nodes}
            answer = _count(fn, engine, game, [position], f" (on the position {' / '.join(rows)})")
            require_type(answer, dict, "nodes_by_depth's answer")
            require_plain(answer, "nodes_by_depth's answer")
            if set(answer) != set(expected):
                raise GradingError(
                    "nodes_by_depth: the keys should be the number of legal moves of each "
                    "position given (for tic-tac-toe, its empty cells), one key per position: "
                    f"for the position {' / '.join(rows)} ({empty} empty cells) it returned "
                    f"{answer!r}",
                    code="shape:nodes_by_depth",
                )
            require_type(answer[empty], int, f"the count for {empty} legal moves")
            if answer == expected:
                continue
            words = (
                f"{getattr(engine, '__name__', 'the engine')} on the position {' / '.join(rows)}"
            )
            hint = _pattern(answer, expected, {empty: trace.stats.leaf_evaluations}, [empty])
            raise GradingError(
                f"nodes_by_depth with {words} ({empty} empty cells, X to move) returned "
                f"{answer!r}, but should return {expected!r}: that search generates "
                f"{trace.stats.nodes} nodes there, the root included, and evaluates "
                f"{trace.stats.leaf_evaluations} leaves{hint}",
                code="witness:nodes_by_depth",
                evidence={
                    "step": "nodes_by_depth",
                    "input": words,
                    "got": repr(answer),
                    "expected": repr(expected),
                },
            )


def _lines_through(game: TicTacToe, move: tuple[int, int]) -> int:
    """How many winning lines of a 3 x 3 board pass through ``move``: 4, 3 (corner) or 2."""
    row, col = move
    return 2 + (row == col) + (row + col == game.h + 1)


def check_ordering_key(key: Callable[..., Any], states: Sequence[Any]) -> None:
    """``OrderedGame(TicTacToe(), key)`` must put the centre first, then corners, then edges."""
    game = TicTacToe()
    _climb_ordering_ladder(key, game)
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


ORDERING_PROBES = (("...", "...", "..."), ("...", ".X.", "..."), ("X..", ".O.", "..."))
"""Public boards for the ordering key: empty, the centre taken, a corner and the centre taken."""


def _climb_ordering_ladder(key: Callable[..., Any], game: TicTacToe) -> None:
    """Raise the first public board where the key's order breaks centre, corners, edges, with
    every move's key; return if right on every probe."""
    names = {4: "the centre", 3: "a corner", 2: "an edge"}
    for rows in ORDERING_PROBES:
        state = game.from_rows(list(rows))
        keys = {}
        for move in game.actions(state):
            try:
                keys[move] = key(game, state, move)
            except (NotImplementedError, GradingError):
                raise
            except Exception as error:
                raise GradingError(
                    f"your ordering key raised {type(error).__name__}: {error} (on the board "
                    f"{' / '.join(rows)}, move {move})",
                    code="raised:centre_first",
                ) from error
            require_number(keys[move], f"the key of move {move}")
        ordered = OrderedGame(game, key).actions(state)
        groups = [_lines_through(game, m) for m in ordered]
        if groups == sorted(groups, reverse=True):
            continue
        i = next(i for i in range(len(groups) - 1) if groups[i] < groups[i + 1])
        said = ", ".join(f"{m}: {keys[m]!r}" for m in ordered)
        raise GradingError(
            f"move ordering on the board {' / '.join(rows)}: your key puts {names[groups[i]]} "
            f"{ordered[i]} before {names[groups[i + 1]]} {ordered[i + 1]} (the moves in the order "
            f"your keys give, lower first: {said}); the order is the centre (2, 2), then the "
            "corners, then the edges",
            code="witness:centre_first",
            evidence={
                "step": "centre_first",
                "input": f"the board {' / '.join(rows)}",
                "got": repr(ordered),
            },
        )
