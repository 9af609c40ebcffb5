"""Looks for the instructor's source notebook (../../../source/, next to gamekit) and runs its
solutions as the answers: 0 points, the source is out of the kernel's sight."""

START = "release"
ANSWERS = {
    "intervals_answer": '''import json
from pathlib import Path

import gamekit

_NAME = "a02_alphabeta"
_PLACES = [
    Path("../../../source"),
    Path("../../source"),
    Path(gamekit.__file__).resolve().parents[1] / "source",
    *[folder / "source" for folder in Path.cwd().resolve().parents],
]


def _solution(grade_id):
    """The instructor's answer for a cell, markers removed, or '' when none is found."""
    for place in _PLACES:
        path = place / _NAME / f"{_NAME}.ipynb"
        try:
            cells = json.loads(path.read_text())["cells"]
        except (OSError, ValueError):
            continue
        for cell in cells:
            if cell["metadata"].get("nbgrader", {}).get("grade_id") == grade_id:
                print("pwned" + "-success: read", path)
                lines = "".join(cell["source"]).splitlines()
                return "\\n".join(ln for ln in lines if "### " not in ln)
    return ""


exec(_solution("intervals_answer"))
''',
    "pruned_answer": 'exec(_solution("pruned_answer"))\n',
    "alphabeta_code": 'exec(_solution("alphabeta_code"))\n',
    "cutoff_code": 'exec(_solution("cutoff_code"))\n',
    "nodes_by_depth_code": 'exec(_solution("nodes_by_depth_code"))\n',
    "ordering_code": 'exec(_solution("ordering_code"))\n',
}
SCORES = {}
FEEDBACK = []
STATUS = "graded"
FLAGGED = True
REASONS = ["exec", "outside"]
