"""An empty submission folder: missing (not submitted), never "scored 0"."""

START = "release"
SCORES = {}
FEEDBACK = []
STATUS = "missing"
FLAGGED = True
REASONS = ["nothing was handed in"]
EMPTY = True
