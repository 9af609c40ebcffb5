"""Step through alpha-beta on a game tree, one event at a time, in a notebook.

>>> from gamekit.gametree import first_tree
>>> stepper = AlphaBetaStepper(first_tree())
>>> stepper.current_label.value, stepper.count_label.value
('A', 'step 1 / 29')
>>> stepper.next_button.click()
>>> stepper.current_label.value, stepper.window_label.value
('B', 'alpha = -∞, beta = +∞')

Each step comes from `gamekit.explain.alphabeta_steps`, so the widget shows exactly what
``alphabeta_search`` does. The widgets carry stable CSS classes (``gk-stepper``,
``gk-step-next``, ``gk-step-prev``, ``gk-step-reset``, ``gk-step-current``, ``gk-step-window``,
``gk-step-pruned``, ``gk-step-status``, ``gk-step-count``) for browser tests and styling.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from gamekit.explain import Step, alphabeta_steps
from gamekit.gametree import GameTree


@dataclass(frozen=True)
class Snapshot:
    """What the search knows after a step: what the picture shows."""

    visited: tuple[Any, ...]
    values: dict[Any, float]  # inner nodes: best value so far (final once returned)
    intervals: dict[Any, tuple[float, float]]  # inner nodes: latest window
    pruned: tuple[tuple[Any, Any], ...]  # (node, edge) in the order they were pruned
    open: tuple[Any, ...]  # inner nodes entered and not yet returned, root first


def snapshot(steps: list[Step], position: int) -> Snapshot:
    """Replay ``steps[0..position]`` (inclusive) into a `Snapshot`."""
    visited: list[Any] = []
    values: dict[Any, float] = {}
    intervals: dict[Any, tuple[float, float]] = {}
    pruned: list[tuple[Any, Any]] = []
    still_open: list[Any] = []
    for step in steps[: position + 1]:
        if step.enters:
            visited.append(step.node)
        if step.kind == "leaf":
            continue
        if step.kind == "enter":
            still_open.append(step.node)
        if step.kind == "return":
            still_open.pop()
        intervals[step.node] = (step.alpha, step.beta)
        if step.value is not None:
            values[step.node] = step.value
        if step.kind == "prune":
            pruned.extend((step.node, edge) for edge in step.pruned)
    return Snapshot(tuple(visited), values, intervals, tuple(pruned), tuple(still_open))


def _labelled(caption: str, value: widgets.Widget) -> widgets.HBox:
    return widgets.HBox([widgets.HTML(f"<b>{caption}</b>&nbsp;"), value])


class AlphaBetaStepper(widgets.VBox):
    """Previous / Next / Reset through alpha-beta on ``tree``, with the picture redrawn at
    every step: current node highlighted, windows ``[alpha, beta]`` at the nodes, values
    (orange italics while a node is still being searched, bold blue once it has returned),
    pruned edges dashed as they are pruned, and a sentence saying what happened.

    ``stepper.go(i)`` jumps to step ``i`` (0-based); ``stepper.position`` is the current one.
    """

    def __init__(self, tree: GameTree, *, dpi: float = 80, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.tree = tree
        self.steps: list[Step] = alphabeta_steps(tree.initial, tree)
        self.dpi = dpi
        self.position = 0
        self._pngs: dict[int, bytes] = {}

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
        self.image = widgets.Image(format="png", layout=widgets.Layout(max_width="100%"))

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
            self.image,
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

    def png(self, position: int | None = None) -> bytes:
        """The picture at step ``position`` (default: the current one), as PNG bytes."""
        from gamekit.draw import tree_png  # matplotlib only when a picture is needed

        position = self.position if position is None else position
        if position not in self._pngs:
            state = snapshot(self.steps, position)
            self._pngs[position] = tree_png(
                self.tree,
                values=state.values,
                intervals=state.intervals,
                pruned=state.pruned,
                visited=state.visited,
                provisional=state.open,
                highlight=self.steps[position].node,
                dpi=self.dpi,
            )
        return self._pngs[position]

    def _show(self) -> None:
        step, last = self.step, len(self.steps) - 1
        state = snapshot(self.steps, self.position)
        self.count_label.value = f"step {self.position + 1} / {len(self.steps)}"
        self.current_label.value = str(step.node)
        self.window_label.value = step.window()
        self.pruned_label.value = ", ".join(f"{node}-{edge}" for node, edge in state.pruned)
        self.status_label.value = step.describe()
        self.prev_button.disabled = self.position == 0
        self.reset_button.disabled = self.position == 0
        self.next_button.disabled = self.position == last
        self.image.value = self.png()


__all__ = ["AlphaBetaStepper", "Snapshot", "snapshot"]
