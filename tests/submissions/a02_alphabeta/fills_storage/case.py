"""An answer cell writes to its folder, /tmp and /dev/shm until the disk is full (catching the
error), then answers correctly: each is a bounded tmpfs in the sandbox, the kernel lives on,
and the answers earn full marks."""

START = "solution"
ANSWERS = {
    "nodes_by_depth_code": """import os


def _fill(folder):
    try:
        with open(os.path.join(folder, "fill.bin"), "wb") as out:
            for _ in range(2048):  # 2 GiB at most, a MiB at a time
                out.write(bytes(1 << 20))
                out.flush()
    except OSError:
        pass


for _folder in (".", "/tmp", "/dev/shm"):
    _fill(_folder)


def nodes_by_depth(engine, game, positions):
    counts = {}
    for position in positions:
        _, trace = run_traced(engine, position, game)
        counts[len(game.actions(position))] = trace.stats.nodes
    return counts
""",
}
SCORES = {}
FEEDBACK = ["to be graded by hand"]
FLAGGED = True  # the lint sees the paths outside the folder
