"""The tables: matches (with their whole record), the players at their seats, every action, whose browsers.

``matches.record`` is the match record as the file format spells it (docs/record-format.md)
and is what a restarted server resumes from; ``actions`` holds each stroke, placement or
declaration as its own row, in order, appended in the same transaction that updates the
record, so the two never disagree.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Base(DeclarativeBase):
    pass


class MatchModel(Base):
    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # the room's unguessable id
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    variant: Mapped[str] = mapped_column(String(32))
    kind: Mapped[str] = mapped_column(String(16))  # singles or doubles
    title: Mapped[str] = mapped_column(String(400))
    record: Mapped[str] = mapped_column(Text)  # the match record, JSON (docs/record-format.md)
    over: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    result: Mapped[str] = mapped_column(String(400), default="")
    invite: Mapped[str | None] = mapped_column(String(64), nullable=True)  # the key of the invitation link
    public: Mapped[bool] = mapped_column(Boolean, default=False, index=True)  # listed for anyone to watch
    snapshot: Mapped[str | None] = mapped_column(Text, nullable=True)  # the discs after the last action (JSON)
    adjourned: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)  # idle: closed when
    players: Mapped[list["PlayerModel"]] = relationship(back_populates="match", cascade="all, delete-orphan",
                                                        order_by="PlayerModel.position")


class PlayerModel(Base):
    """Who sits where in a match: a person (with the token of the client that plays the seat) or a bot."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("match_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)  # 0 south, 1 east, 2 north, 3 west
    seat: Mapped[str] = mapped_column(String(8))
    name: Mapped[str] = mapped_column(String(80))
    kind: Mapped[str] = mapped_column(String(8))  # human or bot
    level: Mapped[str | None] = mapped_column(String(32), nullable=True)
    token: Mapped[str | None] = mapped_column(String(64), nullable=True)  # None: open for someone to join
    match: Mapped[MatchModel] = relationship(back_populates="players")


class BrowserModel(Base):
    """A browser that created or joined a match: its "Past matches" list it. Only a hash of its key is kept."""

    __tablename__ = "browsers"
    __table_args__ = (UniqueConstraint("match_id", "browser"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), index=True)
    browser: Mapped[str] = mapped_column(String(64), index=True)  # sha256 of the browser's key, hex


class ActionModel(Base):
    """One accepted action (stroke, placement, claim, concession...) as its record entry."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("match_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)  # 0, 1, 2 ... within the match
    type: Mapped[str] = mapped_column(String(16))  # the entry's type: stroke, place, declare, concede...
    seat: Mapped[str | None] = mapped_column(String(8), nullable=True)
    entry: Mapped[dict] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
