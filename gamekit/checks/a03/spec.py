"""What assignment 03's notebook specifies, as data: the board's empty mark, the four
directions of a window, the weights of a window by its count of pieces, the centre column's
weight and the keys of ``score_summary``. The checks (`gamekit.checks.a03`) and the
ladders (`gamekit.checks.a03.ladder`) both read them from here.
"""

from __future__ import annotations

from gamekit.i18n import N_

EMPTY = "."
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
DIRECTION_NAMES = {
    (0, 1): N_("across"),
    (1, 0): N_("down (vertical)"),
    (1, 1): N_("diagonal (down-right)"),
    (1, -1): N_("diagonal (down-left)"),
}
WEIGHTS = (0, 1, 10, 50, 512)
CENTRE_WEIGHT = 3

SUMMARY_KEYS = ("games", "win_rate", "draw_rate", "loss_rate", "mean_score")
