"""The ledger: the driver's own record of each grading result, in the gradebook's database.

One row per student and assignment in the table ``gamekit_results``: the digest of what was
graded (a job whose inputs are unchanged is not run again), the status, and the whole result
record as JSON (scores, reasons, notes, flags, per-cell findings). Feedback pages and the class
report read it; nbgrader's own tables are never asked for more than the scores.
"""

from __future__ import annotations

import datetime as dt
import json
import time
from collections.abc import Callable


def _ledger_table():
    import sqlalchemy as sa

    return sa.Table(
        "gamekit_results",
        sa.MetaData(),
        sa.Column("student", sa.String(128), primary_key=True),
        sa.Column("assignment", sa.String(128), primary_key=True),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("updated", sa.String(32), nullable=False),
    )


def _ledger(db_url: str):
    """An engine on the gradebook and the ledger's table, created if missing. ``IF NOT EXISTS``
    with a retry: a run creating it at the same moment must not make this one fail."""
    import sqlalchemy as sa
    from sqlalchemy.schema import CreateTable

    engine = sa.create_engine(db_url)
    table = _ledger_table()

    def create() -> None:
        with engine.begin() as conn:
            conn.execute(CreateTable(table, if_not_exists=True))

    retrying(create)
    return engine, table


def read_ledger(db_url: str, assignment: str | None = None) -> dict[tuple[str, str], dict]:
    """``{(student, assignment): result record}`` as the driver last wrote them."""
    import sqlalchemy as sa

    engine, table = _ledger(db_url)
    query = sa.select(table)
    if assignment:
        query = query.where(table.c.assignment == assignment)
    with engine.connect() as conn:
        rows = conn.execute(query).fetchall()
    engine.dispose()
    found = {}
    for row in rows:
        record = json.loads(row.record)
        record["digest"] = row.digest
        found[(row.student, row.assignment)] = record
    return found


def _write_ledger(db_url: str, record: dict, digest: str) -> None:
    import sqlalchemy as sa

    engine, table = _ledger(db_url)
    kept = {k: v for k, v in record.items() if k != "notebooks"}
    values = {
        "digest": digest,
        "status": record["status"],
        "record": json.dumps(kept),
        "updated": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
    }
    key = (table.c.student == record["student"]) & (table.c.assignment == record["assignment"])
    with engine.begin() as conn:
        if conn.execute(sa.select(table.c.student).where(key)).first():
            conn.execute(table.update().where(key).values(**values))
        else:
            conn.execute(
                table.insert().values(
                    student=record["student"], assignment=record["assignment"], **values
                )
            )
    engine.dispose()


def retrying(action: Callable[[], None], attempts: int = 8) -> None:
    """Run ``action`` again when a concurrent grading run on the same gradebook got there first
    (a student, submission or table created twice, a locked SQLite file): the second try finds
    it. nbgrader reports a duplicate row as its own ``InvalidEntry``."""
    import sqlalchemy.exc
    from nbgrader.api import InvalidEntry

    for attempt in range(attempts):
        try:
            action()
            return
        except (sqlalchemy.exc.IntegrityError, sqlalchemy.exc.OperationalError, InvalidEntry):
            if attempt == attempts - 1:
                raise
            time.sleep(0.05 * (attempt + 1))
