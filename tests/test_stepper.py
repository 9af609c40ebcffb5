"""The alpha-beta stepper widget, driven without a browser (``button.click()`` runs the Python
handlers), and the lecture notebook that shows it, executed top to bottom with nbclient."""

from __future__ import annotations

import xml.etree.ElementTree as ET
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
from gamekit.games import TicTacToe
from gamekit.gametree import first_tree
from gamekit.search import alphabeta_search
from gamekit.stepper import AlphaBetaStepper, move_name, snapshot, step_paths
from gamekit.trace import run_traced

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "02_watch_alphabeta.ipynb"
SVG = "{http://www.w3.org/2000/svg}"


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
        stepper.picture.value,
    )


def drawn(stepper: AlphaBetaStepper) -> list[ET.Element]:
    """The node groups of the stepper's SVG (parsed: it must be well-formed XML)."""
    root = ET.fromstring(stepper.picture.value)
    assert root.tag == f"{SVG}svg"
    assert int(root.get("width")) > 0 and root.get("viewBox")  # scales crisply: vector
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == "gk-node"]


def current_node(stepper: AlphaBetaStepper) -> str:
    highlighted = [g.get("data-node") for g in drawn(stepper) if g.get("data-current")]
    assert len(highlighted) == 1, "exactly one node is highlighted"
    return highlighted[0]


def reached(stepper: AlphaBetaStepper) -> int:
    return sum(g.get("opacity") == "1" for g in drawn(stepper))


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
        (stepper.picture, "gk-step-picture"),
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
    assert current_node(stepper) == "A" and reached(stepper) == 1


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
        assert current_node(stepper) == str(step.node)
        assert reached(stepper) == sum(s.enters for s in steps[: i + 1])
        pictures.append(stepper.picture.value)
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


# A game position: tic-tac-toe with a few moves left ------------------------------------------


def play(game, moves):
    state = game.initial
    for move in moves:
        state = game.result(state, move)
    return state


def brute_force_value(game, state, player):
    """Plain minimax, written here: the independent check of the stepper's last value."""
    if game.terminal_test(state):
        return game.utility(state, player)
    values = [brute_force_value(game, game.result(state, m), player) for m in game.actions(state)]
    return max(values) if game.to_move(state) == player else min(values)


POSITIONS = {
    "three left": [(1, 1), (2, 2), (1, 2), (1, 3), (3, 1), (2, 1)],
    "four left": [(1, 1), (2, 2), (1, 2), (1, 3), (3, 1)],
    "five left, O to move": [(2, 2), (1, 1), (3, 3), (1, 3)],
}


@pytest.mark.parametrize("moves", list(POSITIONS.values()), ids=list(POSITIONS))
def test_tictactoe_position_steps_match_the_engine(moves):
    game = TicTacToe()
    state = play(game, moves)
    stepper = AlphaBetaStepper(game, state)
    (value, move), trace = run_traced(alphabeta_search, state, game, with_value=True)
    # The steps visit what the engine visits, and end on the engine's (and brute force's) value.
    entered = [step.node for step in stepper.steps if step.enters]
    assert entered == trace.visited()
    assert stepper.steps[-1].value == value == brute_force_value(game, state, state.to_move)
    assert stepper.steps[-1].best == move
    assert stepper.current_label.value == "root"
    names_seen = []
    while True:
        step, path = stepper.step, stepper.paths[stepper.position]
        assert game.to_move(play(game, moves + list(path))) == game.to_move(step.node)
        assert play(game, moves + list(path)).cells == step.node.cells  # the path leads there
        assert stepper.current_label.value == " ".join(move_name(m) for m in path) or "root"
        assert current_node(stepper) == stepper.current_label.value
        assert "\n" not in stepper.status_label.value  # nodes named by moves, not boards
        assert reached(stepper) == sum(s.enters for s in stepper.steps[: stepper.position + 1])
        names_seen.append(stepper.current_label.value)
        if stepper.next_button.disabled:
            break
        stepper.next_button.click()
    pruned = [(c.node.state, m) for c in trace.cutoffs for m in c.pruned]
    shown = stepper.pruned_label.value.split(", ") if stepper.pruned_label.value else []
    assert len(shown) == len(pruned)
    assert stepper.status_label.value.endswith(f"best move {move_name(move)}")


def test_a_transposition_is_drawn_twice():
    # With five cells left, O-X-O in two orders reaches the same board: the picture has
    # one node per path, not per position.
    game = TicTacToe()
    stepper = AlphaBetaStepper(game, play(game, POSITIONS["five left, O to move"]))
    entered = [
        (step.node, path)
        for step, path in zip(stepper.steps, stepper.paths, strict=True)
        if step.enters
    ]
    boards = [node.cells for node, _ in entered]
    assert len(set(boards)) < len(boards), "the position has a transposition"
    assert len({path for _, path in entered}) == len(entered)
    stepper.go(len(stepper.steps) - 1)
    assert len(drawn(stepper)) == len(entered)
    assert reached(stepper) == len(entered)


def test_step_paths_rebuild_each_node():
    tree = random_tree(3, 3, seed=4)
    steps = alphabeta_steps(tree.initial, tree)
    for step, path in zip(steps, step_paths(steps), strict=True):
        node = tree.initial
        for edge in path:
            node = tree.result(node, edge)
        assert node == step.node


def test_a_search_too_big_to_draw_is_refused():
    with pytest.raises(ValueError, match=r"visits \d+ nodes .* max_nodes=200"):
        AlphaBetaStepper(TicTacToe())


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
    assert len(stepper_cells) == 2, "one stepper on the first tree, one on a tic-tac-toe position"
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
    assert len(widget_views) == 2, "each stepper is displayed once"
    pictures = [out for out in outputs if "image/png" in out.get("data", {})]
    assert len(pictures) >= 5
