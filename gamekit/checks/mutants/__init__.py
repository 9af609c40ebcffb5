"""The grader tested by mutation: wrong programs that nobody wrote by hand.

``python -m gamekit.checks.mutants a05_mcts [--sample N] [--seed S]`` takes each answer cell's
reference solution from the source notebook, makes *mutants* of it with small AST edits (one
edit each: a comparison or an arithmetic operator swapped, a constant off by one, ``max`` for
``min``, a statement removed, two arguments swapped, a minus sign dropped, ``and`` for ``or``,
one attribute for another), and runs each mutant's notebook through the real test cells, hidden
tests included, in a process of its own with a time limit.

Each mutant is also *observed*: the assignment's functions are called on a wide set of inputs
(the assignment module's ``observe``). A mutant whose observations equal the reference's is
*equivalent* (it is the same program) and is left out. For the others it reports:

- **killed**: some test cell failed (the kill rate is the share of non-equivalent mutants);
- how the first failing cell explained it: a confirmed mistake **named**, a **witness** (the
  smallest probe that goes wrong, or the input and what the student's code returned or raised
  there), a **visible** test's stated condition that the student's output fails, the student's
  **own error** (an exception raised in their code), a **hidden**-case failure, a **timeout**, a
  **generic** sentence, or a **traceback** from a checker's own code;
- **false** messages: the harness re-checks each claim (the witness's values, a named mistake
  reproducing the mutant on every probe) against the mutant itself.

A correct program must keep full marks, so an equivalent mutant that lost points is reported as
a **false failure**.

A name is only as good as the inputs that chose it, so every name is also checked on the wide
input set: the notebook with the named function replaced by the catalogued mistake (each
assignment's ``catalogue()``) must be observed exactly as the program itself, or the name is a
**false name**. Three more runs measure the ladders themselves:

- ``--order 2``: *second-order* mutants, pairs of single edits (``--sample`` of them, 300 by
  default), graded the same way: the wrong programs a single edit cannot make;
- ``--catalogue``: each catalogued mistake put in the notebook as a student's answer; the
  grader must name it as itself (the probes separate it from every other catalogued mistake);
- ``--hand-written FOLDER``: the fixture cases of FOLDER marked ``HANDWRITTEN = True``,
  realistic wrong programs written by hand, with the share named, witnessed and untrue.

The package holds three things: making mutants (`making`), running a mutant's notebook and
observing a program on the wide set (`running`), and the harness with its reports and its
command (`reports`).
"""

from __future__ import annotations

from gamekit.checks.mutants.making import (
    CALL_SWAPS,
    SWAPS,
    Mutation,
    edited_cells,
    mutated_source,
    mutations,
    second_order,
)
from gamekit.checks.mutants.reports import (
    HAND_WRITTEN_HEAD,
    TABLE_HEAD,
    CatalogueReport,
    HandWritten,
    Report,
    catalogue_check,
    hand_written_check,
    harness,
    load_hand_written,
    main,
    print_catalogue,
    print_hand_written,
    print_report,
)
from gamekit.checks.mutants.running import (
    Catalogued,
    CellOutcome,
    Run,
    false_name,
    grading_mode,
    kind_of,
    load_spec,
    notebook_cells,
    run_isolated,
    run_notebook,
    same_behaviour,
    unforbidden,
)

__all__ = [
    "CALL_SWAPS",
    "CatalogueReport",
    "Catalogued",
    "CellOutcome",
    "HAND_WRITTEN_HEAD",
    "HandWritten",
    "Mutation",
    "Report",
    "Run",
    "SWAPS",
    "TABLE_HEAD",
    "catalogue_check",
    "edited_cells",
    "false_name",
    "grading_mode",
    "hand_written_check",
    "harness",
    "kind_of",
    "load_hand_written",
    "load_spec",
    "main",
    "mutated_source",
    "mutations",
    "notebook_cells",
    "print_catalogue",
    "print_hand_written",
    "print_report",
    "run_isolated",
    "run_notebook",
    "same_behaviour",
    "second_order",
    "unforbidden",
]
