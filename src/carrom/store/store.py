"""The few operations the server needs: create a match, append actions, seat a player, list, load.

Every write is one transaction; an error of the database becomes ``StoreError`` with what
was being done, never a traceback for the user. Actions are appended (``append``): one
row each, the match row's snapshot and version updated in the same transaction, the
writes of many rooms committed together (``GroupCommit``: one fsync for all that wait).
A write made from a version the match has left is refused (``ConflictError``). On
PostgreSQL every such write also notifies the other servers on the database
(``LISTEN``/``NOTIFY``, ``listen``).
"""

from __future__ import annotations

import contextlib
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Callable, Iterator, Mapping, Sequence

from sqlalchemy import Connection, Integer, bindparam, func, inspect, select, text, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.orm import Session, selectinload, sessionmaker

from carrom.rules.pieces import ORDER, Seat
from carrom.store.batch import GroupCommit
from carrom.store.engine import open_engine, prepare
from carrom.store.keys import key_hash
from carrom.store.models import ActionModel, Base, BrowserModel, MatchModel, PlayerModel
from carrom.store.notify import CHANNEL, Listener


MATCHES, ACTIONS = MatchModel.__table__, ActionModel.__table__

# The hot path, written once: building a statement each time costs more than running it.
_MOVE_ON = text(
    "UPDATE matches SET version = :new, \"over\" = :over, result = :result, updated = :updated, snapshot = :snapshot, "
    "adjourned = NULL, logged = COALESCE(logged, :first) WHERE id = :id AND version = :version"
).bindparams(bindparam("over", type_=MATCHES.c.over.type), bindparam("updated", type_=MATCHES.c.updated.type),
             bindparam("first", type_=Integer()))
_LOG = text(
    "INSERT INTO actions (match_id, number, type, seat, entry, at, game, board) "
    "VALUES (:match_id, :number, :type, :seat, :entry, :at, :game, :board)"
).bindparams(bindparam("entry", type_=ACTIONS.c.entry.type), bindparam("at", type_=ACTIONS.c.at.type))


class StoreError(RuntimeError):
    """The database refused or failed; the message says what was being done."""


class ConflictError(StoreError):
    """The match moved on since the version a write was made from (another server wrote it): nothing was written."""


class SeatTakenError(StoreError):
    """The seat asked for was taken meanwhile (by another page, perhaps through another server): nothing was written."""

    def __init__(self, seat: str) -> None:
        super().__init__(f"{seat} is taken")
        self.seat = seat


@dataclass(frozen=True)
class Action:
    """One action: its number in the match, its record entry, and the game and board it was played in (0-based)."""

    number: int
    entry: Mapping[str, Any]
    game: int | None = None
    board: int | None = None


@dataclass(frozen=True)
class SeatRow:
    seat: str
    name: str
    kind: str  # human or bot
    level: str | None
    token: str | None


@dataclass(frozen=True)
class MatchRow:
    id: str
    created: datetime
    updated: datetime
    variant: str
    kind: str
    title: str
    record: str
    over: bool
    result: str
    seats: tuple[SeatRow, ...]
    actions: int
    invite: str | None = None  # the key of the invitation link (None: nobody may join)
    public: bool = False  # listed under "Past matches" for anyone to watch
    snapshot: str | None = None  # what resumes the match without simulating it again (JSON, the server's)
    adjourned: datetime | None = None  # when it was closed for want of play (any action resumes it)
    version: int = 0  # grows with every write of the match's state: what a write is made from
    tail: tuple[Action, ...] = ()  # the actions after ``record``'s own, in order (``get`` only)


def _now() -> datetime:
    return datetime.now(timezone.utc)


browser_hash = key_hash  # what is stored of a browser's key (the list of a browser's matches needs the key itself)


# Columns added since the first version of a table, added to an older database when it is opened:
# each with what follows its type, which is the model's as the database spells it (PostgreSQL's
# ``adjourned`` must be TIMESTAMP WITH TIME ZONE, as a fresh table has it).
ADDED_COLUMNS = {
    "matches": {"invite": "", "public": "NOT NULL DEFAULT FALSE", "snapshot": "", "adjourned": "", "logged": "",
                "version": "NOT NULL DEFAULT 0"},
    "actions": {"game": "", "board": ""},
}


def _add_missing_columns(conn: Connection) -> None:
    tables = inspect(conn)
    for table, columns in ADDED_COLUMNS.items():
        present = {c["name"] for c in tables.get_columns(table)}
        model = Base.metadata.tables[table]
        for name, rest in columns.items():
            if name not in present:
                sql_type = model.c[name].type.compile(dialect=conn.dialect)
                conn.execute(text(f"ALTER TABLE {table} ADD COLUMN {name} {sql_type} {rest}".rstrip()))


@contextlib.contextmanager
def failures_named(what: str) -> Iterator[None]:
    """A failure of the database becomes a ``StoreError`` that says what was being done."""
    try:
        yield
    except StoreError:
        raise
    except SQLAlchemyError as exc:
        raise StoreError(f"cannot {what}: the database failed ({exc.__class__.__name__})") from None


def _utc(when: datetime | None) -> datetime | None:
    """A stored time in UTC, aware: SQLite gives it back naive (as written, in UTC), PostgreSQL aware."""
    if when is None:
        return None
    return when.replace(tzinfo=timezone.utc) if when.tzinfo is None else when.astimezone(timezone.utc)


def shareable(url: str) -> bool:
    """Whether several servers may share the database at ``url``: PostgreSQL yes; an SQLite file serves one process."""
    try:
        return make_url(url).get_backend_name() == "postgresql"
    except ArgumentError:
        return False


def sqlite_url(path: str) -> str:
    """The SQLAlchemy URL of an SQLite file."""
    return f"sqlite:///{path}"


class Store:
    """Matches, their players and every action, in any database SQLAlchemy reaches (SQLite by default)."""

    def __init__(self, url: str) -> None:
        try:
            self.engine = open_engine(url)
            prepare(self.engine, Base.metadata, _add_missing_columns)
        except (SQLAlchemyError, ArgumentError, ValueError, ImportError, OSError) as exc:
            raise StoreError(f"cannot open the database {url!r}: {exc.__class__.__name__}: {exc}") from None
        self.url = url
        self._shared = shareable(url)  # asked at every write: the URL parsed once
        self.origin = uuid.uuid4().hex[:12]  # this store's name in its notifications: its own are not news
        self._session = sessionmaker(self.engine, expire_on_commit=False)
        self._group = GroupCommit(self.engine, (StoreError,))
        self._listeners: list[Listener] = []

    @property
    def shared(self) -> bool:
        """Whether several servers may share this database (PostgreSQL: yes; an SQLite file: one server only)."""
        return self._shared

    def close(self) -> None:
        for listener in self._listeners:
            listener.stop()
        self._group.stop()
        self.engine.dispose()

    def listen(self, news: Callable[[str | None, int], None], channel: str = CHANNEL) -> None:
        """``news(match_id, version)`` from a thread whenever another server wrote a match (PostgreSQL only), or
        what ``channel`` announces (the umpire's matches: ``carrom.store.umpire``).

        ``news(None, 0)`` after the listening connection was lost and made again: anything may have changed.
        """
        if self.shared:
            listener = Listener(self.engine, self.origin, news, channel)
            self._listeners.append(listener)
            listener.start()

    def _notify(self, conn: Connection, match_id: str, version: int) -> None:
        """Tell the other servers on this database (delivered when the transaction commits; none on SQLite)."""
        if self.shared:
            conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": CHANNEL, "payload": f"{match_id} {version} {self.origin}"})

    # -- writing --------------------------------------------------------------------------

    def _write(self, what: str, fn: Callable[[Session], Any]) -> Any:
        with failures_named(what), self._session.begin() as s:
            return fn(s)

    def create(self, match_id: str, *, variant: str, kind: str, title: str, seats: Sequence[SeatRow],
               record: str, invite: str | None = None, public: bool = False, browser: str | None = None) -> None:
        """A new match; ``browser``: the key of the browser that made it, whose "Past matches" list it."""
        def fn(s: Session) -> None:
            now = _now()
            m = MatchModel(id=match_id, created=now, updated=now, variant=variant, kind=kind, title=title,
                           record=record, logged=0, version=0, over=False, result="", invite=invite, public=public)
            m.players = [PlayerModel(position=ORDER.index(Seat.named(r.seat)), seat=r.seat, name=r.name, kind=r.kind,
                                     level=r.level, token=r.token) for r in seats]
            s.add(m)
            s.flush()  # the match's row first: the browser's row refers to it
            if browser:
                s.add(BrowserModel(match_id=match_id, browser=browser_hash(browser)))
        self._write("save the new match", fn)

    def add_browser(self, match_id: str, browser: str) -> None:
        """This browser takes part in the match (it joined): its "Past matches" list it."""
        def fn(s: Session) -> None:
            digest = browser_hash(browser)
            known = s.scalar(select(BrowserModel.id).where(BrowserModel.match_id == match_id,
                                                           BrowserModel.browser == digest))
            if known is None:
                s.add(BrowserModel(match_id=match_id, browser=digest))
        self._write("remember this browser's match", fn)

    def append(self, match_id: str, version: int, actions: Sequence[Action], *, over: bool, result: str,
               snapshot: str | None = None, also: Callable[[Connection], Any] | None = None) -> int:
        """The actions, appended, and the match row (result, snapshot) moved to ``version + 1``: all or nothing.

        Returns the new version. ``ConflictError`` when the match is no longer at ``version``
        (another server wrote it meanwhile): nothing is written. Only these rows are written,
        never the whole record; the writes of several rooms waiting at once share one commit.
        ``also``: more of the match's writes in the same transaction (the room's next deadline).
        """
        first = actions[0].number if actions else None

        def fn(conn: Connection) -> int:
            now = _now()
            # logged: an older database's record holds every action before the first appended: the log starts there
            done = conn.execute(_MOVE_ON, {"new": version + 1, "over": over, "result": result, "updated": now,
                                           "snapshot": snapshot, "first": first, "id": match_id, "version": version})
            if done.rowcount != 1:
                self._refuse(conn, match_id, version, "save the action")
            if actions:
                conn.execute(_LOG, [
                    {"match_id": match_id, "number": a.number, "type": str(a.entry.get("type", "")),
                     "seat": a.entry.get("seat"), "entry": dict(a.entry), "at": now, "game": a.game, "board": a.board}
                    for a in actions])
            if also is not None:
                also(conn)
            self._notify(conn, match_id, version + 1)
            return version + 1
        try:
            return self._group.run(fn)
        except StoreError:
            raise
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot save the action: the database failed ({exc.__class__.__name__})") from None

    @staticmethod
    def _refuse(conn: Connection, match_id: str, version: int, what: str) -> None:
        current = conn.scalar(select(MATCHES.c.version).where(MATCHES.c.id == match_id))
        if current is None:
            raise StoreError(f"cannot {what}: no match {match_id!r} in the database")
        raise ConflictError(f"cannot {what}: the match moved on (it is at version {current}, this server had "
                            f"{version}): another server played it meanwhile")

    def seat_player(self, match_id: str, seat: str, name: str, token: str, *, record: str | None = None,
                    logged: int | None = None) -> int:
        """Someone takes an open seat: refused if taken meanwhile. Returns the match's new version.

        ``record``: the match's record with their name, holding its first ``logged`` actions.
        """
        def fn(s: Session) -> int:
            # one conditional UPDATE: of two servers (or two workers) seating two people at once, the database lets
            # exactly one find the seat free; the other updates no row (a read then a write let both in)
            taken = s.execute(update(PlayerModel).where(
                PlayerModel.match_id == match_id, PlayerModel.seat == seat, PlayerModel.kind == "human",
                PlayerModel.token.is_(None)).values(name=name, token=token).execution_options(synchronize_session=False))
            if taken.rowcount != 1:
                raise SeatTakenError(seat)
            m = s.get(MatchModel, match_id)
            if m is None:
                raise StoreError(f"cannot save who joined: no match {match_id!r} in the database")
            m.updated, m.version = _now(), m.version + 1
            if record is not None:
                m.record, m.logged = record, logged
            s.flush()
            self._notify(s.connection(), match_id, m.version)
            return m.version
        return self._write("save who joined", fn)

    def set_title(self, match_id: str, title: str) -> None:
        def fn(s: Session) -> None:
            m = s.get(MatchModel, match_id)
            if m is not None:
                m.title = title
        self._write("save the match's title", fn)

    # -- reading --------------------------------------------------------------------------

    def _read(self, what: str, fn: Callable[[Session], Any]) -> Any:
        try:
            with self._session() as s:
                return fn(s)
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot {what}: the database failed ({exc.__class__.__name__})") from None

    @staticmethod
    def _row(m: MatchModel, actions: int, tail: tuple[Action, ...] = ()) -> MatchRow:
        seats = tuple(SeatRow(p.seat, p.name, p.kind, p.level, p.token) for p in m.players)
        return MatchRow(m.id, _utc(m.created), _utc(m.updated), m.variant, m.kind, m.title, m.record, m.over, m.result,
                        seats, actions, m.invite, bool(m.public), m.snapshot, _utc(m.adjourned), m.version or 0, tail)

    def _counts(self, s: Session, ids: Sequence[str]) -> dict[str, int]:
        if not ids:
            return {}
        q = (select(ActionModel.match_id, func.count()).where(ActionModel.match_id.in_(ids))
             .group_by(ActionModel.match_id))
        return {match_id: n for match_id, n in s.execute(q)}

    def get(self, match_id: str) -> MatchRow | None:
        """The match, with ``tail``: the actions its ``record`` does not hold yet (the record is their head)."""
        def fn(s: Session) -> MatchRow | None:
            m = s.get(MatchModel, match_id, options=[selectinload(MatchModel.players)])
            if m is None:
                return None
            tail = () if m.logged is None else self._tail(s, match_id, m.logged)
            return self._row(m, self._counts(s, [m.id]).get(m.id, 0), tail)
        return self._read("read the match", fn)

    @staticmethod
    def _tail(s: Session, match_id: str, start: int) -> tuple[Action, ...]:
        q = (select(ACTIONS.c.number, ACTIONS.c.entry, ACTIONS.c.game, ACTIONS.c.board)
             .where(ACTIONS.c.match_id == match_id, ACTIONS.c.number >= start).order_by(ACTIONS.c.number))
        return tuple(Action(n, dict(e), g, b) for n, e, g, b in s.execute(q))

    def matches(self, *, unfinished: bool | None = None, limit: int | None = 200, browser: str | None = None,
                public: bool = False) -> list[MatchRow]:
        """Most recently played first; with ``browser``, only that browser's; with ``public``, only the public ones."""
        def fn(s: Session) -> list[MatchRow]:
            q = select(MatchModel).options(selectinload(MatchModel.players)).order_by(MatchModel.updated.desc())
            if unfinished is not None:
                q = q.where(MatchModel.over.is_(not unfinished))
            if browser is not None:
                mine = select(BrowserModel.match_id).where(BrowserModel.browser == browser_hash(browser))
                q = q.where(MatchModel.id.in_(mine))
            if public:
                q = q.where(MatchModel.public.is_(True))
            if limit is not None:
                q = q.limit(limit)
            rows = list(s.scalars(q))
            counts = self._counts(s, [m.id for m in rows])
            return [self._row(m, counts.get(m.id, 0)) for m in rows]
        return self._read("list the matches", fn)

    def count(self, *, unfinished: bool = False) -> int:
        """How many matches (unfinished ones only, not adjourned, if asked)."""
        def fn(s: Session) -> int:
            q = select(func.count()).select_from(MatchModel)
            return s.scalar(q.where(MatchModel.over.is_(False), MatchModel.adjourned.is_(None)) if unfinished else q)
        return self._read("count the matches", fn)

    def adjourn_idle(self, before: datetime) -> list[str]:
        """Unfinished matches without an action since ``before`` are adjourned (resumable); their ids."""
        def fn(s: Session) -> list[str]:
            rows = list(s.scalars(select(MatchModel).where(MatchModel.over.is_(False), MatchModel.adjourned.is_(None),
                                                           MatchModel.updated < before)))
            now = _now()
            for m in rows:
                m.adjourned = now
            return [m.id for m in rows]
        return self._write("adjourn the idle matches", fn)

    def actions(self, match_id: str) -> list[dict[str, Any]]:
        """The match's actions in order, each as its record entry."""
        def fn(s: Session) -> list[dict[str, Any]]:
            q = select(ActionModel.entry).where(ActionModel.match_id == match_id).order_by(ActionModel.number)
            return [dict(e) for e in s.scalars(q)]
        return self._read("read the actions", fn)
