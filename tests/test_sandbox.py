"""The grading sandbox, attacked for real: real IPython kernels run the code an attacker would
hand in, and each test checks the outcome from outside (the host's files, psutil, a server).

Tests marked with the ``bwrap`` mode skip, with the reason, where bubblewrap cannot run; the
resource limits and the clean-up are also tested unsandboxed (``use_bwrap=False``).
"""

from __future__ import annotations

import json
import os
import resource
import site
import socket
import sys
import textwrap
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

import gamekit
import gamekit.grader.sandbox as sandbox
from gamekit.grader.sandbox import (
    AsyncSandboxedKernelManager,
    Limits,
    SandboxedKernelManager,
    folder_bytes,
    leftover_processes,
)

AVAILABLE, WHY = sandbox.sandbox_available()
needs_bwrap = pytest.mark.skipif(not AVAILABLE, reason=f"no sandbox here: {WHY}")
MODES = [pytest.param(True, marks=needs_bwrap, id="bwrap"), pytest.param(False, id="unsandboxed")]

PACKAGE = Path(gamekit.__file__).resolve().parent
COURSE_ROOT = PACKAGE.parent  # the checkout: gamekit is installed editable from it
MiB, GiB = 1024**2, 1024**3

# Helpers defined in the kernel: they report an errno name instead of raising.
PROBES = """
import errno, json, os
def _code(error):
    return errno.errorcode.get(error.errno, str(error.errno))
def try_create(path):
    try:
        with open(path, "x"):
            pass
    except OSError as error:
        return _code(error)
    return "written"
def try_append(path):
    try:
        with open(path, "ab"):  # writes nothing, even if it opens
            pass
    except OSError as error:
        return _code(error)
    return "written"
def try_read(path):
    try:
        with open(path, "rb") as file:
            return "read:" + file.read(40).decode(errors="replace")
    except OSError as error:
        return _code(error)
def try_list(path):
    try:
        return sorted(os.listdir(path))
    except OSError as error:
        return _code(error)
"""


class Kernel:
    """A started `SandboxedKernelManager` and its client; `run` executes code and returns
    (status, output), `value` returns the JSON an expression prints."""

    def __init__(self, **traits) -> None:
        self.km = SandboxedKernelManager(kernel_name="python3", **traits)

    def __enter__(self) -> Kernel:
        self.km.start_kernel()
        self.kc = self.km.client()
        self.kc.start_channels()
        self.kc.wait_for_ready(timeout=60)
        return self

    def __exit__(self, *exc_info) -> None:
        self.kc.stop_channels()
        if self.km.has_kernel:
            self.km.shutdown_kernel(now=True)
        self.km.cleanup_resources()

    def run(self, code: str, timeout: float = 30) -> tuple[str, str]:
        outputs: list[dict] = []
        reply = self.kc.execute_interactive(
            textwrap.dedent(code),
            timeout=timeout,
            output_hook=outputs.append,
            stop_on_error=False,  # as nbclient with allow_errors: an error aborts nothing
        )
        text = ""
        for message in outputs:
            content = message["content"]
            if message["msg_type"] == "stream":
                text += content["text"]
            elif message["msg_type"] == "error":
                text += f"{content['ename']}: {content['evalue']}"
        return reply["content"]["status"], text.strip()

    def value(self, expression: str):
        status, text = self.run(f"print(__import__('json').dumps({expression}))")
        assert status == "ok", text
        return json.loads(text.splitlines()[-1])

    def send(self, code: str) -> None:
        """Start running ``code`` without waiting for it (the kernel may not survive it)."""
        self.kc.execute(textwrap.dedent(code), stop_on_error=False)

    def wait_for_death(self, seconds: float = 20) -> None:
        deadline = time.monotonic() + seconds
        while self.km.is_alive():
            assert time.monotonic() < deadline, f"the kernel is still alive after {seconds} s"
            time.sleep(0.05)


def wait_until(condition, seconds: float = 5) -> bool:
    """Poll ``condition`` until true or ``seconds`` pass (no timing is asserted)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def make_course(root: Path) -> Path:
    """A fake course root: release, instructor source, gradebook, another student's work."""
    for relative, text in {
        "release/a01/a01.ipynb": "{}",
        "source/a01/secret.txt": "HIDDEN-ANSWER",
        "gradebook.db": "GRADEBOOK",
        "submitted/bob/a01/a01.ipynb": "BOB-ANSWER",
    }.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text)
    return root


@pytest.fixture(scope="module")
def layout(tmp_path_factory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("sandbox")
    work = base / "work"
    work.mkdir()
    (work / "a01.ipynb").write_text("{}")
    return {
        "work": work,
        "hidden_course": make_course(base / "course1"),  # hidden, its release readable
        "visible_course": make_course(base / "course2"),  # readable, with parts hidden
    }


@pytest.fixture(scope="module")
def jail(layout) -> Iterator[Kernel]:
    """A bubblewrap kernel set up as the grader sets it up, plus a readable tree with hidden
    parts (so that hiding is tested where the path would otherwise be visible)."""
    if not AVAILABLE:
        pytest.skip(f"no sandbox here: {WHY}")
    hidden_course, visible_course = layout["hidden_course"], layout["visible_course"]
    traits = {
        "work_dir": str(layout["work"]),
        "readable": [str(hidden_course / "release"), str(visible_course)],
        "hidden": [
            str(hidden_course),
            str(COURSE_ROOT),
            str(visible_course / "source"),
            str(visible_course / "gradebook.db"),
            str(visible_course / "submitted"),
        ],
        "limits": Limits(memory_bytes=GiB),
    }
    with Kernel(**traits) as kernel:
        assert kernel.run(PROBES)[0] == "ok"
        yield kernel


@pytest.fixture(scope="module", params=MODES)
def kernel(request, tmp_path_factory) -> Iterator[Kernel]:
    """A kernel in each mode, for what must hold with and without bubblewrap."""
    work = tmp_path_factory.mktemp("work")
    limits = Limits(memory_bytes=GiB, cpu_seconds=300, open_files=200, file_bytes=MiB * 64)
    with Kernel(work_dir=str(work), limits=limits, use_bwrap=request.param) as started:
        assert started.run(PROBES)[0] == "ok"
        yield started


# ---- what holds in both modes ------------------------------------------------------------


def test_runs_code_in_the_work_folder(kernel):
    work = Path(kernel.km.work_dir)
    assert kernel.value("6 * 7") == 42
    assert kernel.value("os.getcwd()") == str(work.resolve())
    assert kernel.value("try_create('answer.txt')") == "written"
    assert (work / "answer.txt").exists()
    assert kernel.km.sandboxed is (kernel.km.use_bwrap and AVAILABLE)


def test_every_process_gets_the_limits(kernel):
    import resource as host_resource

    limits = kernel.km.limits
    names = {"RLIMIT_AS": limits.memory_bytes, "RLIMIT_NOFILE": limits.open_files}
    names |= {"RLIMIT_CPU": limits.cpu_seconds, "RLIMIT_FSIZE": limits.file_bytes}
    for name, expected in names.items():
        code = f"__import__('resource').getrlimit(__import__('resource').{name})[0]"
        assert kernel.value(code) == expected, name
        # a child process inherits them
        child = f"import resource; print(resource.getrlimit(resource.{name})[0])"
        got = kernel.value(
            f"int(__import__('subprocess').check_output([{sys.executable!r}, '-c', {child!r}]))"
        )
        assert got == expected, name
    assert host_resource.getrlimit(host_resource.RLIMIT_AS)[0] != limits.memory_bytes


def test_a_memory_bomb_fails_and_the_kernel_survives(kernel):
    status, text = kernel.run("x = bytearray(10 * 1024**3)")
    assert (status, text) == ("error", "MemoryError:")
    status, text = kernel.run(
        """
        chunks = []
        while True:
            chunks.append(bytearray(100 * 1024**2))
        """
    )
    assert status == "error" and text.startswith("MemoryError")
    assert kernel.value("len(chunks) <= 10") is True
    kernel.run("del chunks")
    status, text = kernel.run("import numpy as np\nnp.ones(10**10)")
    assert status == "error" and "Unable to allocate" in text
    assert kernel.value("1 + 1") == 2
    assert kernel.km.kill_reason is None


def test_a_big_file_is_refused(kernel):
    status, text = kernel.run("open('big.bin', 'wb').write(bytes(100 * 1024**2))")
    assert status == "error" and "File too large" in text
    assert Path(kernel.km.work_dir, "big.bin").stat().st_size <= kernel.km.limits.file_bytes
    kernel.run("os.remove('big.bin')")


def test_an_endless_cell_can_be_interrupted(kernel):
    kernel.send("import time\ntime.sleep(60)")
    time.sleep(0.5)
    kernel.km.interrupt_kernel()
    reply = kernel.kc.get_shell_msg(timeout=15)
    assert reply["content"]["status"] == "error"
    assert reply["content"]["ename"] == "KeyboardInterrupt"
    assert kernel.value("'still here'") == "still here"


def test_the_kernels_wait_for_a_processor_is_read_from_the_kernel_itself(kernel):
    """`waiting_seconds` reads the kernel's own process, not bwrap's (whose command line holds
    the kernel's, and which sleeps): a kernel that computes among busy processes, each in a
    session of its own (so no scheduler grouping favours the kernel), is seen waiting for a
    processor most of the time. A cell's wall-clock cap leaves that wait out."""
    import subprocess

    busy = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"], start_new_session=True)
        for _ in range(4 * (os.cpu_count() or 1))
    ]
    try:
        time.sleep(0.5)
        before, started = kernel.km.waiting_seconds(), time.monotonic()
        status, _ = kernel.run(
            "import time\nt = time.monotonic()\nwhile time.monotonic() - t < 3: pass"
        )
        waited, elapsed = kernel.km.waiting_seconds() - before, time.monotonic() - started
    finally:
        for process in busy:
            process.kill()
            process.wait()
    assert status == "ok"
    assert waited > 0.4 * elapsed, (waited, elapsed)


@pytest.mark.parametrize("use_bwrap", MODES)
def test_a_fork_bomb_is_stopped_and_reported(use_bwrap, tmp_path):
    marker = f"probe-{uuid.uuid4().hex}"
    limits = Limits(processes=20)
    with Kernel(work_dir=str(tmp_path), limits=limits, use_bwrap=use_bwrap) as kernel:
        # Bounded: at most 500 children, each gone after 30 s, in case the cap fails.
        kernel.send(
            f"""
            import os, time
            for _ in range(500):
                if os.fork() == 0:
                    os.execv({sys.executable!r}, [{sys.executable!r}, '-c',
                             'import time; time.sleep(30)', {marker!r}])
                time.sleep(0.002)
            """
        )
        kernel.wait_for_death()
        assert kernel.km.kill_reason == "processes"
        assert wait_until(lambda: not leftover_processes(kernel.km.marker))
    assert wait_until(lambda: not leftover_processes(marker)), leftover_processes(marker)


DETACH = """
import os, subprocess, sys
sleeper = [sys.executable, "-c", "import time; time.sleep(600)", {marker!r}]
subprocess.Popen(sleeper + ["new-session"], start_new_session=True)
subprocess.Popen(["nohup"] + sleeper + ["nohup"], start_new_session=True,
                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
child = os.fork()
if child == 0:  # double fork: the grandchild is adopted by init
    os.setsid()
    if os.fork() == 0:
        os.execv(sys.executable, sleeper + ["double-fork"])
    os._exit(0)
os.waitpid(child, 0)
"""


@pytest.mark.parametrize("use_bwrap", MODES)
def test_detached_processes_are_gone_after_shutdown(use_bwrap, tmp_path):
    marker = f"probe-{uuid.uuid4().hex}"
    with Kernel(work_dir=str(tmp_path), use_bwrap=use_bwrap) as kernel:
        assert kernel.run(DETACH.format(marker=marker))[0] == "ok"
        assert wait_until(lambda: len(leftover_processes(marker)) == 3), "not all started"
        kernel.km.shutdown_kernel(now=False)  # a polite shutdown: the kernel exits by itself
        assert wait_until(lambda: not leftover_processes(marker)), leftover_processes(marker)
    assert not leftover_processes(kernel.km.marker)


@needs_bwrap
def test_a_detached_process_with_a_clean_environment_is_gone_too(tmp_path):
    """In bubblewrap the PID namespace ends everything, marker or not."""
    marker = f"probe-{uuid.uuid4().hex}"
    with Kernel(work_dir=str(tmp_path)) as kernel:
        code = (
            "import subprocess, sys\n"
            f"subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)', {marker!r}],"
            " start_new_session=True, env={})"
        )
        assert kernel.run(code)[0] == "ok"
        assert wait_until(lambda: len(leftover_processes(marker)) == 1)
    assert wait_until(lambda: not leftover_processes(marker)), leftover_processes(marker)


@pytest.mark.parametrize("use_bwrap", MODES)
def test_the_cpu_cap_kills_a_busy_kernel(use_bwrap, tmp_path):
    limits = Limits(cpu_seconds=1)  # starting the kernel costs about 0.3 s of it
    with Kernel(work_dir=str(tmp_path), limits=limits, use_bwrap=use_bwrap) as kernel:
        kernel.send("while True:\n    pass")
        kernel.wait_for_death()
        assert kernel.km.kill_reason == "cpu"
        marker = kernel.km.marker
    assert not leftover_processes(marker)


@pytest.mark.parametrize("use_bwrap", MODES)
def test_a_kernel_killed_near_its_memory_cap_is_reported(use_bwrap, tmp_path):
    """What the kernel's out-of-memory killer does (SIGKILL to a process at its cap)."""
    with Kernel(work_dir=str(tmp_path), limits=Limits(memory_bytes=GiB), use_bwrap=use_bwrap) as k:
        k.send(
            """
            import mmap, os, resource, signal, time
            cap = resource.getrlimit(resource.RLIMIT_AS)[0]
            used = int(open('/proc/self/statm').read().split()[0]) * os.sysconf('SC_PAGE_SIZE')
            block = mmap.mmap(-1, cap - used - 32 * 1024**2)  # address space, no pages touched
            time.sleep(1)  # long enough for the watcher to see it
            os.kill(os.getpid(), signal.SIGKILL)
            """
        )
        k.wait_for_death()
        assert k.km.kill_reason == "memory"


@pytest.mark.parametrize("use_bwrap", MODES)
def test_a_kernel_that_exits_by_itself_has_no_kill_reason(use_bwrap, tmp_path):
    with Kernel(work_dir=str(tmp_path), use_bwrap=use_bwrap) as kernel:
        kernel.send("import os\nos._exit(3)")
        kernel.wait_for_death()
        assert kernel.km.kill_reason is None


# ---- what only bubblewrap gives ----------------------------------------------------------


def test_the_kernel_cannot_write_outside_its_folder(jail, layout):
    grading = sorted(str(path) for path in (PACKAGE / "checks").glob("*.py"))
    before = {path: Path(path).stat().st_mtime_ns for path in grading}
    assert grading and all(jail.value(f"try_append({path!r})") == "EROFS" for path in grading)
    assert {path: Path(path).stat().st_mtime_ns for path in grading} == before
    probe = f"sandbox-probe-{uuid.uuid4().hex}"
    targets = {
        "course root": COURSE_ROOT / probe,
        "package": PACKAGE / probe,
        "site-packages": Path(site.getsitepackages()[0]) / probe,
        "home": Path.home() / probe,
        "release": layout["hidden_course"] / "release" / probe,
        "system": Path("/etc") / probe,
        "root": Path("/") / probe,
    }
    try:
        for what, target in targets.items():
            assert jail.value(f"try_create({str(target)!r})") in ("EROFS", "EACCES"), what
            assert not target.exists(), what
    finally:
        for target in targets.values():
            if target.exists():
                target.unlink()


def test_the_kernel_tmp_is_private(jail):
    name = f"/tmp/sandbox-probe-{uuid.uuid4().hex}"
    assert jail.value(f"try_create({name!r})") == "written"
    assert jail.value(f"try_read({name!r})") == "read:"
    assert not Path(name).exists()
    host_file = Path(jail.km.runtime_dir).parent / f"sandbox-host-{uuid.uuid4().hex}"
    host_file.write_text("HOST")
    try:
        assert jail.value(f"try_read({str(host_file)!r})") == "ENOENT"
    finally:
        host_file.unlink()


def test_the_kernel_draws_with_the_graders_font_list_and_cannot_change_it(jail):
    """A kernel's matplotlib reads the grader's font list (bound read-only into its home)
    instead of building one, and a kernel that tries to write it is refused."""
    from gamekit.grader.sandbox import font_list

    fonts = font_list()
    if fonts is None:
        pytest.skip("the grader has no matplotlib font list to share")
    before = Path(fonts).read_bytes()
    code = """
        import logging, os, matplotlib
        seen = []
        logging.getLogger("matplotlib.font_manager").addHandler(
            type("H", (logging.Handler,), {"emit": lambda self, r: seen.append(r.getMessage())})()
        )
        from matplotlib import font_manager
        font_manager.findfont("DejaVu Sans")
        folder = matplotlib.get_cachedir()
        print(folder, sorted(os.listdir(folder)))
        print("built" if any("building the font cache" in m for m in seen) else "read")
        print(try_append(os.path.join(folder, os.listdir(folder)[0])))
    """
    status, out = jail.run(code)
    lines = out.splitlines()
    assert status == "ok", out
    assert lines[0] == f"/tmp/.cache/matplotlib [{os.path.basename(fonts)!r}]"
    assert lines[1] == "read" and lines[2] == "EROFS"
    assert Path(fonts).read_bytes() == before


def test_hidden_paths_cannot_be_read_or_listed(jail, layout):
    hidden, visible = layout["hidden_course"], layout["visible_course"]
    assert jail.value(f"try_list({str(hidden)!r})") == "EACCES"
    assert jail.value(f"try_read({str(hidden / 'release' / 'a01' / 'a01.ipynb')!r})") == "read:{}"
    for course in (hidden, visible):
        for secret in ("source/a01/secret.txt", "gradebook.db", "submitted/bob/a01/a01.ipynb"):
            assert jail.value(f"try_read({str(course / secret)!r})") in ("EACCES", "ENOENT")
    assert jail.value(f"try_list({str(visible / 'source')!r})") == "EACCES"
    assert jail.value(f"try_read({str(visible / 'release/a01/a01.ipynb')!r})") == "read:{}"


def test_the_course_root_is_hidden_but_the_environment_works(jail):
    assert jail.value(f"try_list({str(COURSE_ROOT)!r})") == "EACCES"
    for name in ("README.md", "nbgrader_config.py", "pyproject.toml"):
        if (COURSE_ROOT / name).exists():
            assert jail.value(f"try_read({str(COURSE_ROOT / name)!r})") in ("EACCES", "ENOENT")
    code = "import gamekit, gamekit.checks, numpy, matplotlib.pyplot; print(gamekit.__file__)"
    status, text = jail.run(code)
    assert status == "ok", text
    assert text == gamekit.__file__
    assert jail.value("try_read('/etc/shadow')") in ("EACCES", "ENOENT")


def test_there_is_no_network(jail):
    with socket.create_server(("127.0.0.1", 0)) as server:
        server.setblocking(False)
        port = server.getsockname()[1]
        code = f"""
        import socket
        try:
            socket.create_connection(("127.0.0.1", {port}), timeout=3).close()
            print("connected")
        except OSError as error:
            print(type(error).__name__)
        """
        status, text = jail.run(code)
        assert status == "ok" and text != "connected"
        with pytest.raises(BlockingIOError):
            server.accept()
    status, text = jail.run(
        "try:\n    socket.create_connection(('1.1.1.1', 53), timeout=3)\n"
        "except OSError as error:\n    print(error.errno)"
    )
    assert text == str(__import__("errno").ENETUNREACH)


def test_the_kernel_has_its_own_pid_namespace(jail):
    pids = jail.value("sorted(int(p) for p in os.listdir('/proc') if p.isdigit())")
    assert 1 in pids and len(pids) < 10  # bwrap's init, the kernel, and what the kernel started
    assert len(psutil.pids()) > len(pids)


# ---- without bubblewrap ------------------------------------------------------------------


def test_without_bwrap_the_kernel_runs_unsandboxed_with_limits(monkeypatch, tmp_path):
    monkeypatch.setattr(sandbox, "sandbox_available", lambda: (False, "pretend: no bwrap"))
    limits = Limits(memory_bytes=GiB)
    with Kernel(work_dir=str(tmp_path), limits=limits) as kernel:
        assert kernel.km.sandboxed is False
        rlimit = "__import__('resource').getrlimit(__import__('resource').RLIMIT_AS)[0]"
        assert kernel.value(rlimit) == GiB
    assert resource.getrlimit(resource.RLIMIT_AS)[0] != GiB


def test_sandbox_available_says_why_not(monkeypatch):
    sandbox.sandbox_available.cache_clear()
    try:
        monkeypatch.setattr(sandbox.shutil, "which", lambda name: None)
        assert sandbox.sandbox_available() == (
            False,
            "bwrap is not installed (Debian/Ubuntu: apt-get install bubblewrap)",
        )
        sandbox.sandbox_available.cache_clear()
        monkeypatch.setattr(sandbox.sys, "platform", "darwin")
        available, why = sandbox.sandbox_available()
        assert not available and "Linux" in why and "darwin" in why
    finally:
        monkeypatch.undo()
        sandbox.sandbox_available.cache_clear()
    assert sandbox.sandbox_available() == (AVAILABLE, WHY)


@pytest.mark.parametrize(
    "field, bad",
    [("memory_bytes", 0), ("cpu_seconds", -1), ("processes", 2.5), ("open_files", True)],
)
def test_limits_reject_bad_values(field, bad):
    with pytest.raises(ValueError, match=f"Limits.{field} must be a positive int, got {bad!r}"):
        Limits(**{field: bad})


def test_a_missing_work_folder_is_refused(tmp_path):
    missing = tmp_path / "missing"
    km = SandboxedKernelManager(kernel_name="python3", work_dir=str(missing))
    with pytest.raises(ValueError, match="work_dir must be an existing folder"):
        km.start_kernel()


# ---- with nbclient, as the grader runs it --------------------------------------------------


@pytest.mark.slow  # importing nbformat alone took 2-6 s on a loaded machine
@pytest.mark.parametrize("use_bwrap", MODES)
def test_nbclient_runs_a_notebook_and_interrupts_a_cell_over_its_timeout(use_bwrap, tmp_path):
    import asyncio

    import nbformat
    from nbclient import NotebookClient

    marker = f"probe-{uuid.uuid4().hex}"
    sleeper = [sys.executable, "-c", "import time; time.sleep(600)", marker]
    cells = [
        "import os\nprint(os.path.basename(os.getcwd()))",
        f"import subprocess\nsubprocess.Popen({sleeper!r}, start_new_session=True)\nNone",
        "import time\ntime.sleep(60)",
        "print('after')",
    ]
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    km = AsyncSandboxedKernelManager(kernel_name="python3", work_dir=str(tmp_path))
    km.use_bwrap = use_bwrap
    client = NotebookClient(notebook, km=km, timeout=2, interrupt_on_timeout=True)
    client.allow_errors = True
    try:
        client.execute(cwd=str(tmp_path))
    finally:
        asyncio.run(km.shutdown_kernel(now=True))
    outputs = [
        [out.get("text") or out.get("ename") for out in cell.outputs] for cell in notebook.cells
    ]
    assert outputs == [[f"{tmp_path.name}\n"], [], ["KeyboardInterrupt"], ["after\n"]]
    assert km.sandboxed is (use_bwrap and AVAILABLE)
    assert wait_until(lambda: not leftover_processes(marker)), leftover_processes(marker)


# ---- nothing of value inside: the environment, bounded storage, the view of gamekit -------


@pytest.mark.parametrize("use_bwrap", MODES)
def test_the_kernel_gets_none_of_the_graders_secrets(use_bwrap, tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEKIT_DB_URL", "postgresql+psycopg://grader:PASSWORD-4e1@db/gradebook")
    monkeypatch.setenv("GAMEKIT_HUB_SERVICE_TOKEN", "TOKEN-77a")
    monkeypatch.setenv("MPLBACKEND", "Agg")
    with Kernel(work_dir=str(tmp_path), use_bwrap=use_bwrap) as kernel:
        assert kernel.run(PROBES)[0] == "ok"
        seen = kernel.value("dict(os.environ)")
        assert "PASSWORD-4e1" not in json.dumps(seen) and "TOKEN-77a" not in json.dumps(seen)
        leaked = {
            name
            for name, value in os.environ.items()
            if seen.get(name) == value and name not in sandbox.KERNEL_ENVIRONMENT
        }
        assert leaked == set(), sorted(leaked)  # only the allowed variables came through
        assert seen["MPLBACKEND"] == "Agg"  # what the kernel needs does come through
        assert Path(seen["HOME"]) != Path.home()


@needs_bwrap
def test_everything_writable_has_a_quota_and_the_submission_is_copied_in(tmp_path):
    (tmp_path / "answer.ipynb").write_text("{}")
    limits = Limits(memory_bytes=GiB, work_bytes=8 * MiB, tmp_bytes=4 * MiB, shm_bytes=2 * MiB)
    with Kernel(work_dir=str(tmp_path), limits=limits, work_quota=True) as kernel:
        assert kernel.run(PROBES)[0] == "ok"
        assert kernel.value("open('answer.ipynb').read()") == "{}"  # the copy is there
        for folder, quota in ((".", 8), ("/tmp", 4), ("/dev/shm", 2)):
            status, text = kernel.run(
                f"""
                with open({folder!r} + '/fill.bin', 'wb') as out:
                    for _ in range(64):
                        out.write(bytes(MiB))
                        out.flush()
                """.replace("MiB", str(MiB))
            )
            assert status == "error" and "No space left on device" in text, (folder, text)
            written = kernel.value(f"os.path.getsize({folder!r} + '/fill.bin')")
            assert written <= quota * MiB, folder
            kernel.run(f"os.remove({folder!r} + '/fill.bin')")
        assert kernel.value("1 + 1") == 2  # the kernel lives on
    assert not (tmp_path / "fill.bin").exists()  # nothing reached the host's folder


@needs_bwrap
def test_the_view_hides_the_grader_and_its_refusals_cannot_be_walked_past(tmp_path):
    from gamekit.grader.kernel_view import build_view

    view = build_view("a06_negamax_quarto", tmp_path)
    work = tmp_path / "work"
    work.mkdir()
    with Kernel(work_dir=str(work), view=str(view)) as kernel:
        assert kernel.run(PROBES)[0] == "ok"
        for module in ("driver", "job", "trusted", "sandbox", "lint", "intake"):
            status, text = kernel.run(f"import gamekit.grader.{module}")
            assert status == "error" and "ModuleNotFoundError" in text, module
        assert kernel.value(f"try_read({str(PACKAGE / 'grader' / 'driver.py')!r})") == "ENOENT"
        # what the notebooks use in the kernel is there
        assert kernel.run("from gamekit.checks import if_answered, a02")[0] == "ok"
        assert kernel.run("from gamekit.checks.a06 import random_positions")[0] == "ok"
        # the engines and references refuse, however they are reached
        attempts = {
            "called": "from gamekit.negamax import negamax_search as f\nf(None, None)",
            "rebuilt from __code__": (
                "import types, importlib\nm = importlib.import_module('gamekit.negamax')\n"
                "g = m.negamax_search\n"
                "f = types.FunctionType(g.__code__, m.__dict__, 'f', g.__defaults__)\n"
                "f.__kwdefaults__ = g.__kwdefaults__\nf(None, None)"
            ),
            "source read from disk": (
                "import inspect, importlib\nm = importlib.import_module('gamekit.negamax')\n"
                "assert 'return' not in inspect.getsource(m.negamax_search).split('raise')[1]\n"
                "raise __import__('gamekit.checks').checks.EngineForbidden('no code')"
            ),
            "reference": "from gamekit.checks.a06 import reference\nreference(None)",
            "refusal hook replaced": (
                "import gamekit.checks.kernel as r\nr._refusing = lambda *a, **k: None\n"
                "import gamekit.search as s\ns.negamax(None, None)"
            ),
        }
        for how, code in attempts.items():
            status, text = kernel.run(code)
            assert status == "error" and text.startswith("EngineForbidden"), (how, text)


def _notebook_imports(assignment: str) -> set[str]:
    """The gamekit modules the cells of an assignment's source notebook import (its answers,
    its course cells and its hidden tests), and what the grader itself runs in the kernel."""
    import ast

    import nbformat

    found = {"gamekit.checks.kernel", "gamekit.checks.transformers"}  # serve, the reset
    notebook = nbformat.read(COURSE_ROOT / "source" / assignment / f"{assignment}.ipynb", 4)
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        code = "\n".join(
            line for line in cell.source.splitlines() if not line.lstrip().startswith(("%", "!"))
        )
        for node in ast.walk(ast.parse(code)):
            if isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
    return {name for name in found if name.split(".")[0] == "gamekit"}


@needs_bwrap
@pytest.mark.parametrize(
    "assignment",
    sorted(p.name for p in (COURSE_ROOT / "source").iterdir() if p.name.startswith("a0")),
)
def test_a_graded_kernel_imports_every_check_its_notebook_needs_and_no_grader(tmp_path, assignment):
    """The trust boundary is a package: inside a graded kernel every module of the grading
    machine (`gamekit.grader`) is missing, and every gamekit module the notebook's cells and
    the grader's requests import is there."""
    from gamekit.grader.kernel_view import build_view

    machine = sorted(
        ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
        for path in (PACKAGE / "grader").rglob("*.py")
    )
    needed = sorted(_notebook_imports(assignment))
    assert len(machine) > 20 and any(name.startswith("gamekit.checks.") for name in needed)
    probe = (
        "import importlib, json\n"
        "def importable(name):\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except ModuleNotFoundError:\n"
        "        return False\n"
        "    return True\n"
    )
    work = tmp_path / "work"
    work.mkdir()
    view = build_view(assignment, tmp_path)
    with Kernel(work_dir=str(work), view=str(view)) as kernel:
        assert kernel.run(probe)[0] == "ok"
        seen = kernel.value(f"{{n: importable(n) for n in {machine + needed!r}}}")
    assert [name for name in machine if seen[name]] == []
    assert [name for name in needed if not seen[name]] == []


def test_the_view_holds_the_bytecode_of_its_own_files_and_no_other(tmp_path):
    """A kernel cannot write a cache in its read-only view, so the view brings one: for each
    of its files, bytecode Python accepts for that very file (compiled from the stub where a
    function is refused), and none for a file the view leaves out."""
    import importlib.util
    import marshal

    from gamekit.grader.kernel_view import build_view

    view = build_view("a04_hex_heuristics", tmp_path)
    sources = sorted(view.rglob("*.py"))
    assert sources and not (view / "grader" / "driver.py").exists()
    for source in sources:
        cached = Path(importlib.util.cache_from_source(str(source)))
        data = cached.read_bytes()
        assert data[:4] == importlib.util.MAGIC_NUMBER, source
        info = source.stat()
        mtime, size = int.from_bytes(data[8:12], "little"), int.from_bytes(data[12:16], "little")
        assert (mtime, size) == (int(info.st_mtime) & 0xFFFFFFFF, info.st_size), source
    for cached in view.rglob("*.pyc"):  # none for a file left out (the grader's own)
        assert (cached.parent.parent / f"{cached.name.split('.')[0]}.py").exists(), cached
    stub = Path(importlib.util.cache_from_source(str(view / "hex_heuristics.py")))
    module = marshal.loads(stub.read_bytes()[16:])
    (refused,) = [c for c in module.co_consts if getattr(c, "co_name", "") == "shortest_path"]
    assert "EngineForbidden" in refused.co_names


@pytest.mark.parametrize("use_bwrap", MODES)
def test_the_sandbox_counts_its_cpu_time_and_its_wait_for_a_processor(use_bwrap, tmp_path):
    """What a cell's limit reads (`gamekit.grader.budget`): CPU time over the sandbox's
    processes, a child's included after it ended; sleeping costs none of it."""
    with Kernel(work_dir=str(tmp_path), use_bwrap=use_bwrap) as kernel:
        km = kernel.km
        before = km.cpu_seconds()
        kernel.run("import time\ntime.sleep(1)")
        assert km.cpu_seconds() - before < 0.3
        before = km.cpu_seconds()
        kernel.run(
            "import time\nend = time.process_time() + 1\nwhile time.process_time() < end: pass"
        )
        assert 0.9 < km.cpu_seconds() - before < 2
        before = km.cpu_seconds()
        spin = "import time\\nend = time.process_time() + 1\\nwhile time.process_time() < end: pass"
        kernel.run(f"import subprocess, sys\nsubprocess.run([sys.executable, '-c', '{spin}'])")
        assert km.cpu_seconds() - before > 0.9  # the child's CPU, counted after it ended
        assert km.waiting_seconds() >= 0


# ---- the sandbox's totals: several processes together -------------------------------------

CHILDREN = """
import subprocess, sys
children = [subprocess.Popen([sys.executable, "-c", {code!r}]) for _ in range({count})]
for child in children:
    child.wait()
"""


@pytest.mark.parametrize("use_bwrap", MODES)
def test_several_processes_cannot_hold_more_than_the_total_memory(use_bwrap, tmp_path):
    """Each child stays far under the per-process cap; together they pass the total."""
    hold = "block = bytearray(300 * 1024**2)\nimport time\ntime.sleep(60)"
    limits = Limits(memory_bytes=GiB, total_memory_bytes=700 * MiB)
    with Kernel(work_dir=str(tmp_path), limits=limits, use_bwrap=use_bwrap) as kernel:
        kernel.send(CHILDREN.format(code=hold, count=3))
        kernel.wait_for_death(60)
        assert kernel.km.kill_reason == "memory"
        marker = kernel.km.marker
    assert not leftover_processes(marker)


@pytest.mark.parametrize("use_bwrap", MODES)
def test_several_processes_cannot_use_more_than_the_total_cpu_time(use_bwrap, tmp_path):
    """Each child stays under the per-process CPU cap (RLIMIT_CPU); together they pass it."""
    spin = "import time\nend = time.process_time() + 2.5\nwhile time.process_time() < end: pass"
    limits = Limits(cpu_seconds=4)
    with Kernel(work_dir=str(tmp_path), limits=limits, use_bwrap=use_bwrap) as kernel:
        kernel.send(CHILDREN.format(code=spin, count=3))
        kernel.wait_for_death(60)
        assert kernel.km.kill_reason == "cpu"


@needs_bwrap
def test_the_sockets_folder_cannot_be_filled(tmp_path):
    """The folder of the kernel's sockets is the one host folder the sandbox can write: a
    kernel that writes into it past ``socket_bytes`` (from several processes) is stopped."""
    fill = (
        "import os\n"
        "folder = os.path.dirname(CONNECTION_FILE)\n"
        "for n in range(150):\n"
        "    with open(os.path.join(folder, f'fill-{os.getpid()}-{n}'), 'wb') as f:\n"
        "        f.write(b'x' * 10_000)\n"
        "import time\ntime.sleep(60)\n"
    )
    limits = Limits(socket_bytes=MiB)
    with Kernel(work_dir=str(tmp_path), limits=limits, use_bwrap=True) as kernel:
        folder = kernel.km.sockets_folder
        code = fill.replace("CONNECTION_FILE", repr(kernel.km.connection_file))
        kernel.send(CHILDREN.format(code=code, count=3))  # three writers, each under the limit
        kernel.wait_for_death(60)
        assert kernel.km.kill_reason == "disk"
        assert folder_bytes(folder) < 8 * MiB  # stopped within a few of its writes
