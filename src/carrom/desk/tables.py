"""The tournament tables, in the web app's database beside its own (``tournament_*``; docs/tournaments.md).

Players and clubs are the database's, shared by its events; an event (SoL's tourney) holds its
settings, its competitors (one to four players each) and its matches. ``extra`` columns keep what
a SoL file brought that carrom does not use, so an exported file gives it back. ``tournament_log``
is the event's record: every step the desk took, with its time and law.
"""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Connection, Float, ForeignKey, Integer, String, Text, inspect, text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from carrom.store.keys import key_hash


class Base(DeclarativeBase):
    pass


class ClubRow(Base):
    __tablename__ = "tournament_clubs"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(200), index=True)
    country: Mapped[str | None] = mapped_column(String(8), nullable=True)
    extra: Mapped[dict] = mapped_column(JSON, default=dict)


class PlayerRow(Base):
    __tablename__ = "tournament_players"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    first: Mapped[str] = mapped_column(String(100))
    last: Mapped[str] = mapped_column(String(100), index=True)
    club_id: Mapped[int | None] = mapped_column(ForeignKey("tournament_clubs.id"), nullable=True)
    country: Mapped[str | None] = mapped_column(String(8), nullable=True)
    rating: Mapped[float | None] = mapped_column(Float, nullable=True)
    extra: Mapped[dict] = mapped_column(JSON, default=dict)


class EventRow(Base):
    __tablename__ = "tournament_events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(400))
    date: Mapped[str] = mapped_column(String(32), default="")
    settings: Mapped[dict] = mapped_column(JSON)  # carrom.tournament.Settings, its fields by name
    closed: Mapped[bool] = mapped_column(Boolean, default=False)
    published: Mapped[int] = mapped_column(Integer, default=0)  # the last round published
    version: Mapped[int] = mapped_column(Integer, default=0)  # +1 a write: a write made from an older one is refused
    extra: Mapped[dict] = mapped_column(JSON, default=dict)  # SoL's tourney and championship fields


class CompetitorRow(Base):
    __tablename__ = "tournament_competitors"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("tournament_events.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)  # its number in the event, 1 up
    players: Mapped[list] = mapped_column(JSON)  # player ids, one to four
    retired_from: Mapped[int | None] = mapped_column(Integer, nullable=True)
    seed: Mapped[int] = mapped_column(Integer, default=0)
    group: Mapped[int | None] = mapped_column(Integer, nullable=True)
    extra: Mapped[dict] = mapped_column(JSON, default=dict)


class MatchRow(Base):
    __tablename__ = "tournament_matches"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("tournament_events.id"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    stage: Mapped[str] = mapped_column(String(16))
    side1: Mapped[int] = mapped_column(Integer)  # competitor numbers
    side2: Mapped[int | None] = mapped_column(Integer, nullable=True)
    games: Mapped[list | None] = mapped_column(JSON, nullable=True)  # [[a, b], ...]; None: no result
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    walkover: Mapped[bool] = mapped_column(Boolean, default=False)
    unusual: Mapped[list] = mapped_column(JSON, default=list)
    rubbers: Mapped[list] = mapped_column(JSON, default=list)  # a team tie: [{games, winner, walkover, unusual}, ...]
    held: Mapped[bool] = mapped_column(Boolean, default=False)
    kept: Mapped[list] = mapped_column(JSON, default=list)
    announced: Mapped[float | None] = mapped_column(Float, nullable=True)
    umpire: Mapped[str | None] = mapped_column(String(100), nullable=True)
    extra: Mapped[dict] = mapped_column(JSON, default=dict)


class ProtestRow(Base):
    __tablename__ = "tournament_protests"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("tournament_events.id"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    by: Mapped[int] = mapped_column(Integer)
    game: Mapped[int] = mapped_column(Integer)
    state: Mapped[str] = mapped_column(String(16))
    steps: Mapped[list] = mapped_column(JSON)  # [[at, what, law], ...]


class LogRow(Base):
    __tablename__ = "tournament_log"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("tournament_events.id"), index=True)
    at: Mapped[float] = mapped_column(Float)
    what: Mapped[str] = mapped_column(Text)
    law: Mapped[str] = mapped_column(String(64), default="")


class RatingListRow(Base):
    """A rating list (a federation's, say): Glicko-2 ratings updated when an event is closed."""

    __tablename__ = "tournament_rating_lists"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)


class RateRow(Base):
    """A player's rating in a list after an event: rating, deviation, volatility (Glicko-2)."""

    __tablename__ = "tournament_rates"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    rating_id: Mapped[int] = mapped_column(ForeignKey("tournament_rating_lists.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("tournament_players.id"), index=True)
    event_id: Mapped[int | None] = mapped_column(ForeignKey("tournament_events.id"), nullable=True)
    date: Mapped[str] = mapped_column(String(32))
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    vol: Mapped[float] = mapped_column(Float)


class DeskKeyRow(Base):
    """The desk's key of an event (its SHA-256 only): whoever holds the key may change the event (the web desk)."""

    __tablename__ = "tournament_desk_keys"
    event_id: Mapped[int] = mapped_column(ForeignKey("tournament_events.id"), primary_key=True)
    key_hash: Mapped[str] = mapped_column(String(64))


class TabletRow(Base):
    """A table of a published round scored on the umpire's tablet: the umpire's match and its key's SHA-256 (the key
    itself is derived from the desk's, so the desk shows the umpire's link again and the database holds no key)."""

    __tablename__ = "tournament_tablets"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("tournament_events.id"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    umpire_match: Mapped[str] = mapped_column(String(64), index=True)  # carrom.store.umpire's match id
    umpire_key: Mapped[str] = mapped_column(String(64), default="")  # empty: the plain key of older databases
    key_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)  # None: not keyed yet (no desk key)
    typed_first: Mapped[list | None] = mapped_column(JSON, nullable=True)  # its games, finished after the desk typed
    match_id: Mapped[str | None] = mapped_column(String(32), nullable=True)  # the match it was made for (its id)
    side1: Mapped[int | None] = mapped_column(Integer, nullable=True)  # ... and that match's competitors
    side2: Mapped[int | None] = mapped_column(Integer, nullable=True)


class RubberTabletRow(Base):
    """A rubber of a team tie scored on the umpire's tablet (rubber 1 up): as ``TabletRow``, one a rubber."""

    __tablename__ = "tournament_rubber_tablets"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("tournament_events.id"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    rubber: Mapped[int] = mapped_column(Integer)
    umpire_match: Mapped[str] = mapped_column(String(64), index=True)
    umpire_key: Mapped[str] = mapped_column(String(64), default="")
    key_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    typed_first: Mapped[list | None] = mapped_column(JSON, nullable=True)  # its games, finished after the desk typed
    match_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    side1: Mapped[int | None] = mapped_column(Integer, nullable=True)
    side2: Mapped[int | None] = mapped_column(Integer, nullable=True)


ADDED = {"match_id": "VARCHAR(32)", "side1": "INTEGER", "side2": "INTEGER",  # bind a tablet to its match
         "key_hash": "VARCHAR(64)",  # the key's hash, where older databases kept the key itself
         "typed_first": "JSON"}  # what a tablet finished after the desk had typed its match's result


def upgrade(conn: Connection) -> None:
    """Older databases' tablet tables get the columns added since (the binding ones left empty), and a key kept in
    plain text is replaced by its SHA-256: such a tablet still opens with its key, which is kept nowhere now."""
    for table in (TabletRow.__tablename__, RubberTabletRow.__tablename__):
        have = {c["name"] for c in inspect(conn).get_columns(table)}
        for column, kind in ADDED.items():
            if column not in have:
                conn.execute(text(f"ALTER TABLE {table} ADD COLUMN {column} {kind}"))
        conn.execute(text(f"CREATE INDEX IF NOT EXISTS ix_{table}_umpire_match ON {table} (umpire_match)"))
        plain = conn.execute(text(f"SELECT id, umpire_key FROM {table} WHERE umpire_key <> ''")).all()
        for row_id, key in plain:
            conn.execute(text(f"UPDATE {table} SET key_hash = :h, umpire_key = '' WHERE id = :i"),
                         {"h": key_hash(key), "i": row_id})
