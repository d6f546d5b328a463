"""Rating lists (one per federation, say) updated by Glicko-2 when the organiser closes an event.

The event is one rating period: every player's matches in it (``carrom.tournament.outcomes``)
update his rating, deviation and volatility from the values he had before it, all at once, as
Glicko-2 rates a period. The arithmetic is the ``glicko2`` package's (MIT; Glickman's algorithm,
its example reproduced in the tests), not ours; a new player starts at 1500, deviation 350,
volatility 0.06, its defaults. The new rating becomes the player's rating, which seeds and
orders his next events.
"""

from __future__ import annotations

import datetime as dt

import glicko2
from sqlalchemy import select

from carrom.desk.store import TournamentStore
from carrom.desk.tables import PlayerRow, RateRow, RatingListRow
from carrom.tournament.outcomes import outcomes

START = (1500.0, 350.0, 0.06)


def current(session, list_id: int, player_id: int) -> tuple[float, float, float]:
    row = session.scalars(select(RateRow).where(RateRow.rating_id == list_id, RateRow.player_id == player_id)
                          .order_by(RateRow.id.desc())).first()
    return (row.rating, row.rd, row.vol) if row else START


def rate_event(store: TournamentStore, event_id: int, list_name: str) -> dict[int, tuple[float, float, float]]:
    """Update the list ``list_name`` (made if new) with the event's matches; the new (rating, rd, vol) by player."""
    event = store.load(event_id)
    played = outcomes(event)
    today = dt.date.today().isoformat()
    with store.transaction(f"rating event {event_id}") as s:
        rating_list = s.scalars(select(RatingListRow).where(RatingListRow.name == list_name)).first()
        if rating_list is None:
            rating_list = RatingListRow(name=list_name)
            s.add(rating_list)
            s.flush()
        before = {p: current(s, rating_list.id, p) for p in {q for c in event.competitors for q in c.players}}
        after = {}
        for pid, games in played.items():
            rating, rd, vol = before[pid]
            g = glicko2.Player(rating=rating, rd=rd, vol=vol)
            g.update_player([before[o][0] for o, _ in games], [before[o][1] for o, _ in games],
                            [score for _, score in games])
            after[pid] = (g.getRating(), g.getRd(), g.vol)
        for pid, (rating, rd, vol) in after.items():
            s.add(RateRow(rating_id=rating_list.id, player_id=pid, event_id=event_id, date=today, rating=rating,
                          rd=rd, vol=vol))
            s.get(PlayerRow, pid).rating = rating
    return after


def rating_list(store: TournamentStore, list_name: str) -> list[tuple[int, str, float, float, float]]:
    """The list's players, best first: (player id, "First Last", rating, deviation, volatility)."""
    with store.transaction("reading the rating list") as s:
        rating_list = s.scalars(select(RatingListRow).where(RatingListRow.name == list_name)).first()
        if rating_list is None:
            return []
        latest: dict[int, RateRow] = {}
        for row in s.scalars(select(RateRow).where(RateRow.rating_id == rating_list.id).order_by(RateRow.id)):
            latest[row.player_id] = row
        players = {p.id: p for p in s.scalars(select(PlayerRow).where(PlayerRow.id.in_(latest)))} if latest else {}
        out = [(pid, f"{players[pid].first} {players[pid].last}", r.rating, r.rd, r.vol) for pid, r in latest.items()]
    return sorted(out, key=lambda x: (-x[2], x[1]))


def set_rate(store: TournamentStore, list_name: str, player_id: int, rating: float, rd: float = START[1],
             vol: float = START[2]) -> None:
    """Put a player on a list with a known rating (from another federation's list, say)."""
    with store.transaction("setting a rating") as s:
        rating_list = s.scalars(select(RatingListRow).where(RatingListRow.name == list_name)).first()
        if rating_list is None:
            rating_list = RatingListRow(name=list_name)
            s.add(rating_list)
            s.flush()
        s.add(RateRow(rating_id=rating_list.id, player_id=player_id, event_id=None, date=dt.date.today().isoformat(),
                      rating=rating, rd=rd, vol=vol))
        s.get(PlayerRow, player_id).rating = rating


def list_names(store: TournamentStore) -> list[tuple[str, int]]:
    """Every rating list (a federation's, say) with how many players it rates, by name."""
    with store.transaction("reading the rating lists") as s:
        lists = list(s.scalars(select(RatingListRow).order_by(RatingListRow.name)))
        counts: dict[int, set[int]] = {}
        for list_id, player_id in s.execute(select(RateRow.rating_id, RateRow.player_id)):
            counts.setdefault(list_id, set()).add(player_id)
        return [(r.name, len(counts.get(r.id, ()))) for r in lists]
