"""The tablet umpire's matches: one row per real match, its whole record saved after every entry.

Beside the web app's own tables, in the same database. A row keeps the record as the file
format spells it (docs/record-format.md: what ``carrom umpire resume`` reads), a hash of
the umpire's key (never the key), and a revision that grows with every save: a save names
the revision it was made from and is refused if the row has moved on, so a repeated tap or
a second tablet never plays an entry twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Callable

from sqlalchemy import Boolean, DateTime, Integer, String, Text, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from carrom.store.store import Store, StoreError, prepare


class _Base(DeclarativeBase):
    pass


class UmpireMatchModel(_Base):
    __tablename__ = "umpire_matches"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # unguessable: the scoreboard's link
    key_hash: Mapped[str] = mapped_column(String(64))  # SHA-256 of the umpire's key, hex
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    title: Mapped[str] = mapped_column(String(400))
    record: Mapped[str] = mapped_column(Text)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    entries: Mapped[int] = mapped_column(Integer, default=0)
    over: Mapped[bool] = mapped_column(Boolean, default=False)


class RevisionError(StoreError):
    """The row moved on since the revision a save was made from: nothing was written."""


@dataclass(frozen=True)
class UmpireRow:
    id: str
    key_hash: str
    created: datetime
    updated: datetime
    title: str
    record: str
    revision: int
    entries: int
    over: bool


def _now() -> datetime:
    return datetime.now(timezone.utc)


class UmpireStore:
    """The umpire matches of a ``Store``'s database; every error is a ``StoreError`` saying what failed."""

    def __init__(self, store: Store) -> None:
        try:
            prepare(store.engine, _Base.metadata)
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot prepare the umpire's table: {exc.__class__.__name__}") from None
        self._session = sessionmaker(store.engine, expire_on_commit=False)

    def _run(self, what: str, fn: Callable[[Session], Any], write: bool = True) -> Any:
        try:
            if not write:
                with self._session() as s:
                    return fn(s)
            with self._session.begin() as s:
                return fn(s)
        except StoreError:
            raise
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot {what}: the database failed ({exc.__class__.__name__})") from None

    def create(self, match_id: str, key_hash: str, title: str, record: str, entries: int, over: bool) -> None:
        now = _now()
        row = UmpireMatchModel(id=match_id, key_hash=key_hash, created=now, updated=now, title=title[:400],
                               record=record, revision=0, entries=entries, over=over)
        self._run("save the new match", lambda s: s.add(row))

    def save(self, match_id: str, revision: int, record: str, *, title: str, entries: int, over: bool) -> int:
        """The record made from ``revision``; the new revision, or ``RevisionError`` if the row moved on."""
        def fn(s: Session) -> int:
            done = s.execute(update(UmpireMatchModel)
                             .where(UmpireMatchModel.id == match_id, UmpireMatchModel.revision == revision)
                             .values(record=record, title=title[:400], entries=entries, over=over,
                                     revision=revision + 1, updated=_now()))
            if done.rowcount != 1:
                raise RevisionError("the record moved on since this entry was made (another tablet, or the same "
                                    "entry sent twice): nothing was saved")
            return revision + 1
        return self._run("save the entry", fn)

    def get(self, match_id: str) -> UmpireRow | None:
        def fn(s: Session) -> UmpireRow | None:
            m = s.get(UmpireMatchModel, match_id)
            if m is None:
                return None
            return UmpireRow(m.id, m.key_hash, m.created, m.updated, m.title, m.record, m.revision, m.entries, m.over)
        return self._run("read the match", fn, write=False)
