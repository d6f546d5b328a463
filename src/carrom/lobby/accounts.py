"""Accounts, their ratings and their games, in the lobby's tables.

A guest is an account with a name and a device token at once, and no password; signing up gives a unique name and
a password, hashed with argon2id (``argon2-cffi``: its salt and costs in the stored string). A token is 32 random
bytes the device keeps; the database keeps only its SHA-256, so a copy of the database signs nobody in. Signing in
answers the same words, after the same work, whether the name exists or not: a stranger cannot learn which names
do. A rated game's result changes both sides' ratings in one transaction, once (the room is the key).
"""

from __future__ import annotations

import secrets
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Engine, delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from carrom.lobby.ratings import Rating, rate
from carrom.lobby.tables import (AccountRow, Base, BlockRow, GamePlayerRow, GameRow, RatingRow, SeekRow, TokenRow,
                                 upgrade)
from carrom.rules.message import Message, say
from carrom.rules.ruleset import RULESETS
from carrom.store.engine import open_engine, prepare
from carrom.store.keys import key_hash

NAME_LENGTH = (2, 30)
PASSWORD_LENGTH = (8, 200)
HASHER = PasswordHasher()  # argon2id with the library's recommended costs
_DUMMY = HASHER.hash("not a password of anyone's")  # verified against when the name is unknown: the same work


class LobbyError(ValueError):
    """A request the lobby refuses: ``field`` names what was wrong, the message (``args[0]``, in the five
    languages' catalogs) says how."""

    def __init__(self, field: str, message: Message) -> None:
        super().__init__(message)
        self.field = field


class SignInError(LobbyError):
    """The name and password do not match an account (never which of the two is wrong)."""

    def __init__(self) -> None:
        super().__init__("password", say("that name and password do not match an account"))


@dataclass(frozen=True)
class Account:
    id: int
    name: str
    guest: bool
    country: str | None = None
    club: str | None = None


def name_key(name: str) -> str:
    """The name as names are compared: NFKC, case folded, spaces collapsed ("Ana  NOVAK" is "ana novak")."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def checked_name(name: Any) -> str:
    if not isinstance(name, str):
        raise LobbyError("name", say("{field}: give it as text", field="name"))
    name = " ".join(unicodedata.normalize("NFC", name).split())
    low, high = NAME_LENGTH
    if not low <= len(name) <= high:
        raise LobbyError("name", say("{field}: from {low} to {high} characters", field="name", low=low, high=high))
    if not all(c.isalnum() or c in " -_.'" for c in name):
        raise LobbyError("name", say("{field}: letters, digits, spaces and - _ . ' only", field="name"))
    return name


def checked_ruleset(ruleset: Any) -> str:
    if ruleset not in RULESETS:
        raise LobbyError("ruleset", say("{field}: one of {values}", field="ruleset", values=", ".join(RULESETS)))
    return ruleset


digest = key_hash  # what is kept of a session's token


class AccountStore:
    """The lobby's accounts on one database (the web app's: SQLite or PostgreSQL)."""

    def __init__(self, url_or_engine: str | Engine) -> None:
        self.engine = open_engine(url_or_engine) if isinstance(url_or_engine, str) else url_or_engine
        prepare(self.engine, Base.metadata, upgrade)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._index_players()

    def _index_players(self) -> None:
        """Games noted before their players had an index (a database of an earlier carrom): indexed once."""
        with self.sessions.begin() as s:
            unindexed = s.scalars(select(GameRow).outerjoin(GamePlayerRow, GamePlayerRow.room == GameRow.room)
                                  .where(GamePlayerRow.room.is_(None))).all()
            s.add_all(GamePlayerRow(room=g.room, account_id=a) for g in unindexed
                      for a in sorted({a for side in g.sides for a in side}))

    # -- accounts ---------------------------------------------------------------------------------------------
    def guest(self, name: Any, now: float | None = None) -> tuple[Account, str]:
        """A guest account under ``name`` (guests' names need not be unique) and its device token."""
        row = AccountRow(name=checked_name(name), name_key=None, password=None, created=time.time() if now is None else now)
        with self.sessions.begin() as s:
            s.add(row)
            s.flush()
            return self._account(row), self._new_token(s, row.id)

    def sign_up(self, name: Any, password: Any, country: str | None = None, club: str | None = None,
                guest_token: str | None = None) -> tuple[Account, str]:
        """A named account (a guest's, when its token is given: its games and ratings kept) and a new token."""
        name = checked_name(name)
        if not isinstance(password, str) or not PASSWORD_LENGTH[0] <= len(password) <= PASSWORD_LENGTH[1]:
            raise LobbyError("password", say("{field}: from {low} to {high} characters", field="password",
                                             low=PASSWORD_LENGTH[0], high=PASSWORD_LENGTH[1]))
        hashed = HASHER.hash(password)
        try:
            with self.sessions.begin() as s:
                row = self._row_of_token(s, guest_token) if guest_token else None
                if row is None or row.name_key is not None:
                    row = AccountRow(created=time.time())
                    s.add(row)
                row.name, row.name_key, row.password = name, name_key(name), hashed
                row.country, row.club = (country or None), (club or None)
                s.flush()
                return self._account(row), self._new_token(s, row.id)
        except IntegrityError:
            raise LobbyError("name", say("that name is taken: choose another")) from None

    def sign_in(self, name: Any, password: Any) -> tuple[Account, str]:
        if not isinstance(name, str) or not isinstance(password, str) or len(password) > PASSWORD_LENGTH[1]:
            raise SignInError()
        with self.sessions.begin() as s:
            row = s.scalars(select(AccountRow).where(AccountRow.name_key == name_key(name),
                                                     AccountRow.deleted.is_(False))).first()
            try:
                HASHER.verify(row.password if row is not None and row.password else _DUMMY, password)
            except (VerificationError, InvalidHashError):
                raise SignInError() from None
            if row is None or not row.password:
                raise SignInError()
            if HASHER.check_needs_rehash(row.password):
                row.password = HASHER.hash(password)
            return self._account(row), self._new_token(s, row.id)

    def by_token(self, token: str | None) -> Account | None:
        if not token or len(token) > 200:
            return None
        with self.sessions() as s:
            row = self._row_of_token(s, token)
            return None if row is None else self._account(row)

    def sign_out(self, token: str) -> None:
        with self.sessions.begin() as s:
            s.execute(delete(TokenRow).where(TokenRow.digest == digest(token)))

    def export(self, account: Account) -> dict[str, Any]:
        """Everything the lobby keeps of an account, as the account may take it away."""
        with self.sessions() as s:
            row = s.get(AccountRow, account.id)
            ratings = {r.ruleset: {"rating": r.rating, "rd": r.rd, "vol": r.vol, "games": r.games}
                       for r in s.scalars(select(RatingRow).where(RatingRow.account_id == account.id))}
            games = [{"room": g.room, "ruleset": g.ruleset, "rated": g.rated, "sides": g.sides, "winner": g.winner,
                      "change": g.changes.get(str(account.id))} for g in self._games_of(s, account.id)]
            return {"name": row.name, "guest": row.name_key is None, "country": row.country, "club": row.club,
                    "created": row.created, "ratings": ratings, "games": games}

    def delete(self, account: Account) -> None:
        """The account's name, password, club and sessions are erased; its games stay, under "deleted"."""
        with self.sessions.begin() as s:
            row = s.get(AccountRow, account.id)
            row.name, row.name_key, row.password, row.country, row.club = "deleted", None, None, None, None
            row.deleted = True
            s.execute(delete(TokenRow).where(TokenRow.account_id == account.id))
            s.execute(delete(SeekRow).where(SeekRow.account_id == account.id, SeekRow.room.is_(None)))

    def block(self, account: Account, other: int) -> None:
        if other == account.id:
            raise LobbyError("account", say("one cannot block oneself"))
        with self.sessions.begin() as s:
            if s.get(AccountRow, other) is None:
                raise LobbyError("account", say("there is no account {n}", n=other))
            if not s.scalars(select(BlockRow).where(BlockRow.account_id == account.id,
                                                    BlockRow.blocked_id == other)).first():
                s.add(BlockRow(account_id=account.id, blocked_id=other))

    # -- ratings and games ------------------------------------------------------------------------------------
    def rating(self, account_id: int, ruleset: str) -> Rating:
        with self.sessions() as s:
            return self._rating(s, account_id, ruleset)

    def open_game(self, room: str, ruleset: str, sides: list[list[int]], rated: bool, now: float | None = None,
                  session: Session | None = None) -> None:
        """Note a game the lobby made, so its result can be rated when it ends."""
        row = GameRow(room=room, ruleset=ruleset, rated=rated, sides=sides, created=time.time() if now is None else now, changes={})
        players = [GamePlayerRow(room=room, account_id=a) for a in sorted({a for side in sides for a in side})]
        if session is not None:
            session.add(row)
            session.flush()  # the game before its players (their key names it)
            session.add_all(players)
            return
        with self.sessions.begin() as s:
            s.add(row)
            s.flush()
            s.add_all(players)

    def finish_game(self, room: str, winner: int | None, aborted: bool = False) -> dict[int, tuple[float, float]] | None:
        """The game in ``room`` ended (``winner`` the side, 0 or 1; None a draw): both sides rated once, in one
        transaction; each player's (before, after). ``aborted``: it ended, or is given up, without a stroke in its
        first minutes: over, never rated, whatever it was. None for a room the lobby did not make; a second call
        for the same room changes nothing and gives the first call's changes."""
        with self.sessions.begin() as s:
            game = s.scalars(select(GameRow).where(GameRow.room == room).with_for_update()).first()
            if game is None:
                return None
            if game.over:
                return {int(k): tuple(v) for k, v in game.changes.items()}
            game.over, game.winner, game.aborted = True, None if aborted else winner, aborted
            if not game.rated or aborted:
                return {}
            sides = tuple(tuple(self._rating(s, a, game.ruleset) for a in side) for side in game.sides)
            after = rate(sides, winner)
            changes = {}
            for accounts, before_side, after_side in zip(game.sides, sides, after):
                for account, old, new in zip(accounts, before_side, after_side):
                    self._set_rating(s, account, game.ruleset, new)
                    changes[account] = (old.rating, new.rating)
            game.changes = {str(k): list(v) for k, v in changes.items()}
            return changes

    def open_games(self) -> dict[str, float]:
        """The lobby's games not yet over: room -> when it was made (seconds since 1970)."""
        with self.sessions() as s:
            return dict(s.execute(select(GameRow.room, GameRow.created).where(GameRow.over.is_(False))).all())

    def game(self, room: str) -> dict[str, Any] | None:
        """What the lobby says of the game in ``room`` (None: not one of the lobby's): rated, over, aborted, made."""
        with self.sessions() as s:
            g = s.get(GameRow, room)
            return None if g is None else {"rated": g.rated and not g.aborted, "over": g.over, "aborted": g.aborted,
                                           "created": g.created, "sides": g.sides}

    def leaderboard(self, ruleset: str, limit: int = 50) -> list[dict[str, Any]]:
        """The ladder of a ruleset: established ratings first, best first; provisional ones after, marked."""
        checked_ruleset(ruleset)
        with self.sessions() as s:
            rows = s.execute(select(RatingRow, AccountRow).join(AccountRow, AccountRow.id == RatingRow.account_id)
                             .where(RatingRow.ruleset == ruleset, AccountRow.deleted.is_(False))).all()
        ranked = sorted(rows, key=lambda ra: (ra[0].rd > 110.0, -ra[0].rating, ra[1].id))[:limit]
        return [{"account": a.id, "name": a.name, "country": a.country, "club": a.club, "rating": round(r.rating),
                 "rd": round(r.rd), "games": r.games, "provisional": r.rd > 110.0} for r, a in ranked]

    def history(self, account_id: int, ruleset: str) -> list[tuple[str, float]]:
        """The account's rating after each rated game of the ruleset, oldest first: (room, rating)."""
        with self.sessions() as s:
            return [(g.room, g.changes[str(account_id)][1]) for g in self._games_of(s, account_id)
                    if g.ruleset == ruleset and g.rated and str(account_id) in g.changes]

    def rating_history(self, account_id: int, ruleset: Any) -> list[dict[str, Any]]:
        """The profile's graph: each rated game of the ruleset, oldest first, with the account's rating before and
        after it and when it was played (``LobbyError`` naming ``ruleset`` for rules that do not exist)."""
        checked_ruleset(ruleset)
        with self.sessions() as s:
            return [{"room": g.room, "before": round(g.changes[key][0], 1), "after": round(g.changes[key][1], 1),
                     "played": g.created}
                    for g in self._games_of(s, account_id)
                    if g.ruleset == ruleset and g.rated and (key := str(account_id)) in g.changes]

    # -- inside -----------------------------------------------------------------------------------------------
    def _new_token(self, s: Session, account_id: int) -> str:
        token = secrets.token_urlsafe(32)
        s.add(TokenRow(digest=digest(token), account_id=account_id, created=time.time()))
        return token

    def _row_of_token(self, s: Session, token: str) -> AccountRow | None:
        found = s.get(TokenRow, digest(token))
        row = None if found is None else s.get(AccountRow, found.account_id)
        return None if row is None or row.deleted else row

    @staticmethod
    def _account(row: AccountRow) -> Account:
        return Account(row.id, row.name, row.name_key is None, row.country, row.club)

    @staticmethod
    def _rating(s: Session, account_id: int, ruleset: str) -> Rating:
        row = s.get(RatingRow, (account_id, ruleset))
        return Rating() if row is None else Rating(row.rating, row.rd, row.vol, row.games)

    @staticmethod
    def _set_rating(s: Session, account_id: int, ruleset: str, new: Rating) -> None:
        row = s.get(RatingRow, (account_id, ruleset))
        if row is None:
            row = RatingRow(account_id=account_id, ruleset=ruleset)
            s.add(row)
        row.rating, row.rd, row.vol, row.games = new.rating, new.rd, new.vol, new.games

    @staticmethod
    def _games_of(s: Session, account_id: int) -> list[GameRow]:
        """The account's ended games, oldest first, found by the players' index (not by reading every game)."""
        return list(s.scalars(select(GameRow).join(GamePlayerRow, GamePlayerRow.room == GameRow.room)
                              .where(GamePlayerRow.account_id == account_id, GameRow.over.is_(True))
                              .order_by(GameRow.created)))
