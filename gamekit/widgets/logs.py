"""A board's game as a move log (`gamekit.movelog`): saved to a file, or a saved one replayed on
the board move by move with Previous and Next. Mixed into `gamekit.widgets.board.GameBoard`,
whose state (its records, its lock, its status line) these methods use."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from gamekit.i18n import _, in_own_language, ngettext
from gamekit.movelog import GameLog, load_log, replay


@in_own_language
class GameLogMixin:
    """`game_log`, `save_log`, `load_log` and `step_replay` of a `GameBoard`."""

    lock: Any  # what the board provides
    game: Any
    adapter: Any
    human: str
    seed: int | None
    records: list[dict[str, Any]]
    replaying: list[Any] | None
    replay_at: int

    def game_log(self) -> GameLog:
        """The game played so far, as a `gamekit.movelog.GameLog`."""
        engine_name = self.engine.name
        players = {p: ("you" if p == self.human else engine_name) for p in self.game.players}
        log = GameLog.new(self.game, players, seed=self.seed)
        for record in self.records:
            log.add(
                record["state"],
                record["move"],
                record["after"],
                seconds=record["seconds"],
                stats=record["stats"],
            )
        return log

    def save_log(self, path: str | Path | None = None) -> Path:
        """Write the game to ``path`` (default: a dated file in the current folder)."""
        if path is None:
            stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
            path = f"{self.adapter.name}-{stamp}.jsonl"
        path = Path(path)
        self.game_log().save(path)
        saved = ngettext(
            "Saved the game ({n} move) to {path}.",
            "Saved the game ({n} moves) to {path}.",
            len(self.records),
        ).format(n=len(self.records), path=path)
        self._say(saved + " " + self._turn_text())
        return path

    def load_log(self, log: GameLog | str | Path) -> None:
        """Replay a logged game move by move with Previous and Next (New game ends it)."""
        if not isinstance(log, GameLog):
            log = load_log(log)
        if repr(log.game) != repr(self.game):
            raise ValueError(f"this board plays {self.game!r}; the log is of {log.game!r}")
        with self.lock:
            self._cancel()
            self.replaying, self.replay_at = list(replay(log)), 0
            self._enable_settings()
            self.replay_log = log
            self.hints = []
            self._redraw()
            self._say(self._turn_text())

    def step_replay(self, step: int) -> None:
        """Previous (-1) or Next (+1) move of the log being replayed."""
        with self.lock:
            if self.replaying is None:
                refused = _("no log is being replayed (see load_log)")
                self._say(self._turn_text(), problem=refused)
                return
            at = self.replay_at + step
            if not 0 <= at < len(self.replaying):
                if at < 0:
                    refused = _("this is the start of the log")
                else:
                    refused = _("this is the end of the log")
                self._say(self._turn_text(), problem=refused)
                return
            self.replay_at = at
            self._redraw()
            self._say(self._turn_text())
