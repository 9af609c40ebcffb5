"""A logged game (`gamekit.movelog`) in a notebook: `step_through`, the board as text with
Previous and Next."""

from __future__ import annotations

from typing import Any

from gamekit.i18n import _
from gamekit.movelog import GameLog, replay
from gamekit.terminal.replay import describe_log, describe_record, outcome_text
from gamekit.terminal.text import board_text


def step_through(log: GameLog) -> Any:
    """A small notebook viewer of the logged game: the board as text, Previous and Next.

    Returns an ``ipywidgets.VBox``; its ``states`` attribute holds the replayed states.
    """
    import html

    import ipywidgets as widgets

    states = list(replay(log))
    records = [None, *log.moves]
    board = widgets.HTML()
    caption = widgets.Label()
    previous = widgets.Button(description=_("Previous"), icon="arrow-left")
    following = widgets.Button(description=_("Next"), icon="arrow-right")
    slider = widgets.IntSlider(value=0, min=0, max=len(states) - 1, description=_("ply"))

    def show(change: Any = None) -> None:
        ply = slider.value
        text = html.escape(board_text(log.game, states[ply]))
        board.value = f"<pre style='font-size:1.1em'>{text}</pre>"
        record = records[ply]
        caption.value = _("Start") if record is None else describe_record(record, log.game)
        if ply == len(states) - 1:
            caption.value += "  -  " + outcome_text(log.game, states[ply])
        previous.disabled = ply == 0
        following.disabled = ply == len(states) - 1

    def move_by(step: int) -> None:
        slider.value = min(max(slider.value + step, 0), len(states) - 1)

    previous.on_click(lambda _: move_by(-1))
    following.on_click(lambda _: move_by(1))
    slider.observe(show, names="value")
    show()
    viewer = widgets.VBox(
        [
            widgets.Label(describe_log(log)),
            widgets.HBox([previous, following, slider]),
            caption,
            board,
        ]
    )
    viewer.states = states
    return viewer
