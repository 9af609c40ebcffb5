"""Players: the factories, search players with traces, and a human player that cannot crash."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit import (
    ConnectFour,
    TicTacToe,
    alphabeta_cutoff_search,
    alphabeta_player,
    alphabeta_search,
    expectimax_player,
    expectiminimax,
    first_tree,
    greedy_player,
    human_player,
    minimax_decision,
    minimax_player,
    random_player,
)
from gamekit.players import SearchPlayer, parse_move


def answers(*texts: str):
    """An ``input_fn`` that replies with ``texts`` in turn and records every prompt."""
    queue = list(texts)
    prompts: list[str] = []

    def input_fn(prompt: str) -> str:
        prompts.append(prompt)
        if not queue:
            raise AssertionError("the player asked more often than expected")
        return queue.pop(0)

    input_fn.prompts = prompts
    return input_fn


def collect() -> tuple[list[str], Callable[[str], None]]:
    said: list[str] = []
    return said, said.append


# --------------------------------------------------------------------------------------------
# human_player
# --------------------------------------------------------------------------------------------


def test_human_player_asks_again_until_the_answer_is_legal(capsys):
    game = TicTacToe()
    state = game.replay([(1, 1)])
    replies = answers("", "garbage", "9,9", "(1, 1)", "1,1,1", "²", "import os", "2,3")
    said, output_fn = collect()
    player = human_player(input_fn=replies, output_fn=output_fn)
    assert player(game, state) == (2, 3)
    assert len(replies.prompts) == 8
    assert all(prompt.startswith("Your move [(1, 2), (1, 3)") for prompt in replies.prompts)
    assert len(said) == 7
    assert said[1] == f"'garbage' is not a legal move here; choose one of {game.actions(state)}"
    assert said[3].startswith("'(1, 1)' is not a legal move here")  # taken already
    assert capsys.readouterr().out.startswith("X . .\n")  # the board was shown


@pytest.mark.parametrize("text", ["2,3", "(2, 3)", "2 3", " [2,3] ", "( 2 ,3 )"])
def test_human_player_reads_a_cell_in_several_spellings(text):
    game = TicTacToe()
    player = human_player(input_fn=answers(text), output_fn=collect()[1])
    assert player(game, game.initial) == (2, 3)


def test_human_player_takes_a_column_number_in_connect_four():
    game = ConnectFour(h=4, v=4, k=3)
    state = game.replay([(4, 2), (3, 2), (2, 2), (1, 2)])  # column 2 is full
    said, output_fn = collect()
    player = human_player(input_fn=answers("2", "5", "0", "3"), output_fn=output_fn)
    assert player(game, state) == (4, 3)
    assert len(said) == 3 and said[0].startswith("'2' is not a legal move here")
    player = human_player(input_fn=answers("(4, 1)"), output_fn=output_fn)
    assert player(game, state) == (4, 1)


def test_human_player_takes_an_edge_label_in_a_tree():
    tree = first_tree()
    said, output_fn = collect()
    player = human_player(input_fn=answers("B", "a5", " a3 "), output_fn=output_fn)
    assert player(tree, "A") == "a3"
    assert len(said) == 2


def test_a_column_number_is_not_enough_when_it_names_several_cells():
    game = TicTacToe()
    assert parse_move("2", game.actions(game.initial)) is None
    assert parse_move("3", [(1, 1), (3, 3)]) == (3, 3)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.text(max_size=12))
def test_parse_move_never_crashes(text):
    game = ConnectFour(h=4, v=4, k=3)
    for legal in (game.actions(game.initial), TicTacToe().actions(TicTacToe().initial), ["a1"]):
        move = parse_move(text, legal)
        assert move is None or move in legal


def test_human_player_in_a_whole_game():
    game = TicTacToe()
    said, output_fn = collect()
    cells = [f"{r},{c}" for r in (1, 2, 3) for c in (1, 2, 3)]
    replies = answers(cells[0], "x", *cells[1:])  # always the first free cell, after a typo
    human = human_player(input_fn=replies, output_fn=output_fn)
    result = game.play_game(human, random_player(seed=0))
    assert result in (-1, 0, 1)
    assert said[0].startswith("'x' is not a legal move here; choose one of [(1, 2)")


# --------------------------------------------------------------------------------------------
# Factories
# --------------------------------------------------------------------------------------------

FACTORIES = [random_player, minimax_player, alphabeta_player, expectimax_player, human_player]


@pytest.mark.parametrize("factory", FACTORIES, ids=lambda f: f.__name__)
def test_a_factory_passed_uncalled_raises_a_clear_type_error(factory):
    game = TicTacToe()
    name = factory.__name__
    with pytest.raises(TypeError) as caught:
        game.play_game(factory, random_player(seed=1))
    assert str(caught.value) == f"{name} makes a player: pass {name}(), not {name}, to play_game"


def test_greedy_player_passed_uncalled_raises_a_clear_type_error():
    game = TicTacToe()
    with pytest.raises(TypeError, match=r"pass greedy_player\(eval_fn\) to play_game"):
        game.play_game(greedy_player, random_player(seed=1))
    with pytest.raises(TypeError, match="greedy_player makes a player"):
        greedy_player(3)
    with pytest.raises(TypeError, match="greedy_player makes a player"):
        greedy_player(lambda s, p: 0, 4)  # no other positional argument


@pytest.mark.parametrize("factory", FACTORIES, ids=lambda f: f.__name__)
def test_options_must_be_keywords(factory):
    name = factory.__name__
    with pytest.raises(TypeError, match=rf"{name} takes its options as keywords.*got positional"):
        factory(4)


def test_factories_check_their_search_options():
    with pytest.raises(ValueError, match="depth must be a whole number of plies >= 1"):
        alphabeta_player(depth=0)
    with pytest.raises(ValueError, match="eval_fn must be a function"):
        alphabeta_player(depth=2, eval_fn="center")
    with pytest.raises(ValueError, match="depth must be a whole number of plies >= 1"):
        expectimax_player(depth=-3)


def test_factories_choose_the_right_engine():
    assert alphabeta_player().engine is alphabeta_search
    limited = alphabeta_player(depth=3)
    assert limited.engine is alphabeta_cutoff_search and limited.options["depth"] == 3
    assert minimax_player().engine is minimax_decision
    expecti = expectimax_player(depth=2)
    assert expecti.engine is expectiminimax and expecti.options["random_opponent"] is True
    assert repr(limited) == "alphabeta_player(depth=3, eval_fn=None)"


# --------------------------------------------------------------------------------------------
# Search players
# --------------------------------------------------------------------------------------------


def test_a_traced_search_player_keeps_its_last_trace():
    game = TicTacToe()
    player = alphabeta_player(traced=True)
    assert player.last_trace is None
    state = game.replay([(1, 1), (2, 2)])
    move = player(game, state)
    assert move == alphabeta_search(state, game)
    first = player.last_trace
    assert first is not None and first.root.state == state and first.stats.nodes > 1
    player(game, game.result(state, move))
    assert player.last_trace is not first and player.last_trace.root.depth == 0
    assert alphabeta_player().last_trace is None
    untraced = alphabeta_player()
    untraced(game, state)
    assert untraced.last_trace is None


def test_a_traced_depth_limited_player_records_evaluations():
    game = TicTacToe()

    def centre(state, player):
        return 1 if state.board.get((2, 2)) == player else 0

    player = alphabeta_player(depth=2, eval_fn=centre, traced=True)
    assert player(game, game.initial) == (2, 2)
    assert player.last_trace.stats.leaf_evaluations > 0
    assert all(node.depth == 2 for node in player.last_trace.evaluations)


def test_a_search_player_called_with_swapped_arguments_says_so():
    game = TicTacToe()
    with pytest.raises(TypeError, match=r"alphabeta_player is called as alphabeta_player\(game"):
        alphabeta_player()(game.initial, game)


def test_minimax_and_alphabeta_players_draw():
    assert TicTacToe().play_game(minimax_player(), alphabeta_player()) == 0


def test_greedy_player_takes_a_win_and_never_beats_alphabeta():
    game = TicTacToe()

    def lines_open(state, player):
        return len(state.moves)

    greedy = greedy_player(lines_open)
    state = game.from_rows(["OO.", "XX.", "..."])  # X wins at (2, 3)
    assert greedy(game, state) == (2, 3)
    assert game.play_game(alphabeta_player(), greedy) >= 0
    assert game.play_game(greedy, alphabeta_player()) <= 0


def play_many(game, first, second, seeds: Iterable[int]) -> list[float]:
    return [game.play_game(first(seed), second(seed)) for seed in seeds]


def test_expectimax_player_beats_random_players():
    game = TicTacToe()
    as_x = play_many(game, lambda s: expectimax_player(), lambda s: random_player(seed=s), [0, 1])
    as_o = play_many(game, lambda s: random_player(seed=s), lambda s: expectimax_player(), [2, 3])
    assert as_x == [1, 1] and as_o == [-1, -1]


def test_random_player_is_repeatable_and_legal():
    game = ConnectFour(h=4, v=4, k=3)
    a, b = random_player(seed=5), random_player(seed=5)
    state = game.initial
    while not game.terminal_test(state):
        move = a(game, state)
        assert move == b(game, state) and move in game.actions(state)
        state = game.result(state, move)
    assert isinstance(alphabeta_player(), SearchPlayer)
