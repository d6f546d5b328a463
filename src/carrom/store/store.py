"""The tables and the few operations the server needs: create, append, finish, list, load."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, Text, create_engine, func, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker


class StoreError(RuntimeError):
    """The database refused or failed; the message says what was being done."""


class Base(DeclarativeBase):
    pass


class Match(Base):
    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # the room's unguessable id
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    variant: Mapped[str] = mapped_column(String(32))
    title: Mapped[str] = mapped_column(String(400))
    seats: Mapped[dict] = mapped_column(JSON)  # seat -> {name, kind: human|bot, level, token}
    record: Mapped[str] = mapped_column(Text)  # the match record (docs/record-format.md)
    over: Mapped[bool] = mapped_column(default=False)
    result: Mapped[str] = mapped_column(String(400), default="")


class Action(Base):
    __tablename__ = "actions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    entry: Mapped[dict] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class MatchRow:
    id: str
    created: datetime
    variant: str
    title: str
    seats: dict[str, Any]
    record: str
    over: bool
    result: str
    actions: int


def _now() -> datetime:
    return datetime.now(timezone.utc)


class Store:
    def __init__(self, url: str) -> None:
        try:
            self.engine = create_engine(url, future=True)
            Base.metadata.create_all(self.engine)
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot open the database {url!r}: {exc.__class__.__name__}: {exc}") from None
        self.session = sessionmaker(self.engine, expire_on_commit=False)

    def _write(self, what: str, fn) -> None:
        try:
            with self.session.begin() as s:
                fn(s)
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot {what}: {exc.__class__.__name__}") from None

    def create(self, match_id: str, variant: str, title: str, seats: dict[str, Any], record: str) -> None:
        def fn(s: Session) -> None:
            now = _now()
            s.add(Match(id=match_id, created=now, updated=now, variant=variant, title=title, seats=seats,
                        record=record, over=False, result=""))
        self._write("save the new match", fn)

    def append(self, match_id: str, entries: list[dict[str, Any]], record: str, over: bool, result: str) -> None:
        """The new entries and the whole record in one transaction: all or nothing."""
        def fn(s: Session) -> None:
            m = s.get(Match, match_id)
            if m is None:
                raise StoreError(f"no match {match_id}")
            count = s.scalar(select(func.count()).select_from(Action).where(Action.match_id == match_id)) or 0
            for i, entry in enumerate(entries):
                s.add(Action(match_id=match_id, number=count + i, entry=entry, at=_now()))
            m.record, m.over, m.result, m.updated = record, over, result, _now()
        self._write("save the stroke", fn)

    def update_seats(self, match_id: str, seats: dict[str, Any]) -> None:
        def fn(s: Session) -> None:
            m = s.get(Match, match_id)
            if m is not None:
                m.seats = json.loads(json.dumps(seats))
        self._write("save the seats", fn)

    def _row(self, s: Session, m: Match) -> MatchRow:
        n = s.scalar(select(func.count()).select_from(Action).where(Action.match_id == m.id)) or 0
        return MatchRow(m.id, m.created, m.variant, m.title, dict(m.seats), m.record, m.over, m.result, n)

    def get(self, match_id: str) -> MatchRow | None:
        with self.session() as s:
            m = s.get(Match, match_id)
            return None if m is None else self._row(s, m)

    def matches(self, *, unfinished: bool | None = None, limit: int = 200) -> list[MatchRow]:
        with self.session() as s:
            q = select(Match).order_by(Match.updated.desc()).limit(limit)
            if unfinished is not None:
                q = q.where(Match.over.is_(not unfinished))
            return [self._row(s, m) for m in s.scalars(q)]
