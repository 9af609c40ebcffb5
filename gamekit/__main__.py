"""The command line: ``python -m gamekit play | tournament | replay`` (``--help`` for each).

python -m gamekit play connect-four --engine negamax --depth 6 --you O
python -m gamekit tournament --game hex --size 5 --players random,connected,shortest_path
python -m gamekit play quarto --log game.jsonl
python -m gamekit replay game.jsonl --step
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Sequence

from gamekit.engine_names import ALIASES, TERMINAL_ENGINES, engine_name, tournament_name
from gamekit.games import Game
from gamekit.movelog import GAME_KINDS, LogError, kind_of, load_log, make_game
from gamekit.terminal.replay import print_replay
from gamekit.tournament import evaluations, named_player, player_names, tournament

DEFAULT_DEPTH = {"tictactoe": None, "connect-four": 4, "hex": 2, "quarto": 1}
"""Search depth when ``--depth`` is not given (None: to the end of the game)."""

DEFAULT_HEX_SIZE = 7


def _games_help() -> str:
    lines = ["games, and the evaluations their depth-limited engines use (the first by default):"]
    for name in GAME_KINDS:
        game = make_game(name, **({"size": 5} if name == "hex" else {}))
        depth = DEFAULT_DEPTH[name]
        lines.append(
            f"  {name:<13} evaluations: {', '.join(evaluations(game))}; "
            f"default depth: {'to the end' if depth is None else depth}"
        )
    spelled = {name: alias for alias, name in reversed(ALIASES.items()) if " " not in alias}
    engines = [
        name + (f" (or {spelled[name]})" if name in spelled else "") for name in TERMINAL_ENGINES
    ]
    lines.append(f"engines: {', '.join(engines)}")
    return "\n".join(lines)


def _game_name(text: str) -> str:
    """A game's name as the command line, the logs and the widgets spell it."""
    if text not in GAME_KINDS:
        raise argparse.ArgumentTypeError(
            f"unknown game '{text}': the games are {', '.join(GAME_KINDS)}"
        )
    return text


def _engine(text: str) -> str:
    """An engine's name as the course spells it (`gamekit.engine_names`): ``alphabeta`` is read
    as ``alpha-beta``; an unknown name is answered with the list."""
    try:
        return engine_name(text, TERMINAL_ENGINES)
    except ValueError as error:
        if _known(text) and engine_name(text) == "negamax (time limit)":
            raise argparse.ArgumentTypeError(
                f"{text!r} is negamax with a time limit: type --engine negamax --time-limit SECONDS"
            ) from None
        raise argparse.ArgumentTypeError(str(error)) from None


def _known(text: str) -> bool:
    """Is ``text`` the name of one of the course's engines, in any spelling?"""
    try:
        engine_name(text)
    except ValueError:
        return False
    return True


def _positive_int(text: str) -> int:
    if not text.isdecimal() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {text!r}")
    return int(text)


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("board")
    group.add_argument(
        "--size", type=_positive_int, help=f"Hex board size (default {DEFAULT_HEX_SIZE})"
    )
    group.add_argument("--swap", action="store_true", help="Hex with the swap rule")
    group.add_argument("--rows", type=_positive_int, help="rows of a k-in-a-row board")
    group.add_argument("--columns", type=_positive_int, help="columns of a k-in-a-row board")
    group.add_argument("--k", type=_positive_int, help="marks in a row that win")


def _add_engine_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("engines")
    group.add_argument(
        "--depth",
        type=_positive_int,
        help="plies for minimax, alphabeta, negamax (default below; negamax with --time-limit "
        "in play: none)",
    )
    group.add_argument(
        "--time-limit",
        type=_positive_float,
        help="seconds per move for negamax (iterative deepening) and mcts",
    )
    group.add_argument("--iterations", type=_positive_int, help="mcts iterations per move (200)")


def _game(name: str, args: argparse.Namespace) -> Game:
    """The game ``name`` with the board options of ``args``."""
    if name == "hex":
        if args.rows or args.columns or args.k:
            raise ValueError("Hex takes --size (and --swap), not --rows, --columns or --k")
        return make_game("hex", size=args.size or DEFAULT_HEX_SIZE, swap=args.swap)
    if args.size or args.swap:
        raise ValueError(f"--size and --swap are for hex, not {name}")
    if name == "quarto":
        if args.rows or args.columns or args.k:
            raise ValueError("Quarto's board is always 4 x 4: no --rows, --columns or --k")
        return make_game("quarto")
    base = make_game(name)
    rows, columns, k = args.rows or base.h, args.columns or base.v, args.k or base.k
    if k < 2:
        raise ValueError("--k must be at least 2")
    if k > min(rows, columns):
        raise ValueError(
            f"{k} in a row does not fit on {rows} rows and {columns} columns: a line of {k} "
            "must fit across and down"
        )
    return make_game(name, h=rows, v=columns, k=k)


def _depth(name: str, args: argparse.Namespace) -> int | None:
    """``--depth``, else the game's default; none for ``play --engine negamax --time-limit``
    (it deepens until the time is up)."""
    if args.depth is not None:
        return args.depth
    if args.command == "play" and args.engine == "negamax" and args.time_limit:
        return None
    return DEFAULT_DEPTH[name]


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``python -m gamekit``."""
    parser = argparse.ArgumentParser(
        prog="python -m gamekit",
        description="Play gamekit's games in a terminal, run tournaments, replay move logs.",
        epilog=_games_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = commands.add_parser(
        "play",
        help="play against an engine",
        description="Play a game against an engine in this terminal.",
        epilog=_games_help() + "\nwhile playing, type a move or one of: undo, hint, help, quit",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("game", type=_game_name, metavar="GAME", help=", ".join(GAME_KINDS))
    play.add_argument(
        "--engine",
        default="negamax",
        type=_engine,
        metavar="ENGINE",
        help=f"{', '.join(TERMINAL_ENGINES)} (default: negamax)",
    )
    play.add_argument("--evaluation", help="the engine's evaluation (a name listed below)")
    play.add_argument("--you", default="X", choices=["X", "O"], help="your side; X moves first")
    play.add_argument("--seed", type=int, default=None, help="seed for random and mcts engines")
    play.add_argument(
        "--log",
        metavar="FILE",
        help="write the game's move log to FILE (see it again with: python -m gamekit replay "
        "FILE); without --log nothing is written",
    )
    play.add_argument(
        "--lang",
        metavar="LANG",
        help="the game's language: en, pt_BR or es (default: $GAMEKIT_LANG, else English); "
        "moves and commands can be typed in English too",
    )
    _add_engine_options(play)
    _add_game_options(play)

    tour = commands.add_parser(
        "tournament",
        help="a round robin between engines, with Elo ratings",
        description=(
            "Every pair of players plays --games games (colours alternate), in parallel. "
            "Prints the win/draw/loss table, the cross table and Elo ratings."
        ),
        epilog=_games_help()
        + "\nplayers: an engine (negamax), an evaluation (connected: alphabeta with it),"
        "\nor both (negamax:shortest_path)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    tour.add_argument(
        "--game",
        required=True,
        type=_game_name,
        metavar="GAME",
        help=", ".join(GAME_KINDS),
    )
    tour.add_argument("--players", required=True, help="comma-separated player names")
    tour.add_argument("--games", type=_positive_int, default=2, help="games per pair (2)")
    tour.add_argument("--seed", type=int, default=0, help="tournament seed (0)")
    tour.add_argument("--workers", type=_positive_int, help="processes (default: CPU count)")
    tour.add_argument(
        "--time-per-move",
        type=_positive_float,
        help="seconds; moves over it are reported, not forfeited",
    )
    tour.add_argument("--log-dir", help="write every game's move log into this folder")
    tour.add_argument("--plot", metavar="PNG", help="save a picture of the ratings")
    tour.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_engine_options(tour)
    _add_game_options(tour)

    replay = commands.add_parser(
        "replay", help="print a logged game move by move", description="Replay a move log."
    )
    replay.add_argument("log", help="a .jsonl move log")
    replay.add_argument("--step", action="store_true", help="wait for Enter after every move")
    replay.add_argument("--lang", metavar="LANG", help="en, pt_BR or es (default: $GAMEKIT_LANG)")
    return parser


def _check_evaluation(game: Game, name: str | None) -> None:
    """``--evaluation``, if given, must be one this game has."""
    known = evaluations(game)
    if name is not None and name not in known:
        raise ValueError(
            f"unknown evaluation '{name}' for {kind_of(game).name}: "
            f"its evaluations are {', '.join(known)}"
        )


def _play(args: argparse.Namespace) -> int:
    from gamekit.i18n import set_language
    from gamekit.terminal import Engine, play_in_terminal

    if args.lang:
        set_language(args.lang)
    game = _game(args.game, args)
    _check_evaluation(game, args.evaluation)
    engine = Engine(
        game,
        args.engine,
        depth=_depth(args.game, args),
        evaluation=args.evaluation,
        time_limit=args.time_limit,
        iterations=args.iterations,
        seed=args.seed,
    )
    play_in_terminal(game, engine, args.you, log_path=args.log)
    return 0


def _tournament(args: argparse.Namespace) -> int:
    game = _game(args.game, args)
    names = [name.strip() for name in args.players.split(",") if name.strip()]
    if len(names) < 2:
        raise ValueError(
            f"--players needs at least two names, got {args.players!r}; "
            f"players for {args.game}: {', '.join(player_names(game))}"
        )
    if len(set(names)) < len(names):
        raise ValueError(f"--players names a player twice: {args.players!r}")
    specs = [
        dataclasses.replace(
            named_player(
                _tournament_spelling(name),
                game,
                depth=_depth(args.game, args),
                time_limit=args.time_limit,
                iterations=args.iterations,
                traced=args.log_dir is not None,
            ),
            name=name,
        )
        for name in names
    ]
    result = tournament(
        game,
        specs,
        args.games,
        args.seed,
        workers=args.workers,
        time_per_move=args.time_per_move,
        progress=not args.quiet,
        log_dir=args.log_dir,
    )
    print(result.report())
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        result.plot_ratings().figure.savefig(args.plot, dpi=120, bbox_inches="tight")
        print(f"\nRatings picture: {args.plot}")
    if args.log_dir:
        print(f"Move logs: {args.log_dir}")
    return 0


def _tournament_spelling(name: str) -> str:
    """A player's name with its engine spelled as `gamekit.tournament` does: ``alpha-beta``
    and ``alpha-beta:windows`` become ``alphabeta`` and ``alphabeta:windows``."""
    engine, colon, evaluation = name.partition(":")
    if not _known(engine) or engine_name(engine) not in TERMINAL_ENGINES:
        return name  # an evaluation's name, or one the tournament will refuse with its list
    return tournament_name(engine_name(engine)) + colon + evaluation


def _replay(args: argparse.Namespace) -> int:
    from gamekit.i18n import set_language

    if args.lang:
        set_language(args.lang)
    print_replay(load_log(args.log), step=args.step)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (2 for bad input, with a message)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    run = {"play": _play, "tournament": _tournament, "replay": _replay}[args.command]
    try:
        return run(args)
    except (LogError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except ValueError as error:
        parser.exit(2, f"{parser.prog} {args.command}: error: {error}\n")
    except KeyboardInterrupt:
        print("\nInterrupted.", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
