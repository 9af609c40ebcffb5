"""Asks for 20 GB in one allocation: the memory cap refuses it, 0 points."""

START = "release"
ANSWERS = {
    "intervals_answer": """hog = bytearray(20 * 1024**3)
hog[::4096] = b"x" * len(hog[::4096])  # touch every page


def intervals_by_hand():
    raise NotImplementedError()
""",
}
SCORES = {}
FEEDBACK = []
STATUS = "graded"
FLAGGED = False
REASONS = []
