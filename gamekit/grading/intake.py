"""Reading a submission folder as hostile input: only what a submission may hold, never a link.

The driver reads every student's folder (``submitted/<student>/<assignment>/``) outside the
sandbox, as whoever runs ``make grade`` (often root on a course server). A folder is written by
the student, so it may hold anything a file system can: links to the instructor's solutions, to
a classmate's notebook, to the gradebook or to ``/etc/shadow``; hard links to such files; pipes
that block a reader forever; devices; sparse files of many gigabytes; thousands of files.

What a submission may hold (`Policy`): notebooks, and small data files with the endings an
exercise may ask for, plus nbgrader's own ``timestamp.txt`` and ``submission_secret.txt``.
Everything is read through `read_folder`:

- every path component is opened relative to its folder's descriptor with ``O_NOFOLLOW``, so a
  link is never followed, not even one swapped in while the folder is read;
- a file is read only if ``lstat`` and then ``fstat`` of the opened descriptor say it is one
  regular file with one name (``st_nlink == 1``: a hard link may be a file from elsewhere);
- sizes are checked before reading (per file, per folder), and no more than the limit is read;
- the number of entries and the depth of folders are capped.

Each thing not read becomes a `Refusal` (a lint finding's kind and a sentence a student can act
on); the rest of the folder is still graded. Nothing here raises: a folder that cannot be read
at all is said in `Submission.problem`.
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

NBGRADER_FILES = ("timestamp.txt", "submission_secret.txt")
"""Files nbgrader's exchange puts in a submission folder: read (small), never graded."""

IGNORED = (".ipynb_checkpoints", "__pycache__", ".DS_Store", ".git")
"""Names that editors and tools leave in folders: skipped without a word (nothing read)."""

_OPEN_FILE = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
_OPEN_FOLDER = os.O_RDONLY | os.O_NOFOLLOW | os.O_DIRECTORY | os.O_CLOEXEC


@dataclass(frozen=True)
class Policy:
    """What one submission folder may hold, and how much of it is read."""

    notebook_bytes: int = 5_000_000  # one notebook (the course's are 50-300 KB)
    data_bytes: int = 1_000_000  # one data file
    nbgrader_bytes: int = 4_096  # timestamp.txt, submission_secret.txt
    folder_bytes: int = 20_000_000  # everything read from one folder
    entries: int = 200  # files and folders looked at
    depth: int = 3  # folders inside the submission folder
    data_suffixes: tuple[str, ...] = (".txt", ".csv", ".json", ".md", ".py")


POLICY = Policy()


@dataclass
class Refusal:
    """One thing in the folder that was not read, and why (a lint finding)."""

    kind: str  # symlink, hard-link, special-file, oversized, not-allowed, odd-name, ...
    path: str  # relative to the submission folder
    message: str
    severity: str = "flag"  # "flag": the instructor should look; "info": worth knowing

    def as_finding(self) -> dict:
        return {
            "kind": self.kind,
            "notebook": "",
            "cell": "",
            "message": self.message,
            "severity": self.severity,
            "file": self.path,
        }


@dataclass
class Submission:
    """What `read_folder` read: the accepted files' bytes and everything it refused."""

    files: dict[str, bytes] = field(default_factory=dict)
    refused: list[Refusal] = field(default_factory=list)
    exists: bool = False  # the folder is there (False: nothing was handed in)
    problem: str | None = None  # the folder as a whole could not be read: why

    def refuse(self, kind: str, path: str, message: str, severity: str = "flag") -> None:
        """Say that ``path`` was not read, and why (a finding of kind ``kind``)."""
        self.refused.append(Refusal(kind, path, message, severity))

    @property
    def size(self) -> int:
        return sum(len(data) for data in self.files.values())


def _kind_of(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _printable(name: str) -> bool:
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:  # bytes that are not UTF-8 (kept as surrogates)
        return False
    return name.isprintable()


def _open_submission_folder(folder: Path) -> tuple[int | None, str | None, bool]:
    """A descriptor of ``folder`` opened without following a link in its last two components
    (the student's folder and the assignment's), or why it cannot be; and whether it exists."""
    parent, student = folder.parent.parent, folder.parent.name
    try:
        top = os.open(parent, _OPEN_FOLDER & ~os.O_NOFOLLOW)  # the instructor's own folder
    except OSError:
        return None, None, False
    try:
        here = top
        for name in (student, folder.name):
            try:
                mode = os.stat(name, dir_fd=here, follow_symlinks=False).st_mode
            except FileNotFoundError:
                return None, None, False
            if stat.S_ISLNK(mode):
                return None, f"{name}/ is a link, not a folder: links are not followed", True
            if not stat.S_ISDIR(mode):
                return None, f"{name} is not a folder", True
            opened = os.open(name, _OPEN_FOLDER, dir_fd=here)
            if here != top:
                os.close(here)
            here = opened
        return here, None, True
    except OSError as error:
        return None, f"the submission folder cannot be read ({error.strerror})", True
    finally:
        os.close(top)


def read_folder(folder: Path, policy: Policy = POLICY) -> Submission:
    """Read the submission in ``folder`` as `Policy` allows (see the module docstring)."""
    found = Submission()
    descriptor, problem, found.exists = _open_submission_folder(Path(folder))
    if descriptor is None:
        found.problem = problem
        return found
    budget = {"entries": 0, "bytes": 0}
    try:
        _read_tree(descriptor, "", 0, policy, found, budget)
    except _Stop:
        pass  # the entry budget is spent: what was read so far stands
    finally:
        os.close(descriptor)
    return found


def _read_tree(
    descriptor: int, prefix: str, depth: int, policy: Policy, found: Submission, budget: dict
) -> None:
    try:
        names = sorted(os.listdir(descriptor))
    except OSError as error:
        found.refuse(
            "unreadable",
            prefix or ".",
            f"cannot list {prefix or 'the folder'}: {error.strerror}",
        )
        return
    for name in names:
        if name in IGNORED or name.endswith(".pyc"):
            continue
        budget["entries"] += 1
        if budget["entries"] > policy.entries:
            found.refuse(
                "too-many-files",
                prefix or ".",
                f"the folder holds more than {policy.entries} files and folders: the rest "
                "were not read",
            )
            raise _Stop
        rel = f"{prefix}{name}"
        if not _printable(name):
            shown = ascii(rel)  # control characters and bytes that are not UTF-8, escaped
            found.refuse("odd-name", shown, f"{shown} has a name that is not plain text: not read")
            continue
        try:
            info = os.stat(name, dir_fd=descriptor, follow_symlinks=False)
        except OSError as error:
            found.refuse("unreadable", rel, f"cannot read {rel}: {error.strerror}")
            continue
        if stat.S_ISLNK(info.st_mode):
            try:
                target = os.readlink(name, dir_fd=descriptor)
            except OSError:
                target = "somewhere unreadable"
            found.refuse(
                "symlink", rel, f"{rel} is a link (to {target}): links are not read or graded"
            )
        elif stat.S_ISDIR(info.st_mode):
            if depth + 1 > policy.depth:
                found.refuse(
                    "too-deep",
                    rel,
                    f"{rel}/ is more than {policy.depth} folders deep: not read",
                )
                continue
            try:
                inner = os.open(name, _OPEN_FOLDER, dir_fd=descriptor)
            except OSError as error:
                found.refuse("unreadable", rel, f"cannot open {rel}/: {error.strerror}")
                continue
            try:
                _read_tree(inner, f"{rel}/", depth + 1, policy, found, budget)
            finally:
                os.close(inner)
        elif not stat.S_ISREG(info.st_mode):
            found.refuse(
                "special-file", rel, f"{rel} is {_kind_of(info.st_mode)}, not a file: not read"
            )
        else:
            _read_file(descriptor, name, rel, info, policy, found, budget)


class _Stop(Exception):
    """The folder's entry budget is spent: stop walking."""


def _limit_for(rel: str, policy: Policy) -> tuple[int | None, str]:
    """The size limit of a file the policy allows (None: not allowed) and what it is called."""
    lower = rel.lower()
    if "/" not in rel and rel in NBGRADER_FILES:
        return policy.nbgrader_bytes, "nbgrader file"
    if lower.endswith(".ipynb"):
        return policy.notebook_bytes, "notebook"
    if lower.endswith(policy.data_suffixes):
        return policy.data_bytes, "data file"
    return None, ""


def _read_file(
    descriptor: int,
    name: str,
    rel: str,
    info: os.stat_result,
    policy: Policy,
    found: Submission,
    budget: dict,
) -> None:
    limit, what = _limit_for(rel, policy)
    if limit is None:
        allowed = ", ".join((".ipynb", *policy.data_suffixes))
        found.refuse(
            "not-allowed",
            rel,
            f"{rel} was not read: a submission holds notebooks and small data files ({allowed})",
            "info",
        )
        return
    if info.st_nlink != 1:
        found.refuse(
            "hard-link",
            rel,
            f"{rel} is a hard link (one file with {info.st_nlink} names): only files of the "
            "submission's own are read",
        )
        return
    if info.st_size > limit:
        found.refuse(
            "oversized",
            rel,
            f"{rel} is {info.st_size:,} bytes, over the {limit:,} a {what} may have: not read",
        )
        return
    if budget["bytes"] + info.st_size > policy.folder_bytes:
        found.refuse(
            "folder-too-big",
            rel,
            f"{rel} was not read: the folder holds more than {policy.folder_bytes:,} bytes",
        )
        return
    try:
        handle = os.open(name, _OPEN_FILE, dir_fd=descriptor)
    except OSError as error:
        found.refuse("unreadable", rel, f"cannot read {rel}: {error.strerror}")
        return
    try:
        now = os.fstat(handle)
        same = (now.st_dev, now.st_ino) == (info.st_dev, info.st_ino)
        if not same or not stat.S_ISREG(now.st_mode) or now.st_nlink != 1:
            found.refuse("changed", rel, f"{rel} changed while it was read: not read")
            return
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(handle, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
    except OSError as error:
        found.refuse("unreadable", rel, f"cannot read {rel}: {error.strerror}")
        return
    finally:
        os.close(handle)
    if len(data) > limit:
        found.refuse(
            "oversized", rel, f"{rel} is over the {limit:,} bytes a {what} may have: not read"
        )
        return
    budget["bytes"] += len(data)
    found.files[rel] = data


def fingerprint(folder: Path, policy: Policy = POLICY) -> str:
    """A digest of what `read_folder` would see, from ``lstat`` alone (names, kinds, sizes,
    modification times): cheap enough to decide which submissions changed since the last run."""
    digest = hashlib.sha256()
    pending = [(Path(folder), 0)]
    seen = 0
    while pending and seen <= policy.entries:
        current, depth = pending.pop()
        try:
            entries = sorted(os.scandir(current), key=lambda e: e.name)
        except OSError as error:
            digest.update(f"{current}:{error.errno}".encode())
            continue
        for entry in entries:
            seen += 1
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            line = f"{entry.path}|{info.st_mode}|{info.st_size}|{info.st_mtime_ns}|{info.st_nlink}"
            digest.update(line.encode("utf-8", "backslashreplace"))
            if stat.S_ISDIR(info.st_mode) and depth < policy.depth:
                pending.append((Path(entry.path), depth + 1))
    return digest.hexdigest()


def read_small(folder: Path, name: str, policy: Policy = POLICY) -> str | None:
    """The text of nbgrader's ``name`` (``timestamp.txt``) in ``folder``, read as `read_folder`
    reads it (never through a link, at most ``policy.nbgrader_bytes``); None if it is not
    there or was refused."""
    small = Policy(
        notebook_bytes=0,
        data_bytes=0,
        nbgrader_bytes=policy.nbgrader_bytes,
        folder_bytes=policy.nbgrader_bytes * len(NBGRADER_FILES),
        entries=policy.entries,
        depth=0,
        data_suffixes=(),
    )
    descriptor, _, _ = _open_submission_folder(Path(folder))
    if descriptor is None:
        return None
    found = Submission(exists=True)
    try:
        info = os.stat(name, dir_fd=descriptor, follow_symlinks=False)
        if stat.S_ISREG(info.st_mode):
            _read_file(descriptor, name, name, info, small, found, {"bytes": 0})
    except OSError:
        return None
    finally:
        os.close(descriptor)
    data = found.files.get(name)
    return None if data is None else data.decode("utf-8", "replace")
