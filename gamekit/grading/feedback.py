"""An nbgrader preprocessor for feedback: failing hidden tests show their message, not code.

nbgrader's ClearHiddenTests removes hidden-test source from the feedback, but a failing
assertion's traceback still quotes the lines around it. This preprocessor keeps only the last
line of every error in a graded test cell (``GradingError: what went wrong``), so feedback shows
the explanation and never the hidden test's source or expected values.
"""

from __future__ import annotations

from nbconvert.preprocessors import Preprocessor
from traitlets import Bool


class ShortenTestTracebacks(Preprocessor):
    """Replace the traceback of every error output in a graded test cell by its last line."""

    enabled = Bool(True).tag(config=True)  # nbconvert preprocessors are off unless enabled

    def preprocess_cell(self, cell, resources, index):
        nbgrader = cell.get("metadata", {}).get("nbgrader", {})
        if cell.cell_type == "code" and nbgrader.get("grade") and not nbgrader.get("solution"):
            for output in cell.get("outputs", []):
                if output.get("output_type") == "error":
                    output["traceback"] = [f"{output.get('ename')}: {output.get('evalue')}"]
        return cell, resources
