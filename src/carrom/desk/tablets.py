"""The tablets of an event's tables: each bound to its match by the match's own id, and what a finished one says.

A tablet is reserved when its round is published (``service.publish_round``, whichever front end publishes), kept
with the id of the match it was made for and that match's two competitors; a round taken back leaves its tablets
bound to matches that no longer exist, so they are closed (``closed_why``) and a new pairing at the same table gets a
tablet of its own. The umpire's matches themselves live in the umpire's store (``carrom.store.umpire``), read here
only through the methods it offers (``UmpireMatches``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from sqlalchemy import select

from carrom.desk.store import TournamentStore
from carrom.desk.tables import RubberTabletRow, TabletRow
from carrom.i18n.said import RECORDER as SAID
from carrom.records import load_record, referee
from carrom.records.tablet import SinkSession
from carrom.rules import Seat
from carrom.rules.message import Message, say
from carrom.tournament import Event, Match

class UmpireMatches(Protocol):
    """The umpire's store as the desk uses it (``carrom.store.umpire.UmpireStore``)."""

    def create(self, match_id: str, key_hash: str, title: str, record: str, entries: int, over: bool) -> None: ...
    def get(self, match_id: str) -> Any: ...
    def started(self, match_ids: list[str]) -> set[str]: ...
    def finished(self, match_ids: list[str]) -> set[str]: ...


@dataclass(frozen=True)
class Tablet:
    round: int
    table: int
    umpire_match: str
    key_hash: str | None  # the umpire's key's SHA-256 (the key is derived from the desk's); None: not keyed yet
    rubber: int = 0  # a team tie's rubber (1 up); 0: the table's one match
    match_id: str = ""  # the id of the match it was made for ("": a database from before ids, bound by its table)
    sides: tuple[int, int] | None = None  # that match's competitors, side 1 first
    typed_first: tuple[tuple[int, int], ...] | None = None  # its games (side 1 first) when it finished after the
    # desk had typed the match's result (``service.read_tablets``: the desk is shown both when they differ)


@dataclass(frozen=True)
class TabletResult:
    """A finished tablet's match: the games side 1 first, the side that won (1 or 2), and the law of a
    concession when it ended so ("" when played out)."""

    games: tuple[tuple[int, int], ...]
    winner: int
    conceded: str = ""


def _tablet(row: TabletRow | RubberTabletRow, rubber: int = 0) -> Tablet:
    sides = (row.side1, row.side2) if row.side1 is not None and row.side2 is not None else None
    typed = tuple(tuple(g) for g in row.typed_first) if row.typed_first is not None else None
    return Tablet(row.round, row.table_no, row.umpire_match, row.key_hash, rubber, row.match_id or "", sides, typed)


def all_tablets(store: TournamentStore, event_id: int) -> list[Tablet]:
    """Every tablet ever made for the event, closed ones too, by round, table and rubber."""
    with store.transaction("reading the tablets") as s:
        found = [_tablet(r) for r in s.scalars(select(TabletRow).where(TabletRow.event_id == event_id))]
        found += [_tablet(r, r.rubber)
                  for r in s.scalars(select(RubberTabletRow).where(RubberTabletRow.event_id == event_id))]
    return sorted(found, key=lambda t: (t.round, t.table, t.rubber))


def by_umpire_match(store: TournamentStore, umpire_match: str) -> tuple[int, Tablet] | None:
    """The event and tablet an umpire's match was opened for (by its toss), or None for a match of no event."""
    with store.transaction("reading the tablets") as s:
        row = s.scalars(select(TabletRow).where(TabletRow.umpire_match == umpire_match)).first()
        if row is not None:
            return row.event_id, _tablet(row)
        rubber = s.scalars(select(RubberTabletRow).where(RubberTabletRow.umpire_match == umpire_match)).first()
        return None if rubber is None else (rubber.event_id, _tablet(rubber, rubber.rubber))


def match_of(event: Event, tablet: Tablet) -> Match | None:
    """The match a tablet was made for, or None when it no longer exists (its round was taken back)."""
    for m in event.matches:
        if tablet.match_id and m.id == tablet.match_id:
            return m
        if not tablet.match_id and (m.round, m.table) == (tablet.round, tablet.table):
            return m
    return None


def tablets(store: TournamentStore, event_id: int, event: Event | None = None) -> list[Tablet]:
    """The event's open tablets: those whose match still exists."""
    event = event or store.load(event_id)
    return [t for t in all_tablets(store, event_id) if match_of(event, t) is not None]


def closed_why(t: Tablet) -> Message:
    return say("the match round {round}, table {table} was made for was taken back: this tablet is closed, and the "
               "table's new match has a tablet of its own", round=t.round, table=t.table)


def add_tablet(store: TournamentStore, event_id: int, tablet: Tablet) -> None:
    side1, side2 = tablet.sides or (None, None)
    bound = {"match_id": tablet.match_id or None, "side1": side1, "side2": side2}
    with store.transaction("keeping a table's tablet") as s:
        if tablet.rubber:
            s.add(RubberTabletRow(event_id=event_id, round=tablet.round, table_no=tablet.table, rubber=tablet.rubber,
                                  umpire_match=tablet.umpire_match, key_hash=tablet.key_hash, **bound))
        else:
            s.add(TabletRow(event_id=event_id, round=tablet.round, table_no=tablet.table,
                            umpire_match=tablet.umpire_match, key_hash=tablet.key_hash, **bound))


def set_fields(store: TournamentStore, event_id: int, umpire_match: str, **values: Any) -> None:
    """Set a tablet's ``key_hash`` (keyed from the desk's key: one made without it, or of an older database) or its
    ``typed_first`` (what it finished after the desk had typed its match's result, side 1 first)."""
    with store.transaction("keeping a table's tablet") as s:
        for table in (TabletRow, RubberTabletRow):
            for row in s.scalars(select(table).where(table.event_id == event_id, table.umpire_match == umpire_match)):
                for name, value in values.items():
                    setattr(row, name, value)


def tablet_result(record_text: str) -> TabletResult | None:
    """What a tablet's finished match gives the event; None while it is not over. A match conceded (ICF 139; 001 §4
    q where a game is conceded on one's turn) keeps the games finished before and says the law."""
    session = SinkSession(load_record(record_text, replay=False), Path("desk.json"), words=SAID)
    state = session.match.state
    if not state.over:
        return None
    flip = Seat.SOUTH.value not in session.record.header.sides()[0]  # the first breaker's side first; side 1 south
    ends = referee.endings(session.match)
    games_won = sorted({e.game for e in ends if e.what == "game"})
    totals = {g: [0, 0] for g in games_won}
    for r in referee.board_results(session.match, session.record.header):
        if r.game in totals:
            totals[r.game] = [totals[r.game][k] + r.queen[k] + r.coins[k] for k in (0, 1)]
    games = tuple((b, a) if flip else (a, b) for a, b in (totals[g] for g in games_won))
    last = session.record.entries[-1] if session.record.entries else None
    conceded = ""
    if getattr(last, "TYPE", "") == "concede":
        conceded = "001 §4 q" if state.rules.concede_on_turn and last.what != "board" else "ICF 139"
    return TabletResult(games, (2 - state.winner) if flip else (state.winner + 1), conceded)
