"""The checks of ``ConnectFour.actions``: the legal moves on boards of every size and k, the
catalogued mistakes, and the probe ladder's witness when none fits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gamekit.checks import (
    GradingError,
    require_type,
)
from gamekit.checks.a03.ladder import (
    _same_moves,
    actions_probes,
    actions_witness,
    legal_moves,
)
from gamekit.checks.a03.positions import Position
from gamekit.checks.a03.running import _call, _snapshot
from gamekit.checks.a03.spec import (
    EMPTY,
)
from gamekit.checks.remote import RemoteRef
from gamekit.games import ConnectFour as ReferenceConnectFour
from gamekit.i18n import N_, kept_sentence

# --------------------------------------------------------------------------------------------
# Positions for the hidden tests
# --------------------------------------------------------------------------------------------


def _columns(state: Any) -> list[str]:
    """Each column of the board, top to bottom (index 0 is column 1)."""
    return [state.cells[col :: state.v] for col in range(state.v)]


def _topmost_empty(state: Any) -> set[tuple[int, int]]:
    return {(col.find(EMPTY) + 1, c + 1) for c, col in enumerate(_columns(state)) if EMPTY in col}


def _check_move_types(moves: Any, where: str) -> None:
    require_type(moves, list, kept_sentence("actions(state) on {where}", where=where))
    for move in moves:
        require_type(
            move, tuple, kept_sentence("each move returned by actions (on {where})", where=where)
        )
        if len(move) != 2 or any(type(x) is not int for x in move):
            raise GradingError(
                kept_sentence(
                    "each move must be a (row, col) tuple of two ints, got {move} (on {where})",
                    move=repr(move),
                    where=where,
                ),
                code="shape:actions",
            )


ACTIONS_MISTAKES = {
    "moves_after_win": N_(
        "returns moves for a position where someone has already won: the game is over, so "
        "there are no legal moves (check state.utility)"
    ),
    "every_empty_cell": N_(
        "returns every empty cell (TicTacToe's rule): in Connect Four only the lowest empty "
        "cell of each column can be played"
    ),
    "topmost_cell": N_(
        "returns the top-most empty cell of a column: a piece falls to the lowest empty cell "
        "(rows are counted from 1 at the top, so the lowest cell has the largest row)"
    ),
    "full_columns_kept": N_("keeps full columns: a column with no empty cell has no legal move"),
    "off_by_one_row": N_("is off by one row"),
    "row_col_swapped": N_("has row and column swapped"),
    "swapped_or_one_cell_per_row": N_(
        "has row and column swapped (or it gives one cell per row instead of one per column)"
    ),
    "one_cell_per_row": N_("gives one cell per row instead of one per column"),
}
"""``actions``'s catalogued mistakes: the code ``a03.actions.<key>`` and the words its message
opens with (the class report, `gamekit.report.catalogue`, shows the same words). Each is
checked on the student's answer on the board the message shows, not on every board."""


def _actions_mistake(got: set, expected: set, state: Any, h: int, v: int) -> tuple[str, str]:
    """The mistake code behind a wrong set of moves (``witness:actions`` when no catalogued
    mistake fits: the words then only say what is wrong) and the words for the message (a
    kept sentence)."""

    def named(key: str) -> tuple[str, str]:
        return f"a03.actions.{key}", kept_sentence(ACTIONS_MISTAKES[key])

    if state.utility != 0 and got:
        return named("moves_after_win")
    if got == set(state.moves) and got != expected:
        return named("every_empty_cell")
    if got == _topmost_empty(state) and got != expected:
        return named("topmost_cell")
    full = {c + 1 for c, col in enumerate(_columns(state)) if EMPTY not in col}
    if any(col in full for _, col in got) and expected <= got:
        return named("full_columns_kept")
    for shift in (-1, 1):
        if got == {(row + shift, col) for row, col in expected}:
            code, mistake = named("off_by_one_row")
            if shift < 0:
                return code, kept_sentence(
                    "{mistake}: each move is one row above the lowest empty cell (rows go from 1 "
                    "at the top to h = {h} at the bottom)",
                    mistake=mistake,
                    h=h,
                )
            return code, kept_sentence(
                "{mistake}: each move is one row below the lowest empty cell (rows go from 1 at "
                "the top to h = {h} at the bottom)",
                mistake=mistake,
                h=h,
            )
    swapped = got == {(col, row) for row, col in expected}
    rows = [row for row, _ in got]
    columns = [col for _, col in got]
    if swapped:  # the same answer as one cell per row when no two moves share a row
        both = len(set(rows)) == len(rows) > 1
        code, mistake = named("swapped_or_one_cell_per_row" if both else "row_col_swapped")
        return code, kept_sentence(
            "{mistake}: a move is (row, col), the row first (1 at the top, h = {h} at the "
            "bottom), then the column (1 to v = {v})",
            mistake=mistake,
            h=h,
            v=v,
        )
    if len(got) > 1 and len(set(rows)) == len(rows) and len(set(columns)) < len(columns):
        code, mistake = named("one_cell_per_row")
        return code, kept_sentence(
            "{mistake}: a move drops a piece into a column, so there is one move for each column "
            "that is not full, at its lowest empty cell",
            mistake=mistake,
        )
    return _actions_fault(got, expected, state, h, v)


def _actions_fault(got: set, expected: set, state: Any, h: int, v: int) -> tuple[str, str]:
    """``witness:actions`` and what is wrong with ``got`` on this board, in words that say only
    what the moves are (no rule behind them)."""
    witness = "witness:actions"
    off_board = [m for m in got if not (1 <= m[0] <= h and 1 <= m[1] <= v)]
    if off_board:
        return witness, kept_sentence(
            "returns a cell outside the {h} x {v} board: {cell}",
            h=h,
            v=v,
            cell=repr(sorted(off_board)[0]),
        )
    occupied = [m for m in got if m not in set(state.moves)]
    if occupied:
        return witness, kept_sentence(
            "returns a cell that is already occupied: {cell}", cell=repr(sorted(occupied)[0])
        )
    if got < expected:
        return witness, kept_sentence("misses a column that can still be played")
    return witness, kept_sentence(
        "returns cells that are not the lowest empty cell of their column"
    )


def check_actions(connect_four_class: type, positions: Sequence[Position]) -> None:
    """The student's ``ConnectFour(h, v, k).actions(state)`` equals gamekit's on every position.

    Order does not matter; the type does: a ``list`` of ``(row, col)`` tuples of ints, no
    repeats, and the state must not change. (The student's class lives in their kernel: it is
    called there, on copies of the positions.)
    """
    is_class = (
        isinstance(connect_four_class, type) or getattr(connect_four_class, "kind", None) == "class"
    )
    if not is_class:
        raise GradingError(
            kept_sentence("ConnectFour should be a class, got {got}", got=repr(connect_four_class)),
            code="shape:actions",
        )
    checked_fresh_list = False
    for position in positions:
        where = f"{position.label} ({position.h} x {position.v}, k = {position.k})"
        expected = set(
            ReferenceConnectFour(position.h, position.v, position.k).actions(position.state)
        )
        game = _call(
            connect_four_class, "ConnectFour(h, v, k)", where, position.h, position.v, position.k
        )
        before = _snapshot(position.state)
        got = _call(game.actions, "actions(state)", where, position.state)
        if _snapshot(position.state) != before:
            raise GradingError(
                kept_sentence(
                    "your actions changed the state it was given (on {where}): states are "
                    "immutable; build a new list of moves instead",
                    where=where,
                ),
                code="witness:actions",
            )
        _check_move_types(got, where)
        if len(set(got)) != len(got):
            raise GradingError(
                kept_sentence("actions returns a move twice (on {where})", where=where),
                code="witness:actions",
            )
        if set(got) != expected:
            _climb_actions_ladder(connect_four_class)
            code, mistake = _actions_mistake(
                set(got), expected, position.state, position.h, position.v
            )
            raise GradingError(
                kept_sentence("actions {mistake} (on {where})", mistake=mistake, where=where),
                code=code,
            )
        if got and not checked_fresh_list and not isinstance(game, RemoteRef):
            # Only observable where the class runs in this process (the visible tests, in the
            # student's kernel): a copy of the list crosses to the grader, never the list.
            checked_fresh_list = True
            got.append((0, 0))  # a caller changing the list it received ...
            again = _call(game.actions, "actions(state)", where, position.state)
            if again is got or (0, 0) in again:
                raise GradingError(
                    kept_sentence(
                        "actions returns the same list object every time (a list kept in the "
                        "game or the state): a caller that changes it would corrupt your game; "
                        "build and return a new list on each call"
                    ),
                    code="witness:actions",
                )


def _climb_actions_ladder(connect_four_class: type) -> None:
    """Raise the witness of `gamekit.checks.a03.ladder` if the student's ``actions`` goes
    wrong on a public probe board (shown with its legal moves); return if right on them all."""

    def run(h: int, v: int, k: int, state: Any) -> Any:
        where = kept_sentence("the probe board")
        game = _call(connect_four_class, "ConnectFour(h, v, k)", where, h, v, k)
        return _call(game.actions, "actions(state)", where, state)

    said = {"code": "witness:actions"}  # the code of the mistake the message names, if any

    def describe(got: set, expected: set, state: Any, h: int, v: int) -> str:
        code, words = _actions_mistake(got, expected, state, h, v)
        if code != "witness:actions" and not _wrong_alike_on_every_probe(run, code):
            code, words = _actions_fault(got, expected, state, h, v)  # what it did, no name
        said["code"] = code
        return words

    found = actions_witness(run, describe)
    if found is not None:
        witness, message = found
        raise GradingError(message, code=said["code"], evidence=witness.to_dict())


def _wrong_alike_on_every_probe(run: Callable[..., Any], code: str) -> bool:
    """Whether the student's ``actions`` (``run(h, v, k, state)``) is wrong as the mistake
    ``code`` describes on every probe board where it is wrong: a name read off one board must
    hold on the others (returning row 1 is "the top-most empty cell" only on an empty board)."""
    for probe in actions_probes():
        h, v, _, state = probe.args
        try:
            got = run(*probe.args)
            moves = set(got)
        except (GradingError, TypeError):
            return False
        expected = set(legal_moves(*probe.args))
        wrong = not _same_moves(got, sorted(expected))
        if wrong and _actions_mistake(moves, expected, state, h, v)[0] not in _ALIKE.get(
            code, {code}
        ):
            return False
    return True


_ALIKE = {
    "a03.actions.one_cell_per_row": {
        "a03.actions.one_cell_per_row",
        "a03.actions.swapped_or_one_cell_per_row",
    },
    "a03.actions.row_col_swapped": {
        "a03.actions.row_col_swapped",
        "a03.actions.swapped_or_one_cell_per_row",
    },
    "a03.actions.swapped_or_one_cell_per_row": {
        "a03.actions.swapped_or_one_cell_per_row",
        "a03.actions.row_col_swapped",
        "a03.actions.one_cell_per_row",
    },
}
"""The codes whose words also hold where another is found: one cell per row in distinct rows
and columns is the swapped-or-per-row case on that board."""


def check_standard_board(connect_four_class: type) -> None:
    """``ConnectFour()`` with no arguments is the standard board: 6 rows, 7 columns, 4 in a
    row (the class's default arguments)."""
    where = kept_sentence("the default board")
    game = _call(connect_four_class, "ConnectFour()", where)
    got = tuple(
        _call(lambda name=name: getattr(game, name), f"ConnectFour().{name}", where)
        for name in ("h", "v", "k")
    )
    if got != (6, 7, 4):
        raise GradingError(
            kept_sentence(
                "ConnectFour() gives a board with h = {h}, v = {v}, k = {k}: with no arguments "
                "it must be the standard board, h = 6 rows, v = 7 columns, k = 4 in a row (keep "
                "the default arguments h=6, v=7, k=4)",
                h=repr(got[0]),
                v=repr(got[1]),
                k=repr(got[2]),
            ),
            code="witness:actions",
        )


# --------------------------------------------------------------------------------------------
# evaluate
# --------------------------------------------------------------------------------------------
