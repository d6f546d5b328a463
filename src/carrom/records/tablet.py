"""The umpire's session behind a screen other than the terminal: saved through a callback, shown as data.

``carrom umpire`` and the tablet page share one ``Session``, one notation and one set of
words (``describe``); this module changes only where the record goes after each entry (a
callback, e.g. a database row, instead of a file) and turns what the terminal prints into
plain data a page can lay out: the same status lines without markup, the snapshot's
fields, the recent rulings with their laws. No ruling is made here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Callable

from rich.text import Text

from carrom.i18n.said import RECORDER, decision_sent, ruling_sent, sent
from carrom.records import describe, referee
from carrom.records.header import SEATS, Header
from carrom.records.record import Record
from carrom.records.session import Reply, Session
from carrom.rules.places import CHANGE_OF_PLACES

LOG_LENGTH = 12  # recent entries shown with their rulings


def plain(markup: str) -> str:
    """The terminal's text without its markup (escaped brackets come back as typed)."""
    return Text.from_markup(markup).plain


@dataclass
class SinkSession(Session):
    """A ``Session`` whose record is handed to ``sink`` after every accepted entry.

    ``sink`` raises ``RecordError`` when it cannot keep the record; the session then takes
    the entry back, exactly as when a file cannot be written.
    """

    sink: Callable[[Record], None] | None = None

    def save(self) -> None:
        if self.sink is None:
            super().save()
        else:
            self.sink(self.record)


def header_from_dict(data: Any) -> Header:
    """A header from the same JSON fields a record file has (docs/record-format.md), validated.

    ``RecordError`` names the first field at fault, as loading a file would.
    """
    from carrom.records import schema
    from carrom.records.record import TOP_FIELDS

    data = schema.obj(data, "", required=("variant", "kind", "players", "first_breaker"),
                      optional=tuple(f for f in TOP_FIELDS if f not in ("format", "version", "games", "undone")))
    record = Record.from_dict({"format": "carrom-record", "version": 1, "games": [], **data})
    return record.header


def header_dict(header: Header) -> dict[str, Any]:
    return {
        "variant": header.variant, "kind": header.kind, "stage": header.stage or "early",
        "players": {s: header.players[s].to_dict() for s in SEATS if s in header.players},
        "event": header.event.to_dict(), "toss": None if header.toss is None else header.toss.to_dict(),
        "first_breaker": header.first_breaker, "comments": header.comments,
    }


def reply_said(reply: Reply, header: Header) -> list[Any]:
    """``reply_lines`` as message ids with their parameters, for the web pages (carrom.i18n.said)."""
    if reply.undone and reply.entry is not None:
        return [sent(RECORDER.gettext("undone: {entry}",
                                      entry=describe.entry_text(reply.entry, header, RECORDER, reply.sits)))]
    if reply.ruling is not None:
        return ruling_sent(reply.ruling)
    return [sent(reply.message)] if reply.message else []


def reply_lines(reply: Reply, header: Header) -> list[str]:
    """What the terminal prints for a reply, before the status lines."""
    if reply.undone and reply.entry is not None:
        return [f"undone: {describe.entry_text(reply.entry, header, sits=reply.sits)}"]
    if reply.ruling is not None:
        return describe.ruling_lines(reply.ruling)
    return [reply.message] if reply.message else []


def view(session: Session) -> dict[str, Any]:
    """Everything the umpire's page and the scoreboard show, as JSON-ready data."""
    header = session.record.header
    snap = referee.snapshot(session.match, header)
    sides = header.sides()
    names = [header.side_name(s) for s in sides]
    record = session.record
    first = max(0, len(record.entries) - LOG_LENGTH)
    history = session.match.history
    # the referee keeps each ruling and the state it ruled on: no replay needed; a ruling names players, where they
    # sat before it and after it (describe.named_ruling)
    states = [state for state, _ in history[first:]] + [session.match.state]
    seated = [referee.sitting(state) for state in states]
    recent = zip(range(first, len(record.entries)), record.entries[first:], record.positions[first:], seated,
                 [describe.named_ruling(ruling, header, seated[k], seated[k + 1]) for k, (_, ruling) in
                  enumerate(history[first:])])
    sits = snap.sits or {}
    return {
        "header": header_dict(header),
        "sides": [{"name": names[k], "seats": list(sides[k])} for k in (0, 1)],
        "who": {seat: describe.who(header, seat, sits=sits) for seat in header.players},
        "who_said": {seat: sent(describe.who(header, seat, RECORDER, sits)) for seat in header.players},
        "seating": seating(session, sits),
        "clock": clock_of(session),
        "rest": rest_of(session, snap),
        "state": {
            "game": snap.game + 1, "board": snap.board + 1, "to_act": snap.to_act, "seat": snap.seat,
            "breaker": snap.breaker, "on_board": snap.on_board,
            "owed": [{"seat": p, "coin": c} for p, c in snap.owed], "debts": list(snap.debts),
            "queen": snap.queen, "queen_state": snap.queen_state, "queen_side": snap.queen_side, "colours": snap.colours,
            "game_points": list(snap.game_points), "games_won": list(snap.games_won), "over": snap.over,
            "winner": None if snap.winner is None else names[snap.winner],
        },
        "prompt": plain(describe.turn_prompt(session.match, header)).removesuffix(" › "),
        "status": [plain(line) for line in describe.status_lines(session.match, header)],
        "boards": [{"game": r.game + 1, "board": r.board + 1, "breaker": r.breaker,
                    "winner": None if r.winner is None else names[r.winner], "queen": list(r.queen),
                    "coins": list(r.coins)} for r in referee.board_results(session.match, header)],
        "log": [{"n": i + 1, "game": g + 1, "board": b + 1, "entry": describe.entry_text(entry, header, sits=sat),
                 "lines": describe.ruling_lines(ruling),
                 "said": {"entry": sent(describe.entry_text(entry, header, RECORDER, sat)),
                          "spectator": sent(describe.spectator_text(entry, header, RECORDER, sat)),
                          "lines": ruling_sent(ruling)}}
                for i, entry, (g, b), sat, ruling in reversed(list(recent))],
        "entries": len(record.entries),
    }


def seating(session: Session, sits: dict[str, str]) -> dict[str, Any]:
    """Who sits where now, chair by chair, and whether the last entry moved them (ICF 58-60): the tablet says who
    moves where when they change places."""
    header, match = session.record.header, session.match
    rules = match.state.rules
    laws = {rules.cite(law) for law in CHANGE_OF_PLACES}  # as the variant cites them
    last = match.history[-1][1] if match.history else None
    change = next((d for d in getattr(last, "decisions", ()) if d.law in laws), None)
    order = sorted(sits, key=lambda seat: SEATS.index(sits[seat]))
    return {"chairs": [{"chair": sits[seat], "seat": seat, "name": header.players[seat].name} for seat in order],
            "moved": None if change is None else decision_sent(change)}


def rest_of(session: Session, snap: referee.Snapshot) -> dict[str, Any] | None:
    """The rest before the deciding game while it is due (ICF 138): its length, and when it began (the time of the
    entry that ended the game before), for the pages to count down."""
    if snap.rest is None:
        return None
    entries = session.record.entries
    since = entries[-1].at if entries else None
    return {"law": session.match.state.rules.cite("ICF 138"), "minutes": snap.rest, "game": snap.game + 1, "since": since,
            "now": datetime.now().astimezone().isoformat(timespec="seconds")}


def clock_of(session: Session) -> dict[str, Any] | None:
    """The 15 seconds the laws run now (ICF 46 the break, 50 a stroke, 88 a placing): what, whose, which law; None
    when nothing is timed. The tablet's clock button enters ``clock`` for it."""
    running = referee.clock(session.match)
    if running is None:
        return None
    what, seat = running
    return {"what": what, "seat": seat, "law": referee.clock_law(session.match)}
