"""A sandbox for the kernel that runs one student's submission.

`SandboxedKernelManager` is a jupyter_client ``KernelManager`` that nbclient (and so nbgrader's
Execute preprocessor) can use through its ``kernel_manager_class`` trait or its ``km=`` argument.
On Linux with bubblewrap (``bwrap``) the kernel runs in a fresh set of namespaces:

- it sees the system (``/usr``, ``/etc``, ...), the Python environment and gamekit, read-only,
  the ``readable`` folders read-only, and nothing else of the host: no home folder, no course
  root, no other student; ``hidden`` paths are covered even where they lie inside what it sees;
- it writes only to ``work_dir`` (a scratch copy of the submission) and to a private ``/tmp``;
- it has no network (its own empty network namespace) and its own PID namespace, so every
  process it starts, even a detached one, ends when the sandbox ends;
- it talks to the grader over Unix sockets (``transport="ipc"``) in a folder bound into it.

Everywhere (with or without bubblewrap) each of its processes gets resource limits
(`Limits`, set with ``setrlimit`` before the kernel starts), and a watcher thread counts the
sandbox's processes and kills the whole sandbox when there are more than ``limits.processes``
(``RLIMIT_NPROC`` does not stop root, not even inside bubblewrap's user namespace: measured),
when their resident memory or CPU time together is over its total, or when the sockets folder
(the one host folder it can write) holds more than ``limits.socket_bytes``. After a kill,
``kill_reason`` says why: ``"processes"``, ``"cpu"``, ``"memory"`` or ``"disk"``.

Without bubblewrap (macOS, a container without user namespaces, or ``use_bwrap=False``) the
kernel runs with the grader's view of the files and the network; ``sandboxed`` is then False
and the caller must say so. Shutting down still kills every process the kernel started that can
be found: its descendants, its session, and any process carrying its marker in its environment.
"""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import uuid
from dataclasses import dataclass, fields
from pathlib import Path

import psutil
from jupyter_client import AsyncKernelManager, KernelManager
from jupyter_client.utils import run_sync
from traitlets import Bool, HasTraits, Instance, List, Unicode

MARKER_VARIABLE = "GAMEKIT_SANDBOX_ID"
"""Environment variable holding a sandbox's marker; every process it starts inherits it."""

SYSTEM_PATHS = ("/usr", "/etc", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
"""What the kernel sees of the host besides the Python environment and gamekit (read-only)."""


WATCH_INTERVAL = 0.05  # seconds between two counts of the sandbox's processes

KERNEL_ENVIRONMENT = (
    "PATH", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "TZ", "MPLBACKEND", "NBGRADER_EXECUTION",
    "PYTHONHASHSEED", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "OPENBLAS_CORETYPE",
    "OPENBLAS_L2_SIZE",
)  # fmt: skip
"""The only variables of the grader's environment a kernel gets: nothing of value (no
database URL, password, token or home); the sandbox sets its own HOME, TMPDIR and IPYTHONDIR."""

COPY_IN = "/run/gamekit-submission"
"""Where the host's copy of the submission is seen, read-only, when the work folder is a tmpfs."""


def kernel_environment(source: dict[str, str] | None = None) -> dict[str, str]:
    """The allowed variables of ``source`` (default: this process's environment).

    >>> kernel_environment({"PATH": "/usr/bin", "GAMEKIT_DB_URL": "postgresql://u:pw@h/db"})
    {'PATH': '/usr/bin'}
    """
    source = os.environ if source is None else source
    return {name: source[name] for name in KERNEL_ENVIRONMENT if name in source}


@dataclass(frozen=True)
class Limits:
    """Resource caps of a sandboxed kernel. The totals hold for the whole sandbox, all its
    processes together: ``processes``, ``total_memory_bytes``, ``cpu_seconds`` (also a cap on
    each process) and the disk it can write (``work_bytes`` + ``tmp_bytes`` + ``shm_bytes`` +
    ``socket_bytes``); the others are caps on each process.

    >>> Limits(processes=16).processes
    16
    >>> Limits(cpu_seconds=0)
    Traceback (most recent call last):
    ...
    ValueError: Limits.cpu_seconds must be a positive int, got 0
    """

    memory_bytes: int = 2 * 1024**3  # address space of each process (RLIMIT_AS)
    total_memory_bytes: int = 2 * 1024**3  # resident memory of all processes (the watcher)
    cpu_seconds: int = 600  # CPU time of each process (RLIMIT_CPU), and of all (the watcher)
    processes: int = 64  # processes alive in the sandbox at once (the watcher's count)
    open_files: int = 256  # open file descriptors of each process (RLIMIT_NOFILE)
    file_bytes: int = 64 * 1024**2  # largest file written (RLIMIT_FSIZE): no mount holds more
    socket_bytes: int = 1024**2  # the sockets folder, the one writable host folder (the watcher)
    tmp_bytes: int = 64 * 1024**2  # the private /tmp (a tmpfs: host memory)
    shm_bytes: int = 16 * 1024**2  # the private /dev/shm (likewise)
    work_bytes: int = 64 * 1024**2  # the work folder, when it is a tmpfs (`work_quota`)

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if type(value) is not int or value <= 0:
                raise ValueError(f"Limits.{field.name} must be a positive int, got {value!r}")

    def apply(self) -> None:
        """Set these caps on the calling process (run in the child, just before the kernel)."""
        import resource

        # The CPU hard cap comes one second after the soft one: SIGXCPU first, then SIGKILL.
        caps = {
            resource.RLIMIT_AS: (self.memory_bytes, self.memory_bytes),
            resource.RLIMIT_CPU: (self.cpu_seconds, self.cpu_seconds + 1),
            resource.RLIMIT_NOFILE: (self.open_files, self.open_files),
            resource.RLIMIT_FSIZE: (self.file_bytes, self.file_bytes),
            resource.RLIMIT_CORE: (0, 0),  # no core dump of a killed kernel in the work folder
        }
        for name, (soft, hard) in caps.items():
            _, old_hard = resource.getrlimit(name)
            if old_hard != resource.RLIM_INFINITY:  # never ask for more than is allowed
                soft, hard = min(soft, old_hard), min(hard, old_hard)
            resource.setrlimit(name, (soft, hard))


@functools.lru_cache(maxsize=1)
def sandbox_available() -> tuple[bool, str]:
    """Whether bubblewrap can sandbox a kernel here, and its version or the reason it cannot.

    It runs ``bwrap`` once with the options the sandbox uses (cached; call
    ``sandbox_available.cache_clear()`` after installing it).
    """
    if not sys.platform.startswith("linux"):
        return False, f"bubblewrap needs Linux, this is {sys.platform}"
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return False, "bwrap is not installed (Debian/Ubuntu: apt-get install bubblewrap)"
    probe = [bwrap, "--ro-bind", "/", "/", "--proc", "/proc", "--dev", "/dev", "--unshare-all"]
    probe += ["--cap-drop", "ALL", "--die-with-parent", "--new-session", "true"]
    try:
        run = subprocess.run(probe, capture_output=True, text=True, timeout=30)
        version = subprocess.run([bwrap, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as error:
        return False, f"bwrap could not run: {error}"
    if run.returncode != 0:
        why = run.stderr.strip() or f"exit code {run.returncode}"
        return False, f"bwrap cannot create namespaces here (user namespaces off?): {why}"
    return True, version.stdout.strip() or "bubblewrap"


def kernel_gamekit_folder() -> Path | None:
    """The gamekit folder a sandboxed kernel imports: this Python started as the sandbox starts
    it (no ``PYTHONPATH``, another working folder), or None if it finds no gamekit. The sandbox
    shows gamekit's view in place of *this process's* gamekit folder (`_gamekit_file`), so the
    two must be the same folder (`check_kernels_import_this_gamekit`)."""
    environment = {"PATH": os.environ.get("PATH", ""), "LANG": "C.UTF-8"}
    found = subprocess.run(
        [sys.executable, "-c", "import importlib.util as u; s = u.find_spec('gamekit'); "
         "print(s.origin if s and s.origin else '')"],
        capture_output=True, text=True, env=environment, cwd=tempfile.gettempdir(), timeout=60,
    )  # fmt: skip
    origin = found.stdout.strip()
    return Path(origin).resolve().parent if found.returncode == 0 and origin else None


def check_kernels_import_this_gamekit() -> None:
    """Raise `RuntimeError` when a sandboxed kernel would import gamekit from another folder
    than this process's (a second checkout run with the first one's environment): every cell's
    ``import gamekit`` would fail or find other code, and each job would wait on a kernel that
    never answers."""
    ours = Path(_gamekit_file()).resolve().parent
    theirs = kernel_gamekit_folder()
    if theirs != ours:
        raise RuntimeError(
            f"this grader runs gamekit from {ours}, but its kernels' Python ({sys.executable}) "
            f"imports gamekit from {theirs or 'nowhere'}: grade from the checkout that "
            f"environment was installed from, or install this one into it (pip install -e "
            f"{ours.parent})"
        )


@functools.lru_cache(maxsize=1)
def private_system_files() -> tuple[str, ...]:
    """Files and folders under ``/etc`` that not everyone may read (``/etc/shadow``, host keys).

    A kernel started by a root grader runs as root in its user namespace, and root may read
    what root owns: these are covered like hidden paths.
    """
    found = []
    for folder, subfolders, files in os.walk("/etc"):
        for name in list(subfolders):
            path = os.path.join(folder, name)
            with contextlib.suppress(OSError):
                if not os.path.islink(path) and os.stat(path).st_mode & 0o005 != 0o005:
                    found.append(path)
                    subfolders.remove(name)
        for name in files:
            path = os.path.join(folder, name)
            with contextlib.suppress(OSError):
                if not os.path.islink(path) and os.stat(path).st_mode & 0o004 == 0:
                    found.append(path)
    return tuple(found)


def python_paths() -> list[str]:
    """The folders a kernel needs to run this Python: the environment, its base installation,
    and gamekit's package folder (an editable install keeps it outside site-packages)."""
    import site

    import gamekit

    candidates = [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix]
    candidates += [str(Path(os.path.realpath(sys.executable)).parent.parent)]
    candidates += site.getsitepackages()
    if site.ENABLE_USER_SITE:
        candidates.append(site.getusersitepackages())
    candidates.append(str(Path(gamekit.__file__).parent))
    found: list[str] = []
    for path in candidates:
        real = os.path.realpath(path)
        if os.path.isdir(real) and real not in found:
            found.append(real)
    return found


def bwrap_arguments(
    *,
    work_dir: str,
    socket_dir: str,
    readable: list[str],
    hidden: list[str],
    limits: Limits,
    marker: str,
    blank_file: str,
    work_quota: bool = False,
    view: str | None = None,
    environment: dict[str, str] | None = None,
) -> list[str]:
    """The ``bwrap`` command line (without the kernel's own command) for one sandbox.

    ``work_dir`` and ``socket_dir`` are writable; ``blank_file`` is an empty file with mode 000
    that covers hidden files. A hidden folder becomes an empty, read-only tmpfs with mode 111:
    it cannot be listed, and only what is bound back inside it can be reached.

    Mounts are made from the shallowest path to the deepest, so a deeper one wins: hiding the
    course root ``/c`` and then binding back ``/c/.venv`` leaves only the environment visible.
    At equal depth a hidden path wins over a readable one, and a writable folder over both.

    ``work_quota``: the work folder is a tmpfs of ``limits.work_bytes`` (the host's folder is
    seen read-only at `COPY_IN`, and the kernel's command copies it in first); ``view``: a
    folder bound over gamekit's package folder (`gamekit.grader.kernel_view`); ``environment``:
    the kernel's variables (default `kernel_environment`), every other one cleared.
    """
    mounts: list[tuple[str, list[str]]] = []  # (mount point, bwrap arguments), in priority order
    for path in SYSTEM_PATHS:
        if os.path.islink(path):
            mounts.append((path, ["--symlink", os.readlink(path), path]))
        elif os.path.isdir(path):
            mounts.append((path, ["--ro-bind", path, path]))
    for path in python_paths() + [os.path.realpath(p) for p in readable]:
        mounts.append((path, ["--ro-bind", path, path]))
    if view is not None:  # after the real package folder: at equal depth the later one wins
        package = os.path.realpath(os.path.dirname(os.path.abspath(_gamekit_file())))
        mounts.append((package, ["--ro-bind", os.path.realpath(view), package]))
    hidden_dirs = []
    for path in [os.path.realpath(p) for p in hidden] + list(private_system_files()):
        if os.path.isdir(path):
            mounts.append((path, ["--perms", "0111", "--size", "4096", "--tmpfs", path]))
            hidden_dirs.append(path)
        elif os.path.exists(path):
            mounts.append((path, ["--ro-bind", blank_file, path]))
    mounts.append(("/tmp", ["--size", str(limits.tmp_bytes), "--tmpfs", "/tmp"]))
    fonts = font_list()
    if fonts is not None:  # read-only, in the folder matplotlib looks in under HOME=/tmp
        inside = f"/tmp/.cache/matplotlib/{os.path.basename(fonts)}"
        mounts.append((inside, ["--ro-bind", fonts, inside]))
    mounts.append(("/dev", ["--dev", "/dev"]))
    mounts.append(("/dev/shm", ["--size", str(limits.shm_bytes), "--tmpfs", "/dev/shm"]))
    mounts.append(("/proc", ["--proc", "/proc"]))
    work = os.path.realpath(work_dir)
    if work_quota:
        mounts.append((COPY_IN, ["--ro-bind", work, COPY_IN]))
        mounts.append((work, ["--size", str(limits.work_bytes), "--tmpfs", work]))
    else:
        mounts.append((work, ["--bind", work, work]))
    socket = os.path.realpath(socket_dir)
    mounts.append((socket, ["--bind", socket, socket]))
    mounts.sort(key=lambda mount: len(Path(mount[0]).parts))  # stable: ties keep their order
    arguments = [shutil.which("bwrap") or "bwrap"]
    for _, mount in mounts:
        arguments += mount
    for path in ["/", *hidden_dirs]:  # the folders bwrap made for mount points, and hidden ones
        arguments += ["--remount-ro", path]
    arguments += ["--chdir", os.path.realpath(work_dir)]
    arguments += ["--unshare-all", "--cap-drop", "ALL", "--die-with-parent", "--new-session"]
    # A fresh environment: only the allowed variables. The grader's PID means nothing in a new
    # PID namespace: ipykernel would believe its parent died and quit. Parent PID 1 tells it not
    # to watch its parent (bwrap's --die-with-parent does that job). A private, writable home
    # and IPython folder live in the private /tmp.
    settings = dict(kernel_environment() if environment is None else environment)
    settings |= {"JPY_PARENT_PID": "1", MARKER_VARIABLE: marker, "HOME": "/tmp"}
    settings |= {"TMPDIR": "/tmp", "IPYTHONDIR": "/tmp/.ipython"}
    arguments.append("--clearenv")
    for name, value in settings.items():
        arguments += ["--setenv", name, value]
    arguments.append("--")
    if work_quota:  # the submission's copy into the bounded work folder, then the kernel
        arguments += ["/bin/sh", "-c", f'cp -R {COPY_IN}/. . && exec "$@"', "sh"]
    return arguments


def font_list() -> str | None:
    """The grader's own matplotlib font list, when it has one for this matplotlib: each kernel
    gets it read-only, in place of building its own in its empty home at its first picture
    (0.12 s a kernel, measured). It holds the names and paths of font files only; if the
    font a picture needs cannot be opened in the kernel, matplotlib builds a list of its own
    there, as it did before."""
    try:
        import matplotlib
        from matplotlib.font_manager import FontManager
    except ImportError:
        return None
    path = os.path.join(matplotlib.get_cachedir(), f"fontlist-v{FontManager.__version__}.json")
    return os.path.realpath(path) if os.path.isfile(path) else None


def _gamekit_file() -> str:
    import gamekit

    return gamekit.__file__


def leftover_processes(marker: str) -> list[int]:
    """Live processes whose command line contains ``marker``, or whose environment carries it
    as the sandbox marker (``MARKER_VARIABLE``): what a sandbox left behind."""
    found = []
    for process in psutil.process_iter():
        if process.pid == os.getpid():
            continue
        with contextlib.suppress(psutil.Error):
            if process.status() == psutil.STATUS_ZOMBIE:
                continue
            in_command = any(marker in argument for argument in process.cmdline())
            if in_command or process.environ().get(MARKER_VARIABLE) == marker:
                found.append(process.pid)
    return sorted(found)


class SandboxMixin(HasTraits):
    """What a sandboxed kernel manager adds to jupyter_client's; see the two classes below.

    Set ``work_dir`` (required), and optionally ``readable``, ``hidden``, ``limits`` and
    ``use_bwrap``. After ``start_kernel``, ``sandboxed`` says whether bubblewrap was used;
    after the kernel died, ``kill_reason`` says whether a limit killed it.
    """

    work_dir = Unicode("", help="The only folder the kernel may write to; also its cwd.")
    readable = List(Unicode(), help="Extra folders the kernel may read (e.g. the release).")
    hidden = List(Unicode(), help="Paths the kernel must not see (course root, gradebook).")
    limits = Instance(Limits, args=(), help="Resource caps of the sandbox.")
    use_bwrap = Bool(True, help="Use bubblewrap when sandbox_available(); False forces it off.")
    work_quota = Bool(False, help="Sandboxed: the work folder is a bounded tmpfs with a copy.")
    view = Unicode("", help="Sandboxed: a folder seen in place of gamekit's package folder.")
    socket_dir = Unicode("", help="An existing folder for the kernel's sockets (else a new one).")

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("transport", "ipc")
        super().__init__(**kwargs)
        self.sandboxed = False
        self.marker = f"gamekit-sandbox-{uuid.uuid4().hex}"
        self.runtime_dir: str | None = None
        self._process: subprocess.Popen | None = None  # bwrap, or the kernel when unsandboxed
        self._members: dict[int, psutil.Process] = {}  # every sandbox process seen so far
        self._peak_memory = 0  # largest address space seen in the sandbox, in bytes
        self._last_cpu = 0.0  # largest CPU time seen in the sandbox, in seconds
        self._cpu_seen: dict[tuple[int, float], float] = {}  # (pid, start) -> its CPU seconds
        self._cpu_lock = threading.Lock()
        self._kernel_pid: int | None = None  # the kernel's own process (`waiting_seconds`)
        self._reason: str | None = None
        self._watcher: threading.Thread | None = None
        self._stop_watching = threading.Event()
        self._kill_lock = threading.Lock()

    # ---- start ---------------------------------------------------------------------------

    async def _async_pre_start_kernel(self, **kw):
        if not self.work_dir or not os.path.isdir(self.work_dir):
            raise ValueError(f"work_dir must be an existing folder, got {self.work_dir!r}")
        missing = [path for path in self.readable if not os.path.exists(path)]
        if missing:
            raise ValueError(f"readable paths must exist, these do not: {missing}")
        if self.transport != "ipc":
            raise ValueError(f"transport must be 'ipc' (TCP cannot cross), got {self.transport!r}")
        available, why = sandbox_available()
        self.sandboxed = self.use_bwrap and available
        if self.use_bwrap and not available:
            self.log.warning("Student code runs UNSANDBOXED: %s", why)
        if self.runtime_dir is None:  # kept across restarts
            self.runtime_dir = tempfile.mkdtemp(prefix="gamekit-sbx-")
            sockets = self.sockets_folder  # bound into the sandbox
            os.makedirs(sockets, exist_ok=True)
            self.connection_file = os.path.join(sockets, "kernel.json")
            self.ip = os.path.join(sockets, "kernel")
            blank = os.path.join(self.runtime_dir, "blank")  # covers hidden files
            Path(blank).touch(mode=0)
        env = kernel_environment(kw.get("env") or os.environ)  # nothing of value, sandbox or not
        env |= {"HOME": self.work_dir, "TMPDIR": tempfile.gettempdir()}
        env[MARKER_VARIABLE] = self.marker
        env["MALLOC_ARENA_MAX"] = "2"  # fewer 64 MB malloc arenas: less address space per thread
        kw["env"] = env
        kw["cwd"] = self.work_dir
        kw["preexec_fn"] = self.limits.apply
        self._reason, self._peak_memory, self._last_cpu = None, 0, 0.0
        self._cpu_seen, self._kernel_pid = {}, None
        return await super()._async_pre_start_kernel(**kw)

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        """The kernel's command, wrapped in bwrap when sandboxed."""
        command = super().format_kernel_cmd(extra_arguments)
        # No history database: nobody reads it, and a student who fills the disk would
        # otherwise make IPython's history thread print its complaint into their outputs.
        command = [*command, "--HistoryManager.enabled=False"]
        if not self.sandboxed:
            return command
        assert self.runtime_dir is not None
        wrapper = bwrap_arguments(
            work_dir=self.work_dir,
            socket_dir=self.sockets_folder,
            readable=self.readable,
            hidden=self.hidden,
            limits=self.limits,
            marker=self.marker,
            blank_file=os.path.join(self.runtime_dir, "blank"),
            work_quota=self.work_quota,
            view=self.view or None,
        )
        return wrapper + command

    async def _async_launch_kernel(self, kernel_cmd: list[str], **kw) -> None:
        await super()._async_launch_kernel(kernel_cmd, **kw)
        assert self.provisioner is not None
        self._process = self.provisioner.process  # type: ignore[attr-defined]
        self._members = {}
        self._stop_watching.clear()
        self._watcher = threading.Thread(target=self._watch, name="sandbox-watcher", daemon=True)
        self._watcher.start()

    @property
    def sockets_folder(self) -> str:
        """The folder of the kernel's sockets, bound into the sandbox (``socket_dir`` if set)."""
        assert self.runtime_dir is not None
        return self.socket_dir or os.path.join(self.runtime_dir, "sockets")

    # ---- watch ---------------------------------------------------------------------------

    @property
    def kill_reason(self) -> str | None:
        """Why the kernel died, when a limit did it: "processes", "cpu", "memory", "disk";
        else None."""
        if self._reason is not None or self._process is None or self.shutting_down:
            return self._reason
        code = self._process.poll()
        if code is None:
            return None
        # The signal that ended it: Popen says -N; bwrap exits with 128 + N, as a shell does.
        died_of = -code if code < 0 else code - 128 if self.sandboxed and code > 128 else 0
        near_cpu_cap = self._last_cpu >= self.limits.cpu_seconds - 0.5
        if died_of == signal.SIGXCPU or (died_of == signal.SIGKILL and near_cpu_cap):
            return "cpu"  # the soft cap's signal, or the hard cap's SIGKILL one second later
        fatal = {signal.SIGKILL, signal.SIGSEGV, signal.SIGABRT, signal.SIGBUS}
        if died_of in fatal and self._peak_memory >= 0.9 * self.limits.memory_bytes:
            return "memory"  # e.g. the kernel's out-of-memory killer, or malloc failing in C
        return None

    def sandbox_processes(self) -> list[psutil.Process]:
        """The sandbox's live processes: the kernel (or bwrap) and all its descendants, and,
        unsandboxed, also those that left the tree but stayed in the kernel's session."""
        if self._process is None:
            return []
        found = []
        for pid in descendants(self._process.pid):
            with contextlib.suppress(psutil.Error):
                found.append(psutil.Process(pid))
        if not self.sandboxed:
            known = {process.pid for process in found}
            for pid in psutil.pids():
                with contextlib.suppress(OSError, psutil.Error):
                    if pid not in known and os.getsid(pid) == self._process.pid:
                        found.append(psutil.Process(pid))
        return [p for p in found if p.pid != os.getpid()]

    def cpu_seconds(self) -> float:
        """CPU time (user and system) used by every process of the sandbox so far: the live
        ones read now, those that ended as last seen (by the watcher, every 50 ms). What a
        cell's limit counts (`gamekit.grader.budget`), whatever the machine's load."""
        members = self.sandbox_processes()
        with self._cpu_lock:
            for process in members:
                self._note_cpu(process)
            return sum(self._cpu_seen.values())

    def waiting_seconds(self) -> float:
        """Seconds the kernel's process has spent runnable but waiting for a processor (the
        run-queue wait of Linux's ``/proc/PID/schedstat``): time the machine's other work took,
        which a cell's wall-clock cap does not count. 0 where Linux does not say."""
        if self._kernel_pid is None:
            for process in self.sandbox_processes():
                with contextlib.suppress(psutil.Error):
                    # bwrap's own processes carry the kernel's command among their arguments,
                    # and they sleep: the kernel is the process whose program is not bwrap.
                    command = process.cmdline()
                    wrapper = bool(command) and os.path.basename(command[0]) == "bwrap"
                    if not wrapper and any("ipykernel" in part for part in command):
                        self._kernel_pid = process.pid
                        break
        if self._kernel_pid is None:
            return 0.0
        from gamekit.grader.budget import waiting_seconds

        return waiting_seconds(self._kernel_pid)

    def _note_cpu(self, process: psutil.Process) -> float:
        with contextlib.suppress(psutil.Error):
            times = process.cpu_times()
            used = times.user + times.system
            self._cpu_seen[(process.pid, process.create_time())] = used
            return used
        return 0.0

    def _watch(self) -> None:
        """Watch the sandbox's totals until it ends (processes, resident memory, CPU time, the
        sockets folder); kill it, and say why, when one is over its limit."""
        while not self._stop_watching.wait(WATCH_INTERVAL):
            if self._process is None or self._process.poll() is not None:
                self._reason = self.kill_reason  # the death's cause, read before any shutdown
                return
            over = self._over_a_total()
            if over is not None:
                self._reason = over
                self.kill_sandbox()
                return

    def _over_a_total(self) -> str | None:
        """The total the sandbox is over ("processes", "memory", "cpu", "disk"), if any."""
        members = self.sandbox_processes()
        if len(members) > self.limits.processes:
            return "processes"
        resident = 0
        for process in members:
            self._members.setdefault(process.pid, process)
            with contextlib.suppress(psutil.Error):
                memory = process.memory_info()
                self._peak_memory = max(self._peak_memory, memory.vms)
                resident += memory.rss
            with self._cpu_lock:
                self._last_cpu = max(self._last_cpu, self._note_cpu(process))
        if resident > self.limits.total_memory_bytes and (
            proportional_memory(members) > self.limits.total_memory_bytes
        ):  # resident sizes count the pages forks share once per fork: confirm with PSS
            return "memory"
        with self._cpu_lock:
            if sum(self._cpu_seen.values()) > self.limits.cpu_seconds:
                return "cpu"
        if self.runtime_dir and folder_bytes(self.sockets_folder) > self.limits.socket_bytes:
            return "disk"
        return None

    # ---- stop ----------------------------------------------------------------------------

    def kill_sandbox(self) -> None:
        """SIGKILL every process of the sandbox that can be found, until none is left."""
        with self._kill_lock:
            for _ in range(50):
                targets = self.sandbox_processes() + list(self._members.values())
                if not self.sandboxed or not targets:  # marked processes that left the tree
                    targets += _marked(self.marker)
                alive = [p for p in targets if _is_alive(p)]
                if not alive:
                    return
                for process in alive:
                    with contextlib.suppress(psutil.Error):
                        process.kill()
                psutil.wait_procs(alive, timeout=0.2)

    async def _async_interrupt_kernel(self) -> None:
        """Interrupt by message when sandboxed: a signal from outside stops at bwrap."""
        if not self.sandboxed:
            return await super()._async_interrupt_kernel()
        if not self.has_kernel:
            raise RuntimeError("Cannot interrupt kernel. No kernel is running!")
        self._connect_control_socket()
        self.session.send(self._control_socket, self.session.msg("interrupt_request", content={}))

    async def _async_cleanup_resources(self, restart: bool = False) -> None:
        """jupyter_client's cleanup, then: stop the watcher, kill what is left, and (unless
        restarting) remove the folder of the connection file and sockets."""
        self._stop_watching.set()
        if self._watcher is not None and self._watcher is not threading.current_thread():
            self._watcher.join(timeout=5)
        self.kill_sandbox()
        await super()._async_cleanup_resources(restart=restart)
        if not restart and self.runtime_dir is not None:
            shutil.rmtree(self.runtime_dir, ignore_errors=True)
            self.runtime_dir = None


class SandboxedKernelManager(SandboxMixin, KernelManager):
    """A blocking kernel manager (``km.start_kernel()``, ``km.shutdown_kernel()``) whose kernel
    runs in the sandbox."""

    pre_start_kernel = run_sync(SandboxMixin._async_pre_start_kernel)
    _launch_kernel = run_sync(SandboxMixin._async_launch_kernel)
    interrupt_kernel = run_sync(SandboxMixin._async_interrupt_kernel)
    cleanup_resources = run_sync(SandboxMixin._async_cleanup_resources)


class AsyncSandboxedKernelManager(SandboxMixin, AsyncKernelManager):
    """The same for asyncio (``await km.start_kernel()``): the one to hand to nbclient, whose
    per-cell timeouts never fire with a blocking manager (measured with nbclient 0.11)."""

    pre_start_kernel = SandboxMixin._async_pre_start_kernel
    _launch_kernel = SandboxMixin._async_launch_kernel
    interrupt_kernel = SandboxMixin._async_interrupt_kernel
    cleanup_resources = SandboxMixin._async_cleanup_resources


def proportional_memory(processes: list[psutil.Process]) -> int:
    """Bytes of memory ``processes`` hold together, each shared page counted once (the sum of
    their proportional set sizes; Linux). Read only when their resident sizes add up past a
    limit: it walks each process's page tables."""
    total = 0
    for process in processes:
        with contextlib.suppress(psutil.Error, AttributeError):
            info = process.memory_full_info()
            total += getattr(info, "pss", info.rss)
    return total


def folder_bytes(path: str, entries: int = 1_000) -> int:
    """Bytes of the files under ``path`` (links not followed); more than ``entries`` files and
    folders count as far too many (a kernel filling the folder with empty files).

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> _ = open(os.path.join(folder, "f"), "w").write("x" * 5000)
    >>> 5000 <= folder_bytes(folder) <= 8192  # what it takes on disk: whole blocks
    True
    """
    total, seen, waiting = 0, 0, [path]
    while waiting:
        with contextlib.suppress(OSError), os.scandir(waiting.pop()) as found:
            for entry in found:
                seen += 1
                if seen > entries:
                    return sys.maxsize
                with contextlib.suppress(OSError):
                    if entry.is_dir(follow_symlinks=False):
                        waiting.append(entry.path)
                    else:
                        total += entry.stat(follow_symlinks=False).st_blocks * 512
    return total


def descendants(pid: int) -> list[int]:
    """``pid`` and all its descendants. On Linux it reads only the family's own
    ``/proc/PID/task/TID/children`` files: far cheaper than scanning every process on the host,
    which psutil does (and which is the fallback elsewhere)."""
    if not os.path.exists(f"/proc/{pid}/task/{pid}/children"):
        with contextlib.suppress(psutil.Error):
            root = psutil.Process(pid)
            return [pid, *(child.pid for child in root.children(recursive=True))]
        return []
    found, waiting = [], [pid]
    while waiting:
        current = waiting.pop()
        found.append(current)
        with contextlib.suppress(OSError):
            for thread in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{thread}/children") as children:
                    waiting += [int(child) for child in children.read().split()]
    return found


def _marked(marker: str) -> list[psutil.Process]:
    """Processes carrying ``marker`` in their environment, wherever they are in the tree."""
    found = []
    for process in psutil.process_iter():
        with contextlib.suppress(psutil.Error):
            if process.pid != os.getpid() and process.environ().get(MARKER_VARIABLE) == marker:
                found.append(process)
    return found


def _is_alive(process: psutil.Process) -> bool:
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False
