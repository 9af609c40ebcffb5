"""What student code is checked for: the dotted names a course answer never needs, by
kind, and the names and limits the checks use."""

from __future__ import annotations

import builtins
import re

from gamekit.i18n import N_

# --------------------------------------------------------------------------------------------
# What student code is checked for
# --------------------------------------------------------------------------------------------


def _words(text: str) -> list[str]:
    return text.split()


# Dotted names (modules, functions, attributes) that a course answer never needs, by kind. A
# name matches itself and everything under it ("subprocess" matches "subprocess.run"); the
# longest matching name wins. Bare names are builtins ("exec") or IPython's get_ipython.
SUSPICIOUS: dict[str, str] = {
    "kernel-hook": "get_ipython IPython ipykernel jupyter_client",
    "sys-modules": "sys.modules types.ModuleType",
    "builtins": "builtins __builtin__ __builtins__",
    "ctypes": "ctypes _ctypes cffi",
    "gc": "gc",
    "introspection": "inspect.currentframe inspect.stack inspect.trace inspect.getouterframes "
    "inspect.getinnerframes inspect.getframeinfo traceback.walk_stack sys._getframe globals",
    "sys-hook": "sys.settrace sys.setprofile sys.addaudithook sys.meta_path sys.path_hooks "
    "sys.path_importer_cache sys.path sys.excepthook sys.displayhook sys.breakpointhook",
    "subprocess": "subprocess multiprocessing pty concurrent.futures.ProcessPoolExecutor "
    "asyncio.create_subprocess_exec asyncio.create_subprocess_shell os.system os.popen os.fork "
    "os.forkpty os.setsid os.startfile os.posix_spawn os.posix_spawnp os.spawnl os.spawnle "
    "os.spawnlp os.spawnlpe os.spawnv os.spawnve os.spawnvp os.spawnvpe os.execl os.execle "
    "os.execlp os.execlpe os.execv os.execve os.execvp os.execvpe",
    "threads": "threading _thread concurrent",
    "signal": "signal os.kill os.killpg",
    "os-exit": "os._exit os.abort sys.exit exit quit",
    "dynamic-import": "__import__ importlib imp runpy pkgutil zipimport",
    "exec": "exec eval compile marshal types.FunctionType types.CodeType",
    "outside-path": "tempfile os.chdir os.path.expanduser pathlib.Path.home",
    "sqlite3": "sqlite3 dbm shelve",
    "grading": "nbgrader gamekit.checks gamekit.grader",
    "network": "socket ssl urllib requests http httpx aiohttp ftplib smtplib telnetlib xmlrpc "
    "webbrowser",
    "resource": "resource",
    "atexit": "atexit",
    "environ": "os.environ os.environb os.getenv os.putenv",
}
RULES: dict[str, str] = {name: kind for kind, names in SUSPICIOUS.items() for name in _words(names)}

REASONS: dict[str, str] = {
    "kernel-hook": N_("it reaches into the IPython kernel that runs the tests"),
    "sys-modules": N_("it can replace the modules the tests import"),
    "builtins": N_("it can change Python's built-in functions"),
    "ctypes": N_("raw memory access can change anything in the kernel"),
    "gc": N_("it can find and change the grader's own objects"),
    "introspection": N_("it can reach the globals and frames of the code that calls it"),
    "sys-hook": N_("it can change how the interpreter imports, traces or reports errors"),
    "subprocess": N_("it starts other programs, which can outlive the kernel"),
    "threads": N_("work can go on after the cell has returned"),
    "signal": N_("it can stop or interrupt the grader"),
    "os-exit": N_("it can end the kernel before the tests run"),
    "catches-interrupt": N_("it can keep a cell that runs over its time limit from stopping"),
    "dynamic-import": N_("it imports modules by name, out of sight of this check"),
    "exec": N_("it runs code built as text, out of sight of this check"),
    "outside-path": N_("files outside the submission are not the student's to read or write"),
    "sqlite3": "it can open the gradebook",
    "gradebook": N_("the gradebook is not the student's to read or write"),
    "grading": N_("it reaches the course's grading code"),
    "network": N_("it uses the network"),
    "resource": N_("it changes the limits of the process"),
    "atexit": N_("it runs code after the tests, when the kernel shuts down"),
    "environ": N_("it can tell that it is being graded (nbgrader sets NBGRADER_EXECUTION)"),
    "grading-detect": N_("it can behave differently while it is graded"),
    "module-patch": N_("it changes a module that other code relies on"),
    "gamekit-patch": N_("it changes gamekit, which the tests use to judge the answers"),
}

ANSWER_ONLY = {"environ", "grading-detect"}
"""Kinds checked in answer cells only: the release's own ungraded cells read NBGRADER_EXECUTION
to skip slow pictures while grading, and a student's own exploration cells may copy that."""

FRAME_ATTRIBUTES = set(
    _words(
        "f_back f_globals f_locals f_builtins f_code tb_frame gi_frame cr_frame ag_frame "
        "__globals__ __code__ __closure__ __subclasses__ __builtins__"
    )
)
"""Attributes that lead from a function or an exception to other code's frames and globals."""

INTERRUPTS = {"KeyboardInterrupt", "SystemExit", "BaseException", "GeneratorExit"}

ENGINE_MODULES = ("gamekit.search", "gamekit.negamax", "gamekit.mcts")
"""Every public function of these is an engine a student writes in some exercise."""
ENGINE_HELPERS = {"scored_result"}
"""Public functions of the engine modules that the notebooks hand to students."""
EXPLAIN_ALLOWED = {"format_value", "random_tree"}
"""gamekit.explain functions that compute no answer (formatting, making practice trees)."""
PLAYER_ALLOWED = {"random_player", "human_player", "greedy_player", "parse_move", "greedy_score"}
"""gamekit.players functions that search nothing (greedy looks one move ahead with your eval)."""
REFERENCE_HEURISTICS = {
    "gamekit.heuristics": ("connect_four_eval", "eval_for", "window_score"),
    "gamekit.hex_heuristics": ("shortest_path", "distance"),
}
"""The course's evaluation functions that assignments 03 (Connect Four's windows) and 04 (Hex's
shortest path) ask students to write."""
CLONE_MODULES = tuple(
    f"gamekit.{name}"
    for name in _words("search negamax mcts explain players heuristics games gametree")
)
"""Modules whose functions and methods an answer is compared with, tree against tree."""
MIN_CLONE_SIZE = 80
"""Functions smaller than this (syntax nodes, after normalising) are not compared: a three-line
minimax written from the formula has the same tree as anyone else's, copied or not."""

MODULE_NAMES = {name.split(".")[0] for name in RULES} | {"os", "sys", "inspect", "types", "gamekit"}
"""Module names taken at their word in a cell that does not import them (an earlier cell may)."""
INF_NAMES = {"inf", "infinity", "INF", "INFINITY"}
BUILTIN_NAMES = set(dir(builtins)) | {"exit", "quit", "get_ipython", "__builtins__"}
OUTSIDE_PATH = re.compile(r"^(/\w|~$|~[/\\]|[A-Za-z]:[/\\])|(^|[\s/\\])\.\.([/\\]|$)")
"""A string that names a file outside the current folder: absolute, home, or through ``..``."""
