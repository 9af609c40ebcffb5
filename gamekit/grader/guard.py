"""Autograding that a submission cannot switch off by rewriting the test cells it runs before.

IPython lets code install *input transformers* (and AST transformers) that rewrite every later
cell before it runs. A submission that installs one turning each cell into ``pass`` would
otherwise score full marks: the test cells never run. `GuardedExecute` is nbgrader's Execute
preprocessor plus one step: before each graded test cell, it puts IPython's transformers back
to their defaults. The reset travels as a *user expression* of an empty execute request
(`gamekit.checks.transformers`), which the kernel evaluates directly, without passing it
through the transformers it is resetting.

This closes the one hole measured on nbgrader 0.9; it is not a sandbox. Student code still
runs with the grader's rights, as with any nbgrader course.
"""

from __future__ import annotations

from nbclient.util import run_sync
from nbgrader.preprocessors import Execute

from gamekit.checks.transformers import RESET_EXPRESSION


class GuardedExecute(Execute):
    """nbgrader's Execute, resetting IPython's transformers before every graded test cell."""

    def preprocess_cell(self, cell, resources, index):
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if cell.cell_type == "code" and meta.get("grade") and not meta.get("solution"):
            run_sync(self._reset_transformers)()
        return super().preprocess_cell(cell, resources, index)

    async def _reset_transformers(self) -> None:
        msg_id = self.kc.execute(
            "", silent=True, store_history=False, user_expressions={"reset": RESET_EXPRESSION}
        )
        while True:  # the reply to our request; nbclient ignores its other messages by id
            reply = await self.kc.get_shell_msg(timeout=self.timeout)
            if reply["parent_header"].get("msg_id") == msg_id:
                return
