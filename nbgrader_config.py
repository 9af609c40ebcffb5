"""nbgrader configuration of the course. Run every nbgrader command from this directory."""

import os

from nbconvert.preprocessors import ClearMetadataPreprocessor, CSSHTMLHeaderPreprocessor
from nbgrader.preprocessors import (
    AssignLatePenalties,
    CheckCellMetadata,
    ClearHiddenTests,
    GetGrades,
    IgnorePattern,
    LimitOutput,
    SaveAutoGrades,
)

from gamekit.grader.feedback import ShortenTestTracebacks
from gamekit.grader.guard import GuardedExecute

c = get_config()  # noqa: F821 (provided by nbgrader when it reads this file)

# Relocatable: the course lives wherever this file is (a clone, a scratch copy under build/).
c.CourseDirectory.root = os.path.dirname(os.path.abspath(__file__))
c.CourseDirectory.course_id = "adversarial-search"
c.CourseDirectory.db_url = os.environ.get("GAMEKIT_DB_URL") or "sqlite:///" + os.path.join(
    c.CourseDirectory.root, "gradebook.db"
)

# A cell that runs longer than this scores 0 and grading goes on with the next cell. Reference
# cells finish in under 2 s and hidden tests in well under 1 s: 20 s is generous yet keeps an
# infinite loop from holding the class's grading up for long.
c.Execute.timeout = 20
c.Execute.interrupt_on_timeout = True

# Autograde as nbgrader does, except that IPython's cell transformers are reset before every
# graded test cell, so a submission cannot rewrite the tests into `pass` (gamekit/grader/guard.py).
c.Autograde.autograde_preprocessors = [
    GuardedExecute,
    IgnorePattern,
    ClearMetadataPreprocessor,
    LimitOutput,
    SaveAutoGrades,
    AssignLatePenalties,
    CheckCellMetadata,
]

# A test cell a student deleted is put back and graded, rather than left ungraded.
c.OverwriteCells.add_missing_cells = True

# Warnings printed on stderr do not cost a correct answer its points.
c.IgnorePattern.enabled = True
c.IgnorePattern.pattern = r"(?s).*(Warning|warnings\.warn).*"

# Feedback: no hidden-test source, and failing tests show their message, not their code.
c.GenerateFeedback.preprocessors = [
    GetGrades,
    ClearHiddenTests,
    ShortenTestTracebacks,
    CSSHTMLHeaderPreprocessor,
]

# The class's language (gamekit.i18n): the language its feedback pages speak, "en", "pt_BR"
# or "es". GAMEKIT_LANG (or `course feedback --language`) chooses another for one run.
c.GamekitCourse.language = "en"
# Students who read another language than the class: {"student id": "language"}. Their pages
# are in theirs; grading is the same for everyone.
c.GamekitCourse.student_languages = {}
# The class report's language (default: the class's).
c.GamekitCourse.instructor_language = "en"
