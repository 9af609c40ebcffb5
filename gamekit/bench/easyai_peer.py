"""easyAI as a peer: its Negamax, without and with its transposition table, on W2-W4, and its
own solver with its transposition table on the published sets (W5), over a k-in-a-row board
written in easyAI's protocol."""

from __future__ import annotations

import functools
import statistics
import time
from typing import Any

from gamekit.bench.measuring import Entry
from gamekit.bench.peers import _cells_to_state
from gamekit.bench.published_sets import SetResult
from gamekit.bench.workloads import DATA, SETS, W2, W4, w3_description
from gamekit.games import ConnectFour
from gamekit.heuristics import eval_for
from gamekit.search import WIN


@functools.cache
def easy_board_class() -> type:
    """The k-in-a-row board in easyAI's protocol (easyAI is imported only when a bench asks)."""
    from easyAI import TwoPlayerGame

    class EasyBoard(TwoPlayerGame):
        """k-in-a-row with optional gravity in easyAI's protocol: a list of cells, row by row
        from the top, moves are cell indices in gamekit's order, make and unmake."""

        def __init__(self, h: int, v: int, k: int, gravity: bool) -> None:
            self.players = [None, None]
            self.h, self.v, self.k, self.gravity = h, v, k, gravity
            self.board = ["."] * (h * v)
            self.current_player = 1
            self.history: list[int] = []
            self.made = 0
            self.lines = {
                i: [
                    [
                        (r + s * n * dr) * v + c + s * n * dc
                        for n in range(1, k)
                        if 0 <= r + s * n * dr < h and 0 <= c + s * n * dc < v
                    ]
                    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))
                    for s in (1, -1)
                ]
                for i in range(h * v)
                for r, c in [divmod(i, v)]
            }

        def possible_moves(self) -> list[int]:
            if self.gravity:
                moves = []
                for col in range(self.v):
                    column = self.board[col :: self.v]
                    lowest = max((r for r, cell in enumerate(column) if cell == "."), default=-1)
                    if lowest >= 0:
                        moves.append(lowest * self.v + col)
                return moves
            return [i for i, cell in enumerate(self.board) if cell == "."]

        def make_move(self, move: int) -> None:
            self.made += 1
            self.board[move] = "XO"[self.current_player - 1]
            self.history.append(move)

        def unmake_move(self, move: int) -> None:
            self.board[move] = "."
            self.history.pop()

        def lose(self) -> bool:  # the opponent's last move made k in a row
            if not self.history:
                return False
            last = self.history[-1]
            mark = self.board[last]
            lines = self.lines[last]
            for forward, backward in zip(lines[::2], lines[1::2], strict=True):
                run = 1
                for cells in (forward, backward):
                    for i in cells:
                        if self.board[i] != mark:
                            break
                        run += 1
                if run >= self.k:
                    return True
            return False

        def is_over(self) -> bool:
            return self.lose() or "." not in self.board

        def ttentry(self) -> str:
            return "".join(self.board)

        def scoring(self) -> float:  # for easyAI's solvers: the mover has lost, or not yet
            return -100 if self.lose() else 0

    return EasyBoard


def easyai_board_after(moves: str) -> Any:
    """A 7 x 6 Connect Four board in easyAI's protocol after ``moves`` (columns, 1-based)."""
    board = easy_board_class()(6, 7, 4, True)
    for column in moves:
        move = next(m for m in board.possible_moves() if m % 7 == int(column) - 1)
        board.make_move(move)
        board.switch_player()
    board.made = 0
    return board


def easyai_solve_set(name: str, limit: int | None) -> SetResult:
    """easyAI's own solver, ``solve_with_depth_first_search`` with its `TranspositionTable`
    (a fresh table per position), on the first ``limit`` positions of a published set: a weak
    solver (win, draw or loss for the mover), so a position counts as right when the sign of
    its published score is found. Nodes: positions easyAI plays on the board (``make_move``)
    plus the root. CPU seconds per position, the board built before the clock starts."""
    from easyAI import TranspositionTable
    from easyAI.AI.solving import solve_with_depth_first_search

    lines = (DATA / f"{name}.txt").read_text().split("\n")
    pairs = [line.split() for line in lines if line.strip()][:limit]
    times, correct, nodes = [], 0, 0
    for moves, score in pairs:
        board = easyai_board_after(moves)
        table = TranspositionTable()
        start = time.process_time()
        outcome = solve_with_depth_first_search(board, 100, tt=table)
        times.append(time.process_time() - start)
        published = int(score)
        correct += outcome == (published > 0) - (published < 0)
        nodes += board.made + 1
    return SetResult(
        name,
        SETS[name],
        len(pairs),
        correct,
        statistics.fmean(times),
        max(times),
        nodes / len(pairs),
        EASYAI_SOLVER,
    )


EASYAI_SOLVER = "easyAI solver+TT"


def easyai_entries(quick: bool) -> list[Entry]:
    from easyAI import Negamax, TranspositionTable

    EasyBoard = easy_board_class()

    def make_entry(workload, description, make, depth, scoring, table: bool) -> Entry:
        label = "easyAI Negamax" + (" + table" if table else "")

        def call() -> Any:
            board = make()
            ai = Negamax(depth, scoring, tt=TranspositionTable() if table else None)
            ai(board)
            count.made = board.made  # type: ignore[attr-defined]
            return ai.alpha

        def count() -> tuple[Any, int]:
            value = call()
            return value, count.made + 1  # type: ignore[attr-defined]

        return Entry(workload, description, label, call, count, comparable=False)

    def win_loss(board: EasyBoard) -> float:
        return -1 if board.lose() else 0

    window = eval_for(ConnectFour())

    def window_scoring(board: EasyBoard) -> float:
        if board.lose():
            return -WIN
        mover = "XO"[board.current_player - 1]
        return window(_cells_to_state("".join(board.board), 6, 7), mover)

    entries = []
    for table in (False, True):
        entries.append(make_entry("W2", W2, lambda: EasyBoard(3, 3, 3, False), 9, win_loss, table))
        for depth in (4, 6) if quick else (4, 6, 8):
            for evaluate in (False, True):
                scoring = window_scoring if evaluate else win_loss
                entries.append(
                    make_entry(
                        "W3",
                        w3_description(depth, evaluate),
                        lambda: EasyBoard(6, 7, 4, True),
                        depth,
                        scoring,
                        table,
                    )
                )
        entries.append(make_entry("W4", W4, lambda: EasyBoard(4, 4, 3, True), 16, win_loss, table))
    return entries
