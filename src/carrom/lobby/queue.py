"""The seek pool, in the database, so that every server on one PostgreSQL shares it.

A seek is a row; ``pair`` takes the open rows, pairs them (``matchmaking.pairings``), makes a room for each
match through the callback it is given and marks the seeks with the room, all in one transaction. On PostgreSQL
the open rows are taken ``FOR UPDATE SKIP LOCKED``: two servers pairing at once each take the rows the other has
not, and no seek is paired twice; on SQLite a writer holds the database, which serializes them the same way.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass
from typing import Callable

from sqlalchemy import select, update

from carrom.lobby.accounts import Account, AccountStore, LobbyError
from carrom.lobby.matchmaking import Seek, Want, pairings
from carrom.lobby.tables import BlockRow, SeekRow
from carrom.rules.message import say
from carrom.rules.ruleset import RULESETS

MAX_WAIT = 600.0  # a seek older than this is dropped: its page has long stopped asking
CLAIM_LIFE = 30.0  # seconds a claim may wait for its room: past it, the server that claimed is taken for dead


@dataclass(frozen=True)
class SeekState:
    """A seek as its seeker sees it: the room (None while it waits), the seat's token there, and the seek."""

    room: str | None
    token: str | None
    seek: Seek


def want_of(ruleset: object = "icf", players: object = 2, clocks: object = True, rated: object = True) -> Want:
    """A ``Want`` from a request's fields, each checked."""
    if ruleset not in RULESETS:
        raise LobbyError("ruleset", say("{field}: one of {values}", field="ruleset", values=", ".join(RULESETS)))
    if players not in (2, 4) or isinstance(players, bool):
        raise LobbyError("players", say("{field}: 2 (singles) or 4 (doubles)", field="players"))
    for field, value in (("clocks", clocks), ("rated", rated)):
        if not isinstance(value, bool):
            raise LobbyError(field, say("{field}: true or false", field=field))
    return Want(str(ruleset), int(players), bool(clocks), bool(rated))


class SeekQueue:
    def __init__(self, accounts: AccountStore) -> None:
        self.accounts = accounts

    def seek(self, account: Account, want: Want, now: float | None = None) -> int:
        """Put the account in the pool (its earlier open seek, if any, withdrawn); the seek's id. A guest may play
        casual games only: a rating needs an account that keeps it."""
        if want.rated and account.guest:
            raise LobbyError("rated", say("a guest plays casual games: sign up to play rated"))
        rating = self.accounts.rating(account.id, want.ruleset).rating
        with self.accounts.sessions.begin() as s:
            s.execute(update(SeekRow).where(SeekRow.account_id == account.id, SeekRow.room.is_(None),
                                            SeekRow.cancelled.is_(False)).values(cancelled=True))
            row = SeekRow(account_id=account.id, ruleset=want.ruleset, players=want.players, clocks=want.clocks,
                          rated=want.rated, rating=rating, since=time.time() if now is None else now)
            s.add(row)
            s.flush()
            return row.id

    def cancel(self, account: Account) -> None:
        with self.accounts.sessions.begin() as s:
            s.execute(update(SeekRow).where(SeekRow.account_id == account.id, SeekRow.room.is_(None))
                      .values(cancelled=True))

    def status(self, seek_id: int, account: Account) -> str | None:
        """The room a seek was paired into, or None while it waits; ``LobbyError`` for another's or a dropped one."""
        return self.state(seek_id, account).room

    def state(self, seek_id: int, account: Account) -> SeekState:
        """The seek as its seeker polls it, read once: its room and seat's token once paired, else since when it
        waits and its rating (its window); ``LobbyError`` for another's seek or a dropped one."""
        with self.accounts.sessions() as s:
            row = s.get(SeekRow, seek_id)
            if row is None or row.account_id != account.id:
                raise LobbyError("seek", say("you have no seek {n}", n=seek_id))
            if row.cancelled:
                raise LobbyError("seek", say("this seek was withdrawn or has expired: seek again"))
            return SeekState(row.room, row.room_token, Seek(row.id, row.account_id, row.rating, row.since))

    def pair(self, make_room: Callable[[tuple[Seek, ...]], str], now: float | None = None) -> list[tuple[str, tuple[Seek, ...]]]:
        """Pair what the pool holds now; each match's room made by ``make_room`` (its seeks: side one's then side
        two's). The seeks of a match are first claimed, in one transaction (rows another server took are skipped,
        and its claims are never taken); the rooms are made after it commits, as making one writes the database
        too; a room that cannot be made gives its seeks back to the pool."""
        now = time.time() if now is None else now
        claims = self._claim(now)
        made = []
        for claim, match in claims:
            try:
                room = make_room(match)
            except Exception:
                with self.accounts.sessions.begin() as s:
                    s.execute(update(SeekRow).where(SeekRow.claim == claim).values(claim=None, claimed=None))
                raise
            half = len(match) // 2
            with self.accounts.sessions.begin() as s:
                self.accounts.open_game(room, match[0].want.ruleset,
                                        [[m.account for m in match[:half]], [m.account for m in match[half:]]],
                                        match[0].want.rated, now, session=s)
                s.execute(update(SeekRow).where(SeekRow.claim == claim).values(room=room))
            made.append((room, match))
        return made

    def set_token(self, seek_id: int, token: str) -> None:
        """The seat's token of a paired seek, for its seeker to read (``status``)."""
        with self.accounts.sessions.begin() as s:
            s.execute(update(SeekRow).where(SeekRow.id == seek_id).values(room_token=token))

    def _claim(self, now: float) -> list[tuple[str, tuple[Seek, ...]]]:
        with self.accounts.sessions.begin() as s:
            s.execute(update(SeekRow).where(SeekRow.room.is_(None), SeekRow.cancelled.is_(False),
                                            SeekRow.since < now - MAX_WAIT).values(cancelled=True))
            s.execute(update(SeekRow).where(SeekRow.room.is_(None), SeekRow.claim.is_not(None),  # a server that died
                                            SeekRow.claimed < now - CLAIM_LIFE).values(claim=None, claimed=None))
            query = (select(SeekRow).where(SeekRow.room.is_(None), SeekRow.claim.is_(None),
                                           SeekRow.cancelled.is_(False)).order_by(SeekRow.id))
            if s.get_bind().dialect.name == "postgresql":
                query = query.with_for_update(skip_locked=True)
            rows = {r.id: r for r in s.scalars(query)}
            if len(rows) < 2:
                return []
            accounts = {r.account_id for r in rows.values()}
            apart = frozenset(frozenset((b.account_id, b.blocked_id)) for b in s.scalars(
                select(BlockRow).where(BlockRow.account_id.in_(accounts) | BlockRow.blocked_id.in_(accounts))))
            seeks = [Seek(r.id, r.account_id, r.rating, r.since, Want(r.ruleset, r.players, r.clocks, r.rated))
                     for r in rows.values()]
            claims = []
            for match in pairings(seeks, now, apart):
                claim = uuid.uuid4().hex
                for seek in match:
                    rows[seek.id].claim, rows[seek.id].claimed = claim, now
                claims.append((claim, match))
            return claims
