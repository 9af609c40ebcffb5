"""What the mutation harness (`gamekit.checks.mutants`) needs for a03: a wide observation of
the notebook's answers, and a re-check of the claims a failing cell made."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from gamekit.checks.a03 import ladder
from gamekit.checks.a03.evaluate import EVALUATE_MISTAKE_KEYS, _same, mistake_value
from gamekit.checks.a03.positions import Position
from gamekit.checks.a03.running import forbidden_functions
from gamekit.checks.a03.summary import series_from_outcomes
from gamekit.checks.mutants import Catalogued, unforbidden
from gamekit.games import ConnectFour as ReferenceConnectFour


def _outcome(call: Callable[[], Any]) -> str:
    try:
        return repr(call())
    except Exception as error:  # noqa: BLE001 - what a wrong program does is the data
        return f"raised {type(error).__name__}"


def observation_states(seed: int = 7) -> list[Position]:
    """Every position along seeded random games on five board sizes, finished ones included."""
    rng = random.Random(seed)
    found = []
    for h, v, k in ((4, 4, 3), (6, 7, 4), (5, 6, 4), (7, 5, 4), (5, 4, 4)):
        game = ReferenceConnectFour(h, v, k)
        for _ in range(3):
            state = game.initial
            while True:
                found.append(Position(f"{h} x {v}", h, v, k, state))
                if game.terminal_test(state):
                    break
                state = game.result(state, rng.choice(game.actions(state)))
    return found


def observe(namespace: dict[str, Any]) -> list[str]:
    """What the notebook's ConnectFour.actions (as a sorted list, with its type), evaluate (for
    X and O) and score_summary give on many positions and series (seeded). The order of the
    moves is free (the exercise says so), so it is not observed."""
    seen = [_outcome(lambda: _shape_of(namespace["ConnectFour"]()))]  # the default board
    games: dict[tuple[int, int, int], Any] = {}
    for position in observation_states():
        shape = (position.h, position.v, position.k)
        if shape not in games:
            try:
                games[shape] = namespace["ConnectFour"](*shape)
            except Exception as error:  # noqa: BLE001
                games[shape] = None
                seen.append(f"raised {type(error).__name__}")
        game = games[shape]
        if game is not None:
            seen.append(
                _outcome(
                    lambda g=game, p=position: (
                        type(moves := g.actions(p.state)).__name__,
                        sorted(moves, key=repr),
                    )
                )
            )
        for who in ("X", "O"):
            seen.append(_outcome(lambda p=position, w=who: namespace["evaluate"](p.state, w)))
    for letters in ("W", "L", "D", "WWDL", "WLWLD", "LLLWDDWWWW", "DDWL"):
        seen.append(_outcome(lambda s=letters: namespace["score_summary"](series_from_outcomes(s))))
    return seen


def _shape_of(game: Any) -> tuple:
    """A game's board size and its empty board's moves."""
    return (game.h, game.v, game.k, sorted(game.actions(game.initial)))


def recheck(namespace: dict[str, Any], code: str, evidence: dict | None) -> str | None:
    """Whether a failing cell's claim holds for the program in ``namespace``: None if it does,
    else what is false. A ladder witness is re-run on its probe board (the student's answer
    and the right one must be what the message quotes); the other messages state values and
    facts read off the student's own answers on the position they name, when they are checked
    (an evaluation mistake is named only if it gives the student's values for X and O on every
    position checked and every probe board)."""
    if not evidence or "input" not in evidence or "raised" in evidence:
        return None
    step, words = evidence.get("step"), evidence["input"]
    probes = {
        "actions": (ladder.actions_probes, ladder.legal_moves, _actions_of),
        "evaluate": (ladder.evaluate_probes, ladder.window_heuristic, _evaluate_of),
        "score_summary": (ladder.summary_probes, ladder.right_summary, _summary_of),
    }
    if step not in probes:
        return f"{step} has no probes"
    make, reference, program = probes[step]
    probe = next((p for p in make() if p.words == words), None)
    if probe is None:
        return f"the witness {words!r} is not a probe of {step}"
    got, expected = program(namespace)(*probe.args), reference(*probe.args)
    if repr(got) != evidence["got"] or repr(expected) != evidence["expected"]:
        return f"{step} gives {got!r} on {words} (right: {expected!r}); the message differs"
    right = {
        "actions": ladder._same_moves,
        "evaluate": _same,
        "score_summary": lambda a, b: ladder._right_summary(a, b, _same),
    }[step](got, expected)
    return f"{step} is right on {words}" if right else None


def _actions_of(namespace: dict[str, Any]) -> Callable[..., Any]:
    return lambda h, v, k, state: namespace["ConnectFour"](h, v, k).actions(state)


def _evaluate_of(namespace: dict[str, Any]) -> Callable[..., Any]:
    return namespace["evaluate"]


def _summary_of(namespace: dict[str, Any]) -> Callable[..., Any]:
    return lambda letters: namespace["score_summary"](series_from_outcomes(letters))


def _evaluate_with(index: int) -> Callable[[Any, str], float]:
    """The window heuristic with the catalogued mistake ``index`` of `EVALUATE_MISTAKE_KEYS`."""

    def evaluate(state: Any, player: str) -> float:
        return mistake_value(state, player, index)

    return unforbidden(evaluate, forbidden_functions())


def catalogue() -> list[Catalogued]:
    """Every mistake of ``evaluate`` a03 can name, as a program (for `gamekit.checks.mutants`).
    actions' names are not mistakes reproduced but facts about the answer on the board shown
    (see `checks.ACTIONS_MISTAKES`), re-checked there by `recheck`."""
    return [
        Catalogued(f"a03.{key}", "evaluate", _evaluate_with(index))
        for index, key in enumerate(EVALUATE_MISTAKE_KEYS)
    ]
