"""Browser-free tests of the board widgets: ``button.click()`` runs the Python handlers."""

from __future__ import annotations

import re

import pytest

from gamekit import widgets
from gamekit.games import ConnectFour, TicTacToe
from gamekit.search import minimax_value, scored_result
from gamekit.trace import run_traced
from gamekit.widgets import (
    ENGINES,
    GameBoard,
    TicTacToeAdapter,
    move_values,
    play_connect_four,
    play_tictactoe,
    register_engine,
)


def marks(state, mark):
    """The cells holding ``mark``."""
    return {cell for cell, m in state.board.items() if m == mark}


def assert_drawn(board):
    """Every cell button shows exactly the mark of its cell."""
    for (row, col), button in board.cells.items():
        assert button.description == board.state.board.get((row, col), ""), (row, col)


def stats_figures(board):
    """The numbers shown in gk-stats: nodes, cutoffs by MAX, by MIN, depth reached."""
    text = board.stats.value.replace(",", "")
    nodes = int(re.search(r"(\d+) nodes", text).group(1))
    by_max, by_min = map(int, re.search(r"cutoffs (\d+) by MAX / (\d+) by MIN", text).groups())
    reached = int(re.search(r"depth reached (\d+)", text).group(1))
    return nodes, by_max, by_min, reached


# Independent references: depth-limited minimax and expectimax written out plainly here.


def reference_minimax(game, state, player, depth, eval_fn, ply=0):
    if game.terminal_test(state):
        return scored_result(game.utility(state, player), ply)
    if ply == depth:
        return eval_fn(state, player)
    values = [
        reference_minimax(game, game.result(state, m), player, depth, eval_fn, ply + 1)
        for m in game.actions(state)
    ]
    return max(values) if game.to_move(state) == player else min(values)


def reference_expectimax(game, state, player, depth, eval_fn, ply=0):
    if game.terminal_test(state):
        return scored_result(game.utility(state, player), ply)
    if ply == depth:
        return eval_fn(state, player)
    values = [
        reference_expectimax(game, game.result(state, m), player, depth, eval_fn, ply + 1)
        for m in game.actions(state)
    ]
    return max(values) if game.to_move(state) == player else sum(values) / len(values)


# Tic-tac-toe ---------------------------------------------------------------------------------


def test_legal_click_plays_and_the_engine_replies_optimally():
    board = play_tictactoe()
    game = board.game
    board.cells[(1, 1)].click()
    state = board.state
    assert marks(state, "X") == {(1, 1)}
    assert len(marks(state, "O")) == 1
    assert state.to_move == "X"
    assert_drawn(board)
    # Full-depth alpha-beta keeps the game's value: a corner opening is still a draw.
    assert minimax_value(state, game, "X") == 0
    assert "Your turn (X)" in board.status.value
    assert "The engine played" in board.status.value


def test_stats_are_those_of_the_engine_search():
    board = play_tictactoe(engine="alpha-beta", depth=9)
    before = board.game.result(board.game.initial, (2, 2))
    board.cells[(2, 2)].click()
    move, trace = run_traced(
        widgets.alphabeta_cutoff_search,
        before,
        board.game,
        depth=9,
        eval_fn=board.evaluate,
    )
    assert board.state.board[move] == "O"
    stats = trace.stats
    assert stats_figures(board) == (
        stats.nodes,
        stats.cutoffs_by_max,
        stats.cutoffs_by_min,
        stats.max_depth,
    )
    assert stats.cutoffs_by_max + stats.cutoffs_by_min > 0
    assert re.search(r"\d+\.\d{3} s", board.stats.value)


@pytest.mark.parametrize("cell", [(2, 2), (1, 3)])
def test_click_on_an_occupied_cell_changes_nothing(cell):
    board = play_tictactoe()
    board.click_cell(*cell)
    engine_cell = next(iter(marks(board.state, "O")))
    for taken, mark in [(cell, "X"), (engine_cell, "O")]:
        history = list(board.history)
        labels = board.cell_labels()
        board.cells[taken].click()
        assert board.history == history
        assert board.cell_labels() == labels
        assert f"cell {taken} is taken by {mark}" in board.status.value
        assert "Illegal" in board.status.value


def test_click_after_the_game_is_over_changes_nothing():
    game = TicTacToe()
    board = play_tictactoe()
    won = game.from_rows(["XXX", "OO.", "..."], to_move="O")
    board.start_from(won)
    assert "Game over: X wins" in board.status.value
    board.cells[(3, 3)].click()
    assert board.history == [won]
    assert "the game is over" in board.status.value


def test_human_can_win_and_the_result_is_shown():
    game = TicTacToe()
    board = play_tictactoe(engine="random")
    board.start_from(game.from_rows(["XX.", "OO.", "..."], to_move="X"))
    board.cells[(1, 3)].click()
    assert board.state.utility == 1
    assert len(board.history) == 2  # the engine does not move after the end
    assert "Game over: X wins" in board.status.value


def test_undo_takes_back_the_reply_and_the_move():
    board = play_tictactoe(engine="alpha-beta")
    board.click_cell(2, 2)
    after_first = board.state
    board.click_cell(*next(c for c in after_first.moves))
    assert len(board.state.board) == 4
    board.undo_button.click()
    assert board.state == after_first
    assert_drawn(board)
    board.undo_button.click()
    assert board.state == board.game.initial
    assert board.stats.value == ""
    board.undo_button.click()
    assert board.state == board.game.initial
    assert "no move of yours to undo" in board.status.value


def test_undo_after_the_engine_wins():
    game = TicTacToe()
    board = play_tictactoe(engine="alpha-beta", depth=9, human_first=False)  # you play O
    position = game.from_rows(["XO.", "X..", "..."], to_move="O")
    board.start_from(position)
    board.click_cell(3, 3)  # a blunder: X wins at (3, 1)
    assert board.state.board[(3, 1)] == "X"
    assert "Game over: X wins" in board.status.value
    board.undo()
    assert board.state == position
    assert "Your turn (O)" in board.status.value


def test_new_game_and_who_starts():
    board = play_tictactoe()
    board.click_cell(1, 1)
    board.new_game_button.click()
    assert board.state == board.game.initial
    assert "Your turn (X)" in board.status.value
    board.first_toggle.value = "engine"  # changing who starts starts a new game
    assert len(marks(board.state, "X")) == 1 and not marks(board.state, "O")
    assert board.human == "O"
    assert "Your turn (O)" in board.status.value
    assert_drawn(board)
    board.undo()  # the engine's opening move is not yours to undo
    assert len(board.history) == 2
    board.first_toggle.value = "human"
    assert board.state == board.game.initial


def test_engine_first_from_the_constructor():
    board = play_tictactoe(human_first=False, engine="greedy")
    assert len(board.state.board) == 1
    assert board.state.to_move == "O"
    assert "greedy" in board.stats.value


@pytest.mark.parametrize("engine", list(ENGINES))
@pytest.mark.parametrize(
    "make",
    [
        lambda e: play_tictactoe(4, 4, 3, engine=e, depth=2),
        lambda e: play_connect_four(5, 5, 4, engine=e, depth=2),
    ],
)
def test_every_engine_replies_with_a_legal_move(make, engine):
    board = make(engine)
    board.click_cell(board.adapter.rows, 2)
    assert len(board.history) == 3
    previous, after = board.history[1], board.history[2]
    assert after.last_move in board.game.actions(previous)
    assert "nodes" in board.stats.value and engine in board.stats.value
    assert board.depth_slider.disabled == (not ENGINES[engine].uses_depth)


def test_minimax_and_alphabeta_choose_alike_but_alphabeta_searches_less():
    game = ConnectFour(5, 5, 4)
    state = game.replay([(5, 3), (5, 2), (4, 3), (4, 2)])  # X to move: the engine's turn
    chosen = {}
    for engine in ("minimax", "alpha-beta"):
        board = play_connect_four(5, 5, 4, engine=engine, depth=3, human_first=False)
        board.start_from(state)
        chosen[engine] = (board.state.last_move, stats_figures(board)[0])
    assert chosen["minimax"][0] == chosen["alpha-beta"][0]
    assert chosen["alpha-beta"][1] < chosen["minimax"][1]


# Connect Four --------------------------------------------------------------------------------


def test_column_click_drops_to_the_lowest_cell_and_the_engine_replies():
    game = ConnectFour()
    board = play_connect_four()
    assert len(board.cells) == 42 and len(board.column_buttons) == 7
    board.column_buttons[3].click()
    state = board.state
    assert marks(state, "X") == {(6, 3)}
    (reply,) = marks(state, "O")
    assert reply in game.actions(game.result(game.initial, (6, 3)))
    assert_drawn(board)
    lowest = 4 if reply == (5, 3) else 5
    board.cells[(1, 3)].click()  # a click on any cell of a column plays that column
    assert marks(board.state, "X") == {(6, 3), (lowest, 3)}
    assert len(marks(board.state, "O")) == 2


def test_full_column_click_changes_nothing():
    game = ConnectFour(4, 4, 3)
    board = play_connect_four(4, 4, 3)
    full = game.from_rows(["X...", "O...", "X...", "O..."], to_move="X")
    board.start_from(full)
    for click in (lambda: board.column_buttons[1].click(), lambda: board.cells[(3, 1)].click()):
        labels = board.cell_labels()
        click()
        assert board.history == [full]
        assert board.cell_labels() == labels
        assert "column 1 is full" in board.status.value


def test_connect_four_game_over_click():
    game = ConnectFour()
    board = play_connect_four()
    won = game.from_rows(
        ["." * 7, "." * 7, "X......", "X......", "XO.....", "XOO...."], to_move="O"
    )
    board.start_from(won)
    board.column_buttons[4].click()
    assert board.history == [won]
    assert "the game is over" in board.status.value


@pytest.mark.parametrize(("h", "v", "k"), [(4, 5, 3), (7, 8, 4), (5, 4, 4)])
def test_any_board_size(h, v, k):
    board = play_connect_four(h, v, k, depth=2)
    assert set(board.cells) == {(r, c) for r in range(1, h + 1) for c in range(1, v + 1)}
    board.click_column(v)
    assert board.state.board[(h, v)] == "X"
    tictactoe = play_tictactoe(h, v, k, depth=2)
    tictactoe.click_cell(1, 1)
    assert tictactoe.state.board[(1, 1)] == "X" and len(tictactoe.state.board) == 2


# Hints ----------------------------------------------------------------------------------------


def test_full_depth_hints_match_brute_force_minimax():
    game = TicTacToe()
    board = play_tictactoe(engine="alpha-beta", depth=9)
    position = game.replay([(1, 2), (2, 2)])
    board.start_from(position)
    board.hint_button.click()
    assert set(board.hints) == set(game.actions(position))
    for move, value in board.hints.items():
        truth = minimax_value(game.result(position, move), game, "X")
        assert (value > 0) - (value < 0) == truth, move
    assert "Hint" in board.hints_view.value
    assert board.state == position  # a hint never moves


@pytest.mark.parametrize(
    ("engine", "reference"),
    [
        ("minimax", reference_minimax),
        ("alpha-beta", reference_minimax),
        ("negamax", reference_minimax),
        ("expectimax", reference_expectimax),
    ],
)
def test_hint_values_are_the_engine_values(engine, reference):
    game = ConnectFour(4, 5, 3)
    position = game.replay([(4, 3), (4, 2), (3, 3), (3, 2)])
    board = play_connect_four(4, 5, 3, engine=engine, depth=3)
    board.start_from(position)
    board.hint_button.click()
    player = position.to_move
    evaluate = board.evaluate
    for move, value in board.hints.items():
        expected = reference(game, game.result(position, move), player, 3, evaluate, 1)
        assert value == pytest.approx(expected), move
    # The engine plays the first move with the best hint value.
    best = max(board.hints.values())
    first_best = next(m for m, v in board.hints.items() if v == best)
    reply_board = play_connect_four(4, 5, 3, engine=engine, depth=3, human_first=False)
    reply_board.start_from(position)  # X to move: the engine plays X here
    assert reply_board.state.last_move == first_best


def test_greedy_hints_and_random_has_none():
    game = ConnectFour()
    position = game.replay([(6, 4), (6, 3)])  # X (you) to move
    board = play_connect_four(engine="greedy")
    board.start_from(position)
    board.show_hints()
    evaluate = board.evaluate
    assert board.hints == {
        m: evaluate(game.result(position, m), "X") for m in game.actions(position)
    }
    board.engine_menu.value = "random"
    board.show_hints()
    assert "does not score moves" in board.status.value
    with pytest.raises(ValueError, match="does not score"):
        move_values(game, position, "random")


def test_hint_when_the_game_is_over():
    game = TicTacToe()
    board = play_tictactoe()
    board.start_from(game.from_rows(["XXX", "OO.", "..."], to_move="O"))
    board.show_hints()
    assert "nothing to hint" in board.status.value and board.hints == {}


# Plugging in ---------------------------------------------------------------------------------


def test_a_registered_engine_is_offered_and_used():
    def first_move_factory(depth, eval_fn):
        return lambda game, state: game.actions(state)[0]

    register_engine("first legal move", first_move_factory, uses_depth=False)
    try:
        board = play_connect_four(engine="first legal move")
        assert "first legal move" in board.engine_menu.options
        board.click_column(7)
        assert board.state.board[(6, 1)] == "O"
    finally:
        del ENGINES["first legal move"]


def test_a_new_adapter_plugs_in():
    class Numbered(TicTacToeAdapter):
        """Tic-tac-toe where cells are chosen by number, drawn as 1..9 when empty."""

        name = "numbered"

        def cell(self, state, row, col):
            view = super().cell(state, row, col)
            label = view.label or str((row - 1) * self.cols + col)
            return widgets.CellView(label, view.color, view.text_color)

    board = GameBoard(Numbered(), engine="alpha-beta")
    assert board.cells[(3, 3)].description == "9"
    board.cells[(2, 2)].click()
    assert board.cells[(2, 2)].description == "X"
    assert "gk-game-numbered" in board.widget._dom_classes


def test_css_classes_for_the_browser():
    board = play_connect_four(4, 4, 3)
    assert "gk-board" in board.widget._dom_classes
    assert {"gk-cell", "gk-cell-4-2"} <= set(board.cells[(4, 2)]._dom_classes)
    assert "gk-col-3" in board.column_buttons[3]._dom_classes
    for part, css in [
        (board.engine_menu, "gk-engine"),
        (board.depth_slider, "gk-depth"),
        (board.eval_menu, "gk-eval"),
        (board.first_toggle, "gk-first"),
        (board.new_game_button, "gk-new-game"),
        (board.undo_button, "gk-undo"),
        (board.hint_button, "gk-hint"),
        (board.status, "gk-status"),
        (board.stats, "gk-stats"),
        (board.hints_view, "gk-hints"),
    ]:
        assert css in part._dom_classes


def test_the_evaluation_menu_changes_the_values():
    game = ConnectFour()
    position = game.replay([(6, 4), (6, 3)])
    board = play_connect_four(depth=2)
    assert list(board.eval_menu.options)[0] == "windows + centre"
    board.start_from(position)
    board.show_hints()
    with_eval = dict(board.hints)
    board.eval_menu.value = "none"
    board.show_hints()
    assert set(board.hints.values()) == {0}  # no result within two plies, nothing else counts
    assert len(set(with_eval.values())) > 1
    board.engine_menu.value = "random"
    assert board.eval_menu.disabled and board.depth_slider.disabled
    board.engine_menu.value = "minimax"
    assert not board.eval_menu.disabled and not board.depth_slider.disabled


def test_bad_arguments():
    with pytest.raises(ValueError, match="unknown engine"):
        play_tictactoe(engine="deep blue")
    with pytest.raises(ValueError, match="depth"):
        play_connect_four(depth=0)
    with pytest.raises(ValueError, match="unknown evaluation"):
        play_tictactoe(evaluation="vibes")


def test_no_widget_while_nbgrader_runs(monkeypatch, capsys):
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    assert play_tictactoe() is None
    assert play_connect_four() is None
    assert "not built while nbgrader" in capsys.readouterr().out
