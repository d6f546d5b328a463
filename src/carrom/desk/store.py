"""Events in the database: an event is read whole into ``carrom.tournament`` values, changed by the pure
core, and written back in one transaction, with the step in its record (``tournament_log``).

SQLite by default (the file ``scripts/play`` uses), PostgreSQL or any SQLAlchemy database by URL.
A database error becomes ``StoreError`` saying what was being done: nothing half written.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import asdict, fields
from typing import Any, Iterator

from sqlalchemy import delete, select
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from carrom.desk.tables import Base, ClubRow, CompetitorRow, EventRow, LogRow, MatchRow, PlayerRow, ProtestRow
from carrom.rules.message import say
from carrom.store.engine import open_engine, prepare
from carrom.tournament.model import (
    Club, Competitor, Event, FinalKind, Format, Match, Pairing, Player, Result, Settings, System,
)
from carrom.tournament.protests import Protest, State, Step

LINEUP = "lineup"  # a team tie's line-up by hand, kept in its match's extra column (SoL has none: never exported)
DEFAULT_DB = "sqlite:///carrom.db"  # the embedded database `carrom play` (scripts/play) keeps its matches in


class StoreError(RuntimeError):
    """The database refused or failed, or has no such event; nothing was written."""


class ConflictError(StoreError):
    """The event was written by someone else since it was read here: nothing was written; read it again."""


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
            prepare(self.engine, Base.metadata)  # servers (or --workers) starting at once make the tables one at a time
        except (SQLAlchemyError, ArgumentError, ValueError, ImportError, OSError) as exc:
            raise StoreError(say("cannot open the database {url}: {reason}", url=repr(url),
                                 reason=f"{exc.__class__.__name__}: {exc}")) from None
        self._session = sessionmaker(self.engine, expire_on_commit=False)
        self._versions: dict[int, int] = {}  # the version of each event as this store last read or wrote it

    def close(self) -> None:
        self.engine.dispose()

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

    def load(self, event_id: int) -> Event:
        return self.load_with_extras(event_id)[0]

    def load_with_extras(self, event_id: int) -> tuple[Event, dict, dict[int, dict], dict[tuple, dict]]:
        with self.transaction("reading the event") as s:
            row = s.get(EventRow, event_id)
            if row is None:
                raise StoreError(say("no event {event} in this database", event=event_id))
            comps = list(s.scalars(select(CompetitorRow).where(CompetitorRow.event_id == event_id)
                                   .order_by(CompetitorRow.number)))
            ids = {p for c in comps for p in c.players}
            players = {r.id: self._player(r) for r in s.scalars(select(PlayerRow).where(PlayerRow.id.in_(ids)))} \
                if ids else {}
            matches = list(s.scalars(select(MatchRow).where(MatchRow.event_id == event_id)
                                     .order_by(MatchRow.round, MatchRow.table_no)))
            self._versions[event_id] = row.version
            event = Event(
                name=row.name, settings=settings_from_dict(row.settings), players=players, date=row.date,
                closed=row.closed, published=row.published or 0,
                competitors=tuple(Competitor(c.number, tuple(c.players), c.retired_from, c.seed, c.group)
                                  for c in comps),
                matches=tuple(self._match(m) for m in matches))
            return (event, dict(row.extra or {}), {c.number: dict(c.extra or {}) for c in comps},
                    {(m.round, m.table_no): {k: v for k, v in (m.extra or {}).items() if k != LINEUP}
                     for m in matches})

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
                     kept=tuple((int(a), int(b)) for a, b in (m.kept or ())), lineup=lineup)

    def save(self, event_id: int, event: Event, what: str, law: str = "", *, protest: Protest | None = None,
             protest_id: int | None = None) -> int | None:
        """Write the event as it is now, with the step ``what`` (and its law) in its record; one transaction."""
        with self.transaction(what) as s:
            row = s.get(EventRow, event_id, with_for_update=True)
            if row is None:
                raise StoreError(say("no event {event} in this database", event=event_id))
            if event_id in self._versions and row.version != self._versions[event_id]:
                raise ConflictError(say("event {event} was changed by someone else meanwhile; nothing was written: "
                                        "look at it again", event=event_id))
            row.version += 1
            written = row.version
            old_c = {c.number: c.extra
                     for c in s.scalars(select(CompetitorRow).where(CompetitorRow.event_id == event_id))}
            old_m = {(m.round, m.table_no): m.extra
                     for m in s.scalars(select(MatchRow).where(MatchRow.event_id == event_id))}
            s.execute(delete(MatchRow).where(MatchRow.event_id == event_id))
            s.execute(delete(CompetitorRow).where(CompetitorRow.event_id == event_id))
            row.settings = settings_to_dict(event.settings)
            row.closed = event.closed
            row.published = event.published
            row.name = event.name
            self._write(s, event_id, event, old_c, old_m)
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
        return pid

    @staticmethod
    def _write(s: Session, event_id: int, event: Event, c_extra: dict, m_extra: dict) -> None:
        s.add_all(CompetitorRow(event_id=event_id, number=c.id, players=list(c.players), retired_from=c.retired_from,
                                seed=c.seed, group=c.group, extra=c_extra.get(c.id, {}))
                  for c in event.competitors)
        rows = []
        for m in event.matches:
            r = m.result
            rows.append(MatchRow(event_id=event_id, round=m.round, table_no=m.table, stage=m.stage, side1=m.side1,
                                 side2=m.side2, games=None if r is None else [list(g) for g in r.games],
                                 winner=None if r is None else r.winner, walkover=bool(r and r.walkover),
                                 unusual=list(r.unusual) if r else [],
                                 rubbers=[{"games": [list(g) for g in x.games], "winner": x.winner,
                                           "walkover": x.walkover, "unusual": list(x.unusual)}
                                          for x in (r.rubbers if r else ())],
                                 held=m.held, kept=[list(g) for g in m.kept],
                                 announced=m.announced, umpire=m.umpire,
                                 extra={k: v for k, v in m_extra.get((m.round, m.table), {}).items() if k != LINEUP}
                                 | ({LINEUP: [[list(one), list(two)] for one, two in m.lineup]} if m.lineup else {})))
        s.add_all(rows)

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
