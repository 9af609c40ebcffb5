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
from gamekit.checks.evidence import input_evidence, said_by
from gamekit.games import Game, OrderedGame, TicTacToe
from gamekit.i18n import N_, kept_sentence
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
        require_type(answer, dict, kept_sentence("nodes_by_depth's answer"))
        require_plain(answer, kept_sentence("nodes_by_depth's answer"))
        expected, leaves = {}, {}
        for position in positions:
            _, trace = run_traced(engine, position, game)
            expected[len(game.actions(position))] = trace.stats.nodes
            leaves[len(game.actions(position))] = trace.stats.leaf_evaluations
        if set(answer) != set(expected):
            raise GradingError(
                kept_sentence(
                    "nodes_by_depth: the keys should be the number of legal moves of each "
                    "position given (for tic-tac-toe, its empty cells), one key per position"
                ),
                code="shape:nodes_by_depth",
            )
        for key, nodes in answer.items():
            require_type(nodes, int, kept_sentence("the count for {key} legal moves", key=key))
        wrong = sorted(k for k in expected if answer[k] != expected[k])
        if wrong:
            hint = _pattern(answer, expected, leaves, wrong)
            raise GradingError(
                kept_sentence(
                    "nodes_by_depth: wrong node count for the positions with {counts} legal "
                    "moves{hint}",
                    counts=", ".join(map(str, wrong)),
                    hint=hint,
                ),
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
            kept_sentence(
                "{engine} was handed a position that is not one of the positions given to "
                "nodes_by_depth (call the engine on each given position, as it is)",
                engine=self.__name__,
            )
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
    a recording (`RecordedEngine`); an error of theirs is a `GradingError` that says where
    (``where``: a kept sentence, or "")."""
    engine = recorded(engine, game, positions)
    try:
        return fn(engine, game, positions)
    except (NotImplementedError, GradingError):
        raise
    except Exception as error:
        raise GradingError(
            kept_sentence(
                "nodes_by_depth raised {kind}: {error}{where}",
                kind=type(error).__name__,
                error=said_by(error),
                where=where,
            ),
            code="raised:nodes_by_depth",
        ) from error


def _pattern(answer: dict, expected: dict, leaves: dict, wrong: list) -> str:
    """What the wrong counts have in common with the trace's, when they all share it (a kept
    sentence, or "")."""
    if all(answer[k] == expected[k] - 1 for k in wrong):
        return kept_sentence(" (each is 1 less than trace.stats.nodes, which counts the root too)")
    if all(answer[k] == leaves[k] for k in wrong):
        return kept_sentence(
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
            board = " / ".join(rows)
            on = kept_sentence(" (on the position {board})", board=board)
            answer = _count(fn, engine, game, [position], on)
            require_type(answer, dict, kept_sentence("nodes_by_depth's answer"))
            require_plain(answer, kept_sentence("nodes_by_depth's answer"))
            if set(answer) != set(expected):
                raise GradingError(
                    kept_sentence(
                        "nodes_by_depth: the keys should be the number of legal moves of each "
                        "position given (for tic-tac-toe, its empty cells), one key per "
                        "position: for the position {board} ({empty} empty cells) it returned "
                        "{answer}",
                        board=board,
                        empty=empty,
                        answer=repr(answer),
                    ),
                    code="shape:nodes_by_depth",
                )
            require_type(
                answer[empty], int, kept_sentence("the count for {key} legal moves", key=empty)
            )
            if answer == expected:
                continue
            engine_name = getattr(engine, "__name__", None)
            if engine_name is None:
                words = kept_sentence("the engine on the position {board}", board=board)
            else:
                words = kept_sentence(
                    "{engine} on the position {board}", engine=engine_name, board=board
                )
            hint = _pattern(answer, expected, {empty: trace.stats.leaf_evaluations}, [empty])
            raise GradingError(
                kept_sentence(
                    "nodes_by_depth with {search} ({empty} empty cells, X to move) returned "
                    "{answer}, but should return {expected}: that search generates {nodes} "
                    "nodes there, the root included, and evaluates {leaves} leaves{hint}",
                    search=words,
                    empty=empty,
                    answer=repr(answer),
                    expected=repr(expected),
                    nodes=trace.stats.nodes,
                    leaves=trace.stats.leaf_evaluations,
                    hint=hint,
                ),
                code="witness:nodes_by_depth",
                evidence={
                    "step": "nodes_by_depth",
                    **input_evidence(words),
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
                    kept_sentence(
                        "your ordering key raised {kind}: {error}",
                        kind=type(error).__name__,
                        error=error,
                    ),
                    code="raised:centre_first",
                ) from error
            require_number(score, kept_sentence("the key of move {move}", move=move))
        ordered = OrderedGame(game, key).actions(state)
        groups = [_lines_through(game, m) for m in ordered]
        if groups != sorted(groups, reverse=True):
            i = next(i for i in range(len(groups) - 1) if groups[i] < groups[i + 1])
            raise GradingError(
                kept_sentence(
                    "move ordering: on some board your key puts {first} before {second}; the "
                    "order is centre, then corners, then edges (lower key first)",
                    first=kept_sentence(SQUARE_KINDS[groups[i]]),
                    second=kept_sentence(SQUARE_KINDS[groups[i + 1]]),
                ),
                code="witness:centre_first",
            )


SQUARE_KINDS = {4: N_("the centre"), 3: N_("a corner"), 2: N_("an edge")}
"""A square of the board by the number of winning lines through it."""

ORDERING_PROBES = (("...", "...", "..."), ("...", ".X.", "..."), ("X..", ".O.", "..."))
"""Public boards for the ordering key: empty, the centre taken, a corner and the centre taken."""


def _climb_ordering_ladder(key: Callable[..., Any], game: TicTacToe) -> None:
    """Raise the first public board where the key's order breaks centre, corners, edges, with
    every move's key; return if right on every probe."""
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
                    kept_sentence(
                        "your ordering key raised {kind}: {error} (on the board {board}, move "
                        "{move})",
                        kind=type(error).__name__,
                        error=error,
                        board=" / ".join(rows),
                        move=move,
                    ),
                    code="raised:centre_first",
                ) from error
            require_number(keys[move], kept_sentence("the key of move {move}", move=move))
        ordered = OrderedGame(game, key).actions(state)
        groups = [_lines_through(game, m) for m in ordered]
        if groups == sorted(groups, reverse=True):
            continue
        i = next(i for i in range(len(groups) - 1) if groups[i] < groups[i + 1])
        said = ", ".join(f"{m}: {keys[m]!r}" for m in ordered)
        raise GradingError(
            kept_sentence(
                "move ordering on the board {board}: your key puts {first} {first_move} before "
                "{second} {second_move} (the moves in the order your keys give, lower first: "
                "{keys}); the order is the centre (2, 2), then the corners, then the edges",
                board=" / ".join(rows),
                first=kept_sentence(SQUARE_KINDS[groups[i]]),
                first_move=ordered[i],
                second=kept_sentence(SQUARE_KINDS[groups[i + 1]]),
                second_move=ordered[i + 1],
                keys=said,
            ),
            code="witness:centre_first",
            evidence={
                "step": "centre_first",
                **input_evidence(kept_sentence("the board {rows}", rows=" / ".join(rows))),
                "got": repr(ordered),
            },
        )
