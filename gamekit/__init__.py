"""gamekit: games, search engines, pictures and widgets for a course on adversarial search.

The names students use most are importable from here::

    from gamekit import TicTacToe, ConnectFour, GameTree, alphabeta_search, run_traced
"""

import sys
from typing import Any

from gamekit.connect4_fast import fast_connect4_player, fast_cutoff_search, fast_solve
from gamekit.games import (
    BoardState,
    ConnectFour,
    Game,
    GameWrapper,
    IllegalMoveError,
    OrderedGame,
    TicTacToe,
    random_state,
)
from gamekit.gametree import CHANCE, MAX, MIN, GameTree, first_tree
from gamekit.hex import SWAP, Hex, HexState, cell_name, parse_cell
from gamekit.mcts import child_statistics, mcts_search
from gamekit.movelog import GameLog, load_log, replay
from gamekit.negamax import TranspositionTable, negamax_search
from gamekit.players import (
    alphabeta_player,
    expectimax_player,
    greedy_player,
    human_player,
    mcts_player,
    minimax_player,
    negamax_player,
    random_player,
)
from gamekit.quarto import Quarto, QuartoMove, QuartoState, parse_piece, piece_name
from gamekit.search import (
    WIN,
    alphabeta_cutoff_search,
    alphabeta_search,
    expectiminimax,
    minimax_decision,
    minimax_value,
    negamax,
)
from gamekit.tournament import PlayerSpec, elo_ratings, named_player, tournament
from gamekit.trace import Trace, TraceStats, run_traced

__all__ = [
    "fast_connect4_player",
    "fast_cutoff_search",
    "fast_solve",
    "SWAP",
    "GameLog",
    "Hex",
    "HexState",
    "PlayerSpec",
    "Quarto",
    "QuartoMove",
    "QuartoState",
    "TranspositionTable",
    "cell_name",
    "child_statistics",
    "elo_ratings",
    "load_log",
    "mcts_player",
    "mcts_search",
    "named_player",
    "negamax_player",
    "negamax_search",
    "parse_cell",
    "parse_piece",
    "piece_name",
    "replay",
    "tournament",
    "CHANCE",
    "MAX",
    "MIN",
    "WIN",
    "BoardState",
    "ConnectFour",
    "Game",
    "GameTree",
    "GameWrapper",
    "IllegalMoveError",
    "OrderedGame",
    "TicTacToe",
    "Trace",
    "TraceStats",
    "alphabeta_cutoff_search",
    "alphabeta_player",
    "alphabeta_search",
    "expectimax_player",
    "expectiminimax",
    "first_tree",
    "greedy_player",
    "human_player",
    "minimax_decision",
    "minimax_player",
    "minimax_value",
    "negamax",
    "random_player",
    "random_state",
    "run_traced",
]


def show_trees_as_pictures(shell: Any = None) -> bool:
    """In IPython (a notebook), show a `GameTree` left at the end of a cell as its picture
    (`gamekit.draw.tree_png`). A tree knows no screen, so the package joins the two here, on
    import; matplotlib is imported only when a tree is shown. Returns whether there was a
    shell to tell."""
    if shell is None:
        ipython = sys.modules.get("IPython")  # not loaded: not in IPython
        shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return False

    def picture(tree: GameTree) -> bytes:
        from gamekit.draw import tree_png

        return tree_png(tree)

    shell.display_formatter.formatters["image/png"].for_type(GameTree, picture)
    return True


show_trees_as_pictures()
