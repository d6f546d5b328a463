"""The rooms' clocks of the laws, stored: whether a room keeps them, and the deadline running now.

One row per room created with its clocks on (``clocks``): the laws wait for ``seat`` to ``what``
(break, stroke, place) as the match's action number ``actions``, until ``due``. Deadlines live
here, not in timers, so a restarted server (or any other process on the same database) rules
them. ``claim`` takes a deadline that has passed for one checker only: two checks racing never
rule twice (and ``Store.append`` refuses an action whose number is already taken anyway).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Callable

from sqlalchemy import Boolean, Connection, DateTime, Integer, String, or_, select, update
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from carrom.store.models import MatchModel
from carrom.store.side import SideTable
from carrom.store.store import Store

CLAIM_STALE = timedelta(seconds=30)  # a claim this old is taken again: its process died before ruling


class ClockBase(DeclarativeBase):
    pass


class ClockModel(ClockBase):
    __tablename__ = "clocks"

    match_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    on: Mapped[bool] = mapped_column(Boolean, default=True)
    actions: Mapped[int] = mapped_column(Integer, default=0)  # the clock runs for the match's action of this number
    what: Mapped[str | None] = mapped_column(String(8), nullable=True)  # break, stroke or place
    seat: Mapped[str | None] = mapped_column(String(8), nullable=True)
    started: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    due: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, index=True)  # None: stopped
    claimed: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


@dataclass(frozen=True)
class Deadline:
    match_id: str
    actions: int
    what: str
    seat: str
    started: datetime
    due: datetime


def _utc(when: datetime) -> datetime:
    return when.replace(tzinfo=timezone.utc) if when.tzinfo is None else when.astimezone(timezone.utc)


def _deadline(c: ClockModel) -> Deadline | None:
    if c.due is None or c.started is None or c.what is None or c.seat is None:
        return None
    return Deadline(c.match_id, c.actions, c.what, c.seat, _utc(c.started), _utc(c.due))


class ClockStore(SideTable):
    """The ``clocks`` table, on the store's database."""

    def __init__(self, store: Store) -> None:
        super().__init__(store, ClockBase.metadata, "the clocks' table")

    def keep(self, match_id: str) -> None:
        """The room keeps the clocks of the laws (chosen at its creation)."""
        self._run("save the room's clocks", lambda s: s.merge(ClockModel(match_id=match_id, on=True)))

    def kept(self, match_id: str) -> bool:
        return bool(self._run("read the room's clocks", lambda s: s.scalar(
            select(ClockModel.on).where(ClockModel.match_id == match_id))))

    def arm(self, match_id: str, actions: int, what: str, seat: str, started: datetime, due: datetime) -> None:
        """The laws wait for ``seat`` to ``what`` as action number ``actions``, until ``due``."""
        def fn(s: Session) -> None:
            c = s.get(ClockModel, match_id)
            if c is not None and c.on:
                c.actions, c.what, c.seat, c.started, c.due, c.claimed = actions, what, seat, started, due, None
        self._run("save the deadline", fn)

    def setting(self, match_id: str, deadline: Deadline | None) -> Callable[[Connection], None]:
        """What ``arm`` (a deadline) or ``stop`` (None) write, to run in another write's transaction (``Store.append``:
        the deadline that follows an action committed with it, one commit instead of two)."""
        if deadline is None:
            change = update(ClockModel).where(ClockModel.match_id == match_id).values(due=None, claimed=None)
        else:
            change = update(ClockModel).where(ClockModel.match_id == match_id, ClockModel.on.is_(True)).values(
                actions=deadline.actions, what=deadline.what, seat=deadline.seat, started=deadline.started,
                due=deadline.due, claimed=None)
        return lambda conn: conn.execute(change)

    def stop(self, match_id: str) -> None:
        self._run("stop the clock", lambda s: s.execute(
            update(ClockModel).where(ClockModel.match_id == match_id).values(due=None, claimed=None)))

    def get(self, match_id: str) -> Deadline | None:
        def fn(s: Session) -> Deadline | None:
            c = s.get(ClockModel, match_id)
            return None if c is None else _deadline(c)
        return self._run("read the deadline", fn)

    def passed(self, now: datetime) -> list[Deadline]:
        """The deadlines passed at ``now`` and not taken by a live checker, earliest first."""
        def fn(s: Session) -> list[Deadline]:
            q = (select(ClockModel).where(ClockModel.due <= now, or_(ClockModel.claimed.is_(None),
                                                                      ClockModel.claimed < now - CLAIM_STALE))
                 .order_by(ClockModel.due))
            return [d for c in s.scalars(q) if (d := _deadline(c)) is not None]
        return self._run("read the deadlines", fn)

    def claim(self, deadline: Deadline, now: datetime) -> bool:
        """True for exactly one checker of a deadline that is still the room's (its action not yet ruled)."""
        def fn(s: Session) -> bool:
            done = s.execute(update(ClockModel).where(
                ClockModel.match_id == deadline.match_id, ClockModel.actions == deadline.actions,
                ClockModel.due.is_not(None),
                or_(ClockModel.claimed.is_(None), ClockModel.claimed < now - CLAIM_STALE)).values(claimed=now))
            return done.rowcount == 1
        return self._run("take the deadline", fn)

    def adjourn(self, match_id: str, when: datetime) -> None:
        """Nobody at the board past the grace: the match is adjourned (resumable) and its clock stopped."""
        def fn(s: Session) -> None:
            s.execute(update(ClockModel).where(ClockModel.match_id == match_id).values(due=None, claimed=None))
            s.execute(update(MatchModel).where(MatchModel.id == match_id).values(adjourned=when))
        self._run("adjourn the match", fn)
