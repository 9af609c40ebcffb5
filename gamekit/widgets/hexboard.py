"""Hex on a board: a rhombus of hexagons, the players' edges coloured, cells named ``c5``.

X (first) joins the top and bottom edges, O the left and right ones (`gamekit.hex`). A click on
an empty hexagon plays there; with the board focused, type a cell name (``c5``) then Enter.

>>> adapter = HexAdapter(size=3)
>>> state = adapter.game.replay(["a1", "b2", "a2", "c1", "a3"])
>>> state.winner, winning_path(state)
('X', [(1, 1), (2, 1), (3, 1)])
"""

from __future__ import annotations

import math
from collections import deque
from typing import Any

from gamekit.draw import LAST_MOVE_COLOUR
from gamekit.games import IllegalMoveError
from gamekit.hex import SWAP, Hex, HexState, cell_name, column_letters, neighbours
from gamekit.hex_heuristics import better_connected, connected, shortest_path
from gamekit.i18n import _
from gamekit.search import EvalFn

from .adapters import (
    PLAYER_COLOURS,
    PLAYER_INK,
    BoardAdapter,
    View,
    el,
    hint_label,
    parse_action,
    refuse_unless_playing,
    svg,
    text,
)
from .engines import no_evaluation

SQRT3 = math.sqrt(3)


def winning_path(state: HexState) -> list[tuple[int, int]]:
    """The winner's shortest chain of stones from one of their edges to the other (BFS)."""
    if state.winner is None:
        return []
    n, mark = state.size, state.winner
    board = state.board
    starts = [
        cell
        for cell in ((1, c) if mark == "X" else (c, 1) for c in range(1, n + 1))
        if board.get(cell) == mark
    ]
    came_from: dict[tuple[int, int], tuple[int, int] | None] = dict.fromkeys(starts)
    queue = deque(starts)
    while queue:
        cell = queue.popleft()
        if (cell[0] if mark == "X" else cell[1]) == n:
            path = []
            step: tuple[int, int] | None = cell
            while step is not None:
                path.append(step)
                step = came_from[step]
            return path[::-1]
        for near in neighbours(cell, n):
            if board.get(near) == mark and near not in came_from:
                came_from[near] = cell
                queue.append(near)
    return []


class HexAdapter(BoardAdapter):
    """Hex of any size; the engines search with `gamekit.hex_heuristics`' evaluations."""

    name = "hex"
    radius = 20.0
    default_depth = 2
    max_depth = 6

    @property
    def typing_help(self) -> str:  # type: ignore[override]
        return _("type a cell name (c5) then Enter")

    @property
    def title(self) -> str:  # type: ignore[override]
        return _("Hex, {size} x {size}").format(size=self.size)

    def __init__(self, size: int = 7, *, swap: bool = False, game: Hex | None = None):
        self.game = game if game is not None else Hex(size=size, swap=swap)
        self.size = self.game.size
        self.default_seconds = 3.0

    def evaluations(self) -> dict[str, EvalFn]:
        return {
            "shortest path": shortest_path,
            "better connected": better_connected,
            "connected": connected,
            "none": no_evaluation,
        }

    def describe_move(self, move: Any) -> str:
        return "swap" if move == SWAP else cell_name(move)

    def hint_target(self, move: Any) -> str:
        return "swap" if move == SWAP else f"cell:{move[0]}:{move[1]}"

    def marks(self, state: HexState) -> dict[str, str]:
        return {f"{r}-{c}": state.board.get((r, c), "") for r, c in self.game.all_cells}

    def click(self, state: HexState, action: str, pending: Any) -> tuple[Any, Any]:
        refuse_unless_playing(self.game, state)
        row, col = parse_action(action, "cell", 2)
        mark = state.board.get((row, col))
        if mark is not None:
            raise IllegalMoveError(
                _("cell {cell} is taken by {mark}").format(cell=cell_name((row, col)), mark=mark)
            )
        return (row, col), None

    def parse_move(self, state: HexState, typed: str) -> Any:
        try:
            move = self.game.parse_move(typed)
        except ValueError as error:
            raise IllegalMoveError(str(error)) from None
        if move == SWAP:
            return move
        return self.click(state, f"cell:{move[0]}:{move[1]}", None)[0]

    def _centre(self, row: int, col: int) -> tuple[float, float]:
        w = SQRT3 * self.radius
        return 34 + (col - 0.5) * w + (row - 1) * w / 2, 40 + (row - 1) * 1.5 * self.radius

    def _corner(self, cx: float, cy: float, i: int, r: float | None = None) -> tuple[float, float]:
        """Corner ``i`` of a pointy-top hexagon: at 30 + 60 i degrees (y grows downwards)."""
        r = self.radius if r is None else r
        angle = math.radians(30 + 60 * i)
        return cx + r * math.cos(angle), cy + r * math.sin(angle)

    def _disc(self, cx: float, cy: float, mark: str, *, on_path: bool) -> str:
        """A stone with its letter; a stone of the winning path has a gold ring."""
        r = self.radius
        return el(
            "circle",
            cx=cx,
            cy=cy,
            r=r * 0.68,
            fill=PLAYER_COLOURS[mark],
            stroke="#ffd54f" if on_path else "#222",
            stroke_width=4 if on_path else 1,
        ) + text(cx, cy, mark, font_size=r * 0.7, font_weight="bold", fill=PLAYER_INK[mark])

    def _sides(self, row: int, col: int, corners: list[tuple[int, int]]) -> str:
        cx, cy = self._centre(row, col)
        return "".join(
            "M{:.1f},{:.1f}L{:.1f},{:.1f}".format(
                *self._corner(cx, cy, a, self.radius + 2), *self._corner(cx, cy, b, self.radius + 2)
            )
            for a, b in corners
        )

    def draw(self, state: HexState, view: View) -> str:
        n, r = self.size, self.radius
        w = SQRT3 * r
        width = 34 + n * w + (n - 1) * w / 2 + 24
        height = 40 + (n - 1) * 1.5 * r + r + 24 + 44
        path = winning_path(state)
        on_path = set(path)
        parts = []
        # The players' edges: X top and bottom, O left and right (corners 4-5-0: top right...).
        top = "".join(self._sides(1, c, [(3, 4), (4, 5)]) for c in range(1, n + 1))
        bottom = "".join(self._sides(n, c, [(0, 1), (1, 2)]) for c in range(1, n + 1))
        left = "".join(self._sides(row, 1, [(1, 2), (2, 3)]) for row in range(1, n + 1))
        right = "".join(self._sides(row, n, [(4, 5), (5, 0)]) for row in range(1, n + 1))
        for d, player, label in (
            (top + bottom, "X", "top and bottom"),
            (left + right, "O", "left and right"),
        ):
            parts.append(
                el(
                    "path",
                    d=d,
                    stroke=PLAYER_COLOURS[player],
                    stroke_width=6,
                    stroke_linecap="round",
                    fill="none",
                    class_=f"gk-edge gk-edge-{player}",
                    aria_label=f"{player}'s edges: {label}",
                )
            )
        for c in range(1, n + 1):
            x, y = self._centre(1, c)
            parts.append(text(x, y - r - 14, column_letters(c), font_size=12, fill="#555"))
        for row in range(1, n + 1):
            x, y = self._centre(row, 1)
            parts.append(text(x - w / 2 - 14, y, str(row), font_size=12, fill="#555"))
        for row, col in self.game.all_cells:
            cx, cy = self._centre(row, col)
            mark = state.board.get((row, col), "")
            last = state.last_move == (row, col)
            corners = " ".join("{:.1f},{:.1f}".format(*self._corner(cx, cy, i)) for i in range(6))
            inside = el(
                "polygon",
                points=corners,
                fill=LAST_MOVE_COLOUR if last else "#f3efe6",
                stroke="#6b6b6b",
                stroke_width=1.2,
                class_="gk-hexagon",
            )
            inside += hint_label(view.hints.get(f"cell:{row}:{col}"), cx, cy, r * 1.3)
            if mark:
                inside += self._disc(cx, cy, mark, on_path=(row, col) in on_path)
            name = cell_name((row, col))
            words = f"{name}: {mark if mark else 'empty'}" + (", last move" if last else "")
            parts.append(
                el(
                    "g",
                    inside,
                    class_=f"gk-cell gk-cell-{row}-{col}" + (" gk-last" if last else ""),
                    data_cell=f"{row}-{col}",
                    data_mark=mark,
                    data_name=name,
                    data_action=f"cell:{row}:{col}",
                    role="button",
                    tabindex=0,
                    aria_label=words,
                )
            )
        if path:
            points = " ".join("{:.1f},{:.1f}".format(*self._centre(*cell)) for cell in path)
            parts.append(
                el(
                    "polyline",
                    points=points,
                    fill="none",
                    stroke="#ffd54f",
                    stroke_width=5,
                    stroke_linecap="round",
                    stroke_linejoin="round",
                    stroke_opacity=0.9,
                    class_="gk-win",
                    data_cells=" ".join(f"{a}-{b}" for a, b in path),
                    pointer_events="none",
                )
            )
            # The path runs under its stones: each one again on top, so its letter shows.
            for cell in path:
                parts.append(
                    el(
                        "g",
                        self._disc(*self._centre(*cell), state.board[cell], on_path=True),
                        class_="gk-win-stone",
                        aria_hidden="true",
                        pointer_events="none",
                    )
                )
        symbols = {p: el("circle", r=8, fill=PLAYER_COLOURS[p], stroke="#222") for p in "XO"}
        joins = {"X": _("{who}, joins top-bottom"), "O": _("{who}, joins left-right")}
        sides = {p: joins[p].format(who=who) for p, who in view.sides.items()}
        parts.append(self.legend(16, height - 38, sides, symbols, stacked=True))
        return svg(width, height, "".join(parts), self.title)
