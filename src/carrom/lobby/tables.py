"""The lobby's tables (``lobby_*``), in the web app's database beside the others' and its own: nothing else reads
or writes them but ``carrom.lobby``."""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Connection, Float, ForeignKey, Integer, String, UniqueConstraint, inspect, text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class AccountRow(Base):
    """A player: a guest (no password) or signed up; ``name_key`` the name as compared (case and width folded)."""

    __tablename__ = "lobby_accounts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str | None] = mapped_column(String(160), unique=True, nullable=True)  # None: a guest
    password: Mapped[str | None] = mapped_column(String(200), nullable=True)  # argon2id, with its salt and costs
    country: Mapped[str | None] = mapped_column(String(8), nullable=True)
    club: Mapped[str | None] = mapped_column(String(100), nullable=True)
    created: Mapped[float] = mapped_column(Float)
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)


class TokenRow(Base):
    """A device's session: the SHA-256 of its token (the token itself is never stored)."""

    __tablename__ = "lobby_tokens"
    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("lobby_accounts.id"), index=True)
    created: Mapped[float] = mapped_column(Float)


class RatingRow(Base):
    __tablename__ = "lobby_ratings"
    account_id: Mapped[int] = mapped_column(ForeignKey("lobby_accounts.id"), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(40), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    vol: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)


class GameRow(Base):
    """A game the lobby made: its room, the accounts of each side, and once over its result (``winner`` 0 or 1,
    None a draw) and each player's rating before and after; ``aborted``: no stroke in its first minutes, never
    rated (``carrom.web.lobby``, docs/web.md "Fair play")."""

    __tablename__ = "lobby_games"
    room: Mapped[str] = mapped_column(String(64), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(40))
    rated: Mapped[bool] = mapped_column(Boolean)
    sides: Mapped[list] = mapped_column(JSON)  # [[account, ...], [account, ...]]
    created: Mapped[float] = mapped_column(Float)
    over: Mapped[bool] = mapped_column(Boolean, default=False)
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    changes: Mapped[dict] = mapped_column(JSON, default=dict)  # account -> [before, after]
    aborted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=text("false"))


class GamePlayerRow(Base):
    """Who played a lobby game: one row a player, so a player's games are found by an index, not by reading every
    game's sides (``AccountStore.games_of``)."""

    __tablename__ = "lobby_game_players"
    room: Mapped[str] = mapped_column(ForeignKey("lobby_games.room"), primary_key=True)
    account_id: Mapped[int] = mapped_column(Integer, primary_key=True, index=True)


class SeekRow(Base):
    """A seek in the pool; ``room`` set once paired."""

    __tablename__ = "lobby_seeks"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("lobby_accounts.id"), index=True)
    ruleset: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    clocks: Mapped[bool] = mapped_column(Boolean)
    rated: Mapped[bool] = mapped_column(Boolean)
    rating: Mapped[float] = mapped_column(Float)
    since: Mapped[float] = mapped_column(Float)
    room: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    claim: Mapped[str | None] = mapped_column(String(40), nullable=True, index=True)  # paired, its room being made
    claimed: Mapped[float | None] = mapped_column(Float, nullable=True)
    room_token: Mapped[str | None] = mapped_column(String(64), nullable=True)  # the seeker's seat, read by the seeker only
    cancelled: Mapped[bool] = mapped_column(Boolean, default=False)


class BlockRow(Base):
    """``account_id`` never meets ``blocked_id`` in the lobby."""

    __tablename__ = "lobby_blocks"
    __table_args__ = (UniqueConstraint("account_id", "blocked_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("lobby_accounts.id"), index=True)
    blocked_id: Mapped[int] = mapped_column(ForeignKey("lobby_accounts.id"))


def upgrade(conn: Connection) -> None:
    """A database of an earlier carrom: the columns its lobby tables lack, added (a game not aborted)."""
    columns = {c["name"] for c in inspect(conn).get_columns("lobby_games")}
    if "aborted" not in columns:
        conn.execute(text("ALTER TABLE lobby_games ADD COLUMN aborted BOOLEAN NOT NULL DEFAULT false"))
