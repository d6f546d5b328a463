"""One way to open a database and make its tables, for every store of the project (the web's matches, the
tournament desk): they may share one SQLite file or one PostgreSQL server, so they open it alike."""

from __future__ import annotations

from typing import Any, Callable

from sqlalchemy import Connection, Engine, MetaData, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import StaticPool

SCHEMA_LOCK = 0x6361726D  # "carm": servers starting at once on one PostgreSQL make the tables one at a time


def open_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite with its pragmas on every connection, one shared connection in memory."""
    parsed = make_url(url)
    kwargs: dict[str, Any] = {}
    sqlite = parsed.get_backend_name() == "sqlite"
    if sqlite:
        kwargs["connect_args"] = {"check_same_thread": False}
        if parsed.database in (None, "", ":memory:"):
            kwargs["poolclass"] = StaticPool  # one connection: an in-memory database is per connection
    engine = create_engine(url, **kwargs)
    if sqlite:
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def prepare(engine: Engine, metadata: MetaData, upgrade: Callable[[Connection], None] | None = None) -> None:
    """The tables of ``metadata`` made if missing (and ``upgrade`` run), by one server at a time."""
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
        metadata.create_all(conn)
        if upgrade is not None:
            upgrade(conn)


def _sqlite_pragmas(dbapi_connection, _record) -> None:  # noqa: ANN001
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=5000")  # a writer waits for another's commit rather than failing at once
    cur.execute("PRAGMA journal_mode=WAL")  # one fsync a commit (of the log), and readers never wait for a writer
    cur.execute("PRAGMA synchronous=FULL")  # a committed action survives a power cut
    cur.close()
