"""SoL files in and out of the database: ``import_sol`` stores every tourney of a file in one transaction
(nothing when the file is refused), ``export_sol`` writes events as a file SoL loads."""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import select

from carrom.desk import sol
from carrom.desk.store import StoreError, TournamentStore
from carrom.desk.tables import ClubRow, PlayerRow
from carrom.tournament.model import Player
from carrom.tournament.standings import standings


def import_sol(store: TournamentStore, data: bytes, name: str = "the file") -> list[int]:
    """The ids of the events made from the file's tourneys; ``SolError`` (line and field) before anything is stored."""
    imported = sol.read(data, name)
    with store.transaction(f"importing {name}") as s:
        club_ids = []
        for c in imported.clubs:
            row = s.scalars(select(ClubRow).where(ClubRow.name == c["name"])).first()
            club_ids.append(row.id if row else store.add_club(c["name"], c["country"], c["extra"], session=s))
        player_ids = []
        for p in imported.players:
            club = club_ids[p["club"]] if p["club"] is not None else None
            row = s.scalars(select(PlayerRow).where(PlayerRow.first == p["first"], PlayerRow.last == p["last"])).first()
            if row is None:
                player_ids.append(store.add_player(p["first"], p["last"], club=club, country=p["country"],
                                                   rating=p["rating"], extra=p["extra"], session=s))
            else:
                player_ids.append(row.id)
        ids = []
        for event, extra, c_extra, m_extra in imported.events:
            players = {player_ids[i]: Player(player_ids[i], imported.players[i]["first"], imported.players[i]["last"],
                                             club_ids[imported.players[i]["club"]]
                                             if imported.players[i]["club"] is not None else None,
                                             imported.players[i]["country"], imported.players[i]["rating"])
                       for c in event.competitors for i in c.players}
            comps = tuple(replace(c, players=tuple(player_ids[i] for i in c.players)) for c in event.competitors)
            stored = replace(event, competitors=comps, players=players)
            ids.append(store.create(stored, extra, session=s, competitor_extra=c_extra, match_extra=m_extra))
    return ids


def export_sol(store: TournamentStore, event_ids: list[int]) -> bytes:
    clubs = {}
    with store.transaction("reading the clubs") as s:
        for row in s.scalars(select(ClubRow)):
            clubs[row.id] = (row.name, row.country, dict(row.extra or {}))
        p_extra = {row.id: dict(row.extra or {}) for row in s.scalars(select(PlayerRow))}
    events = []
    for eid in event_ids:
        event, extra, c_extra, m_extra = store.load_with_extras(eid)
        events.append((event, extra, c_extra, m_extra, p_extra))
    if not events:
        raise StoreError("no event to export")
    return sol.write(events, clubs, standings)
