"""The check of ``best_move``: a best move on each position, judged with the course's negamax
(a move is right when its value is the best value).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from gamekit.checks import (
    GradingError,
    message_of,
    require_number,
    require_plain,
)
from gamekit.checks.a06.negamax import negamax_probes
from gamekit.checks.a06.positions import Position
from gamekit.checks.a06.references import GAME, reference
from gamekit.checks.a06.running import _call, _show
from gamekit.i18n import kept_sentence, said_again
from gamekit.quarto import QuartoMove


def _as_move(value: Any, what: str) -> tuple[Any, Any]:
    """``(cell, give)`` of a move the student returned (a QuartoMove, here or in their kernel)."""
    from gamekit.checks.remote import RemoteRef

    if isinstance(value, RemoteRef):
        if value.remote_type != "QuartoMove":
            raise GradingError(
                kept_sentence(
                    "{what} should be a QuartoMove, got a {kind}", what=what, kind=value.remote_type
                ),
                code="wrong_type",
            )
        cell, give = value.cell, value.give
    elif type(value) in (QuartoMove, tuple) and len(value) == 2:
        cell, give = value
    else:
        raise GradingError(
            kept_sentence(
                "{what} should be a QuartoMove (cell, give), got {value}",
                what=what,
                value=repr(value),
            ),
            code="wrong_type",
        )
    require_plain((cell, give), what)
    return cell, give


def _compare_moves(got: tuple[Any, Any], expected: Any, state: Any, what: str, where: str) -> None:
    """Say what is wrong with a move that is not the first best one, from what was checked."""
    if got == tuple(expected):
        return
    if got not in [tuple(m) for m in GAME.actions(state)]:
        raise GradingError(
            kept_sentence(
                "{what} is not a legal move on {where}: pick one of game.actions(state)",
                what=what,
                where=where,
            ),
            code="a06.illegal_move",
        )
    after = GAME.result(state, QuartoMove(*got))
    value, _ = reference(after)
    best, _ = reference(state)
    if -value == best:
        raise GradingError(
            kept_sentence(
                "{what} is a best move but not the first best one in game.actions(state) order "
                "on {where}: return the first, keeping a move only when a later one is strictly "
                "better (v > best)",
                what=what,
                where=where,
            ),
            code="a06.not_first_best",
        )
    if got[0] == expected.cell:
        raise GradingError(
            kept_sentence(
                "{what} is not a best move on {where}: its cell is right but the piece it gives "
                "is not (the piece to give is part of the move)",
                what=what,
                where=where,
            ),
            code="a06.wrong_give",
        )
    raise GradingError(
        kept_sentence("{what} is not a best move on {where}", what=what, where=where),
        code="a06.not_a_best_move",
    )


class CourseNegamax:
    """Stands in for the notebook's ``negamax(state, game, alpha, beta)`` while ``best_move`` is
    graded. It answers as a right negamax may, and no more kindly: the exact value (for the
    player to move) that the course's search found when it lies strictly inside the window, the
    window's own bound when it does not (fail-hard, which the definition allows). So a
    ``best_move`` that asks with a window its answer cannot be read from goes as wrong as it
    would with any right negamax. It knows only the positions it was given: the one
    ``best_move`` is asked about and every position one move away (they are computed by the
    grader, so no search is sent to the student's kernel)."""

    def __init__(self, values: dict[Any, float]) -> None:
        self.values = values

    def __call__(
        self, state: Any, game: Any = None, alpha: float = -math.inf, beta: float = math.inf
    ) -> float:
        try:
            value = self.values[state]
        except (KeyError, TypeError):
            raise LookupError(
                kept_sentence(
                    "while best_move is graded, negamax is the course's and knows the values of "
                    "the position best_move is given and of the positions one move away only; "
                    "best_move called it on another position"
                )
            ) from None
        if value <= alpha:
            return alpha
        return beta if value >= beta else value


def course_negamax(state: Any) -> CourseNegamax:
    """The course's negamax for grading ``best_move`` at ``state`` (see `CourseNegamax`)."""
    values = {state: reference(state)[0]}
    for move in GAME.actions(state):
        child = GAME.result(state, move)
        values[child] = reference(child)[0]
    return CourseNegamax(values)


def _own_negamax_note(best_move: Callable[..., Any], position: Position, expected: Any) -> None:
    """Print a note when ``best_move``, right with the course's negamax, answers otherwise with
    the notebook's own negamax on ``position`` (only what was seen; it points to Part 1)."""
    value, move = expected
    try:
        got = _call(best_move, "best_move(state, game)", position.label, position.state, GAME)
        same = (
            type(got) is tuple
            and len(got) == 2
            and got[0] == value
            and _as_move(got[1], kept_sentence("the move")) == tuple(move)
        )
    except Exception as error:  # noqa: BLE001 - a note never fails the cell
        if isinstance(error, NotImplementedError) or "NotImplementedError" in str(error):
            seen = kept_sentence("your negamax is not answered yet")
        else:
            seen = kept_sentence("with your own negamax it stops: {error}", error=message_of(error))
    else:
        if same:
            return
        seen = kept_sentence("with your own negamax its answer differs")
    note = kept_sentence(
        "Note: this cell runs your best_move with the course's negamax in place of yours, and "
        "it is right; on {label} {seen}. See Part 1 (negamax), which has its own tests.",
        label=position.label,
        seen=seen,
    )
    print(said_again(note.to_dict(), note))  # in the language in use, at once


def check_best_move(
    best_move: Callable[..., Any], positions: Sequence[Position], *, note: bool = True
) -> list[tuple[float, QuartoMove]]:
    """``best_move(state, game)`` returns ``(value, move)``: the value for the player to move
    and the first best move in ``game.actions(state)`` order. Every call runs with the course's
    negamax in place of the notebook's (`course_negamax`), so this cell judges best_move only;
    with ``note``, a best_move that answers otherwise with the notebook's own negamax on the
    first of ``positions`` gets a printed note that points to Part 1. Returns the answers on
    ``positions``, each ``(value, move)``, as checked."""
    from gamekit.checks.evidence import standing_in

    what = "best_move(state, game)"
    probes = negamax_probes()
    answers = []
    for position in [*probes, *positions]:
        with standing_in(best_move, "negamax", course_negamax(position.state)):
            got = _call(best_move, what, position.label, position.state, GAME)
        if type(got) is not tuple or len(got) != 2:
            raise GradingError(
                kept_sentence(
                    "{what} should return a pair (value, move), got {got}", what=what, got=repr(got)
                ),
                code="wrong_type",
            )
        value = require_number(
            got[0],
            kept_sentence("the value of {what} on {where}", what=what, where=position.label),
        )
        true, expected = reference(position.state)
        if value != true:
            said = (
                kept_sentence(
                    "it should be {value}, the value for the player to move", value=_show(true)
                )
                if position in probes
                else kept_sentence(
                    "(not a probe, so its value is not shown; every probe was right)"
                )
            )
            raise GradingError(
                kept_sentence(
                    "the value of {what} on {where} is {value}; {said} (best_move ran with the "
                    "course's negamax in place of yours)",
                    what=what,
                    where=position.label,
                    value=_show(value),
                    said=said,
                ),
                code="witness:best_move" if position in probes else "hidden:best_move",
                evidence={"step": "best_move", "input": position.label, "got": repr(value)},
            )
        move = _as_move(
            got[1], kept_sentence("the move of {what} on {where}", what=what, where=position.label)
        )
        the_move = kept_sentence("the move of {what}", what=what)
        _compare_moves(move, expected, position.state, the_move, position.label)
        answers.append((value, QuartoMove(*move)))
    if note and positions:
        _own_negamax_note(best_move, positions[0], reference(positions[0].state))
    return answers[len(probes) :]
