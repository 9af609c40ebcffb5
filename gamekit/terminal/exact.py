"""``hint`` in a Connect Four terminal game: every column's exact value, from the solver.

`exact_hint` runs `gamekit.connect4_fast.analyse` in a thread for at most ``seconds``, so the
terminal's own thread stays free for Ctrl-C: it stops the search cleanly, and what is proven so
far is printed all the same. The values are for the player to move (you, when you ask).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any

from gamekit.games import ConnectFour, Game
from gamekit.terminal.text import joined

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


def _columns(count: int) -> str:
    return "column" if count == 1 else "columns"


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
    say(
        f"Exact values for you ({state.to_move}), with perfect play by both sides "
        f"(searching up to {seconds:g} s; Ctrl-C stops and shows what is proven):"
    )
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

    interrupted = False
    try:
        threading.Thread(target=work, daemon=True, name="gk-exact-hint").start()
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
    for value in analysis.columns:
        words = value.words()
        if not value.exact and words != "not known yet":
            words += " (proven so far)"
        say(f"  column {value.column}: {words}")
    best = analysis.best()
    if best:
        named = joined([str(c) for c in best], "and")
        words = analysis.column(best[0]).words()
        later = "" if analysis.complete else ", and no other column can do better"
        say(f"Best: {_columns(len(best))} {named} ({words}{later}).")
    if not analysis.complete:
        bounds = [v.column for v in analysis.columns if not v.exact]
        why = "You stopped the search" if interrupted else f"Time ran out after {seconds:g} s"
        named = joined([str(c) for c in bounds], "and")
        verb = "is" if len(bounds) == 1 else "are"
        say(
            f"{why}: {_columns(len(bounds))} {named} {verb} not solved yet (a value marked "
            '"proven so far" is a bound, not the exact value); type hint again to search afresh.'
        )
    return analysis
