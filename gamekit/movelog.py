"""Move logs: any game of the course as JSON lines, loaded back, checked and replayed.

A log file holds one JSON object per line. The first is the **header**::

    {"type": "header", "format": 1, "game": "tictactoe", "params": {"h": 3, "v": 3, "k": 3},
     "players": {"X": "you", "O": "alphabeta"}, "seed": 0, "date": "2025-...", "gamekit": "0.1.0"}

then one line per **move**, in order::

    {"type": "move", "ply": 1, "player": "X", "by": "you", "move": [2, 2], "seconds": 3.2,
     "stats": null, "board": ". . .\\n. X .\\n. . ."}

``player`` is the side that moved, ``by`` the name of whoever played it, ``seconds`` the time the
move took, ``stats`` the engine's search figures from `gamekit.trace` (``nodes``,
``cutoffs_by_max``, ``max_depth``, ``seconds``, ...) when it was traced, else ``null``, and
``board`` the position after the move as ``str(state)``.

Moves are stored in each game's own notation (`GAME_KINDS`): a cell ``[row, col]`` for
tic-tac-toe and Connect Four, a cell name such as ``"c5"`` (or ``"swap"``) for Hex, and
``{"cell": [row, col] | null, "give": "LQSF" | null}`` for Quarto. Loading checks every line and
says which line is wrong and why; `replay` also checks that every move is legal and that each
logged board is the board the moves lead to.

>>> from gamekit.games import TicTacToe
>>> log = GameLog.new(TicTacToe(), {"X": "me", "O": "you"})
>>> state = TicTacToe().initial
>>> for move in [(2, 2), (1, 1)]:
...     after = log.game.result(state, move)
...     log.add(state, move, after)
...     state = after
>>> print(log.moves[-1].board)
O . .
. X .
. . .
>>> [str(s.last_move) for s in replay(GameLog.from_lines(log.to_lines()))]
['None', '(2, 2)', '(1, 1)']
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from gamekit.games import ConnectFour, Game, IllegalMoveError, TicTacToe

FORMAT = 1
"""The version of the log format written by this module."""


class LogError(ValueError):
    """A log file that cannot be read or replayed; ``line`` is the 1-based line at fault."""

    def __init__(self, message: str, line: int | None = None, source: str = "log") -> None:
        where = f"{source}, line {line}: " if line is not None else f"{source}: "
        super().__init__(where + message)
        self.line = line


# --------------------------------------------------------------------------------------------
# Game kinds: how to rebuild a game and write its moves
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameKind:
    """What a log needs to know about one kind of game.

    ``make(**params)`` builds the game; ``params(game)`` gives back those parameters;
    ``encode(move)`` turns a move into plain JSON data and ``decode(data)`` turns it back,
    raising `ValueError` for data that is no move of this kind of game.
    """

    name: str
    make: Callable[..., Game]
    params: Callable[[Any], dict[str, Any]]
    encode: Callable[[Any], Any]
    decode: Callable[[Any], Any]
    is_kind: Callable[[Game], bool]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _decode_cell(data: Any) -> tuple[int, int]:
    if not (isinstance(data, list) and len(data) == 2 and all(_is_int(x) for x in data)):
        raise ValueError(f"a cell is written [row, col] with two integers, got {data!r}")
    return (data[0], data[1])


def _make_hex(size: int = 11, swap: bool = False) -> Game:
    from gamekit.hex import Hex

    return Hex(size=size, swap=swap)


def _encode_hex(move: Any) -> str:
    from gamekit.hex import SWAP, cell_name

    return SWAP if move == SWAP else cell_name(move)


def _decode_hex(data: Any) -> Any:
    from gamekit.hex import SWAP, parse_cell

    if data == SWAP:
        return SWAP
    if not isinstance(data, str):
        raise ValueError(
            f"a Hex move is written as a cell name such as 'c5' or 'swap', got {data!r}"
        )
    return parse_cell(data)


def _is_hex(game: Game) -> bool:
    from gamekit.hex import Hex

    return isinstance(game, Hex)


def _make_quarto() -> Game:
    from gamekit.quarto import Quarto

    return Quarto()


def _encode_quarto(move: Any) -> dict[str, Any]:
    from gamekit.quarto import piece_name

    cell, give = move
    return {
        "cell": None if cell is None else list(cell),
        "give": None if give is None else piece_name(give),
    }


def _decode_quarto(data: Any) -> Any:
    from gamekit.quarto import QuartoMove, parse_piece

    if not (isinstance(data, dict) and set(data) == {"cell", "give"}):
        raise ValueError(
            f'a Quarto move is written {{"cell": [row, col] or null, "give": name or null}}, '
            f"got {data!r}"
        )
    cell = None if data["cell"] is None else _decode_cell(data["cell"])
    give = data["give"]
    if give is not None and not isinstance(give, str):
        raise ValueError(f"give is a piece name such as 'DRTH' or null, got {give!r}")
    return QuartoMove(cell, None if give is None else parse_piece(give))


def _is_quarto(game: Game) -> bool:
    from gamekit.quarto import Quarto

    return isinstance(game, Quarto)


def _k_params(game: Any) -> dict[str, Any]:
    return {"h": game.h, "v": game.v, "k": game.k}


GAME_KINDS: dict[str, GameKind] = {
    kind.name: kind
    for kind in (
        GameKind(
            "tictactoe",
            TicTacToe,
            _k_params,
            list,
            _decode_cell,
            lambda g: isinstance(g, TicTacToe) and not isinstance(g, ConnectFour),
        ),
        GameKind(
            "connect-four",
            ConnectFour,
            _k_params,
            list,
            _decode_cell,
            lambda g: isinstance(g, ConnectFour),
        ),
        GameKind(
            "hex",
            _make_hex,
            lambda g: {"size": g.size, "swap": g.swap},
            _encode_hex,
            _decode_hex,
            _is_hex,
        ),
        GameKind("quarto", _make_quarto, lambda g: {}, _encode_quarto, _decode_quarto, _is_quarto),
    )
}
"""Every game a log can hold, by the name the command line uses too."""


def kind_of(game: Game) -> GameKind:
    """The `GameKind` of ``game``; `ValueError` for a game no log can hold."""
    for kind in GAME_KINDS.values():
        if kind.is_kind(game):
            return kind
    raise ValueError(f"no move log format for {game!r}; games with one: {', '.join(GAME_KINDS)}")


def game_label(game: Game) -> str:
    """``game`` by the name the command line and the logs use, with its board in words.

    >>> game_label(ConnectFour()), game_label(make_game("hex", size=7, swap=True))
    ('connect-four (6 rows, 7 columns, 4 in a row)', 'hex (7 x 7, swap rule)')
    """
    from gamekit.i18n import _

    kind = kind_of(game)
    params = kind.params(game)
    if kind.name in ("tictactoe", "connect-four"):
        board = _("{rows} rows, {cols} columns, {k} in a row").format(
            rows=params["h"], cols=params["v"], k=params["k"]
        )
    elif kind.name == "hex":
        board = f"{params['size']} x {params['size']}"
        if params["swap"]:
            board = _("{board}, swap rule").format(board=board)
    else:
        return kind.name
    return f"{kind.name} ({board})"


def make_game(name: str, **params: Any) -> Game:
    """The game called ``name`` in `GAME_KINDS`, built with ``params``."""
    if name not in GAME_KINDS:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(GAME_KINDS)}")
    return GAME_KINDS[name].make(**params)


def encode_move(game: Game, move: Any) -> Any:
    """``move`` as plain JSON data, in the notation of ``game``'s kind."""
    return kind_of(game).encode(move)


def decode_move(game: Game, data: Any) -> Any:
    """The move that `encode_move` wrote as ``data``; `ValueError` if it is none."""
    return kind_of(game).decode(data)


def gamekit_version() -> str:
    """The installed version of gamekit ('unknown' when it runs from an uninstalled copy)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("adversarial-search-gamekit")
    except PackageNotFoundError:
        return "unknown"


# --------------------------------------------------------------------------------------------
# Logs
# --------------------------------------------------------------------------------------------


@dataclass
class MoveRecord:
    """One line of a log after the header (see the module docstring)."""

    ply: int
    player: str
    by: str
    move: Any
    seconds: float | None = None
    stats: dict[str, Any] | None = None
    board: str = ""
    line: int | None = None  # the line of the file it was read from, for error messages


@dataclass
class GameLog:
    """A game and its moves: the header's fields, then the `MoveRecord` of every move."""

    game: Game
    players: dict[str, str]
    moves: list[MoveRecord] = field(default_factory=list)
    seed: int | None = None
    date: str = ""
    version: str = ""
    source: str = "log"  # the file it was read from, for error messages

    @classmethod
    def new(cls, game: Game, players: Mapping[str, str], seed: int | None = None) -> GameLog:
        """An empty log of ``game`` between ``players`` (``{side: name}``), dated now."""
        kind_of(game)  # refuse a game no log can hold now, not when saving
        missing = [side for side in game.players if side not in players]
        if missing:
            raise ValueError(f"players must name every side {game.players}; missing {missing}")
        date = datetime.now(timezone.utc).isoformat(timespec="seconds")
        return cls(game, dict(players), [], seed, date, gamekit_version())

    @property
    def game_name(self) -> str:
        return kind_of(self.game).name

    def add(
        self,
        state: Any,
        move: Any,
        after: Any,
        *,
        seconds: float | None = None,
        stats: Any = None,
    ) -> None:
        """Append ``move``, played in ``state`` and leading to ``after``.

        ``stats`` may be a `gamekit.trace.TraceStats` (or any dataclass or dict of figures).
        """
        if dataclasses.is_dataclass(stats) and not isinstance(stats, type):
            stats = dataclasses.asdict(stats)
        player = self.game.to_move(state)
        record = MoveRecord(
            len(self.moves) + 1,
            player,
            self.players.get(player, player),
            move,
            None if seconds is None else round(seconds, 6),
            None if stats is None else dict(stats),
            str(after),
        )
        self.moves.append(record)

    def header(self) -> dict[str, Any]:
        """The first line of the file, as a dict."""
        return {
            "type": "header",
            "format": FORMAT,
            "game": self.game_name,
            "params": kind_of(self.game).params(self.game),
            "players": self.players,
            "seed": self.seed,
            "date": self.date,
            "gamekit": self.version,
        }

    def to_lines(self) -> list[str]:
        """The log as JSON lines (without newlines): the header, then one line per move."""
        encode = kind_of(self.game).encode
        lines = [json.dumps(self.header())]
        for r in self.moves:
            row = {
                "type": "move",
                "ply": r.ply,
                "player": r.player,
                "by": r.by,
                "move": encode(r.move),
                "seconds": r.seconds,
                "stats": r.stats,
                "board": r.board,
            }
            lines.append(json.dumps(row))
        return lines

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the log to ``path`` as JSON lines."""
        with open(path, "w", encoding="utf-8") as file:
            file.write("".join(line + "\n" for line in self.to_lines()))

    @classmethod
    def from_lines(cls, lines: Iterable[str], source: str = "log") -> GameLog:
        """Parse and check JSON lines (see `load_log`); `LogError` names the bad line."""
        lines = list(lines)
        if not lines or not lines[0].strip():
            raise LogError("the header is missing: the file is empty", 1, source)
        header = _json_object(lines[0], 1, source, cut=len(lines) == 1)
        if header.get("type") != "header":
            raise LogError(
                "the first line must be the header (type 'header'), "
                f"got type {header.get('type')!r}",
                1,
                source,
            )
        log = _from_header(header, source)
        for number, text in enumerate(lines[1:], start=2):
            if not text.strip():
                continue
            row = _json_object(text, number, source, cut=number == len(lines))
            log.moves.append(_move_record(log, row, number, source))
        return log

    def __str__(self) -> str:
        """The game by its command-line name, who played which side, and how many moves.

        >>> str(GameLog.new(TicTacToe(), {"X": "you", "O": "negamax"}))
        'tictactoe (3 rows, 3 columns, 3 in a row): X is you, O is negamax; 0 moves'
        """
        sides = ", ".join(f"{side} is {self.players[side]}" for side in self.game.players)
        count = len(self.moves)
        return f"{game_label(self.game)}: {sides}; {count} move{'' if count == 1 else 's'}"


def _json_object(text: str, number: int, source: str, cut: bool) -> dict[str, Any]:
    try:
        row = json.loads(text)
    except json.JSONDecodeError as error:
        hint = (
            " (the line is cut short: was the file truncated while the game was written?)"
            if cut and not text.endswith("\n")
            else ""
        )
        raise LogError(
            f"not valid JSON: {error.msg} at column {error.colno}{hint}", number, source
        ) from None
    if not isinstance(row, dict):
        raise LogError(f"expected a JSON object {{...}}, got {text.strip()[:40]!r}", number, source)
    return row


def _from_header(header: dict[str, Any], source: str) -> GameLog:
    if header.get("format") != FORMAT:
        raise LogError(
            f"unknown log format {header.get('format')!r}; this gamekit reads format {FORMAT}",
            1,
            source,
        )
    name = header.get("game")
    if name not in GAME_KINDS:
        raise LogError(f"unknown game {name!r}; known games: {', '.join(GAME_KINDS)}", 1, source)
    params = header.get("params")
    if not isinstance(params, dict):
        raise LogError(f"params must be an object, got {params!r}", 1, source)
    try:
        game = GAME_KINDS[name].make(**params)
    except (TypeError, ValueError) as error:
        raise LogError(f"cannot build {name} with params {params}: {error}", 1, source) from None
    players = header.get("players")
    if not (isinstance(players, dict) and set(players) == set(game.players)):
        raise LogError(
            f"players must map each side {list(game.players)} to a name, got {players!r}",
            1,
            source,
        )
    return GameLog(
        game,
        {side: str(players[side]) for side in game.players},
        [],
        header.get("seed"),
        str(header.get("date", "")),
        str(header.get("gamekit", "")),
        source,
    )


def _move_record(log: GameLog, row: dict[str, Any], number: int, source: str) -> MoveRecord:
    if row.get("type") != "move":
        raise LogError(
            f"expected a move line (type 'move'), got type {row.get('type')!r}", number, source
        )
    missing = [key for key in ("ply", "player", "move", "board") if key not in row]
    if missing:
        raise LogError(f"the move line lacks {', '.join(missing)}", number, source)
    expected = len(log.moves) + 1
    if row["ply"] != expected:
        raise LogError(f"ply should be {expected}, got {row['ply']!r}", number, source)
    if row["player"] not in log.game.players:
        raise LogError(
            f"player must be one of {list(log.game.players)}, got {row['player']!r}", number, source
        )
    try:
        move = GAME_KINDS[log.game_name].decode(row["move"])
    except ValueError as error:
        raise LogError(f"bad move: {error}", number, source) from None
    stats = row.get("stats")
    if stats is not None and not isinstance(stats, dict):
        raise LogError(f"stats must be an object or null, got {stats!r}", number, source)
    seconds = row.get("seconds")
    if seconds is not None and not isinstance(seconds, (int, float)):
        raise LogError(f"seconds must be a number or null, got {seconds!r}", number, source)
    return MoveRecord(
        row["ply"],
        row["player"],
        str(row.get("by", row["player"])),
        move,
        seconds,
        stats,
        str(row["board"]),
        number,
    )


def load_log(path: str | os.PathLike[str]) -> GameLog:
    """Read the log at ``path``, checking every line; `LogError` names the line at fault.

    Moves are not played here (see `replay`): a log whose lines are well formed loads even if a
    move is illegal.
    """
    with open(path, encoding="utf-8") as file:
        text = file.read()
    return GameLog.from_lines(text.splitlines(keepends=True), source=os.fspath(path))


def replay(log: GameLog) -> Iterator[Any]:
    """The states of the logged game: the start, then the state after each move.

    Each move is played with ``game.result`` (so it must be legal) and the board reached must
    be the one the log wrote down; otherwise `LogError` names the line.
    """
    game = log.game
    state = game.initial
    yield state
    for record in log.moves:
        if game.to_move(state) != record.player:
            raise LogError(
                f"the log says {record.player} moved, but it was {game.to_move(state)}'s turn",
                record.line,
                log.source,
            )
        try:
            state = game.result(state, record.move)
        except IllegalMoveError as error:
            raise LogError(
                f"illegal move at ply {record.ply}: {error}", record.line, log.source
            ) from None
        if str(state) != record.board:
            raise LogError(
                f"the board after ply {record.ply} differs from the logged one:\n"
                f"replayed:\n{state}\nlogged:\n{record.board}",
                record.line,
                log.source,
            )
        yield state
