"""Step through alpha-beta on a game tree or a small game position, one event at a time.

>>> from gamekit.gametree import first_tree
>>> stepper = AlphaBetaStepper(first_tree())
>>> stepper.current_label.value, stepper.count_label.value
('A', 'step 1 / 29')
>>> stepper.next_button.click()
>>> stepper.current_label.value, stepper.window_label.value
('B', 'alpha = -∞, beta = +∞')

It works on any two-player game from a given position, for example tic-tac-toe with a few
empty cells; nodes are then named by the moves that lead to them from the root:

>>> from gamekit.games import TicTacToe
>>> game = TicTacToe()
>>> state = game.initial
>>> for move in [(1, 1), (2, 2), (1, 2), (1, 3), (3, 1), (2, 1)]:
...     state = game.result(state, move)
>>> stepper = AlphaBetaStepper(game, state)
>>> stepper.next_button.click()
>>> stepper.current_label.value
'(2,3)'

Each step comes from `gamekit.explain.alphabeta_steps`, so the widget shows exactly what
``alphabeta_search`` does. The picture is SVG (``stepper.svg()``), drawn in the page's own
pixels, so it stays sharp at any size. The widgets carry stable CSS classes (``gk-stepper``,
``gk-step-next``, ``gk-step-prev``, ``gk-step-reset``, ``gk-step-current``, ``gk-step-window``,
``gk-step-pruned``, ``gk-step-status``, ``gk-step-count``, ``gk-step-picture``) for browser tests
and styling; in the SVG, every node is a ``<g>`` with ``data-node`` (its name) and the current
one also has ``data-current="true"``.
"""

from __future__ import annotations

import dataclasses
import html
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from gamekit.draw.colours import (
    EDGE_COLOUR,
    HIGHLIGHT_COLOUR,
    LEAF_COLOUR,
    MAX_COLOUR,
    MIN_COLOUR,
    PLAYER_COLOURS,
    PROVISIONAL_COLOUR,
    PRUNED_COLOUR,
    VALUE_COLOUR,
)
from gamekit.explain import Step, alphabeta_steps, format_value
from gamekit.games import Game
from gamekit.gametree import MAX, GameTree

Path = tuple[Any, ...]  # the moves from the root to a node: a node's identity in the picture


@dataclass(frozen=True)
class Snapshot:
    """What the search knows after a step: what the picture shows."""

    visited: tuple[Any, ...]
    values: dict[Any, float]  # inner nodes: best value so far (final once returned)
    intervals: dict[Any, tuple[float, float]]  # inner nodes: latest window
    pruned: tuple[tuple[Any, Any], ...]  # (node, edge) in the order they were pruned
    open: tuple[Any, ...]  # inner nodes entered and not yet returned, root first


def step_paths(steps: list[Step]) -> list[Path]:
    """The path (moves from the root) of each step's node.

    In a game, one position can be reached along two paths (a transposition); the picture
    draws it twice, so it names nodes by their path, not by their position.
    """
    paths: list[Path] = []
    stack: list[Path] = []
    for step in steps:
        if step.enters:
            path = stack[-1] + (step.edge,) if stack else ()
            if step.kind == "enter":
                stack.append(path)
        elif step.kind == "return":
            path = stack.pop()
        else:
            path = stack[-1]
        paths.append(path)
    return paths


def snapshot(steps: list[Step], position: int, *, by_path: bool = False) -> Snapshot:
    """Replay ``steps[0..position]`` (inclusive) into a `Snapshot`, keyed by node (default) or,
    with ``by_path``, by the path from the root (see `step_paths`)."""
    keys = step_paths(steps) if by_path else [step.node for step in steps]
    visited: list[Any] = []
    values: dict[Any, float] = {}
    intervals: dict[Any, tuple[float, float]] = {}
    pruned: list[tuple[Any, Any]] = []
    still_open: list[Any] = []
    for step, key in zip(steps[: position + 1], keys, strict=False):
        if step.enters:
            visited.append(key)
        if step.kind == "leaf":
            continue
        if step.kind == "enter":
            still_open.append(key)
        if step.kind == "return":
            still_open.pop()
        intervals[key] = (step.alpha, step.beta)
        if step.value is not None:
            values[key] = step.value
        if step.kind == "prune":
            pruned.extend((key, edge) for edge in step.pruned)
    return Snapshot(tuple(visited), values, intervals, tuple(pruned), tuple(still_open))


def move_name(move: Any) -> str:
    """A move as the picture writes it: ``(1,3)`` for a cell, ``str(move)`` otherwise."""
    if isinstance(move, tuple):
        return "(" + ",".join(str(part) for part in move) + ")"
    return str(move)


def _labelled(caption: str, value: widgets.Widget) -> widgets.HBox:
    return widgets.HBox([widgets.HTML(f"<b>{caption}</b>&nbsp;"), value])


class AlphaBetaStepper(widgets.VBox):
    """Previous / Next / Reset through alpha-beta on ``game`` from ``state`` (default: the
    game's initial state, e.g. a `GameTree`'s root), with the picture redrawn at every step:
    the current node highlighted (a yellow halo and a black outline), windows ``[alpha, beta]``
    under the inner nodes, values (grey italics while a node is still being searched, bold once
    it has returned), pruned edges dashed as they are pruned, nodes not reached yet faded, and a
    sentence saying what happened.

    ``stepper.go(i)`` jumps to step ``i`` (0-based); ``stepper.position`` is the current one.

    Raises:
        ValueError: if the search visits more than ``max_nodes`` nodes (the picture would be
            too big to read: start from a position with fewer empty cells).
    """

    def __init__(
        self, game: Game, state: Any = None, *, max_nodes: int = 200, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.tree = game  # older name, kept for notebooks that read it
        self.state = game.initial if state is None else state
        self.steps: list[Step] = alphabeta_steps(self.state, game)
        self.paths = step_paths(self.steps)
        reached = sum(step.enters for step in self.steps)
        if reached > max_nodes:
            raise ValueError(
                f"alpha-beta visits {reached} nodes from this position, more than "
                f"max_nodes={max_nodes} can be drawn readably; start from a position with "
                "fewer moves left (or raise max_nodes)"
            )
        self.position = 0
        self._layout = _TreeLayout(game, self.steps, self.paths)
        self._svgs: dict[int, str] = {}

        self.prev_button = widgets.Button(description="Previous", icon="step-backward")
        self.next_button = widgets.Button(description="Next", icon="step-forward")
        self.reset_button = widgets.Button(description="Reset", icon="undo")
        self.prev_button.add_class("gk-step-prev")
        self.next_button.add_class("gk-step-next")
        self.reset_button.add_class("gk-step-reset")
        self.prev_button.on_click(lambda _: self.prev())
        self.next_button.on_click(lambda _: self.next())
        self.reset_button.on_click(lambda _: self.reset())

        self.count_label = widgets.Label()
        self.current_label = widgets.Label()
        self.window_label = widgets.Label()
        self.pruned_label = widgets.Label()
        self.status_label = widgets.Label()
        for label, css in [
            (self.count_label, "gk-step-count"),
            (self.current_label, "gk-step-current"),
            (self.window_label, "gk-step-window"),
            (self.pruned_label, "gk-step-pruned"),
            (self.status_label, "gk-step-status"),
        ]:
            label.add_class(css)
        self.picture = widgets.HTML(layout=widgets.Layout(max_width="100%", overflow="auto"))
        self.picture.add_class("gk-step-picture")

        self.children = [
            widgets.HBox([self.prev_button, self.next_button, self.reset_button, self.count_label]),
            self.status_label,
            widgets.HBox(
                [
                    _labelled("node:", self.current_label),
                    _labelled("&nbsp;&nbsp;window:", self.window_label),
                ]
            ),
            _labelled("pruned so far:", self.pruned_label),
            self.picture,
        ]
        self.add_class("gk-stepper")
        self._show()

    # Moving ----------------------------------------------------------------------------------

    def go(self, position: int) -> None:
        """Show step ``position`` (0-based, clamped to the first and last step)."""
        self.position = max(0, min(position, len(self.steps) - 1))
        self._show()

    def next(self) -> None:
        """One step forward."""
        self.go(self.position + 1)

    def prev(self) -> None:
        """One step back."""
        self.go(self.position - 1)

    def reset(self) -> None:
        """Back to the first step (entering the root)."""
        self.go(0)

    # Showing ---------------------------------------------------------------------------------

    @property
    def step(self) -> Step:
        """The step shown now."""
        return self.steps[self.position]

    def name(self, path: Path) -> str:
        """How the widget names the node at ``path``: its own name in a `GameTree`, else the
        moves from the root (``'root'`` for the root)."""
        return self._layout.name(path)

    def described(self, position: int | None = None) -> str:
        """Step ``position`` (default: the current one) in words, nodes named by `name`."""
        position = self.position if position is None else position
        step, path = self.steps[position], self.paths[position]
        if isinstance(self.game, GameTree):
            return step.describe()
        node_path = path if step.kind in ("enter", "leaf", "return") else path
        parent = self.name(node_path[:-1]) if node_path else None
        named = dataclasses.replace(
            step,
            node=self.name(node_path),
            parent=parent,
            edge=None if step.edge is None else move_name(step.edge),
            pruned=tuple(move_name(move) for move in step.pruned),
            best=None if step.best is None else move_name(step.best),
        )
        return named.describe()

    def svg(self, position: int | None = None) -> str:
        """The picture at step ``position`` (default: the current one), as SVG text."""
        position = self.position if position is None else position
        if position not in self._svgs:
            self._svgs[position] = self._layout.svg(
                snapshot(self.steps, position, by_path=True), self.paths[position]
            )
        return self._svgs[position]

    def _show(self) -> None:
        step, last = self.step, len(self.steps) - 1
        state = snapshot(self.steps, self.position, by_path=True)
        self.current_label.value = self.name(self.paths[self.position])
        self.window_label.value = step.window()
        self.pruned_label.value = ", ".join(
            f"{self.name(path)}-{move_name(edge)}" for path, edge in state.pruned
        )
        self.status_label.value = self.described()
        self.prev_button.disabled = self.position == 0
        self.reset_button.disabled = self.position == 0
        self.next_button.disabled = self.position == last
        self.picture.value = self.svg()
        # The count last: a page that sees it change has already received everything else.
        self.count_label.value = f"step {self.position + 1} / {len(self.steps)}"


# Drawing ----------------------------------------------------------------------------------------

CELL = 10  # px, one cell of a board drawn as a node
LEVEL = 100  # px between the tops of two levels
FONT = 12  # px, values and names
SMALL = 11  # px, windows and edge labels


class _TreeLayout:
    """Where every node of the whole search goes, computed once so that the picture does not
    move between steps; `svg` draws one step's `Snapshot` on it."""

    def __init__(self, game: Game, steps: list[Step], paths: list[Path]) -> None:
        self.game = game
        self.explicit = isinstance(game, GameTree)
        self.nodes: dict[Path, Step] = {}  # every node reached: its enter or leaf step
        self.children: dict[Path, list[Path]] = {}
        for step, path in zip(steps, paths, strict=True):
            if step.enters:
                self.nodes[path] = step
                self.children.setdefault(path, [])
                if path:
                    self.children[path[:-1]].append(path)
            if step.kind == "prune":  # pruned edges get a stub of their own
                for move in step.pruned:
                    self.children[path].append(path + (move,))
        self.pruned_stubs = {p for kids in self.children.values() for p in kids} - set(self.nodes)
        sample = steps[0].node
        self.board = hasattr(sample, "rows") and not self.explicit
        rows = sample.rows() if self.board else []
        self.node_w = CELL * len(rows[0]) if self.board else 22
        self.node_h = CELL * len(rows) if self.board else 20
        self.slot = max(self.node_w + 22, 50)
        self.x: dict[Path, float] = {}
        self._next_slot = 0.0
        self._place(())
        self.width = int(self._next_slot * self.slot + 40)
        depth = max(len(path) for path in self.x)
        self.height = int(depth * LEVEL + self.node_h + 60)

    def _place(self, path: Path) -> float:
        kids = self.children.get(path, [])
        if not kids:
            x = (self._next_slot + 0.5) * self.slot + 20
            self._next_slot += (0.9 if self.board else 0.6) if path in self.pruned_stubs else 1
        else:
            xs = [self._place(kid) for kid in kids]
            real = [x for x, kid in zip(xs, kids, strict=True) if kid not in self.pruned_stubs]
            x = (real[0] + real[-1]) / 2
        self.x[path] = x
        return x

    def y(self, path: Path) -> float:
        return 24 + len(path) * LEVEL

    def name(self, path: Path) -> str:
        if self.explicit:
            return str(self.nodes[path].node) if path in self.nodes else move_name(path[-1])
        return "root" if not path else " ".join(move_name(move) for move in path)

    # The picture ------------------------------------------------------------------------------

    def svg(self, state: Snapshot, current: Path) -> str:
        reached = set(state.visited)
        pruned = {path + (edge,) for path, edge in state.pruned}
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" '
            f'height="{self.height}" viewBox="0 0 {self.width} {self.height}" role="img" '
            f'aria-label="alpha-beta search tree" style="max-width:100%;height:auto" '
            f'font-family="sans-serif" font-size="{FONT}">'
        ]
        for path in self.x:  # edges first, under the nodes
            if path:
                parts.append(self._edge(path, path in reached, path in pruned))
        for path in self.x:
            if path in self.nodes:
                parts.append(self._node(path, state, path in reached, path == current))
        parts.append("</svg>")
        return "".join(parts)

    def _edge(self, path: Path, reached: bool, pruned: bool) -> str:
        parent = path[:-1]
        x1, y1 = self.x[parent], self.y(parent) + self.node_h + 35
        x2, y2 = self.x[path], self.y(path) - 4
        stub = path in self.pruned_stubs
        if stub:
            y2 = y1 + (y2 - y1) * 0.55
        colour = PRUNED_COLOUR if pruned else EDGE_COLOUR
        dash = ' stroke-dasharray="5 4"' if pruned else ""
        opacity = 1 if reached or pruned else 0.25
        mx, my = x1 + (x2 - x1) * 0.6, y1 + (y2 - y1) * 0.6
        label = html.escape(move_name(path[-1]))
        # The label on the side away from the edges to its right (later siblings, stubs).
        side, anchor = (1, "start") if x2 > x1 else (-1, "end")
        cross = ""
        if pruned:
            cross = (
                f'<text x="{x2:.1f}" y="{y2 + 14:.1f}" text-anchor="middle" '
                f'fill="{PRUNED_COLOUR}" font-size="{SMALL}">✂ {label}</text>'
            )
        return (
            f'<g class="gk-edge" data-edge="{label}" opacity="{opacity}">'
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" '
            f'stroke-width="1.5"{dash}/>'
            + (
                ""
                if stub
                else f'<text x="{mx + side * 4:.1f}" y="{my:.1f}" font-size="{SMALL}" '
                f'text-anchor="{anchor}" fill="{EDGE_COLOUR}">{label}</text>'
            )
            + cross
            + "</g>"
        )

    def _node(self, path: Path, state: Snapshot, reached: bool, current: bool) -> str:
        step = self.nodes[path]
        x, top = self.x[path], self.y(path)
        w, h = self.node_w, self.node_h
        leaf = step.kind == "leaf"
        colour = LEAF_COLOUR if leaf else (MAX_COLOUR if step.role == MAX else MIN_COLOUR)
        name = html.escape(self.name(path))
        out = [
            f'<g class="gk-node" data-node="{name}"'
            + (' data-current="true"' if current else "")
            + f' opacity="{1 if reached else 0.25}"><title>{name}</title>'
        ]
        if current:  # the halo takes in the node's name, beside a tree's marker
            extra = 8 * len(str(step.node)) + 6 if self.explicit and not leaf else 0
            out.append(
                f'<rect x="{x - w / 2 - 8:.1f}" y="{top - 8:.1f}" width="{w + 16 + extra}" '
                f'height="{h + 12}" rx="8" fill="{HIGHLIGHT_COLOUR}" stroke="black" '
                'stroke-width="2.5"/>'
            )
        if self.board:
            out.append(self._board(step.node, x - w / 2, top, colour))
        else:
            out.append(self._marker(x, top, w, h, leaf, step.role, colour))
        marker = "" if leaf else ("▲ " if step.role == MAX else "▼ ")
        if not self.board and not leaf:
            out.append(
                f'<text x="{x + w / 2 + 4:.1f}" y="{top + h / 2 + 4:.1f}">'
                f"{html.escape(str(step.node))}</text>"
            )
        elif self.board and not leaf:  # MAX and MIN told apart by shape, not colour alone
            out.append(
                f'<text x="{x - w / 2 - 5:.1f}" y="{top + h / 2 + 4:.1f}" text-anchor="end" '
                f'font-size="{SMALL}" fill="{colour}">{marker.strip()}</text>'
            )
        # The value: a leaf's utility once reached; an inner node's v, provisional while open.
        value = step.value if leaf else state.values.get(path)
        if reached and value is not None:
            final = leaf or path not in state.open
            style = 'font-weight="bold"' if final else 'font-style="italic"'
            fill = VALUE_COLOUR if final else PROVISIONAL_COLOUR
            out.append(
                f'<text x="{x:.1f}" y="{top + h + 18:.1f}" text-anchor="middle" {style} '
                f'fill="{fill}">{format_value(value)}</text>'
            )
        if reached and path in state.intervals:
            alpha, beta = state.intervals[path]
            out.append(
                f'<text x="{x:.1f}" y="{top + h + 31:.1f}" text-anchor="middle" '
                f'font-size="{SMALL}" fill="{EDGE_COLOUR}">'
                f"[{format_value(alpha)}, {format_value(beta)}]</text>"
            )
        out.append("</g>")
        return "".join(out)

    def _marker(self, x: float, top: float, w: int, h: int, leaf: bool, role: str, colour: str):
        """A `GameTree` node: MAX an upward triangle, MIN a downward one, a leaf a square."""
        left, right, bottom = x - w / 2, x + w / 2, top + h
        if leaf:
            shape = f'<rect x="{left + 3}" y="{top + 3}" width="{w - 6}" height="{h - 6}"'
        elif role == MAX:
            shape = f'<polygon points="{x},{top} {right},{bottom} {left},{bottom}"'
        else:
            shape = f'<polygon points="{left},{top} {right},{top} {x},{bottom}"'
        return f'{shape} fill="{colour}" stroke="black" stroke-width="1"/>'

    def _board(self, node: Any, left: float, top: float, colour: str) -> str:
        """A k-in-a-row position as a small board framed in the mover's colour."""
        rows = node.rows()
        out = [
            f'<rect x="{left - 2:.1f}" y="{top - 2:.1f}" width="{self.node_w + 4}" '
            f'height="{self.node_h + 4}" fill="white" stroke="{colour}" stroke-width="3"/>'
        ]
        for r, row in enumerate(rows):
            for c, mark in enumerate(row):
                cx, cy = left + c * CELL, top + r * CELL
                out.append(
                    f'<rect x="{cx:.1f}" y="{cy:.1f}" width="{CELL}" height="{CELL}" '
                    'fill="none" stroke="#999" stroke-width="0.5"/>'
                )
                if mark in PLAYER_COLOURS:
                    out.append(
                        f'<text x="{cx + CELL / 2:.1f}" y="{cy + CELL - 1.5:.1f}" '
                        f'text-anchor="middle" font-size="{CELL}" font-weight="bold" '
                        f'fill="{PLAYER_COLOURS[mark]}">{mark}</text>'
                    )
        return "".join(out)


__all__ = ["AlphaBetaStepper", "Snapshot", "move_name", "snapshot", "step_paths"]
