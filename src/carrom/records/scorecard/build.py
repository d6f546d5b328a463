"""From a record to the scorecard of ICF XIX: the header from the record, the numbers from the referee."""

from __future__ import annotations

from datetime import datetime

from carrom.records import referee
from carrom.records.record import Record
from carrom.records.scorecard.model import BoardRow, Card, GameCard, SideCard

CHOICE_WORDS = {"break": "break (shootout)", "side": "side"}


def _clock(at: str | None) -> str | None:
    if at is None:
        return None
    try:
        return datetime.fromisoformat(at).strftime("%H:%M")
    except ValueError:
        return None


def build_card(record: Record) -> Card:
    header = record.header
    match = record.replay().match
    a, b = header.sides()
    ev = header.event
    toss_by = header.side_name((header.toss.winner,)) if header.toss else ""
    fields = (
        ("Championship/Tournament", ev.tournament or ""), ("Event", ev.event or ""),
        ("Round", ev.round or ""), ("Date", ev.date or ""),
        ("Time", ev.time or ""), ("Match no.", ev.match or ""),
        ("Umpire", ev.umpire or ""), ("Table no.", ev.table or ""),
        ("Toss won by", toss_by), ("Choice of the toss winner", CHOICE_WORDS[header.toss.choice] if header.toss else ""),
        ("Venue", ev.venue or ""), ("Chief umpire", ev.chief_umpire or ""),
    )
    times: dict[int, list[str]] = {}
    for entry, (g, _) in zip(record.entries, record.positions):
        t = _clock(entry.at)
        if t is not None:
            times.setdefault(g, []).append(t)
    results = referee.board_results(match, header)
    snap = referee.snapshot(match, header)
    games: list[GameCard] = []
    for g in sorted({r.game for r in results} | ({snap.game} if not snap.over else set())):
        rows, totals = [], [0, 0]
        for r in (r for r in results if r.game == g):
            totals = [totals[k] + r.queen[k] + r.coins[k] for k in (0, 1)]
            rows.append(BoardRow(r.board + 1, header.players[r.breaker].name, r.queen, r.coins,
                                 (totals[0], totals[1]), r.winner))
        finished = g < snap.game or snap.over
        winner = (0 if totals[0] > totals[1] else 1) if finished and totals[0] != totals[1] else None
        t = times.get(g, [])
        games.append(GameCard(g + 1, t[0] if t else None, t[-1] if t and finished else None, tuple(rows),
                              (totals[0], totals[1]), winner))
    return Card(
        title=f"Scorecard {header.side_name(a)} v {header.side_name(b)}",
        fields=fields,
        sides=(SideCard(tuple(header.players[s].name for s in a), tuple(header.players[s].team or "" for s in a)),
               SideCard(tuple(header.players[s].name for s in b), tuple(header.players[s].team or "" for s in b))),
        games=tuple(games),
        games_won=snap.games_won,
        winner=snap.winner if snap.over else None,
        comments=header.comments or "",
        variant=header.variant,
    )
