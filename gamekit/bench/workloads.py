"""The workloads every engine runs: their names, the published position sets, known counts."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "connect4"
"""Pascal Pons' published Connect Four position sets, shipped with gamekit (see its README)."""

SETS = {
    "Test_L3_R1": "end, easy",
    "Test_L2_R1": "middle, easy",
    "Test_L2_R2": "middle, medium",
    "Test_L1_R1": "beginning, easy",
    "Test_L1_R2": "beginning, medium",
    "Test_L1_R3": "beginning, hard",
}
FULL_SETS = ("Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1")
"""Sets the full bench solves by default with every solver: the beginning sets take seconds to
minutes per position in pure Python."""

COMPILED_ONLY = {"Test_L1_R2": 100, "Test_L1_R3": 10}
"""Sets the full bench solves with the compiled solver only, and how many positions of each."""

EASYAI_SETS = {"Test_L3_R1": 100, "Test_L2_R1": 10}
"""Sets the full bench solves with easyAI's own solver (when easyAI is installed), and how many
positions of each: it explores every reply without alpha-beta, so the harder sets would take
minutes to hours."""

TIC_TAC_TOE_NODES = 549_946
"""Nodes of the whole tic-tac-toe game tree, root included (a well-known count)."""


W1, W2, W4 = "3x3 full minimax", "3x3 full alpha-beta", "4x4 k=3 Connect Four, solved"


def w3_description(depth: int, evaluate: bool) -> str:
    return f"7x6 depth {depth}, {'window eval' if evaluate else 'win/loss leaves'}"
