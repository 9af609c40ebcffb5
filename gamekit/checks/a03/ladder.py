"""The ladder of public probe boards for a03: the smallest board where ``actions`` or
``evaluate`` goes wrong, with the right answer and how it comes about.

When the student's answer is wrong on a test's position and no catalogued mistake explains
every answer, the checker runs it on these boards, smallest first. The first one where it is
wrong is the *witness*. A probe is public, so its right answer may be shown, with the facts
that give it: the lowest empty cell of each column for ``actions``; for ``evaluate``, how many
windows hold 1, 2, 3 or 4 of each player's pieces and none of the other's, and the centre
pieces, which add up to the window heuristic's value.

>>> from gamekit.games import ConnectFour
>>> def top_cells(h, v, k, state):  # the top-most empty cell of each column
...     columns = [state.cells[c::v] for c in range(v)]
...     return [(col.find(".") + 1, c + 1) for c, col in enumerate(columns) if "." in col]
>>> witness, message = actions_witness(top_cells)
>>> print(witness.probe.words)
the probe board .... / .... / .... / .... (4 x 4, k = 3, rows from the top; X to move)
>>> print(message.split(" (in any order): ")[1])  # doctest: +NORMALIZE_WHITESPACE
each column that is not full has one move, at its lowest empty cell (rows are numbered from 1
at the top to h = 4 at the bottom): column 1 -> (4, 1), column 2 -> (4, 2), column 3 -> (4,
3), column 4 -> (4, 4)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from gamekit.checks import listed
from gamekit.checks.a03.spec import CENTRE_WEIGHT, DIRECTIONS, EMPTY, SUMMARY_KEYS, WEIGHTS
from gamekit.checks.evidence import Probe, Witness, first_witness
from gamekit.games import ConnectFour
from gamekit.heuristics import connect_four_eval
from gamekit.i18n import kept_sentence

ACTIONS_LADDER: tuple[tuple[tuple[str, ...], int], ...] = (
    (("....", "....", "....", "...."), 3),
    (("....", "....", "....", ".X.."), 3),
    (("O...", "X...", "O...", "X..."), 3),
    (("..X..", "..O..", ".XOX.", "OXOXO"), 4),
    ((".....", ".....", "OOO..", "XXXX."), 4),
    (("....", "....", "O...", "X...", "XO..", "OXX."), 4),
    ((".......", ".......", "X.O....", "O.X..XO"), 4),
)
"""``(rows, k)``, top row first: an empty board, one piece, a full column, columns of several
heights, a won board (no moves), a tall board, a wide one."""

EVALUATE_LADDER: tuple[tuple[str, ...], ...] = (
    (".......",) * 5 + ("...X...",),
    (".......",) * 5 + ("X......",),
    (".......",) * 4 + ("...O...", "...X..."),
    (".......",) * 5 + ("O.XX...",),
    (".......",) * 4 + ("...X...", "..OXO.."),
    (".......",) * 3 + ("...X...", "..OO...", "..XXX.O"),
    ("......",) * 4 + ("..XO..", ".OXX.."),
)
"""Boards for k = 4, top row first: one piece in the centre, one at the edge, one of each
colour, two in a row, a few pieces of both colours, a 6 x 6 board (two middle columns)."""


Found = tuple[Witness, str]
"""A witness (`gamekit.checks.evidence`: the probe, the student's answer, the right one) and
the message that shows it."""


def _board_words(state: Any, h: int, v: int, k: int) -> str:
    rows = [state.cells[r * v : (r + 1) * v] for r in range(h)]
    return kept_sentence(
        "{rows} ({h} x {v}, k = {k}, rows from the top; {player} to move)",
        rows=" / ".join(rows),
        h=h,
        v=v,
        k=k,
        player=state.to_move,
    )


def _probe(rows: tuple[str, ...], k: int) -> tuple[Any, int, int]:
    h, v = len(rows), len(rows[0])
    return ConnectFour(h, v, k).from_rows(list(rows)), h, v


def lowest_cells(state: Any, h: int, v: int) -> list[tuple[int, tuple[int, int] | None]]:
    """``(column, its lowest empty cell or None when full)`` for every column."""
    found = []
    for c in range(v):
        column = state.cells[c::v]
        found.append((c + 1, (column.rfind(EMPTY) + 1, c + 1) if EMPTY in column else None))
    return found


Describe = Callable[[set, set, Any, int, int], str]
"""``describe(got, expected, state, h, v)``: what a wrong set of moves is, read off it."""


def actions_probes() -> tuple[Probe, ...]:
    """The boards of `ACTIONS_LADDER` as probes: arguments ``(h, v, k, state)``."""
    probes = []
    for rows, k in ACTIONS_LADDER:
        state, h, v = _probe(rows, k)
        words = kept_sentence("the probe board {board}", board=_board_words(state, h, v, k))
        probes.append(Probe(words, (h, v, k, state)))
    return tuple(probes)


def legal_moves(h: int, v: int, k: int, state: Any) -> list[tuple[int, int]]:
    """The reference answer of ``ConnectFour(h, v, k).actions(state)``, sorted."""
    return sorted(ConnectFour(h, v, k).actions(state))


def actions_witness(
    run: Callable[[int, int, int, Any], Any], describe: Describe | None = None
) -> Found | None:
    """The first board of `ACTIONS_LADDER` where ``run(h, v, k, state)`` (the student's
    ``ConnectFour(h, v, k).actions(state)``) is not the set of legal moves, and its message;
    None if none. ``describe`` says what the wrong moves are there (when they are a list of
    tuples). A `GradingError` raised by ``run`` is raised again with the probe's words."""
    found, _ = first_witness("actions", run, legal_moves, actions_probes(), _same_moves)
    if found is None:
        return None
    h, v, k, state = found.probe.args
    got, expected, words = found.got, found.expected, found.probe.words
    if state.utility != 0:
        fact = kept_sentence(
            "{player} has {k} in a row, so the game is over and there are no legal moves",
            player="X" if state.utility > 0 else "O",
            k=k,
        )
    else:
        columns = [
            kept_sentence("column {column} -> {cell}", column=c, cell=cell)
            if cell
            else kept_sentence("column {column} is full", column=c)
            for c, cell in lowest_cells(state, h, v)
        ]
        fact = kept_sentence(
            "each column that is not full has one move, at its lowest empty cell (rows are "
            "numbered from 1 at the top to h = {h} at the bottom): {columns}",
            h=h,
            columns=listed(columns),
        )
    shown = repr(sorted(got, key=repr) if isinstance(got, list) else got)
    if describe is not None and _moves(got):
        what = describe(set(got), set(expected), state, h, v)
        return found, kept_sentence(
            "actions {mistake} (on {board}: it returned {got}), but the legal moves are "
            "{expected} (in any order): {fact}",
            mistake=what,
            board=words,
            got=shown,
            expected=repr(expected),
            fact=fact,
        )
    return found, kept_sentence(
        "actions on {board} returned {got}, but the legal moves are {expected} (in any order): "
        "{fact}",
        board=words,
        got=shown,
        expected=repr(expected),
        fact=fact,
    )


def _moves(got: Any) -> bool:
    """A list of distinct ``(row, col)`` pairs of ints (what `describe` can read)."""
    if not isinstance(got, list):
        return False
    pairs = all(type(m) is tuple and len(m) == 2 and all(type(x) is int for x in m) for m in got)
    return pairs and len(set(got)) == len(got)


def _same_moves(got: Any, expected: list[tuple[int, int]]) -> bool:
    """A list of the expected moves, each once, in any order."""
    if not isinstance(got, list) or not all(isinstance(move, tuple) for move in got):
        return False
    try:
        return len(got) == len(expected) and set(got) == set(expected)
    except TypeError:  # a move holding something unhashable
        return False


def window_counts(state: Any, player: str, k: int = 4) -> dict[int, int]:
    """``{n: number of windows of k cells holding n of player's pieces and none of the
    other's}`` for n = 1..k, over the four directions."""
    h, v = state.h, state.v
    other = "O" if player == "X" else "X"
    counts = dict.fromkeys(range(1, k + 1), 0)
    for dr, dc in DIRECTIONS:
        for r in range(h):
            for c in range(v):
                cells = [(r + i * dr, c + i * dc) for i in range(k)]
                if not all(0 <= x < h and 0 <= y < v for x, y in cells):
                    continue
                marks = [state.cells[x * v + y] for x, y in cells]
                if other not in marks and marks.count(player):
                    counts[marks.count(player)] += 1
    return counts


def centre_pieces(state: Any, player: str) -> int:
    """``player``'s pieces in the centre column (both middle columns on an even width)."""
    v = state.v
    middle = ((v + 1) // 2,) if v % 2 else (v // 2, v // 2 + 1)
    return sum(state.cells[col - 1 :: v].count(player) for col in middle)


def evaluation_fact(state: Any, player: str, k: int = 4) -> str:
    """How the window heuristic's value for ``player`` adds up on ``state``, term by term."""
    other = "O" if player == "X" else "X"
    terms, total = [], 0.0
    for who, sign in ((player, 1), (other, -1)):
        counts = window_counts(state, who, k)
        for n, count in counts.items():
            if count:
                terms.append(f"{'+' if sign > 0 else '-'} {count} x {WEIGHTS[n]}")
                total += sign * count * WEIGHTS[n]
        parts = [
            kept_sentence("{count} with {n}", count=count, n=n)
            for n, count in counts.items()
            if count
        ]
        if who == player:
            own = listed(parts) or kept_sentence("none")
        else:
            theirs = listed(parts) or kept_sentence("none")
    mine, yours = centre_pieces(state, player), centre_pieces(state, other)
    terms.append(f"+ {mine} x {CENTRE_WEIGHT} - {yours} x {CENTRE_WEIGHT}")
    total += CENTRE_WEIGHT * (mine - yours)
    return kept_sentence(
        "windows of {k} holding only {player}'s pieces: {own} (weights 1 / 10 / 50 / 512 for "
        "1 / 2 / 3 / 4 pieces); holding only {other}'s: {theirs} (subtracted); centre pieces: "
        "{mine} of {player}'s, {yours} of {other}'s (3 each); so {sum} = {total}",
        k=k,
        player=player,
        own=own,
        other=other,
        theirs=theirs,
        mine=mine,
        yours=yours,
        sum=" ".join(terms).removeprefix("+ "),
        total=format(total, "g"),
    )


def evaluate_probes() -> tuple[Probe, ...]:
    """The boards of `EVALUATE_LADDER`, for X and for O: arguments ``(state, player)``."""
    probes = []
    for rows in EVALUATE_LADDER:
        state, h, v = _probe(rows, 4)
        for player in ("X", "O"):
            words = kept_sentence(
                "the probe board {board}, for {player}",
                board=_board_words(state, h, v, 4),
                player=player,
            )
            probes.append(Probe(words, (state, player)))
    return tuple(probes)


def window_heuristic(state: Any, player: str) -> float:
    """The reference answer of ``evaluate``: the course's window heuristic for k = 4."""
    return connect_four_eval(state, player, 4)


def evaluate_witness(
    run: Callable[[Any, str], float], same: Callable[[Any, Any], bool]
) -> Found | None:
    """The first board of `EVALUATE_LADDER` (and player) where ``run(state, player)`` (the
    student's ``evaluate``) differs from the window heuristic, and its message; None if none."""
    found, _ = first_witness("evaluate", run, window_heuristic, evaluate_probes(), same)
    if found is None:
        return None
    state, player = found.probe.args
    return found, kept_sentence(
        "evaluate on {board} returned {got}, but the window heuristic gives {expected}: {fact}",
        board=found.probe.words,
        got=format(found.got, "g"),
        expected=format(found.expected, "g"),
        fact=evaluation_fact(state, player),
    )


def probe_states() -> list[Any]:
    """The boards of `EVALUATE_LADDER` (for confirming a named mistake on them too)."""
    return [_probe(rows, 4)[0] for rows in EVALUATE_LADDER]


CONFIRMATION_SEED = 3003
"""The seed of `confirmation_states`: grading replays the same boards in every run."""


@functools.cache
def confirmation_states() -> tuple[Any, ...]:
    """Generated boards (seeded) a named ``evaluate`` mistake must fit too, beyond the probes:
    every third position of random games on six board sizes (k = 4), openings to full boards.
    A mistake that fits the probes but not one of these is not named."""
    rng = random.Random(CONFIRMATION_SEED)
    found = []
    for h, v in ((6, 7), (4, 4), (5, 6), (7, 5), (5, 4), (6, 9)):
        game = ConnectFour(h, v, 4)
        for _ in range(2):
            state, ply = game.initial, 0
            while not game.terminal_test(state):
                state, ply = game.result(state, rng.choice(game.actions(state))), ply + 1
                if ply % 3 == 0 or game.terminal_test(state):
                    found.append(state)
    return tuple(found)


SUMMARY_LADDER = ("W", "D", "L", "WD", "LW", "WDL", "DDLW", "WWDLL")
"""Series of games (W: A won, D: a draw, L: A lost), shortest first: one game of each outcome,
then mixed series."""


def right_summary(letters: str) -> dict[str, float]:
    """What ``score_summary`` returns for a series with these outcomes (for player A)."""
    n = len(letters)
    wins, draws, losses = (letters.count(x) for x in "WDL")
    return {
        "games": n,
        "win_rate": wins / n,
        "draw_rate": draws / n,
        "loss_rate": losses / n,
        "mean_score": (wins - losses) / n,
    }


def summary_probes() -> tuple[Probe, ...]:
    """The series of `SUMMARY_LADDER` as probes: argument ``letters``."""
    return tuple(Probe(summary_words(letters), (letters,)) for letters in SUMMARY_LADDER)


def summary_witness(run: Callable[[str], Any], same: Callable[[Any, Any], bool]) -> Found | None:
    """The first series of `SUMMARY_LADDER` where ``run(letters)`` (the student's
    ``score_summary`` on that series) is not the right summary, and its message; None if right
    on all."""
    found, _ = first_witness(
        "score_summary",
        run,
        right_summary,
        summary_probes(),
        lambda got, expected: _right_summary(got, expected, same),
    )
    if found is None:
        return None
    (letters,) = found.probe.args
    n = len(letters)
    wins, draws, losses = (letters.count(x) for x in "WDL")
    counted = {"wins": wins, "draws": draws, "losses": losses, "n": n}
    mean = f"{found.expected['mean_score']:g}"
    if n > 1:
        fact = kept_sentence(
            "{wins} won, {draws} drawn and {losses} lost of {n} games: the rates are {wins}/{n}, "
            "{draws}/{n} and {losses}/{n}, and the mean score ({wins} x 1 + {draws} x 0 + "
            "{losses} x -1) / {n} = {mean}",
            **counted,
            mean=mean,
        )
    else:
        fact = kept_sentence(
            "{wins} won, {draws} drawn and {losses} lost of {n} game: the rates are {wins}/{n}, "
            "{draws}/{n} and {losses}/{n}, and the mean score ({wins} x 1 + {draws} x 0 + "
            "{losses} x -1) / {n} = {mean}",
            **counted,
            mean=mean,
        )
    return found, kept_sentence(
        "score_summary on {series} returned {got}, but should return {expected}: {fact}",
        series=found.probe.words,
        got=repr(found.got),
        expected=repr(found.expected),
        fact=fact,
    )


def _right_summary(got: Any, expected: dict[str, float], same: Callable[[Any, Any], bool]) -> bool:
    if not isinstance(got, dict) or set(got) != set(SUMMARY_KEYS):
        return False
    return all(_number(got[k]) and same(got[k], expected[k]) for k in SUMMARY_KEYS)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def summary_words(letters: str) -> str:
    """A probe series in words: ``the series W, D (a win, a draw for A)``."""
    return kept_sentence(
        "the series {letters} ({outcomes} for A)",
        letters=", ".join(letters),
        outcomes=_outcome_words(letters),
    )


def _outcome_words(letters: str) -> str:
    names = {
        "W": kept_sentence("a win"),
        "D": kept_sentence("a draw"),
        "L": kept_sentence("a loss"),
    }
    return listed([names[x] for x in letters])
