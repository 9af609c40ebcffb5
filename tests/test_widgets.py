"""Browser-free tests of the board widgets: every control, called as the browser would call it.

The board's SVG is read back (``marks_shown``) and compared with the model; searches are
cross-checked against `gamekit.trace`, brute-force minimax and the engines called directly.
"""

from __future__ import annotations

import random
import re
import sys
import time
import xml.etree.ElementTree as ElementTree

import pytest

from gamekit.draw.colours import BOARD_COLOUR, HOLE_COLOUR, PLAYER_COLOURS
from gamekit.games import ConnectFour, IllegalMoveError, TicTacToe
from gamekit.hex import Hex
from gamekit.movelog import load_log
from gamekit.quarto import CELLS, Quarto, QuartoMove, piece_name
from gamekit.search import alphabeta_cutoff_search, minimax_value, scored_result
from gamekit.trace import run_traced
from gamekit.widgets import (
    ENGINES,
    ConnectFourAdapter,
    GameBoard,
    HexAdapter,
    QuartoAdapter,
    Settings,
    TicTacToeAdapter,
    View,
    play_connect_four,
    play_hex,
    play_quarto,
    play_tictactoe,
    think,
)
from gamekit.widgets.engines import SWITCH_INTERVAL, Watch, watched_search

ADAPTERS = {
    "tictactoe": lambda: TicTacToeAdapter(),
    "connect-four": lambda: ConnectFourAdapter(5, 6, 4),
    "hex": lambda: HexAdapter(4),
    "quarto": lambda: QuartoAdapter(),
}


def expected_marks(state) -> dict[str, str]:
    """What every cell must show, from the model alone (not from the adapter)."""
    if hasattr(state, "to_place"):  # Quarto: piece names
        return {
            f"{r}-{c}": "" if p is None else piece_name(p)
            for (r, c), p in zip(CELLS, state.cells, strict=True)
        }
    rows = state.rows()
    return {
        f"{r}-{c}": "" if mark == "." else mark
        for r, row in enumerate(rows, 1)
        for c, mark in enumerate(row, 1)
    }


def clicks_for(adapter, state, move) -> list[str]:
    """The clicks a person makes for ``move``."""
    if isinstance(move, QuartoMove):
        clicks = [] if move.cell is None else [f"cell:{move.cell[0]}:{move.cell[1]}"]
        return clicks + ([] if move.give is None else [f"give:{move.give}"])
    if isinstance(adapter, ConnectFourAdapter):
        return [f"col:{move[1]}"]
    return [f"cell:{move[0]}:{move[1]}"]


def problem(board) -> bool:
    return board.view.status_kind == "problem"


# A whole game by clicking, every game -------------------------------------------------------


@pytest.mark.parametrize("name", list(ADAPTERS))
def test_a_whole_game_by_clicking_shows_the_model_after_every_move(name):
    adapter = ADAPTERS[name]()
    board = GameBoard(adapter, engine="random", background=False, seed=3)
    rng = random.Random(7)
    game = board.game
    while not game.terminal_test(board.state):
        move = rng.choice(game.actions(board.state))
        for action in clicks_for(adapter, board.state, move):
            board.click(action)
        assert not problem(board), board.view.status
        assert board.marks_shown() == expected_marks(board.state)
        ElementTree.fromstring(board.view.svg)  # well-formed SVG
    assert "Game over" in board.view.status
    assert len(board.records) == len(board.history) - 1
    board.click(clicks_for(adapter, board.state, game.actions(game.initial)[0])[0])
    assert problem(board) and "game is over" in board.view.status


@pytest.mark.parametrize("name", list(ADAPTERS))
def test_every_cell_has_a_label_in_words_and_a_mark(name):
    adapter = ADAPTERS[name]()
    root = ElementTree.fromstring(GameBoard(adapter, engine="random", background=False).view.svg)
    cells = [node for node in root.iter() if node.get("data-cell")]
    assert len(cells) == len(expected_marks(adapter.game.initial))
    for node in cells:
        assert node.get("aria-label"), node.attrib
        assert "empty" in node.get("aria-label")
    clickable = [node for node in root.iter() if node.get("data-action")]
    assert clickable and all(node.get("aria-label") for node in clickable)


def test_connect_four_discs_sit_in_white_holes_on_a_blue_board_and_a_win_is_ringed():
    adapter = ConnectFourAdapter()
    # X plays row 6, columns 4, 3, 5, 6: those four win; O's three discs lie in row 5.
    state = adapter.game.replay([(6, 4), (5, 4), (6, 3), (5, 3), (6, 5), (5, 5), (6, 6)])
    view = View({"X": "you", "O": "random"}, {}, None, True)
    root = ElementTree.fromstring(adapter.draw(state, view))
    classes = {}  # class -> nodes
    for node in root.iter():
        for css in (node.get("class") or "").split():
            classes.setdefault(css, []).append(node)
    (frame,) = classes["gk-frame"]
    assert frame.get("fill") == BOARD_COLOUR
    winners = {f"6-{c}" for c in (3, 4, 5, 6)}
    for cell in classes["gk-cell"]:
        name, mark = cell.get("data-cell"), cell.get("data-mark")
        circles = [node for node in cell.iter() if node.tag.endswith("circle")]
        hole = circles[0]
        assert "gk-hole" in hole.get("class") and hole.get("fill") == HOLE_COLOUR
        rings = [c for c in circles if "gk-win-ring" in (c.get("class") or "")]
        assert len(rings) == (name in winners)
        assert ("winning line" in cell.get("aria-label")) == (name in winners)
        if not mark:
            assert len(circles) == 1
            continue
        (disc,) = [node for node in cell.iter() if "gk-disc" in (node.get("class") or "")]
        body = next(node for node in disc.iter() if node.tag.endswith("circle"))
        assert body.get("fill") == PLAYER_COLOURS[mark]
        assert (body.get("cx"), body.get("cy")) == (hole.get("cx"), hole.get("cy"))
        assert float(body.get("r")) < float(hole.get("r"))  # a white ring round every disc
        letter = next(node for node in disc.iter() if node.tag.endswith("text"))
        assert letter.text == mark
        last = name == "6-6"
        assert ("gk-drop" in disc.get("class")) == last  # only the new disc drops
        if last:  # from the top of the picture: its top edge starts at y = 0
            start = float(disc.get("style").removeprefix("--gk-drop:").removesuffix("px"))
            assert float(body.get("cy")) - float(body.get("r")) + start == pytest.approx(0, abs=1)
    (last_ring,) = classes["gk-last-ring"]
    assert last_ring in list(
        next(c for c in classes["gk-cell"] if "gk-last" in c.get("class")).iter()
    )
    assert (
        len(classes["gk-win"]) == 1
        and set(classes["gk-win"][0].get("data-cells").split()) == winners
    )
    still = ElementTree.fromstring(adapter.draw(state, View({}, {}, None, False)))
    assert not [n for n in still.iter() if "gk-drop" in (n.get("class") or "")]


# Illegal clicks, New game, Undo, Engine starts: no ghost marks ------------------------------


def test_a_click_on_a_taken_cell_changes_nothing_and_says_why():
    board = play_tictactoe(background=False)
    board.click("cell:2:2")
    (reply,) = [cell for cell, mark in board.state.board.items() if mark == "O"]
    history = list(board.history)
    for cell, mark in [((2, 2), "X"), (reply, "O")]:
        board.click(f"cell:{cell[0]}:{cell[1]}")
        assert board.history == history
        assert problem(board) and f"is taken by {mark}" in board.view.status


def test_new_game_undo_and_engine_starts_leave_no_ghost_marks():
    board = play_connect_four(engine="greedy", background=False)
    for col in (4, 4, 3):
        board.click(f"col:{col}")
    assert len(board.state.board) == 6
    board.undo()
    assert len(board.state.board) == 4
    assert board.marks_shown() == expected_marks(board.state)
    board.new_game()
    assert board.marks_shown() == expected_marks(ConnectFour().initial)
    board.first_toggle.value = "engine"  # a new game, the engine (X) moves first
    assert len(board.state.board) == 1 and board.state.to_move == "O"
    assert board.marks_shown() == expected_marks(board.state)
    board.click("col:1")
    assert board.state.board[(6, 1)] == "O"


def test_undo_with_nothing_to_undo_says_so():
    board = play_tictactoe(background=False)
    board.undo()
    assert problem(board) and "no move of yours" in board.view.status


def test_keyboard_moves():
    board = play_connect_four(engine="random", background=False, seed=1)
    board.press_key("4")
    assert board.state.board[(6, 4)] == "X"
    board.press_key("9")
    assert problem(board) and "no column 9" in board.view.status
    hex_board = play_hex(4, engine="random", background=False, seed=1)
    hex_board.type_move("b3")
    assert hex_board.state.board[(3, 2)] == "X"
    hex_board.type_move("z9")
    assert problem(hex_board)
    ttt = play_tictactoe(engine="random", background=False, seed=1)
    ttt.type_move("2 3")
    assert ttt.state.board[(2, 3)] == "X"
    quarto = play_quarto(engine="random", background=False, seed=1)
    quarto.type_move("LQSF")  # the first turn only gives
    assert quarto.state.last_move is not None and len(quarto.history) == 3


def test_quarto_takes_two_clicks_a_cell_then_a_piece():
    board = play_quarto(engine="random", background=False, seed=2)
    board.click("cell:1:1")
    assert problem(board) and "nothing to place" in board.view.status
    board.click("give:15")
    assert board.state.to_move == "X" and board.state.to_place is not None  # engine replied
    hand = board.state.to_place
    give = board.state.available[0]
    board.click(f"give:{give}")
    assert problem(board) and "first click the cell" in board.view.status
    board.click("cell:4:4")
    assert board.pending == (4, 4) and len(board.history) == 3  # half a move: nothing played
    board.click(f"give:{give}")
    record = board.records[2]
    assert record["move"] == QuartoMove((4, 4), give) and record["by"] == "you"
    assert board.state.board.get((4, 4)) == hand


# The engine in a thread: refused clicks, Stop, Undo and settings during a search -------------


def slow_board(**options):
    """Connect Four where the engine (X) searches deep enough to take seconds."""
    return play_connect_four(engine="alpha-beta", depth=12, human_first=False, **options)


def wait_until(condition, seconds=10.0):
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out waiting"
        time.sleep(0.01)


def test_a_click_during_the_search_is_refused_and_stop_plays_the_best_move_so_far():
    board = slow_board()
    assert board.thinking and board.view.status_kind == "thinking"
    wait_until(lambda: board.job is not None and board.job.best is not None)
    board.click("col:4")
    assert problem(board) and "thinking" in board.view.status
    assert len(board.history) == 1  # never queued
    job = board.job
    best_so_far = job.best.move
    board.stop()
    assert not board.thinking and len(board.history) == 2
    assert board.state.last_move == best_so_far
    assert "stopped" in board.stats.value
    job.wait(10)
    assert len(board.history) == 2  # the stopped search played nothing more
    board.click("col:4")
    assert board.state.board.get((5, 4)) == "O" or board.state.board.get((6, 4)) == "O"


def test_a_search_thread_hands_the_gil_over_often_then_restores_the_interval():
    """While the engine searches, the kernel's thread gets the GIL every SWITCH_INTERVAL."""
    before = sys.getswitchinterval()
    board = slow_board()
    wait_until(lambda: board.job is not None and board.job.best is not None)
    assert sys.getswitchinterval() == pytest.approx(min(before, SWITCH_INTERVAL))
    job = board.job
    board.stop()
    job.wait(10)
    assert not job.thread.is_alive()
    assert sys.getswitchinterval() == before


@pytest.mark.parametrize("action", ["undo", "new_game", "settings"])
def test_undo_new_game_and_settings_stop_the_search_cleanly(action):
    board = play_connect_four(engine="alpha-beta", depth=3, background=True)
    board.click("col:4")
    board.wait()
    board.depth_slider.value = 12  # the next reply takes long
    board.click("col:3")
    assert board.thinking
    job = board.job
    if action == "undo":
        board.undo()
        assert len(board.state.board) == 2 and not board.thinking
    elif action == "new_game":
        board.new_game()
        assert len(board.state.board) == 0 and not board.thinking
    else:
        board.depth_slider.value = 2  # the search starts again at depth 2
        assert board.job is not job
        board.wait()
        assert len(board.state.board) == 4
    job.wait(10)
    assert job.cancelled
    assert board.marks_shown() == expected_marks(board.state)


def test_stop_with_nothing_searching_says_so():
    board = play_tictactoe(background=False)
    board.stop()
    assert problem(board) and "nothing is searching" in board.view.status


# What the engines find, checked against independent searches ---------------------------------


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_watched_figures_equal_the_traces(depth):
    game = ConnectFour(5, 6, 4)
    state = game.replay([(5, 3), (5, 4), (4, 3)])
    evaluate = ConnectFourAdapter(5, 6, 4).evaluations()["windows + centre"]

    def search(s, g, e):
        return alphabeta_cutoff_search(s, g, depth, e, with_value=True)

    watch = Watch()
    value, move, exact = watched_search(search, game, state, evaluate, watch)
    (t_value, t_move), trace = run_traced(
        alphabeta_cutoff_search, state, game, depth=depth, eval_fn=evaluate, with_value=True
    )
    stats = trace.stats
    assert (value, move) == (t_value, t_move)
    assert watch.counts.nodes == stats.nodes - 1  # the trace counts the root too
    assert watch.counts.cutoffs_by_max == stats.cutoffs_by_max
    assert watch.counts.cutoffs_by_min == stats.cutoffs_by_min
    assert watch.counts.max_depth == stats.max_depth
    assert watch.counts.evaluations == stats.leaf_evaluations
    assert not exact


@pytest.mark.parametrize("engine", ["minimax", "alpha-beta", "negamax"])
def test_deepening_ends_with_the_move_of_the_fixed_depth_search(engine):
    game = ConnectFour(5, 6, 4)
    state = game.replay([(5, 3), (5, 4)])
    evaluate = ConnectFourAdapter(5, 6, 4).evaluations()["windows + centre"]
    thought = think(ENGINES[engine], game, state, Settings(depth=3, eval_fn=evaluate))
    assert thought.depth == 3 and not thought.stopped
    assert (thought.value, thought.move) == alphabeta_cutoff_search(
        state, game, 3, evaluate, with_value=True
    )


def test_full_depth_hints_in_words_match_brute_force_minimax():
    game = TicTacToe()
    position = game.replay([(1, 2), (2, 2)])
    board = play_tictactoe(engine="alpha-beta", depth=9, background=False)
    board.start_from(position)
    board.show_hints()
    words = {hint.move: hint.words for hint in board.hints}
    assert set(words) == set(game.actions(position))
    for move, said in words.items():
        truth = minimax_value(game.result(position, move), game, "X")
        assert said.split()[0] == {1: "win", 0: "draw", -1: "loss"}[truth], (move, said)
    assert board.state == position  # a hint never moves
    shown = ElementTree.fromstring(board.view.svg)
    labels = [n.text for n in shown.iter() if "gk-hint-label" in (n.get("class") or "")]
    assert len(labels) == len(words)
    assert "win / loss in n" in board.hints_view.value


def test_a_win_in_words_counts_the_plies():
    game = TicTacToe()
    position = game.from_rows(["XX.", "OO.", "..."])  # X wins at (1, 3) at once
    board = play_tictactoe(engine="alpha-beta", depth=9, background=False)
    board.start_from(position)
    board.show_hints()
    by_move = {hint.move: hint for hint in board.hints}
    assert by_move[(1, 3)].words == "win in 1" and by_move[(1, 3)].best
    assert by_move[(3, 1)].words == "loss in 2"  # O then wins at (2, 3)
    assert by_move[(3, 1)].value == -scored_result(1, 2)


def test_mcts_hints_are_visit_counts_that_add_up_to_the_playouts():
    board = play_tictactoe(engine="mcts", playouts=300, seed=5, background=False)
    board.show_hints()
    visits = [int(hint.words.split()[0]) for hint in board.hints]
    assert sum(visits) == 300
    assert "visits" in board.hints_view.value


def test_random_gives_no_hint():
    board = play_tictactoe(engine="random", background=False)
    board.show_hints()
    assert problem(board) and "does not score moves" in board.view.status


@pytest.mark.parametrize("engine", ["greedy", "negamax (time limit)", "mcts", "strongest"])
def test_every_kind_of_engine_replies_with_a_legal_move_and_a_statistics_line(engine):
    board = play_connect_four(engine=engine, seconds=0.3, playouts=200, background=False, seed=1)
    board.click("col:4")
    assert len(board.state.board) == 2, board.view.status
    assert "chose column" in board.stats.value and " s" in board.stats.value


def test_strongest_is_the_fast_engine_for_connect_four():
    board = play_connect_four(engine="strongest", seconds=0.5, background=False)
    assert board.engine.name == "connect4 fast"


# Hints and statuses that teach ---------------------------------------------------------------


def test_a_depth_counts_only_plies_the_game_has():
    board = play_tictactoe(engine="minimax", depth=9, background=False)
    board.click("cell:1:1")  # the engine replies: 7 empty cells are left
    assert "depth 8 of 9 (the game ends sooner)" in board.stats.value
    board.show_hints()
    assert "at depth 7)" in board.hints_view.value
    assert "depth 9" not in board.hints_view.value


def test_estimated_values_are_explained_from_the_movers_side():
    board = play_connect_four(depth=2, background=False)
    board.show_hints()
    assert all(hint.words.endswith("(estimate)") for hint in board.hints)
    assert "Values for X" in board.hints_view.value and "+ good for X" in board.hints_view.value
    proved = play_tictactoe(engine="minimax", depth=9, background=False)
    proved.show_hints()
    assert "estimate" not in proved.hints_view.value  # every value is proved: no such sentence


def test_an_mcts_hint_lists_only_the_most_visited_moves():
    board = play_hex(5, engine="mcts", playouts=400, seed=3, background=False)
    board.show_hints()
    shown = board.hints_view.value.count("visits, mean")
    assert shown == GameBoard.HINT_ROWS < len(board.hints) == 25
    assert f"and {25 - shown} more moves" in board.hints_view.value
    visits = sorted((hint.value for hint in board.hints), reverse=True)
    least_shown = visits[shown - 1]
    assert all(f"{n} visits" in board.hints_view.value for n in visits[:shown])
    assert max(visits[shown:]) <= least_shown  # "none tried more often than these"
    assert "about 16 playouts a move" in board.hints_view.value  # 400 / 25


def test_only_the_settings_the_engine_uses_are_shown():
    board = play_connect_four(background=False)
    shown = lambda control: control.layout.display != "none"  # noqa: E731
    assert shown(board.depth_slider) and not shown(board.seconds_slider)
    assert not shown(board.playouts_slider)
    board.engine_menu.value = "mcts"
    assert shown(board.playouts_slider) and not shown(board.depth_slider)
    assert not shown(board.eval_menu)
    board.engine_menu.value = "negamax (time limit)"
    assert shown(board.seconds_slider) and not shown(board.depth_slider)
    assert not shown(board.prev_button) and not shown(board.next_button)  # no log replayed


def test_a_change_of_settings_clears_what_was_said_about_the_old_ones():
    board = play_tictactoe(engine="random", background=False, seed=2)
    board.click("cell:2:2")
    board.click("cell:2:2")
    assert problem(board)
    board.engine_menu.value = "alpha-beta"
    assert not problem(board) and board.view.status.startswith("Your turn")
    board.show_hints()
    assert board.hints and board.hints_view.value
    board.depth_slider.value = 2
    assert not board.hints and board.hints_view.value == ""


def test_quarto_says_which_piece_was_placed_and_which_given():
    board = play_quarto(engine="random", background=False, seed=3)
    board.type_move("DRTH")  # the first turn only gives
    assert re.match(r"The engine placed DRTH on [a-d][1-4] and gave \w{4}\.", board.view.status)
    state, move = board.state, board.game.actions(board.state)[0]
    words = board.adapter.played_words(state, move, "you")
    placed = f"placed {piece_name(state.to_place)} on a1 and gave {piece_name(move.give)}"
    assert words == f"You {placed}"
    assert board.adapter.played_words(state, move, "X (you)") == f"X (you) {placed}"
    first = QuartoMove(None, 5)
    said = board.adapter.played_words(board.game.initial, first, "engine")
    assert said == f"The engine gave {piece_name(5)}"


@pytest.mark.parametrize("key", ["9", "0", "x", " "])
def test_every_key_on_a_connect_four_board_gets_an_answer(key):
    board = play_connect_four(engine="random", background=False, seed=1)
    assert board.view.instant_keys == "*"  # the browser sends every key to the kernel
    board.press_key(key)
    assert problem(board) and "column" in board.view.status
    assert len(board.history) == 1


# Logs ---------------------------------------------------------------------------------------


def test_a_game_saved_as_a_log_replays_with_previous_and_next(tmp_path):
    board = play_hex(4, engine="random", background=False, seed=4)
    for name in ["a1", "b2", "c3", "d4"]:
        if board.state.board.get(Hex(4).parse_move(name)) is None:  # not taken by the engine
            board.type_move(name)
    path = board.save_log(tmp_path / "game.jsonl")
    log = load_log(path)
    assert [r.move for r in log.moves] == [r["move"] for r in board.records]
    played = list(board.history)
    viewer = play_hex(4, background=False)
    viewer.load_log(path)
    assert viewer.state == played[0] and viewer.prev_button.disabled
    assert viewer.prev_button.layout.display != "none"  # shown while a log is replayed
    for expected in played[1:]:
        viewer.step_replay(+1)
        assert viewer.state == expected
        assert viewer.marks_shown() == expected_marks(expected)
    viewer.step_replay(+1)
    assert problem(viewer) and "end of the log" in viewer.view.status
    viewer.click("cell:4:4")
    assert problem(viewer) and "replayed" in viewer.view.status
    viewer.step_replay(-1)
    assert viewer.state == played[-2]


def test_a_log_of_another_game_is_refused(tmp_path):
    board = play_tictactoe(engine="random", background=False)
    board.click("cell:1:1")
    path = board.save_log(tmp_path / "ttt.jsonl")
    with pytest.raises(ValueError, match="this board plays"):
        play_connect_four(background=False).load_log(path)


# Arguments and grading ----------------------------------------------------------------------


def test_bad_arguments_name_the_value_and_the_choices():
    with pytest.raises(ValueError, match="unknown engine 'deep blue'"):
        play_tictactoe(engine="deep blue")
    with pytest.raises(ValueError, match="depth must be"):
        play_tictactoe(depth=0)
    with pytest.raises(ValueError, match="unknown evaluation 'vibes'"):
        play_tictactoe(evaluation="vibes")
    with pytest.raises(ValueError, match="seconds must be"):
        play_hex(seconds=-1)
    with pytest.raises(IllegalMoveError, match="not a cell"):
        TicTacToeAdapter().click(TicTacToe().initial, "row:1", None)


def test_no_widget_while_nbgrader_runs(monkeypatch, capsys):
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    assert play_tictactoe() is None
    assert play_connect_four() is None
    assert play_hex() is None
    assert play_quarto() is None
    assert "not built while nbgrader" in capsys.readouterr().out


def test_quarto_win_names_the_line_and_its_attribute():
    game = Quarto()
    board = GameBoard(QuartoAdapter(), engine="random", background=False)
    state = game.from_board(
        {(1, 1): "DRTH", (1, 2): "LRTH", (1, 3): "DQTH"}, to_place="LQTF", to_move="X"
    )
    board.start_from(state)
    board.click("cell:1:4")  # all four tall: X wins
    assert "X wins" in board.view.status
    words = [n.text for n in ElementTree.fromstring(board.view.svg).iter() if n.text]
    assert any("row 1 holds only tall pieces (height)" in w for w in words)


# Exact values (gamekit.connect4_fast.analyse) on the standard Connect Four board -------------


def columns_played(moves: str):
    """The Connect Four state after the columns in ``moves`` are played from the start."""
    game = ConnectFour()
    state = game.initial
    for column in moves:
        state = game.result(state, next(m for m in game.actions(state) if m[1] == int(column)))
    return state


def exact_labels(board) -> dict[int, tuple[str, str]]:
    """``{column: (short, words)}`` of the exact values drawn under the board's columns."""
    root = ElementTree.fromstring(board.view.svg)
    return {
        int(node.get("data-column")): (node.get("data-short"), node.get("data-words"))
        for node in root.iter()
        if "gk-exact-label" in (node.get("class") or "")
    }


def test_exact_values_on_the_board_are_analyses_for_the_player_to_move():
    from gamekit.connect4_fast import analyse

    moves = "62116441466"  # O to move: O's values, O the person
    board = GameBoard(ConnectFourAdapter(), engine="random", human_first=False)
    board.start_from(columns_played(moves))
    assert exact_labels(board) == {} and board.exact_view.value == ""
    board.exact_toggle.value = True
    board.wait_exact()
    expected = analyse(moves)
    assert expected.complete
    labels = exact_labels(board)
    assert sorted(labels) == [v.column for v in expected.columns]
    for value in expected.columns:
        words = value.words().replace("your", "O's").replace("their", "X's")
        assert labels[value.column][1] == words  # the solver's words, naming the players
        short = {1: "W", -1: "L"}.get((value.score > 0) - (value.score < 0), "")
        assert labels[value.column][0] == (
            short + str(value.your_moves(value.score)) if short else "="
        )
        assert f"{words}{' (best)' if value.column in expected.best() else ''}</td>" in (
            board.exact_view.value.replace("&#x27;", "'")
        )
    shaded = ElementTree.fromstring(board.view.svg).iter()
    best = [int(n.get("data-column")) for n in shaded if "gk-exact-best" in (n.get("class") or "")]
    assert best == expected.best() == [1]
    assert "Exact values for O</b>, the player to move" in board.exact_view.value
    assert "All 7 columns are exact" in board.exact_view.value
    assert board.stop_button.disabled
    board.exact_toggle.value = False
    assert exact_labels(board) == {} and board.exact_view.value == ""


def fake_analyse(calls, final_stones):
    """An `analyse` that reports wide bounds, then waits for Stop; after Stop it tries to show
    a (stale) win, then returns the bounds. At ``final_stones`` stones it answers "draw"
    everywhere at once."""
    from gamekit.connect4_fast import Analysis, ColumnValue

    def analysis(position, low, high, stopped=None):
        cols = [c for c in range(1, 8) if position.can_play(c)]
        values = tuple(ColumnValue(c, low, high, position.moves) for c in cols)
        return Analysis(values, low == high, stopped, 0, 0.0, "fake")

    def analyse(position, *, stop, progress, **_options):
        call = {"stones": position.moves, "stop seen": False, "stale sent": False}
        calls.append(call)
        if position.moves == final_stones:
            return analysis(position, 0, 0)
        progress(analysis(position, 0, 18))  # "at least a draw"
        while not stop():
            time.sleep(0.005)
        call["stop seen"] = True
        progress(analysis(position, 5, 5))  # too late: this position is no longer shown
        call["stale sent"] = True
        return analysis(position, 0, 18, "stop")  # what was proven before Stop

    return analyse


def test_a_new_move_stops_the_old_exact_search_and_no_stale_value_shows(monkeypatch):
    calls = []
    monkeypatch.setattr("gamekit.widgets.exact.analyse", fake_analyse(calls, final_stones=2))
    board = GameBoard(ConnectFourAdapter(), engine="random", seed=1)
    board.exact_toggle.value = True
    wait_until(lambda: "at least a draw" in board.exact_view.value)
    assert not board.stop_button.disabled
    assert set(s for s, _ in exact_labels(board).values()) == {"≥ ="}
    shown, drawn = [], []
    board.exact_view.observe(lambda change: shown.append(change.new), names="value")
    board.view.observe(lambda change: drawn.append(change.new), names="svg")
    board.click("col:4")  # you move, the engine answers: two new positions
    board.wait()
    board.wait_exact()
    wait_until(lambda: len(calls) == 3 and calls[0]["stale sent"] and calls[1]["stale sent"])
    assert [call["stones"] for call in calls] == [0, 1, 2]
    assert calls[0]["stop seen"] and calls[1]["stop seen"]  # each old search was stopped
    assert len(board.state.board) == 2
    stale = "class='gk-exact-words'>win in"
    assert not any(stale in html for html in shown)  # the stale wins never showed
    assert not any('data-short="W' in svg for svg in drawn)
    assert "data-stones='2'" in board.exact_view.value
    assert set(s for s, _ in exact_labels(board).values()) == {"="}
    assert board.stop_button.disabled


def test_stop_ends_the_exact_search_and_keeps_what_is_proven(monkeypatch):
    calls = []
    monkeypatch.setattr("gamekit.widgets.exact.analyse", fake_analyse(calls, final_stones=-1))
    board = GameBoard(ConnectFourAdapter(), engine="random")
    board.exact_toggle.value = True
    wait_until(lambda: "at least a draw" in board.exact_view.value)
    assert "Searching…" in board.exact_view.value
    board.stop()
    assert "Exact values stopped" in board.view.status and board.stop_button.disabled
    board.wait_exact()
    assert calls[0]["stop seen"] and "you pressed Stop" in board.exact_view.value
    assert "at least a draw (proven so far)" in board.exact_view.value
    assert set(s for s, _ in exact_labels(board).values()) == {"≥ ="}
    board.stop()
    assert problem(board) and "nothing is searching" in board.view.status


@pytest.mark.parametrize("name", list(ADAPTERS))
def test_exact_values_are_offered_only_on_the_standard_connect_four_board(name):
    board = GameBoard(ADAPTERS[name](), engine="random", background=False)
    assert board.exact_toggle.layout.display == "none"
    board.exact_toggle.value = True  # even set by code, nothing is searched
    assert board.exact_run is None and board.exact_view.value == ""
    assert GameBoard(ConnectFourAdapter(), background=False).exact_toggle.layout.display is None


# The board in the class's language -------------------------------------------------------------


def _visible_text(board) -> str:
    """Everything a board shows in words: status, statistics, hints, exact values, the SVG's
    text and labels, and the controls' captions."""
    svg = ElementTree.fromstring(board.view.svg)
    texts = [node.text or "" for node in svg.iter()] + [
        node.get("aria-label") or "" for node in svg.iter()
    ]
    controls = [
        board.engine_menu.description, board.depth_slider.description,
        board.seconds_slider.description, board.playouts_slider.description,
        board.eval_menu.description, board.new_game_button.description,
        board.undo_button.description, board.hint_button.description,
        board.stop_button.description, board.prev_button.description,
        board.next_button.description, board.save_button.description,
        board.exact_toggle.description, board.exact_toggle.tooltip,
        *[label for label, _ in board.first_toggle.options],
    ]  # fmt: skip
    shown = [board.view.status, board.view.typing_help, board.view.label, board.stats.value]
    shown += [board.hints_view.value, board.exact_view.value, *texts, *controls]
    return re.sub(r"<[^>]+>", " ", "\n".join(shown)).replace("&#x27;", "'")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("es", ["El motor jugó columna", "Tu turno (O).", "Valores exactos para O",
                "Las 7 columnas son exactas", "Pista lista", "Nueva partida", "Deshacer",
                "No permitido: no hay columna 9"]),
        ("pt_BR", ["O motor jogou coluna", "Sua vez (O).", "Valores exatos para O",
                   "As 7 colunas são exatas", "Dica pronta", "Nova partida", "Desfazer",
                   "Não permitido: não existe a coluna 9"]),
    ],
)  # fmt: skip
def test_a_board_speaks_its_language_in_every_word_it_shows(lang, words, tmp_path):
    """A board made with ``lang`` says everything in it (its engine thinks in its own thread,
    the exact values too), while the notebook's language stays English; a move log keeps
    English words."""
    from test_terminal import english_fragments

    from gamekit import i18n

    board = GameBoard(
        ConnectFourAdapter(), engine="alpha-beta", depth=2, human_first=False, lang=lang
    )
    board.start_from(columns_played("62116441466"))  # O to move: O the person
    board.exact_toggle.value = True
    board.wait_exact()
    board.show_hints()
    board.wait()
    seen = [_visible_text(board)]
    board.click("col:4")
    board.wait()
    board.wait_exact()
    seen.append(_visible_text(board))
    board.click("col:9")  # refused
    seen.append(_visible_text(board))
    shown = "\n".join(seen)
    for text in words:
        assert text in shown, (text, shown)
    leaked = [part for part in english_fragments() if part in shown]
    assert not leaked, leaked
    assert i18n.language() == "en"
    log = board.save_log(tmp_path / "game.jsonl")
    assert load_log(log).moves[-2].by == "you"
