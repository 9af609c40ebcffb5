"""Tests of the grading lint (gamekit.grader.lint): real submission folders, exact findings.

Submissions are built from the committed release/ and source/ notebooks with
`gamekit.course.build_submission`, as the fixture cases are. The reference answers, the blank
release and every catalogued mistake of the fixture cases must raise no flag (they are honest
work); each attack and each folder problem must give exactly the findings named here.
"""

from __future__ import annotations

import inspect
import json
import os
import random
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from gamekit import search
from gamekit.course import Case, build_submission, load_cases
from gamekit.grader.lint import Finding, LintReport, copies, lint_submission, scan_source

ROOT = Path(__file__).resolve().parent.parent
ASSIGNMENTS = ["a01_minimax", "a02_alphabeta", "a03_connect_four"]
A02 = "a02_alphabeta"
A02_NB = "a02_alphabeta.ipynb"
SEVERITIES = {"error", "flag", "info"}


def _notebook(folder: str, assignment: str) -> dict[str, Any]:
    return json.loads((ROOT / folder / assignment / f"{assignment}.ipynb").read_text())


def _reference_answer(grade_id: str, assignment: str = A02) -> str:
    """The source's answer for ``grade_id``, as a student would hand it in."""
    case = Case(name="reference", doc="")
    nb = build_submission(_notebook("release", assignment), _notebook("source", assignment), case)
    return next(c["source"] for c in nb["cells"] if _grade_id(c) == grade_id)


def _grade_id(cell: dict[str, Any]) -> str | None:
    return cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")


def _built(assignment: str = A02, **case: Any) -> dict[str, Any]:
    return build_submission(
        _notebook("release", assignment),
        _notebook("source", assignment),
        Case(name="test", doc="", **case),
    )


def _hand_in(folder: Path, nb: Any, name: str = A02_NB) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(nb if isinstance(nb, str) else json.dumps(nb, indent=1))
    return path


def _lint(folder: Path, assignment: str = A02, **kwargs: Any) -> LintReport:
    return lint_submission(ROOT / "release" / assignment, folder, **kwargs)


def _summary(report: LintReport) -> list[tuple[str, str, str, str]]:
    """(kind, notebook, cell, severity) of every finding, sorted."""
    return sorted((f.kind, f.notebook, f.cell, f.severity) for f in report.findings)


def _answer_findings(tmp_path: Path, source: str, grade_id: str = "alphabeta_code") -> LintReport:
    """Lint a02 with the reference answers and ``source`` in the answer cell ``grade_id``."""
    _hand_in(tmp_path / "s", _built(answers={grade_id: source}))
    return _lint(tmp_path / "s")


# --------------------------------------------------------------------------------------------
# Honest work raises no flag
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("start", ["solution", "release"])
@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_reference_answers_and_blank_release_give_no_findings(tmp_path, assignment, start):
    path = _hand_in(tmp_path, _built(assignment, start=start), f"{assignment}.ipynb")
    report = _lint(tmp_path, assignment)
    assert report.findings == []
    assert report.notebooks == {f"{assignment}.ipynb": path}
    assert not report.flagged and report.reasons() == []


# Fixture cases that are attacks or changes the lint must see; every other case is an honest
# mistake (a wrong engine, an always-equal object, an infinite loop, a warning): no findings.
EXPECTED_CASE_FINDINGS = {
    ("a01_minimax", "delegates_to_gamekit"): [
        ("explain-helper", "expectiminimax_code"),
        ("reference-engine", "minimax_cutoff_code"),
        ("reference-engine", "minimax_decision_code"),
        ("reference-engine", "minimax_value_code"),
    ],
    ("a01_minimax", "deleted_test_cell"): [("deleted-cell", "test_minimax_decision")],
    ("a01_minimax", "edited_test_cell"): [("locked-cell-changed", "test_minimax_value")],
    ("a01_minimax", "input_transformer_cheat"): [("kernel-hook", "minimax_value_code")],
    ("a02_alphabeta", "delegates_to_gamekit"): [
        ("reference-engine", "alphabeta_code"),
        ("reference-engine", "cutoff_code"),
    ],
    ("a03_connect_four", "delegates_to_gamekit"): [
        ("reference-engine", "connect_four_code"),
        ("reference-engine", "evaluate_code"),
    ],
}
ALL_CASES = [
    (a, case)
    for a in ASSIGNMENTS
    for case in load_cases(ROOT, a)
    if not (case.raw_notebook or case.notebook_name or case.empty or case.extra_files)
]


@pytest.mark.parametrize(
    ("assignment", "case"), ALL_CASES, ids=[f"{a}-{c.name}" for a, c in ALL_CASES]
)
def test_fixture_cases_give_exactly_the_expected_flags(tmp_path, assignment, case):
    nb = build_submission(_notebook("release", assignment), _notebook("source", assignment), case)
    _hand_in(tmp_path, nb, f"{assignment}.ipynb")
    report = _lint(tmp_path, assignment)
    found = sorted((f.kind, f.cell) for f in report.findings)
    if (assignment, case.name) in EXPECTED_CASE_FINDINGS or not case.flagged:
        assert found == EXPECTED_CASE_FINDINGS.get((assignment, case.name), [])
    else:  # an attack case: its case.py says it must be flagged, and the pipeline says why
        assert report.flagged, found
    assert all(f.severity in ("flag", "error") for f in report.findings)
    assert all(f.notebook == f"{assignment}.ipynb" for f in report.findings)


def test_delegation_messages_name_the_engine_and_the_lines(tmp_path):
    case = next(c for c in load_cases(ROOT, A02) if c.name == "delegates_to_gamekit")
    _hand_in(tmp_path, build_submission(_notebook("release", A02), _notebook("source", A02), case))
    messages = sorted(_lint(tmp_path).reasons())
    assert messages[0].startswith(
        "answer cell alphabeta_code uses gamekit.search.alphabeta_search (line 6)"
    )
    assert messages[1].startswith(
        "answer cell cutoff_code imports gamekit.search.alphabeta_cutoff_search (lines 1, 6)"
    )


# --------------------------------------------------------------------------------------------
# The folder: missing, renamed, extra notebooks and files
# --------------------------------------------------------------------------------------------


def test_empty_folder_misses_the_notebook(tmp_path):
    report = _lint(tmp_path)
    assert _summary(report) == [("missing-notebook", A02_NB, "", "error")]
    assert report.notebooks == {A02_NB: None}
    assert report.flagged and report.reasons() == [f"{A02_NB} was not handed in"]


def test_missing_folder_is_an_error(tmp_path):
    report = _lint(tmp_path / "nobody")
    assert _summary(report) == [("missing-folder", "", "", "error")]
    assert report.notebooks == {A02_NB: None}


@pytest.mark.parametrize(
    "name", ["a02_alphabeta (1).ipynb", "a02_alphabeta-Copy1.ipynb", "A02_AlphaBeta.ipynb"]
)
def test_renamed_notebook_is_matched_by_its_locked_cells(tmp_path, name):
    path = _hand_in(tmp_path, _built(), name)
    report = _lint(tmp_path)
    assert _summary(report) == [("renamed-notebook", A02_NB, "", "info")]
    assert report.notebooks == {A02_NB: path}
    assert not report.flagged
    assert report.findings[0].message == (
        f"renamed: {name} was graded as {A02_NB} (its locked cells match); ask to keep the name"
    )


def test_renamed_notebook_with_any_name_matches_by_grade_ids(tmp_path):
    path = _hand_in(tmp_path, _built(), "my homework.ipynb")
    report = _lint(tmp_path)
    assert _summary(report) == [("renamed-notebook", A02_NB, "", "info")]
    assert report.notebooks[A02_NB] == path


def test_renamed_notebook_with_a_deleted_test_cell_still_matches(tmp_path):
    path = _hand_in(tmp_path, _built(delete_cells=["test_pruned_edges"]), "copy.ipynb")
    report = _lint(tmp_path)
    assert _summary(report) == [
        ("deleted-cell", A02_NB, "test_pruned_edges", "flag"),
        ("renamed-notebook", A02_NB, "", "info"),
    ]
    assert report.notebooks[A02_NB] == path


def test_other_assignments_notebook_is_not_taken_for_this_one(tmp_path):
    _hand_in(tmp_path, _built("a01_minimax"), "a01_minimax.ipynb")
    report = _lint(tmp_path)
    assert _summary(report) == [
        ("extra-notebook", "", "", "flag"),
        ("missing-notebook", A02_NB, "", "error"),
    ]
    assert report.notebooks == {A02_NB: None}


def test_extra_files_are_info_and_a_second_copy_is_flagged(tmp_path):
    path = _hand_in(tmp_path, _built())
    _hand_in(tmp_path, _built(start="release"), "a02_alphabeta (1).ipynb")
    (tmp_path / "notes.txt").write_text("my notes")
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "moves.csv").write_text("1,2\n")
    for ignored in (".ipynb_checkpoints", "__pycache__"):  # what nbgrader skips too
        (tmp_path / ignored).mkdir()
        (tmp_path / ignored / "x.ipynb").write_text("{}")
    (tmp_path / "timestamp.txt").write_text("2024-01-01")
    report = _lint(tmp_path)
    assert _summary(report) == [
        ("duplicate-notebook", A02_NB, "", "flag"),
        ("extra-file", "", "", "info"),
        ("extra-file", "", "", "info"),
    ]
    assert sorted(f.file for f in report.findings) == [
        "a02_alphabeta (1).ipynb",
        "data/moves.csv",
        "notes.txt",
    ]
    assert report.notebooks == {A02_NB: path}


def test_unrelated_extra_notebook_is_flagged(tmp_path):
    _hand_in(tmp_path, _built())
    _hand_in(tmp_path, {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, "x.ipynb")
    assert _summary(_lint(tmp_path)) == [("extra-notebook", "", "", "flag")]


def test_corrupt_notebook_under_the_right_name_loses_to_a_readable_copy(tmp_path):
    _hand_in(tmp_path, '{"cells": [', A02_NB)
    copy = _hand_in(tmp_path, _built(), "a02_alphabeta-Copy1.ipynb")
    report = _lint(tmp_path)
    assert _summary(report) == [
        ("duplicate-notebook", A02_NB, "", "flag"),
        ("renamed-notebook", A02_NB, "", "info"),
    ]
    assert report.notebooks[A02_NB] == copy
    assert "its JSON is broken" in report.reasons()[0]


def test_links_and_pipes_are_not_followed(tmp_path):
    _hand_in(tmp_path, _built())
    (tmp_path / "source").symlink_to(ROOT / "source")
    os.mkfifo(tmp_path / "pipe")  # reading it would block forever
    report = _lint(tmp_path)
    assert _summary(report) == [("odd-file", "", "", "flag"), ("symlink", "", "", "flag")]


def test_notebook_that_is_a_link_is_not_read(tmp_path):
    (tmp_path / A02_NB).symlink_to(ROOT / "source" / A02 / A02_NB)
    report = _lint(tmp_path)
    assert _summary(report) == [
        ("missing-notebook", A02_NB, "", "error"),
        ("symlink", "", "", "flag"),
    ]


# --------------------------------------------------------------------------------------------
# Notebooks that cannot be graded as handed in
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        ('{"cells": [', "corrupt-json"),
        ("", "corrupt-json"),
        (b"\xff\xfe\x00garbage", "corrupt-json"),
        ("[1, 2, 3]", "not-a-notebook"),
        ('{"metadata": {}}', "not-a-notebook"),
        ('{"cells": 7}', "not-a-notebook"),
        ("[" * 100_000, "corrupt-json"),
    ],
)
def test_unreadable_notebook_is_an_error(tmp_path, content, kind):
    path = tmp_path / A02_NB
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    report = _lint(tmp_path)
    assert _summary(report) == [(kind, A02_NB, "", "error")]
    assert report.notebooks == {A02_NB: None}
    assert report.findings[0].file == A02_NB


def test_corrupt_json_message_says_where(tmp_path):
    _hand_in(tmp_path, '{\n "cells": [,\n')
    assert _lint(tmp_path).reasons() == [
        f"{A02_NB} is not a notebook: its JSON is broken at line 2, column 12"
    ]


def test_oversized_notebook_is_not_read(tmp_path):
    path = _hand_in(tmp_path, _built())
    limit = path.stat().st_size - 1
    report = _lint(tmp_path, max_bytes=limit)
    assert _summary(report) == [("oversized", A02_NB, "", "error")]
    assert report.notebooks == {A02_NB: None}
    assert _lint(tmp_path, max_bytes=limit + 1).findings == []


def test_oversized_extra_file_is_flagged(tmp_path):
    limit = _hand_in(tmp_path, _built()).stat().st_size
    (tmp_path / "big.bin").write_bytes(b"0" * (limit + 1))
    assert _summary(_lint(tmp_path, max_bytes=limit)) == [("oversized", "", "", "flag")]
    assert _summary(_lint(tmp_path, max_bytes=limit + 1)) == [("extra-file", "", "", "info")]


def test_schema_problems_are_flagged_but_graded(tmp_path):
    nb = _built()
    del nb["cells"][0]["metadata"]  # the intro markdown cell: a notebook without it is invalid
    path = _hand_in(tmp_path, nb)
    report = _lint(tmp_path)
    kinds = _summary(report)
    assert ("invalid-notebook", A02_NB, "", "flag") in kinds
    assert report.notebooks == {A02_NB: path}
    assert "'metadata' is a required property" in report.reasons()[0]


# --------------------------------------------------------------------------------------------
# Locked cells and grade_ids
# --------------------------------------------------------------------------------------------


def test_duplicate_grade_id(tmp_path):
    nb = _built()
    test_cell = next(c for c in nb["cells"] if _grade_id(c) == "test_intervals")
    nb["cells"].append(json.loads(json.dumps(test_cell)))
    _hand_in(tmp_path, nb)
    report = _lint(tmp_path)
    assert _summary(report) == [("duplicate-grade-id", A02_NB, "test_intervals", "flag")]
    assert "appears 2 times" in report.reasons()[0]


def test_an_earlier_duplicate_runs_as_a_plain_cell_and_is_checked(tmp_path):
    nb = _built()
    index, answer = next(
        (i, c) for i, c in enumerate(nb["cells"]) if _grade_id(c) == "alphabeta_code"
    )
    early = json.loads(json.dumps(answer))
    early["source"] = "import subprocess\n"
    nb["cells"].insert(index, early)  # nbgrader keeps the later one as the answer cell
    _hand_in(tmp_path, nb)
    report = _lint(tmp_path)
    assert _summary(report) == [
        ("duplicate-grade-id", A02_NB, "alphabeta_code", "flag"),
        ("subprocess", A02_NB, "", "flag"),
    ]
    assert f"cell {index + 1} (an earlier copy of alphabeta_code)" in report.reasons()[1]


def test_whitespace_only_edits_of_locked_cells_are_ignored(tmp_path):
    nb = _built()
    cell = next(c for c in nb["cells"] if _grade_id(c) == "test_alphabeta_search")
    cell["source"] = "\n\n" + "".join(cell["source"]).replace(" ", "  ") + "   \n"
    _hand_in(tmp_path, nb)
    assert _lint(tmp_path).findings == []


def test_edited_locked_cells_code_and_markdown(tmp_path):
    edits = {"test_alphabeta_search": "pass\n", "part1_intro": "# my notes\n"}
    _hand_in(tmp_path, _built(edit_cells=edits))
    assert _summary(_lint(tmp_path)) == [
        ("locked-cell-changed", A02_NB, "part1_intro", "flag"),
        ("locked-cell-changed", A02_NB, "test_alphabeta_search", "flag"),
    ]


def test_locked_cell_turned_into_markdown_is_changed(tmp_path):
    nb = _built()
    cell = next(c for c in nb["cells"] if _grade_id(c) == "test_pruned_edges")
    cell["cell_type"] = "markdown"
    del cell["outputs"], cell["execution_count"]
    _hand_in(tmp_path, nb)
    assert _summary(_lint(tmp_path)) == [
        ("locked-cell-changed", A02_NB, "test_pruned_edges", "flag")
    ]


def test_deleted_cells(tmp_path):
    deleted = ["test_nodes_by_depth", "setup_imports", "reflection_ordering", "ordering_code"]
    _hand_in(tmp_path, _built(delete_cells=deleted))
    report = _lint(tmp_path)
    assert _summary(report) == [
        ("deleted-cell", A02_NB, "ordering_code", "info"),  # an answer cell: the tests say so
        ("deleted-cell", A02_NB, "reflection_ordering", "flag"),  # graded by hand
        ("deleted-cell", A02_NB, "setup_imports", "flag"),
        ("deleted-cell", A02_NB, "test_nodes_by_depth", "flag"),
    ]
    by_cell = {f.cell: f.message for f in report.findings}
    assert "nbgrader does not put it back" in by_cell["setup_imports"]  # only graded cells
    assert "nbgrader puts it back" in by_cell["test_nodes_by_depth"]


def test_changed_nbgrader_metadata(tmp_path):
    nb = _built()
    cell = next(c for c in nb["cells"] if _grade_id(c) == "test_intervals")
    cell["metadata"]["nbgrader"]["points"] = 100
    answer = next(c for c in nb["cells"] if _grade_id(c) == "cutoff_code")
    answer["metadata"]["nbgrader"]["locked"] = True
    _hand_in(tmp_path, nb)
    report = _lint(tmp_path)
    assert _summary(report) == [
        ("metadata-changed", A02_NB, "cutoff_code", "flag"),
        ("metadata-changed", A02_NB, "test_intervals", "flag"),
    ]
    assert "points 2 -> 100" in " ".join(report.reasons())


def test_locked_cell_stripped_of_its_nbgrader_flags(tmp_path):
    nb = _built()
    cell = next(c for c in nb["cells"] if _grade_id(c) == "test_move_ordering")
    cell["metadata"]["nbgrader"].update(grade=False, locked=False)
    _hand_in(tmp_path, nb)
    report = _lint(tmp_path)
    assert _summary(report) == [("metadata-changed", A02_NB, "test_move_ordering", "flag")]
    assert "grade True -> False, locked True -> False" in report.reasons()[0]


def test_new_cell_copying_a_test_cell_is_not_flagged(tmp_path):
    nb = _built()
    test_cell = next(c for c in nb["cells"] if _grade_id(c) == "test_nodes_by_depth")
    _hand_in(tmp_path, _with_new_cell("".join(test_cell["source"]) + "\n\n"))
    assert _lint(tmp_path).findings == []


def test_file_name_with_control_characters_is_not_read(tmp_path):
    _hand_in(tmp_path, _built())
    (tmp_path / "evil\nname.ipynb").write_text("{}")
    report = _lint(tmp_path)
    assert _summary(report) == [("odd-file", "", "", "flag")]
    assert "\n" not in report.reasons()[0]


def test_nbgrader_cell_unknown_to_the_release(tmp_path):
    nb = _built()
    meta = {"grade": True, "grade_id": "test_bonus", "locked": True, "points": 5}
    nb["cells"].append(
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "bonus",
            "metadata": {"nbgrader": {**meta, "schema_version": 3, "solution": False}},
            "outputs": [],
            "source": "assert True\n",
        }
    )
    _hand_in(tmp_path, nb)
    assert _summary(_lint(tmp_path)) == [("unknown-cell", A02_NB, "test_bonus", "flag")]


# --------------------------------------------------------------------------------------------
# Suspicious code in answer cells
# --------------------------------------------------------------------------------------------

ATTACKS = {
    # kernel hooks, magics and the shell (IPython syntax goes through IPython's transformer)
    "get_ipython().events.register('pre_run_cell', print)": ["kernel-hook"],
    "ip = get_ipython()\nip.set_custom_exc((AssertionError,), lambda *a: None)": ["kernel-hook"],
    "get_ipython().ast_transformers.append(None)": ["kernel-hook"],
    "%load_ext autoreload": ["kernel-hook"],
    "!touch ../../escaped": ["outside-path", "subprocess"],
    "files = !ls /": ["subprocess"],
    # modules, builtins, raw memory, the garbage collector, frames
    "import sys\nsys.modules['gamekit.checks.a02'] = None": ["sys-modules"],
    "from sys import modules\nmodules.pop('gamekit')": ["sys-modules"],
    "import builtins\nbuiltins.__import__ = print": ["builtins"],
    "__builtins__.len = print": ["builtins"],
    "import ctypes": ["ctypes"],
    "import gc\nobjs = gc.get_objects()": ["gc"],
    "import inspect\ncaller = inspect.currentframe().f_back": ["introspection"],
    "def f():\n    return f.__globals__": ["introspection"],
    "classes = ().__class__.__base__.__subclasses__()": ["introspection"],
    "import sys\nsys.settrace(print)": ["sys-hook"],
    # processes, signals, exits
    "import subprocess\nsubprocess.Popen(['sleep', '1000'])": ["subprocess"],
    "import os\nos.system('sleep 1000 &')": ["subprocess"],
    "import os\nwhile True:\n    os.fork()": ["subprocess"],
    "import pty": ["subprocess"],
    "from multiprocessing import Process": ["subprocess"],
    "import threading\nthreading.Thread(target=print).start()": ["threads"],
    "import signal\nsignal.signal(signal.SIGINT, signal.SIG_IGN)": ["signal"],
    "import os\nos.kill(os.getppid(), 9)": ["signal"],
    "import os\nos._exit(0)": ["os-exit"],
    "import sys\nsys.exit(0)": ["os-exit"],
    "while True:\n    try:\n        pass\n    except:\n        pass": ["catches-interrupt"],
    "try:\n    pass\nexcept (ValueError, KeyboardInterrupt):\n    pass": ["catches-interrupt"],
    "import atexit": ["atexit"],
    "import resource\nresource.setrlimit(resource.RLIMIT_AS, (1, 1))": ["resource"],
    # code built as text, imports by name
    "exec('import os')": ["exec"],
    "value = eval('1 + 1')": ["exec"],
    "code = compile('1', 'x', 'eval')": ["exec"],
    "os_module = __import__('os')": ["dynamic-import"],
    "import importlib\nimportlib.import_module('gamekit.search')": ["dynamic-import"],
    # patching modules and gamekit
    "import math\nsetattr(math, 'inf', 0)": ["module-patch"],
    "import math\nmath.inf = 0": ["module-patch"],
    "import gamekit\ngamekit.search.alphabeta_search = print": ["gamekit-patch"],
    "import gamekit.trace\ndel gamekit.trace.run_traced": ["gamekit-patch"],
    "from gamekit import search\nsetattr(search, 'minimax_decision', print)": ["gamekit-patch"],
    "from gamekit.checks import a02\na02.check_alphabeta_search = print": [
        "gamekit-patch",
        "grading",
    ],
    # files outside the submission, the gradebook, the network
    "text = open('../../../source/a02_alphabeta/a02_alphabeta.ipynb').read()": ["outside-path"],
    "open('/tmp/planted.py', 'w').write('x')": ["outside-path"],
    "from pathlib import Path\nhome = Path('~').expanduser()": ["outside-path"],
    "import tempfile": ["outside-path"],
    "import sqlite3\ndb = sqlite3.connect('gradebook.db')": ["gradebook", "sqlite3"],
    "import socket": ["network"],
    "import urllib.request": ["network"],
    # knowing that it is graded
    "import os\nGRADED = os.environ.get('NBGRADER_EXECUTION')": ["environ", "grading-detect"],
    # gamekit's engines and explain helpers
    "from gamekit.explain import alphabeta_intervals": ["explain-helper"],
    "import gamekit.explain as ex\nsteps = ex.alphabeta_steps": ["explain-helper"],
    "steps = alphabeta_steps(exercise.initial, exercise)": ["explain-helper"],  # setup's import
    "best = minimax_decision": ["reference-engine"],  # a02's setup imports gamekit's
    "from gamekit.players import alphabeta_player": ["reference-engine"],
    "from gamekit import *": ["reference-engine"],
    "from gamekit.negamax import negamax_search": ["reference-engine"],
}


@pytest.mark.parametrize("snippet", list(ATTACKS), ids=range(len(ATTACKS)))
def test_attack_in_an_answer_cell_is_flagged_at_its_line(tmp_path, snippet):
    if "negamax_search" in snippet:
        pytest.importorskip("gamekit.negamax")
    source = snippet + "\n\n\n" + _reference_answer("alphabeta_code")
    report = _answer_findings(tmp_path, source)
    assert sorted({f.kind for f in report.findings}) == ATTACKS[snippet]
    assert {(f.notebook, f.cell, f.severity) for f in report.findings} == {
        (A02_NB, "alphabeta_code", "flag")
    }
    assert report.notebooks == {A02_NB: tmp_path / "s" / A02_NB}  # still graded
    snippet_lines = snippet.count("\n") + 1
    assert all(1 <= f.line <= snippet_lines for f in report.findings)
    assert all(f.message.startswith("answer cell alphabeta_code ") for f in report.findings)


HONEST = [
    "import math\nlowest = -math.inf",
    "import re\npattern = re.compile('a+')",
    "def first(exec, eval, open):\n    return exec(eval(open))",
    "import os\njoined = os.path.join('a', 'b')",
    "print('a/b', '...', 'x..y', 'win/loss', '/')",
    "from gamekit import OrderedGame, TicTacToe, run_traced\nfrom gamekit.search import "
    "scored_result",
    "import warnings\nwarnings.warn('slow')",
    "for i in range(3):\n    try:\n        pass\n    except:\n        pass",
    "try:\n    x = 1\nexcept Exception as error:\n    print(error)",
    "import random\nrng = random.Random(0)",
    "import functools\n\n@functools.lru_cache\ndef cached(x):\n    return x",
    "class Node:\n    def __init__(self, parent):\n        self.parent = parent\n"
    "        setattr(self, 'depth', 0)",
    "ttt = TicTacToe()\nttt.k = 3",
    "import copy\nsnapshot = copy.deepcopy({'a': [1]})",
]


@pytest.mark.parametrize("snippet", HONEST, ids=range(len(HONEST)))
def test_ordinary_code_in_an_answer_cell_is_not_flagged(tmp_path, snippet):
    source = snippet + "\n\n\n" + _reference_answer("alphabeta_code")
    assert _answer_findings(tmp_path, source).findings == []


def test_source_as_a_list_of_lines(tmp_path):
    nb = _built()
    cell = next(c for c in nb["cells"] if _grade_id(c) == "alphabeta_code")
    cell["source"] = ["import ctypes\n", "def alphabeta_search(state, game):\n", "    pass\n"]
    _hand_in(tmp_path, nb)
    report = _lint(tmp_path)
    assert _summary(report) == [("ctypes", A02_NB, "alphabeta_code", "flag")]
    assert report.reasons() == [
        "answer cell alphabeta_code imports ctypes (line 1): raw memory access can change "
        "anything in the kernel"
    ]


def test_cell_that_does_not_parse_is_info(tmp_path):
    report = _answer_findings(tmp_path, "def alphabeta_search(state, game:\n    return 1\n")
    assert _summary(report) == [("syntax", A02_NB, "alphabeta_code", "info")]
    assert not report.flagged


# --------------------------------------------------------------------------------------------
# Cells the student added (not nbgrader cells)
# --------------------------------------------------------------------------------------------


def _with_new_cell(source: str) -> dict[str, Any]:
    nb = _built()
    nb["cells"].append(
        {"cell_type": "code", "execution_count": None, "id": "mine", "metadata": {},
         "outputs": [], "source": source}
    )  # fmt: skip
    return nb


def test_new_cell_with_an_attack_is_flagged(tmp_path):
    nb = _with_new_cell("x = 1\nimport subprocess\n")
    _hand_in(tmp_path, nb)
    report = _lint(tmp_path)
    assert _summary(report) == [("subprocess", A02_NB, "", "flag")]
    assert report.findings[0].line == 2
    assert report.reasons()[0].startswith(f"cell {len(nb['cells'])} (no grade_id) imports")


def test_new_cell_may_use_engines_and_skip_work_while_graded(tmp_path):
    source = (
        "if not os.environ.get('NBGRADER_EXECUTION'):\n"
        "    print(nodes_by_depth(minimax_decision, ttt, late_positions))\n"
        "    print(alphabeta_steps(example.initial, example)[:3])\n"
    )
    _hand_in(tmp_path, _with_new_cell(source))
    assert _lint(tmp_path).findings == []


def test_new_cell_redefining_an_answer_is_flagged(tmp_path):
    _hand_in(
        tmp_path, _with_new_cell("import gamekit\nalphabeta_search = gamekit.alphabeta_search")
    )
    report = _lint(tmp_path)
    assert _summary(report) == [("redefined-answer", A02_NB, "", "flag")]
    assert "redefines alphabeta_search" in report.reasons()[0]


# --------------------------------------------------------------------------------------------
# gamekit's engines under other names
# --------------------------------------------------------------------------------------------


def _disguised(function: Any, new_name: str) -> str:
    """gamekit's source of ``function``, as a student might copy it: renamed function and
    variables, no docstring, no annotations, comments added, math.inf for infinity."""
    source = inspect.getsource(function)
    source = re.sub(r'    """.*?"""\n', "", source, count=1, flags=re.S)
    source = re.sub(r":\s*(Any|Game|EvalFn \| None|int \| None|int|bool)(?=[,)\s=])", "", source)
    source = re.sub(r"\) -> Any:", "):", source)
    renames = {
        function.__name__: new_name,
        "state": "position",
        "game": "g",
        "alpha": "lower",
        "beta": "upper",
        "v": "best_value",
        "v2": "child",
        "move": "choice",
        "infinity": "math.inf",
    }
    for old, new in renames.items():
        source = re.sub(rf"\b(?<!\.){old}\b", new, source)
    source = source.replace("\n    ", "\n    # my own work\n    ", 1)
    return "import math\n\n" + source


CLONABLE = ["minimax_decision", "alphabeta_search", "alphabeta_cutoff_search", "negamax"]


@pytest.mark.parametrize("name", CLONABLE)
def test_renamed_copy_of_a_gamekit_engine_is_a_clone(name):
    source = _disguised(getattr(search, name), "my_search")
    compile(source, "copy", "exec")  # still Python
    assert "math.inf" in source and "infinity" not in source and '"""' not in source
    findings = scan_source(source)
    assert [f.kind for f in findings] == ["engine-clone"]
    assert findings[0].message == (
        f"the code defines my_search (line 3), which is gamekit.search.{name} renamed"
    )


def test_renamed_copy_of_alphabeta_in_a_submission(tmp_path):
    source = _disguised(search.alphabeta_search, "copied") + "\n\nalphabeta_search = copied\n"
    report = _answer_findings(tmp_path, source)
    assert _summary(report) == [("engine-clone", A02_NB, "alphabeta_code", "flag")]
    assert "gamekit.search.alphabeta_search renamed" in report.reasons()[0]


def test_a_changed_copy_is_not_called_a_clone():
    source = _disguised(search.alphabeta_search, "copied").replace(">= upper", "> upper")
    assert scan_source(source) == []


def test_a_three_line_minimax_is_too_small_to_call_a_copy():
    assert scan_source(inspect.getsource(search.minimax_value)) == []


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_course_reference_solutions_are_not_clones(assignment):
    nb = _built(assignment)
    answers = [c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("solution")]
    assert answers
    for cell in answers:
        if cell["cell_type"] == "code":
            assert [f for f in scan_source(cell["source"]) if f.kind == "engine-clone"] == []


# --------------------------------------------------------------------------------------------
# Never raises
# --------------------------------------------------------------------------------------------


def _check_report(report: LintReport) -> None:
    assert isinstance(report, LintReport)
    assert set(report.notebooks) == {A02_NB}
    for finding in report.findings:
        assert isinstance(finding, Finding) and finding.severity in SEVERITIES
        assert finding.kind and finding.message and "\n" not in finding.message


def test_random_bytes_never_raise(tmp_path):
    rng = random.Random(9)
    for size in [0, 1, 10, 100, 10_000]:
        (tmp_path / A02_NB).write_bytes(bytes(rng.randrange(256) for _ in range(size)))
        (tmp_path / "other.ipynb").write_bytes(bytes(rng.randrange(256) for _ in range(size)))
        report = _lint(tmp_path)
        _check_report(report)
        assert report.notebooks == {A02_NB: None} and report.errors


def _mutations(nb: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``nb`` with a few random parts replaced by values of the wrong type or deleted."""
    nb = json.loads(json.dumps(nb))
    odd_values = [None, 0, -1, "", "x", [], {}, [1, "a"], {"grade_id": 3}, True, 1e308]
    for _ in range(rng.randint(1, 4)):
        cells = nb.get("cells")
        cell = rng.choice(cells) if isinstance(cells, list) and cells else None
        metadata = cell.get("metadata") if isinstance(cell, dict) else None
        nbgrader = metadata.get("nbgrader") if isinstance(metadata, dict) else None
        target = rng.choice([nb, cell, metadata, nbgrader])
        if not isinstance(target, dict) or not target:
            continue
        key = rng.choice(sorted(target))
        if rng.random() < 0.3:
            del target[key]
        else:
            target[key] = rng.choice(odd_values)
    return nb


def test_mutated_notebooks_never_raise(tmp_path):
    rng = random.Random(4)
    base = _built()
    for cell in base["cells"]:  # every cell gets nbgrader metadata to mutate
        cell.setdefault("metadata", {}).setdefault("nbgrader", {})
    for _ in range(60):
        _hand_in(tmp_path, _mutations(base, rng))
        _check_report(_lint(tmp_path))


@pytest.mark.parametrize(
    "source",
    [
        "(" * 150 + ")" * 150,
        "x = " + "-" * 50_000 + "1",
        "x = 1 + " * 20_000 + "1",
        "\x00",
        "%%bash\nls /\n",
        "def f(:\n%%%\n!!",
        "lambda: (yield)",
    ],
    ids=range(7),
)
def test_odd_cell_sources_never_raise(tmp_path, source):
    report = _answer_findings(tmp_path, source)
    _check_report(report)


def test_release_folder_missing_is_a_flag_not_a_crash(tmp_path):
    _hand_in(tmp_path, _built())
    report = lint_submission(tmp_path / "no-release", tmp_path)
    assert [(f.kind, f.severity) for f in report.findings] == [("lint-error", "flag")]


def test_a_broken_engine_module_does_not_break_the_lint(tmp_path, monkeypatch):
    (tmp_path / "half_written_engine.py").write_text("raise RuntimeError('not finished')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    caches = [copies._forbidden, copies._gamekit_functions, copies._reference_uses]
    for cache in caches:
        cache.cache_clear()
    monkeypatch.setattr(copies, "ENGINE_MODULES", (*copies.ENGINE_MODULES, "half_written_engine"))
    monkeypatch.setattr(copies, "CLONE_MODULES", (*copies.CLONE_MODULES, "half_written_engine"))
    try:
        report = _answer_findings(tmp_path, "from gamekit import alphabeta_search\n")
        assert _summary(report) == [("reference-engine", A02_NB, "alphabeta_code", "flag")]
    finally:
        for cache in caches:
            cache.cache_clear()


def test_submission_folder_is_a_file(tmp_path):
    (tmp_path / "sub").write_text("hello")
    report = _lint(tmp_path / "sub")
    assert _summary(report) == [("missing-folder", "", "", "error")]


def test_lint_does_not_change_the_folder(tmp_path):
    _hand_in(tmp_path / "s", _built(answers={"alphabeta_code": "import ctypes\n"}))
    before = {p: p.read_bytes() for p in (tmp_path / "s").rglob("*")}
    _lint(tmp_path / "s")
    assert {p: p.read_bytes() for p in (tmp_path / "s").rglob("*")} == before
    shutil.rmtree(tmp_path / "s")


def test_all_attacks_in_one_cell_give_every_kind_once_per_use(tmp_path):
    pytest.importorskip("gamekit.negamax")
    report = _answer_findings(tmp_path, "\n".join(ATTACKS))
    assert {f.kind for f in report.findings} == {k for kinds in ATTACKS.values() for k in kinds}
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", f.kind) for f in report.findings)
    messages = [f.message for f in report.findings]
    assert len(messages) == len(set(messages))
