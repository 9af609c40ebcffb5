"""OpenSpiel as a peer: its Python minimax (``expectiminimax``) and alpha-beta over its C++
games, on W1-W4, nodes counted by wrapping its recursion."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamekit.bench.measuring import Entry
from gamekit.bench.peers import _cells_to_state
from gamekit.bench.workloads import W1, W2, W4, w3_description
from gamekit.games import ConnectFour
from gamekit.heuristics import eval_for


def openspiel_entries(quick: bool) -> list[Entry]:
    import pyspiel
    from open_spiel.python.algorithms import minimax

    def counted(name: str, call: Callable[[], Any]) -> tuple[Any, int]:
        original, calls = getattr(minimax, name), [0]

        def counting(*args: Any, **kwargs: Any) -> Any:
            calls[0] += 1
            return original(*args, **kwargs)

        setattr(minimax, name, counting)  # the recursion calls the module's name: all counted
        try:
            return call(), calls[0]
        finally:
            setattr(minimax, name, original)

    def entry(workload: str, description: str, label: str, call: Callable[[], Any], name: str):
        return Entry(
            workload,
            description,
            f"OpenSpiel {label}",
            call,
            lambda: counted(name, call),
            comparable=False,
        )

    ttt = pyspiel.load_game("tic_tac_toe")
    c4 = pyspiel.load_game("connect_four")
    small = pyspiel.load_game("connect_four(rows=4,columns=4,x_in_row=3)")
    window = eval_for(ConnectFour())

    def window_value(state: Any) -> float:  # X is OpenSpiel's player 0, 'x'
        cells = str(state).replace("\n", "").replace("x", "X").replace("o", "O")
        return window(_cells_to_state(cells, 6, 7), "X")

    entries = [
        entry(
            "W1",
            W1,
            "minimax",
            lambda: minimax.expectiminimax(ttt.new_initial_state(), 9, None, 0)[0],
            "expectiminimax",
        ),
        entry("W2", W2, "alpha-beta", lambda: minimax.alpha_beta_search(ttt)[0], "_alpha_beta"),
    ]
    for depth in (4, 6) if quick else (4, 6, 8):
        for evaluate in (False, True):
            value_function = window_value if evaluate else (lambda state: 0)

            def call(depth: int = depth, value_function: Callable = value_function) -> Any:
                return minimax.alpha_beta_search(
                    c4, value_function=value_function, maximum_depth=depth
                )[0]

            entries.append(
                entry("W3", w3_description(depth, evaluate), "alpha-beta", call, "_alpha_beta")
            )
    entries.append(
        entry(
            "W4",
            W4,
            "alpha-beta",
            lambda: minimax.alpha_beta_search(small, maximum_depth=17)[0],
            "_alpha_beta",
        )
    )
    return entries
