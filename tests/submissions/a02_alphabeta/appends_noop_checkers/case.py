"""Appends no-op check_* functions to gamekit/checks/*.py on disk (found via gamekit.__file__)
to pass itself and every later student: the package is read-only, 0 points."""

START = "release"
ANSWERS = {
    "intervals_answer": '''from pathlib import Path

import gamekit

PATCH = """

# appended by the fixture submission appends_noop_checkers
def _accept(*args, **kwargs):
    return None


for _name in [_n for _n in dir() if _n.startswith("check_")]:
    globals()[_name] = _accept
"""
for _path in sorted((Path(gamekit.__file__).resolve().parent / "checks").glob("*.py")):
    try:
        with open(_path, "a") as _file:
            _file.write(PATCH)
        print("pwned" + "-success: appended to", _path)
    except OSError as error:
        print("could not append to", _path, error)


def intervals_by_hand():
    return {"A": (0, 0)}
''',
    "pruned_answer": """def pruned_by_hand():
    return set()
""",
}
SCORES = {}
FEEDBACK = []
STATUS = "graded"
FLAGGED = True
REASONS = ["__file__"]
