"""Hard links in submission folders are judged by what they point to (issue 29, item 5).

An instructor's snapshot (``cp -al``, ``rsync --link-dest``) gives every file of a class a
second name; a student who shares a file system with a classmate can give the classmate's
notebook a name in their own folder. Neither may cost anyone a grade. What a hard link must
never be is one of the course's own files (refused by inode, with a named finding, the rest of
the folder still read), and a link never lets the grader read a file for a student that the
student could not read.

Two layers: `read_folder` on generated course layouts (links inside the folder, to a
classmate, to each kind of course file, to files outside the course; a snapshot of a class),
and a small class graded end to end through the driver with and without ``cp -al`` links.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import time
from pathlib import Path

import pytest

from gamekit import course as course_tools
from gamekit.grader import driver, intake
from gamekit.grader.intake import course_files, fingerprint, read_folder, read_small

ROOT = Path(__file__).resolve().parent.parent
SECRET = b"SECRET-SOLUTIONS-9f1c"
JOURNAL = bytes.fromhex("d9d505f920a163d7") + b"\0" * 24 + SECRET
WAL = bytes.fromhex("377f0682") + b"\0" * 28 + SECRET

COURSE_FILES = {  # a course's own files, each of which a hard link must never be
    "source/a02/a02.ipynb": SECRET,
    "release/a02/a02.ipynb": b'{"cells": [], "release": 1}',
    "autograded/bo/a02/a02.ipynb": SECRET + b"-with-hidden-tests",
    "feedback/bo/a02/a02.html": b"<html>bo's feedback</html>",
    "gamekit/checks/a05.py": b"def reference_engine(): ...",
    "tests/submissions/a02/reference/answers.py": SECRET + b"-reference",
    "build/demo/source/a02/a02.ipynb": SECRET + b"-demo",
    "nbgrader_config.py": b"c = get_config()",
    "gradebook.db": b"SQLite format 3\0" + SECRET,
    "gradebook.db-journal": JOURNAL,
    "gradebook.db-wal": WAL,
    "Makefile": b"grade:\n",
}


def notebook(owner: str) -> bytes:
    return b'{"cells": [], "metadata": {"who": "%s"}, "nbformat": 4, "nbformat_minor": 5}' % (
        owner.encode()
    )


def make_course(root: Path, students: tuple[str, ...] = ("ann", "bo")) -> Path:
    """A course root with every kind of course file and a folder of a02 per student (a
    notebook, a data file and nbgrader's timestamp)."""
    for rel, data in COURSE_FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data)
    for student in students:
        folder = root / "submitted" / student / "a02"
        folder.mkdir(parents=True)
        (folder / "a02.ipynb").write_bytes(notebook(student))
        (folder / "moves.csv").write_bytes(f"move,{student}\n".encode())
        (folder / "timestamp.txt").write_bytes(b"2026-11-20 10:00:00.000000 UTC")
    return root


def outcome(found) -> tuple[dict[str, bytes], list[tuple[str, str, str, str]]]:
    refused = [(r.kind, r.path, r.message, r.severity) for r in found.refused]
    return found.files, refused


def kinds(found) -> dict[str, str]:
    return {r.path: r.kind for r in found.refused}


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return make_course(tmp_path / "course")


def test_a_hard_link_inside_the_folder_or_to_a_file_outside_the_course_is_read(root, tmp_path):
    mine = root / "submitted" / "ann" / "a02"
    os.link(mine / "a02.ipynb", mine / "copy.ipynb")  # two names, both in her own folder
    os.makedirs(mine / "data")
    os.link(mine / "moves.csv", mine / "data" / "moves.csv")
    elsewhere = tmp_path / "home" / "ann"  # her own file outside the course
    elsewhere.mkdir(parents=True)
    (elsewhere / "draft.ipynb").write_bytes(notebook("ann-draft"))
    os.link(elsewhere / "draft.ipynb", mine / "draft.ipynb")
    found = read_folder(mine)
    assert found.refused == [] and found.problem is None
    assert found.files == {
        "a02.ipynb": notebook("ann"),
        "copy.ipynb": notebook("ann"),
        "data/moves.csv": b"move,ann\n",
        "draft.ipynb": notebook("ann-draft"),
        "moves.csv": b"move,ann\n",
        "timestamp.txt": b"2026-11-20 10:00:00.000000 UTC",
    }


def test_a_hard_link_to_any_course_file_is_refused_by_name_and_the_rest_is_read(root):
    mine = root / "submitted" / "ann" / "a02"
    names = {}
    for number, rel in enumerate(COURSE_FILES):
        name = f"link{number}.ipynb" if rel.endswith(".ipynb") else f"link{number}.txt"
        os.link(root / rel, mine / name)
        names[name] = rel
    found = read_folder(mine)
    assert kinds(found) == dict.fromkeys(names, "hard-link")
    for refusal in found.refused:
        assert refusal.severity == "flag"
        assert refusal.message == (
            f"{refusal.path} is a hard link to the course's own file {names[refusal.path]} "
            "(the same file under another name): not read"
        )
    assert sorted(found.files) == ["a02.ipynb", "moves.csv", "timestamp.txt"]
    assert all(SECRET not in data for data in found.files.values())


def test_a_gradebook_named_by_its_url_is_a_course_file_wherever_it_is(root, tmp_path, monkeypatch):
    mine = root / "submitted" / "ann" / "a02"
    elsewhere = tmp_path / "srv"
    elsewhere.mkdir()
    (elsewhere / "grades.sqlite").write_bytes(b"SQLite format 3\0" + SECRET)
    (elsewhere / "grades.sqlite-wal").write_bytes(WAL)
    os.link(elsewhere / "grades.sqlite", mine / "grades.txt")
    os.link(elsewhere / "grades.sqlite-wal", mine / "log.txt")
    url = f"sqlite:///{elsewhere / 'grades.sqlite'}"
    wal = os.stat(elsewhere / "grades.sqlite-wal")
    assert course_files(root, url).own[(wal.st_dev, wal.st_ino)] == str(
        elsewhere / "grades.sqlite-wal"
    )
    monkeypatch.setenv(intake.DB_URL_VARIABLE, url)  # as the driver sets it while grading
    found = read_folder(mine)
    assert kinds(found) == {"grades.txt": "hard-link", "log.txt": "hard-link"}
    assert str(elsewhere / "grades.sqlite-wal") in found.refused[1].message
    assert "grades.txt" not in found.files and "a02.ipynb" in found.files


def test_a_course_file_kept_elsewhere_and_linked_into_the_course_is_a_course_file(root, tmp_path):
    """A course may keep its gradebook or solutions outside its folder, behind a symbolic link:
    the file the link names is the course's all the same."""
    kept = tmp_path / "srv"
    kept.mkdir()
    (kept / "grades.db").write_bytes(b"SQLite format 3\0" + SECRET)
    (kept / "real.ipynb").write_bytes(SECRET)
    (root / "gradebook.db").unlink()
    (root / "gradebook.db").symlink_to(kept / "grades.db")
    (root / "source" / "a02" / "extra.ipynb").symlink_to(kept / "real.ipynb")
    (root / "source" / "loop").symlink_to(root)  # a link to a folder is never walked
    mine = root / "submitted" / "ann" / "a02"
    os.link(kept / "grades.db", mine / "grades.txt")
    os.link(kept / "real.ipynb", mine / "real.ipynb")
    found = read_folder(mine)
    assert kinds(found) == {"grades.txt": "hard-link", "real.ipynb": "hard-link"}
    assert "the course's own file gradebook.db " in found.refused[0].message
    assert "the course's own file source/a02/extra.ipynb " in found.refused[1].message


def test_a_gradebook_journal_whose_name_is_gone_is_never_read(root):
    """A link made to the journal while it existed outlives it with a single name: its inode is
    no longer the course's, and its bytes (the gradebook's pages) are refused by what they
    are. A database or log copied in is refused the same way."""
    mine = root / "submitted" / "ann" / "a02"
    os.link(root / "gradebook.db-journal", mine / "notes.txt")
    (root / "gradebook.db-journal").unlink()  # SQLite deletes it at the end of a write
    assert os.stat(mine / "notes.txt").st_nlink == 1
    (mine / "grades.json").write_bytes((root / "gradebook.db").read_bytes())
    (mine / "wal.md").write_bytes(WAL)
    found = read_folder(mine)
    assert kinds(found) == {
        "notes.txt": "database",
        "grades.json": "database",
        "wal.md": "database",
    }
    assert found.refused[0].message == (
        "grades.json holds an SQLite database or journal, not a data file: not read"
    )
    assert sorted(found.files) == ["a02.ipynb", "moves.csv", "timestamp.txt"]


def test_a_class_is_walked_once_and_a_link_made_since_is_judged_by_a_new_walk(root, monkeypatch):
    """The course is walked when a folder first holds a hard link, and that walk serves every
    file older than it; a file linked after it (its ``st_ctime`` is newer) is judged by a new
    walk, so a course file linked a moment ago is refused all the same."""
    walks = []

    def counted(*args):
        walks.append(args)
        return course_files(*args)

    monkeypatch.setattr(intake, "course_files", counted)
    monkeypatch.setattr(intake, "_SETTLED_NS", 0)  # no 2 s margin: the test sleeps instead
    students = [f"s{number}" for number in range(6)]
    make_course(root, tuple(students))
    subprocess.run(["cp", "-al", "submitted", "snapshot"], cwd=root, check=True)
    time.sleep(0.05)
    for student in ["ann", "bo", *students]:
        found = read_folder(root / "submitted" / student / "a02")
        assert found.refused == [] and len(found.files) == 3
    assert len(walks) == 1  # one walk for the class, whose files are all hard links
    time.sleep(0.1)  # past the file system's clock tick (coarser than time.time_ns())
    mine = root / "submitted" / "ann" / "a02"
    os.link(root / "source" / "a02" / "a02.ipynb", mine / "late.ipynb")
    os.link(root / "nbgrader_config.py", mine / "config.py")
    found = read_folder(mine)
    assert kinds(found) == {"config.py": "hard-link", "late.ipynb": "hard-link"}
    assert len(walks) == 2
    assert read_folder(root / "submitted" / "bo" / "a02").refused == []
    assert len(walks) == 2


def test_a_classmates_link_grades_as_each_ones_own_and_flags_both_without_names(root):
    ann, bo = root / "submitted" / "ann" / "a02", root / "submitted" / "bo" / "a02"
    before = outcome(read_folder(bo))
    (ann / "a02.ipynb").unlink()
    os.link(bo / "a02.ipynb", ann / "a02.ipynb")  # ann takes bo's notebook
    theirs, mine = read_folder(bo), read_folder(ann)
    assert theirs.files == before[0]  # bo's folder reads exactly as before
    assert mine.files["a02.ipynb"] == notebook("bo")  # ann is graded on what she handed in
    inode = os.stat(bo / "a02.ipynb").st_ino
    for found in (theirs, mine):
        assert kinds(found) == {"a02.ipynb": "shared-file"}
        (flag,) = found.refused
        assert flag.severity == "flag"
        assert flag.message == (
            f"a02.ipynb is the same file as one in another student's folder (a hard link, "
            f"file number {inode}): it is graded in each folder as that student's work"
        )
        assert "ann" not in flag.message and "bo" not in flag.message
    os.link(ann / "moves.csv", ann / "again.csv")  # her own file twice: nobody else's
    assert kinds(read_folder(ann)) == {"a02.ipynb": "shared-file"}


def test_a_snapshot_of_the_class_reads_exactly_as_the_class(root, tmp_path):
    """``cp -al submitted snapshot`` (and rsync --link-dest, where rsync is installed): the
    originals read as before (a link to the course's solutions still refused), the
    fingerprints that decide what to grade again stay, and the snapshot read as a course's
    submissions reads the same."""
    students = ("ann", "bo", "cy", "dee")
    for student in students[2:]:
        folder = root / "submitted" / student / "a02"
        folder.mkdir(parents=True)
        (folder / "a02.ipynb").write_bytes(notebook(student))
        (folder / "timestamp.txt").write_bytes(b"2026-11-21 09:00:00.000000 UTC")
    os.link(root / "source" / "a02" / "a02.ipynb", root / "submitted" / "dee" / "a02" / "s.ipynb")

    def read_class(submitted: Path) -> dict:
        return {
            s: (
                outcome(read_folder(submitted / s / "a02")),
                fingerprint(submitted / s / "a02"),
                read_small(submitted / s / "a02", "timestamp.txt"),
            )
            for s in students
        }

    before = read_class(root / "submitted")
    assert kinds(read_folder(root / "submitted" / "dee" / "a02")) == {"s.ipynb": "hard-link"}
    subprocess.run(["cp", "-al", "submitted", "snapshot"], cwd=root, check=True)
    assert os.stat(root / "submitted" / "ann" / "a02" / "a02.ipynb").st_nlink == 2
    assert read_class(root / "submitted") == before
    # The snapshot graded as a course of its own (its submitted/ is the snapshot).
    other = make_course(tmp_path / "graded-from-the-snapshot", ())
    shutil.rmtree(other / "source")
    shutil.copytree(root / "source", other / "source", copy_function=os.link)
    os.rename(root / "snapshot", other / "submitted")
    snap = read_class(other / "submitted")
    assert {s: v[0] for s, v in snap.items()} == {s: v[0] for s, v in before.items()}
    assert {s: v[2] for s, v in snap.items()} == {s: v[2] for s, v in before.items()}
    if shutil.which("rsync"):
        backup = tmp_path / "backup" / "day1"  # a backup that links what did not change
        link_dest = f"--link-dest={root}/submitted/"
        subprocess.run(["rsync", "-a", link_dest, f"{root}/submitted/", f"{backup}/"], check=True)
        assert os.stat(backup / "ann" / "a02" / "a02.ipynb").st_nlink == 2
        assert read_class(root / "submitted") == before


def test_a_link_to_a_file_the_folders_owner_may_not_read_is_refused_where_the_kernel_allows_it(
    root, tmp_path, monkeypatch
):
    """Linux's fs.protected_hardlinks (on by default) stops anyone but root from linking a file
    they may not read and write. Where it is off, the intake checks it: a hard-linked file is
    read only if the owner of the submission folder may read it."""
    monkeypatch.setattr(intake, "_links_need_access", lambda: False)

    def result(uid: int, gid: int, mode: int) -> os.stat_result:
        return os.stat_result((stat.S_IFREG | mode, 1, 1, 2, uid, gid, 0, 0, 0, 0))

    owner = os.stat_result((stat.S_IFDIR | 0o755, 1, 1, 2, 1000, 100, 0, 0, 0, 0))
    assert intake._may_read(owner, result(1000, 100, 0o600))
    assert not intake._may_read(owner, result(1000, 100, 0o060))  # the owner's bits decide
    assert intake._may_read(owner, result(0, 100, 0o640))
    assert not intake._may_read(owner, result(0, 42, 0o640))  # /etc/shadow
    assert intake._may_read(owner, result(0, 42, 0o644))
    assert intake._may_read(os.stat_result((0, 1, 1, 2, 0, 0, 0, 0, 0, 0)), result(7, 7, 0))
    if os.geteuid() != 0:
        pytest.skip("giving the folder to another user needs root")
    mine = root / "submitted" / "ann" / "a02"
    os.chown(mine, 4242, 4242)  # a student's own folder, written by the student
    elsewhere = tmp_path / "etc"
    elsewhere.mkdir()
    for name, mode in (("shadow", 0o600), ("motd", 0o644)):
        (elsewhere / name).write_bytes(SECRET)
        os.chmod(elsewhere / name, mode)
        os.link(elsewhere / name, mine / f"{name}.txt")
    found = read_folder(mine)
    assert kinds(found) == {"shadow.txt": "hard-link"}
    assert found.refused[0].message == (
        "shadow.txt is a hard link to a file that the folder's owner may not read: not read"
    )
    assert "motd.txt" in found.files


# --------------------------------------------------------------------------------------------
# A class graded end to end, with and without hard links
# --------------------------------------------------------------------------------------------

ASSIGNMENT = "a01_minimax"
NB = f"{ASSIGNMENT}.ipynb"


def scores(root: Path) -> dict[str, dict[str, float | None]]:
    grades = course_tools.read_grades(root, ASSIGNMENT)
    return {s: {f"{g.notebook}/{g.grade_id}": g.score for g in rows} for s, rows in grades.items()}


def grade(root: Path) -> dict[str, dict]:
    summary = driver.grade(
        root, [ASSIGNMENT], workers=2, force=True, progress=False, log=lambda *_: None
    )
    return {r["student"]: r for r in summary.results}


def flags(result: dict) -> dict[str, str]:
    return {f["file"]: f["kind"] for f in result["flags"]}


@pytest.mark.slow
def test_hard_links_never_change_a_grade_and_a_link_to_the_course_is_refused(tmp_path):
    """Two students (a01's reference and a wrong case) graded plain. Then the class is
    snapshotted by ``cp -al`` and graded again, with two more students: cy, whose notebook is a
    link to ada's, and dee, who hands in the wrong case with links to the course's solutions,
    release and gradebook beside it. Last, the snapshot is graded as a course of its own."""
    root = course_tools.scratch_course(tmp_path / "course", ROOT)
    course_tools.generate(root, ASSIGNMENT)
    names = ["reference", "minimax_min_max_swapped"]
    cases = {c.name: c for c in course_tools.load_cases(ROOT, ASSIGNMENT, names)}
    right, wrong = cases["reference"], cases["minimax_min_max_swapped"]
    course_tools.write_submissions(root, ASSIGNMENT, {"ada": right, "bob": wrong})
    plain = grade(root)
    expected = scores(root)
    why = {s: (r["status"], r["reasons"]) for s, r in plain.items()}
    assert sum(expected["ada"].values()) > sum(expected["bob"].values()) > 0, why
    assert all(r["status"] == "graded" and not r["flags"] for r in plain.values())

    subprocess.run(["cp", "-al", "submitted", "snapshot"], cwd=root, check=True)
    assert os.stat(root / "submitted" / "ada" / ASSIGNMENT / NB).st_nlink == 2
    course_tools.write_submissions(root, ASSIGNMENT, {"dee": wrong})
    cy = root / "submitted" / "cy" / ASSIGNMENT
    cy.mkdir(parents=True)
    os.link(root / "submitted" / "ada" / ASSIGNMENT / NB, cy / NB)
    dee = root / "submitted" / "dee" / ASSIGNMENT
    os.link(root / "source" / ASSIGNMENT / NB, dee / "solutions.ipynb")
    os.link(root / "release" / ASSIGNMENT / NB, dee / "release.ipynb")
    os.link(root / "gradebook.db", dee / "grades.txt")
    results = grade(root)
    after = scores(root)
    why = {s: (r["status"], r["reasons"]) for s, r in results.items()}
    assert after["ada"] == expected["ada"] and after["bob"] == expected["bob"], why
    assert after["cy"] == expected["ada"]  # graded on what cy handed in: ada's notebook
    assert after["dee"] == expected["bob"]  # the rest of dee's folder grades in full
    assert all(r["status"] == "graded" for r in results.values())
    assert flags(results["ada"]) == flags(results["cy"]) == {NB: "shared-file"}
    assert flags(results["bob"]) == {}  # linked only into the snapshot
    assert flags(results["dee"]) == {
        "grades.txt": "hard-link",
        "release.ipynb": "hard-link",
        "solutions.ipynb": "hard-link",
    }
    messages = {f["file"]: f["message"] for f in results["dee"]["flags"]}
    assert messages["solutions.ipynb"] == (
        f"solutions.ipynb is a hard link to the course's own file source/{ASSIGNMENT}/{NB} "
        "(the same file under another name): not read"
    )

    copy = tmp_path / "from-snapshot"  # the snapshot graded as a course of its own
    copy.mkdir()
    shutil.copy(root / "nbgrader_config.py", copy)
    shutil.copytree(root / "source", copy / "source")
    course_tools.generate(copy, ASSIGNMENT)
    os.rename(root / "snapshot", copy / "submitted")
    from_snapshot = grade(copy)
    why = {s: (r["status"], r["reasons"]) for s, r in from_snapshot.items()}
    assert scores(copy) == expected, why
    assert all(r["status"] == "graded" and not r["flags"] for r in from_snapshot.values())
