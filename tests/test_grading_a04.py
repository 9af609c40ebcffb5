"""Tests for gamekit.checks.a04: the Hex evaluation checks accept a correct heuristic written
independently here (plain Dijkstra over the six neighbours) and name each catalogued mistake;
the value check (`check_values`) fails wrong values that keep every property, with the position,
the value returned and the value specified, and catches an answer that changes when asked
again."""

from __future__ import annotations

import heapq
from collections.abc import Iterator

import pytest

from gamekit.checks import GradingError, a04
from gamekit.hex import HexState

HEX_STEPS = ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0))
FOUR_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def _other(player: str) -> str:
    return "O" if player == "X" else "X"


def _near(r: int, c: int, n: int, steps: tuple[tuple[int, int], ...]) -> Iterator[tuple[int, int]]:
    for dr, dc in steps:
        if 0 <= r + dr < n and 0 <= c + dc < n:
            yield r + dr, c + dc


def path_length(
    state: HexState, player: str, steps: tuple[tuple[int, int], ...] = HEX_STEPS, across=None
) -> int:
    """Stones ``player`` still needs to join their edges (Dijkstra); ``across`` overrides the
    direction ('X': top to bottom, 'O': left to right) to reproduce a mistake."""
    n, rows, other = state.size, state.rows(), _other(player)
    way = across or player
    starts = [(0, c) for c in range(n)] if way == "X" else [(r, 0) for r in range(n)]

    def cost(r: int, c: int) -> int | None:
        return None if rows[r][c] == other else int(rows[r][c] != player)

    heap = [(cost(r, c), (r, c)) for r, c in starts if cost(r, c) is not None]
    heapq.heapify(heap)
    seen: set[tuple[int, int]] = set()
    while heap:
        d, (r, c) = heapq.heappop(heap)
        if (r, c) in seen:
            continue
        seen.add((r, c))
        if (r if way == "X" else c) == n - 1:
            return d
        for q in _near(r, c, n, steps):
            k = cost(*q)
            if k is not None and q not in seen:
                heapq.heappush(heap, (d + k, q))
    return n * n


def _won(state: HexState, player: str) -> float | None:
    if state.winner is None:
        return None
    return 1.0 if state.winner == player else -1.0


def good(state: HexState, player: str) -> float:
    won = _won(state, player)
    if won is not None:
        return won
    cells = state.size * state.size
    return (path_length(state, _other(player)) - path_length(state, player)) / (cells + 1)


def linked(state: HexState, player: str) -> float:
    """A control written differently: stones with an own neighbour in the player's direction."""
    won = _won(state, player)
    if won is not None:
        return won

    def count(mark: str) -> int:
        rows, n = state.rows(), state.size
        axis = 0 if mark == "X" else 1
        return sum(
            any(
                rows[q[0]][q[1]] == mark and q[axis] != (r, c)[axis]
                for q in _near(r, c, n, HEX_STEPS)
            )
            for r in range(n)
            for c in range(n)
            if rows[r][c] == mark
        )

    return (count(player) - count(_other(player))) / 26


def not_zero_sum(state: HexState, player: str) -> float:
    won = _won(state, player)
    return won if won is not None else 0.5 / (1 + path_length(state, player))


def one_direction(state: HexState, player: str) -> float:
    won = _won(state, player)
    if won is not None:
        return won
    other = _other(player)
    return (path_length(state, other, across="X") - path_length(state, player, across="X")) / 26


def counts_pieces(state: HexState, player: str) -> float:
    won = _won(state, player)
    if won is not None:
        return won
    return (state.cells.count(player) - state.cells.count(_other(player))) / 26


def square_neighbours(state: HexState, player: str) -> float:
    won = _won(state, player)
    if won is not None:
        return won
    mine = path_length(state, player, FOUR_STEPS)
    return (path_length(state, _other(player), FOUR_STEPS) - mine) / 26


def small_win(state: HexState, player: str) -> float:
    """Scores a win as a small step ahead, below a good unwon position."""
    won = _won(state, player)
    if won is not None:
        return won / 100
    return good(state, player)


def delegates(state: HexState, player: str) -> float:
    from gamekit.hex_heuristics import shortest_path

    return shortest_path(state, player)


def test_fixed_positions_are_what_they_claim() -> None:
    assert all(state.winner is None for state in a04.UNWON)
    assert [state.winner for state in a04.WON] == ["X", "O"]
    for pair in a04.PAIRS:
        assert pair.better.cells.count("X") == pair.worse.cells.count("X")
        assert pair.better.cells.count("O") == pair.worse.cells.count("O")
        assert path_length(pair.better, "X") < path_length(pair.worse, "X")
    diagonal = a04.PAIRS[1]
    assert path_length(diagonal.better, "X", FOUR_STEPS) == path_length(
        diagonal.worse, "X", FOUR_STEPS
    )


@pytest.mark.parametrize("state", a04.UNWON)
def test_mirror_is_an_involution_and_swaps_the_players(state: HexState) -> None:
    other = a04.mirrored(state)
    assert a04.mirrored(other) == state
    assert other.cells.count("X") == state.cells.count("O")
    assert path_length(other, "O") == path_length(state, "X")
    assert other.winner is None


@pytest.mark.parametrize("evaluate", [good, linked])
def test_correct_heuristics_pass_the_positions(evaluate) -> None:
    a04.check_positions(evaluate)


@pytest.mark.parametrize(
    ("evaluate", "phrase", "code"),
    [
        (not_zero_sum, "not zero-sum", "a04.not_zero_sum"),
        (one_direction, "mirror image", "a04.not_symmetric"),
        (counts_pieces, "the same for both, though the first", "a04.connection"),
        (square_neighbours, "a hexagon has no neighbour at", "a04.connection"),
        (small_win, "a win must score above every unwon position", "a04.win_not_extreme"),
        (delegates, "calls gamekit's own code", "forbidden"),
    ],
)
def test_each_mistake_is_stated_with_what_evaluate_gave(evaluate, phrase: str, code: str) -> None:
    with pytest.raises(GradingError, match=phrase) as failed:
        a04.check_positions(evaluate)
    assert failed.value.code == code


def test_a_connection_message_states_the_values_it_saw() -> None:
    """The sentence says "the same" only when the two values are equal, else "less"."""

    def prefers_scattered(state: HexState, player: str) -> float:
        if state == a04.PAIRS[0].worse:
            return 0.5 if player == "X" else -0.5
        return good(state, player)

    with pytest.raises(GradingError, match="less for the first") as failed:
        a04.check_connection(prefers_scattered)
    assert "the same" not in str(failed.value)
    assert "0.5 on" in str(failed.value)


@pytest.mark.parametrize(
    "answer", [lambda s, p: "0.5", lambda s, p: True, lambda s, p: 2.0, lambda s, p: 1 / 0]
)
def test_bad_values_are_refused(answer) -> None:
    with pytest.raises(GradingError, match=r"evaluate\(state, 'X'\)"):
        a04.check_positions(answer)


def test_memo_asks_once_per_cells_and_player() -> None:
    asked: list[tuple[str, str]] = []

    def counting(state: HexState, player: str) -> float:
        asked.append((state.cells, player))
        return good(state, player)

    memo = a04.check_positions(counting)
    a04.check_positions(memo)
    assert len(asked) == len(set(asked))


def test_the_reference_wins_the_tournament_and_a_blind_one_does_not() -> None:
    a04.check_tournament(good)
    with pytest.raises(GradingError, match="wins only"):
        a04.check_tournament(lambda s, p: 0.0 if s.winner is None else good(s, p))


def test_series_refuses_an_unknown_opponent() -> None:
    with pytest.raises(ValueError, match="'random' or 'connected', got 'mcts'"):
        a04.series(good, "mcts")


# --------------------------------------------------------------------------------------------
# The specified value: check_values
# --------------------------------------------------------------------------------------------


def divides_by_cells(state: HexState, player: str) -> float:
    """The gap over the number of cells, not the number of cells plus one."""
    won = _won(state, player)
    if won is not None:
        return won
    return (path_length(state, _other(player)) - path_length(state, player)) / state.size**2


def never_enters_first_line(state: HexState, player: str) -> float:
    """gamekit.hex.neighbours (cells from 1) asked about cells from 0: no cell of row 0 or
    column 0 is ever entered from a neighbour."""
    from gamekit.hex import neighbours

    won = _won(state, player)
    if won is not None:
        return won
    n, rows = state.size, state.rows()

    def length(who: str) -> int:
        blocker = _other(who)
        starts = [(0, c) for c in range(n)] if who == "X" else [(r, 0) for r in range(n)]
        best = {cell: int(rows[cell[0]][cell[1]] == ".") for cell in starts}
        best = {cell: d for cell, d in best.items() if rows[cell[0]][cell[1]] != blocker}
        todo = list(best)
        while todo:
            r, c = todo.pop()
            for q, p in neighbours((r, c), n):
                if q < n and p < n and rows[q][p] != blocker:
                    d = best[r, c] + (rows[q][p] == ".")
                    if d < best.get((q, p), n * n):
                        best[q, p] = d
                        todo.append((q, p))
        ends = [(n - 1, c) for c in range(n)] if who == "X" else [(r, n - 1) for r in range(n)]
        return min((best[e] for e in ends if e in best), default=n * n)

    return (length(_other(player)) - length(player)) / (n * n + 1)


def goal_when_pushed(state: HexState, player: str) -> float:
    """Dijkstra that stops when it first reaches the far edge, not when it takes it off the
    queue."""
    won = _won(state, player)
    if won is not None:
        return won
    n, rows = state.size, state.rows()

    def length(who: str) -> int:
        blocker = _other(who)
        starts = [(0, c) for c in range(n)] if who == "X" else [(r, 0) for r in range(n)]
        heap = [(int(rows[r][c] == "."), (r, c)) for r, c in starts if rows[r][c] != blocker]
        heapq.heapify(heap)
        done: set[tuple[int, int]] = set()
        while heap:
            d, (r, c) = heapq.heappop(heap)
            if (r, c) in done:
                continue
            done.add((r, c))
            for q, p in _near(r, c, n, HEX_STEPS):
                if rows[q][p] != blocker and (q, p) not in done:
                    if (q if who == "X" else p) == n - 1:
                        return d + (rows[q][p] == ".")
                    heapq.heappush(heap, (d + (rows[q][p] == "."), (q, p)))
        return n * n

    return (length(_other(player)) - length(player)) / (n * n + 1)


def relaxed(state: HexState, player: str) -> float:
    """A control written differently: Bellman-Ford from the far edge, int wins, the number of
    cells counted from the rows."""
    if state.winner is not None:
        return 1 if state.winner == player else -1
    rows = state.rows()
    n = len(rows)

    def length(who: str) -> int:
        price = {
            (r, c): int(rows[r][c] == ".")
            for r in range(n)
            for c in range(n)
            if rows[r][c] != _other(who)
        }
        far = {cell for cell in price if (cell[0] if who == "X" else cell[1]) == n - 1}
        dist = {cell: (price[cell] if cell in far else n * n) for cell in price}
        changed = True
        while changed:
            changed = False
            for cell in price:
                for q in _near(*cell, n, HEX_STEPS):
                    if q in dist and dist[q] + price[cell] < dist[cell]:
                        dist[cell], changed = dist[q] + price[cell], True
        near = [cell for cell in price if (cell[0] if who == "X" else cell[1]) == 0]
        return min(dist[cell] for cell in near)

    return (length(_other(player)) - length(player)) / (len("".join(rows)) + 1)


def cached(state: HexState, player: str, table: dict | None = None) -> float:
    """A correct cache: keyed by the position and the player."""
    table = CACHE if table is None else table
    key = (tuple(state.rows()), player)
    if key not in table:
        table[key] = good(state, player)
    return table[key]


CACHE: dict = {}


def flips_in_place() -> object:
    """A cache by position that turns the stored value round for the other player but keeps the
    first player's name: right the first two times, wrong the third."""
    seen: dict[tuple[str, ...], tuple[str, float]] = {}

    def evaluate(state: HexState, player: str) -> float:
        key = tuple(state.rows())
        if key in seen:
            owner, value = seen[key]
            if owner != player:
                value = -value
                seen[key] = (owner, value)
            return value
        seen[key] = (player, good(state, player))
        return seen[key][1]

    return evaluate


def stage(state: HexState) -> str:
    stones = len(state.cells) - state.cells.count(".")
    if state.winner is not None:
        return f"won by {state.winner}"
    share = stones / len(state.cells)
    return (
        "empty" if stones == 0 else "early" if share < 0.25 else "middle" if share < 0.5 else "late"
    )


def test_the_value_positions_hold_every_kind_on_every_size() -> None:
    kinds = {(s.size, stage(s)) for s in a04.VALUE_POSITIONS}
    for size in (3, 4, 5, 7, 11):
        for kind in ("empty", "early", "middle", "late", "won by X", "won by O"):
            assert (size, kind) in kinds
    order = [(s.size, len(s.cells) - s.cells.count(".")) for s in a04.VALUE_POSITIONS]
    assert order == sorted(order)
    assert len({s.cells for s in a04.VALUE_POSITIONS}) == len(a04.VALUE_POSITIONS)
    assert {s.cells for s in a04.UNWON + a04.WON} <= {s.cells for s in a04.VALUE_POSITIONS}


def test_the_reference_value_is_the_docstrings_computed_independently() -> None:
    states = [*a04.VALUE_POSITIONS, *a04.VALUE_EXAMPLES, *a04.balanced_positions(30)]
    for state in states:
        for player in ("X", "O"):
            assert a04.reference_evaluate(state, player) == pytest.approx(good(state, player))
    assert a04.reference_evaluate(a04.VALUE_EXAMPLES[0], "X") == pytest.approx(0.1)


@pytest.mark.parametrize("state", [s for s in a04.VALUE_POSITIONS if s.winner is None])
def test_the_path_a_fact_names_is_a_shortest_one(state: HexState) -> None:
    for player in ("X", "O"):
        cells = a04.path_stones(state, player)
        assert cells is not None and len(cells) == path_length(state, player)
        rows = [list(row) for row in state.rows()]
        for name in cells:
            col, row = ord(name[0]) - ord("a"), int(name[1:]) - 1
            assert rows[row][col] == "."
            rows[row][col] = player
        joined = HexState("X", "".join(map("".join, rows)), state.size)
        assert path_length(joined, player) == 0


@pytest.mark.parametrize("evaluate", [good, relaxed, cached])
def test_the_specified_value_written_any_way_passes(evaluate) -> None:
    CACHE.clear()
    a04.check_values(evaluate, a04.VALUE_EXAMPLES)
    a04.check_values(evaluate)
    a04.check_values(evaluate)  # asked a second time: a correct cache answers alike


@pytest.mark.parametrize("wrong", [divides_by_cells, never_enters_first_line, goal_when_pushed])
def test_a_wrong_value_that_keeps_every_property_is_shown_on_its_first_position(wrong) -> None:
    a04.check_positions(wrong)  # the properties alone let it through
    with pytest.raises(GradingError) as failed:
        a04.check_values(wrong)
    error = failed.value
    assert error.code == "witness:evaluate"
    evidence = error.evidence
    state = next(s for s in a04.VALUE_POSITIONS if str(s.rows()) == evidence["input"])
    player = evidence["player"]
    got, expected = wrong(state, player), a04.reference_evaluate(state, player)
    assert evidence["got"] == repr(float(got)) and evidence["expected"] == repr(expected)
    assert abs(got - expected) > 1e-9
    message = str(error)
    assert f"evaluate(state, {player!r}) returned {got:.6g} on the {state.size} x" in message
    assert f"{state.rows()}, but should return {expected:.6g}: " in message
    for earlier in a04.VALUE_POSITIONS[: a04.VALUE_POSITIONS.index(state)]:
        for who in ("X", "O"):
            assert wrong(earlier, who) == pytest.approx(a04.reference_evaluate(earlier, who))
    assert a04.recheck({"evaluate": wrong}, error.code, evidence) is None
    assert a04.recheck({"evaluate": good}, error.code, evidence) is not None


def test_a_witness_states_both_players_distances_and_the_sum() -> None:
    with pytest.raises(GradingError) as failed:
        a04.check_values(divides_by_cells, a04.VALUE_EXAMPLES)
    assert str(failed.value) == (
        "evaluate(state, 'X') returned 0.111111 on the 3 x 3 board ['...', '.X.', '...'], but "
        "should return 0.1: nobody has won; X needs 2 more stones (for example at b1, a3) to "
        "join the top and bottom rows, O needs 3 more stones (for example at a1, b1, c1) to "
        "join the left and right columns; so for X the value is (3 - 2) / (3 * 3 + 1) = 0.1"
    )


def test_a_wrong_value_on_a_won_position_says_who_joined_their_edges() -> None:
    def half_a_win(state: HexState, player: str) -> float:
        won = _won(state, player)
        return won / 2 if won is not None and state.size == 4 else good(state, player)

    with pytest.raises(GradingError, match="returned 0.5 on the 4 x 4") as failed:
        a04.check_values(half_a_win, a04.VALUE_EXAMPLES)
    assert str(failed.value).endswith(
        "X has joined the top and bottom rows, so the position is won by X and scores 1 for X"
    )


def test_values_too_close_to_tell_apart_in_six_digits_are_shown_in_full() -> None:
    def nearly(state: HexState, player: str) -> float:
        return good(state, player) + (1e-8 if state.size == 5 and state.winner is None else 0)

    with pytest.raises(GradingError) as failed:
        a04.check_values(nearly, a04.VALUE_EXAMPLES)
    evidence = failed.value.evidence
    assert f"returned {evidence['got']} on" in str(failed.value)
    assert f"should return {evidence['expected']}:" in str(failed.value)


def test_an_answer_that_changes_when_asked_again_is_caught_with_both_values() -> None:
    evaluate = flips_in_place()
    a04.check_positions(flips_in_place())  # each property is asked once per position
    with pytest.raises(GradingError) as failed:
        a04.check_values(evaluate)
    error = failed.value
    assert error.code == "a04.hidden_state"
    state = a04.VALUE_POSITIONS[1]  # the first position whose value is not 0
    assert error.evidence["input"] == str(state.rows())
    player = error.evidence["player"]
    right = a04.reference_evaluate(state, player)
    assert right != 0
    assert str(error).startswith(
        f"evaluate(state, {player!r}) on the 3 x 3 board {state.rows()} returned "
        f"{right:.6g} the first time this check asked, as it should, and {-right:.6g} when "
        "asked again, just after evaluate(state, "
    )
    assert a04.recheck({"evaluate": evaluate}, error.code, error.evidence) is None


def test_an_answer_that_drifts_after_many_calls_is_caught_when_asked_again() -> None:
    calls = []

    def tired(state: HexState, player: str) -> float:
        calls.append(1)
        return good(state, player) if len(calls) <= 2 * len(a04.VALUE_POSITIONS) else 0.0

    with pytest.raises(GradingError, match="when asked again") as failed:
        a04.check_values(tired)
    assert failed.value.code == "a04.hidden_state"
    assert "the same call must give the same value whatever was asked before it" in str(
        failed.value
    )


def test_a_wrong_value_is_refused_before_it_is_compared() -> None:
    def too_big(state: HexState, player: str) -> float:
        return 2.0 if state.size == 11 and state.winner is None else good(state, player)

    with pytest.raises(GradingError, match="outside") as failed:
        a04.check_values(too_big)
    assert failed.value.code == "a04.out_of_range"


def test_the_same_question_twice_in_a_row_is_asked() -> None:
    """An answer that takes a repeated position for the other player's question is right while
    X and O alternate, and caught when the same question comes twice."""
    last: dict = {"rows": None, "value": 0.0}

    def last_value_reused(state: HexState, player: str) -> float:
        rows = tuple(state.rows())
        if rows == last["rows"]:
            last["value"] = -last["value"]
            return last["value"]
        last["rows"], last["value"] = rows, good(state, player)
        return last["value"]

    a04.check_positions(last_value_reused)
    with pytest.raises(GradingError) as failed:
        a04.check_values(last_value_reused)
    assert failed.value.code == "a04.hidden_state"
    assert failed.value.evidence["input"] == str(a04.VALUE_POSITIONS[1].rows())
    assert "when asked again, just after evaluate(state, 'O') on the same board: " in str(
        failed.value
    )
