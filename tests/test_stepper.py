"""The alpha-beta stepper widget, driven without a browser (``button.click()`` runs the Python
handlers), and the lecture notebook that shows it, executed top to bottom with nbclient."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from gamekit.explain import (
    alphabeta_intervals,
    alphabeta_pruned,
    alphabeta_steps,
    alphabeta_values,
    entered_nodes,
    random_tree,
)
from gamekit.gametree import first_tree
from gamekit.stepper import AlphaBetaStepper, snapshot

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "02_watch_alphabeta.ipynb"
PNG = b"\x89PNG\r\n\x1a\n"


def visible(stepper: AlphaBetaStepper) -> tuple:
    """Everything a person sees in the widget."""
    return (
        stepper.count_label.value,
        stepper.current_label.value,
        stepper.window_label.value,
        stepper.pruned_label.value,
        stepper.status_label.value,
        stepper.prev_button.disabled,
        stepper.next_button.disabled,
        stepper.reset_button.disabled,
        bytes(stepper.image.value),
    )


def test_css_classes_for_the_browser_test():
    stepper = AlphaBetaStepper(first_tree())
    assert "gk-stepper" in stepper._dom_classes
    for widget, css in [
        (stepper.next_button, "gk-step-next"),
        (stepper.prev_button, "gk-step-prev"),
        (stepper.reset_button, "gk-step-reset"),
        (stepper.current_label, "gk-step-current"),
        (stepper.window_label, "gk-step-window"),
        (stepper.pruned_label, "gk-step-pruned"),
        (stepper.status_label, "gk-step-status"),
        (stepper.count_label, "gk-step-count"),
    ]:
        assert css in widget._dom_classes


def test_starts_at_the_root_with_only_next_enabled():
    stepper = AlphaBetaStepper(first_tree())
    assert stepper.current_label.value == "A"
    assert stepper.window_label.value == "alpha = -∞, beta = +∞"
    assert stepper.pruned_label.value == ""
    assert stepper.count_label.value == "step 1 / 29"
    assert stepper.status_label.value == "MAX node A: enter with alpha = -∞, beta = +∞"
    assert stepper.prev_button.disabled and stepper.reset_button.disabled
    assert not stepper.next_button.disabled
    assert bytes(stepper.image.value).startswith(PNG)


@pytest.mark.parametrize("tree", [first_tree(), random_tree(3, 3, seed=2)], ids=["first", "random"])
def test_next_follows_alphabeta_steps(tree):
    steps = alphabeta_steps(tree.initial, tree)
    stepper = AlphaBetaStepper(tree)
    pruned_so_far: list[str] = []
    pictures = []
    for i, step in enumerate(steps):
        if i:
            stepper.next_button.click()
        if step.kind == "prune":
            pruned_so_far += [f"{step.node}-{edge}" for edge in step.pruned]
        assert stepper.count_label.value == f"step {i + 1} / {len(steps)}"
        assert stepper.current_label.value == str(step.node)
        assert stepper.window_label.value == step.window()
        assert stepper.status_label.value == step.describe()
        assert stepper.pruned_label.value == ", ".join(pruned_so_far)
        assert stepper.prev_button.disabled == (i == 0)
        assert stepper.next_button.disabled == (i == len(steps) - 1)
        pictures.append(bytes(stepper.image.value))
    for i in range(1, len(steps)):
        # Every step changes the picture: the highlight moves, a node is reached, a value or a
        # window changes, an edge is pruned, or a returned value turns from provisional to final.
        assert pictures[i] != pictures[i - 1], steps[i].describe()
    assert stepper.pruned_label.value == ", ".join(f"{n}-{e}" for n, e in alphabeta_pruned(tree))
    stepper.next_button.click()  # at the end: nothing changes
    assert stepper.position == len(steps) - 1


def test_first_tree_prune_of_d_in_words():
    stepper = AlphaBetaStepper(first_tree())
    while stepper.current_label.value != "D" or "prune" not in stepper.status_label.value:
        stepper.next_button.click()
    assert stepper.status_label.value == "MIN node D: value 0 <= alpha 4, prune d2, d3, d4"
    assert stepper.window_label.value == "alpha = 4, beta = +∞"  # cut before beta moves
    assert stepper.pruned_label.value == "D-d2, D-d3, D-d4"


def test_previous_undoes_next_exactly_and_reset_goes_back_to_the_start():
    stepper = AlphaBetaStepper(random_tree(3, 2, seed=5))
    seen = [visible(stepper)]
    while not stepper.next_button.disabled:
        stepper.next_button.click()
        seen.append(visible(stepper))
    for expected in reversed(seen[:-1]):
        stepper.prev_button.click()
        assert visible(stepper) == expected
    assert stepper.prev_button.disabled
    for _ in range(7):
        stepper.next_button.click()
    stepper.reset_button.click()
    assert visible(stepper) == seen[0]


def test_snapshot_at_the_end_is_the_whole_search():
    tree = random_tree(3, 3, seed=9)
    steps = alphabeta_steps(tree.initial, tree)
    final = snapshot(steps, len(steps) - 1)
    assert list(final.visited) == entered_nodes(steps)
    assert final.intervals == alphabeta_intervals(tree)
    assert list(final.pruned) == alphabeta_pruned(tree)
    returned = alphabeta_values(tree)
    assert final.values == {node: returned[node] for node in final.intervals}
    start = snapshot(steps, 0)
    assert start.visited == (tree.initial,) and start.pruned == () and start.values == {}
    assert start.open == (tree.initial,) and final.open == ()
    # While B (the first child) is being searched, the open nodes are the path to the step.
    first_leaf = next(i for i, step in enumerate(steps) if step.kind == "leaf")
    path = [tree.initial]
    while path[-1] != steps[first_leaf].node:
        path.append(tree.result(path[-1], tree.actions(path[-1])[0]))
    assert list(snapshot(steps, first_leaf).open) == path[:-1]


# The lecture notebook ------------------------------------------------------------------------


def test_notebook_is_committed_clean():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    assert nb.metadata.kernelspec.name == "python3"
    assert "widgets" not in nb.metadata
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None
    # The stepper has a cell of its own and is that cell's last expression (the browser test
    # finds the widget in that cell's output).
    stepper_cells = [c for c in nb.cells if "AlphaBetaStepper(" in c.source]
    assert len(stepper_cells) == 1
    lines = stepper_cells[0].source.strip().splitlines()
    assert lines == ["stepper = AlphaBetaStepper(tree)", "stepper"]


@pytest.mark.slow
def test_notebook_runs_top_to_bottom(tmp_path):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = NotebookClient(
        nb, timeout=60, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()  # raises CellExecutionError on the first failing cell
    outputs = [out for cell in nb.cells if cell.cell_type == "code" for out in cell.outputs]
    assert not [out for out in outputs if out.output_type == "error"]
    assert not [out for out in outputs if out.get("name") == "stderr"]
    widget_views = [
        out for out in outputs if "application/vnd.jupyter.widget-view+json" in out.get("data", {})
    ]
    assert len(widget_views) == 1, "the stepper is displayed once"
    pictures = [out for out in outputs if "image/png" in out.get("data", {})]
    assert len(pictures) >= 5
