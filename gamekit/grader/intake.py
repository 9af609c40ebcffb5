"""Reading a submission folder as hostile input: only what a submission may hold, never through a
symbolic link, never a course file under another name.

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
- a file is read only if ``lstat`` and then ``fstat`` of the opened descriptor say it is the
  same regular file;
- a file with more than one name (a hard link) is judged by what it is, not refused for having
  names elsewhere: an instructor's snapshot (``cp -al``, ``rsync --link-dest``) links every
  file of a class, and a link a classmate made must never cost anyone a grade. It is refused
  only when it is one of the course's own files (`course_files`: ``source/``, ``release/``,
  the gradebook, ``nbgrader_config.py``, ..., by ``(st_dev, st_ino)``), or, where the kernel
  does not already stop people from linking files they may not read
  (``fs.protected_hardlinks``), when the folder's owner may not read it. One that is also in
  another student's folder is read, graded in each folder as that folder's, and flagged
  (``shared-file``) in both, without naming the other student;
- a file that holds an SQLite database or journal (a gradebook's format) is never read, whatever
  its name: a journal linked while it existed outlives its name in the course;
- sizes are checked before reading (per file, per folder), and no more than the limit is read;
- the number of entries and the depth of folders are capped.

Each thing not read becomes a `Refusal` (a lint finding's kind and a sentence a student can act
on), and so does a file shared with another student's folder, read all the same; the rest of
the folder is still graded. Nothing here raises: a folder that cannot be read
at all is said in `Submission.problem`.
"""

from __future__ import annotations

import functools
import hashlib
import os
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path

from gamekit.i18n import Said, kept_sentence

NBGRADER_FILES = ("timestamp.txt", "submission_secret.txt")
"""Files nbgrader's exchange puts in a submission folder: read (small), never graded."""

IGNORED = (".ipynb_checkpoints", "__pycache__", ".DS_Store", ".git")
"""Names that editors and tools leave in folders: skipped without a word (nothing read)."""

COURSE_FOLDERS = (
    "source",
    "release",
    "autograded",
    "feedback",
    "gamekit",
    "tests",
    "build",
    "notebooks",
    ".git",
)
"""The course root's folders whose files no submission may be (by inode), besides every file
directly in the root: ``nbgrader_config.py``, the gradebook and its ``-journal``, ``-wal`` and
``-shm``. Other folders (``submitted/``, a snapshot of it) hold students' work."""

DB_URL_VARIABLE = "GAMEKIT_DB_URL"
"""The gradebook's URL when it is not the course's own file (set by the driver while it grades):
an SQLite file named there is a course file too, wherever it is."""

_SQLITE_SIDECARS = ("", "-journal", "-wal", "-shm")
_SQLITE_MAGIC = (  # a database, a rollback journal, a write-ahead log (both byte orders)
    b"SQLite format 3\x00",
    bytes.fromhex("d9d505f920a163d7"),
    bytes.fromhex("377f0682"),
    bytes.fromhex("377f0683"),
)

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
    """One thing in the folder that was not read, and why (a lint finding); or, of kind
    ``shared-file``, a file that was read and that the instructor should look at."""

    kind: str  # symlink, hard-link, database, special-file, oversized, not-allowed, ...
    path: str  # relative to the submission folder
    message: str
    severity: str = "flag"  # "flag": the instructor should look; "info": worth knowing

    def as_finding(self) -> dict:
        return {
            "kind": self.kind,
            "notebook": "",
            "cell": "",
            "message": str(self.message),
            "severity": self.severity,
            "file": self.path,
            **({"said": self.message.to_dict()} if isinstance(self.message, Said) else {}),
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


Inode = tuple[int, int]  # (st_dev, st_ino): one file, whatever its names


@dataclass
class Course:
    """What a hard link in a submission is judged against (`course_files`): every file of the
    course's own (one with a single name now may be linked a moment later), and the files of
    ``submitted/`` that have more than one name."""

    root: Path
    own: dict[Inode, str] = field(default_factory=dict)  # a course file -> its path
    students: dict[Inode, set[str]] = field(default_factory=dict)  # -> whose folders hold it
    taken_ns: int = 0  # when the walk began (time.time_ns())

    def knows(self, info: os.stat_result) -> bool:
        """Whether this walk saw the file ``info`` with all its names: it has not changed since
        (a new name changes a file's ``st_ctime``), by a margin for file systems whose clocks
        are coarse."""
        return info.st_ctime_ns < self.taken_ns - _SETTLED_NS


_SETTLED_NS = 2_000_000_000
_WALKS: dict[tuple[str, str], Course] = {}  # (course root, gradebook URL) -> its last walk


def _course_for(root: Path, info: os.stat_result) -> Course:
    """The course at ``root`` as a walk of it saw it, walked again only when the file ``info``
    changed after the last walk: a snapshot of a class is judged with one walk, not one per
    student, and a link made since is never judged by a walk that did not see it."""
    url = os.environ.get(DB_URL_VARIABLE, "")
    key = (str(root), url)
    known = _WALKS.get(key)
    if known is None or not known.knows(info):
        known = course_files(root, url)
        _WALKS.pop(key, None)
        _WALKS[key] = known
        while len(_WALKS) > 8:  # the courses read last
            _WALKS.pop(next(iter(_WALKS)))
    return known


def course_files(root: Path, db_url: str | None = None) -> Course:
    """The course's own files (`COURSE_FOLDERS`, every file directly in ``root``, and the
    gradebook's SQLite file wherever ``db_url`` or ``$GAMEKIT_DB_URL`` puts it) and the files
    of ``submitted/`` by student, each by inode. Nothing is opened, and no link to a folder is
    followed (a link to a file in the course's own folders counts the file it names). Needed
    only when a submission holds a hard link: `read_folder` calls it then, for the course its
    folder is in, and keeps the walk while the files it judges are older than it."""
    root = Path(os.path.abspath(root))
    course = Course(root, taken_ns=time.time_ns())
    for inode, rel in _files(root, 0, every=True):
        course.own[inode] = rel
    for name in COURSE_FOLDERS:
        for inode, rel in _files(root / name, None, every=True):
            course.own[inode] = f"{name}/{rel}"
    url = db_url if db_url is not None else os.environ.get(DB_URL_VARIABLE, "")
    if url.startswith("sqlite:///"):
        database = Path(url.removeprefix("sqlite:///"))
        for suffix in _SQLITE_SIDECARS:
            with_suffix = database.with_name(database.name + suffix)
            try:
                info = os.stat(with_suffix)  # the file itself, if the name is a link
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode):
                course.own[(info.st_dev, info.st_ino)] = str(with_suffix)
    for inode, rel in _files(root / "submitted", None, every=False):
        course.students.setdefault(inode, set()).add(rel.split("/", 1)[0])
    return course


def _files(top: Path, depth: int | None, every: bool) -> list[tuple[Inode, str]]:
    """(inode, path relative to ``top``) of the regular files under ``top``: all of them, and
    the files their links name (a course may keep its gradebook or solutions elsewhere and
    link them in); or (``every`` False) those with more than one name, links not followed.
    ``depth`` 0: only the files directly in ``top``. A link to a folder is never walked."""
    found: list[tuple[Inode, str]] = []
    pending = [(top, "", 0)]
    while pending:
        folder, prefix, level = pending.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if every and stat.S_ISLNK(info.st_mode):
                try:
                    info = entry.stat(follow_symlinks=True)
                except OSError:
                    continue
                if not stat.S_ISREG(info.st_mode):
                    continue
            if stat.S_ISREG(info.st_mode) and (every or info.st_nlink > 1):
                found.append(((info.st_dev, info.st_ino), prefix + entry.name))
            elif stat.S_ISDIR(info.st_mode) and (depth is None or level < depth):
                pending.append((Path(entry.path), f"{prefix}{entry.name}/", level + 1))
    return found


@functools.lru_cache(maxsize=1)
def _links_need_access() -> bool:
    """True when Linux's ``fs.protected_hardlinks`` is on: nobody but root can then make a hard
    link to a file they may not both read and write (or own). Off, or not Linux: False."""
    try:
        return Path("/proc/sys/fs/protected_hardlinks").read_text().strip() == "1"
    except OSError:
        return False


def _may_read(owner: os.stat_result, info: os.stat_result) -> bool:
    """Whether the owner of a folder (``owner``: its ``stat``) may read the file ``info`` by
    its mode bits (owner, then group, then others, as Unix decides; root may read anything)."""
    if owner.st_uid == 0:
        return True
    if info.st_uid == owner.st_uid:
        return bool(info.st_mode & stat.S_IRUSR)
    if info.st_gid == owner.st_gid:
        return bool(info.st_mode & stat.S_IRGRP)
    return bool(info.st_mode & stat.S_IROTH)


class _Links:
    """How `read_folder` judges the files of one folder that have more than one name."""

    def __init__(self, folder: Path, owner: os.stat_result) -> None:
        self.folder = Path(os.path.abspath(folder))  # <course>/submitted/<student>/<assignment>
        self.student = self.folder.parent.name
        self.owner = owner

    def course(self, info: os.stat_result) -> Course:
        """The course the folder is in, as a walk that saw the file ``info`` saw it."""
        parents = self.folder.parents
        return _course_for(parents[min(2, len(parents) - 1)], info)

    def refusal(self, rel: str, info: os.stat_result) -> str | None:
        """Why the file ``rel`` (``info``: its descriptor's ``fstat``) must not be read, or
        None. Only a file with more than one name is judged."""
        if info.st_nlink <= 1:
            return None
        theirs = self.course(info).own.get((info.st_dev, info.st_ino))
        if theirs is not None:
            return kept_sentence(
                "{rel} is a hard link to the course's own file {theirs} (the same file under "
                "another name): not read",
                rel=rel,
                theirs=theirs,
            )
        if not _links_need_access() and not _may_read(self.owner, info):
            return kept_sentence(
                "{rel} is a hard link to a file that the folder's owner may not read: not read",
                rel=rel,
            )
        return None

    def shared(self, rel: str, info: os.stat_result) -> str | None:
        """A sentence when the file ``rel`` is also in another student's folder, else None."""
        if info.st_nlink <= 1:
            return None
        others = self.course(info).students.get((info.st_dev, info.st_ino), set())
        others = others - {self.student}
        if not others:
            return None
        return kept_sentence(
            "{rel} is the same file as one in another student's folder (a hard link, file "
            "number {inode}): it is graded in each folder as that student's work",
            rel=rel,
            inode=info.st_ino,
        )


def _kind_of(mode: int) -> Said:
    if stat.S_ISFIFO(mode):
        return kept_sentence("a named pipe")
    if stat.S_ISSOCK(mode):
        return kept_sentence("a socket")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return kept_sentence("a device")
    return kept_sentence("not a regular file")


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
                why = kept_sentence(
                    "{name}/ is a link, not a folder: links are not followed", name=name
                )
                return None, why, True
            if not stat.S_ISDIR(mode):
                return None, kept_sentence("{name} is not a folder", name=name), True
            opened = os.open(name, _OPEN_FOLDER, dir_fd=here)
            if here != top:
                os.close(here)
            here = opened
        return here, None, True
    except OSError as error:
        why = kept_sentence("the submission folder cannot be read ({error})", error=error.strerror)
        return None, why, True
    finally:
        os.close(top)


def read_folder(folder: Path, policy: Policy = POLICY) -> Submission:
    """Read the submission in ``folder`` as `Policy` allows (see the module docstring).

    A hard link is judged against the course the folder is in
    (``<course>/submitted/<student>/<assignment>``), walked by `course_files` when a folder
    first holds one, and again only for a file changed since the last walk."""
    found = Submission()
    descriptor, problem, found.exists = _open_submission_folder(Path(folder))
    if descriptor is None:
        found.problem = problem
        return found
    budget = {"entries": 0, "bytes": 0}
    try:
        links = _Links(Path(folder), os.fstat(descriptor))
        _read_tree(descriptor, "", 0, policy, found, budget, links)
    except _Stop:
        pass  # the entry budget is spent: what was read so far stands
    finally:
        os.close(descriptor)
    return found


def _read_tree(
    descriptor: int,
    prefix: str,
    depth: int,
    policy: Policy,
    found: Submission,
    budget: dict,
    links: _Links,
) -> None:
    try:
        names = sorted(os.listdir(descriptor))
    except OSError as error:
        found.refuse(
            "unreadable",
            prefix or ".",
            kept_sentence("cannot list {folder}: {error}", folder=prefix, error=error.strerror)
            if prefix
            else kept_sentence("cannot list the folder: {error}", error=error.strerror),
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
                kept_sentence(
                    "the folder holds more than {entries} files and folders: the rest were not "
                    "read",
                    entries=policy.entries,
                ),
            )
            raise _Stop
        rel = f"{prefix}{name}"
        if not _printable(name):
            shown = ascii(rel)  # control characters and bytes that are not UTF-8, escaped
            found.refuse(
                "odd-name",
                shown,
                kept_sentence("{name} has a name that is not plain text: not read", name=shown),
            )
            continue
        try:
            info = os.stat(name, dir_fd=descriptor, follow_symlinks=False)
        except OSError as error:
            found.refuse("unreadable", rel, _unreadable(rel, error))
            continue
        if stat.S_ISLNK(info.st_mode):
            try:
                target = os.readlink(name, dir_fd=descriptor)
            except OSError:
                target = kept_sentence("somewhere unreadable")
            found.refuse(
                "symlink",
                rel,
                kept_sentence(
                    "{rel} is a link (to {target}): links are not read or graded",
                    rel=rel,
                    target=target,
                ),
            )
        elif stat.S_ISDIR(info.st_mode):
            if depth + 1 > policy.depth:
                found.refuse(
                    "too-deep",
                    rel,
                    kept_sentence(
                        "{rel}/ is more than {depth} folders deep: not read",
                        rel=rel,
                        depth=policy.depth,
                    ),
                )
                continue
            try:
                inner = os.open(name, _OPEN_FOLDER, dir_fd=descriptor)
            except OSError as error:
                found.refuse(
                    "unreadable",
                    rel,
                    kept_sentence("cannot open {rel}/: {error}", rel=rel, error=error.strerror),
                )
                continue
            try:
                _read_tree(inner, f"{rel}/", depth + 1, policy, found, budget, links)
            finally:
                os.close(inner)
        elif not stat.S_ISREG(info.st_mode):
            found.refuse(
                "special-file",
                rel,
                kept_sentence(
                    "{rel} is {kind}, not a file: not read", rel=rel, kind=_kind_of(info.st_mode)
                ),
            )
        else:
            _read_file(descriptor, name, rel, info, policy, found, budget, links)


class _Stop(Exception):
    """The folder's entry budget is spent: stop walking."""


def _limit_for(rel: str, policy: Policy) -> tuple[int | None, str]:
    """The size limit of a file the policy allows (None: not allowed) and what it is called."""
    lower = rel.lower()
    if "/" not in rel and rel in NBGRADER_FILES:
        return policy.nbgrader_bytes, kept_sentence("a nbgrader file")
    if lower.endswith(".ipynb"):
        return policy.notebook_bytes, kept_sentence("a notebook")
    if lower.endswith(policy.data_suffixes):
        return policy.data_bytes, kept_sentence("a data file")
    return None, ""


def _unreadable(rel: str, error: OSError) -> Said:
    return kept_sentence("cannot read {rel}: {error}", rel=rel, error=error.strerror)


def _read_file(
    descriptor: int,
    name: str,
    rel: str,
    info: os.stat_result,
    policy: Policy,
    found: Submission,
    budget: dict,
    links: _Links,
) -> None:
    limit, what = _limit_for(rel, policy)
    if limit is None:
        allowed = ", ".join((".ipynb", *policy.data_suffixes))
        found.refuse(
            "not-allowed",
            rel,
            kept_sentence(
                "{rel} was not read: a submission holds notebooks and small data files ({allowed})",
                rel=rel,
                allowed=allowed,
            ),
            "info",
        )
        return
    if info.st_size > limit:
        found.refuse(
            "oversized",
            rel,
            kept_sentence(
                "{rel} is {size} bytes, over the {limit} {what} may have: not read",
                rel=rel,
                size=format(info.st_size, ","),
                limit=format(limit, ","),
                what=what,
            ),
        )
        return
    if budget["bytes"] + info.st_size > policy.folder_bytes:
        found.refuse(
            "folder-too-big",
            rel,
            kept_sentence(
                "{rel} was not read: the folder holds more than {limit} bytes",
                rel=rel,
                limit=format(policy.folder_bytes, ","),
            ),
        )
        return
    try:
        handle = os.open(name, _OPEN_FILE, dir_fd=descriptor)
    except OSError as error:
        found.refuse("unreadable", rel, _unreadable(rel, error))
        return
    try:
        now = os.fstat(handle)
        same = (now.st_dev, now.st_ino) == (info.st_dev, info.st_ino)
        if not same or not stat.S_ISREG(now.st_mode):
            found.refuse(
                "changed", rel, kept_sentence("{rel} changed while it was read: not read", rel=rel)
            )
            return
        why = links.refusal(rel, now)  # judged on the file opened, whatever names it has now
        if why is not None:
            found.refuse("hard-link", rel, why)
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
        found.refuse("unreadable", rel, _unreadable(rel, error))
        return
    finally:
        os.close(handle)
    if len(data) > limit:
        found.refuse(
            "oversized",
            rel,
            kept_sentence(
                "{rel} is over the {limit} bytes {what} may have: not read",
                rel=rel,
                limit=format(limit, ","),
                what=what,
            ),
        )
        return
    if data.startswith(_SQLITE_MAGIC):  # a gradebook, or a journal of one whose name is gone
        found.refuse(
            "database",
            rel,
            kept_sentence(
                "{rel} holds an SQLite database or journal, not {what}: not read",
                rel=rel,
                what=what,
            ),
        )
        return
    shared = links.shared(rel, now)
    if shared is not None:
        found.refuse("shared-file", rel, shared)  # read all the same: a flag, not a refusal
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
            line = f"{entry.path}|{info.st_mode}|{info.st_size}|{info.st_mtime_ns}|{info.st_ino}"
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
            links = _Links(Path(folder), os.fstat(descriptor))
            _read_file(descriptor, name, name, info, small, found, {"bytes": 0}, links)
    except OSError:
        return None
    finally:
        os.close(descriptor)
    data = found.files.get(name)
    return None if data is None else data.decode("utf-8", "replace")
