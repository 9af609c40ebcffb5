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
from gamekit.i18n import N_, kept_sentence

TREE_MESSAGE = N_("TreeGame uses gamekit.GameTree, which is the answer: write the methods yourself")


@contextlib.contextmanager
def _gametree_forbidden() -> Iterator[None]:
    """While active, building or asking a `GameTree` raises: in the student's kernel during every
    call the grader makes (`forbidding`), and in this process for a TreeGame defined here (the
    visible tests, run in the student's own kernel)."""
    names = ("__init__", "actions", "result", "utility", "terminal_test", "to_move")
    saved = {name: GameTree.__dict__[name] for name in names}

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise GradingError(kept_sentence(TREE_MESSAGE), code="forbidden")

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
            kept_sentence("TreeGame should be a class derived from gamekit.Game"),
            code="shape:TreeGame",
        )
    if _derives(TreeGame, GameTree):
        raise GradingError(
            kept_sentence(
                "TreeGame should derive from gamekit.Game, not from gamekit.GameTree (the answer)"
            ),
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
            kept_sentence(
                "TreeGame(edges, utilities) raised {kind}: {message}{where}",
                kind=kind,
                message=message,
                where=where_raised(error),
            ),
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
            kept_sentence(
                "{what} raised {kind}: {message}{where}",
                what=what,
                kind=kind,
                message=message,
                where=where_raised(error),
            ),
            code="raised:TreeGame",
        ) from error


def check_tree_game_moves(TreeGame: type, edges: Mapping, utilities: Mapping) -> None:
    """initial, actions, result (illegal edges raise IllegalMoveError) and terminal_test agree
    with gamekit.GameTree on the tree ``edges``/``utilities`` (root listed first)."""
    game, reference = _student_game(TreeGame, edges, utilities)
    require_plain(game.initial, "TreeGame.initial")
    if game.initial != reference.initial:
        raise GradingError(
            kept_sentence(
                "TreeGame.initial is {initial}: the root is the first node listed in edges",
                initial=repr(game.initial),
            ),
            code="witness:TreeGame",
        )
    for node in reference.nodes():
        terminal = _ask(f"terminal_test({node!r})", game.terminal_test, node)
        if type(terminal) is not bool:
            raise GradingError(
                kept_sentence(
                    "terminal_test({node}) returned {kind}: return True/False",
                    node=repr(node),
                    kind=type_name(terminal),
                ),
                code="witness:TreeGame",
            )
        if terminal != reference.terminal_test(node):
            if reference.terminal_test(node):
                said = kept_sentence(
                    "terminal_test({node}) is {terminal}, but {node} is a leaf",
                    node=repr(node),
                    terminal=terminal,
                )
            else:
                said = kept_sentence(
                    "terminal_test({node}) is {terminal}, but {node} is an inner node",
                    node=repr(node),
                    terminal=terminal,
                )
            raise GradingError(said, code="witness:TreeGame")
        actions = _ask(f"actions({node!r})", game.actions, node)
        require_plain(actions, f"actions({node!r})")
        if type(actions) is not list:
            raise GradingError(
                kept_sentence(
                    "actions({node}) should be a list, got {kind}",
                    node=repr(node),
                    kind=type_name(actions),
                ),
                code="witness:TreeGame",
            )
        if actions != reference.actions(node):
            if sorted(map(str, actions)) == sorted(reference.actions(node)):
                raise GradingError(
                    kept_sentence(
                        "actions({node}) lists the right edges in another order: keep the order "
                        "of edges",
                        node=repr(node),
                    ),
                    code="witness:TreeGame",
                )
            raise GradingError(
                kept_sentence(
                    "actions({node}) returned {actions}, which is not the list of the labels "
                    "of the edges leaving {node} in `edges`, in their order",
                    node=repr(node),
                    actions=repr(actions),
                ),
                code="witness:TreeGame",
            )
        for move in actions:
            child = _ask(f"result({node!r}, {move!r})", game.result, node, move)
            require_plain(child, f"result({node!r}, {move!r})")
            if child != reference.result(node, move):
                raise GradingError(
                    kept_sentence(
                        "result({node}, {move}) returned {child}, which is not the node that "
                        "edge leads to in `edges`",
                        node=repr(node),
                        move=repr(move),
                        child=repr(child),
                    ),
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
                    kept_sentence(
                        "result({node}, {move}) raised {kind}{where}, for an edge that does not "
                        "leave the node: raise gamekit.IllegalMoveError instead",
                        node=repr(node),
                        move=repr(bad),
                        kind=error_words(error)[0],
                        where=where_raised(error),
                    ),
                    code="raised:TreeGame",
                ) from error
            raise GradingError(
                kept_sentence(
                    "result({node}, {move}) returned {answer} for an edge that does not "
                    "leave the node (illegal move ignored): raise gamekit.IllegalMoveError "
                    "instead",
                    node=repr(node),
                    move=repr(bad),
                    answer=shown(answer),
                ),
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
                            kept_sentence(
                                "utility({node}, 'MIN') is the utility for MAX: utility taken "
                                "for the wrong player; the leaves store it for MAX, MIN gets the "
                                "negation",
                                node=repr(node),
                            ),
                            code="witness:TreeGame",
                        )
                    raise GradingError(
                        kept_sentence(
                            "utility({node}, {player_repr}) returned {got}, which is not the "
                            "leaf's utility for {player} (`utilities` stores it for MAX; MIN "
                            "gets its negation)",
                            node=repr(node),
                            player_repr=repr(player),
                            got=shown(got),
                            player=player,
                        ),
                        code="witness:TreeGame",
                    )
        else:
            got = _ask(f"to_move({node!r})", game.to_move, node)
            require_plain(got, f"to_move({node!r})")
            if got != reference.to_move(node):
                raise GradingError(
                    kept_sentence(
                        "to_move({node}) is {got}, but {node} lies {depth} plies below the root: "
                        "turns alternate MAX, MIN, MAX, ... down the tree (trees of several "
                        "rounds)",
                        node=repr(node),
                        got=shown(got),
                        depth=reference.depth(node),
                    ),
                    code="witness:TreeGame",
                )
