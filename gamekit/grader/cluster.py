"""Grading on a Dask cluster: one task per job, the results gathered back in the driver.

Only the pure part crosses the network: each task runs `gamekit.grader.job.grade_job` on a
plain job dict and returns a plain result dict. Everything trusted (the gradebook, the ledger,
the autograded notebooks, the check) stays in the driver, exactly as with the local pool.
Each worker needs this course's environment (gamekit, nbgrader, the kernel) and bubblewrap.

A worker that dies costs only its task: the scheduler runs it again elsewhere, up to
``retries`` times, and a job that fails every time is recorded as failed with the reason.

Each job has the local pool's outer limit (``bounds.OUTER_LIMIT``): on the worker it runs in a
child process of its own, with the job process's limits (`gamekit.grader.job_process`), killed at
the limit; such a job is failed with the local pool's sentence ("grading took over 300 s and
was stopped"), not tried again.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from gamekit.grader.job import STATUS_FAILED, Job, empty_result

RETRIES = 2
"""Times a task whose worker died (or which raised) is tried again on another worker."""


def grade_task(job: dict, outer_limit: float | None = None) -> str:
    """Grade one job on a worker, in a child process stopped at ``outer_limit`` seconds
    (default: the local pool's); JSON so that the result is exactly what the pool returns."""
    from gamekit.grader.bounds import OUTER_LIMIT
    from gamekit.grader.job_process import run_job_with_limit

    return json.dumps(run_job_with_limit(job, OUTER_LIMIT if outer_limit is None else outer_limit))


def run_jobs_on_cluster(
    jobs: list[Job],
    address: str,
    on_result: Callable[[dict], None],
    retries: int = RETRIES,
    progress: bool = True,
    task: Callable[..., str] = grade_task,
    outer_limit: float | None = None,
) -> None:
    """Submit every job to the Dask scheduler at ``address``; hand each result to
    ``on_result`` (in this process) as it completes, in whatever order they finish.
    ``task`` is what runs on a worker (tests pass one that kills its worker); ``outer_limit``,
    when given, is passed on to it (default: the local pool's, `grade_task`'s own)."""
    from distributed import Client, as_completed
    from tqdm.auto import tqdm

    if not jobs:
        return
    with Client(address, timeout="30s") as client:
        # A window of jobs in flight, each read from its folder as it is sent (Job.to_dict):
        # never the whole class in this process's memory at once.
        window = max(8, 2 * sum(client.nthreads().values()))
        waiting = list(jobs)
        running = as_completed()
        owners: dict[str, object] = {}

        def send(job) -> None:
            future = client.submit(
                task,
                job.to_dict(),
                **({"outer_limit": outer_limit} if outer_limit is not None else {}),
                retries=retries,
                pure=False,
                key=f"grade-{job.assignment}-{job.student}-{id(job)}",
            )
            owners[future.key] = job
            running.add(future)

        while waiting and len(owners) < window:
            send(waiting.pop(0))
        bar = tqdm(total=len(jobs), unit="submission", disable=not progress, leave=False)
        try:
            for future in running:
                job = owners.pop(future.key)
                try:
                    result = json.loads(future.result())
                except Exception as error:  # a worker died every time, or the task raised
                    reason = f"grading failed on the cluster after {retries + 1} tries: "
                    result = empty_result(job, STATUS_FAILED, [reason + _describe(error)])
                future.release()
                on_result(result)
                bar.update(1)
                if waiting:
                    send(waiting.pop(0))
        finally:
            bar.close()


def _describe(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}" + (f" ({text[0][:200]})" if text else "")
