"""Calls os._exit(0) in the first answer cell: failed (the kernel died), never a silent 0."""

START = "release"
ANSWERS = {
    "intervals_answer": """import os

os._exit(0)


def intervals_by_hand():
    raise NotImplementedError()
""",
}
SCORES = {}
FEEDBACK = []
STATUS = "failed"
FLAGGED = True
REASONS = ["kernel died", "os._exit"]
