"""The tables: matches (a record's head, a snapshot, a version), the players at their seats, every action, whose browsers.

A match is its record as written when it was made (or a seat was taken), ``matches.record``
(the file format, docs/record-format.md), the actions played since, one row each in
``actions`` with the game and board the referee put them in, and a snapshot of the discs.
A stroke appends one row and updates the small match row (snapshot, version) in one
transaction; the whole record is never written again for it. ``matches.version`` grows
with every write of the match's state: a write names the version it was made from and is
refused if the row moved on (optimistic concurrency, for several servers on one database).
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
    record: Mapped[str] = mapped_column(Text)  # the match record as written, JSON (docs/record-format.md)
    logged: Mapped[int | None] = mapped_column(Integer, nullable=True)  # its actions; None: all (an older database)
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # +1 a write of the match's state
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
    position: Mapped[int] = mapped_column(Integer)  # the seat's place in the order the turn passes (rules' ORDER)
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
    game: Mapped[int | None] = mapped_column(Integer, nullable=True)  # where the referee put it (0-based);
    board: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None in an older database
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
