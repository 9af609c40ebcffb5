"""gamekit: games, search engines, pictures and widgets for a course on adversarial search.

The names students use most are importable from here::

    from gamekit import TicTacToe, ConnectFour, GameTree, alphabeta_search, run_traced
"""

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
from gamekit.players import (
    alphabeta_player,
    expectimax_player,
    greedy_player,
    human_player,
    minimax_player,
    random_player,
)
from gamekit.search import (
    WIN,
    alphabeta_cutoff_search,
    alphabeta_search,
    expectiminimax,
    minimax_decision,
    minimax_value,
    negamax,
)
from gamekit.trace import Trace, TraceStats, run_traced

__all__ = [
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
