"""The fast Connect Four engine, checked against the textbook engines and the published scores.

Independent references: `gamekit.search` (alpha-beta, the course's conventions),
`gamekit.heuristics.connect_four_eval`, `TicTacToe.k_in_row` (cell by cell), and Pascal Pons'
published test positions with their exact scores.
"""

from __future__ import annotations

import random
import subprocess
import sys
import threading

import pytest

from gamekit.bench.workloads import DATA
from gamekit.connect4_fast import (
    ColumnValue,
    Position,
    analyse,
    best_moves,
    book,
    fast_connect4_player,
    fast_cutoff_search,
    fast_solve,
    kernel,
    search,
    shape,
    solve,
)
from gamekit.connect4_fast.kernel import EPOCH, INFO_BITS, MIN_TABLE_BYTES, Table
from gamekit.connect4_fast.solver import child_score, compiled_solve_score, shared_table
from gamekit.games import ConnectFour
from gamekit.heuristics import connect_four_eval, eval_for
from gamekit.search import WIN, alphabeta_cutoff_search, alphabeta_search


def random_game(game: ConnectFour, plies: int, seed: int):
    """(columns played as a string, state) after up to ``plies`` random moves, never a won
    position (a move that would win is replaced by another when there is one)."""
    rng = random.Random(seed)
    state, columns = game.initial, ""
    for _ in range(plies):
        moves = game.actions(state)
        rng.shuffle(moves)
        quiet = [m for m in moves if game.result(state, m).utility == 0]
        if not quiet:
            break
        state = game.result(state, quiet[0])
        columns += str(quiet[0][1])
        if game.terminal_test(state):
            break
    return columns, state


BOARDS = [ConnectFour(), ConnectFour(4, 4, 3), ConnectFour(5, 6, 4), ConnectFour(6, 5, 3)]


@pytest.mark.parametrize("game", BOARDS, ids=repr)
def test_a_position_from_moves_equals_the_position_from_the_state(game):
    for seed in range(40):
        columns, state = random_game(game, random.Random(seed).randrange(game.h * game.v), seed)
        a = Position.from_moves(columns, game.v, game.h, game.k)
        b = Position.from_state(game, state)
        assert (a.current, a.mask, a.moves, a.score_x) == (b.current, b.mask, b.moves, b.score_x)
        assert str(a).split() == " ".join(state.rows()).replace("", " ").split()


@pytest.mark.parametrize("game", BOARDS, ids=repr)
def test_winning_cells_match_k_in_row_cell_by_cell(game):
    sh = shape(game.v, game.h, game.k)
    for seed in range(40):
        _, state = random_game(game, random.Random(seed).randrange(game.h * game.v), seed)
        position = Position.from_state(game, state)
        for mark, stones in ((state.to_move, position.current),):
            expected = 0
            for index, cell in enumerate(state.cells):
                if cell == ".":
                    row, col = divmod(index, game.v)
                    cells = state.cells[:index] + mark + state.cells[index + 1 :]
                    if game.k_in_row(cells, (row + 1, col + 1), mark):
                        expected |= 1 << (col * sh.column_bits + game.h - 1 - row)
            assert sh.winning_cells(stones, position.mask) == expected
            assert sh.winning_cells_any_k(stones, position.mask) == expected


@pytest.mark.parametrize("game", BOARDS, ids=repr)
def test_the_incremental_evaluation_scores_exactly_like_the_course_heuristic(game):
    evaluate = eval_for(game)
    for seed in range(60):
        columns, state = random_game(game, random.Random(seed).randrange(game.h * game.v), seed)
        position = Position.from_moves(columns, game.v, game.h, game.k)  # move by move
        assert position.score_x == evaluate(state, "X")
        assert position.evaluation() == evaluate(state, state.to_move)
        if game.k == 4:
            assert position.score_x == connect_four_eval(state, "X")


def random_positions(game, count, seed):
    positions = []
    rng = random.Random(seed)
    while len(positions) < count:
        _, state = random_game(game, rng.randrange(0, 24), rng.randrange(10**9))
        if not game.terminal_test(state):
            positions.append(state)
    return positions


@pytest.mark.parametrize("evaluate", [True, False], ids=["window", "win-loss"])
def test_depth_limited_values_equal_textbook_alphabeta(evaluate):
    game = ConnectFour()
    eval_fn = eval_for(game) if evaluate else None
    for index, state in enumerate(random_positions(game, 30, seed=1 if evaluate else 2)):
        for depth in range(1, 6 if index < 8 else 5):
            expected, _ = alphabeta_cutoff_search(state, game, depth, eval_fn, with_value=True)
            value, move = fast_cutoff_search(state, game, depth, evaluate=evaluate, with_value=True)
            assert value == expected, (state, depth)
            child_value = (
                alphabeta_cutoff_search(
                    game.result(state, move), game, depth - 1, eval_fn, with_value=True
                )[0]
                if depth > 1 and not game.terminal_test(game.result(state, move))
                else None
            )
            if child_value is not None and abs(value) < WIN // 2:
                assert -child_value == value  # the move chosen is worth the value it claims


@pytest.mark.parametrize("game", [ConnectFour(4, 4, 3), ConnectFour(3, 5, 3)], ids=repr)
def test_small_board_values_equal_textbook_alphabeta_to_the_end(game):
    value, _ = alphabeta_search(game.initial, game, with_value=True)
    assert fast_solve(game.initial, game).value == value
    cells = game.h * game.v
    scored, _ = alphabeta_cutoff_search(game.initial, game, cells, with_value=True)
    assert fast_cutoff_search(game.initial, game, cells, evaluate=False, with_value=True)[0] == (
        scored
    )
    for state in random_positions(game, 40, seed=3):
        exact, _ = alphabeta_search(state, game, with_value=True)
        solution = fast_solve(state, game)
        assert solution.value == exact
        # sooner wins score higher in depth-limited search: WIN - |value| is the distance
        scored, _ = alphabeta_cutoff_search(state, game, cells, with_value=True)
        empty = state.cells.count(".")
        assert solution.plies == (WIN - abs(scored) if scored else empty)


def published(name: str, count: int) -> list[tuple[str, int]]:
    lines = (DATA / f"{name}.txt").read_text().split("\n")
    pairs = [line.split() for line in lines if line.strip()]
    return [(moves, int(score)) for moves, score in pairs[:count]]


@pytest.mark.parametrize(("name", "count"), [("Test_L3_R1", 50), ("Test_L2_R1", 20)])
def test_solve_gives_the_published_scores(name, count):
    for moves, score in published(name, count):
        position = Position.from_moves(moves)
        assert solve(position).score == score, moves
        mirrored = "".join(str(8 - int(c)) for c in moves)
        assert solve(Position.from_moves(mirrored)).score == score


def test_the_distance_to_the_end_follows_from_the_score():
    for moves, score in published("Test_L3_R1", 20):
        solution = solve(Position.from_moves(moves))
        stones = len(moves)
        if score == 0:
            assert solution.plies == 42 - stones
        else:  # the winner's stones at the end: 22 - |score|, with the winner's parity
            winner_first = (stones % 2 == 0) == (score > 0)
            winner_stones = 22 - abs(score)
            end = 2 * winner_stones - 1 if winner_first else 2 * winner_stones
            assert solution.plies == end - stones


def test_best_moves_are_the_moves_that_keep_the_value():
    game = ConnectFour(4, 4, 3)
    for state in random_positions(game, 15, seed=4):
        columns = [m[1] for m in game.actions(state)]
        values = {}
        for move in game.actions(state):
            child = game.result(state, move)
            values[move[1]] = (
                -alphabeta_cutoff_search(child, game, 16, with_value=True)[0]
                if (not game.terminal_test(child))
                else WIN * abs(child.utility) - (1 if child.utility else 0)
            )
        solution, keep = best_moves(Position.from_state(game, state))
        best = max(values[c] for c in columns)
        assert keep == [c for c in columns if values[c] == best]
        assert solution.value == (best > 0) - (best < 0)


def test_iterative_deepening_stops_in_time_and_still_returns_a_legal_move():
    game = ConnectFour()
    state = random_positions(game, 1, seed=5)[0]
    position = Position.from_state(game, state)
    quick = search(position, time_limit=1e-6)
    assert quick.move in game.actions(state)
    assert not quick.complete
    full = search(position, 4)
    limited = search(position, 4, time_limit=1000.0)
    assert (limited.value, limited.depth, limited.complete) == (full.value, 4, True)


def test_a_forced_win_is_found_and_played():
    game = ConnectFour()
    state = game.initial
    for col in (4, 1, 4, 1, 4):  # X threatens four in column 4; O must block
        state = game.drop(state, col)
    assert fast_cutoff_search(state, game, 4) == (3, 4)
    blocked = game.drop(state, 1)  # O plays elsewhere: X wins now
    assert fast_cutoff_search(blocked, game, 3, with_value=True) == (WIN - 1, (3, 4))
    assert solve(Position.from_state(game, blocked)).plies == 1


def test_the_player_plays_legal_moves_and_beats_a_shallower_textbook_engine():
    game = ConnectFour()
    fast = fast_connect4_player(time_limit=None, depth=5)
    textbook_eval = eval_for(game)

    def textbook(game, state):
        return alphabeta_cutoff_search(state, game, 2, textbook_eval)

    for first, second, sign in ((fast, textbook, 1), (textbook, fast, -1)):
        state = game.initial
        while not game.terminal_test(state):
            mover = first if state.to_move == "X" else second
            move = mover(game, state)
            assert move in game.actions(state)
            state = game.result(state, move)
        assert sign * game.utility(state, "X") == 1


def test_in_the_endgame_the_player_plays_a_best_move():
    game, player = ConnectFour(), fast_connect4_player(time_limit=5.0)
    checked = 0
    for moves, _ in published("Test_L3_R1", 40):
        if len(moves) < 42 - 12:
            continue
        state = game.initial
        for col in moves:
            state = game.drop(state, int(col))
        _, keep = best_moves(Position.from_moves(moves))
        assert player(game, state)[1] in keep
        checked += 1
    assert checked >= 5


def test_bad_input_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="'8' at index 2"):
        Position.from_moves("448")
    with pytest.raises(ValueError, match="column 1 cannot be played; playable columns"):
        Position.from_moves("1111111")
    with pytest.raises(ValueError, match="after the game is won"):
        Position.from_moves("12121212")
    with pytest.raises(ValueError, match="expected a ConnectFour"):
        from gamekit.games import TicTacToe

        Position.from_state(TicTacToe(), TicTacToe().initial)
    won = Position.from_moves("1212121")
    with pytest.raises(ValueError, match="the game is over"):
        search(won, 3)
    with pytest.raises(ValueError, match="the game is over"):
        solve(won)
    with pytest.raises(ValueError, match="depth must be"):
        search(Position.empty(), 0)
    with pytest.raises(ValueError, match="time_limit"):
        fast_connect4_player(time_limit=None, depth=None)
    game = ConnectFour()
    floating = game.from_rows(["." * 7] * 4 + ["...X..."] + ["......."])
    with pytest.raises(ValueError, match="float"):
        Position.from_state(game, floating)


# --------------------------------------------------------------------------------------------
# The compiled kernel against the pure-Python reference, the opening book and `analyse`
# --------------------------------------------------------------------------------------------

compiled_only = pytest.mark.skipif(
    not kernel.available(), reason=f"compiled solver unavailable: {kernel.unavailable_reason()}"
)


def mirror(moves: str) -> str:
    return "".join(str(8 - int(c)) for c in moves)


@compiled_only
@pytest.mark.parametrize(
    ("name", "count"), [("Test_L3_R1", 30), ("Test_L2_R1", 15), ("Test_L2_R2", 3)]
)
def test_compiled_and_pure_solvers_agree_on_scores_and_node_counts(name, count):
    same_tree = 0
    for moves, score in published(name, count):
        for line in (moves, mirror(moves)):
            position = Position.from_moves(line)
            compiled = solve(position, engine="compiled", book=False)
            pure = solve(position, engine="pure", book=False)
            assert (compiled.engine, pure.engine) == ("compiled", "pure")
            assert compiled.score == pure.score == score, line
            # the same algorithm: the same tree while the compiled table loses no entry (a
            # third position in a bucket of two evicts one: rare on small trees)
            if shared_table(position.shape).evictions == 0:
                assert compiled.nodes == pure.nodes, line
                same_tree += 1
    assert same_tree >= (1 if name == "Test_L2_R2" else 2 * count)  # deterministic hashing


@compiled_only
def test_a_tiny_table_replaces_by_depth_and_still_solves_exactly():
    sh = shape()
    table = Table(sh, MIN_TABLE_BYTES)  # 16 entries: positions collide all the time
    assert (table.entries, table.bytes) == (16, 128)
    evictions = 0
    for moves, score in published("Test_L2_R1", 8):
        position = Position.from_moves(moves)
        table.reset()
        found, nodes = compiled_solve_score(position, table)
        assert found == score
        evictions += table.evictions
        if nodes > 100:
            assert table.used() == table.entries  # full, and never emptied
        memory = table.memory
        live = [
            (memory[i] >> INFO_BITS) & ((1 << table.epoch_bits) - 1) == table.stats[EPOCH]
            for i in range(table.entries)
        ]
        depth = [(int(memory[i]) >> 8) & 63 for i in range(table.entries)]
        for bucket in range(0, table.entries, 2):  # the first entry keeps the deeper position
            if live[bucket] and live[bucket + 1]:
                assert depth[bucket] >= depth[bucket + 1]
            assert live[bucket] or not live[bucket + 1]
    assert evictions > 0
    big = Table(sh, 1 << 20)
    position = Position.from_moves(published("Test_L2_R2", 1)[0][0])
    small_score, small_nodes = compiled_solve_score(position, Table(sh, MIN_TABLE_BYTES))
    big_score, big_nodes = compiled_solve_score(position, big)
    assert small_score == big_score and small_nodes > big_nodes  # lost entries cost nodes


def test_the_pure_solver_runs_when_the_kernel_is_unavailable(monkeypatch):
    position = Position.from_moves(published("Test_L2_R1", 1)[0][0])
    monkeypatch.setattr(kernel, "_kernel", None)
    monkeypatch.setattr(kernel, "_import_error", "numba is not installed (test)")
    solution = solve(position, book=False)
    assert solution.engine == "pure" and solution.score == published("Test_L2_R1", 1)[0][1]
    with pytest.raises(RuntimeError, match="numba is not installed"):
        solve(position, engine="compiled")
    assert analyse(position).engine == "pure"
    monkeypatch.undo()
    monkeypatch.setenv("GAMEKIT_PURE_SOLVER", "1")
    assert solve(position, book=False).engine == "pure"
    with pytest.raises(ValueError, match="engine must be one of"):
        solve(position, engine="fast")  # type: ignore[arg-type]


def test_without_numba_gamekit_imports_and_solves_in_pure_python():
    code = (
        "import sys, gamekit\n"
        "assert 'numba' not in sys.modules  # imported only when a solve needs it\n"
        "sys.modules['numba'] = None\n"
        "from gamekit.connect4_fast import solve\n"
        "s = solve('2252576253462244111563365343671351441')\n"
        "print(s.engine, s.score)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["pure", "-1"]
    assert out.stderr == ""


@pytest.mark.parametrize("engine", ["auto", "pure"])
def test_analyse_gives_every_column_the_score_of_solving_it(engine):
    lines = [moves for moves, _ in published("Test_L2_R1", 4) + published("Test_L2_R2", 2)]
    for moves in lines[: 2 if engine == "pure" else None]:
        position = Position.from_moves(moves)
        result = analyse(moves, engine=engine)
        assert result.complete and result.stopped is None
        legal = [c for c in range(1, 8) if position.can_play(c)]
        assert [c.column for c in result.columns] == legal
        for value in result.columns:
            assert value.score == child_score(position, value.column, book=False), (moves, value)
        best = max(c.low for c in result.columns)
        assert result.best() == [c.column for c in result.columns if c.low == best]
        assert solve(position, book=False).score == best


def test_a_tiny_budget_or_a_stop_gives_sound_bounds():
    moves = published("Test_L2_R2", 2)[1][0]
    position = Position.from_moves(moves)
    exact = {c: child_score(position, c) for c in range(1, 8) if position.can_play(c)}
    seen = []
    stopped = analyse(moves, stop=lambda: len(seen) >= 3, progress=seen.append)
    assert stopped.stopped == "stop" and not stopped.complete
    timed = analyse(moves, seconds=0.05)
    for result in [stopped, timed, *seen]:
        for value in result.columns:
            assert value.low <= exact[value.column] <= value.high, value
    assert seen[0].nodes == 0 and seen[-1].nodes > 0


def test_the_words_say_what_is_proven():
    # X (to move, 4 stones on the board) wins with its 4th stone, 3 more of X's moves away
    win = ColumnValue(5, 18, 18, 4)
    assert win.words() == "win in 2 of your moves"
    assert ColumnValue(1, -5, -5, 4).words() == "loss in 15 of their moves"
    assert ColumnValue(1, 0, 0, 4).words() == "draw"
    assert ColumnValue(1, 0, 5, 4).words() == "at least a draw"
    assert ColumnValue(1, -5, 0, 4).words() == "at most a draw"
    assert ColumnValue(1, 18, 19, 4).words().startswith("at least a win (in 2 of your moves")
    assert ColumnValue(1, -9, -5, 4).words().startswith("at most a loss (in 15 of their moves")
    assert ColumnValue(1, -9, 5, 4).words() == "not known yet"
    with pytest.raises(ValueError, match="'8' at index 2"):
        analyse("448")
    with pytest.raises(ValueError, match="move 7 of '1111111': column 1 cannot be played"):
        analyse("1111111")
    with pytest.raises(ValueError, match="the game is over"):
        analyse("1212121")


def test_the_opening_book_answers_the_empty_board_and_agrees_with_its_children():
    scores = book.load()
    if not scores:
        pytest.skip("no opening book in the package")
    empty = analyse("")
    assert empty.complete and empty.nodes == 0
    # published facts: the first player wins by the centre column, with the 21st stone
    assert [c.score for c in empty.columns] == [-2, -1, 0, 1, 0, -1, -2]
    assert solve("").score == 1 and solve("").engine == "book"
    # the book is negamax-consistent: each entry is the best of its children's entries
    for line in book.book_lines():
        position = Position.from_moves(line.moves)
        if line.ply < book.book_depth():
            children = [child_score(position, c) for c in range(1, 8) if position.can_play(c)]
            assert max(children) == line.score, line
        assert book.book_score(Position.from_moves(mirror(line.moves))) == line.score


def test_a_sample_of_deep_book_entries_agrees_with_the_solver():
    lines = [line for line in book.book_lines() if line.ply == book.book_depth()]
    if not lines or book.book_depth() < 4:
        pytest.skip("the book's deepest entries take minutes each to solve")
    for line in random.Random(7).sample(lines, 3):
        assert solve(line.moves, book=False).score == line.score


def test_threads_solve_and_analyse_side_by_side():
    pairs = published("Test_L2_R1", 12) + published("Test_L2_R2", 4)
    wrong: list[str] = []

    def solve_all(part):
        wrong.extend(moves for moves, score in part if solve(moves, book=False).score != score)

    threads = [threading.Thread(target=solve_all, args=(pairs[i::2],)) for i in range(2)]
    stop = threading.Event()
    results = []
    background = threading.Thread(
        target=lambda: results.append(analyse("4453", stop=stop.is_set, book=False))
    )
    for thread in [*threads, background]:
        thread.start()
    for thread in threads:
        thread.join()
    stop.set()  # the Stop button
    background.join(timeout=30)
    assert not background.is_alive() and wrong == []
    assert results[0].stopped in ("stop", None)


def test_a_malformed_book_line_is_named(tmp_path):
    path = tmp_path / "book_depth1.txt"
    path.write_text("# header\n 1\n4 -1\n48 0\n")
    with pytest.raises(ValueError, match=r"book_depth1.txt, line 4: '48 0': move '8'"):
        book.read_lines(path)
    path.write_text("# header\n 1\n4 -1\n3 0\n")
    lines = book.read_lines(path)
    assert [(line.moves, line.score, line.ply) for line in lines] == [
        ("", 1, 0),
        ("4", -1, 1),
        ("3", 0, 1),
    ]
    scores = book.read_book(path)
    assert scores[book.canonical_key(Position.from_moves("5"))] == 0  # the mirror of "3"


@compiled_only
def test_the_kernel_compiles_in_memory_where_no_cache_folder_is_writable(monkeypatch):
    from gamekit.connect4_fast import compiled

    real = compiled.numba.njit

    def no_cache(*args, **options):
        if options.get("cache"):  # what numba raises when no cache locator is writable
            raise RuntimeError("cannot cache function 'f': no locator available for file 'f.py'")
        return real(*args, **options)

    monkeypatch.setattr(compiled.numba, "njit", no_cache)

    def add_one(x: int) -> int:
        return x + 1

    assert compiled._jit(add_one)(41) == 42
