"""Tests for gamekit.grading.a04: the Hex evaluation checks accept a correct heuristic written
independently here (plain Dijkstra over the six neighbours) and name each catalogued mistake."""

from __future__ import annotations

import heapq
from collections.abc import Iterator

import pytest

from gamekit.grading import GradingError, a04
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
    return (path_length(state, _other(player)) - path_length(state, player)) / 26


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
