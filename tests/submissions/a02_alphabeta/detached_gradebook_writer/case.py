"""Starts two detached processes (a new session with a clean environment, and a double fork
with setsid) that sleep 8 s, past the kernel's end, then UPDATE gradebook.db: both are gone
when grading ends, the gradebook is untouched, 0 points."""

START = "release"
ANSWERS = {
    "intervals_answer": '''import os
import subprocess
import sys
import time
from pathlib import Path

import gamekit

WRITER = """
import sqlite3, sys, time
time.sleep(8)
for path in sys.argv[1:]:
    try:
        db = sqlite3.connect(f"file:{path}?mode=rw", uri=True)
        db.execute("UPDATE grade SET auto_score = 100, manual_score = 100")
        db.commit()
        db.close()
    except sqlite3.Error:
        pass
"""
_targets = [
    str(Path("../../../gradebook.db").resolve()),
    str(Path(gamekit.__file__).resolve().parents[1] / "gradebook.db"),
    *[str(folder / "gradebook.db") for folder in Path.cwd().resolve().parents],
]
subprocess.Popen(
    [sys.executable, "-c", WRITER, *_targets],
    start_new_session=True,
    env={},  # no marker variable inherited from the kernel
    stdin=subprocess.DEVNULL,
    stdout=subprocess.DEVNULL,
    stderr=subprocess.DEVNULL,
)
if os.fork() == 0:  # double fork: the grandchild belongs to no one
    os.setsid()
    if os.fork() == 0:
        os.execv(sys.executable, [sys.executable, "-c", WRITER, *_targets])
    os._exit(0)
time.sleep(0.5)


def intervals_by_hand():
    raise NotImplementedError()
''',
}
SCORES = {}
FEEDBACK = []
STATUS = "graded"
FLAGGED = True
REASONS = ["subprocess", "os.fork"]
