"""A busy loop that catches KeyboardInterrupt (and ends by itself after 40 s of CPU time):
stopped at its CPU-time limit, the kernel will not stop when interrupted, so grading fails with
that reason instead of hanging."""

START = "release"
ANSWERS = {
    "vocabulary_answer": """import time

_end = time.process_time() + 40
while True:  # the busy loop's own jump is inside the try: an interrupt always lands there
    try:
        while time.process_time() < _end:
            pass
        break
    except KeyboardInterrupt:
        continue


def tree_vocabulary():
    raise NotImplementedError()
""",
}
SCORES = {}
FEEDBACK = []
STATUS = "failed"
FLAGGED = True
REASONS = ["did not stop when interrupted", "KeyboardInterrupt"]
