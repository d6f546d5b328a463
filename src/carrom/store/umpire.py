"""The tablet umpire's matches: one row per real match, its whole record saved after every entry.

Beside the web app's own tables, in the same database. A row keeps the record as the file
format spells it (docs/record-format.md: what ``carrom umpire resume`` reads), a hash of
the umpire's key (never the key), and a revision that grows with every save: a save names
the revision it was made from and is refused if the row has moved on, so a repeated tap or
a second tablet never plays an entry twice. On PostgreSQL each save is announced to the other
servers (``NOTIFY`` on ``CHANNEL``: ``"{match_id} {revision} {origin}"``, as the rooms' writes are), and
``listen`` hears theirs.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

from typing import Callable

from sqlalchemy import Boolean, DateTime, Integer, String, Text, select, text, update
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from carrom.store.side import SideTable
from carrom.store.store import Store, StoreError


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


CHANNEL = "carrom_umpire"  # the channel the umpire's saves are announced on (the rooms': carrom.store.notify)


class UmpireStore(SideTable):
    """The umpire matches of a ``Store``'s database; every error is a ``StoreError`` saying what failed."""

    def __init__(self, store: Store) -> None:
        super().__init__(store, _Base.metadata, "the umpire's table")
        self.store = store

    def listen(self, news: Callable[[str | None, int], None]) -> None:
        """``news(match_id, revision)`` from a thread whenever another server saved an entry (PostgreSQL only);
        ``news(None, 0)`` when any may have been missed."""
        self.store.listen(news, CHANNEL)

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
            if self.store.shared:  # delivered when the transaction commits
                s.execute(text("SELECT pg_notify(:channel, :payload)"),
                          {"channel": CHANNEL, "payload": f"{match_id} {revision + 1} {self.store.origin}"})
            return revision + 1
        return self._run("save the entry", fn)

    def get(self, match_id: str) -> UmpireRow | None:
        def fn(s: Session) -> UmpireRow | None:
            m = s.get(UmpireMatchModel, match_id)
            if m is None:
                return None
            return UmpireRow(m.id, m.key_hash, m.created, m.updated, m.title, m.record, m.revision, m.entries, m.over)
        return self._run("read the match", fn, write=False)

    def started(self, match_ids: list[str]) -> set[str]:
        """Which of these matches exist (a tournament's tablet whose toss is in), in one query."""
        if not match_ids:
            return set()
        return self._run("read which matches exist", lambda s: set(s.scalars(
            select(UmpireMatchModel.id).where(UmpireMatchModel.id.in_(match_ids)))), write=False)

    def finished(self, match_ids: list[str]) -> set[str]:
        """Which of these matches are over, in one query (the tablets of a round of 250 tables)."""
        if not match_ids:
            return set()
        return self._run("read which matches are over", lambda s: set(s.scalars(
            select(UmpireMatchModel.id).where(UmpireMatchModel.id.in_(match_ids), UmpireMatchModel.over.is_(True)))),
            write=False)
