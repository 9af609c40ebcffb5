"""JupyterHub and nbgrader's exchange for one course: write a working setup into one folder.

    python -m gamekit.hub write DEST --course ID --instructor NAME --students a,b [--port 8000]

writes, under DEST:

- ``jupyterhub_config.py``: the Hub on ``--ip``/``--port``, real Unix users started by
  JupyterHub's LocalProcessSpawner, PAM log-in for the listed users only, groups ``instructors``
  and ``students``, and a service ``course-admin`` whose token (the environment variable
  ``GAMEKIT_HUB_SERVICE_TOKEN`` when the Hub starts) may create users, start servers and issue
  tokens through the REST API.
- ``etc/student/``: the students' Jupyter configuration: ``nbgrader_config.py`` (exchange root,
  course id) and server and lab settings that leave only the Assignments list of nbgrader on,
  and no Extension Manager (its panel off, its server side read-only: nothing is installed from
  PyPI into the Hub's environment from a browser).
- ``etc/instructor/``: the instructor's: the same exchange, plus the formgrader and course list
  (pointed at ``--course-dir``), and the Extension Manager's panel, read-only. A PostgreSQL
  gradebook's URL, ``GAMEKIT_DB_URL`` in the Hub's environment, is passed to the instructor's
  server only.
- ``exchange/``: the exchange, with the course's folders made and owned by the instructor
  (when run as root).
- with ``--course-dir DIR`` (inside the instructor's home: the formgrader works only below the
  server's root): a copy of the course (config and sources) owned by the instructor, its
  ``nbgrader_config.py`` extended with the exchange root and course id.

The permission model. nbgrader's default exchange trusts the file system, so the modes are the
whole defence:

- ``exchange/`` is ``1777`` (like /tmp): anyone may create in it, only an owner may rename or
  delete. nbgrader resets any mode whose low nine bits differ from ``777``, so the sticky bit
  is the only hardening it keeps.
- ``exchange/ID/`` and ``outbound/`` are ``0755``, owned by the instructor: everyone may read
  released assignments, only the instructor may release.
- ``inbound/`` is ``2733``: others may create and enter but never list. A student hands in a
  folder ``student+assignment+time+random`` whose last part is 12 random characters
  (``add_random_string``, on by default: 72 random bits), so no student can find another's
  submission. The setgid bit gives each submission the instructor's group. The limit: nbgrader
  makes each submitted folder ``0777`` (so the instructor may delete it), so whoever learns a
  folder's exact name could read or change it; collect promptly, and keep names off screens.
- ``feedback/`` is ``0711``: a student opens only the file named by a hash of their own
  submission (its time and a secret written at submission).
- Home folders must be ``0700``: the notebooks a student fetched and answered live there.
  ``useradd -m`` makes them ``0755`` unless /etc/login.defs says ``HOME_MODE 0700``.

Why not nbgrader's ``path_includes_course`` plus a group per course instead? It changes only
where a student's copy lands (``~/ID/assignment``); it does not change who may read the exchange.
Groups would matter with several instructors (``CourseDirectory.groupshared``); one instructor
per course needs none, and fewer moving parts is easier for a department's admin to audit.
"""

from __future__ import annotations

import argparse
import json
import os
import pwd
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from gamekit.i18n import normalised

SERVICE_TOKEN_VARIABLE = "GAMEKIT_HUB_SERVICE_TOKEN"
SERVICE_NAME = "course-admin"
DB_URL_VARIABLE = "GAMEKIT_DB_URL"  # the gradebook's URL, read by the course's nbgrader_config.py

#: nbgrader's server extensions: students keep only the assignment list.
SERVER_EXTENSIONS = (
    "nbgrader.server_extensions.assignment_list",
    "nbgrader.server_extensions.course_list",
    "nbgrader.server_extensions.formgrader",
    "nbgrader.server_extensions.validate_assignment",
)
STUDENT_SERVER_EXTENSIONS = (
    "nbgrader.server_extensions.assignment_list",
    "nbgrader.server_extensions.validate_assignment",
)
#: nbgrader's lab plugins a student must not see (the formgrader and course list menus).
INSTRUCTOR_LAB_PLUGINS = (
    "@jupyter/nbgrader:formgrader",
    "@jupyter/nbgrader:course-list",
    "@jupyter/nbgrader:create-assignment",
)
#: JupyterLab's Extension Manager panel (it installs lab extensions from PyPI): not for students.
EXTENSION_MANAGER_PLUGIN = "@jupyterlab/extensionmanager-extension:plugin"
#: The lab's news prompt ("get notified about official Jupyter news?"): off for everyone.
NEWS_PLUGIN = "@jupyterlab/apputils-extension:announcements"

_NAME = re.compile(r"^[a-z_][a-z0-9_-]{0,31}$")
_COURSE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


@dataclass(frozen=True)
class HubSetup:
    """Where ``write_setup`` put things, for the admin (and the tests)."""

    dest: Path
    course_id: str
    instructor: str
    students: tuple[str, ...]
    ip: str
    port: int
    hub_port: int
    proxy_api_port: int
    language: str = "en"  # the class's: the lab's own words, the boards and the checks
    config: Path = field(init=False)
    exchange: Path = field(init=False)
    student_config_dir: Path = field(init=False)
    instructor_config_dir: Path = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "config", self.dest / "jupyterhub_config.py")
        object.__setattr__(self, "exchange", self.dest / "exchange")
        object.__setattr__(self, "student_config_dir", self.dest / "etc" / "student")
        object.__setattr__(self, "instructor_config_dir", self.dest / "etc" / "instructor")

    @property
    def url(self) -> str:
        """The Hub's public address (through the proxy)."""
        return f"http://{self.ip}:{self.port}"

    @property
    def course_exchange(self) -> Path:
        return self.exchange / self.course_id


def check_name(name: str) -> str:
    """A Unix user name usable by the Hub, or ``ValueError`` naming it and the rule."""
    if not _NAME.match(name):
        raise ValueError(
            f"bad user name {name!r}: use 1-32 characters, lower-case letters, digits, '_' or "
            "'-', starting with a letter or '_'"
        )
    return name


def unix_user(name: str) -> pwd.struct_passwd:
    """The password entry of ``name``, or ``ValueError`` saying how to create the user."""
    try:
        return pwd.getpwnam(name)
    except KeyError:
        raise ValueError(f"no Unix user {name!r}: create it first (useradd -m {name})") from None


def nbgrader_config(exchange: Path, course_id: str) -> str:
    """The nbgrader settings every user of the course shares: the exchange and the course."""
    return (
        '"""nbgrader settings written by gamekit.hub: the exchange and the course."""\n\n'
        "c = get_config()  # noqa: F821 (provided by nbgrader)\n"
        f"c.Exchange.root = {str(exchange)!r}\n"
        f"c.CourseDirectory.course_id = {course_id!r}\n"
    )


def server_config(enabled: tuple[str, ...], settings: Path | None = None) -> dict:
    """jupyter_server_config.json that turns nbgrader's server extensions on or off.

    Everyone's Extension Manager is read-only: the Hub's environment is shared, and its pins are
    the ones the course was tested with. ``settings``: the folder of the lab's settings
    overrides (`lab_overrides`: the class's language for JupyterLab's own words).
    """
    lab: dict = {"extension_manager": "readonly"}
    if settings is not None:
        lab["app_settings_dir"] = str(settings)
    return {
        "ServerApp": {"jpserver_extensions": {e: e in enabled for e in SERVER_EXTENSIONS}},
        "LabApp": lab,
    }


LAB_LOCALES = {"en": "en", "pt_BR": "pt_BR", "es": "es_ES"}
"""The locale of JupyterLab's language pack for each of the course's languages."""


def lab_overrides(language: str) -> dict:
    """overrides.json of the lab's settings: JupyterLab speaks ``language`` (its language pack,
    installed with the course)."""
    locale = LAB_LOCALES[normalised(language)]
    return {"@jupyterlab/translation-extension:plugin": {"locale": locale}}


def page_config(instructor: bool) -> dict:
    """labconfig/page_config.json: the lab plugins a role does not see (JupyterLab 4's key)."""
    hidden = [NEWS_PLUGIN]
    if not instructor:
        hidden += [*INSTRUCTOR_LAB_PLUGINS, EXTENSION_MANAGER_PLUGIN]
    return {"disabledExtensions": dict.fromkeys(hidden, True)}


def hub_config(setup: HubSetup, singleuser: str) -> str:
    """The text of jupyterhub_config.py for ``setup``; ``singleuser`` starts a user's server."""
    users = sorted({setup.instructor, *setup.students})
    return f'''"""JupyterHub for the course {setup.course_id!r}, written by gamekit.hub."""

import os

c = get_config()  # noqa: F821 (provided by JupyterHub)
HERE = os.path.dirname(os.path.abspath(__file__))

c.JupyterHub.ip = {setup.ip!r}
c.JupyterHub.port = {setup.port}
c.JupyterHub.hub_ip = {setup.ip!r}
c.JupyterHub.hub_port = {setup.hub_port}
c.ConfigurableHTTPProxy.api_url = "http://{setup.ip}:{setup.proxy_api_port}"
# Debian's configurable-http-proxy keeps its modules in /usr/share/nodejs, which a node that is
# not Debian's (NodeSource, nvm) does not search.
if os.path.isdir("/usr/share/nodejs"):
    os.environ.setdefault("NODE_PATH", "/usr/share/nodejs")
c.JupyterHub.db_url = "sqlite:///" + os.path.join(HERE, "jupyterhub.sqlite")
c.JupyterHub.cookie_secret_file = os.path.join(HERE, "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = os.path.join(HERE, "jupyterhub.pid")

# Real Unix users: each server runs as its user, so file modes in the exchange apply.
c.JupyterHub.authenticator_class = "pam"
c.Authenticator.allowed_users = {set(users)!r}
c.Authenticator.admin_users = set()
c.JupyterHub.spawner_class = "jupyterhub.spawner.LocalProcessSpawner"
c.Spawner.cmd = [{singleuser!r}]
c.Spawner.default_url = "/lab"
c.Spawner.notebook_dir = "~"

c.JupyterHub.load_groups = {{
    "instructors": {{"users": [{setup.instructor!r}]}},
    "students": {{"users": {list(setup.students)!r}}},
}}

CONFIG_DIRS = {{
    "instructor": os.path.join(HERE, "etc", "instructor"),
    "student": os.path.join(HERE, "etc", "student"),
}}


def pre_spawn_hook(spawner):
    """Students get the assignment list only; the instructor also the formgrader."""
    role = "instructor" if spawner.user.name == {setup.instructor!r} else "student"
    spawner.environment["JUPYTER_CONFIG_PATH"] = CONFIG_DIRS[role]
    spawner.environment["GAMEKIT_LANG"] = {setup.language!r}  # the boards and checks speak it
    # A PostgreSQL gradebook's address (and password) reaches the instructor's server only.
    if role == "instructor" and os.environ.get({DB_URL_VARIABLE!r}):
        spawner.environment[{DB_URL_VARIABLE!r}] = os.environ[{DB_URL_VARIABLE!r}]


c.Spawner.pre_spawn_hook = pre_spawn_hook

# A service for scripts (adding students, starting servers, issuing their tokens).
token = os.environ.get({SERVICE_TOKEN_VARIABLE!r})
if token:
    c.JupyterHub.services = [{{"name": {SERVICE_NAME!r}, "api_token": token}}]
    c.JupyterHub.load_roles = [
        {{
            "name": {SERVICE_NAME!r},
            "scopes": [
                "admin:users", "admin:servers", "tokens", "list:users", "read:users",
                "list:groups", "read:groups",
            ],
            "services": [{SERVICE_NAME!r}],
        }}
    ]
'''


def _owned(path: Path, mode: int, owner: str | None) -> None:
    """Set ``path``'s mode and, as root, its owner (and group: the owner's primary group)."""
    if owner is not None and os.geteuid() == 0:
        entry = unix_user(owner)
        os.chown(path, entry.pw_uid, entry.pw_gid)
    os.chmod(path, mode)


def make_exchange(exchange: Path, course_id: str, instructor: str | None) -> None:
    """Create the exchange and the course's folders with the modes described above."""
    exchange.mkdir(parents=True, exist_ok=True)
    _owned(exchange, 0o1777, None)
    course = exchange / course_id
    for folder, mode in [
        (course, 0o755),
        (course / "outbound", 0o755),
        (course / "inbound", 0o2733),
        (course / "feedback", 0o711),
    ]:
        folder.mkdir(exist_ok=True)
        _owned(folder, mode, instructor)


def _write_config_dir(
    folder: Path, setup: HubSetup, extensions: tuple[str, ...], course_dir: Path | None = None
) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    text = nbgrader_config(setup.exchange, setup.course_id)
    if course_dir is not None:  # the formgrader works on this course wherever the server starts
        text += f"c.CourseDirectory.root = {str(course_dir)!r}\n"
    (folder / "nbgrader_config.py").write_text(text)
    settings = folder / "settings"
    settings.mkdir(exist_ok=True)
    (settings / "overrides.json").write_text(json.dumps(lab_overrides(setup.language), indent=1))
    text = json.dumps(server_config(extensions, settings), indent=1)
    (folder / "jupyter_server_config.json").write_text(text)
    labconfig = folder / "labconfig"
    labconfig.mkdir(exist_ok=True)
    instructor = "nbgrader.server_extensions.formgrader" in extensions
    (labconfig / "page_config.json").write_text(json.dumps(page_config(instructor), indent=1))
    for path in [folder, labconfig, settings, *folder.rglob("*")]:
        os.chmod(path, 0o755 if path.is_dir() else 0o644)


def write_setup(
    dest: Path,
    course_id: str,
    instructor: str,
    students: list[str],
    *,
    ip: str = "127.0.0.1",
    port: int = 8000,
    hub_port: int = 8081,
    proxy_api_port: int | None = None,
    course_dir: Path | None = None,
    singleuser: str | None = None,
    language: str = "en",
) -> HubSetup:
    """Write the Hub's config, both roles' Jupyter settings and the exchange under ``dest``.

    With ``course_dir``, also copy the course there for the instructor (owned by them when run
    as root) with the exchange added to its nbgrader_config.py.
    """
    if not _COURSE.match(course_id):
        raise ValueError(f"bad course id {course_id!r}: use letters, digits, '.', '_' or '-'")
    check_name(instructor)
    for name in students:
        check_name(name)
    if instructor in students:
        raise ValueError(f"{instructor!r} is both the instructor and a student")
    if not students:
        raise ValueError("no students: give at least one name")
    if os.geteuid() == 0:
        unix_user(instructor)  # the exchange's folders will be theirs
    if course_dir is not None and Path(course_dir).exists():
        raise ValueError(
            f"course folder {course_dir} exists: it is never overwritten (it holds the gradebook);"
            " leave out --course-dir to rewrite the rest"
        )
    if course_dir is not None and os.geteuid() == 0:
        home = Path(unix_user(instructor).pw_dir).resolve()
        if home not in Path(course_dir).resolve().parents:
            raise ValueError(
                f"course folder {course_dir} is outside {instructor}'s home {home}: nbgrader's "
                f"formgrader works only below the server's root (e.g. {home / course_id})"
            )
    proxy_api_port = proxy_api_port or port + 1
    if len({port, hub_port, proxy_api_port}) < 3:
        raise ValueError(
            f"ports must differ: port {port}, hub_port {hub_port}, proxy_api_port {proxy_api_port}"
        )
    setup = HubSetup(
        Path(dest).resolve(),
        course_id,
        instructor,
        tuple(students),
        ip,
        port,
        hub_port,
        proxy_api_port,
        normalised(language),
    )
    setup.dest.mkdir(parents=True, exist_ok=True)
    os.chmod(setup.dest, 0o755)
    singleuser = singleuser or str(Path(sys.executable).with_name("jupyterhub-singleuser"))
    setup.config.write_text(hub_config(setup, singleuser))
    os.chmod(setup.config, 0o600)  # read by root only: it names the service's variable
    for folder in [setup.dest / "etc"]:
        folder.mkdir(exist_ok=True)
        os.chmod(folder, 0o755)
    _write_config_dir(setup.student_config_dir, setup, STUDENT_SERVER_EXTENSIONS)
    course_dir = Path(course_dir).resolve() if course_dir is not None else None
    _write_config_dir(setup.instructor_config_dir, setup, SERVER_EXTENSIONS, course_dir)
    make_exchange(setup.exchange, course_id, instructor)
    if course_dir is not None:
        write_course(course_dir, setup)
    return setup


def write_course(course_dir: Path, setup: HubSetup) -> Path:
    """Copy the course for the instructor; its config gains the exchange and the course id."""
    from gamekit.course import scratch_course

    course = scratch_course(course_dir)
    config = course / "nbgrader_config.py"
    config.write_text(
        config.read_text()
        + "\n# The exchange of the Hub (written by gamekit.hub).\n"
        + f"c.Exchange.root = {str(setup.exchange)!r}\n"
        + f"c.CourseDirectory.course_id = {setup.course_id!r}\n"
    )
    if os.geteuid() == 0:
        entry = unix_user(setup.instructor)
        for path in [course, *course.rglob("*")]:
            os.chown(path, entry.pw_uid, entry.pw_gid)
    return course


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gamekit.hub",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True)
    write = sub.add_parser("write", help="write a Hub, its exchange and both roles' settings")
    write.add_argument("dest", type=Path)
    write.add_argument("--course", required=True, help="the course id, e.g. adversarial-search")
    write.add_argument("--instructor", required=True, help="the instructor's Unix user name")
    write.add_argument("--students", required=True, help="comma-separated Unix user names")
    write.add_argument("--ip", default="127.0.0.1")
    write.add_argument("--port", type=int, default=8000)
    write.add_argument("--hub-port", type=int, default=8081)
    write.add_argument("--course-dir", type=Path, help="copy the course here for the instructor")
    write.add_argument(
        "--language",
        default="en",
        help="the class's language: en, pt_BR or es (JupyterLab's own words, the boards, the "
        "checks' sentences in the lab)",
    )
    args = parser.parse_args(argv)
    students = [s.strip() for s in args.students.split(",") if s.strip()]
    try:
        setup = write_setup(
            args.dest,
            args.course,
            args.instructor,
            students,
            ip=args.ip,
            port=args.port,
            hub_port=args.hub_port,
            course_dir=args.course_dir,
            language=args.language,
        )
    except ValueError as error:
        print(f"gamekit.hub: {error}", file=sys.stderr)
        return 2
    print(f"Wrote {setup.config}; exchange {setup.course_exchange}")
    print(f"Start it as root: cd {setup.dest} && jupyterhub -f {setup.config.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
