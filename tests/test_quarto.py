"""Quarto: pieces, rules, bad input, engines on the endgame, and the two evaluations.

The reference helpers below re-derive everything from the rules (lines built by hand, "share a
value" checked attribute by attribute, a plain recursive solver), without the module's bit
tricks, so the tests cross-check gamekit.quarto instead of repeating it.
"""

from __future__ import annotations

import copy
import pickle
import random
from dataclasses import FrozenInstanceError
from itertools import pairwise

import pytest

from gamekit.games import IllegalMoveError
from gamekit.quarto import (
    LINES,
    PIECES,
    WIN_NEXT,
    WON,
    Quarto,
    QuartoMove,
    QuartoState,
    attributes,
    common_values,
    parse_piece,
    piece_name,
    seed_utility,
    shared_attributes,
)
from gamekit.search import (
    alphabeta_cutoff_search,
    alphabeta_search,
    minimax_decision,
    negamax,
    scored_result,
)

GAME = Quarto()
EVALUATIONS = [seed_utility, shared_attributes]

# --------------------------------------------------------------------------------------------
# Reference implementation, written from the rules
# --------------------------------------------------------------------------------------------

REF_LINES = (
    [[(r, c) for c in range(1, 5)] for r in range(1, 5)]
    + [[(r, c) for r in range(1, 5)] for c in range(1, 5)]
    + [[(1, 1), (2, 2), (3, 3), (4, 4)], [(1, 4), (2, 3), (3, 2), (4, 1)]]
)
ALL_CELLS = [(r, c) for r in range(1, 5) for c in range(1, 5)]


def ref_shared_bits(pieces: list[int]) -> list[int]:
    """The attribute bits on which all ``pieces`` agree."""
    return [b for b in range(4) if len({p >> b & 1 for p in pieces}) == 1]


def ref_complete_lines(board: dict) -> list[tuple[list, list[int]]]:
    """Every full line whose pieces agree on some attribute, with those attributes."""
    found = []
    for line in REF_LINES:
        if all(cell in board for cell in line):
            bits = ref_shared_bits([board[cell] for cell in line])
            if bits:
                found.append((line, bits))
    return found


def ref_moves(board: dict, hand: int | None, remaining: list[int]) -> list[tuple]:
    """The legal moves, built from the rules, in the documented order."""
    if hand is None:
        return [(None, give) for give in sorted(remaining)]
    moves = []
    for cell in ALL_CELLS:
        if cell in board:
            continue
        wins = bool(ref_complete_lines({**board, cell: hand}))
        if wins or not remaining:
            moves.append((cell, None))
        else:
            moves.extend((cell, give) for give in sorted(remaining))
    return moves


def ref_value(board: dict, hand: int, remaining: frozenset) -> int:
    """Game value for the player about to place ``hand``, by plain exhaustive search."""
    best = -1
    for cell in ALL_CELLS:
        if cell in board:
            continue
        after = {**board, cell: hand}
        if ref_complete_lines(after):
            return 1
        if not remaining:
            best = max(best, 0)
            continue
        for give in remaining:
            best = max(best, -ref_value(after, give, remaining - {give}))
            if best == 1:
                return 1
    return best


def ref_state_value(state: QuartoState) -> int:
    return ref_value(dict(state.board), state.to_place, frozenset(state.available))


def row(r: int, pieces: list) -> dict:
    """The four pieces of row ``r``, left to right, as a board description."""
    return dict(zip([(r, c) for c in range(1, 5)], pieces, strict=True))


def random_play(seed: int, empty_cells: int = 0) -> list[QuartoState]:
    """The states of one random game, stopping at ``empty_cells`` empty cells or at the end."""
    rng = random.Random(seed)
    states = [GAME.initial]
    while not GAME.terminal_test(states[-1]) and states[-1].cells.count(None) > empty_cells:
        states.append(GAME.result(states[-1], rng.choice(GAME.actions(states[-1]))))
    return states


def immediate_win(state: QuartoState) -> bool:
    """Brute force: can the mover complete a shared line with the piece in hand?"""
    board = dict(state.board)
    return any(
        ref_complete_lines({**board, cell: state.to_place})
        for cell in ALL_CELLS
        if cell not in board
    )


def careful_move(state: QuartoState, rng: random.Random) -> QuartoMove:
    """A random move that wins if it can and avoids handing over a win if it can."""
    moves = GAME.actions(state)
    wins = [m for m in moves if GAME.terminal_test(GAME.result(state, m))]
    if wins:
        return rng.choice(wins)
    safe = [m for m in moves if not immediate_win(GAME.result(state, m))]
    return rng.choice(safe or moves)


def endgame(seed: int, empty_cells: int) -> QuartoState | None:
    """A position of a careful random game with ``empty_cells`` empty cells (None if it ended).

    Careful play keeps the endgames open: purely random players leave so many wins lying
    around that nearly every endgame is a win for the mover.
    """
    rng = random.Random(seed)
    state = GAME.initial
    while not GAME.terminal_test(state) and state.cells.count(None) > empty_cells:
        state = GAME.result(state, careful_move(state, rng))
    return None if GAME.terminal_test(state) else state


def transform(state: QuartoState, cell_map, mask: int = 0, to_move: str | None = None):
    """``state`` with cells moved by ``cell_map`` and attribute bits in ``mask`` complemented."""
    board = {cell_map(cell): piece ^ mask for cell, piece in state.board.items()}
    hand = None if state.to_place is None else state.to_place ^ mask
    return Quarto.from_board(board, to_place=hand, to_move=to_move or state.to_move)


SYMMETRIES = [
    lambda rc: rc,
    lambda rc: (rc[1], 5 - rc[0]),  # quarter turn
    lambda rc: (5 - rc[0], 5 - rc[1]),  # half turn
    lambda rc: (5 - rc[1], rc[0]),  # three quarters
    lambda rc: (rc[0], 5 - rc[1]),  # mirror left-right
    lambda rc: (5 - rc[0], rc[1]),  # mirror top-bottom
    lambda rc: (rc[1], rc[0]),  # main diagonal
    lambda rc: (5 - rc[1], 5 - rc[0]),  # other diagonal
]

# --------------------------------------------------------------------------------------------
# Pieces
# --------------------------------------------------------------------------------------------


def test_piece_names_attributes_and_parsing_agree():
    letters = {
        "colour": {"dark": "D", "light": "L"},
        "shape": {"round": "R", "square": "Q"},
        "height": {"tall": "T", "short": "S"},
        "filling": {"hollow": "H", "solid": "F"},
    }
    # A player reads them: eight different letters, none a player's name.
    every = [letter for pair in letters.values() for letter in pair.values()]
    assert len(set(every)) == 8 and not {"X", "O"} & set(every)
    seen = set()
    for piece in PIECES:
        attrs = attributes(piece)
        assert list(attrs) == ["colour", "shape", "height", "filling"]
        name = piece_name(piece)
        assert name == "".join(letters[a][v] for a, v in attrs.items())
        assert parse_piece(name) == parse_piece(name.lower()) == parse_piece(piece) == piece
        seen.add(name)
        for bit, attribute in enumerate(attrs):  # bit i set <=> the second value of attribute i
            assert (piece >> bit & 1) == list(letters[attribute].values()).index(
                letters[attribute][attrs[attribute]]
            )
    assert len(seen) == 16
    # The spelling of earlier versions (S for square and short, O for solid) is still read.
    assert parse_piece("LSSO") == parse_piece("LQSF") == 15
    assert parse_piece("DSTO") == parse_piece("DQTF")
    assert attributes(0) == {
        "colour": "dark",
        "shape": "round",
        "height": "tall",
        "filling": "hollow",
    }
    assert (piece_name(0), piece_name(15)) == ("DRTH", "LQSF")


@pytest.mark.parametrize("bad", ["XXXX", "DRT", "DRTHH", "", "SRTH", 16, -1, 1.5, None, True, [0]])
def test_bad_pieces_are_rejected(bad):
    with pytest.raises(ValueError, match="piece"):
        parse_piece(bad)
    if not isinstance(bad, str):
        with pytest.raises(ValueError, match="0..15"):
            piece_name(bad)
        with pytest.raises(ValueError, match="0..15"):
            attributes(bad)


def test_common_values_against_attribute_by_attribute():
    rng = random.Random(1)
    for _ in range(300):
        pieces = rng.sample(PIECES, rng.randint(1, 5))
        ones, zeros = common_values(pieces)
        shared = ref_shared_bits(pieces)
        assert sorted(b for b in range(4) if (ones | zeros) >> b & 1) == shared
        for b in shared:
            assert (ones >> b & 1) == (pieces[0] >> b & 1)


# --------------------------------------------------------------------------------------------
# Rules
# --------------------------------------------------------------------------------------------


def test_first_turn_only_gives():
    state = GAME.initial
    assert (state.to_move, state.to_place, state.available, state.winner) == (
        "X",
        None,
        PIECES,
        None,
    )
    assert GAME.actions(state) == [QuartoMove(None, piece) for piece in PIECES]
    after = GAME.result(state, QuartoMove(None, 9))
    assert (after.to_move, after.to_place, len(after.available), len(after.board)) == (
        "O",
        9,
        15,
        0,
    )
    assert GAME.players == ("X", "O") and not GAME.terminal_test(state)


def test_actions_match_the_rules_along_random_games():
    for seed in range(12):
        for state in random_play(seed):
            if GAME.terminal_test(state):
                assert GAME.actions(state) == []
                continue
            expected = ref_moves(dict(state.board), state.to_place, list(state.available))
            assert [tuple(m) for m in GAME.actions(state)] == expected


def test_win_detection_against_brute_force_along_random_games():
    outcomes = set()
    for seed in range(40):
        states = random_play(seed)
        for before, after in pairwise(states):
            lines = ref_complete_lines(dict(after.board))
            assert (after.winner == before.to_move) == bool(lines)
            assert after.winner in (before.to_move, None)
            assert GAME.terminal_test(after) == (bool(lines) or len(after.board) == 16)
            if lines:
                won = after.winning_line
                first_line, bits = lines[0]
                assert list(won.cells) == first_line
                assert won.attribute == ["colour", "shape", "height", "filling"][bits[0]]
                assert won.value == attributes(after.board[first_line[0]])[won.attribute]
            else:
                assert after.winning_line is None
        final = states[-1]
        outcomes.add(final.winner)
        assert GAME.utility(final, "X") == -GAME.utility(final, "O")
    assert outcomes >= {"X", "O"}  # both players win some random games


def test_win_detection_on_random_boards_built_from_pieces():
    rng = random.Random(7)
    counts = {"won": 0, "open": 0, "unreachable": 0}
    for _ in range(600):
        size = rng.randint(4, 16)
        cells = rng.sample(ALL_CELLS, size)
        board = dict(zip(cells, rng.sample(PIECES, size), strict=True))
        lines = ref_complete_lines(board)
        common = set(ALL_CELLS)
        for line, _ in lines:
            common &= set(line)
        if lines and not common:
            counts["unreachable"] += 1
            with pytest.raises(ValueError, match="no cell in common"):
                Quarto.from_board(board)
            continue
        hand = None if lines or size == 16 else min(set(PIECES) - set(board.values()))
        state = Quarto.from_board(board, to_place=hand)
        if lines:
            counts["won"] += 1
            assert state.winner == ("O" if state.to_move == "X" else "X")
            assert list(state.winning_line.cells) == lines[0][0]
            assert GAME.terminal_test(state) and GAME.actions(state) == []
        else:
            counts["open"] += 1
            assert state.winner is None and state.winning_line is None
    assert min(counts.values()) > 20  # every branch was exercised


def find_draw_board(seed: int = 3) -> dict:
    """A full board where no line shares a value, found by random search and checked by hand."""
    rng = random.Random(seed)
    while True:
        board = dict(zip(ALL_CELLS, rng.sample(PIECES, 16), strict=True))
        if not ref_complete_lines(board):
            return board


def test_a_full_board_with_no_shared_line_is_a_draw():
    board = find_draw_board()
    last_cell = (4, 4)
    last_piece = board.pop(last_cell)
    state = Quarto.from_board(board, to_place=last_piece)
    assert state.available == () and state.to_move == "X"  # O places pieces 1, 3, ..., X the 16th
    assert GAME.actions(state) == [QuartoMove(last_cell, None)]
    end = GAME.result(state, QuartoMove(last_cell, None))
    assert GAME.terminal_test(end) and end.winner is None and end.winning_line is None
    assert GAME.utility(end, "X") == GAME.utility(end, "O") == 0
    assert GAME.actions(end) == []
    assert str(end).endswith("Draw: the board is full and no line shares an attribute value")
    assert Quarto.from_board(dict(end.board)) == end
    for evaluate in EVALUATIONS:
        assert evaluate(end, "X") == evaluate(end, "O") == 0


def test_whole_games_keep_every_piece_and_alternate():
    for seed in range(20):
        states = random_play(seed)
        for before, after in pairwise(states):
            in_hand = 0 if after.to_place is None else 1
            assert len(after.board) + in_hand + len(after.available) == 16
            assert after.to_move != before.to_move
            assert isinstance(after.last_move, QuartoMove)
            assert after.last_move.give == after.to_place
            # Built from its description alone, the position is the same (to_move by default).
            assert Quarto.from_board(dict(after.board), to_place=after.to_place) == after


def test_states_are_immutable_values():
    state = GAME.replay([QuartoMove(None, 3), QuartoMove((2, 2), 5)])
    with pytest.raises(FrozenInstanceError):
        state.to_move = "O"
    with pytest.raises(TypeError):
        state.board[(1, 1)] = 0
    # The same position by another order of moves: equal and same hash, last_move aside.
    a = GAME.replay([QuartoMove(None, 3), QuartoMove((1, 1), 5), QuartoMove((1, 2), 7)])
    b = Quarto.from_board({(1, 1): 3, (1, 2): 5}, to_place=7)
    assert a == b and hash(a) == hash(b) and a.last_move != b.last_move
    assert len({a, b}) == 1
    assert eval(repr(a), {"Quarto": Quarto}) == a  # the repr rebuilds the position
    assert pickle.loads(pickle.dumps(a)) == a and copy.deepcopy(a) == a
    # A plain tuple equal to a legal move is that move; last_move is the canonical QuartoMove.
    c = GAME.result(GAME.result(GAME.initial, (None, 3)), ((1, 1), 5))
    assert c.last_move == QuartoMove((1, 1), 5) and type(c.last_move) is QuartoMove


def test_text_display():
    state = Quarto.from_board({(1, 1): "DRTH", (4, 4): "LQSF", (2, 3): "LRTH"}, to_place="DQSH")
    lines = str(state).splitlines()
    assert lines[:5] == [
        "  1    2    3    4",
        "1 DRTH .... .... ....",
        "2 .... .... LRTH ....",
        "3 .... .... .... ....",
        "4 .... .... .... LQSF",
    ]
    assert lines[5].startswith("X to move: place DQSH, then give one of 12: ")
    assert "X to move: give one of the 16 pieces" in str(GAME.initial)
    won = Quarto.from_board(row(1, ["DRTH", "DQSF", "DRSF", "DQSH"]))
    assert str(won).splitlines()[-1] == "X won: (1, 1) to (1, 4) are all dark"


def test_utility_and_players():
    won = Quarto.from_board(row(2, [0, 2, 4, 8]))  # all dark
    assert won.winner == "X" and won.to_move == "O"
    assert (GAME.utility(won, "X"), GAME.utility(won, "O")) == (1, -1)
    assert GAME.utility(GAME.initial, "X") == 0
    with pytest.raises(ValueError, match="'X' or 'O'"):
        GAME.utility(won, "MAX")


# --------------------------------------------------------------------------------------------
# Bad input
# --------------------------------------------------------------------------------------------

MID = Quarto.from_board({(1, 1): 0, (1, 2): 2, (1, 3): 4, (2, 1): 15}, to_place=1, to_move="O")
"""Row 1 holds three dark pieces; the piece in hand (1, LRTH) is light."""
DARK_IN_HAND = Quarto.from_board(dict(MID.board), to_place=6, to_move="O")  # DQSH: wins on (1, 4)


@pytest.mark.parametrize(
    ("state", "move", "reason"),
    [
        (MID, 5, "a pair"),
        (MID, "a1", "a pair"),
        (MID, ((1, 4), 3, 5), "a pair"),
        (MID, None, "a pair"),
        (GAME.initial, QuartoMove((1, 1), 3), "first turn"),
        (MID, QuartoMove(None, 3), "cell is missing"),
        (MID, QuartoMove((0, 1), 3), "not on the board"),
        (MID, QuartoMove((5, 5), 3), "not on the board"),
        (MID, QuartoMove((1,), 3), "not on the board"),
        (MID, QuartoMove([3, 3], 5), "not on the board"),
        (MID, QuartoMove("c3", 5), "not on the board"),
        (MID, QuartoMove((1.5, 2), 5), "not on the board"),
        (MID, QuartoMove((1, 1), 3), r"\(1, 1\) is taken by DRTH"),
        (MID, QuartoMove((3, 3), None), "give is missing"),
        (MID, QuartoMove((3, 3), "DQTH"), "a name, not a piece number"),
        (MID, QuartoMove((3, 3), 16), "not a piece"),
        (MID, QuartoMove((3, 3), -1), "not a piece"),
        (MID, QuartoMove((3, 3), 2.5), "not a piece"),
        (MID, QuartoMove((3, 3), True), "not a piece"),
        (MID, QuartoMove((3, 3), 1), "cannot give the piece you are placing"),
        (MID, QuartoMove((3, 3), 4), r"already on the board at \(1, 3\)"),
        (DARK_IN_HAND, QuartoMove((1, 4), 3), "wins the game, so give must be None"),
    ],
)
def test_illegal_moves_say_why(state, move, reason):
    with pytest.raises(IllegalMoveError, match=reason) as error:
        GAME.result(state, move)
    assert "illegal move" in str(error.value)
    assert move not in GAME.actions(state)


def test_illegal_moves_at_the_end():
    board = find_draw_board()
    last = board.pop((4, 4))
    state = Quarto.from_board(board, to_place=last)
    with pytest.raises(IllegalMoveError, match="uses the last piece, so give must be None"):
        GAME.result(state, QuartoMove((4, 4), 0))
    end = GAME.result(state, QuartoMove((4, 4), None))
    with pytest.raises(IllegalMoveError, match="the game is over"):
        GAME.result(end, QuartoMove((4, 4), None))
    won = GAME.result(DARK_IN_HAND, QuartoMove((1, 4), None))
    assert won.winner == "O"
    with pytest.raises(IllegalMoveError, match="the game is over"):
        GAME.result(won, QuartoMove((3, 3), 3))


def test_a_legal_move_given_as_equal_values_is_accepted():
    after = GAME.result(MID, ((3.0, 3), 3.0))
    assert after.last_move == QuartoMove((3, 3), 3) and after.to_place == 3
    assert type(after.to_place) is int


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"board": [((1, 1), 0)]}, "must be a mapping"),
        ({"board": {(0, 1): 0}, "to_place": 1}, "is not a cell"),
        ({"board": {"a1": 0}, "to_place": 1}, "is not a cell"),
        ({"board": {(1, 1): "ABCD"}, "to_place": 1}, "not a piece name"),
        ({"board": {(1, 1): 16}, "to_place": 1}, "0..15"),
        ({"board": {(1, 1): 3, (2, 2): "LQTH"}, "to_place": 1}, "LQTH is on the board twice"),
        ({"board": {(1, 1): 3}, "to_place": "LQTH"}, "to_place LQTH is already on the board"),
        ({"board": {(1, 1): 3}}, "to_place is missing"),
        ({"board": {(1, 1): 3}, "to_place": 1, "to_move": "Y"}, "'X' or 'O'"),
        ({"board": row(1, [0, 2, 4, 8]), "to_place": 1}, "over"),
        (
            {
                "board": {
                    **row(1, [0, 2, 4, 6]),  # dark
                    **row(3, [1, 3, 5, 7]),  # light
                },
            },
            "no cell in common",
        ),
    ],
)
def test_from_board_rejects_bad_descriptions(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Quarto.from_board(**kwargs)


def test_from_board_defaults_follow_the_real_game():
    assert Quarto.from_board({}) == GAME.initial
    assert Quarto.from_board({}, to_place=4).to_move == "O"  # X gave piece 4 on turn 1
    assert Quarto.from_board({(1, 1): 4}, to_place=0).to_move == "X"
    assert Quarto.from_board({(1, 1): 4}, to_place=0, to_move="O").to_move == "O"


# --------------------------------------------------------------------------------------------
# Engines: one move is one turn, so every engine works unchanged
# --------------------------------------------------------------------------------------------


def endgames(empty_cells: int, count: int) -> list[QuartoState]:
    found = []
    seed = 0
    while len(found) < count:
        state = endgame(seed, empty_cells)
        if state is not None:
            found.append(state)
        seed += 1
    return found


@pytest.mark.parametrize("empty_cells", [3, 4, 5])
def test_engines_agree_with_each_other_and_with_brute_force(empty_cells):
    values = set()
    for state in endgames(empty_cells, 12):
        expected = ref_state_value(state)
        values.add(expected)
        mover = state.to_move
        v_minimax, m_minimax = minimax_decision(state, GAME, with_value=True)
        v_alphabeta, m_alphabeta = alphabeta_search(state, GAME, with_value=True)
        v_negamax, m_negamax = negamax(state, GAME, with_value=True)
        assert v_minimax == v_alphabeta == v_negamax == expected
        for move in (m_minimax, m_alphabeta, m_negamax):  # each chosen move achieves the value
            child = GAME.result(state, move)
            if GAME.terminal_test(child):
                assert GAME.utility(child, mover) == expected
            else:
                assert -ref_state_value(child) == expected
        # Depth-limited search deep enough to reach the end finds the same value.
        v_cutoff = alphabeta_cutoff_search(
            state, GAME, depth=empty_cells, eval_fn=shared_attributes, with_value=True
        )[0]
        assert (v_cutoff > 0, v_cutoff < 0) == (expected > 0, expected < 0)
        if expected:
            assert abs(v_cutoff) >= scored_result(1, empty_cells)
    assert values == {-1, 0, 1}  # won, drawn and lost endgames are all in the sample


def play(evaluate_x, evaluate_o, depth: int, opening: QuartoMove) -> QuartoState:
    state = GAME.result(GAME.initial, opening)
    while not GAME.terminal_test(state):
        evaluate = evaluate_x if state.to_move == "X" else evaluate_o
        move = alphabeta_cutoff_search(state, GAME, depth=depth, eval_fn=evaluate)
        assert move in GAME.actions(state)
        state = GAME.result(state, move)
    return state


@pytest.mark.parametrize("depth", [1, 2])
def test_depth_limited_games_between_the_evaluations_complete(depth):
    for x, o in [(seed_utility, shared_attributes), (shared_attributes, seed_utility)]:
        end = play(x, o, depth, QuartoMove(None, 0))
        assert GAME.terminal_test(end)
        assert GAME.utility(end, "X") == -GAME.utility(end, "O")
        assert end.winner is not None or len(end.board) == 16


# --------------------------------------------------------------------------------------------
# Evaluations
# --------------------------------------------------------------------------------------------


def sample_states(games: int = 15) -> list[QuartoState]:
    return [state for seed in range(games) for state in random_play(100 + seed)]


@pytest.mark.parametrize("evaluate", EVALUATIONS)
def test_evaluations_are_zero_sum_and_a_win_scores_highest(evaluate):
    states = sample_states()
    unwon = [evaluate(s, p) for s in states if s.winner is None for p in "XO"]
    for state in states:
        assert evaluate(state, "X") == -evaluate(state, "O")
        if state.winner is not None:
            loser = "O" if state.winner == "X" else "X"
            assert evaluate(state, state.winner) == WON > max(unwon)
            assert evaluate(state, loser) == -WON < min(unwon)
    assert max(unwon) > 0  # not a constant


@pytest.mark.parametrize("evaluate", EVALUATIONS)
def test_evaluations_respect_the_symmetries_of_quarto(evaluate):
    states = [s for s in sample_states(6) if s.to_place is not None]
    for state in states:
        value = evaluate(state, "X")
        # Renaming the players: the same position with the other player to move.
        renamed = transform(state, SYMMETRIES[0], to_move="O" if state.to_move == "X" else "X")
        assert evaluate(renamed, "O") == value and evaluate(renamed, "X") == -value
        for symmetry in SYMMETRIES:  # rotations and reflections of the board
            assert evaluate(transform(state, symmetry), "X") == value
        for mask in range(16):  # complementing attribute bits on every piece
            assert evaluate(transform(state, SYMMETRIES[1], mask), "X") == value


def test_seed_utility_by_hand():
    # Row 1: DRTH and DQTF share dark and tall: one line of 2 -> 100. Column 1 and column 2:
    # one piece each -> 10 + 10. The main diagonal holds DRTH alone -> 10. Total 130.
    state = Quarto.from_board({(1, 1): "DRTH", (1, 2): "DQTF"}, to_place="LQSH")
    assert state.to_move == "O"
    assert seed_utility(state, "O") == 130 and seed_utility(state, "X") == -130
    # Row 1 with DRTH and LQSF shares nothing: 0; two columns and the diagonal: 30.
    other = Quarto.from_board({(1, 1): "DRTH", (1, 2): "LQSF"}, to_place="LQSH")
    assert seed_utility(other, "O") == 30


def every_move_hands_a_win(state: QuartoState) -> bool:
    """Brute force: whatever the mover does (without winning), the opponent can win next."""
    children = [GAME.result(state, move) for move in GAME.actions(state)]
    return bool(children) and all(
        not GAME.terminal_test(child) and immediate_win(child) for child in children
    )


def test_shared_attributes_sees_wins_and_forced_losses_one_turn_ahead():
    seen = {"win": 0, "lost": 0, "other": 0}
    for seed in range(40):
        for state in random_play(200 + seed):
            if GAME.terminal_test(state) or state.to_place is None or len(state.board) < 6:
                continue
            value = shared_attributes(state, state.to_move)
            if immediate_win(state):
                seen["win"] += 1
                assert value == WIN_NEXT
            elif state.available and every_move_hands_a_win(state):
                seen["lost"] += 1
                assert value == -WIN_NEXT
            else:
                seen["other"] += 1
                assert abs(value) < WIN_NEXT
    assert min(seen.values()) >= 3  # each case was met


def test_lines_constant_matches_the_rules():
    assert [list(line) for line in LINES] == REF_LINES
