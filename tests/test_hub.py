"""End to end on loopback: a JupyterHub from gamekit.hub, real Unix users, nbgrader's exchange.

Two students log in through the Hub's REST API, fetch a02_alphabeta, answer it (one with the
reference answers, one pruning only on strict inequality), and hand it in; the instructor
collects, grades with the course's driver and releases feedback; each student fetches their own
feedback. A student cannot read the other's work. Needs root (it creates and removes users),
JupyterHub and Debian's configurable-http-proxy; skipped otherwise.
"""

from __future__ import annotations

import json
import os
import pwd
import re
import secrets
import shlex
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from traitlets.config import Config

from gamekit.course import CellGrade, build_submission, expected_score, load_cases, read_grades
from gamekit.hub import (
    EXTENSION_MANAGER_PLUGIN,
    SERVICE_TOKEN_VARIABLE,
    HubSetup,
    check_name,
    main,
    write_setup,
)

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
ASSIGNMENT = "a02_alphabeta"
COURSE = "adversarial-search"
CASES = {"a": "reference", "b": "strict_inequality"}  # student suffix -> fixture case

MISSING = [
    why
    for missing, why in [
        (os.geteuid() != 0, "creates Unix users: needs root"),
        (shutil.which("useradd") is None, "no useradd"),
        (shutil.which("unshare") is None, "no unshare (util-linux)"),
        (shutil.which("setpriv") is None, "no setpriv (util-linux)"),
        (
            shutil.which("configurable-http-proxy") is None,
            "no configurable-http-proxy (Debian: apt-get install node-configurable-http-proxy)",
        ),
        (not (BIN / "jupyterhub").exists(), "JupyterHub is not installed"),
    ]
    if missing
]
needs_hub = pytest.mark.skipif(bool(MISSING), reason="; ".join(MISSING))
ME = pwd.getpwuid(os.geteuid()).pw_name
TRANSLATION = "@jupyterlab/translation-extension:plugin"


# --------------------------------------------------------------------------------------------
# What gamekit.hub writes (fast, no Hub)
# --------------------------------------------------------------------------------------------


def load_config(path: Path, **env: str) -> Config:
    """Run a config file as JupyterHub or nbgrader would; the settings it made."""
    config = Config()
    namespace = {"get_config": lambda: config, "__file__": str(path)}
    saved = dict(os.environ)
    os.environ.update(env)
    try:
        exec(compile(path.read_text(), str(path), "exec"), namespace)
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return config


@pytest.fixture
def written(tmp_path) -> HubSetup:
    return write_setup(
        tmp_path / "hub", "ai-101", ME, ["ann", "bo"], port=8123, hub_port=8125, language="pt_BR"
    )


def test_exchange_modes(written) -> None:
    """The exchange is /tmp-like, the inbox write-only for others, feedback enter-only."""
    modes = {
        path.relative_to(written.exchange).as_posix(): stat.S_IMODE(path.stat().st_mode)
        for path in [written.exchange, *written.exchange.rglob("*")]
    }
    assert modes == {
        ".": 0o1777,
        "ai-101": 0o755,
        "ai-101/outbound": 0o755,
        "ai-101/inbound": 0o2733,
        "ai-101/feedback": 0o711,
    }
    inbound = written.course_exchange / "inbound"
    assert not inbound.stat().st_mode & stat.S_IROTH  # others cannot list the submissions
    assert inbound.stat().st_uid == os.geteuid()


def test_both_roles_share_the_exchange_but_only_the_instructor_grades(written) -> None:
    for folder, formgrader in [
        (written.student_config_dir, False),
        (written.instructor_config_dir, True),
    ]:
        nbgrader = load_config(folder / "nbgrader_config.py")
        assert nbgrader.Exchange.root == str(written.exchange)
        assert nbgrader.CourseDirectory.course_id == "ai-101"
        server = json.loads((folder / "jupyter_server_config.json").read_text())
        extensions = server["ServerApp"]["jpserver_extensions"]
        assert extensions["nbgrader.server_extensions.assignment_list"] is True
        assert extensions["nbgrader.server_extensions.formgrader"] is formgrader
        assert extensions["nbgrader.server_extensions.course_list"] is formgrader
        page = json.loads((folder / "labconfig" / "page_config.json").read_text())
        hidden = page["disabledExtensions"]  # JupyterLab 4's key (it reads no other)
        assert hidden.get("@jupyter/nbgrader:formgrader", False) is not formgrader
        # No Extension Manager panel for students; a read-only manager for everyone.
        assert hidden.get(EXTENSION_MANAGER_PLUGIN, False) is not formgrader
        assert server["LabApp"]["extension_manager"] == "readonly"


@pytest.mark.slow
def test_the_students_lab_reads_those_settings(written, tmp_path) -> None:
    """A lab started on the students' settings, as the Hub starts it, disables what they say."""
    port, token = free_port(), "t0ken"
    home = tmp_path / "home"
    home.mkdir()
    env = dict(
        os.environ,
        JUPYTER_CONFIG_PATH=str(written.student_config_dir),
        JUPYTER_CONFIG_DIR=str(home / ".jupyter"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        HOME=str(home),
    )
    command = [str(BIN / "jupyter"), "lab", "--no-browser", "--ServerApp.ip=127.0.0.1"]
    command += [f"--ServerApp.port={port}", f"--ServerApp.token={token}"]
    command += [f"--ServerApp.root_dir={home}"]
    if os.geteuid() == 0:
        command.append("--allow-root")
    lab = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        deadline = time.monotonic() + 300  # generous: a loaded machine starts a lab slowly
        while True:
            try:
                url = f"http://127.0.0.1:{port}/lab?token={token}"
                with urllib.request.urlopen(url, timeout=120) as reply:
                    page = reply.read().decode()
                url = f"http://127.0.0.1:{port}/lab/api/settings/{TRANSLATION}?token={token}"
                with urllib.request.urlopen(url, timeout=120) as reply:
                    settings = json.loads(reply.read())
                break
            except OSError:  # not listening yet
                assert lab.poll() is None and time.monotonic() < deadline, "no lab started"
                time.sleep(0.5)
    finally:
        lab.terminate()
        log = lab.communicate(timeout=60)[0]
    config = json.loads(
        page.split('id="jupyter-config-data"', 1)[1].split(">", 1)[1].split("</script>")[0]
    )
    disabled = set(config["disabledExtensions"])
    assert {EXTENSION_MANAGER_PLUGIN, "@jupyter/nbgrader:formgrader"} <= disabled, log[-2000:]
    assert "@jupyter/nbgrader:assignment-list" not in disabled  # students fetch and submit
    assert config["extensionManager"]["can_install"] is False, config["extensionManager"]
    # JupyterLab speaks the class's language (its language pack, chosen by the settings)
    locale = settings["schema"]["properties"]["locale"]["default"]
    assert settings["settings"].get("locale", locale) == "pt_BR", settings


def test_hub_config_lists_the_course_users_and_the_service_only_with_a_token(written) -> None:
    bare = load_config(written.config)
    assert bare.JupyterHub.port == 8123 and bare.JupyterHub.hub_port == 8125
    assert bare.ConfigurableHTTPProxy.api_url == "http://127.0.0.1:8124"  # next to the port
    assert bare.Authenticator.allowed_users == {ME, "ann", "bo"}
    assert bare.JupyterHub.load_groups["students"]["users"] == ["ann", "bo"]
    assert bare.JupyterHub.load_groups["instructors"]["users"] == [ME]
    assert "services" not in bare.JupyterHub  # no token, no service
    served = load_config(written.config, **{SERVICE_TOKEN_VARIABLE: "t0ken"})
    assert served.JupyterHub.services == [{"name": "course-admin", "api_token": "t0ken"}]
    assert "admin:users" in served.JupyterHub.load_roles[0]["scopes"]


def test_spawn_hook_points_each_role_at_its_settings(written, monkeypatch) -> None:
    hook = load_config(written.config).Spawner.pre_spawn_hook
    monkeypatch.setenv("GAMEKIT_DB_URL", "postgresql://grader:secret@db/course")
    for name, folder in [("ann", written.student_config_dir), (ME, written.instructor_config_dir)]:
        spawner = SimpleNamespace(user=SimpleNamespace(name=name), environment={})
        hook(spawner)
        assert spawner.environment["JUPYTER_CONFIG_PATH"] == str(folder)
        assert spawner.environment["GAMEKIT_LANG"] == "pt_BR"  # the class's language
        assert ("GAMEKIT_DB_URL" in spawner.environment) is (name == ME)  # never to students


@pytest.mark.parametrize(
    ("course", "instructor", "students", "named"),
    [
        ("ai-101", "Bad Name", ["ann"], "'Bad Name'"),
        ("ai-101", ME, ["ann", "9lives"], "'9lives'"),
        ("ai 101", ME, ["ann"], "'ai 101'"),
        ("ai-101", ME, [ME], repr(ME)),
        ("ai-101", ME, [], "no students"),
        pytest.param(
            "ai-101",
            "nobody-here-x",
            ["ann"],
            "no Unix user 'nobody-here-x'",
            marks=pytest.mark.skipif(
                os.geteuid() != 0,
                reason="only root checks the instructor's Unix user (it gives them the exchange)",
            ),
        ),
    ],
)
def test_bad_input_is_named(tmp_path, course, instructor, students, named) -> None:
    with pytest.raises(ValueError, match=re.escape(named)):
        write_setup(tmp_path / "hub", course, instructor, students)
    assert not (tmp_path / "hub").exists()  # nothing half-written


def test_writing_again_adds_a_student_and_keeps_the_course(written, tmp_path) -> None:
    """Adding a student is writing the setup again with the longer list (then restart)."""
    (written.course_exchange / "inbound" / "kept").mkdir()
    again = write_setup(written.dest, "ai-101", ME, ["ann", "bo", "cy"], port=8123, hub_port=8125)
    assert load_config(again.config).Authenticator.allowed_users == {ME, "ann", "bo", "cy"}
    assert (written.course_exchange / "inbound" / "kept").is_dir()  # submissions untouched
    course = tmp_path / "course"
    course.mkdir()
    with pytest.raises(ValueError, match="never overwritten"):
        write_setup(written.dest, "ai-101", ME, ["ann"], course_dir=course)


@pytest.mark.skipif(os.geteuid() != 0, reason="the home check needs root")
def test_course_outside_the_instructors_home_is_refused(tmp_path) -> None:
    """nbgrader's formgrader refuses a course above the server's root (the home)."""
    with pytest.raises(ValueError, match="outside"):
        write_setup(tmp_path / "hub", "c1", ME, ["ann"], course_dir=tmp_path / "course")
    assert not (tmp_path / "course").exists()


def test_command_line(tmp_path, capsys) -> None:
    assert (
        main(
            [
                "write",
                str(tmp_path / "h"),
                "--course",
                "c1",
                "--instructor",
                ME,
                "--students",
                "ann, bo",
                "--port",
                "9000",
            ]
        )
        == 0
    )
    assert load_config(tmp_path / "h" / "jupyterhub_config.py").JupyterHub.port == 9000
    assert (
        main(
            [
                "write",
                str(tmp_path / "x"),
                "--course",
                "c1",
                "--instructor",
                ME,
                "--students",
                "Ann",
            ]
        )
        == 2
    )
    assert "'Ann'" in capsys.readouterr().err


# --------------------------------------------------------------------------------------------
# End to end: a Hub on loopback, real users, the exchange, the driver
# --------------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def api(url: str, token: str, method: str = "GET", body: dict | None = None) -> dict | list:
    """One call to a REST API with a token; the decoded JSON answer."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Authorization", f"token {token}")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as answer:
        text = answer.read()
    return json.loads(text) if text else {}


def user_env(name: str, config_dir: Path) -> dict[str, str]:
    """A clean environment for a command run as ``name`` (none of the test's Jupyter folders)."""
    home = pwd.getpwnam(name).pw_dir
    return {
        "HOME": home,
        "USER": name,
        "LOGNAME": name,
        "PATH": f"{BIN}:/usr/local/bin:/usr/bin:/bin",
        "JUPYTER_CONFIG_PATH": str(config_dir),
        "LANG": "C.UTF-8",
    }


# The course's interpreter, its virtual environment and the checkout may live in folders other
# users cannot enter (pyenv under /root, a clone made in a `mktemp -d` folder: mode 0700). Rather
# than open those folders, commands run in a private mount namespace where each closed folder is
# an empty tmpfs with the one entry on the way to what is needed bound back in: only the
# processes of this test see the change.


def closed_folders(path: Path) -> list[Path]:
    """The folders above ``path`` that others may not enter, shallowest first."""
    return [f for f in reversed(path.parents) if f != Path("/") and not f.stat().st_mode & 0o001]


def needed_paths() -> list[Path]:
    """What other users' processes must reach: the interpreter, the environment and gamekit."""
    import gamekit

    found = [Path(sys.base_prefix), Path(sys.prefix), Path(gamekit.__file__).parent]
    return [path.resolve() / "bin" if path.name != "gamekit" else path.resolve() for path in found]


def view_script() -> str | None:
    """The shell script that opens the way to `needed_paths` (None when nothing is closed);
    ``$1`` is an empty folder for the mounts' spare copies, the rest is the command."""
    keeps: dict[Path, set[str]] = {}
    for path in needed_paths():
        for folder in closed_folders(path):
            keeps.setdefault(folder, set()).add(path.relative_to(folder).parts[0])
    if not keeps:
        return None
    lines = ["set -e", 'spare="$1"', "shift"]
    for number, folder in enumerate(sorted(keeps, key=lambda f: len(f.parts))):
        for keep in sorted(keeps[folder]):
            inside, spare = shlex.quote(str(folder / keep)), f'"$spare/{number}/{keep}"'
            lines += [f"mkdir -p {spare}", f"mount --bind {inside} {spare}"]
        lines.append(f"mount -t tmpfs -o mode=0755 tmpfs {shlex.quote(str(folder))}")
        for keep in sorted(keeps[folder]):
            inside, spare = shlex.quote(str(folder / keep)), f'"$spare/{number}/{keep}"'
            lines += [f"mkdir -p {inside}", f"mount --bind {spare} {inside}"]
    return "\n".join([*lines, 'exec "$@"'])


def opened(command: list[str], spare: Path) -> list[str]:
    """``command``, run where other users can reach this interpreter (``spare``: empty folder)."""
    script = view_script()
    if script is None:
        return command
    unshare = ["unshare", "--mount", "--propagation", "private", "sh", "-c", script, "sh"]
    return [*unshare, str(spare), *command]


def as_user(
    name: str, config_dir: Path, *args: str, cwd: Path | None = None, env: dict | None = None
) -> str:
    """Run ``args`` as Unix user ``name``; its output, or a failure that shows it."""
    entry = pwd.getpwnam(name)
    drop = ["setpriv", f"--reuid={entry.pw_uid}", f"--regid={entry.pw_gid}", "--clear-groups"]
    spare = Path(tempfile.mkdtemp(prefix="gkhub-view-"))
    try:
        done = subprocess.run(
            opened([*drop, "--", *args], spare),
            cwd=cwd or entry.pw_dir,
            env={**user_env(name, config_dir), **(env or {})},
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        shutil.rmtree(spare, ignore_errors=True)  # the view's mount points, empty again
    assert done.returncode == 0, f"{name}: {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout + done.stderr


@pytest.fixture
def users(tmp_path_factory) -> Iterator[dict[str, str]]:
    """Three fresh Unix users (students a and b, instructor i) with private homes; removed after."""
    tag = secrets.token_hex(3)
    names = {key: check_name(f"gk{tag}{key}") for key in ("a", "b", "i")}
    homes = Path(tempfile.mkdtemp(prefix="gkhub-homes-"))
    os.chmod(homes, 0o755)
    made = []
    try:
        for name in names.values():
            subprocess.run(
                ["useradd", "-m", "-d", str(homes / name), "-s", "/bin/sh", "-U", name],
                check=True,
                capture_output=True,
            )
            made.append(name)
            os.chmod(homes / name, 0o700)
        yield names
    finally:
        for name in made:
            if shutil.which("pkill"):  # anything of theirs still running ends with them
                subprocess.run(["pkill", "-KILL", "-u", name], capture_output=True)
            subprocess.run(["userdel", "-f", "-r", name], capture_output=True)
        shutil.rmtree(homes, ignore_errors=True)


@pytest.fixture
def hub(users, backend, tmp_path_factory) -> Iterator[tuple[HubSetup, str, Path]]:
    """A Hub written by gamekit.hub, running on 127.0.0.1; yields (setup, service token, course)."""
    if view_script() is not None:
        probe = subprocess.run(["unshare", "--mount", "true"], capture_output=True)
        if probe.returncode != 0:
            pytest.skip(
                "Python or the checkout is in a folder other users cannot enter, and "
                "unshare --mount fails here"
            )
    base = Path(tempfile.mkdtemp(prefix="gkhub-"))
    os.chmod(base, 0o755)
    setup = write_setup(
        base / "hub",
        COURSE,
        users["i"],
        [users["a"], users["b"]],
        port=free_port(),
        hub_port=free_port(),
        proxy_api_port=free_port(),
        course_dir=Path(pwd.getpwnam(users["i"]).pw_dir) / COURSE,
    )
    token = secrets.token_hex(32)
    env = {
        "PATH": f"{BIN}:/usr/local/bin:/usr/bin:/bin",
        "HOME": str(setup.dest),
        "LANG": "C.UTF-8",
        SERVICE_TOKEN_VARIABLE: token,
        **backend[1],  # the gradebook's URL, for the instructor's server
    }
    log = open(setup.dest / "hub.log", "w")  # noqa: SIM115 (closed below)
    spare = base / "view"
    spare.mkdir()
    process = subprocess.Popen(  # its users' servers run this interpreter too
        opened([str(BIN / "jupyterhub"), "-f", str(setup.config)], spare),
        cwd=setup.dest,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                api(f"{setup.url}/hub/api/", token)
                break
            except (urllib.error.URLError, ConnectionError, OSError):
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("the Hub did not start:\n" + (setup.dest / "hub.log").read_text())
                time.sleep(0.5)
        yield setup, token, Path(pwd.getpwnam(users["i"]).pw_dir) / COURSE
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait()
        log.close()
        shutil.rmtree(base, ignore_errors=True)


def has_cluster_grading() -> bool:
    """Whether the driver grades on a Dask cluster into PostgreSQL (the grading half of issue
    15): then the test uses them, else the local pool and SQLite."""
    import importlib.util
    import inspect

    from gamekit.grader import driver

    return (
        "cluster" in inspect.signature(driver.grade).parameters
        and importlib.util.find_spec("gamekit.grader.pgserver") is not None
        and importlib.util.find_spec("distributed") is not None
    )


@pytest.fixture
def backend() -> Iterator[tuple[list[str], dict[str, str], str | None]]:
    """(extra grade arguments, extra environment, PostgreSQL URL or None) for the instructor."""
    if not has_cluster_grading():
        yield [], {}, None
        return
    from distributed import LocalCluster

    from gamekit.grader.pgserver import temporary_postgres

    with (
        temporary_postgres() as db_url,
        LocalCluster(
            n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=":0"
        ) as cluster,
    ):
        yield ["--cluster", cluster.scheduler_address], {"GAMEKIT_DB_URL": db_url}, db_url


def gradebook_grades(course: Path, db_url: str | None) -> dict[str, list[CellGrade]]:
    """``course.read_grades``, from PostgreSQL too (it reads the course's SQLite file only)."""
    if db_url is None:
        return read_grades(course, ASSIGNMENT)
    from nbgrader.api import Gradebook

    with Gradebook(db_url) as gb:
        return {
            submission.student.id: [
                CellGrade(
                    nb.name,
                    grade.name,
                    grade.score if grade.auto_score is not None else grade.manual_score,
                    grade.max_score,
                    grade.auto_score is None,
                )
                for nb in submission.notebooks
                for grade in nb.grades
            ]
            for submission in gb.assignment_submissions(ASSIGNMENT)
        }


def start_server(setup: HubSetup, service_token: str, user_token: str, name: str) -> str:
    """Start ``name``'s own server through the Hub's API with their token; its address."""
    api(f"{setup.url}/hub/api/users/{name}/server", user_token, "POST", {})
    deadline = time.monotonic() + 120
    while True:
        model = api(f"{setup.url}/hub/api/users/{name}", service_token)
        if model.get("servers", {}).get("", {}).get("ready"):
            return f"{setup.url}/user/{name}"
        log = (setup.dest / "hub.log").read_text()
        assert time.monotonic() < deadline, f"{name}'s server did not start:\n{log[-3000:]}"
        time.sleep(0.5)


PROBE = """
import json, os, sys
tries = {}
for label, action in [
    ("list inbound", lambda: os.listdir(sys.argv[1])),
    ("read home copy", lambda: open(sys.argv[2]).read()),
]:
    try:
        action()
        tries[label] = "allowed"
    except PermissionError:
        tries[label] = "PermissionError"
print(json.dumps(tries))
"""


@pytest.mark.slow
@needs_hub
def test_hub_exchange_round_trip(hub, users, backend) -> None:
    setup, token, course = hub
    grade_args, grade_env, db_url = backend
    students = {users[key]: case for key, case in CASES.items()}
    instructor = users["i"]

    # The Hub knows the course's groups, and students log in with tokens issued through its API.
    group = api(f"{setup.url}/hub/api/groups/students", token)
    assert sorted(group["users"]) == sorted(students)
    tokens = {}
    for name in students:
        issued = api(f"{setup.url}/hub/api/users/{name}/tokens", token, "POST", {"note": "test"})
        tokens[name] = issued["token"]
        assert api(f"{setup.url}/hub/api/user", tokens[name])["name"] == name
    with pytest.raises(urllib.error.HTTPError) as refused:  # a student token is no admin's
        api(f"{setup.url}/hub/api/users/{instructor}", tokens[next(iter(students))])
    assert refused.value.code in (403, 404)

    # The instructor releases the assignment into the exchange.
    teach = setup.instructor_config_dir

    def instructor_runs(*args: str) -> str:
        return as_user(instructor, teach, *args, cwd=course, env=grade_env)

    instructor_runs(str(BIN / "nbgrader"), "generate_assignment", ASSIGNMENT, "--force")
    instructor_runs(str(BIN / "nbgrader"), "release_assignment", ASSIGNMENT)

    # The instructor's own server, started through the Hub, has the formgrader on that course.
    own = api(f"{setup.url}/hub/api/users/{instructor}/tokens", token, "POST", {"note": "test"})
    teacher = start_server(setup, token, own["token"], instructor)
    released = api(f"{teacher}/formgrader/api/assignments", own["token"])
    statuses = {a["name"]: a["status"] for a in released}
    assert statuses.pop(ASSIGNMENT) == "released"
    assert set(statuses.values()) == {"draft"}  # the course's other assignments, not yet out

    # Each student fetches it, answers it as their case says and hands it in.
    learn = setup.student_config_dir
    cases = {c.name: c for c in load_cases(ROOT, ASSIGNMENT, CASES.values())}
    source_nb = json.loads((course / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb").read_text())
    # Their own servers, started through the Hub, do it with nbgrader's assignment list API.
    servers = {name: start_server(setup, token, tokens[name], name) for name in students}
    which = {"course_id": COURSE, "assignment_id": ASSIGNMENT}
    for name, case in students.items():
        server, mine = servers[name], tokens[name]
        listed = api(f"{server}/assignments?course_id={COURSE}", mine)
        assert [(a["assignment_id"], a["status"]) for a in listed["value"]] == [
            (ASSIGNMENT, "released")
        ]
        with pytest.raises(urllib.error.HTTPError) as hidden:  # students have no formgrader
            api(f"{server}/formgrader/api/assignments", mine)
        assert hidden.value.code == 404
        fetched = api(f"{server}/assignments/fetch", mine, "POST", which)
        assert fetched["success"], fetched
        path = Path(pwd.getpwnam(name).pw_dir) / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
        answered = build_submission(json.loads(path.read_text()), source_nb, cases[case])
        path.write_text(json.dumps(answered, indent=1))  # the student's file, still theirs
        submitted = api(f"{server}/assignments/submit", mine, "POST", which)
        assert submitted["success"], submitted
        statuses = {a["status"] for a in submitted["value"] if a["assignment_id"] == ASSIGNMENT}
        assert "submitted" in statuses, submitted

    # A student cannot list the inbox, nor read another's copy or the instructor's course.
    first, second = list(students)
    other_copy = Path(pwd.getpwnam(first).pw_dir) / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    inbound = setup.course_exchange / "inbound"
    tries = json.loads(
        as_user(second, learn, sys.executable, "-c", PROBE, str(inbound), str(other_copy))
    )
    assert tries == {"list inbound": "PermissionError", "read home copy": "PermissionError"}
    assert len(os.listdir(inbound)) == 2  # both submissions are there (root can look)

    # The instructor collects, grades with the course's driver and releases feedback.
    instructor_runs(str(BIN / "nbgrader"), "collect", ASSIGNMENT)
    assert sorted(p.name for p in (course / "submitted").iterdir()) == sorted(students)
    grade_command = [sys.executable, "-m", "gamekit.course", "grade", ASSIGNMENT, *grade_args]
    instructor_runs(*grade_command)
    for kept in (course / "submitted").glob("*/*/*.txt"):  # timestamp.txt, submission_secret.txt
        graded = course / "autograded" / kept.relative_to(course / "submitted")
        assert graded.read_text() == kept.read_text(), f"the driver left no {graded.name}"
    instructor_runs(sys.executable, "-m", "gamekit.course", "feedback")
    instructor_runs(str(BIN / "nbgrader"), "release_feedback", ASSIGNMENT)

    # The gradebook has the fixture's expected scores for each student.
    grades = gradebook_grades(course, db_url)
    for name, case in students.items():
        for grade in grades[name]:
            want = expected_score(cases[case], grade)
            if want is not None:
                assert grade.score == want, (name, case, grade)

    # Each student fetches their own feedback, and its table shows the case's expected scores.
    seen: dict[str, dict[str, float]] = {}
    for name, case in students.items():
        answer = api(f"{servers[name]}/assignments/fetch_feedback", tokens[name], "POST", which)
        assert answer["success"], answer
        pages = list((Path(pwd.getpwnam(name).pw_dir) / ASSIGNMENT / "feedback").rglob("*.html"))
        assert len(pages) == 1, pages
        page = pages[0].read_text()
        shown = {
            grade_id: float(score)
            for grade_id, score in re.findall(
                r'data-grade-id="([\w-]+)" data-score="([\d.]+)"', page
            )
        }
        checked = 0
        for grade in grades[name]:
            want = expected_score(cases[case], grade)
            if want is not None:
                assert shown[grade.grade_id] == want, (name, case, grade.grade_id, shown)
                checked += 1
        assert checked >= 3, shown
        seen[case] = shown
    # The wrong answer lost the alpha-beta test that the reference passed.
    assert seen["strict_inequality"]["test_alphabeta_search"] == 0
    assert seen["reference"]["test_alphabeta_search"] > 0
