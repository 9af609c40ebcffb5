"""Checks for assignment 05 (Monte Carlo tree search): UCB1, the search's child statistics, the
move chosen at the root, and convergence to the minimax move.

The student's functions work on plain data so that they cross the sandbox cheaply:

- ``ucb1(Q, N, parent_N, c) -> float`` (infinite for an unvisited child);
- ``search(state, game, iterations, seed) -> [(move, N, Q), ...]``: the root's children after
  ``iterations`` iterations, in expansion order, with ``rng = random.Random(seed)``;
- ``best_move(rows) -> move``: the move to play from such rows.

The conventions (fixed by the notebook's skeleton, and those of `gamekit.mcts`): a node that is
reached for the first time is expanded with one child per move in ``actions()`` order; selection
takes the child with the highest UCB1 (unvisited first, ties: the first); the rollout plays
``rng.choice(game.actions(state))`` until the end; backup adds one visit to every node of the
path and the result from the view of the player who moved into the node.

One module, on the shared mechanism: UCB1's probes, the search's ladder of small games and the
catalogued mistakes are `gamekit.checks.evidence` probes and mutants (`diagnose`).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamekit.checks import (
    EngineForbidden,
    GradingError,
    engines_swapped_out,
    message_of,
    require_number,
    require_type,
)
from gamekit.checks.evidence import (
    Mutant,
    Probe,
    diagnose,
    first_witness,
    input_evidence,
    standing_in,
)
from gamekit.checks.mutants import Catalogued, unforbidden
from gamekit.i18n import N_, kept_sentence, said_again

Row = tuple[Any, int, float]


@dataclass(eq=False)
class _Node:
    state: Any
    move: Any = None
    parent: _Node | None = None
    player: str | None = None  # who moved into this node
    children: list[_Node] = field(default_factory=list)
    N: int = 0
    Q: float = 0.0


@dataclass(frozen=True)
class Variant:
    """Switches that reproduce the catalogued mistakes (all off: the right search)."""

    log_of_child: bool = False
    not_negated: bool = False
    unvisited_not_first: bool = False
    q_not_on_path: bool = False
    n_not_on_path: bool = False


def reference_ucb1(Q: float, N: int, parent_N: int, c: float) -> float:
    """UCB1: the mean plus c times sqrt(ln(parent's N) / N); infinite for an unvisited child."""
    if N == 0:
        return math.inf
    return Q / N + c * math.sqrt(math.log(parent_N) / N)


def _score(child: _Node, parent: _Node, c: float, variant: Variant) -> float:
    if child.N == 0:
        return 0.0 if variant.unvisited_not_first else math.inf  # the mistake: "return 0"
    visits = child.N if variant.log_of_child else max(parent.N, 1)
    return child.Q / child.N + c * math.sqrt(math.log(visits) / child.N)


def reference_search(
    state: Any,
    game: Any,
    iterations: int,
    seed: int,
    c: float = math.sqrt(2),
    story: list[str] | None = None,
    **switches: bool,
) -> list[Row]:
    """The root's children as ``(move, N, Q)`` after seeded UCT (``switches``: a `Variant`).
    ``story`` gets one sentence per iteration: what each of the four steps did (kept)."""
    variant = Variant(**switches)
    rng = random.Random(seed)
    root = _Node(state)
    root_player = game.to_move(state)
    for _ in range(iterations):
        node, path, expanded = root, "", ""
        while node.children:  # selection
            scores = [_score(child, node, c, variant) for child in node.children]
            node = node.children[scores.index(max(scores))]
            step = f"{node.move!r} (UCB1 {_number(max(scores))})"
            path = kept_sentence("{path} then {step}", path=path, step=step) if path else step
        if not game.terminal_test(node.state) and (node is root or node.N > 0):  # expansion
            mover = game.to_move(node.state)
            for move in game.actions(node.state):
                node.children.append(_Node(game.result(node.state, move), move, node, mover))
            node = node.children[0]
            expanded = kept_sentence(
                "expands, then takes the first new child {move}", move=repr(node.move)
            )
        end = node.state  # rollout
        while not game.terminal_test(end):
            end = game.result(end, rng.choice(game.actions(end)))
        leaf = node
        while node is not None:  # backup
            if not variant.n_not_on_path or node is leaf or node is root:
                node.N += 1
            if node.player is not None and (not variant.q_not_on_path or node is leaf):
                viewer = root_player if variant.not_negated else node.player
                node.Q += game.utility(end, viewer)
            node = node.parent
        if story is not None:
            story.append(
                kept_sentence(
                    "selection {selection}; the rollout ends with utility {utility} for "
                    "{player}, the player at the root; backup adds 1 to N and the result, for "
                    "the player who moved into each node, to Q on the path",
                    selection=_selection_words(path, expanded),
                    utility=_number(game.utility(end, root_player)),
                    player=root_player,
                )
            )
    return [(ch.move, ch.N, ch.Q) for ch in root.children]


def _selection_words(path: str, expanded: str) -> str:
    """What selection did in one iteration, from the children it went down (``path``, "" for
    none) and what the expansion did (``expanded``, "" for none)."""
    if path and expanded:
        return kept_sentence("goes {path} then {expansion}", path=path, expansion=expanded)
    if path:
        return kept_sentence("goes {path}", path=path)
    if expanded:
        return kept_sentence("stays at the root, which {expansion}", expansion=expanded)
    return kept_sentence("stays at the root")


def _number(value: float) -> str:
    return "inf" if value == math.inf else f"{value:.4g}"


def _show(value: Any) -> str:
    """A value as the feedback shows it: numbers to 4 significant digits, rows as tuples."""
    if isinstance(value, float):
        return _number(value)
    if isinstance(value, list):
        return "[" + ", ".join(_show(item) for item in value) + "]"
    if isinstance(value, tuple):
        return "(" + ", ".join(_show(item) for item in value) + ")"
    return repr(value)


def reference_best_move(rows: Sequence[Row]) -> Any:
    """The most visited move (ties: the first): a robust choice, unlike the best mean."""
    return max(rows, key=lambda row: row[1])[0]


def forbidden_functions() -> tuple[Callable[..., Any], ...]:
    """gamekit's MCTS: a submission must write its own."""
    from gamekit import mcts

    return (mcts.mcts_search, mcts.child_statistics, mcts.MCTSNode.ucb, mcts._iterate)


def _call(function: Callable[..., Any], what: str, *args: Any) -> Any:
    step = what.split("(")[0].split()[0]
    try:
        with engines_swapped_out(*forbidden_functions()):
            return function(*args)
    except EngineForbidden as error:
        raise GradingError(
            kept_sentence(
                "{what} calls gamekit's own code: {error}", what=what, error=message_of(error)
            ),
            code="forbidden",
        ) from None
    except (GradingError, NotImplementedError):  # not answered yet: the notebook says so
        raise
    except Exception as error:
        raise GradingError(
            kept_sentence(
                "{what} raised {kind}: {error}",
                what=what,
                kind=type(error).__name__,
                error=str(error),
            ),
            code=f"raised:{step}",
        ) from None


UCB_CASES = ((3.0, 5, 20, 1.4), (-2.0, 4, 9, 0.5), (0.0, 1, 2, 2.0), (7.0, 10, 40, 0.0))
"""Hidden cases, checked after the probes: a failure there shows no expected value."""

UCB_PROBES = tuple(
    Probe(f"Q = {q:g}, N = {n}, parent_N = {parent_n}, c = {c:g}", (q, n, parent_n, c))
    for q, n, parent_n, c in (
        (0.0, 0, 1, 1.0),
        (1.0, 1, 1, 1.0),
        (1.0, 1, 2, 1.0),
        (0.0, 2, 4, 1.0),
        (-1.0, 2, 3, 0.5),
        (2.0, 4, 4, 0.0),
        (3.0, 5, 20, 1.4),
    )
)
"""The ladder for ucb1, smallest first (an unvisited child, then log 1 = 0, then more)."""


def _ucb_mutant(formula: Callable[[float, int, int, float], float], unvisited: float = math.inf):
    def mutant(Q: float, N: int, parent_N: int, c: float) -> float:
        return unvisited if N == 0 else formula(Q, N, parent_N, c)

    return mutant


UCB_MUTANTS = {
    "log_of_child": Mutant(
        kept_sentence(
            "ucb1 takes the log of the child's visit count: the exploration term is "
            "c * sqrt(ln(N of the parent) / N of the child)"
        ),
        _ucb_mutant(lambda q, n, p, c: q / n + c * math.sqrt(math.log(n) / n)),
    ),
    "unvisited_zero": Mutant(
        kept_sentence(
            "ucb1 of an unvisited child (N = 0) is not math.inf, so an unvisited child is not "
            "tried before the others"
        ),
        _ucb_mutant(reference_ucb1, unvisited=0.0),
    ),
    "no_square_root": Mutant(
        kept_sentence(
            "ucb1 leaves out the square root: the exploration term is c * sqrt(ln(parent_N) / N)"
        ),
        _ucb_mutant(lambda q, n, p, c: q / n + c * math.log(p) / n),
    ),
    "total_not_mean": Mutant(
        kept_sentence("ucb1 uses the total Q instead of the mean Q / N"),
        _ucb_mutant(lambda q, n, p, c: q + c * math.sqrt(math.log(p) / n)),
    ),
}


def _close(a: Any, b: Any) -> bool:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b or math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    return a == b


def _ucb_fact(probe: Probe, got: Any, expected: float) -> str:
    q, n, parent_n, c = probe.args
    if n == 0:
        return kept_sentence(
            "an unvisited child (N = 0) scores math.inf, so every child is tried once first"
        )
    return (  # a formula: the same in every language
        f"UCB1 = Q/N + c * sqrt(ln(parent_N) / N) = {q / n:.4g} + {c:g} * "
        f"sqrt(ln({parent_n}) / {n}) = {expected:.4g}"
    )


def check_ucb1(
    ucb1: Callable[..., Any], cases: Sequence[tuple[float, int, int, float]] = UCB_CASES
) -> None:
    """``ucb1`` equals UCB1 on the probes (infinite for an unvisited child), then on ``cases``,
    each ``(Q, N, parent_N, c)``; a difference is shown on the smallest probe."""

    def student(q: float, n: int, parent_n: int, c: float) -> float:
        what = f"ucb1({q}, {n}, {parent_n}, {c})"
        return require_number(_call(ucb1, what, q, n, parent_n, c), what)

    diagnose(
        "ucb1",
        student,
        reference_ucb1,
        UCB_PROBES,
        mutants=UCB_MUTANTS,
        same=_close,
        fact=_ucb_fact,
        show=_show,
        code_prefix="a05.ucb1.",
    )
    for q, n, parent_n, c in cases:
        got = student(q, n, parent_n, c)
        if not _close(got, reference_ucb1(q, n, parent_n, c)):
            call = f"ucb1({q}, {n}, {parent_n}, {c})"
            raise GradingError(
                kept_sentence(
                    "{call} returned {got}, which is not Q/N + c * sqrt(ln(parent_N) / N) (a "
                    "hidden case: every probe agreed)",
                    call=call,
                    got=repr(got),
                ),
                code="hidden:ucb1",
            )


def _rows(value: Any, what: str) -> list[Row]:
    require_type(value, list, what)
    rows = []
    for row in value:
        require_type(row, tuple, kept_sentence("each row of {what}", what=what))
        if len(row) != 3:
            raise GradingError(
                kept_sentence(
                    "each row of {what} must be (move, N, Q), got {row}", what=what, row=repr(row)
                )
            )
        rows.append((row[0], require_number(row[1], "N"), require_number(row[2], "Q")))
    return rows


def _same(a: Sequence[Row], b: Sequence[Row]) -> bool:
    return len(a) == len(b) and all(
        x[0] == y[0] and x[1] == y[1] and math.isclose(x[2], y[2], abs_tol=1e-9)
        for x, y in zip(a, b, strict=True)
    )


def _search_rows(
    search: Callable[..., Any], what: str, state: Any, game: Any, iterations: int, seed: int
) -> list[Row]:
    """The rows ``search`` returns, checked to be ``(move, N, Q)`` tuples. The search runs with
    the course's ucb1 in place of the notebook's (`course_ucb1`): Part 2 judges select, expand,
    rollout and backup, and a mistake in ucb1 is Part 1's alone."""
    with course_ucb1(search):
        return _rows(_call(search, what, state, game, iterations, seed), what)


def course_ucb1(search: Callable[..., Any]):
    """While active, every call of ``search`` finds the course's UCB1 (`reference_ucb1`) under
    the name ``ucb1``, in place of the notebook's (in the student's kernel too)."""
    return standing_in(search, "ucb1", reference_ucb1)


def _own_ucb1_note(search: Callable[..., Any], label: str, args: tuple, expected: list) -> None:
    """Print a note when the search, right with the course's ucb1, goes otherwise with the
    notebook's own ucb1 on ``args`` (the note says only what was seen, and points to Part 1)."""
    try:
        own = _rows(_call(search, "search", *args), "search")
    except Exception as error:  # noqa: BLE001 - a note never fails the cell
        if isinstance(error, NotImplementedError) or "NotImplementedError" in str(error):
            seen = kept_sentence("your ucb1 is not answered yet")
        else:
            seen = kept_sentence(
                "with your own ucb1 the same search stops: {error}", error=message_of(error)
            )
    else:
        if _same(own, expected):
            return
        seen = kept_sentence("with your own ucb1 it gives {rows} instead", rows=_show(own))
    note = kept_sentence(
        "Note: this cell runs your search with the course's ucb1 in place of yours, and its "
        "rows are right; on {label} {seen}. See Part 1 (ucb1), which has its own test.",
        label=label,
        seen=seen,
    )
    print(said_again(note.to_dict(), note))  # in the language in use, at once


def _tree_words(tree: Any, node: Any = None) -> str:
    """A small explicit tree in one line: ``A(a1 -> 1, a2 -> B(b1 -> -1, b2 -> 0))``."""
    node = tree.initial if node is None else node
    if tree.terminal_test(node):
        return f"{tree.utility(node, tree.players[0]):g}"
    inside = ", ".join(
        f"{move} -> {_tree_words(tree, tree.result(node, move))}" for move in tree.actions(node)
    )
    return f"{node}({inside})"


def _probe_trees() -> list[Any]:
    """The ladder's trees, smallest first: leaves -1, 0 or 1 for MAX at the root."""
    from gamekit.explain import random_tree
    from gamekit.gametree import GameTree

    two_leaves = GameTree({"A": {"a1": "B", "a2": "C"}}, {"B": 1, "C": -1})
    one_deeper = GameTree(
        {"A": {"a1": "B", "a2": "C"}, "B": {"b1": "B1", "b2": "B2"}},
        {"B1": 1, "B2": -1, "C": 0},
    )
    return [
        two_leaves,
        one_deeper,
        random_tree(2, 2, seed=1, low=-1, high=1),
        random_tree(2, 3, seed=2, low=-1, high=1),
    ]


def search_probes() -> list[Probe]:
    """The ladder for search: each small tree after 1, 2, ... iterations (seed 0)."""
    probes = []
    for tree, most in zip(_probe_trees(), (5, 8, 10, 14), strict=True):
        words = _tree_words(tree)
        for iterations in range(1, most + 1):
            said = (
                kept_sentence(
                    "the tree {tree} (leaf values for MAX) after {iterations} iterations (seed 0)",
                    tree=words,
                    iterations=iterations,
                )
                if iterations > 1
                else kept_sentence(
                    "the tree {tree} (leaf values for MAX) after {iterations} iteration (seed 0)",
                    tree=words,
                    iterations=iterations,
                )
            )
            probes.append(Probe(said, (tree.initial, tree, iterations, 0)))
    return probes


SEARCH_MUTANTS = {
    switch: Mutant(kept_sentence(sentence), functools.partial(reference_search, **{switch: True}))
    for switch, sentence in (
        # Only backup's mistakes are named from the rows: a wrong UCB1 is named by check_ucb1,
        # on ucb1 itself. (A search whose ucb1 subtracts the bonus gives the same rows as one
        # that takes the log of the child's N, on every probe and hidden case: naming either
        # from the rows would be a guess.)
        (
            "not_negated",
            N_(
                "the result is not seen from the other player's view: each node's Q must add "
                "the utility for the player who moved into it (the opponent's nodes count it "
                "negated)"
            ),
        ),
        (
            "q_not_on_path",
            N_("Q is only updated at the new node: backup must add to Q on the whole path"),
        ),
        (
            "n_not_on_path",
            N_("N is only counted at the new node: backup must add 1 to N on the whole path"),
        ),
    )
}


def _search_fact(probe: Probe, got: Any = None, expected: Any = None) -> str:
    """What the expected search does in the probe's last iteration (the earlier ones agreed:
    the ladder gives the same tree every number of iterations in order)."""
    state, game, iterations, seed = probe.args
    story: list[str] = []
    reference_search(state, game, iterations, seed, story=story)
    if iterations == 1:
        return kept_sentence(
            "in iteration {iterations} of the expected search, {story}",
            iterations=iterations,
            story=story[-1],
        )
    if iterations == 2:
        return kept_sentence(
            "after {before} iteration the rows agreed; in iteration {iterations} of the "
            "expected search, {story}",
            before=iterations - 1,
            iterations=iterations,
            story=story[-1],
        )
    return kept_sentence(
        "after {before} iterations the rows agreed; in iteration {iterations} of the expected "
        "search, {story}",
        before=iterations - 1,
        iterations=iterations,
        story=story[-1],
    )


def check_search(
    search: Callable[..., Any],
    game: Any,
    cases: Sequence[tuple[str, Any, int, int]],
    *,
    note: bool = True,
) -> list[Row]:
    """The rows of ``search`` equal the reference's on the probes (small trees, iteration by
    iteration), then on each hidden ``(label, state, iterations, seed)``. The first probe that
    differs is shown with the expected search's story of that iteration; a catalogued mistake
    is named only if it reproduces the student's rows on every probe.

    Every call runs with the course's ucb1 in place of the notebook's (`course_ucb1`), so these
    cells judge select, expand, rollout and backup only. With ``note``, a search that is right
    but goes otherwise with the notebook's own ucb1 on the first case gets a printed note that
    points to Part 1. Returns the rows of the last case (computed with the course's ucb1)."""

    def student(state: Any, tree: Any, iterations: int, seed: int) -> list[Row]:
        return _search_rows(search, "search", state, tree, iterations, seed)

    probes = search_probes()
    witness, got = first_witness(
        "search", student, reference_search, probes, _same, raised_fact=_search_fact
    )
    if witness is not None:  # first: does the same call give the same rows twice?
        for probe, first in zip(probes, got, strict=True):
            again = student(*probe.args)
            if not _same(first, again):
                raise GradingError(
                    kept_sentence(
                        "search on {probe} gave {first}, then {again} with the same seed: the "
                        "rows must depend on the arguments alone, so make every random choice "
                        "with the rng it is given (rng.choice), not the module-level random, and "
                        "keep nothing from one search to the next",
                        probe=probe.words,
                        first=_show(first),
                        again=_show(again),
                    ),
                    code="a05.unseeded",
                    evidence={"step": "search", **input_evidence(probe.words), "got": repr(first)},
                )
    diagnose(
        "search",
        student,
        reference_search,
        probes,
        mutants=SEARCH_MUTANTS,
        same=_same,
        fact=_search_fact,
        raised_fact=_search_fact,
        show=_show,
        code_prefix="a05.search.",
        confirm_on=[
            Probe(label, (state, game, iterations, seed))
            for label, state, iterations, seed in cases
        ],
        found=(witness, got),
    )
    rows: list[Row] = []
    for label, state, iterations, seed in cases:
        rows = student(state, game, iterations, seed)
        if not _same(rows, reference_search(state, game, iterations, seed)):
            raise GradingError(
                kept_sentence(
                    "search on {label} ({iterations} iterations, seed {seed}) gives N or Q of a "
                    "root child that differs from the expected search (a hidden case: every "
                    "probe agreed)",
                    label=label,
                    iterations=iterations,
                    seed=seed,
                ),
                code="hidden:search",
            )
    if note and cases:
        label, state, iterations, seed = cases[0]
        where = kept_sentence(
            "{label} ({iterations} iterations, seed {seed})",
            label=label,
            iterations=iterations,
            seed=seed,
        )
        expected = reference_search(state, game, iterations, seed)
        _own_ucb1_note(search, where, (state, game, iterations, seed), expected)
    return rows


BEST_MOVE_CASES: tuple[list[Row], ...] = (
    [("a", 10, 9.0), ("b", 30, 12.0), ("c", 5, -1.0)],
    [("a", 2, 2.0), ("b", 8, 4.0), ("c", 40, 30.0)],
)

BEST_MOVE_PROBES = tuple(
    Probe(kept_sentence("the rows {rows}", rows=rows), (rows,))
    for rows in (
        [("a", 1, 1.0)],
        [("a", 1, 1.0), ("b", 2, 0.0)],
        [("a", 2, 2.0), ("b", 5, 1.0)],
        [("a", 3, 0.0), ("b", 1, 1.0)],
        [("a", 4, 2.0), ("b", 1, 1.0)],  # the best total is not the best mean
        [("a", 2, 0.0), ("b", 2, 2.0)],  # a tie in visits: the first, whatever the means
        [("a", 1, 0.0), ("b", 4, 0.0), ("c", 4, 4.0)],
    )
)
"""The ladder for best_move: one row, then two, then the tie rule of the definition."""


def _rows_by(key: Callable[[Row], Any], *, last_of_ties: bool = False):
    def choose(rows: Sequence[Row]) -> Any:
        ordered = list(reversed(rows)) if last_of_ties else list(rows)
        return max(ordered, key=key)[0]

    return choose


BEST_MOVE_MUTANTS = {
    "best_mean": Mutant(
        kept_sentence(
            "best_move picks the child with the best mean Q/N: play the most visited child "
            "(a mean over few visits can be high by luck)"
        ),
        _rows_by(lambda row: row[2] / row[1]),
    ),
    "best_total": Mutant(
        kept_sentence("best_move picks the child with the largest Q: play the most visited child"),
        _rows_by(lambda row: row[2]),
    ),
    "last_of_ties": Mutant(
        kept_sentence(
            "of children with the same N, best_move takes the last: the definition takes the first"
        ),
        _rows_by(lambda row: row[1], last_of_ties=True),
    ),
}


def _best_move_fact(probe: Probe, got: Any, expected: Any) -> str:
    (rows,) = probe.args
    most = max(row[1] for row in rows)
    tied = [row[0] for row in rows if row[1] == most]
    if len(tied) > 1:
        return kept_sentence(
            "{tied} share the most visits, N = {most}, and the first of them is {expected}",
            tied=tied,
            most=most,
            expected=repr(expected),
        )
    return kept_sentence(
        "the most visited child is {expected}, with N = {most}", expected=repr(expected), most=most
    )


def check_best_move(
    best_move: Callable[..., Any], cases: Sequence[list[Row]] = BEST_MOVE_CASES
) -> None:
    """``best_move`` returns the most visited child (the first of equal ones) on the probes,
    then on ``cases``."""

    def student(rows: list[Row]) -> Any:
        return _call(best_move, "best_move(rows)", list(rows))

    diagnose(
        "best_move",
        student,
        reference_best_move,
        BEST_MOVE_PROBES,
        mutants=BEST_MOVE_MUTANTS,
        fact=_best_move_fact,
        code_prefix="a05.best_move.",
    )
    for rows in cases:
        got = student(rows)
        if got != reference_best_move(rows):
            raise GradingError(
                kept_sentence(
                    "best_move({rows}) returned {got}, which is not the most visited child (a "
                    "hidden case: every probe agreed)",
                    rows=rows,
                    got=repr(got),
                ),
                code="hidden:best_move",
            )


def check_converges(
    search: Callable[..., Any],
    game: Any,
    cases: Sequence[tuple[str, Any, Any]],
    iterations: int = 1000,
) -> list[Any]:
    """With enough iterations the most visited root child is the minimax move of each ``(label,
    state, move)``. The search runs with the course's ucb1 in place of the notebook's, and the
    move is chosen from its rows by the course's best_move (`reference_best_move`): this cell
    judges the search, and mistakes in ucb1 or best_move are charged in their own parts. A
    failure names the move chosen and its minimax value, never the expected move (the positions
    are hidden). Returns the moves chosen, one per case."""
    from gamekit.search import minimax_value

    chosen_moves = []
    for label, state, expected in cases:
        what = kept_sentence(
            "search on {label} ({iterations} iterations)", label=label, iterations=iterations
        )
        rows = _search_rows(search, what, state, game, iterations, 0)
        if not rows:
            raise GradingError(
                kept_sentence("{what} returned no rows", what=what), code="witness:search"
            )
        chosen = reference_best_move(rows)
        if chosen != expected:
            player = game.to_move(state)
            if chosen not in game.actions(state):
                raise GradingError(
                    kept_sentence(
                        "{what}: the most visited root child is {chosen}, which is not a legal "
                        "move there",
                        what=what,
                        chosen=repr(chosen),
                    ),
                    code="witness:search",
                )
            value = minimax_value(game.result(state, chosen), game, player)
            best = minimax_value(game.result(state, expected), game, player)
            raise GradingError(
                kept_sentence(
                    "{what}: the most visited root child is {chosen}, worth {value} for {player} "
                    "with perfect play, where the best move is worth {best}: the visits do not "
                    "concentrate on the best move (checked with the course's ucb1 and best_move "
                    "in place of yours)",
                    what=what,
                    chosen=repr(chosen),
                    value=format(value, "g"),
                    player=player,
                    best=format(best, "g"),
                ),
                code="a05.not_converging",
            )
        chosen_moves.append(chosen)
    return chosen_moves


def unique_minimax_move(state: Any, game: Any) -> Any:
    """The one move of ``state`` that keeps the best minimax value (found by brute force).

    Convergence is only checked where the answer is not a matter of taste: a ``ValueError``
    says when several moves share the best value.
    """
    from gamekit.search import minimax_value

    player = game.to_move(state)
    values = {
        move: minimax_value(game.result(state, move), game, player) for move in game.actions(state)
    }
    best = [move for move, value in values.items() if value == max(values.values())]
    if len(best) != 1:
        raise ValueError(f"{len(best)} moves share the best value at\n{state}: {best}")
    return best[0]


# --------------------------------------------------------------------------------------------
# For the mutation harness (`gamekit.checks.mutants`): what a05's functions do, and re-checks
# --------------------------------------------------------------------------------------------

STEPS = {
    "ucb1": (lambda: UCB_PROBES, reference_ucb1, UCB_MUTANTS),
    "search": (search_probes, reference_search, SEARCH_MUTANTS),
    "best_move": (lambda: BEST_MOVE_PROBES, reference_best_move, BEST_MOVE_MUTANTS),
}


def catalogue() -> list[Catalogued]:
    """Every mistake a05 can name, as a program (for `gamekit.checks.mutants`)."""
    return [
        Catalogued(f"a05.{step}.{name}", step, unforbidden(mutant.function, forbidden_functions()))
        for step, (_, _, mutants) in STEPS.items()
        for name, mutant in mutants.items()
    ]


def _student_step(
    namespace: dict[str, Any], step: str, as_checked: bool = False
) -> Callable[..., Any]:
    """The notebook's function for ``step``; with ``as_checked``, called as its checker calls
    it (search with the course's ucb1 in place of the notebook's)."""
    function = namespace[step]
    if step == "search":

        def rows(*args: Any) -> list[Row]:
            if not as_checked:
                return _rows(function(*args), "search")
            with course_ucb1(function):
                return _rows(function(*args), "search")

        return rows
    if step == "best_move":
        return lambda rows: function(list(rows))
    return lambda *args: require_number(function(*args), "ucb1")


def _outcome(function: Callable[..., Any], *args: Any) -> str:
    try:
        return repr(function(*args))
    except Exception as error:  # noqa: BLE001 - what a wrong program does is the data
        return f"raised {type(error).__name__}"


def observe(namespace: dict[str, Any]) -> list[str]:
    """What the notebook's ucb1, search and best_move do on a wide set of inputs (seeded)."""
    from gamekit.explain import random_tree
    from gamekit.games import TicTacToe

    rng = random.Random(2024)
    seen = []
    ucb1 = namespace["ucb1"]
    for _ in range(60):
        n = rng.randint(0, 6)
        args = (float(rng.randint(-n, n)), n, rng.randint(max(n, 1), 12), rng.choice([0, 0.5, 1.4]))
        seen.append(_outcome(ucb1, *args))
    search = _student_step(namespace, "search")
    for tree_seed in range(6):
        tree = random_tree(
            rng.choice([1, 2, 3]), rng.choice([2, 3]), seed=tree_seed, low=-1, high=1
        )
        for iterations in (1, 2, 3, 5, 8, 13, 30):
            seen.append(_outcome(search, tree.initial, tree, iterations, tree_seed))
    game = TicTacToe()
    for moves in ([], [(1, 1), (2, 2)], [(1, 1), (2, 1), (1, 2), (2, 2)]):
        seen.append(_outcome(search, game.replay(moves), game, 60, len(moves)))
    best_move = _student_step(namespace, "best_move")
    for _ in range(40):
        rows = [
            (move, n, float(rng.randint(-n, n)))
            for move, n in zip(
                "abcd", [rng.randint(1, 4) for _ in range(rng.randint(1, 4))], strict=False
            )
        ]
        seen.append(_outcome(best_move, rows))
    return seen


def recheck(namespace: dict[str, Any], code: str, evidence: dict | None) -> str | None:
    """Whether a failing cell's claim holds for the program in ``namespace``: None if it does,
    else what is false. Witness claims are recomputed on the probe; a named mistake must give
    the program's outputs on every probe of its step."""
    step = next((s for s in STEPS if code in (f"witness:{s}", f"raised:{s}")), None)
    if step is not None and evidence:
        probes, reference, _ = STEPS[step]
        probe = next((p for p in probes() if p.words == evidence.get("input")), None)
        if probe is None:
            return f"the witness's input {evidence.get('input')!r} is not a probe of {step}"
        got = _outcome(_student_step(namespace, step, as_checked=True), *probe.args)
        if code.startswith("raised:"):
            return None if got.startswith("raised") else f"{step} does not raise on {probe.words}"
        if got != evidence.get("got"):
            return f"{step} on {probe.words} returns {got}, the message says {evidence['got']}"
        if repr(reference(*probe.args)) != evidence.get("expected"):
            return f"the expected value on {probe.words} is not {evidence['expected']}"
        return None
    for step, (probes, _, mutants) in STEPS.items():
        name = code.removeprefix(f"a05.{step}.")
        if code.startswith(f"a05.{step}.") and name in mutants:
            student = _student_step(namespace, step, as_checked=True)
            for probe in probes():
                if _outcome(student, *probe.args) != _outcome(mutants[name].function, *probe.args):
                    return f"named {name}, but the program differs from it on {probe.words}"
            return None
    return None  # a05.unseeded, a05.not_converging: stated from what was seen
