"""Putting IPython's cell transformers back to their defaults, from inside a graded kernel.

IPython lets code install *input transformers* (and AST transformers) that rewrite every later
cell before it runs: a submission could turn each test cell into ``pass``. The graders
(`gamekit.grader.trusted` and nbgrader's `gamekit.grader.guard`) send `RESET_EXPRESSION` as a
*user expression* of an empty execute request before the cells that matter; the kernel
evaluates it directly, without passing it through the transformers it is resetting.

This module runs inside the student's kernel, so it imports nothing heavy: importing nbgrader
there cost every graded submission about 2.7 s.
"""

from __future__ import annotations

from typing import Any

RESET_EXPRESSION = (
    "__import__('gamekit.checks.transformers', fromlist=['reset_transformers'])"
    ".reset_transformers(get_ipython())"
)


def reset_transformers(shell: Any) -> str:
    """Give ``shell`` (an IPython InteractiveShell) its default cell transformers back."""
    from IPython.core.inputtransformer2 import TransformerManager

    shell.input_transformer_manager = TransformerManager()
    shell.input_transformers_post = []
    shell.ast_transformers = []
    return "reset"
