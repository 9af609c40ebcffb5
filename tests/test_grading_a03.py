"""The checkers of assignment 03 accept right answers and name each catalogued mistake."""

from __future__ import annotations

import random

import pytest

import gamekit
from gamekit import TicTacToe
from gamekit.checks import GradingError, a03
from gamekit.checks.a03.actions import ACTIONS_MISTAKES
from gamekit.games import ConnectFour as Reference
from gamekit.heuristics import connect_four_eval

# --------------------------------------------------------------------------------------------
# Students' answers: a right one and the usual mistakes
# --------------------------------------------------------------------------------------------


def lowest_cells(game, state):
    moves = []
    for col in range(1, game.v + 1):
        for row in range(game.h, 0, -1):
            if (row, col) not in state.board:
                moves.append((row, col))
                break
    return moves


class Right(TicTacToe):
    def actions(self, state):
        return [] if state.utility else lowest_cells(self, state)


class Reversed(TicTacToe):
    """Right, in another order: order must not matter."""

    def actions(self, state):
        return [] if state.utility else lowest_cells(self, state)[::-1]


class Topmost(TicTacToe):
    def actions(self, state):
        if state.utility:
            return []
        moves = []
        for col in range(1, self.v + 1):
            empty = [row for row in range(1, self.h + 1) if (row, col) not in state.board]
            if empty:
                moves.append((empty[0], col))
        return moves


class FullColumnsKept(TicTacToe):
    def actions(self, state):
        if state.utility:
            return []
        moves = []
        for col in range(1, self.v + 1):
            row = self.h
            while row > 1 and (row, col) in state.board:
                row -= 1
            moves.append((row, col))
        return moves


class EveryEmptyCell(TicTacToe):
    pass


class OneTooLow(TicTacToe):
    def actions(self, state):
        return [] if state.utility else [(r + 1, c) for r, c in lowest_cells(self, state)]


class OneTooHigh(TicTacToe):
    def actions(self, state):
        return [] if state.utility else [(r - 1, c) for r, c in lowest_cells(self, state)]


class MovesAfterWin(TicTacToe):
    def actions(self, state):
        return lowest_cells(self, state)


class RemovesFromMoves(TicTacToe):
    def actions(self, state):
        free = state.moves
        free.remove(free[0])
        return list(free)


class AssignsField(TicTacToe):
    def actions(self, state):
        state.moves = tuple(lowest_cells(self, state))
        return list(state.moves)


class SneakyMutation(TicTacToe):
    def actions(self, state):
        object.__setattr__(state, "to_move", "O" if state.to_move == "X" else "X")
        return [] if state.utility else lowest_cells(self, state)


class RowColumnSwapped(TicTacToe):
    def actions(self, state):
        return [] if state.utility else [(c, r) for r, c in lowest_cells(self, state)]


class OneCellPerRow(TicTacToe):
    """Gravity along the rows: the right-most empty cell of each row."""

    def actions(self, state):
        if state.utility:
            return []
        rows = {}
        for row, col in sorted(set(state.moves)):
            rows[row] = (row, col)
        return list(rows.values())


class SameList(TicTacToe):
    def actions(self, state):
        if not hasattr(self, "_cache"):
            self._cache = {}
        return self._cache.setdefault(state, lowest_cells(self, state))


class Delegates(TicTacToe):
    def actions(self, state):
        return gamekit.ConnectFour.actions(self, state)


class ReturnsTuple(TicTacToe):
    def actions(self, state):
        return tuple(Right.actions(self, state))


class MovesAsLists(TicTacToe):
    def actions(self, state):
        return [list(m) for m in Right.actions(self, state)]


class Duplicates(TicTacToe):
    def actions(self, state):
        moves = Right.actions(self, state)
        return moves + moves[:1]


class AlwaysEqual(list):
    def __eq__(self, other):
        return True


class EqualsAnything(TicTacToe):
    def actions(self, state):
        return AlwaysEqual(Right.actions(self, state))


BOARDS = [
    a03.from_columns("the empty 4 x 4 board", 4, 4, 3, ""),
    a03.from_columns("a partly filled 4 x 4 board", 4, 4, 3, "2213"),
    a03.from_columns("a 4 x 4 board with a full column", 4, 4, 3, "1111"),
    a03.from_rows("a 4 x 4 board where X has won", ["....", "X...", "XO..", "XO.."], k=3),
    a03.from_columns("a partly filled 6 x 7 board", 6, 7, 4, "4433521"),
    a03.from_columns("a 6 x 7 board with two full columns", 6, 7, 4, "777777111111"),
    a03.from_rows(
        "a 6 x 7 board with one free cell",
        ["O.XXXOO", "XXXOOOX", "XOOOXOO", "XXXOXXX", "OOOXOOO", "OXXXOXX"],
    ),
    a03.from_columns("a 6 x 7 board where O has won", 6, 7, 4, "12324252"),
    a03.from_columns("a partly filled 7 x 5 board", 7, 5, 4, "3333321"),
]


@pytest.mark.parametrize("answer", [Right, Reversed])
def test_right_actions_pass(answer):
    a03.check_actions(answer, BOARDS)


@pytest.mark.parametrize(
    ("answer", "phrase"),
    [
        (Topmost, "top-most empty cell"),
        (FullColumnsKept, "keeps full columns"),
        (EveryEmptyCell, "returns every empty cell"),
        (OneTooLow, "off by one row: each move is one row below"),
        (OneTooHigh, "off by one row: each move is one row above"),
        (MovesAfterWin, "someone has already won"),
        (RemovesFromMoves, "tries to change the state in place"),
        (AssignsField, "tries to change the state (it assigns"),
        (SneakyMutation, "changed the state it was given"),
        (SameList, "same list object"),
        (RowColumnSwapped, "row and column swapped"),
        (OneCellPerRow, "one cell per row instead of one per column"),
        (Delegates, "calls gamekit's own code"),
        (ReturnsTuple, "should be a list"),
        (MovesAsLists, "should be a tuple"),
        (Duplicates, "returns a move twice"),
        (EqualsAnything, "should be a list"),
    ],
)
def test_each_actions_mistake_is_named(answer, phrase):
    with pytest.raises(GradingError, match=phrase.replace("(", r"\(")):
        a03.check_actions(answer, BOARDS)


@pytest.mark.parametrize(
    ("answer", "key"),
    [
        (Topmost, "topmost_cell"),
        (FullColumnsKept, "full_columns_kept"),
        (EveryEmptyCell, "every_empty_cell"),
        (OneTooLow, "off_by_one_row"),
        (OneTooHigh, "off_by_one_row"),
        (MovesAfterWin, "moves_after_win"),
        (RowColumnSwapped, "swapped_or_one_cell_per_row"),
        (OneCellPerRow, "swapped_or_one_cell_per_row"),
    ],
)
def test_a_named_actions_mistake_has_its_code_and_its_catalogue_words(answer, key):
    """The code the result record keeps names the mistake the message names, in the words of
    a03's catalogue (the class report shows the same words)."""
    with pytest.raises(GradingError) as caught:
        a03.check_actions(answer, BOARDS)
    assert caught.value.code == f"a03.actions.{key}"
    assert f"actions {ACTIONS_MISTAKES[key]}" in str(caught.value)


def test_the_reference_works_again_after_a_check():
    with pytest.raises(GradingError):
        a03.check_actions(Delegates, BOARDS)
    assert gamekit.ConnectFour(4, 4, 3).actions(gamekit.ConnectFour(4, 4, 3).initial)


def test_messages_name_the_board_but_not_the_answer():
    """A mistake that no public probe board shows is reported on the test's board, without its
    legal moves."""

    class WrongOnlyThere(TicTacToe):
        def actions(self, state):
            if state == BOARDS[1].state:
                return Topmost.actions(self, state)
            return Right.actions(self, state)

    with pytest.raises(GradingError) as caught:
        a03.check_actions(WrongOnlyThere, BOARDS[1:2])
    message = str(caught.value)
    assert "a partly filled 4 x 4 board" in message
    assert "probe" not in message
    for cell in Reference(4, 4, 3).actions(BOARDS[1].state):
        assert str(cell) not in message


def test_a_mistake_on_a_probe_board_shows_that_board_and_its_moves():
    with pytest.raises(GradingError) as caught:
        a03.check_actions(Topmost, BOARDS[1:2])
    message = str(caught.value)
    assert caught.value.code == "a03.actions.topmost_cell"
    assert "on the probe board .... / .... / .... / ...." in message
    assert "returns the top-most empty cell" in message
    assert "it returned [(1, 1), (1, 2), (1, 3), (1, 4)]" in message
    assert "the legal moves are [(4, 1), (4, 2), (4, 3), (4, 4)]" in message


def test_floating_pieces_are_refused():
    with pytest.raises(ValueError, match="floats"):
        a03.from_rows("bad", ["X...", "....", "....", "O..."], k=3)


# --------------------------------------------------------------------------------------------
# evaluate
# --------------------------------------------------------------------------------------------

WEIGHTS = [0, 1, 10, 50, 512]


def make_evaluate(
    *, weights=WEIGHTS, centre=3, opponent=True, mixed=False, directions=None, fixed=False
):
    """A student's evaluate, written independently of the checker, with switchable mistakes."""
    directions = directions or [(0, 1), (1, 0), (1, 1), (1, -1)]

    def evaluate(state, player):
        h, v = (6, 7) if fixed else (state.h, state.v)
        other = "O" if player == "X" else "X"
        score = 0
        for dr, dc in directions:
            for r in range(1, h + 1):
                for c in range(1, v + 1):
                    end = (r + 3 * dr, c + 3 * dc)
                    if not (1 <= end[0] <= h and 1 <= end[1] <= v):
                        continue
                    marks = [state.board.get((r + i * dr, c + i * dc)) for i in range(4)]
                    mine, theirs = marks.count(player), marks.count(other)
                    if mixed:
                        score += weights[mine] - weights[theirs]
                    elif theirs == 0:
                        score += weights[mine]
                    elif mine == 0 and opponent:
                        score -= weights[theirs]
        middle = [v // 2 + 1] if v % 2 else [v // 2, v // 2 + 1]
        for (_, c), mark in state.board.items():
            if c in middle:
                if mark == player:
                    score += centre
                elif opponent:
                    score -= centre
        return score

    return evaluate


POSITIONS = [
    a03.from_columns("a 6 x 7 position with an open three", 6, 7, 4, "445566"),
    *a03.random_positions(6, 7, 4, count=8, seed=5),
    *a03.random_positions(5, 6, 4, count=3, seed=6),
]


def test_window_eval_agrees_with_gamekit_heuristics():
    for position in a03.random_positions(6, 7, 4, 20, 11) + a03.random_positions(4, 5, 4, 5, 12):
        for player in ("X", "O"):
            assert a03.window_eval(position.state, player) == connect_four_eval(
                position.state, player
            )


def test_right_evaluate_passes():
    right = make_evaluate()
    a03.check_evaluate_positions(right, POSITIONS)
    a03.check_evaluate_symmetry(right, POSITIONS)


@pytest.mark.parametrize(
    ("evaluate", "phrase"),
    [
        (make_evaluate(centre=0), "has no centre preference"),
        (make_evaluate(opponent=False), "is not symmetric: it ignores the opponent"),
        (make_evaluate(mixed=True), "counts windows that hold both colours"),
        (make_evaluate(directions=[(0, 1), (1, 0), (1, 1)]), "diagonal \\(down-left\\)"),
        (make_evaluate(directions=[(0, 1), (1, 1), (1, -1)]), "down \\(vertical\\)"),
        (make_evaluate(weights=[0, 1, 2, 3, 4]), "2 with 2 \\(weights 1 / 10 / 50 / 512"),
        (make_evaluate(fixed=True), "on the probe board .* \\(6 x 6, k = 4"),
        (lambda state, player: -make_evaluate()(state, player), "sign the wrong way round"),
        (lambda state, player: make_evaluate()(state, "X"), "ignores `player`"),
        (lambda state, player: connect_four_eval(state, player), "calls gamekit's own code"),
        (lambda state, player: float("nan"), "NaN|should be a number"),
    ],
)
def test_each_evaluation_mistake_is_named(evaluate, phrase):
    with pytest.raises(GradingError, match=phrase):
        a03.check_evaluate_positions(evaluate, POSITIONS)


def test_symmetry_check():
    with pytest.raises(GradingError, match="is not symmetric"):
        a03.check_evaluate_symmetry(make_evaluate(opponent=False), POSITIONS)
    with pytest.raises(GradingError, match="ignores `player`"):
        a03.check_evaluate_symmetry(lambda s, p: make_evaluate()(s, "X"), POSITIONS)
    a03.check_evaluate_symmetry(make_evaluate(centre=0), POSITIONS)  # wrong, but symmetric


def test_an_always_equal_number_earns_nothing():
    class Number(float):
        def __eq__(self, other):
            return True

        __hash__ = float.__hash__

    with pytest.raises(GradingError, match="should be a number"):
        a03.check_evaluate_symmetry(lambda s, p: Number(0), POSITIONS)


def test_depth_limited_play():
    a03.check_depth_limited_play(make_evaluate(), seed=3)
    with pytest.raises(GradingError, match="beat a random player in only"):
        a03.check_depth_limited_play(lambda s, p: make_evaluate()(s, "X"), seed=3)
    with pytest.raises(GradingError, match="lost to the one-ply greedy player when playing O"):
        a03.check_depth_limited_play(make_evaluate(opponent=False), seed=3)
    with pytest.raises(GradingError, match="calls gamekit's own code"):
        a03.check_depth_limited_play(connect_four_eval, seed=3)


# --------------------------------------------------------------------------------------------
# score_summary
# --------------------------------------------------------------------------------------------


def right_summary(series):
    n = len(series.records)
    utilities = [r.utility for r in series.records]
    return {
        "games": n,
        "win_rate": utilities.count(1) / n,
        "draw_rate": utilities.count(0) / n,
        "loss_rate": utilities.count(-1) / n,
        "mean_score": sum(utilities) / n,
    }


def test_series_from_outcomes():
    series = a03.series_from_outcomes("WWDLW")
    assert (series.wins, series.draws, series.losses) == (3, 1, 1)
    assert [r.a_colour for r in series.records] == ["X", "O", "X", "O", "X"]


def test_score_summary_checks():
    outcomes = ["W", "DDL", "WLWLD", "LLLWDDWWWW"]
    a03.check_score_summary(right_summary, outcomes)
    with pytest.raises(GradingError, match="is a count, not a rate"):
        a03.check_score_summary(lambda s: {**right_summary(s), "win_rate": s.wins}, outcomes)
    with pytest.raises(GradingError, match="exactly the keys"):
        a03.check_score_summary(lambda s: {"games": s.games}, outcomes)
    with pytest.raises(GradingError) as wrong_mean:  # shown on the first public series
        a03.check_score_summary(lambda s: {**right_summary(s), "mean_score": 0.5}, outcomes)
    assert wrong_mean.value.code == "witness:score_summary"
    assert str(wrong_mean.value).startswith("score_summary on the series W (a win for A) returned")
    assert "'mean_score': 0.5}, but should return" in str(wrong_mean.value)
    assert "(1 x 1 + 0 x 0 + 0 x -1) / 1 = 1" in str(wrong_mean.value)

    def mean_wrong_on_long_series(series):  # right on every public series: the test's, unshown
        summary = right_summary(series)
        return {**summary, "mean_score": 0.5} if series.games > 8 else summary

    with pytest.raises(GradingError, match="'mean_score'\\] is wrong on a series of 10 games"):
        a03.check_score_summary(mean_wrong_on_long_series, outcomes)
    with pytest.raises(GradingError, match="should be a dict"):
        a03.check_score_summary(lambda s: list(right_summary(s).items()), outcomes)

    class Summary(dict):
        def __eq__(self, other):
            return True

    with pytest.raises(GradingError, match="should be a dict"):
        a03.check_score_summary(lambda s: Summary(right_summary(s)), outcomes)


def test_random_positions_are_reproducible_and_open():
    first = a03.random_positions(6, 7, 4, 5, seed=1)
    again = a03.random_positions(6, 7, 4, 5, seed=1)
    assert [p.state.cells for p in first] == [p.state.cells for p in again]
    game = Reference()
    assert not any(game.terminal_test(p.state) for p in first)
    random.seed(0)  # the global generator plays no part
    assert [p.state.cells for p in a03.random_positions(6, 7, 4, 5, seed=1)] == [
        p.state.cells for p in first
    ]


def test_an_evaluation_like_a_mistake_on_one_position_only_is_not_named():
    """No centre bonus on the first position only: one symptom alike is not evidence, so the
    message gives the value and the rule instead of "has no centre preference"."""
    right, no_centre = make_evaluate(), make_evaluate(centre=0)
    first = next(  # the first position where the centre bonus matters
        p.state
        for p in POSITIONS
        if any(right(p.state, who) != no_centre(p.state, who) for who in ("X", "O"))
    )

    def once(state, player):
        return (no_centre if state == first else right)(state, player)

    with pytest.raises(GradingError) as failed:
        a03.check_evaluate_positions(once, POSITIONS)
    assert failed.value.code == "wrong_value:evaluate"
    assert "centre preference" not in str(failed.value)
    with pytest.raises(GradingError) as named:
        a03.check_evaluate_positions(no_centre, POSITIONS)
    assert named.value.code == "a03.no_centre"


def test_an_evaluation_like_a_mistake_on_every_probe_but_not_beyond_is_not_named():
    """No centre bonus everywhere the tests and the probes look, the right heuristic on the
    generated 6 x 9 boards: a name must fit the generated boards too, so none is given."""
    from gamekit.checks.a03.ladder import confirmation_states

    right, no_centre = make_evaluate(), make_evaluate(centre=0)
    wide = [s for s in confirmation_states() if (s.h, s.v) == (6, 9)]
    assert any(right(s, who) != no_centre(s, who) for s in wide for who in ("X", "O"))
    assert not any(s.cells == p.state.cells for s in wide for p in POSITIONS)

    def where_looked(state, player):
        return (right if (state.h, state.v) == (6, 9) else no_centre)(state, player)

    with pytest.raises(GradingError) as failed:
        a03.check_evaluate_positions(where_looked, POSITIONS)
    assert not failed.value.code.startswith("a03."), failed.value
    assert "centre preference" not in str(failed.value)


def test_an_evaluation_that_raises_on_a_generated_board_is_not_named():
    no_centre = make_evaluate(centre=0)

    def small_boards_only(state, player):
        if state.v > 7:
            raise IndexError("column 8")
        return no_centre(state, player)

    with pytest.raises(GradingError) as failed:
        a03.check_evaluate_positions(small_boards_only, POSITIONS)
    assert not failed.value.code.startswith("a03."), failed.value


class RowFromCount(TicTacToe):
    """Row = the column's number of pieces + 1, counted from the top: on an empty board the
    top-most empty cells, on other boards neither those nor the lowest."""

    def actions(self, state):
        if state.utility:
            return []
        moves = []
        for col in range(1, self.v + 1):
            pieces = sum(1 for _, c in state.board if c == col)
            if pieces < self.h:
                moves.append((pieces + 1, col))
        return moves


def test_an_actions_name_read_off_one_board_must_hold_on_every_probe_board():
    """On the empty probe board this rule returns the top-most empty cells; on the next boards
    it does not, so the message says what the moves are there, without the name."""
    from gamekit.checks.a03.actions import _actions_mistake

    empty = a03.ladder.actions_probes()[0]
    h, v, k, state = empty.args
    got = set(RowFromCount(h, v, k).actions(state))
    expected = set(a03.ladder.legal_moves(h, v, k, state))
    assert _actions_mistake(got, expected, state, h, v)[0] == "a03.actions.topmost_cell"
    with pytest.raises(GradingError) as failed:
        a03.check_actions(RowFromCount, BOARDS)
    assert failed.value.code == "witness:actions"
    assert "top-most" not in str(failed.value)
    assert "not the lowest empty cell of their column" in str(failed.value)
