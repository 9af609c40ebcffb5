"""gamekit.draw: pictures checked for what they show (markers, styles, texts, layout gaps,
non-overlapping labels), rendered off-screen with Agg."""

from __future__ import annotations

import io
import math
import subprocess
import sys
from types import SimpleNamespace

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
    MAX_COLOUR,
    MIN_COLOUR,
    MIN_FONTSIZE,
    PLAYER_COLOURS,
    PRUNED_COLOUR,
    TARGET_WIDTH_INCHES,
    board_png,
    boards_png,
    draw_board,
    draw_boards,
    draw_tree,
    effective_branching_factor,
    hex_centre,
    plot_effective_branching,
    plot_nodes_by_depth,
    tournament_table,
    tree_layout,
    tree_png,
)
from gamekit.draw.colours import (  # noqa: E402
    BOARD_COLOUR,
    HOLE_COLOUR,
    PLAYER_INK,
    WIN_COLOUR,
    contrast_ratio,
)
from gamekit.explain import (  # noqa: E402
    alphabeta_intervals,
    alphabeta_pruned,
    alphabeta_values,
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
    if not texts:
        return []
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


def test_tree_png_is_a_png_of_the_expected_size_and_a_notebook_shows_a_tree_with_it():
    tree = first_tree()
    data = tree_png(tree, dpi=50, values=minimax_values(tree))
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = mpimg.imread(io.BytesIO(data), format="png")
    height, width = image.shape[:2]
    assert width > 1.5 * height  # a wide tree: 16 leaves side by side on only 3 levels
    # In a notebook, a tree at the end of a cell is shown as its picture.
    from IPython.core.formatters import DisplayFormatter

    import gamekit

    display = DisplayFormatter()
    assert gamekit.show_trees_as_pictures(SimpleNamespace(display_formatter=display))
    shown, _ = display.format(tree)
    assert shown["image/png"][:8] == b"\x89PNG\r\n\x1a\n"
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


def test_connect_four_board_discs_colours_letters_and_last_move():
    game = ConnectFour()
    state = game.replay([(6, 4), (5, 4), (6, 3)])
    ax = draw_board(state, game=game)
    discs = by_gid(ax, "disc:")
    assert set(discs) == {"X:6,4", "O:5,4", "X:6,3"}
    for key, disc in discs.items():
        assert to_rgb(disc.get_facecolor()) == to_rgb(PLAYER_COLOURS[key[0]])
    # Not colour alone: every disc carries its letter.
    letters = {k: t.get_text() for k, t in by_gid(ax, "letter:").items()}
    assert letters == {key: key[0] for key in discs}
    ring = by_gid(ax, "last-move")[""]
    assert tuple(ring.center) == (2.5, 0.5)  # column 3, bottom row
    assert ax.get_title() == "O to move"
    # A blue board; every cell a white hole, and each disc inside its hole, touching only white.
    (board,) = [p for p in ax.patches if p.get_gid() is None]
    assert to_rgb(board.get_facecolor()) == to_rgb(BOARD_COLOUR)
    holes = by_gid(ax, "hole:")
    assert len(holes) == 6 * 7
    assert {to_rgb(hole.get_facecolor()) for hole in holes.values()} == {(1.0, 1.0, 1.0)}
    for key, disc in discs.items():
        hole = holes[key[2:]]
        assert tuple(hole.center) == tuple(disc.center)
        assert disc.get_radius() < hole.get_radius() < 0.5  # a white ring round the disc
    # Without the game, a non-square board is drawn as Connect Four, a square one as marks.
    assert by_gid(draw_board(state), "disc:")
    assert by_gid(draw_board(TicTacToe().initial), "disc:") == {}


def test_connect_four_colours_have_enough_contrast_where_they_touch():
    """WCAG: 3:1 for shapes a person must tell apart, 4.5:1 for a disc's letter."""
    assert contrast_ratio("#ffffff", "#000000") == pytest.approx(21.0)
    assert contrast_ratio("#777777", "#777777") == pytest.approx(1.0)
    # An independent reading of WCAG's example: mid grey #767676 is the darkest grey with
    # 4.5:1 on white (a published figure), #777777 just misses it.
    assert contrast_ratio("#767676", "#ffffff") >= 4.5 > contrast_ratio("#777777", "#ffffff")
    assert contrast_ratio(HOLE_COLOUR, BOARD_COLOUR) >= 3  # the holes on the blue board
    for player in "XO":
        assert contrast_ratio(PLAYER_COLOURS[player], HOLE_COLOUR) >= 3  # a disc in its hole
        ink = {"white": "#ffffff", "black": "#000000"}[PLAYER_INK[player]]
        assert contrast_ratio(ink, PLAYER_COLOURS[player]) >= 4.5  # its letter
    assert contrast_ratio(WIN_COLOUR, BOARD_COLOUR) >= 3
    assert contrast_ratio(WIN_COLOUR, HOLE_COLOUR) >= 3
    with pytest.raises(ValueError, match="colour must be #rrggbb, got 'blue'"):
        contrast_ratio("blue", "#ffffff")


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


# Malformed annotations: a clear ValueError before anything is drawn ---------------------------


def exercise():
    from gamekit.checks import a02

    return a02.exercise_tree()


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        # pruned: the a02 crash, and every other shape
        ({"pruned": {"B2-b22"}}, ["(node, edge_label) pairs such as ('A', 'a1')", "'B2-b22'"]),
        ({"pruned": ["B2-b22"]}, ["write ('B2', 'b22')"]),
        ({"pruned": [("B2", "b22", "x")]}, ["pairs such as", "('B2', 'b22', 'x')"]),
        ({"pruned": [42]}, ["pairs such as", "got 42"]),
        ({"pruned": "B2-b22"}, ["a set of (node, edge_label) pairs", "str 'B2-b22'"]),
        ({"pruned": {"B2": "b22"}}, ["a set of (node, edge_label) pairs", "dict"]),
        ({"pruned": 7}, ["a set of (node, edge_label) pairs", "int 7"]),
        ({"pruned": ("B2", "b22")}, ["single pair", "write {('B2', 'b22')}"]),
        ({"pruned": [("Z9", "z1")]}, ["'Z9' is not a node", "its inner nodes: A, B, B1, B2, C"]),
        ({"pruned": [("b2", "b22")]}, ["'b2' is not a node", "did you mean 'B2'?"]),
        ({"pruned": [("B22", "x")]}, ["'B22' is a leaf, no edge leaves it"]),
        ({"pruned": [("B2", "b23")]}, ["no edge 'b23' leaves 'B2'", "its edges: b21, b22"]),
        ({"pruned": [("B2", ["b22"])]}, ["no edge ['b22'] leaves 'B2'"]),
        # intervals
        ({"intervals": [("A", (8, math.inf))]}, ["dict {node: (alpha, beta)}", "got list"]),
        ({"intervals": {"A": "8, inf"}}, ["intervals['A'] should be a pair", "'8, inf'"]),
        ({"intervals": {"A": (8, math.inf, 3)}}, ["should be a pair (alpha, beta)"]),
        ({"intervals": {"A": 8}}, ["should be a pair (alpha, beta)", "got 8"]),
        ({"intervals": {"A": (8, "inf")}}, ["beta should be a number", "math.inf", "'inf'"]),
        ({"intervals": {"A": (None, 3)}}, ["alpha should be a number", "got None"]),
        ({"intervals": {"A": (math.nan, 3)}}, ["alpha should be a number"]),
        ({"intervals": {"Q": (1, 2)}}, ["intervals: 'Q' is not a node of the tree"]),
        # values
        ({"values": [1, 2, 3]}, ["values should be a dict {node: value}", "list [1, 2, 3]"]),
        ({"values": {"A": "8"}}, ["values['A'] should be a number; got '8'"]),
        ({"values": {"A": True}}, ["values['A'] should be a number; got True"]),
        ({"values": {"AA": 8}}, ["values: 'AA' is not a node", "did you mean 'A'?"]),
        # highlight, visited, provisional
        ({"highlight": "E"}, ["highlight: 'E' is not a node of the tree"]),
        ({"highlight": ["A"]}, ["highlight: ['A'] is not a node of the tree"]),
        ({"visited": "AB"}, ["visited should be a set of nodes", "str 'AB'"]),
        ({"visited": {"A", "X1"}}, ["visited: 'X1' is not a node"]),
        ({"provisional": {"Y"}}, ["provisional: 'Y' is not a node"]),
    ],
)
def test_malformed_annotations_raise_a_value_error_that_names_the_problem(kwargs, words):
    tree = exercise()
    for draw in (draw_tree, tree_png):
        with pytest.raises(ValueError) as raised:
            draw(tree, **kwargs)
        message = str(raised.value)
        for word in words:
            assert word in message, (word, message)
        assert "unpack" not in message
    assert plt.get_fignums() == []  # nothing drawn: the check comes first


def test_the_a02_answers_in_every_accepted_shape_are_drawn():
    tree = exercise()
    intervals = alphabeta_intervals(tree)
    as_lists = {node: [alpha, beta] for node, (alpha, beta) in intervals.items()}
    as_floats = {node: (float(a), float(b)) for node, (a, b) in intervals.items()}
    pruned = alphabeta_pruned(tree)
    for given_intervals in (intervals, as_lists, as_floats):
        for given_pruned in (set(pruned), list(pruned), [list(edge) for edge in pruned]):
            ax = draw_tree(tree, intervals=given_intervals, pruned=given_pruned)
            texts = {k: t.get_text() for k, t in by_gid(ax, "interval:").items()}
            assert texts["C"] == "[4, 8]" and texts["A"] == "[8, +∞]"
            dashed = {k for k, line in by_gid(ax, "edge:").items() if line.get_linestyle() != "-"}
            assert dashed == {f"{node}:{label}" for node, label in pruned}
            plt.close("all")
    # Intervals for leaves are accepted (a student may give them) but not written.
    ax = draw_tree(tree, intervals={"B11": (4, 5)}, values={"B11": 4})
    assert by_gid(ax, "interval:") == {} and by_gid(ax, "value:") == {}


# Readable at the size a notebook shows ---------------------------------------------------------

# A notebook shows a figure at 100 dpi (matplotlib-inline's default) and shrinks what is wider
# than its page; 9 pt at 100 dpi is 12.5 px, the height of a line of 9 pt text.
MIN_TEXT_PX = MIN_FONTSIZE / 72 * 100


def rendered_boxes(fig) -> list[tuple[object, np.ndarray]]:
    """Every visible text of ``fig`` (legends and ticks too) with its pixel box."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    found = []
    for text in fig.findobj(matplotlib.text.Text):
        if text.get_text() and text.get_visible() and text.get_figure() is not None:
            found.append((text, np.array(text.get_window_extent(renderer).extents)))
    return found


def check_readable(fig, max_width_inches: float = TARGET_WIDTH_INCHES) -> None:
    assert fig.dpi == 100
    width, _ = fig.canvas.get_width_height()
    assert width <= max_width_inches * 100 + 1, f"{width} px is wider than a notebook page"
    for text, (_, y0, _, y1) in rendered_boxes(fig):
        lines = text.get_text().count("\n") + 1
        assert text.get_fontsize() >= MIN_FONTSIZE, text.get_text()
        assert (y1 - y0) / lines >= MIN_TEXT_PX - 0.01, (text.get_text(), y1 - y0)


def annotated(tree, **kwargs):
    return draw_tree(
        tree,
        values=alphabeta_values(tree),
        intervals=alphabeta_intervals(tree),
        pruned=alphabeta_pruned(tree),
        **kwargs,
    )


READABLE_TREES = {
    "27 leaves": lambda: random_tree(3, 3, seed=2),
    "exercise": exercise,
    "first": first_tree,
    "2x2x2": lambda: random_tree(3, 2, seed=1),
    "4x4": lambda: random_tree(2, 4, seed=7),
}


@pytest.mark.parametrize("name", list(READABLE_TREES))
def test_trees_read_at_9_points_or_more_within_a_notebook_page(name):
    tree = READABLE_TREES[name]()
    ax = annotated(tree, title=f"{name}: alpha-beta", highlight=tree.initial)
    check_readable(ax.get_figure())
    assert overlapping_texts(ax) == []
    assert legend_overlaps(ax) == []


def test_the_27_leaf_tree_png_is_drawn_at_its_display_size():
    tree = random_tree(3, 3, seed=2)
    data = tree_png(tree, values=minimax_values(tree), intervals=alphabeta_intervals(tree))
    height, width = mpimg.imread(io.BytesIO(data), format="png").shape[:2]
    assert width <= TARGET_WIDTH_INCHES * 100 + 1  # shown 1:1, never shrunk by the page
    assert width > 2 * height  # 27 leaves side by side on 4 levels


def legend_overlaps(ax) -> list[str]:
    """Texts of the tree that meet the legend's box, and whether the legend leaves the figure."""
    fig = ax.get_figure()
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    legend = ax.get_legend().get_window_extent(renderer)
    found = [t.get_text() for t in ax.texts if t.get_window_extent(renderer).overlaps(legend)]
    width, height = fig.canvas.get_width_height()
    if legend.x0 < 0 or legend.y0 < 0 or legend.x1 > width or legend.y1 > height:
        found.append("legend outside the figure")
    return found


def segment_meets_box(p: np.ndarray, q: np.ndarray, box: np.ndarray, tol: float = 0.5) -> bool:
    """Does the segment p-q pass through the box (x0, y0, x1, y1) shrunk by ``tol`` pixels?
    (Liang-Barsky clipping.)"""
    x0, y0, x1, y1 = box + [tol, tol, -tol, -tol]
    d = q - p
    low, high = 0.0, 1.0
    for delta, start, lo, hi in ((d[0], p[0], x0, x1), (d[1], p[1], y0, y1)):
        if abs(delta) < 1e-12:
            if not lo <= start <= hi:
                return False
            continue
        t0, t1 = sorted(((lo - start) / delta, (hi - start) / delta))
        low, high = max(low, t0), min(high, t1)
        if low > high:
            return False
    return True


def edges_through_texts(ax, prefixes=("interval:", "name:", "value:", "utility:")) -> list:
    fig = ax.get_figure()
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    boxes = [
        (t.get_gid(), np.array(t.get_window_extent(renderer).extents))
        for t in ax.texts
        if t.get_gid() and t.get_gid().startswith(prefixes)
    ]
    crossings = []
    for gid, line in by_gid(ax, "edge:").items():
        p, q = ax.transData.transform(line.get_xydata())
        crossings += [(gid, name) for name, box in boxes if segment_meets_box(p, q, box)]
    return crossings


def test_segment_meets_box_on_hand_made_cases():
    box = np.array([0.0, 0.0, 10.0, 10.0])
    assert segment_meets_box(np.array([-5.0, 5.0]), np.array([15.0, 5.0]), box)  # straight across
    assert segment_meets_box(np.array([5.0, 5.0]), np.array([5.0, 50.0]), box)  # starts inside
    assert not segment_meets_box(np.array([-5.0, 12.0]), np.array([15.0, 11.0]), box)  # above
    assert not segment_meets_box(np.array([-1.0, 8.0]), np.array([2.0, 14.0]), box)  # by a corner
    assert segment_meets_box(np.array([-1.0, 5.0]), np.array([2.0, 11.0]), box)  # cuts a corner


@pytest.mark.parametrize("name", list(READABLE_TREES))
def test_no_edge_crosses_an_interval_a_name_a_value_or_a_utility(name):
    tree = READABLE_TREES[name]()
    assert edges_through_texts(annotated(tree)) == []


@settings(derandomize=True, max_examples=8, deadline=None)
@given(irregular_trees())
def test_no_edge_crosses_node_texts_on_irregular_trees(tree):
    try:
        assert edges_through_texts(annotated(tree, leaf_names=True)) == []
    finally:
        plt.close("all")


def test_edges_through_texts_sees_a_crossing_when_there_is_one():
    tree = first_tree()
    ax = annotated(tree)
    a, b = tree_layout(tree)["A"], tree_layout(tree)["B"]
    ax.lines[0].set_data([a[0], a[0]], [a[1] + 0.1, b[1]])  # straight down through A's interval
    assert any(text == "interval:A" for _, text in edges_through_texts(ax))


def luminance(colour) -> float:
    channels = np.array(to_rgb(colour))
    linear = np.where(channels <= 0.04045, channels / 12.92, ((channels + 0.055) / 1.055) ** 2.4)
    return float(linear @ [0.2126, 0.7152, 0.0722])


def contrast(a, b) -> float:
    """WCAG 2 contrast ratio."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_pruned_edges_are_dashed_and_dark_enough_to_read_with_their_labels():
    tree = exercise()
    ax = annotated(tree)
    pruned = {f"{node}:{label}" for node, label in alphabeta_pruned(tree)}
    edges, labels = by_gid(ax, "edge:"), by_gid(ax, "edgelabel:")
    for gid in pruned:
        line, label = edges[gid], labels[gid]
        assert line.get_linestyle() not in ("-", "None") and line.get_alpha() == 1.0
        assert line.get_linewidth() >= 1.0
        assert label.get_alpha() == 1.0 and label.get_fontsize() >= MIN_FONTSIZE
        assert contrast(line.get_color(), "white") >= 4.5  # WCAG AA for text, on white
        assert contrast(label.get_color(), "white") >= 4.5


# One colour per player, safe for colour-blind readers -------------------------------------------

# Machado, Oliveira and Fernandes (2009), severity 1: simulated dichromat vision, linear RGB.
DICHROMATS = {
    "protanopia": [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ],  # noqa: E501
    "deuteranopia": [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ],  # noqa: E501
    "tritanopia": [
        [1.255528, -0.076749, -0.178779],
        [-0.078411, 0.930809, 0.147602],
        [0.004733, 0.691367, 0.303900],
    ],  # noqa: E501
}


def lab(linear_rgb: np.ndarray) -> np.ndarray:
    """CIE L*a*b* (D65) of a linear-RGB colour."""
    to_xyz = [[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]
    xyz = np.array(to_xyz) @ np.clip(linear_rgb, 0, 1) / [0.95047, 1.0, 1.08883]
    f = np.where(xyz > 216 / 24389, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def linear(colour) -> np.ndarray:
    c = np.array(to_rgb(colour))
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def test_player_colours_stay_apart_for_colour_blind_readers_and_read_on_white():
    x, o = linear(PLAYER_COLOURS["X"]), linear(PLAYER_COLOURS["O"])
    assert np.linalg.norm(lab(x) - lab(o)) > 60  # far apart for normal vision
    for name, matrix in DICHROMATS.items():
        seen_x, seen_o = np.array(matrix) @ x, np.array(matrix) @ o
        assert np.linalg.norm(lab(seen_x) - lab(seen_o)) > 40, name  # ΔE76 > 40: obvious
    for player in "XO":  # marks and thick lines need 3:1 against the white page (WCAG 1.4.11)
        assert contrast(PLAYER_COLOURS[player], "white") >= 3
    assert contrast(PLAYER_COLOURS["X"], PLAYER_COLOURS["O"]) > 1.5  # lighter and darker too


def test_x_max_and_the_first_player_share_a_colour_in_trees_and_boards():
    assert PLAYER_COLOURS["MAX"] == PLAYER_COLOURS["X"] == MAX_COLOUR
    assert PLAYER_COLOURS["MIN"] == PLAYER_COLOURS["O"] == MIN_COLOUR
    tree = first_tree()
    nodes = by_gid(draw_tree(tree), "node:")
    assert to_rgb(nodes["A"].get_markerfacecolor()) == to_rgb(PLAYER_COLOURS["X"])  # MAX
    assert to_rgb(nodes["B"].get_markerfacecolor()) == to_rgb(PLAYER_COLOURS["O"])  # MIN
    marks = by_gid(draw_board(TicTacToe().replay([(1, 1), (2, 2)])), "mark:")
    assert to_rgb(marks["X:1,1"].get_color()) == to_rgb(PLAYER_COLOURS["X"])
    assert to_rgb(marks["O:2,2"].get_edgecolor()) == to_rgb(PLAYER_COLOURS["O"])
    discs = by_gid(draw_board(ConnectFour().replay([(6, 1), (6, 2)])), "disc:")
    assert to_rgb(discs["X:6,1"].get_facecolor()) == to_rgb(PLAYER_COLOURS["X"])
    assert to_rgb(discs["O:6,2"].get_facecolor()) == to_rgb(PLAYER_COLOURS["O"])
    # The colours are importable without matplotlib (the terminal and the widgets use them).
    code = "import sys, gamekit.draw.colours as c; print(c.X_COLOUR, 'matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == [PLAYER_COLOURS["X"], "False"]


def legend_texts(ax) -> list[str]:
    return [t.get_text() for t in ax.get_legend().get_texts()]


def test_every_picture_with_players_has_a_legend():
    tree = exercise()
    assert legend_texts(draw_tree(tree)) == [
        "MAX to move (like X)",
        "MIN to move (like O)",
        "leaf: utility for MAX",
    ]
    assert "pruned edge" in legend_texts(annotated(tree))
    chance = GameTree({"A": {"a": "B"}, "B": {"b1": "C", "b2": "D"}}, {"C": 1, "D": 2},
                      chances={"B": {"b1": 0.5, "b2": 0.5}})  # fmt: skip
    assert "chance" in legend_texts(draw_tree(chance))
    assert draw_tree(tree, legend=False).get_legend() is None
    for state in (TicTacToe().initial, ConnectFour().initial):
        texts = legend_texts(draw_board(state))
        assert [t[0] for t in texts] == ["X", "O"] and "first" in texts[0]
    assert draw_board(TicTacToe().initial, legend=False).get_legend() is None


@pytest.mark.parametrize("state", [TicTacToe().initial, ConnectFour().initial])
def test_board_pictures_read_at_9_points_and_keep_the_legend_inside(state):
    data = board_png(state)
    assert data[:4] == b"\x89PNG"
    ax = draw_board(state)
    fig = ax.get_figure()
    fig.tight_layout()
    check_readable(fig)
    assert overlapping_texts(ax) == []
    assert legend_overlaps(ax) == []


# Hex and Quarto boards, and series of boards ----------------------------------------------------


def test_hex_board_stones_sit_on_a_grid_where_neighbours_are_one_unit_apart():
    from gamekit.hex import Hex, neighbours

    game = Hex(size=5)
    state = game.replay(["c3", "b4", "c2", "d2", "a5"])
    ax = draw_board(state)
    stones = by_gid(ax, "stone:")
    assert set(stones) == {f"{p}:{r},{c}" for (r, c), p in state.board.items()}
    for key, stone in stones.items():
        player, cell = key.split(":")
        row, col = map(int, cell.split(","))
        assert tuple(stone.center) == hex_centre((row, col), 5)
        assert to_rgb(stone.get_facecolor()) == to_rgb(PLAYER_COLOURS[player])
    # Independent of the drawing code: the six neighbours of a cell (gamekit.hex) are exactly the
    # cells one unit away, so the picture shows the board's real adjacency.
    cells = [(r, c) for r in range(1, 6) for c in range(1, 6)]
    for cell in cells:
        x, y = hex_centre(cell, 5)
        near = {
            other
            for other in cells
            if other != cell and math.dist((x, y), hex_centre(other, 5)) < 1.01
        }
        assert near == set(neighbours(cell, 5)), cell
    assert ax.get_title() == "O to move"
    assert [t[:1] for t in legend_texts(ax)] == ["X", "O"]
    # Each player's two edges, in the player's colour: X's along rows 1 and 5, O's along columns.
    goals = by_gid(ax, "goal:")
    assert set(goals) == {"X:0", "X:1", "O:0", "O:1"}
    top, bottom = hex_centre((1, 1), 5)[1], hex_centre((5, 1), 5)[1]
    assert min(goals["X:0"].get_ydata()) > top and max(goals["X:1"].get_ydata()) < bottom
    for key, line in goals.items():
        assert to_rgb(line.get_color()) == to_rgb(PLAYER_COLOURS[key[0]])
    fig = ax.get_figure()
    fig.tight_layout()
    check_readable(fig)
    assert overlapping_texts(ax) == []


def test_hex_board_of_a_finished_game_names_the_winner():
    from gamekit.hex import Hex

    game = Hex(size=3)
    won = game.replay(["a1", "b1", "a2", "b2", "a3"])  # X joins rows 1 to 3 down column a
    assert won.winner == "X"
    assert draw_board(won).get_title() == "X has won"
    assert board_png(won)[:4] == b"\x89PNG"


def test_quarto_pieces_show_their_four_attributes_and_their_names():
    from matplotlib.patches import Circle, Rectangle

    from gamekit.quarto import ATTRIBUTES, Quarto, QuartoMove, attributes, parse_piece, piece_name

    game = Quarto()
    state = game.initial
    for move in [
        QuartoMove(None, parse_piece("DRTH")),
        QuartoMove((1, 1), parse_piece("LSSO")),
        QuartoMove((2, 3), parse_piece("DSTO")),
        QuartoMove((4, 4), parse_piece("LRSH")),
    ]:
        state = game.result(state, move)
    ax = draw_board(state)
    pieces = {k: p for k, p in by_gid(ax, "piece:").items()}
    assert set(pieces) == {f"{r},{c}" for r, c in state.board}
    sizes = {}
    for key, patch in pieces.items():
        row, col = map(int, key.split(","))
        piece = state.board[(row, col)]
        looks = attributes(piece)
        assert set(looks) == set(ATTRIBUTES)
        assert isinstance(patch, Rectangle if looks["shape"] == "square" else Circle), looks
        dark = luminance(patch.get_facecolor()) < 0.2
        assert dark == (looks["colour"] == "dark"), looks
        size = patch.get_width() if isinstance(patch, Rectangle) else 2 * patch.get_radius()
        sizes[looks["height"]] = sizes.get(looks["height"], set()) | {round(size, 6)}
        # Hollow pieces have a white hole at their centre; solid ones do not.
        centre = (col - 0.5, 4 - row + 0.5 + 0.1)
        holes = [
            p
            for p in ax.patches
            if isinstance(p, Circle)
            and p.get_gid() is None
            and np.allclose(p.center, centre)
            and to_rgb(p.get_facecolor()) == (1.0, 1.0, 1.0)
        ]
        assert len(holes) == (looks["filling"] == "hollow"), looks
        assert by_gid(ax, "name:piece:")[key].get_text() == piece_name(piece)
    assert min(sizes["tall"]) > max(sizes["short"])
    # The piece in hand and the pieces left are drawn too, with their names.
    assert by_gid(ax, "name:hand")[""].get_text() == piece_name(state.to_place)
    left = {t.get_text() for t in by_gid(ax, "name:left:").values()}
    assert left == {piece_name(p) for p in state.available}
    assert ax.get_title() == f"X to move: place {piece_name(state.to_place)}"
    assert "D/L dark/light" in by_gid(ax, "key")[""].get_text()
    fig = ax.get_figure()
    fig.tight_layout()
    check_readable(fig)
    assert overlapping_texts(ax) == []


def test_a_won_quarto_game_outlines_the_line_in_the_winners_colour():
    from gamekit.quarto import Quarto, QuartoMove

    game = Quarto()
    state = game.from_board(
        {(1, 1): "DRTH", (1, 2): "LRTO", (1, 3): "DSTO", (2, 1): "LSSO"},
        to_place="LSTH",
        to_move="O",
    )
    state = game.result(state, QuartoMove((1, 4), None))  # four tall pieces in row 1
    assert state.winner == "O"
    ax = draw_board(state)
    cells = by_gid(ax, "winning-cell:")
    assert set(cells) == {"1,1", "1,2", "1,3", "1,4"}
    for patch in cells.values():
        assert to_rgb(patch.get_edgecolor()) == to_rgb(PLAYER_COLOURS["O"])
    assert ax.get_title() == "O has won: a line of tall pieces"


def test_draw_board_refuses_other_states():
    with pytest.raises(ValueError, match="draws a BoardState .* got GameTree"):
        draw_board(first_tree())
    with pytest.raises(ValueError, match="style must be 'marks' or 'discs', got 'dots'"):
        draw_board(TicTacToe().initial, style="dots")


def self_play(game):
    from gamekit import alphabeta_player

    player, state, boards = alphabeta_player(), game.initial, []
    while not game.terminal_test(state):
        state = game.result(state, player(game, state))
        boards.append(state)
    return boards


def test_a_self_play_strip_wraps_into_rows_that_fit_a_notebook_page():
    game = ConnectFour(h=4, v=4, k=3)
    boards = self_play(game)
    titles = [f"{n}. {b.last_move}" for n, b in enumerate(boards, 1)]
    fig = draw_boards(boards, titles=titles, game=game)
    check_readable(fig)
    axes = [ax for ax in fig.axes if ax.get_visible() and ax.axison]
    assert [ax.get_title() for ax in axes] == titles
    columns = len({round(ax.get_position().x0, 3) for ax in axes})
    assert 1 < columns < len(boards) and math.ceil(len(boards) / columns) == len(
        {round(ax.get_position().y0, 3) for ax in axes}
    )
    (legend,) = fig.legends
    assert [t.get_text()[0] for t in legend.get_texts()] == ["X", "O"]
    assert all(ax.get_legend() is None for ax in axes)  # one legend, not one per board
    data = boards_png(boards, game=game, columns=2)
    height, width = mpimg.imread(io.BytesIO(data), format="png").shape[:2]
    assert height > width  # 2 columns, many rows
    with pytest.raises(ValueError, match="2 titles for 3 positions"):
        draw_boards(boards[:3], titles=["a", "b"])
    with pytest.raises(ValueError, match="at least one position"):
        draw_boards([])
    with pytest.raises(ValueError, match="columns must be a whole number >= 1, got 0"):
        draw_boards(boards, columns=0)
