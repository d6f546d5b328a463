"""Events in the database: an event is read whole into ``carrom.tournament`` values, changed by the pure
core, and written back in one transaction, with the step in its record (``tournament_log``).

SQLite by default (the file ``scripts/play`` uses), PostgreSQL or any SQLAlchemy database by URL.
A database error becomes ``StoreError`` saying what was being done: nothing half written.
"""

from __future__ import annotations

import contextlib
import secrets
import threading
import time
from dataclasses import asdict, fields, replace
from typing import Any, Iterator

from sqlalchemy import and_, delete, func, or_, select, update
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from carrom.desk.tables import Base, ClubRow, CompetitorRow, EventRow, LogRow, MatchRow, PlayerRow, ProtestRow, upgrade
from carrom.rules.message import say
from carrom.store.engine import open_engine, prepare
from carrom.tournament.model import (
    Club, Competitor, Event, FinalKind, Format, Match, Pairing, Player, Result, Settings, System,
)
from carrom.tournament.protests import Protest, State, Step

Loaded = tuple[Event, dict, dict[int, dict], dict[tuple, dict]]  # an event as read, with its extras and theirs
LINEUP = "lineup"  # a team tie's line-up by hand, kept in its match's extra column (SoL has none: never exported)
MATCH_ID = "id"  # a match's own id (``identified``), kept in its extra column too (never exported)
OWN = (LINEUP, MATCH_ID)
DEFAULT_DB = "sqlite:///carrom.db"  # the embedded database `carrom play` (scripts/play) keeps its matches in


class StoreError(RuntimeError):
    """The database refused or failed, or has no such event; nothing was written."""


class EventMissing(StoreError):
    """The database has no such event (the web answers 404)."""


class ConflictError(StoreError):
    """The event was written by someone else since it was read here: nothing was written; read it again."""


def identified(event: Event) -> Event:
    """The event with an id given to each match that has none yet (a new round's): unguessable and never given again,
    so a round taken back and paired anew has new matches, and a tablet made for an old one is bound to no new one."""
    if all(m.id for m in event.matches):
        return event
    return event.with_matches(m if m.id else replace(m, id=secrets.token_hex(8)) for m in event.matches)


def settings_to_dict(s: Settings) -> dict[str, Any]:
    return {k: (v.value if hasattr(v, "value") else v) for k, v in asdict(s).items()}


def settings_from_dict(d: dict[str, Any]) -> Settings:
    enums = {"system": System, "pairing": Pairing, "format": Format, "final_kind": FinalKind}
    known = {f.name for f in fields(Settings)}
    return Settings(**{k: enums[k](v) if k in enums else v for k, v in d.items() if k in known})


class TournamentStore:
    def __init__(self, url: str = DEFAULT_DB) -> None:
        try:
            self.engine = open_engine(url)
            prepare(self.engine, Base.metadata, upgrade)  # servers (or --workers) starting at once make the tables one at a time
        except (SQLAlchemyError, ArgumentError, ValueError, ImportError, OSError) as exc:
            raise StoreError(say("cannot open the database {url}: {reason}", url=repr(url),
                                 reason=f"{exc.__class__.__name__}: {exc}")) from None
        self._session = sessionmaker(self.engine, expire_on_commit=False)
        self._thread = threading.local()  # each thread's versions (``_versions``)
        # each event as last read or written here, with its version: every write of its competitors or matches is a
        # ``save`` that raises the version, so a reading at the same version is this one (its players read again:
        # a rating list may change them), and a save writes only the rows that differ from it
        self._loaded: dict[int, tuple[int, Loaded]] = {}

    def close(self) -> None:
        self.engine.dispose()

    @property
    def _versions(self) -> dict[int, int]:
        """The version of each event as this thread last read or wrote it. Per thread, not per store: a server reads
        and writes in several threads at once, and a reader on one thread must not vouch for a step that another
        thread read before a second server's write (the step would then overwrite that write unseen)."""
        versions = getattr(self._thread, "versions", None)
        if versions is None:
            versions = self._thread.versions = {}
        return versions

    @contextlib.contextmanager
    def transaction(self, doing: str) -> Iterator[Session]:
        """One transaction: everything in it is written, or (on any exception) nothing; a database error becomes
        ``StoreError`` saying what was being done."""
        try:
            with self._session.begin() as session:
                yield session
        except SQLAlchemyError as exc:
            raise StoreError(say("{doing}: the database refused: {reason}", doing=doing,
                                 reason=f"{exc.__class__.__name__}: {exc}")) from None

    # -- players and clubs ------------------------------------------------------------------------
    def add_club(self, name: str, country: str | None = None, extra: dict | None = None, *,
                 session: Session | None = None) -> int:
        with self._maybe(session, "adding a club") as s:
            row = ClubRow(name=name, country=country, extra=extra or {})
            s.add(row)
            s.flush()
            return row.id

    def club_named(self, name: str, country: str | None = None, *, session: Session | None = None) -> int:
        """The club of that name and country, made if new: one row a club, which all its events share (a club typed
        again in the next event is the same club, whatever its case or spacing)."""
        key = " ".join(name.split()).casefold()
        with self._maybe(session, "finding a club") as s:
            same = s.scalars(select(ClubRow).where(ClubRow.country.is_(None) if country is None
                                                   else ClubRow.country == country).order_by(ClubRow.id))
            found = next((r.id for r in same if " ".join(r.name.split()).casefold() == key), None)
            return found if found is not None else self.add_club(" ".join(name.split()), country, session=s)

    def person(self, first: str, last: str, *, club: int | None = None, country: str | None = None,
               rating: float | None = None, taken: set[int] = frozenset(), session: Session | None = None
               ) -> tuple[int, float | None]:
        """The player these are, as an identity across events: the player already registered with the same first
        and last names (whatever their case), club and country, not in ``taken`` (the event's own players, so two
        namesakes of one club in one event stay two), else a new one; with the rating to seed by (the one given,
        else the player's own, which a rating list keeps up to date)."""
        with self._maybe(session, "finding a player") as s:
            same = s.scalars(select(PlayerRow).where(
                or_(PlayerRow.last == last, func.lower(PlayerRow.last) == last.lower()),  # SQLite lowers ASCII only
                PlayerRow.club_id.is_(None) if club is None else PlayerRow.club_id == club,
                PlayerRow.country.is_(None) if country is None else PlayerRow.country == country,
            ).order_by(PlayerRow.id))
            row = next((r for r in same if r.id not in taken and r.first.casefold() == first.casefold()
                        and r.last.casefold() == last.casefold()), None)
            if row is None:
                return self.add_player(first, last, club=club, country=country, rating=rating, session=s), rating
            if rating is not None:
                row.rating = rating
            return row.id, row.rating

    def add_player(self, first: str, last: str, *, club: int | None = None, country: str | None = None,
                   rating: float | None = None, extra: dict | None = None, session: Session | None = None) -> int:
        with self._maybe(session, "adding a player") as s:
            row = PlayerRow(first=first, last=last, club_id=club, country=country, rating=rating, extra=extra or {})
            s.add(row)
            s.flush()
            return row.id

    @contextlib.contextmanager
    def _maybe(self, session: Session | None, doing: str) -> Iterator[Session]:
        if session is not None:
            yield session
        else:
            with self.transaction(doing) as s:
                yield s

    def players(self) -> list[Player]:
        with self.transaction("listing the players") as s:
            return [self._player(r) for r in s.scalars(select(PlayerRow).order_by(PlayerRow.id))]

    def clubs(self) -> dict[int, Club]:
        with self.transaction("listing the clubs") as s:
            return {r.id: Club(r.id, r.name, r.country) for r in s.scalars(select(ClubRow))}

    @staticmethod
    def _player(r: PlayerRow) -> Player:
        return Player(r.id, r.first, r.last, r.club_id, r.country, r.rating)

    # -- events -----------------------------------------------------------------------------------
    def create(self, event: Event, extra: dict | None = None, *, session: Session | None = None,
               competitor_extra: dict[int, dict] | None = None, match_extra: dict[tuple, dict] | None = None) -> int:
        event = identified(event)
        with self._maybe(session, "creating the event") as s:
            row = EventRow(name=event.name, date=event.date, settings=settings_to_dict(event.settings),
                           closed=event.closed, published=event.published, extra=extra or {})
            s.add(row)
            s.flush()
            self._write(s, row.id, event, competitor_extra or {}, match_extra or {})
            s.add(LogRow(event_id=row.id, at=time.time(), what=f"event created: {event.name}", law=""))
            return row.id

    def events(self) -> list[tuple[int, str, str, bool]]:
        with self.transaction("listing the events") as s:
            return [(r.id, r.name, r.date, r.closed) for r in s.scalars(select(EventRow).order_by(EventRow.id))]

    def version(self, event_id: int) -> int:
        """The event's version as stored (every write raises it), in one small query."""
        with self.transaction("reading the event's version") as s:
            version = s.scalar(select(EventRow.version).where(EventRow.id == event_id))
        if version is None:
            raise EventMissing(say("no event {event} in this database", event=event_id))
        return version

    def load(self, event_id: int) -> Event:
        return self.load_with_extras(event_id)[0]

    def load_with_extras(self, event_id: int) -> tuple[Event, dict, dict[int, dict], dict[tuple, dict]]:
        with self.transaction("reading the event") as s:
            row = s.get(EventRow, event_id)
            if row is None:
                raise EventMissing(say("no event {event} in this database", event=event_id))
            self._versions[event_id] = row.version
            known = self._loaded.get(event_id)
            if known is not None and known[0] == row.version:
                event, extra, c_extra, m_extra = known[1]
                players = self._players(s, {p for c in event.competitors for p in c.players})
                if players != event.players:
                    event = replace(event, players=players)
                    self._loaded[event_id] = (row.version, (event, extra, c_extra, m_extra))
                return event, dict(extra), {k: dict(v) for k, v in c_extra.items()}, \
                    {k: dict(v) for k, v in m_extra.items()}
            comps = list(s.scalars(select(CompetitorRow).where(CompetitorRow.event_id == event_id)
                                   .order_by(CompetitorRow.number)))
            players = self._players(s, {p for c in comps for p in c.players})
            matches = list(s.scalars(select(MatchRow).where(MatchRow.event_id == event_id)
                                     .order_by(MatchRow.round, MatchRow.table_no)))
            event = Event(
                name=row.name, settings=settings_from_dict(row.settings), players=players, date=row.date,
                closed=row.closed, published=row.published or 0,
                competitors=tuple(Competitor(c.number, tuple(c.players), c.retired_from, c.seed, c.group)
                                  for c in comps),
                matches=tuple(self._match(m) for m in matches))
            loaded = (event, dict(row.extra or {}), {c.number: dict(c.extra or {}) for c in comps},
                      {(m.round, m.table_no): {k: v for k, v in (m.extra or {}).items() if k not in OWN}
                       for m in matches})
            if s.scalar(select(EventRow.version).where(EventRow.id == event_id)) == row.version:
                self._loaded[event_id] = (row.version, loaded)  # not written meanwhile (SQLite reads no snapshot)
            return loaded[0], dict(loaded[1]), {k: dict(v) for k, v in loaded[2].items()}, \
                {k: dict(v) for k, v in loaded[3].items()}

    @staticmethod
    def _players(s: Session, ids: set[int]) -> dict[int, Player]:
        """The players ``ids``: a range of ids when they are mostly one (an event's registration), which the database
        answers without a parameter for each of hundreds of players."""
        if not ids:
            return {}
        lo, hi = min(ids), max(ids)
        which = PlayerRow.id.between(lo, hi) if hi - lo < 2 * len(ids) + 100 else PlayerRow.id.in_(ids)
        return {r.id: Player(r.id, r.first, r.last, r.club_id, r.country, r.rating)
                for r in s.execute(select(PlayerRow.id, PlayerRow.first, PlayerRow.last, PlayerRow.club_id,
                                          PlayerRow.country, PlayerRow.rating).where(which)) if r.id in ids}

    @staticmethod
    def _match(m: MatchRow) -> Match:
        result = None
        if m.games is not None:
            rubbers = tuple(Result(games=tuple((int(a), int(b)) for a, b in r["games"]), winner=r["winner"],
                                   walkover=r.get("walkover", False), unusual=tuple(r.get("unusual", ())))
                            for r in (m.rubbers or ()))
            result = Result(games=tuple((int(a), int(b)) for a, b in m.games), winner=m.winner or 0,
                            walkover=m.walkover, unusual=tuple(m.unusual or ()), rubbers=rubbers)
        lineup = tuple((tuple(one), tuple(two)) for one, two in (m.extra or {}).get(LINEUP, ()))
        return Match(round=m.round, table=m.table_no, side1=m.side1, side2=m.side2, result=result, stage=m.stage,
                     held=m.held, announced=m.announced, umpire=m.umpire,
                     kept=tuple((int(a), int(b)) for a, b in (m.kept or ())), lineup=lineup,
                     id=str((m.extra or {}).get(MATCH_ID) or ""))

    def save(self, event_id: int, event: Event, what: str, law: str = "", *, protest: Protest | None = None,
             protest_id: int | None = None) -> int | None:
        """Write the event as it is now (its new matches ``identified``), with the step ``what`` (and its law) in its
        record; one transaction."""
        event = identified(event)
        with self.transaction(what) as s:
            row = s.get(EventRow, event_id, with_for_update=True)
            if row is None:
                raise EventMissing(say("no event {event} in this database", event=event_id))
            if event_id in self._versions and row.version != self._versions[event_id]:
                raise ConflictError(say("event {event} was changed by someone else meanwhile; nothing was written: "
                                        "look at it again", event=event_id))
            known = self._loaded.get(event_id)
            before = known[1] if known is not None and known[0] == row.version else None
            row.version += 1
            written = row.version
            if before is not None:  # only the rows that changed: a result rewrites one match, not the whole event
                old_c, old_m = before[2], before[3]
                self._write_changes(s, event_id, before[0], event)
            else:
                old_c = {c.number: c.extra
                         for c in s.scalars(select(CompetitorRow).where(CompetitorRow.event_id == event_id))}
                old_m = {(m.round, m.table_no): m.extra
                         for m in s.scalars(select(MatchRow).where(MatchRow.event_id == event_id))}
                s.execute(delete(MatchRow).where(MatchRow.event_id == event_id))
                s.execute(delete(CompetitorRow).where(CompetitorRow.event_id == event_id))
                self._write(s, event_id, event, old_c, old_m)
            row.settings = settings_to_dict(event.settings)
            row.closed = event.closed
            row.published = event.published
            row.name = event.name
            extra = dict(row.extra or {})
            s.add(LogRow(event_id=event_id, at=time.time(), what=what, law=law))
            pid = None
            if protest is not None:
                steps = [[st.at, st.what, st.law] for st in protest.steps]
                if protest_id is None:
                    prow = ProtestRow(event_id=event_id, round=protest.round, table_no=protest.table, by=protest.by,
                                      game=protest.game, state=protest.state.value, steps=steps)
                    s.add(prow)
                    s.flush()
                    pid = prow.id
                else:
                    prow = s.get(ProtestRow, protest_id)
                    prow.state, prow.steps = protest.state.value, steps
                    pid = protest_id
        self._versions[event_id] = written  # only once committed
        self._loaded[event_id] = (written, (event, extra, {c.id: dict(old_c.get(c.id) or {}) for c in event.competitors},
                                            {(m.round, m.table): {k: v for k, v in (old_m.get((m.round, m.table))
                                                                                    or {}).items() if k not in OWN}
                                             for m in event.matches}))
        return pid

    @staticmethod
    def _competitor_values(c: Competitor) -> dict[str, Any]:
        return {"players": list(c.players), "retired_from": c.retired_from, "seed": c.seed, "group": c.group}

    @staticmethod
    def _match_values(m: Match) -> dict[str, Any]:
        r = m.result
        return {"stage": m.stage, "side1": m.side1, "side2": m.side2,
                "games": None if r is None else [list(g) for g in r.games], "winner": None if r is None else r.winner,
                "walkover": bool(r and r.walkover), "unusual": list(r.unusual) if r else [],
                "rubbers": [{"games": [list(g) for g in x.games], "winner": x.winner, "walkover": x.walkover,
                             "unusual": list(x.unusual)} for x in (r.rubbers if r else ())],
                "held": m.held, "kept": [list(g) for g in m.kept], "announced": m.announced, "umpire": m.umpire}

    @staticmethod
    def _match_extra(m: Match, extra: dict) -> dict:
        """A match row's extra column: its extras with its id and the team tie's line-up by hand, if any (``OWN``)."""
        return {k: v for k, v in (extra or {}).items() if k not in OWN} | (
            {LINEUP: [[list(one), list(two)] for one, two in m.lineup]} if m.lineup else {}) | (
            {MATCH_ID: m.id} if m.id else {})

    @classmethod
    def _write(cls, s: Session, event_id: int, event: Event, c_extra: dict, m_extra: dict) -> None:
        s.add_all(CompetitorRow(event_id=event_id, number=c.id, extra=c_extra.get(c.id, {}),
                                **cls._competitor_values(c)) for c in event.competitors)
        s.add_all(MatchRow(event_id=event_id, round=m.round, table_no=m.table,
                           extra=cls._match_extra(m, m_extra.get((m.round, m.table), {})),
                           **cls._match_values(m)) for m in event.matches)

    @classmethod
    def _write_changes(cls, s: Session, event_id: int, before: Event, event: Event) -> None:
        """The rows of ``event`` that differ from ``before`` (the event as stored): changed ones updated in place
        (their extras kept), new ones added, gone ones deleted."""
        old_c = {c.id: c for c in before.competitors}
        new_c = {c.id: c for c in event.competitors}
        for number in old_c.keys() - new_c.keys():
            s.execute(delete(CompetitorRow).where(and_(CompetitorRow.event_id == event_id,
                                                       CompetitorRow.number == number)))
        for number, c in new_c.items():
            if number not in old_c:
                s.add(CompetitorRow(event_id=event_id, number=number, extra={}, **cls._competitor_values(c)))
            elif old_c[number] != c:
                s.execute(update(CompetitorRow).where(and_(CompetitorRow.event_id == event_id,
                                                           CompetitorRow.number == number))
                          .values(**cls._competitor_values(c)))
        old_m = {(m.round, m.table): m for m in before.matches}
        new_m = {(m.round, m.table): m for m in event.matches}
        for r, t in old_m.keys() - new_m.keys():
            s.execute(delete(MatchRow).where(and_(MatchRow.event_id == event_id, MatchRow.round == r,
                                                  MatchRow.table_no == t)))
        for (r, t), m in new_m.items():
            if (r, t) not in old_m:
                s.add(MatchRow(event_id=event_id, round=r, table_no=t, extra=cls._match_extra(m, {}),
                               **cls._match_values(m)))
            elif old_m[(r, t)] != m or old_m[(r, t)].id != m.id:
                where = and_(MatchRow.event_id == event_id, MatchRow.round == r, MatchRow.table_no == t)
                values = cls._match_values(m)
                if (old_m[(r, t)].lineup, old_m[(r, t)].id) != (m.lineup, m.id):  # in the extras: the others kept
                    values["extra"] = cls._match_extra(m, s.scalar(select(MatchRow.extra).where(where)) or {})
                s.execute(update(MatchRow).where(where).values(**values))

    def protests(self, event_id: int) -> list[tuple[int, Protest]]:
        with self.transaction("reading the protests") as s:
            return [(r.id, Protest(r.round, r.table_no, r.by, r.game, State(r.state),
                                   tuple(Step(a, w, l) for a, w, l in r.steps)))
                    for r in s.scalars(select(ProtestRow).where(ProtestRow.event_id == event_id)
                                       .order_by(ProtestRow.id))]

    def log(self, event_id: int) -> list[tuple[float, str, str]]:
        with self.transaction("reading the event's record") as s:
            return [(r.at, r.what, r.law)
                    for r in s.scalars(select(LogRow).where(LogRow.event_id == event_id).order_by(LogRow.id))]
