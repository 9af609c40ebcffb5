"""``hint`` in a Connect Four terminal game: every column's exact value, from the solver.

`exact_hint` runs `gamekit.connect4_fast.analyse` in a thread for at most ``seconds``, so the
terminal's own thread stays free for Ctrl-C: it stops the search cleanly, and what is proven so
far is printed all the same. The values are for the player to move (you, when you ask).

In the first plies the answer comes at once: the package's opening book
(`gamekit.connect4_fast.book`, every position up to ply 2) gives every column's value from the
empty board and after one disc, and, with two discs on the board, the value of the position
itself; with three, it bounds the value (from the position before the last disc). That verdict
is printed before the search starts, and the search's columns are read against it: a column
proven to reach the book's value is a best column. Every line fits 80 columns.
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
from collections.abc import Callable
from typing import Any

from gamekit.games import ConnectFour, Game
from gamekit.i18n import _, ngettext, number
from gamekit.terminal.text import COMMAND_WORDS, joined

HINT_SECONDS = 10.0
"""How long ``hint`` searches for exact values before it prints what is proven."""


def exact_available(game: Game) -> bool:
    """Does ``hint`` give exact values in ``game`` (standard Connect Four, 7 x 6, k = 4)?"""
    if not isinstance(game, ConnectFour) or (game.h, game.v, game.k) != (6, 7, 4):
        return False
    try:
        import gamekit.connect4_fast  # noqa: F401
    except ImportError:  # pragma: no cover - gamekit ships it
        return False
    return True


def _columns(numbers: list[int]) -> str:
    """``column 4`` or ``columns 3 and 5``, in the language in use."""
    named = joined([str(c) for c in numbers], _("and"))
    return ngettext("column {numbers}", "columns {numbers}", len(numbers)).format(numbers=named)


def exact_hint(
    game: Game,
    state: Any,
    *,
    seconds: float = HINT_SECONDS,
    say: Callable[[str], None] = print,
) -> Any:
    """Print every legal column's exact value for the player to move in ``state`` (searching at
    most ``seconds``; Ctrl-C stops); return the `Analysis`."""
    from gamekit.connect4_fast import Position, analyse

    position = Position.from_state(game, state)
    latest: list[Any] = []
    result: list[Any] = []
    stop = threading.Event()
    failure: list[BaseException] = []

    ended = threading.Event()

    def work() -> None:
        try:
            result.append(
                analyse(position, seconds=seconds, stop=stop.is_set, progress=latest.append)
            )
        except BaseException as error:  # said in the terminal's thread
            failure.append(error)
        finally:
            ended.set()

    interrupted, known = False, None
    try:
        threading.Thread(target=work, daemon=True, name="gk-exact-hint").start()
        # Said inside the try: a Ctrl-C as soon as the first line shows stops the search.
        say(
            _("Exact values for you ({player}), with perfect play by both sides").format(
                player=state.to_move
            )
        )
        say(
            _("(searching up to {seconds} s; Ctrl-C stops and shows what is proven):").format(
                seconds=number(seconds)
            )
        )
        known = _book_verdict(game, state, say)
        while not ended.wait(0.1):
            pass
    except KeyboardInterrupt:  # Ctrl-C: the search ends at its next look at ``stop``
        interrupted = True
        stop.set()
        while not ended.is_set():
            with contextlib.suppress(KeyboardInterrupt):  # it is stopping already
                ended.wait(0.1)
    if failure:
        raise failure[0]
    analysis = result[0] if result else latest[-1]
    if known is not None and not analysis.complete:  # a column that reaches it is best
        analysis = dataclasses.replace(
            analysis,
            columns=tuple(
                dataclasses.replace(v, high=known) if v.low >= known else v
                for v in analysis.columns
            ),
        )
    for value in analysis.columns:
        words = value.words()
        if not value.exact and words != _("not known yet"):
            words += " " + _("(proven so far)")
        say("  " + _("column {number}: {value}").format(number=value.column, value=words))
    best = analysis.best()
    if best:
        words = analysis.column(best[0]).words()
        if analysis.complete:
            said = _("Best: {columns} ({value}).")
        else:
            said = _("Best: {columns} ({value}, and no other column can do better).")
        say(said.format(columns=_columns(best), value=words))
    if not analysis.complete:
        bounds = [v.column for v in analysis.columns if not v.exact]
        if interrupted:
            why = _("You stopped the search")
        else:
            why = _("Time ran out after {seconds} s").format(seconds=number(seconds))
        unsolved = ngettext(
            "{why}: {columns} is not solved yet.",
            "{why}: {columns} are not solved yet.",
            len(bounds),
        )
        say(unsolved.format(why=why, columns=_columns(bounds)))
        if known is not None and not best:
            say(_("One of them or more reaches the book's value: the search has not proven which."))
        say(
            _(
                '"proven so far" marks a bound, not the exact value; type {hint} to search again.'
            ).format(hint=_(COMMAND_WORDS["hint"]))
        )
    return analysis


def _book_verdict(game: Game, state: Any, say: Callable[[str], None]) -> int | None:
    """Say what the opening book knows of ``state``: its exact value (up to ply 2), or a bound
    from the position before the last disc (ply 3). Return the exact score, if known."""
    from gamekit.connect4_fast import Position
    from gamekit.connect4_fast.analysis import ColumnValue
    from gamekit.connect4_fast.book import book_score

    position = Position.from_state(game, state)
    cells = position.shape.cells
    score = book_score(position)
    if score is not None:
        words = ColumnValue(0, score, score, position.moves, cells).words()
        say(_("Opening book: with perfect play this position is a {value}.").format(value=words))
        return score
    if state.last_move is None:
        return None
    sh, (row, col) = position.shape, state.last_move
    last = 1 << ((col - 1) * sh.column_bits + sh.height - row)  # the last disc's bit
    mover = (position.mask ^ position.current) ^ last  # who played it, without it
    mask = position.mask ^ last
    if not position.mask & last:
        return None
    stones = (
        {"X": mover, "O": mask ^ mover} if state.to_move == "O" else {"O": mover, "X": mask ^ mover}
    )
    parent = Position(sh, mover, mask, position.moves - 1, sh.evaluate(stones["X"], stones["O"]))
    above = book_score(parent)
    if above is None:
        return None
    before = "X" if state.to_move == "O" else "O"
    low = -above  # the player who moved last could do no better than the book's value
    bound = ColumnValue(0, low, low, position.moves, cells)
    if low > 0:
        n = bound.your_moves(low)
        words = _("at least a win in {n} of your moves").format(n=n)
    elif low == 0:
        words = _("at least a draw")
    else:
        n = bound.your_moves(low)
        words = _("at worst a loss in {n} of their moves").format(n=n)
    say(
        _(
            "Opening book: from the position before {player}'s last disc, this one is for you"
        ).format(player=before)
    )
    say(
        _("{value} (exactly that if {player} played a best column).").format(
            value=words, player=before
        )
    )
    return None
