"""Grading on a real Dask cluster (a LocalCluster of two worker processes) against the local pool.

The same fixture submissions of a02 are graded twice, once by the ``grade`` command on the
cluster and once by the driver's local pool; both gradebooks must hold the fixtures' expected
scores. A task that kills its worker is run again elsewhere; one that kills every worker it
meets is recorded as failed and the others are graded all the same.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

pytest.importorskip("distributed", reason="dask[distributed] is not installed (the scale extra)")

import cloudpickle  # noqa: E402  (comes with distributed)
import dask  # noqa: E402
from distributed import LocalCluster  # noqa: E402

from gamekit import course  # noqa: E402
from gamekit.grader import driver  # noqa: E402
from gamekit.grader.cluster import grade_task, run_jobs_on_cluster  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ASSIGNMENT = "a02_alphabeta"
CASES = ["reference", "blank", "depth_off_by_one"]

pytestmark = pytest.mark.slow
cloudpickle.register_pickle_by_value(__import__(__name__))  # workers cannot import tests/


def code_cells(scores: dict[str, float], max_scores: dict[str, float]) -> dict[str, float]:
    """Only the test cells (an unanswered written cell gets an automatic 0 as well)."""
    return {name: score for name, score in scores.items() if name in max_scores}


def expected_scores(case: course.Case, max_scores: dict[str, float]) -> dict[str, float]:
    """What the fixture says each test cell must score (its SCORES, else full or 0)."""
    default = (lambda name: max_scores[name]) if case.start == "solution" else (lambda _: 0.0)
    return {name: float(case.scores.get(name, default(name))) for name in max_scores}


def make_course(where: Path, students: dict[str, course.Case]) -> Path:
    root = course.scratch_course(where, ROOT)
    shutil.copytree(ROOT / "release", root / "release")
    course.write_submissions(root, ASSIGNMENT, students)
    return root


@pytest.fixture(scope="module")
def cluster():
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as c:
        yield c


@pytest.fixture(scope="module")
def cases() -> dict[str, course.Case]:
    return {c.name: c for c in course.load_cases(ROOT, ASSIGNMENT, CASES)}


def test_the_grade_command_on_a_cluster_gives_the_local_pools_gradebook(
    tmp_path, cluster, cases, monkeypatch, capsys
):
    """``python -m gamekit.course grade --cluster ADDRESS --db-url URL``, as an instructor types
    it, against the local pool on a copy of the course: the same scores, the fixtures' ones, and
    every grade (nbgrader's too) in URL only."""
    students = {f"s_{name}": case for name, case in cases.items()}
    on_cluster = make_course(tmp_path / "cluster", students)
    local = make_course(tmp_path / "local", students)
    url = "sqlite:///" + str(tmp_path / "elsewhere.db")
    monkeypatch.chdir(on_cluster)  # the command finds its course from the working folder
    monkeypatch.delenv(driver.DB_URL_VARIABLE, raising=False)
    address = cluster.scheduler_address
    code = course.main(["grade", ASSIGNMENT, "--cluster", address, "--db-url", url])
    out = capsys.readouterr().out
    assert code == 0, out
    assert f"on the Dask cluster at {address}" in out
    assert f"graded {len(CASES)}," in out
    assert not (on_cluster / "gradebook.db").exists()  # nothing in the course's own gradebook
    assert driver.DB_URL_VARIABLE not in os.environ  # nor was the setting left behind
    driver.grade(local, [ASSIGNMENT], workers=2, progress=False, log=lambda _: None)
    from_cluster = driver.read_scores(url, ASSIGNMENT)
    from_pool = driver.read_scores(driver.db_url_of(local), ASSIGNMENT)
    assert from_cluster == from_pool
    max_scores = max_auto_scores(url)
    for student, case in students.items():
        assert code_cells(from_cluster[student], max_scores) == expected_scores(case, max_scores), (
            student
        )
    table = out.split(f"graded {len(CASES)},", 1)[1]  # the grade table, read from URL as well
    line = next(row for row in table.splitlines() if row.startswith("s_reference "))
    assert f"{sum(max_scores.values()):7.1f} /" in line, table
    assert (on_cluster / "autograded" / "s_reference" / ASSIGNMENT).is_dir()
    assert driver.verify(url, ASSIGNMENT) == []


def max_auto_scores(db_url: str) -> dict[str, float]:
    """Points of every automatically graded cell of a02 (the by-hand cells are left out)."""
    from nbgrader.api import Gradebook

    with Gradebook(db_url) as gb:
        notebook = gb.find_notebook(ASSIGNMENT, ASSIGNMENT)
        return {g.name: g.max_score for g in notebook.grade_cells if g.cell_type == "code"}


def kill_worker_once(job: dict) -> str:
    """Kills its worker process the first time it meets a job (a marker file remembers)."""
    job = dict(job)
    marker = Path(job.pop("marker_folder")) / job["student"]
    if not marker.exists():
        marker.touch()
        os._exit(1)
    return grade_task(job)


def kill_worker_always(job: dict) -> str:
    if job["student"] == "doomed":
        os._exit(1)
    return grade_task(job)


def jobs_for(tmp_path: Path, cases: dict[str, course.Case], names: dict[str, str]):
    root = make_course(tmp_path / "course", {s: cases[c] for s, c in names.items()})
    url = driver.db_url_of(root)
    driver.ensure_in_gradebook(root, ASSIGNMENT, url, log=lambda _: None)
    return driver.build_jobs(root, ASSIGNMENT, url, None)


class MarkedJob:
    """A job whose dict carries the folder for `kill_worker_once`'s markers."""

    def __init__(self, job, folder: Path) -> None:
        self.job, self.folder = job, folder
        self.student, self.assignment = job.student, job.assignment

    def to_dict(self) -> dict:
        return {**self.job.to_dict(), "marker_folder": str(self.folder)}


def test_a_task_that_kills_its_worker_is_run_again(tmp_path, cluster, cases):
    jobs = jobs_for(tmp_path, cases, {"ada": "reference"})
    markers = tmp_path / "markers"
    markers.mkdir()
    results: list[dict] = []
    run_jobs_on_cluster(
        [MarkedJob(j, markers) for j in jobs],
        cluster.scheduler_address,
        results.append,
        progress=False,
        task=kill_worker_once,
    )
    assert (markers / "ada").exists()  # the first try did die
    assert [r["status"] for r in results] == ["graded"], results
    assert sum(c["score"] or 0 for c in results[0]["cells"]) == 10.0  # as test_driver: full marks


def test_a_job_that_fails_everywhere_is_recorded_and_the_others_go_on(tmp_path, cluster, cases):
    jobs = jobs_for(tmp_path, cases, {"doomed": "reference", "ada": "reference"})
    results: dict[str, dict] = {}
    with dask.config.set({"distributed.scheduler.allowed-failures": 1}):
        run_jobs_on_cluster(
            jobs,
            cluster.scheduler_address,
            lambda r: results.__setitem__(r["student"], r),
            retries=0,
            progress=False,
            task=kill_worker_always,
        )
    assert results["ada"]["status"] == "graded"
    assert results["doomed"]["status"] == "failed"
    assert "on the cluster" in results["doomed"]["reasons"][0]
