"""gamekit.draw: pictures checked for what they show (markers, styles, texts, layout gaps,
non-overlapping labels), rendered off-screen with Agg."""

from __future__ import annotations

import io
import math
import subprocess
import sys

import matplotlib

matplotlib.use("Agg")

import matplotlib.image as mpimg  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from matplotlib.colors import to_rgb  # noqa: E402

from gamekit.draw import (  # noqa: E402
    FADED_ALPHA,
    PRUNED_COLOUR,
    board_png,
    draw_board,
    draw_tree,
    effective_branching_factor,
    plot_effective_branching,
    plot_nodes_by_depth,
    tournament_table,
    tree_layout,
    tree_png,
)
from gamekit.explain import (  # noqa: E402
    alphabeta_intervals,
    alphabeta_pruned,
    minimax_values,
    random_tree,
)
from gamekit.games import ConnectFour, TicTacToe  # noqa: E402
from gamekit.gametree import CHANCE, MAX, MIN, GameTree, first_tree  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def by_gid(ax, prefix: str) -> dict[str, object]:
    """Artists (lines, texts, patches) whose gid starts with ``prefix``, keyed by the rest."""
    found = {}
    for artist in [*ax.lines, *ax.texts, *ax.patches]:
        gid = artist.get_gid()
        if gid and gid.startswith(prefix):
            found[gid[len(prefix) :]] = artist
    return found


# Layout --------------------------------------------------------------------------------------


def check_layout(tree: GameTree) -> None:
    pos = tree_layout(tree)
    assert set(pos) == set(tree.nodes())
    leaves = [n for n in tree.nodes() if tree.terminal_test(n)]
    # Leaves fill the slots 0, 1, 2, ... once each, in left-to-right (depth-first) order.
    assert sorted(pos[leaf][0] for leaf in leaves) == list(range(len(leaves)))
    for node, children in tree.edges.items():
        xs = [pos[child][0] for child in children.values()]
        assert xs == sorted(xs) and len(set(xs)) == len(xs), "children left to right"
        assert pos[node][0] == (xs[0] + xs[-1]) / 2, "parent centred over its children"
        assert all(pos[child][1] == pos[node][1] - 1 for child in children.values())
    levels: dict[float, list[float]] = {}
    for x, y in pos.values():
        levels.setdefault(y, []).append(x)
    for xs in levels.values():
        xs.sort()
        assert all(b - a >= 1 for a, b in zip(xs, xs[1:], strict=False)), "nodes too close"


def test_layout_of_the_first_tree():
    pos = tree_layout(first_tree())
    assert pos["A"] == (7.5, 0)
    assert [pos[n] for n in "BCDE"] == [(1.5, -1), (5.5, -1), (9.5, -1), (13.5, -1)]
    check_layout(first_tree())


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_layout_gaps_up_to_four_levels_of_branching_four(depth):
    check_layout(random_tree(depth, 4, seed=depth))


@st.composite
def irregular_trees(draw) -> GameTree:
    edges, utilities, count = {}, {}, 0

    def build(depth: int) -> str:
        nonlocal count
        name = f"N{count}"
        count += 1
        if depth == 4 or (depth > 0 and draw(st.integers(0, 2)) == 0):
            utilities[name] = draw(st.integers(-20, 20))
            return name
        edges[name] = {f"e{count}_{i}": build(depth + 1) for i in range(draw(st.integers(1, 4)))}
        return name

    build(0)
    return GameTree(edges, utilities)


@settings(derandomize=True, max_examples=200, deadline=None)
@given(irregular_trees())
def test_layout_gaps_on_irregular_trees(tree):
    check_layout(tree)


# Text boxes never overlap --------------------------------------------------------------------


def overlapping_texts(ax) -> list[tuple[str, str]]:
    fig = ax.get_figure()
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    texts = [t for t in ax.texts if t.get_text()]
    boxes = np.array([t.get_window_extent(renderer).extents for t in texts])  # x0 y0 x1 y1
    tol = 0.5  # pixels
    x0, y0, x1, y1 = (boxes[:, i] for i in range(4))
    overlap = (
        (x0[:, None] < x1[None, :] - tol)
        & (x0[None, :] < x1[:, None] - tol)
        & (y0[:, None] < y1[None, :] - tol)
        & (y0[None, :] < y1[:, None] - tol)
    )
    np.fill_diagonal(overlap, False)
    i, j = np.nonzero(np.triu(overlap))
    found = [(texts[a].get_text(), texts[b].get_text()) for a, b in zip(i, j, strict=True)]
    # And every text lies inside the figure.
    width, height = fig.canvas.get_width_height()
    outside = (x0 < -tol) | (y0 < -tol) | (x1 > width + tol) | (y1 > height + tol)
    return found + [(texts[a].get_text(), "outside the figure") for a in np.nonzero(outside)[0]]


def fully_annotated(tree: GameTree, **kwargs):
    return draw_tree(
        tree,
        values=minimax_values(tree),
        intervals=alphabeta_intervals(tree),
        pruned=alphabeta_pruned(tree),
        **kwargs,
    )


@pytest.mark.parametrize(
    "tree",
    [first_tree(), random_tree(2, 4, seed=2), random_tree(3, 4, seed=3), random_tree(4, 4, seed=4)],
    ids=["first", "2x4", "3x4", "4x4"],
)
def test_no_text_boxes_overlap(tree):
    ax = fully_annotated(tree, title="a tree")
    assert len(ax.texts) > len(tree.nodes())  # names, values, utilities, edge labels
    assert overlapping_texts(ax) == []


def test_no_overlap_with_names_on_leaves_and_a_given_small_axes():
    fig, ax = plt.subplots(figsize=(5, 3))
    tree = random_tree(3, (3, 2, 3), seed=5)
    fully_annotated(tree, ax=ax, leaf_names=True)
    assert overlapping_texts(ax) == []


@settings(derandomize=True, max_examples=8, deadline=None)
@given(irregular_trees())
def test_no_overlap_on_irregular_trees(tree):
    try:
        assert overlapping_texts(fully_annotated(tree)) == []
    finally:
        plt.close("all")  # hypothesis runs many examples inside one test


# What a tree picture shows -------------------------------------------------------------------


def test_markers_one_per_node_with_the_shape_of_its_kind():
    tree = first_tree()
    ax = draw_tree(tree)
    markers = by_gid(ax, "node:")
    assert set(markers) == set(tree.nodes())
    shape = {MAX: "^", MIN: "v"}
    for node, line in markers.items():
        expected = "s" if tree.terminal_test(node) else shape[tree.to_move(node)]
        assert line.get_marker() == expected, node
    # Leaves are small squares: smaller than the inner nodes' triangles.
    assert markers["B1"].get_markersize() < markers["B"].get_markersize()
    assert len(by_gid(ax, "edge:")) == len(tree.nodes()) - 1


def test_chance_nodes_are_circles_and_their_edges_show_probabilities():
    tree = GameTree(
        {"A": {"a1": "B", "a2": "C"}, "B": {"b1": "B1", "b2": "B2"}, "C": {"c1": "C1"}},
        {"B1": 1, "B2": 5, "C1": 2},
        chances={"B": {"b1": 0.25, "b2": 0.75}},
    )
    assert tree.to_move("B") == CHANCE
    ax = draw_tree(tree)
    assert by_gid(ax, "node:")["B"].get_marker() == "o"
    labels = {k: t.get_text() for k, t in by_gid(ax, "edgelabel:").items()}
    assert labels == {
        "A:a1": "a1",
        "A:a2": "a2",
        "B:b1": "b1: 0.25",
        "B:b2": "b2: 0.75",
        "C:c1": "c1",
    }


def test_values_intervals_utilities_and_edge_labels_are_written():
    tree = first_tree()
    values = minimax_values(tree)
    ax = fully_annotated(tree)
    texts = [t.get_text() for t in ax.texts]
    for node in "ABCDE":
        assert node in texts
    for label in ["a1", "a4", "b1", "e4"]:
        assert label in texts
    value_texts = {k: t.get_text() for k, t in by_gid(ax, "value:").items()}
    assert value_texts == {node: str(values[node]) for node in "ABCDE"}
    intervals = {k: t.get_text() for k, t in by_gid(ax, "interval:").items()}
    assert intervals["A"] == "[4, +∞]" and intervals["B"] == "[-∞, -5]"
    assert intervals["D"] == "[4, +∞]"  # D is cut off before its beta takes in 0
    utilities = {k: t.get_text() for k, t in by_gid(ax, "utility:").items()}
    assert utilities == {leaf: str(u) for leaf, u in tree.utilities.items()}


def test_provisional_values_are_italic_and_final_ones_bold():
    tree = first_tree()
    ax = draw_tree(tree, values={"A": -5, "B": -5, "C": 8}, provisional={"A", "C"})
    texts = by_gid(ax, "value:")
    assert texts["A"].get_fontstyle() == "italic" == texts["C"].get_fontstyle()
    assert texts["B"].get_fontstyle() == "normal"
    assert texts["B"].get_fontweight() == "bold"
    assert to_rgb(texts["A"].get_color()) != to_rgb(texts["B"].get_color())


def test_pruned_edges_are_dashed_grey_and_their_subtrees_faded():
    tree = random_tree(3, 3, seed=11)
    pruned = alphabeta_pruned(tree)
    assert pruned, "this tree has cutoffs"
    ax = draw_tree(tree, pruned=pruned)
    edges = by_gid(ax, "edge:")
    pruned_ids = {f"{node}:{label}" for node, label in pruned}
    below = set()
    for node, label in pruned:
        stack = [tree.result(node, label)]
        while stack:
            current = stack.pop()
            below.add(current)
            stack.extend(tree.edges.get(current, {}).values())
    for gid, line in edges.items():
        if gid in pruned_ids:
            assert line.get_linestyle() == "--"
            assert to_rgb(line.get_color()) == to_rgb(PRUNED_COLOUR)
        else:
            assert line.get_linestyle() == "-"
            assert to_rgb(line.get_color()) != to_rgb(PRUNED_COLOUR)
    for node, marker in by_gid(ax, "node:").items():
        expected = FADED_ALPHA if node in below else 1.0
        assert marker.get_alpha() == expected, node


def test_visited_fades_the_rest_and_highlight_circles_one_node():
    tree = first_tree()
    visited = {"A", "B", "B1", "B2"}
    ax = draw_tree(tree, visited=visited, highlight="B2")
    for node, marker in by_gid(ax, "node:").items():
        assert marker.get_alpha() == (1.0 if node in visited else FADED_ALPHA), node
    rings = by_gid(ax, "highlight:")
    assert list(rings) == ["B2"]
    assert tuple(rings["B2"].get_xydata()[0]) == tree_layout(tree)["B2"]


def test_tree_png_is_a_png_of_the_expected_size_and_the_tree_repr_uses_it():
    tree = first_tree()
    data = tree_png(tree, dpi=50, values=minimax_values(tree))
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = mpimg.imread(io.BytesIO(data), format="png")
    height, width = image.shape[:2]
    assert width > 2 * height  # a wide tree: 16 leaves on 3 levels
    assert tree._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"
    assert plt.get_fignums() == []  # PNGs are drawn off-screen, no figure is left open


def test_importing_gamekit_does_not_import_matplotlib():
    code = "import sys, gamekit, gamekit.draw, gamekit.explain; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# Boards --------------------------------------------------------------------------------------


def test_tic_tac_toe_board_marks_and_last_move():
    game = TicTacToe()
    state = game.replay([(2, 2), (1, 1), (1, 3)])
    ax = draw_board(state)
    marks = by_gid(ax, "mark:")
    assert set(marks) == {"X:2,2", "O:1,1", "X:1,3"}
    last = by_gid(ax, "last-move")[""]
    # Row 1 is at the top: cell (1, 3) spans x in [2, 3], y in [2, 3] on a 3-row board.
    assert (last.get_x(), last.get_y(), last.get_width()) == (2, 2, 1)
    assert ax.get_title() == "O to move"
    assert [t.get_text() for t in ax.get_yticklabels()] == ["1", "2", "3"]
    assert ax.get_yticks()[0] > ax.get_yticks()[-1]  # row 1 drawn highest


def test_connect_four_board_discs_colours_and_last_move():
    game = ConnectFour()
    state = game.replay([(6, 4), (5, 4), (6, 3)])
    ax = draw_board(state, game=game)
    discs = by_gid(ax, "disc:")
    assert set(discs) == {"X:6,4", "O:5,4", "X:6,3"}
    assert to_rgb(discs["X:6,4"].get_facecolor()) != to_rgb(discs["O:5,4"].get_facecolor())
    star = by_gid(ax, "last-move")[""]
    assert tuple(star.get_xydata()[0]) == (2.5, 0.5)  # column 3, bottom row
    assert ax.get_title() == "O (yellow) to move"
    empty_holes = [p for p in ax.patches if p.get_gid() is None and hasattr(p, "get_radius")]
    assert len(empty_holes) == 6 * 7 - 3
    # Without the game, a non-square board is drawn as Connect Four, a square one as marks.
    assert by_gid(draw_board(state), "disc:")
    assert by_gid(draw_board(TicTacToe().initial), "disc:") == {}


def test_board_captions_for_won_and_drawn_games():
    game = TicTacToe()
    won = game.replay([(1, 1), (2, 1), (1, 2), (2, 2), (1, 3)])
    assert draw_board(won).get_title() == "X has won"
    drawn = game.replay([(1, 1), (2, 2), (3, 3), (1, 2), (3, 2), (3, 1), (1, 3), (2, 3), (2, 1)])
    assert draw_board(drawn).get_title() == "draw"
    assert draw_board(drawn, title="").get_title() == ""
    assert board_png(won)[:4] == b"\x89PNG"


# Statistics ----------------------------------------------------------------------------------


def test_effective_branching_factor_known_values():
    assert effective_branching_factor(14, 3) == pytest.approx(2.0)  # 2 + 4 + 8
    assert effective_branching_factor(3 + 9 + 27 + 81, 4) == pytest.approx(3.0)
    assert effective_branching_factor(5, 5) == pytest.approx(1.0)  # 1 + 1 + 1 + 1 + 1
    assert effective_branching_factor(52, 5) == pytest.approx(1.92, abs=0.005)  # AIMA 3.6.1
    assert effective_branching_factor(0.5, 1) == pytest.approx(0.5)
    for bad in [(0, 3), (-1, 2), (10, 0), (10, 1.5)]:
        with pytest.raises(ValueError):
            effective_branching_factor(*bad)


@settings(derandomize=True, max_examples=100, deadline=None)
@given(st.floats(0.2, 30), st.integers(1, 8))
def test_effective_branching_factor_inverts_the_sum(b, depth):
    nodes = sum(b**i for i in range(1, depth + 1))
    assert math.isclose(effective_branching_factor(nodes, depth), b, rel_tol=1e-7)


def test_plot_nodes_by_depth():
    data = {"minimax": {1: 9, 2: 73, 3: 505}, "alpha-beta": {3: 200, 1: 9, 2: 40}}
    ax = plot_nodes_by_depth(data)
    assert ax.get_yscale() == "log"
    assert len(ax.lines) == 2
    first, second = ax.lines
    assert list(first.get_xdata()) == [1, 2, 3] and list(first.get_ydata()) == [9, 73, 505]
    assert list(second.get_xdata()) == [1, 2, 3] and list(second.get_ydata()) == [9, 40, 200]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["minimax", "alpha-beta"]
    assert plot_nodes_by_depth(data, log=False).get_yscale() == "linear"


def test_plot_effective_branching_subtracts_the_root():
    data = {"full binary": {1: 3, 2: 7, 3: 15}}  # root included: 1 + 2 + 4 + 8 at depth 3
    ax = plot_effective_branching(data)
    assert list(ax.lines[0].get_ydata()) == pytest.approx([2.0, 2.0, 2.0])
    ax = plot_effective_branching({"x": {2: 6}}, root_included=False)
    assert list(ax.lines[0].get_ydata()) == pytest.approx([2.0])


def table_texts(ax) -> dict[tuple[int, int], str]:
    (table,) = ax.tables
    return {key: cell.get_text().get_text() for key, cell in table.get_celld().items()}


def test_tournament_table_from_a_mapping_and_from_rows():
    ax = tournament_table({"alpha-beta": (7, 3, 0), "random": (0, 3, 7)})
    cells = table_texts(ax)
    assert [cells[(0, c)] for c in range(4)] == ["player", "wins", "draws", "losses"]
    assert [cells[(1, c)] for c in range(4)] == ["alpha-beta", "7", "3", "0"]
    assert [cells[(2, c)] for c in range(4)] == ["random", "0", "3", "7"]
    (table,) = ax.tables
    assert table.get_celld()[(0, 0)].get_text().get_fontweight() == "bold"

    rows = [{"player": "greedy", "score": 0.5}, {"player": "minimax", "score": 1.0, "time": 2}]
    cells = table_texts(tournament_table(rows))
    assert [cells[(0, c)] for c in range(3)] == ["player", "score", "time"]
    assert [cells[(1, c)] for c in range(3)] == ["greedy", "0.5", ""]
    assert [cells[(2, c)] for c in range(3)] == ["minimax", "1", "2"]
    with pytest.raises(ValueError):
        tournament_table({"bad": (1, 2)})
