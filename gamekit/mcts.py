"""Monte Carlo tree search with UCT: choose a move by playing many random games.

Each *iteration* of `mcts_search` does the four steps of the textbook (AIMA 5.4, Figure 5.11):

1. **Selection**: from the root, walk down the tree, at each node taking the child with the
   highest UCB1 score (`MCTSNode.ucb`), until a node still has untried moves;
2. **Expansion**: add the child of its first untried move (in ``actions()`` order);
3. **Simulation**: play a random game (a *rollout*) from that child to the end;
4. **Backup**: every node on the path counts one more visit and adds the game's result, each
   from the view of the player who made the move into it.

At a chance node (a `gamekit.gametree.GameTree` node of kind ``'CHANCE'``) selection does not
choose: it draws an outcome with the node's probabilities, and rollouts do the same.

The move played is the root's most visited child, not the one with the best average: an
average over few visits can be high by luck, while many visits mean UCB1 kept preferring that
move even as its exploration bonus shrank ("robust child").

>>> from gamekit.games import TicTacToe
>>> game = TicTacToe()
>>> state = game.replay([(1, 1), (2, 1), (1, 2), (2, 2)])  # X wins at once with (1, 3)
>>> move, root = mcts_search(state, game, iterations=300, seed=1, with_tree=True)
>>> move
(1, 3)
>>> best = child_statistics(root)[0]
>>> best.move, best.mean  # every visit to a winning move is a win for X
((1, 3), 1.0)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from gamekit.games import Game
from gamekit.gametree import CHANCE

RolloutPolicy = Callable[[Game, Any, random.Random], Any]
"""A rollout policy ``policy(game, state, rng) -> move``, asked at the players' turns."""


@dataclass(eq=False)
class MCTSNode:
    """A node of the search tree.

    ``Q`` is the total result of the games played through this node, **from the view of the
    player who made the move into it** (``player``, the mover at the parent): the parent picks
    the child that is best for itself. ``N`` is the number of those games. The root has no
    move and no player; its ``Q`` is not used. A chance node's children have player
    ``'CHANCE'`` and only count visits (``Q`` stays 0), since nobody chooses among them.
    """

    state: Any
    move: Any = None
    parent: MCTSNode | None = None
    player: str | None = None
    children: list[MCTSNode] = field(default_factory=list)
    untried: list[Any] = field(default_factory=list)  # moves without a child yet, in order
    N: int = 0
    Q: float = 0.0

    def ucb(self, c: float = math.sqrt(2)) -> float:
        """UCB1: ``Q/N + c * sqrt(ln(N of the parent) / N)``; infinite while unvisited."""
        if self.N == 0:
            return math.inf
        assert self.parent is not None, "the root has no UCB score"
        return self.Q / self.N + c * math.sqrt(math.log(self.parent.N) / self.N)

    def __repr__(self) -> str:
        return (
            f"MCTSNode(move={self.move!r}, N={self.N}, Q={self.Q:g}, {len(self.children)} children)"
        )


class ChildStats(NamedTuple):
    """One row of `child_statistics`."""

    move: Any
    N: int
    Q: float
    mean: float  # Q / N, from the view of the player to move at the root
    ucb: float


def child_statistics(root: MCTSNode, c: float = math.sqrt(2)) -> list[ChildStats]:
    """Each root child's move, N, Q, Q/N and UCB score, most visited first (for notebooks)."""
    rows = [
        ChildStats(
            child.move, child.N, child.Q, child.Q / child.N if child.N else 0.0, child.ucb(c)
        )
        for child in root.children
    ]
    return sorted(rows, key=lambda row: -row.N)  # a stable sort: ties stay in actions() order


def random_rollout(game: Game, state: Any, rng: random.Random) -> Any:
    """The default rollout policy: a legal move chosen uniformly at random."""
    return rng.choice(game.actions(state))


def _chance_move(game: Game, state: Any, rng: random.Random) -> Any:
    """An outcome of chance node ``state``, drawn with its probabilities."""
    outcomes = game.chance_outcomes(state)
    return rng.choices(list(outcomes), weights=list(outcomes.values()))[0]


def _new_node(game: Game, state: Any, move: Any = None, parent: MCTSNode | None = None) -> MCTSNode:
    player = None if parent is None else game.to_move(parent.state)
    untried = [] if game.terminal_test(state) else list(game.actions(state))
    return MCTSNode(state, move, parent, player, untried=untried)


def _iterate(
    root: MCTSNode, game: Game, c: float, rng: random.Random, rollout: RolloutPolicy
) -> None:
    """One iteration: selection, expansion, simulation, backup."""
    node = root
    while not game.terminal_test(node.state):  # 1. selection and 2. expansion
        if game.to_move(node.state) == CHANCE:
            move = _chance_move(game, node.state, rng)
            child = next((ch for ch in node.children if ch.move == move), None)
        elif node.untried:
            move, child = node.untried[0], None
        else:
            child = max(node.children, key=lambda ch: ch.ucb(c))  # ties: the first
        if child is None:
            node.untried.remove(move)
            child = _new_node(game, game.result(node.state, move), move, node)
            node.children.append(child)
            node = child
            break
        node = child
    state = node.state  # 3. simulation
    while not game.terminal_test(state):
        chance = game.to_move(state) == CHANCE
        move = _chance_move(game, state, rng) if chance else rollout(game, state, rng)
        state = game.result(state, move)
    results: dict[str, float] = {}  # 4. backup, each node from its mover's view
    while node is not None:
        node.N += 1
        if node.player is not None and node.player != CHANCE:
            if node.player not in results:
                results[node.player] = game.utility(state, node.player)
            node.Q += results[node.player]
        node = node.parent


def check_options(
    iterations: int | None, seconds: float | None, c: float, rollout: RolloutPolicy | None
) -> None:
    """Check `mcts_search`'s options (players check them once, when they are made)."""
    if (iterations is None) == (seconds is None):
        raise ValueError(
            f"give exactly one of iterations and seconds, got iterations={iterations!r}, "
            f"seconds={seconds!r}"
        )
    if iterations is not None and (
        isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
    ):
        raise ValueError(f"iterations must be a whole number >= 1, got {iterations!r}")
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0
    ):
        raise ValueError(f"seconds must be a positive number, got {seconds!r}")
    if isinstance(c, bool) or not isinstance(c, (int, float)) or not 0 <= c < math.inf:
        raise ValueError(f"c must be a number >= 0, got {c!r}")
    if rollout is not None and not callable(rollout):
        raise ValueError(f"rollout must be a function (game, state, rng) -> move, got {rollout!r}")


def mcts_search(
    state: Any,
    game: Game,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    c: float = math.sqrt(2),
    seed: int | random.Random | None = None,
    rollout: RolloutPolicy | None = None,
    with_tree: bool = False,
) -> Any:
    """The root's most visited child after UCT search; ``(move, root)`` with ``with_tree``.

    Args:
        iterations: how many iterations to run; or
        seconds: run iterations until this much time has passed (exactly one of the two).
        c: the exploration constant of UCB1 (larger explores more). Results are the games'
            utilities, so for games scored -1/0/1 the textbook's ``sqrt(2)`` fits; scale ``c``
            with the utilities of games that score more.
        seed: an integer or a ``random.Random``: the same seed gives the same search.
        rollout: the rollout policy (default `random_rollout`).

    Returns None (with the tree: ``(None, root)``) when ``state`` is terminal.

    Raises:
        ValueError: for a bad ``iterations``, ``seconds``, ``c`` or ``rollout``, or a root that is
            a chance node.
    """
    check_options(iterations, seconds, c, rollout)
    if game.to_move(state) == CHANCE:
        raise ValueError(f"mcts_search chooses a move for a player; {state!r} is a chance node")
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    rollout = random_rollout if rollout is None else rollout

    root = _new_node(game, state)
    if game.terminal_test(state):
        return (None, root) if with_tree else None
    deadline = None if seconds is None else time.perf_counter() + seconds
    done = 0
    while True:  # at least one iteration, so there is always a move to return
        _iterate(root, game, c, rng, rollout)
        done += 1
        if done == iterations or (deadline is not None and time.perf_counter() >= deadline):
            break
    move = max(root.children, key=lambda child: child.N).move  # most visited; ties: the first
    return (move, root) if with_tree else move
