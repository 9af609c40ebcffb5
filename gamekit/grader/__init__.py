"""The grading machine: everything that grades a submission and runs on the trusted side only.

The driver makes one job per submission (`driver`, `job`); a job reads the folder and the
notebook as hostile input (`intake`, `nbfile`, `lint`), starts the student's kernel in a sandbox
that sees a view of gamekit without this package (`sandbox`, `kernel_view`), runs the answer
cells there, and judges each test cell on this side (`trusted`), calling the student's
functions across a socket (`connection`) within each cell's time (`budget`) and the grader's
own limits (`bounds`). The feedback pages are written from the result (`feedback`,
`feedback_page`). The checks the test cells call live below, in `gamekit.checks`, which the
kernel sees; nothing in `gamekit.checks` imports this package.
"""
