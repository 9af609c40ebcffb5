"""Hex (`gamekit.hex`) and its evaluation functions (`gamekit.hex_heuristics`).

The win test and the distances are checked against independent brute force written here: a
flood fill whose neighbours come from hexagon geometry (axial coordinates), not from the module,
and an exhaustive search over sets of stones to add.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest

from gamekit.games import GameWrapper, IllegalMoveError
from gamekit.hex import (
    SWAP,
    Hex,
    HexState,
    adjacency,
    cell_name,
    column_letters,
    neighbours,
    parse_cell,
)
from gamekit.hex_heuristics import (
    better_connected,
    connected,
    directed_adjacency,
    distance,
    shortest_path,
)
from gamekit.players import alphabeta_player
from gamekit.search import alphabeta_search
from gamekit.tournament import play_series

HEURISTICS = [connected, better_connected, shortest_path]


# --------------------------------------------------------------------------------------------
# Independent references
# --------------------------------------------------------------------------------------------


def hex_adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Cells are hexagons at axial coordinates (q, r) = (col, row): adjacent at hex distance 1."""
    dq, dr = b[1] - a[1], b[0] - a[0]
    return (abs(dq) + abs(dr) + abs(dq + dr)) == 2


def geometric_neighbours(cell: tuple[int, int], n: int) -> set[tuple[int, int]]:
    row, col = cell
    return {
        (row + dr, col + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if 1 <= row + dr <= n and 1 <= col + dc <= n and hex_adjacent(cell, (row + dr, col + dc))
    }


def joins_edges(rows: list[str], player: str) -> bool:
    """Flood fill from the player's first edge through their stones: does it reach the other?"""
    n = len(rows)
    start = (
        [(1, c) for c in range(1, n + 1)] if player == "X" else [(r, 1) for r in range(1, n + 1)]
    )
    seen = {cell for cell in start if rows[cell[0] - 1][cell[1] - 1] == player}
    todo = list(seen)
    while todo:
        cell = todo.pop()
        if (cell[0] if player == "X" else cell[1]) == n:
            return True
        for near in geometric_neighbours(cell, n):
            if near not in seen and rows[near[0] - 1][near[1] - 1] == player:
                seen.add(near)
                todo.append(near)
    return False


def flood_winner(rows: list[str]) -> str | None:
    winners = [p for p in ("X", "O") if joins_edges(rows, p)]
    assert len(winners) <= 1, f"both players joined their edges on {rows}"
    return winners[0] if winners else None


def brute_force_distance(rows: list[str], player: str) -> int | None:
    """The fewest empty cells to fill with ``player``'s stones so that they join their edges."""
    empty = [(r, c) for r, row in enumerate(rows) for c, mark in enumerate(row) if mark == "."]
    for k in range(len(empty) + 1):
        for chosen in itertools.combinations(empty, k):
            grid = [list(row) for row in rows]
            for r, c in chosen:
                grid[r][c] = player
            if joins_edges(["".join(row) for row in grid], player):
                return k
    return None


def mirror(game: Hex, state: HexState) -> HexState:
    """Transpose the board and swap the colours: X's game becomes O's and the other way round."""
    swap = {"X": "O", "O": "X", ".": "."}
    rows = state.rows()
    n = state.size
    flipped = ["".join(swap[rows[c][r]] for c in range(n)) for r in range(n)]
    return Hex(n, swap=True).from_rows(flipped, to_move=swap[state.to_move])


def random_positions(size: int, count: int, seed: int, game: Hex | None = None) -> list[HexState]:
    """``count`` positions from random games, stopped after a random number of plies."""
    rng = random.Random(seed)
    game = game or Hex(size)
    positions = []
    for _ in range(count):
        state = game.initial
        for _ in range(rng.randrange(size * size + 1)):
            if game.terminal_test(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        positions.append(state)
    return positions


# --------------------------------------------------------------------------------------------
# The board
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [1, 0, -3, "5", 5.0, True, None])
def test_bad_size_is_refused(bad):
    with pytest.raises(ValueError, match="size"):
        Hex(size=bad)


def test_bad_swap_is_refused():
    with pytest.raises(ValueError, match="swap"):
        Hex(5, swap="yes")


@pytest.mark.parametrize("n", range(2, 7))
def test_neighbours_are_the_hexagons_around(n):
    for cell in Hex(n).all_cells:
        assert set(neighbours(cell, n)) == geometric_neighbours(cell, n)
    table = adjacency(n)
    for i, near in enumerate(table):
        assert all(i in table[j] for j in near), "adjacency must be symmetric"


def test_corners_have_two_or_three_neighbours():
    n = 5
    assert len(neighbours((1, 1), n)) == len(neighbours((n, n), n)) == 2  # acute corners
    assert len(neighbours((1, n), n)) == len(neighbours((n, 1), n)) == 3  # obtuse corners
    assert len(neighbours((3, 3), n)) == 6


def test_cell_names():
    assert cell_name((1, 1)) == "a1"
    assert cell_name((5, 3)) == "c5"
    assert parse_cell("c5") == (5, 3)
    assert parse_cell("C5") == parse_cell(" c5 ") == (5, 3)
    assert column_letters(28) == "ab"
    for n in (11, 30):  # past z, columns are aa, ab, ...
        for cell in Hex(n).all_cells:
            assert parse_cell(cell_name(cell), n) == cell


@pytest.mark.parametrize("text", ["", "5c", "c", "5", "c-5", "a0", "c 5 x", "é3"])
def test_malformed_cell_names_are_refused(text):
    with pytest.raises(ValueError, match="cell name"):
        parse_cell(text)


@pytest.mark.parametrize("text", ["f1", "a6", "z26"])
def test_cell_names_off_the_board_are_refused(text):
    with pytest.raises(ValueError, match="off the 5 x 5 board"):
        parse_cell(text, size=5)


@pytest.mark.parametrize("bad", [(0, 1), (1, -1), "a1", (1, 2, 3), (True, 1)])
def test_cell_name_of_a_non_cell(bad):
    with pytest.raises(ValueError):
        cell_name(bad)


# --------------------------------------------------------------------------------------------
# The protocol
# --------------------------------------------------------------------------------------------


def test_actions_row_by_row_and_result_leaves_the_state_alone():
    game = Hex(4)
    assert game.players == ("X", "O")
    start = game.initial
    assert game.actions(start) == [(r, c) for r in range(1, 5) for c in range(1, 5)]
    after = game.result(start, (2, 3))
    assert start.cells == "." * 16 and start.to_move == "X" and not start.board
    assert after.to_move == "O" and after.last_move == (2, 3) and dict(after.board) == {(2, 3): "X"}
    assert (2, 3) not in game.actions(after) and len(game.actions(after)) == 15
    assert game.result(start, (2, 3)) == after and hash(game.result(start, (2, 3))) == hash(after)
    assert after != start


def test_moves_can_be_named():
    game = Hex(5)
    by_name = game.result(game.initial, "C5")
    assert by_name == game.result(game.initial, (5, 3))
    assert by_name.last_move == (5, 3)
    assert game.parse_move("c5") == game.parse_move("5,3") == game.parse_move("(5, 3)") == (5, 3)
    assert game.parse_move(" Swap ") == SWAP
    with pytest.raises(ValueError, match="off the board"):
        game.parse_move("6, 1")


def test_board_is_read_only():
    game = Hex(3)
    state = game.result(game.initial, (1, 2))
    with pytest.raises(TypeError):
        state.board[(1, 1)] = "O"  # type: ignore[index]
    with pytest.raises(AttributeError):
        state.cells = "X" * 9  # type: ignore[misc]


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ((2, 2), r"b2 = \(2, 2\) is taken by X; empty cells: a1 b1"),
        ((6, 1), r"a cell \(row, col\) with row and col in 1..5"),
        ("f1", "off the 5 x 5 board"),
        ("nowhere", "not a cell name"),
        ([1, 2], "a cell"),
        (None, "a cell"),
        (SWAP, "the swap rule is off"),
    ],
)
def test_illegal_moves_say_why(move, message):
    game = Hex(5)
    state = game.result(game.initial, (2, 2))
    with pytest.raises(IllegalMoveError, match=message):
        game.result(state, move)


def test_no_move_after_the_end():
    game = Hex(2)
    won = game.replay([(1, 2), (1, 1), (2, 1)])  # X: b1 and a2 touch, top to bottom
    assert won.winner == "X" and game.terminal_test(won) and game.actions(won) == []
    assert game.utility(won, "X") == 1 and game.utility(won, "O") == -1
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.result(won, (2, 2))
    with pytest.raises(ValueError, match="player"):
        game.utility(won, "Z")


def test_unfinished_game_is_worth_zero():
    game = Hex(3)
    state = game.result(game.initial, (2, 2))
    assert not game.terminal_test(state) and state.winner is None
    assert game.utility(state, "X") == game.utility(state, "O") == 0


@pytest.mark.parametrize("size", range(2, 9))
def test_win_detection_agrees_with_a_flood_fill(size):
    """After every move of many random games, the union-find's winner is the flood fill's."""
    rng = random.Random(size)
    game = Hex(size)
    for _ in range(25):
        state = game.initial
        while True:
            assert state.winner == flood_winner(state.rows()), state
            if game.terminal_test(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        assert state.winner is not None  # the game ends only with a winner


@pytest.mark.parametrize("size", range(2, 9))
def test_a_full_board_has_exactly_one_winner(size):
    rng = random.Random(100 + size)
    game = Hex(size)
    for _ in range(30):
        marks = ["X"] * ((size * size + 1) // 2) + ["O"] * (size * size // 2)
        rng.shuffle(marks)
        rows = ["".join(marks[r * size : (r + 1) * size]) for r in range(size)]
        state = game.from_rows(rows)
        assert state.winner is not None
        assert state.winner == flood_winner(rows)
        assert [joins_edges(rows, p) for p in ("X", "O")].count(True) == 1


def test_picture():
    game = Hex(3)
    state = game.replay(["a1", "b2", "c3"])
    assert str(state) == "  a b c\n1 X . .\n2  . O .\n3   . . X"
    wide = str(Hex(10).initial).splitlines()
    assert wide[0] == "   a b c d e f g h i j"
    assert wide[1] == " 1 . . . . . . . . . ."
    assert wide[10] == "10          . . . . . . . . . ."


def test_from_rows_rebuilds_positions():
    game = Hex(5)
    for state in random_positions(5, 40, seed=3):
        again = game.from_rows(state.rows())
        assert again == state and again.winner == state.winner and again.board == state.board
        assert game.actions(again) == game.actions(state)
    spaced = game.from_rows(["X . . . .", ". O . . .", ". . . . .", ". . . . .", ". . . . X"])
    assert spaced.to_move == "O" and spaced.board == {(1, 1): "X", (2, 2): "O", (5, 5): "X"}


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (["X..", "..."], "3 rows of 3"),
        (["X..", "....", "..."], "3 rows of 3"),
        (["X..", ".#.", "..."], "'X', 'O' or '.'"),
        (["XX.", "...", "..."], "2 X and 0 O"),
        (["O..", "...", "..."], "0 X and 1 O"),
        ("X........", "list of 3 strings"),
    ],
)
def test_from_rows_checks_the_picture(rows, message):
    with pytest.raises(ValueError, match=message):
        Hex(3).from_rows(rows)


def test_a_position_of_another_size_is_refused():
    with pytest.raises(ValueError, match=r"a 3 x 3 position given to Hex\(size=4"):
        Hex(4).result(Hex(3).initial, (1, 1))


def test_from_rows_checks_to_move():
    with pytest.raises(ValueError, match="to_move"):
        Hex(3).from_rows(["...", "...", "..."], to_move="x")


# --------------------------------------------------------------------------------------------
# The swap rule
# --------------------------------------------------------------------------------------------


def test_swap_mirrors_the_first_stone():
    game = Hex(5, swap=True)
    first = game.result(game.initial, (2, 4))
    assert game.actions(first)[-1] == SWAP and game.actions(first)[:-1] == [
        cell for cell in game.all_cells if cell != (2, 4)
    ]
    swapped = game.result(first, SWAP)
    assert dict(swapped.board) == {(4, 2): "O"}
    assert swapped.to_move == "X" and swapped.last_move == SWAP and swapped.winner is None
    assert SWAP not in game.actions(swapped)
    with pytest.raises(IllegalMoveError, match="only O's answer to X's first stone"):
        game.result(swapped, SWAP)
    on_diagonal = game.result(game.result(game.initial, "c3"), "swap")
    assert dict(on_diagonal.board) == {(3, 3): "O"}


def test_swap_only_as_the_first_answer():
    game = Hex(4, swap=True)
    assert SWAP not in game.actions(game.initial)
    later = game.replay([(1, 1), (2, 2)])
    assert SWAP not in game.actions(later)
    assert SWAP not in Hex(4).actions(Hex(4).result(Hex(4).initial, (1, 1)))
    rebuilt = game.from_rows(["....", ".O..", "....", "...."])  # a position after a swap
    assert rebuilt.to_move == "X" and SWAP not in game.actions(rebuilt)


def test_games_with_swap_end_with_a_winner():
    game = Hex(5, swap=True)
    rng = random.Random(7)
    swaps = 0
    for _ in range(40):
        state = game.initial
        while not game.terminal_test(state):
            state = game.result(state, rng.choice(game.actions(state)))
            swaps += state.last_move == SWAP
            assert state.winner == flood_winner(state.rows())
    assert swaps > 0


@pytest.mark.parametrize("size", [2, 3])
def test_first_player_wins_and_the_swap_rule_turns_that_round(size):
    """Nash's strategy stealing: with perfect play the first player wins Hex. With the swap
    rule the second player wins: O swaps exactly when X's first stone wins (swapping puts O in
    X's shoes: the swapped position is the mirror image of the one before it)."""
    plain = Hex(size)
    value, _ = alphabeta_search(plain.initial, plain, with_value=True)
    assert value == 1
    fair = Hex(size, swap=True)
    value, _ = alphabeta_search(fair.initial, fair, with_value=True)
    assert value == -1


# --------------------------------------------------------------------------------------------
# Heuristics
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [3, 5, 7])
@pytest.mark.parametrize("f", HEURISTICS, ids=lambda f: f.__name__)
def test_heuristics_are_zero_sum_in_range_and_symmetric(f, size):
    game = Hex(size)
    for state in random_positions(size, 60, seed=size):
        x, o = f(state, "X"), f(state, "O")
        assert -1 <= x <= 1 and x == -o
        assert f(mirror(game, state), "X") == pytest.approx(-x), state
        if state.winner is None:
            assert -1 < x < 1
        else:
            assert x == (1 if state.winner == "X" else -1)


@pytest.mark.parametrize("f", HEURISTICS, ids=lambda f: f.__name__)
def test_heuristics_refuse_a_bad_player(f):
    with pytest.raises(ValueError, match="player"):
        f(Hex(3).initial, "x")


def test_connected_and_better_connected_by_hand():
    game = Hex(3)
    across = game.from_rows(["XX.", "...", "O.O"])  # X's pair runs along a row: O's direction
    assert connected(across, "X") == pytest.approx(2 / 9)
    assert better_connected(across, "X") == 0
    down = game.from_rows(["X..", "X..", "O.O"])  # X's pair runs from row 1 to row 2
    assert better_connected(down, "X") == pytest.approx(2 / 9)
    assert better_connected(game.from_rows(["X.O", "..O", "X.."]), "O") == 0  # O's pair: column 3
    assert connected(game.from_rows(["X.O", "..O", "X.."]), "O") == pytest.approx(2 / 9)


def test_directed_neighbours():
    size = 5
    centre = 2 * size + 2  # (3, 3)
    x = {(j // size + 1, j % size + 1) for j in directed_adjacency(size, "X")[centre]}
    o = {(j // size + 1, j % size + 1) for j in directed_adjacency(size, "O")[centre]}
    assert x == {(2, 3), (2, 4), (4, 2), (4, 3)}
    assert o == {(2, 4), (3, 2), (3, 4), (4, 2)}


@pytest.mark.parametrize("size", [2, 3, 4])
def test_distance_is_the_fewest_stones_to_add(size):
    for state in random_positions(size, 40, seed=10 + size):
        rows = state.rows()
        for player in ("X", "O"):
            assert distance(state, player) == brute_force_distance(rows, player), (rows, player)


def test_distance_on_an_empty_board_is_the_size():
    for size in range(2, 8):
        start = Hex(size).initial
        assert distance(start, "X") == distance(start, "O") == size
        assert shortest_path(start, "X") == 0


def test_a_long_detour_still_scores_less_than_a_win():
    """O needs one stone (a2); X must go around O's row: b1 a2 a3 b3 b4, five stones on a 4 x 4
    board. The gap (4) reaches the board's size, so dividing it by the size would score this
    unwon position like a win."""
    rows = ["..XX", ".OOO", "..XX", "O..."]
    state = Hex(4).from_rows(rows)
    assert state.winner is None
    assert (brute_force_distance(rows, "X"), brute_force_distance(rows, "O")) == (5, 1)
    assert (distance(state, "X"), distance(state, "O")) == (5, 1)
    assert -1 < shortest_path(state, "X") < 0 < shortest_path(state, "O") < 1


def test_a_win_is_worth_more_than_any_unwon_position():
    positions = random_positions(5, 150, seed=5)
    won = [s for s in positions if s.winner == "X"]
    unwon = [s for s in positions if s.winner is None]
    assert won and unwon
    for f in HEURISTICS:
        assert min(f(s, "X") for s in won) > max(f(s, "X") for s in unwon)


# --------------------------------------------------------------------------------------------
# Play
# --------------------------------------------------------------------------------------------


class Opening(GameWrapper):
    """The same game, started from a given position (to vary the games between two engines)."""

    def __init__(self, game: Hex, state: HexState) -> None:
        super().__init__(game)
        self.initial = state


def openings(count: int, seed: int) -> list[HexState]:
    """Positions after one random X stone and one random O stone on 5 x 5."""
    rng = random.Random(seed)
    game = Hex(5)
    result = []
    while len(result) < count:
        x, o = rng.sample(game.all_cells, 2)
        result.append(game.replay([x, o]))
    return result


@pytest.mark.parametrize("weaker", [connected, better_connected], ids=lambda f: f.__name__)
def test_shortest_path_beats_counting_neighbours(weaker: Callable):
    """Depth-2 alpha-beta on 5 x 5: from the empty board and from random two-stone openings,
    each opening played twice with colours swapped, shortest_path wins most games."""
    strong = alphabeta_player(depth=2, eval_fn=shortest_path)
    weak = alphabeta_player(depth=2, eval_fn=weaker)
    wins = games = 0
    for start in [Hex(5).initial, *openings(4, seed=1)]:
        game = Opening(Hex(5), start)
        result = play_series(game, strong, weak, games=2, seed=0, progress=False)
        wins, games = wins + result.wins, games + result.games
        if start == Hex(5).initial:
            assert result.wins == 2, result  # from the empty board, with either colour
    assert wins >= 0.8 * games, f"shortest_path won only {wins} of {games}"
