"""Parts 1 and 2: the vocabulary and the minimax values worked out by hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit.checks import (
    GradingError,
    require_number,
    require_plain,
    type_name,
)
from gamekit.checks.a01.diagnosis import _same
from gamekit.checks.a01.references import MUTANTS, _value
from gamekit.checks.evidence import in_turn
from gamekit.games import Game, TicTacToe
from gamekit.gametree import MAX, GameTree
from gamekit.i18n import N_, kept_sentence

VOCABULARY_KEYS = ("states_at_ply_1", "states_at_ply_2", "terminal_states", "deepest_ply")

VOCABULARY_HINTS = {
    "states_at_ply_1": N_("count the states one move below the root"),
    "states_at_ply_2": N_("count every state two moves below the root, terminal or not"),
    "terminal_states": N_("count every state where the game is over, at whatever ply"),
    "deepest_ply": N_("the ply of the deepest terminal state (the root is at ply 0)"),
    "utility_for_X": N_("utility is +1 when X has won, -1 when O has won, 0 for a draw"),
}
"""What each vocabulary answer counts, said when it is wrong."""


def _walk(game: Game, state: Any) -> tuple[dict[int, int], list[int]]:
    """States per ply and the ply of every terminal state of the whole tree below ``state``."""
    per_ply: dict[int, int] = {}
    terminal_plies: list[int] = []
    stack = [(state, 0)]
    while stack:
        node, ply = stack.pop()
        per_ply[ply] = per_ply.get(ply, 0) + 1
        if game.terminal_test(node):
            terminal_plies.append(ply)
        else:
            stack.extend((game.result(node, a), ply + 1) for a in game.actions(node))
    return per_ply, terminal_plies


def check_vocabulary_shape(answers: Any) -> None:
    """The vocabulary answers are a dict with the expected keys and whole numbers."""
    require_plain(answers, "tree_vocabulary()")
    if type(answers) is not dict:
        raise GradingError(
            kept_sentence(
                "tree_vocabulary() should return a dict, got {kind}", kind=type_name(answers)
            ),
            code="shape:tree_vocabulary",
        )
    expected = set(VOCABULARY_KEYS) | {"utility_for_X"}
    if set(answers) != expected:
        raise GradingError(
            kept_sentence(
                "tree_vocabulary() should have exactly the keys {keys}; missing {missing}, "
                "extra {extra}",
                keys=sorted(expected),
                missing=sorted(expected - set(answers)),
                extra=sorted(set(answers) - expected),
            ),
            code="shape:tree_vocabulary",
        )
    for key, value in answers.items():
        if value is None:
            raise GradingError(
                kept_sentence(
                    "tree_vocabulary()[{key}] is None: replace it by your answer", key=repr(key)
                ),
                code="shape:tree_vocabulary",
            )
        require_number(value, f"tree_vocabulary()[{key!r}]")


def check_vocabulary(answers: Any, game: TicTacToe, state: Any, path: Sequence[Any]) -> None:
    """Compare the vocabulary answers with the tree below ``state``; ``path`` leads from
    ``state`` to the terminal state whose utility for X is asked."""
    check_vocabulary_shape(answers)
    per_ply, terminal_plies = _walk(game, state)
    expected = {
        "states_at_ply_1": per_ply.get(1, 0),
        "states_at_ply_2": per_ply.get(2, 0),
        "terminal_states": len(terminal_plies),
        "deepest_ply": max(terminal_plies),
    }
    leaf = state
    for move in path:
        leaf = game.result(leaf, move)
    expected["utility_for_X"] = game.utility(leaf, "X")
    wrong = [key for key in expected if answers[key] != expected[key]]
    if wrong:
        parts = [
            kept_sentence(
                "tree_vocabulary()[{key}] ({hint})",
                key=repr(key),
                hint=kept_sentence(VOCABULARY_HINTS[key]),
            )
            for key in wrong
        ]
        raise GradingError(
            kept_sentence("not right yet: {parts}", parts=in_turn(parts)),
            code="witness:tree_vocabulary",
        )


def check_hand_values_shape(values: Any, tree: GameTree) -> None:
    """``values`` is a dict {inner node: number} with every inner node of ``tree``."""
    require_plain(values, "minimax_values_by_hand()")
    if type(values) is not dict:
        raise GradingError(
            kept_sentence(
                "minimax_values_by_hand() should return a dict, got {kind}",
                kind=type_name(values),
            ),
            code="shape:minimax_values_by_hand",
        )
    inner = [node for node in tree.nodes() if not tree.terminal_test(node)]
    missing = [node for node in inner if values.get(node) is None]
    if missing:
        raise GradingError(
            kept_sentence("minimax_values_by_hand() has no value for nodes {nodes}", nodes=missing),
            code="shape:minimax_values_by_hand",
        )
    extra = sorted(set(values) - set(inner))
    if extra:
        raise GradingError(
            kept_sentence(
                "minimax_values_by_hand() should only list inner nodes; remove {nodes}", nodes=extra
            ),
            code="shape:minimax_values_by_hand",
        )
    for node in inner:
        require_number(values[node], f"minimax_values_by_hand()[{node!r}]")


def check_hand_values(values: Any, tree: GameTree) -> None:
    """Every inner node's value equals its minimax value; names the nodes that do not."""
    check_hand_values_shape(values, tree)
    inner = [node for node in tree.nodes() if not tree.terminal_test(node)]
    expected = {node: _value(node, tree, MAX) for node in inner}
    wrong = [node for node in inner if not _same(values[node], expected[node])]
    if not wrong:
        return
    swapped = {node: _value(node, tree, MAX, mutant="swap") for node in inner}
    if all(_same(values[node], swapped[node]) for node in wrong):
        raise GradingError(
            kept_sentence(
                "minimax_values_by_hand(): nodes {nodes} are wrong: {mistake}",
                nodes=wrong,
                mistake=kept_sentence(MUTANTS["swap"]),
            ),
            code="a01.swap",
        )
    raise GradingError(
        kept_sentence(
            "minimax_values_by_hand(): the values of nodes {nodes} are not their minimax values "
            "(MAX nodes take the largest child value, MIN nodes the smallest, from the leaves up)",
            nodes=wrong,
        ),
        code="witness:minimax_values_by_hand",
    )
