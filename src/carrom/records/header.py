"""The record's header: who played, where, under which laws, and the toss (ICF 39, XIX).

Everything here is what the scorecard of ICF part XIX asks for before the first stroke; the
referee derives the rest by replaying the actions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Any, Callable, Mapping

from carrom.records import schema
from carrom.records.errors import RecordError
from carrom.rules.pieces import ORDER, Seat
from carrom.rules.ruleset import Stage

SEATS: tuple[str, ...] = tuple(seat.value for seat in ORDER)  # the referee's seats, in the order the turn passes
OPPOSITE: dict[str, str] = {seat.value: seat.opposite.value for seat in ORDER}
KINDS = ("singles", "doubles")
KIND_SEATS: dict[str, tuple[str, ...]] = {"singles": (Seat.SOUTH.value, Seat.NORTH.value),  # opposite (ICF 27)
                                          "doubles": SEATS}  # all four, partners opposite (ICF 28)
TOSS_CHOICES = ("break", "side")  # ICF 39 a: the winner takes the break or a side
STAGES = tuple(s.value for s in Stage)  # the round, as the laws tell rounds apart (ICF 56 b, 60); absent: early
NAME_MAX = 200  # characters in a player's name


def _calendar(value: str, path: str, pattern: str, formats: tuple[str, ...], words: str) -> str:
    """``value`` if it is a real date or time written as ``formats`` say (25:99 and 2025-02-30 are not)."""
    if re.fullmatch(pattern, value):
        for fmt in formats:
            try:
                datetime.strptime(value, fmt)
                return value
            except ValueError:
                pass
    raise RecordError(path, f"{schema.describe(value)} is not {words}")


def check_date(value: Any, path: str = "event.date") -> str:
    return _calendar(schema.text(value, path), path, r"\d{4}-\d{2}-\d{2}", ("%Y-%m-%d",),
                     "a date YYYY-MM-DD, e.g. 2026-11-22")


def check_time(value: Any, path: str = "event.time") -> str:
    return _calendar(schema.text(value, path), path, r"\d{2}:\d{2}(:\d{2})?", ("%H:%M", "%H:%M:%S"),
                     "a time HH:MM (00:00 to 23:59), e.g. 14:30")


def check_name(value: Any, path: str = "players.name") -> str:
    return schema.text(value, path, allow_empty=False, max_len=NAME_MAX)


def check_text(value: Any, path: str = "") -> str:
    return schema.text(value, path)


# Every free field of the header with the check both the loader and the assistant apply to
# it: one source of truth, so no answer the assistant accepts can make its record unreadable.
FIELD_CHECKS: dict[str, Callable[[Any, str], str]] = {
    "name": check_name, "team": check_text, "date": check_date, "time": check_time, "comments": check_text,
}


def check(name: str, value: Any, path: str | None = None) -> str:
    """``value`` checked as the header field ``name`` (an Event field, name, team or comments)."""
    return FIELD_CHECKS.get(name, check_text)(value, name if path is None else path)


@dataclass(frozen=True)
class Event:
    """The scorecard's header fields (ICF XIX); every one optional, since clubs fill fewer."""

    tournament: str | None = None  # CAMPEONATO/TORNEO
    event: str | None = None  # EVENTO, e.g. "Men's singles"
    round: str | None = None  # RONDA
    match: str | None = None  # PARTIDO Nº
    date: str | None = None  # FECHA, YYYY-MM-DD
    time: str | None = None  # HORA, HH:MM
    venue: str | None = None
    table: str | None = None  # Nº TABLERO: the physical board the match is played on
    umpire: str | None = None  # ÁRBITRO
    chief_umpire: str | None = None

    def to_dict(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None}

    @classmethod
    def from_dict(cls, data: Any, path: str) -> "Event":
        names = [f.name for f in fields(cls)]
        data = schema.obj(data, path, optional=names)
        return cls(**{name: None if data.get(name) is None else check(name, data[name], schema.child(path, name))
                      for name in names})


@dataclass(frozen=True)
class Player:
    name: str
    team: str | None = None  # EQUIPO on the scorecard; a club or a country

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name} | ({"team": self.team} if self.team is not None else {})

    @classmethod
    def from_dict(cls, data: Any, path: str) -> "Player":
        data = schema.obj(data, path, required=["name"], optional=["team"])
        team = data.get("team")
        return cls(check("name", data["name"], schema.child(path, "name")),
                   None if team is None else check("team", team, schema.child(path, "team")))


FINGERPRINT = re.compile(r"[0-9a-f]{16}")  # carrom.physics.PhysicsParams.fingerprint
VERSION_MAX = 40  # characters of a program's version, e.g. "0.1.0" or "0.2.0.dev3+g1a2b3c4"


@dataclass(frozen=True)
class MadeWith:
    """Which carrom played a simulated match, and its physics' fingerprint: the record tied to the code whose
    outcomes it holds (docs/record-format.md), as the environments' ``info`` and the arena's files are. A record
    scored by hand at a real board has none."""

    carrom: str  # carrom.__version__
    fingerprint: str  # PhysicsParams.fingerprint: 16 hex digits

    def to_dict(self) -> dict[str, str]:
        return {"carrom": self.carrom, "fingerprint": self.fingerprint}

    @classmethod
    def from_dict(cls, data: Any, path: str) -> "MadeWith":
        data = schema.obj(data, path, required=["carrom", "fingerprint"])
        version = schema.text(data["carrom"], schema.child(path, "carrom"), allow_empty=False, max_len=VERSION_MAX)
        where = schema.child(path, "fingerprint")
        fingerprint = schema.text(data["fingerprint"], where, allow_empty=False, max_len=16)
        if not FINGERPRINT.fullmatch(fingerprint):
            raise RecordError(where, f"{schema.describe(fingerprint)} is not a physics fingerprint (16 hex digits)")
        return cls(version, fingerprint)


@dataclass(frozen=True)
class Toss:
    """ICF 39: who won the toss and whether they took the break or a side."""

    winner: str  # a seat; in doubles either partner stands for the pair
    choice: str  # "break" or "side"

    def to_dict(self) -> dict[str, str]:
        return {"winner": self.winner, "choice": self.choice}

    @classmethod
    def from_dict(cls, data: Any, path: str) -> "Toss":
        data = schema.obj(data, path, required=["winner", "choice"])
        return cls(schema.choice(data["winner"], schema.child(path, "winner"), SEATS),
                   schema.choice(data["choice"], schema.child(path, "choice"), TOSS_CHOICES))


@dataclass(frozen=True)
class Header:
    variant: str
    kind: str  # singles or doubles
    players: Mapping[str, Player]  # seat -> player, in seat order
    first_breaker: str
    toss: Toss | None = None
    event: Event = field(default_factory=Event)
    comments: str | None = None  # the umpire's remarks (ICF XIX)
    physics: str | None = None  # the physics model a simulated match was played with; absent: v1
    language: str | None = None  # the language it was scored in, a preference only (docs/record-format.md)
    stage: str | None = None  # "early" or "quarter-final" (or later): ICF 56 b, 60 b; absent: an early round
    made_with: MadeWith | None = None  # the carrom and physics fingerprint a simulated match was played with

    def side(self, seat: str) -> tuple[str, ...]:
        """The seats of ``seat``'s side: the seat alone in singles, with its partner opposite in doubles (ICF 28)."""
        return (seat,) if self.kind == "singles" else tuple(s for s in SEATS if s in (seat, OPPOSITE[seat]))

    def sides(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The two sides as seat tuples, the first breaker's side first (ICF XIX note 1)."""
        a = self.side(self.first_breaker)
        return a, tuple(s for s in SEATS if s in self.players and s not in a)

    def side_name(self, seats: tuple[str, ...]) -> str:
        return " & ".join(self.players[s].name for s in seats)

    def validate(self, path: str = "") -> None:
        """Cross-field checks: seating (ICF 27, 28) and the toss (ICF 39, 42)."""
        seats = set(self.players)
        if self.kind == "singles":
            if len(seats) != 2 or OPPOSITE[next(iter(seats))] not in seats:
                raise RecordError(schema.child(path, "players"),
                                  "singles needs two players on opposite seats (ICF 27), e.g. south and north")
        elif seats != set(SEATS):
            raise RecordError(schema.child(path, "players"), "doubles needs a player on each of the four seats (ICF 28)")
        if self.first_breaker not in seats:
            raise RecordError(schema.child(path, "first_breaker"), f"{self.first_breaker!r} has no player")
        if self.toss is not None:
            if self.toss.winner not in seats:
                raise RecordError(schema.child(path, "toss.winner"), f"{self.toss.winner!r} has no player")
            winners = self.side(self.toss.winner)
            if self.toss.choice == "break" and self.first_breaker not in winners:
                raise RecordError(schema.child(path, "first_breaker"),
                                  "the toss winner chose the break, so their side breaks first (ICF 39 c, 42)")
            if self.toss.choice == "side" and self.first_breaker in winners:
                raise RecordError(schema.child(path, "first_breaker"),
                                  "the toss winner chose a side, so the other party has the break (ICF 39 a, c; "
                                  "docs/texts.md §2)")
