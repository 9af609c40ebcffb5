"""Part 3: the student's game class for an explicit tree (`TreeGame`)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from gamekit.checks import (
    GradingError,
    require_number,
    require_plain,
    shown,
    type_name,
)
from gamekit.checks.a01.diagnosis import _same, error_words, where_raised
from gamekit.checks.remote import forbidding
from gamekit.games import Game, IllegalMoveError
from gamekit.gametree import MAX, MIN, GameTree

TREE_MESSAGE = "TreeGame uses gamekit.GameTree, which is the answer: write the methods yourself"


@contextlib.contextmanager
def _gametree_forbidden() -> Iterator[None]:
    """While active, building or asking a `GameTree` raises: in the student's kernel during every
    call the grader makes (`forbidding`), and in this process for a TreeGame defined here (the
    visible tests, run in the student's own kernel)."""
    names = ("__init__", "actions", "result", "utility", "terminal_test", "to_move")
    saved = {name: GameTree.__dict__[name] for name in names}

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise GradingError(TREE_MESSAGE, code="forbidden")

    targets = [(f"gamekit.gametree:GameTree.{name}", TREE_MESSAGE) for name in names]
    try:
        for name in names:
            setattr(GameTree, name, refuse)
        with forbidding(targets):
            yield
    finally:
        for name, method in saved.items():
            setattr(GameTree, name, method)


def _is_class(value: Any) -> bool:
    return isinstance(value, type) or getattr(value, "kind", None) == "class"


def _derives(value: Any, base: type) -> bool:
    """Is ``value`` (a class, here or in the student's kernel) derived from ``base``?"""
    if isinstance(value, type):
        return issubclass(value, base)
    derives_from = getattr(value, "derives_from", None)
    return bool(derives_from and derives_from(f"{base.__module__}.{base.__qualname__}"))


def _student_game(TreeGame: type, edges: Mapping, utilities: Mapping) -> tuple[Game, GameTree]:
    """The student's game for ``edges``/``utilities`` and gamekit's, to compare."""
    reference = GameTree(edges, utilities)
    if not _is_class(TreeGame) or not _derives(TreeGame, Game):
        raise GradingError(
            "TreeGame should be a class derived from gamekit.Game", code="shape:TreeGame"
        )
    if _derives(TreeGame, GameTree):
        raise GradingError(
            "TreeGame should derive from gamekit.Game, not from gamekit.GameTree (the answer)",
            code="shape:TreeGame",
        )
    copy_edges = {node: dict(kids) for node, kids in edges.items()}
    try:
        with _gametree_forbidden():
            game = TreeGame(copy_edges, dict(utilities))
    except (GradingError, NotImplementedError):
        raise
    except Exception as error:
        kind, message = error_words(error)
        raise GradingError(
            f"TreeGame(edges, utilities) raised {kind}: {message}{where_raised(error)}",
            code="raised:TreeGame",
        ) from error
    return game, reference


def _ask(what: str, method: Callable[..., Any], *args: Any) -> Any:
    try:
        with _gametree_forbidden():
            return method(*args)
    except (GradingError, NotImplementedError):
        raise
    except Exception as error:
        kind, message = error_words(error)
        raise GradingError(
            f"{what} raised {kind}: {message}{where_raised(error)}", code="raised:TreeGame"
        ) from error


def check_tree_game_moves(TreeGame: type, edges: Mapping, utilities: Mapping) -> None:
    """initial, actions, result (illegal edges raise IllegalMoveError) and terminal_test agree
    with gamekit.GameTree on the tree ``edges``/``utilities`` (root listed first)."""
    game, reference = _student_game(TreeGame, edges, utilities)
    require_plain(game.initial, "TreeGame.initial")
    if game.initial != reference.initial:
        raise GradingError(
            f"TreeGame.initial is {game.initial!r}: the root is the first node listed in edges",
            code="witness:TreeGame",
        )
    for node in reference.nodes():
        terminal = _ask(f"terminal_test({node!r})", game.terminal_test, node)
        if type(terminal) is not bool:
            raise GradingError(
                f"terminal_test({node!r}) returned {type_name(terminal)}: return True/False",
                code="witness:TreeGame",
            )
        if terminal != reference.terminal_test(node):
            kind = "a leaf" if reference.terminal_test(node) else "an inner node"
            raise GradingError(
                f"terminal_test({node!r}) is {terminal}, but {node!r} is {kind}",
                code="witness:TreeGame",
            )
        actions = _ask(f"actions({node!r})", game.actions, node)
        require_plain(actions, f"actions({node!r})")
        if type(actions) is not list:
            raise GradingError(
                f"actions({node!r}) should be a list, got {type_name(actions)}",
                code="witness:TreeGame",
            )
        if actions != reference.actions(node):
            if sorted(map(str, actions)) == sorted(reference.actions(node)):
                raise GradingError(
                    f"actions({node!r}) lists the right edges in another order: keep the order "
                    "of edges",
                    code="witness:TreeGame",
                )
            raise GradingError(
                f"actions({node!r}) returned {actions!r}, which is not the list of the labels "
                f"of the edges leaving {node!r} in `edges`, in their order",
                code="witness:TreeGame",
            )
        for move in actions:
            child = _ask(f"result({node!r}, {move!r})", game.result, node, move)
            require_plain(child, f"result({node!r}, {move!r})")
            if child != reference.result(node, move):
                raise GradingError(
                    f"result({node!r}, {move!r}) returned {child!r}, which is not the node that "
                    f"edge leads to in `edges`",
                    code="witness:TreeGame",
                )
        others = [m for n in reference.edges if n != node for m in reference.actions(n)]
        for bad in ["no-such-edge", *others[:1]]:
            if bad in reference.actions(node):
                continue
            try:
                with _gametree_forbidden():
                    answer = game.result(node, bad)
            except IllegalMoveError:
                continue
            except GradingError:
                raise
            except Exception as error:
                raise GradingError(
                    f"result({node!r}, {bad!r}) raised {error_words(error)[0]}"
                    f"{where_raised(error)}, for an edge that does not leave the node: raise "
                    "gamekit.IllegalMoveError instead",
                    code="raised:TreeGame",
                ) from error
            raise GradingError(
                f"result({node!r}, {bad!r}) returned {shown(answer)} for an edge that does not "
                "leave the node (illegal move ignored): raise gamekit.IllegalMoveError instead",
                code="witness:TreeGame",
            )


def check_tree_game_turns(TreeGame: type, edges: Mapping, utilities: Mapping) -> None:
    """to_move (MAX at the root, alternating down the tree) and utility (for MAX and MIN) agree
    with gamekit.GameTree on the tree ``edges``/``utilities``."""
    game, reference = _student_game(TreeGame, edges, utilities)
    for node in reference.nodes():
        if reference.terminal_test(node):
            for player in (MAX, MIN):
                got = _ask(f"utility({node!r}, {player!r})", game.utility, node, player)
                require_number(got, f"utility({node!r}, {player!r})")
                if not _same(got, reference.utility(node, player)):
                    if player == MIN and _same(got, reference.utility(node, MAX)):
                        raise GradingError(
                            f"utility({node!r}, 'MIN') is the utility for MAX: utility taken for "
                            "the wrong player; the leaves store it for MAX, MIN gets the negation",
                            code="witness:TreeGame",
                        )
                    raise GradingError(
                        f"utility({node!r}, {player!r}) returned {shown(got)}, which is not the "
                        f"leaf's utility for {player} (`utilities` stores it for MAX; MIN gets "
                        "its negation)",
                        code="witness:TreeGame",
                    )
        else:
            got = _ask(f"to_move({node!r})", game.to_move, node)
            require_plain(got, f"to_move({node!r})")
            if got != reference.to_move(node):
                raise GradingError(
                    f"to_move({node!r}) is {shown(got)}, but {node!r} lies {reference.depth(node)} "
                    "plies below the root: turns alternate MAX, MIN, MAX, ... down the tree "
                    "(trees of several rounds)",
                    code="witness:TreeGame",
                )
