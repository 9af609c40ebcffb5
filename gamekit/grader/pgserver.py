"""A throwaway PostgreSQL server for tests and benchmarks: a fresh cluster in a temporary folder.

`temporary_postgres` runs Debian's ``postgresql`` binaries (``initdb``, ``pg_ctl``) on a Unix
socket inside the temporary folder, so nothing listens on the network and two servers never
clash over a port. PostgreSQL refuses to run as root: as root, the server runs as the
``postgres`` user (created by the Debian package) through ``runuser``.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

DATABASE = "gradebook"


def postgres_bin() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl`` (newest version first), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)
    if found:
        return Path(found[0]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def missing_reason() -> str | None:
    """Why `temporary_postgres` cannot run here, or None when it can."""
    if postgres_bin() is None:
        return "PostgreSQL's initdb is missing (apt-get install postgresql)"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is missing (pip install 'psycopg[binary]')"
    if os.geteuid() == 0:
        if shutil.which("runuser") is None:
            return "running as root and runuser is missing (PostgreSQL refuses to run as root)"
        try:
            import pwd

            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no 'postgres' user to run the server as"
    return None


def _run(command: list[str], as_user: str | None) -> None:
    if as_user:
        command = ["runuser", "-u", as_user, "--", *command]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}")


@contextlib.contextmanager
def temporary_postgres(database: str = DATABASE) -> Iterator[str]:
    """Start a fresh PostgreSQL, yield a SQLAlchemy URL (``postgresql+psycopg://...``) to an
    empty ``database`` on it, then stop the server and delete its folder."""
    reason = missing_reason()
    if reason:
        raise RuntimeError(f"cannot start a temporary PostgreSQL: {reason}")
    bin_dir = postgres_bin()
    assert bin_dir is not None
    user = "postgres" if os.geteuid() == 0 else None
    folder = Path(tempfile.mkdtemp(prefix="gamekit-pg-"))
    data, socket_dir = folder / "data", folder / "run"
    socket_dir.mkdir()
    if user:
        shutil.chown(folder, user)
        shutil.chown(socket_dir, user)
        folder.chmod(0o755)
    try:
        _run([str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"], user)
        options = f"-k {socket_dir} -c listen_addresses='' -c fsync=off -c max_connections=200"
        log = folder / "server.log"
        _run(
            [
                str(bin_dir / "pg_ctl"),
                "-D",
                str(data),
                "-l",
                str(log),
                "-o",
                options,
                "-w",
                "start",
            ],
            user,
        )
        try:
            _run(
                [str(bin_dir / "createdb"), "-h", str(socket_dir), "-U", "postgres", database], user
            )
            yield f"postgresql+psycopg://postgres@/{database}?host={socket_dir}"
        finally:
            _run([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"], user)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
