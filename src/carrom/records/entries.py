"""One entry per action at the board, as the record file spells it.

The file format is the project's interchange contract, so it is defined here, field by
field, rather than borrowed from the referee's classes; ``carrom.records.referee``
translates. A stroke keeps what the player chose (where known) apart from what happened.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, ClassVar, Mapping

from carrom.records import schema
from carrom.records.errors import RecordError
from carrom.records.header import SEATS
from carrom.rules.clock import WHAT as CLOCK_WHAT

PIECES = ("white", "black", "queen")
CONCEDE_WHAT = ("board", "game", "match")


def at_time(data: Mapping[str, Any], key: str, path: str) -> str | None:
    """An optional wall-clock time, ISO 8601 (the umpire's tablet or terminal fills it in)."""
    value = schema.opt_text(data, key, path)
    if value is not None:
        try:
            datetime.fromisoformat(value)
        except ValueError:
            raise RecordError(schema.child(path, key), f"{value!r} is not an ISO 8601 date and time") from None
    return value


def _at(data: Mapping[str, Any], path: str) -> str | None:
    """The optional wall-clock time of an entry."""
    return at_time(data, "at", path)


def _pieces(value: Any, path: str, allowed: tuple[str, ...] = PIECES) -> tuple[str, ...]:
    out = tuple(schema.choice(v, p, allowed) for p, v in schema.items(value, path))
    if out.count("queen") > 1:
        raise RecordError(path, "the queen is listed twice; there is only one")
    return out


@dataclass(frozen=True)
class Choice:
    """What the player chose, in their seat's frame (``Strike.from_seat``); any part may be unknown."""

    along: float | None = None  # metres to the player's right from the middle of the baseline
    angle: float | None = None  # radians, 0 straight across, positive to the player's left
    speed: float | None = None  # m/s

    FIELDS: ClassVar[tuple[str, ...]] = ("along", "angle", "speed")

    def to_dict(self) -> dict[str, float]:
        return {k: getattr(self, k) for k in self.FIELDS if getattr(self, k) is not None}

    @classmethod
    def from_dict(cls, data: Any, path: str) -> "Choice":
        data = schema.obj(data, path, optional=cls.FIELDS)
        values = {k: None if data.get(k) is None else schema.number(data[k], schema.child(path, k)) for k in cls.FIELDS}
        if values["speed"] is not None and values["speed"] <= 0:
            raise RecordError(schema.child(path, "speed"), "must be above 0 m/s")
        if values["along"] is not None and abs(values["along"]) > 1.0:
            raise RecordError(schema.child(path, "along"), "more than a metre from the middle of the baseline")
        return cls(**values)


@dataclass(frozen=True)
class Outcome:
    """What the stroke did: the facts the umpire sees, nothing the referee decides."""

    pocketed: tuple[str, ...] = ()  # in the order they went in
    striker: bool = False  # the striker went into a pocket
    off_board: tuple[str, ...] = ()  # pieces that left the playing surface (ICF 65)
    touched: bool = True  # the striker touched a piece (ICF 44, 45, 127, 137)

    def to_dict(self) -> dict[str, Any]:
        """Defaults left out (no striker, nothing off, touched) so a line stays short."""
        out: dict[str, Any] = {"pocketed": list(self.pocketed)}
        if self.striker:
            out["striker"] = True
        if self.off_board:
            out["off_board"] = list(self.off_board)
        if not self.touched:
            out["touched"] = False
        return out

    @classmethod
    def from_dict(cls, data: Any, path: str) -> "Outcome":
        data = schema.obj(data, path, optional=("pocketed", "striker", "off_board", "touched"))
        out = cls(
            pocketed=_pieces(data.get("pocketed", []), schema.child(path, "pocketed")),
            striker=schema.boolean(data.get("striker", False), schema.child(path, "striker")),
            off_board=_pieces(data.get("off_board", []), schema.child(path, "off_board")),
            touched=schema.boolean(data.get("touched", True), schema.child(path, "touched")),
        )
        if "queen" in out.pocketed and "queen" in out.off_board:
            raise RecordError(schema.child(path, "off_board"), "the queen cannot both go in and leave the board")
        if not out.touched and (out.pocketed or out.off_board):
            raise RecordError(schema.child(path, "touched"), "false, yet pieces moved: the striker must have touched one")
        if len(out.pocketed) > 19 or len(out.off_board) > 19:
            raise RecordError(path, "more pieces than a board holds")
        return out


@dataclass(frozen=True)
class Entry:
    """Common to every action: the seat that acted and, optionally, when."""

    seat: str
    at: str | None = field(default=None, kw_only=True)
    note: str | None = field(default=None, kw_only=True)

    TYPE: ClassVar[str] = ""
    EXTRA: ClassVar[tuple[str, ...]] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.TYPE, "seat": self.seat, **self.body()}
        if self.at is not None:
            out["at"] = self.at
        if self.note is not None:
            out["note"] = self.note
        return out

    def body(self) -> dict[str, Any]:
        """The fields of this type of entry, defaults left out."""
        return {}

    @classmethod
    def common(cls, data: Mapping[str, Any], path: str) -> dict[str, Any]:
        return {"seat": schema.choice(data["seat"], schema.child(path, "seat"), SEATS),
                "at": _at(data, path), "note": schema.opt_text(data, "note", path)}


@dataclass(frozen=True)
class StrokeEntry(Entry):
    outcome: Outcome = Outcome()
    fouls: tuple[str, ...] = ()  # foul codes the umpire declared (the referee's vocabulary)
    choice: Choice | None = None

    TYPE: ClassVar[str] = "stroke"
    EXTRA: ClassVar[tuple[str, ...]] = ("outcome", "fouls", "choice")

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.choice is not None and self.choice.to_dict():
            out["choice"] = self.choice.to_dict()
        out["outcome"] = self.outcome.to_dict()
        if self.fouls:
            out["fouls"] = list(self.fouls)
        return out

    @classmethod
    def parse(cls, data: Mapping[str, Any], path: str, foul_codes: tuple[str, ...]) -> "StrokeEntry":
        fouls = tuple(schema.choice(v, p, foul_codes) for p, v in schema.items(data.get("fouls", []),
                                                                            schema.child(path, "fouls")))
        choice = data.get("choice")
        return cls(**cls.common(data, path),
                   outcome=Outcome.from_dict(data["outcome"], schema.child(path, "outcome")),
                   fouls=fouls,
                   choice=None if choice is None else Choice.from_dict(choice, schema.child(path, "choice")))


@dataclass(frozen=True)
class PlaceEntry(Entry):
    """A due or penalty coin put back in the centre (ICF 72–90), or the placing waived (ICF 80, 87 a)."""

    coin: str | None = None  # white or black; None lets the referee take the one owed
    waive: bool = False
    position: tuple[float, float] | None = None  # board frame, metres: where a simulated game put it

    TYPE: ClassVar[str] = "place"
    EXTRA: ClassVar[tuple[str, ...]] = ("coin", "waive", "position")

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.coin is not None:
            out["coin"] = self.coin
        if self.waive:
            out["waive"] = True
        if self.position is not None:
            out["position"] = [self.position[0], self.position[1]]
        return out

    @classmethod
    def parse(cls, data: Mapping[str, Any], path: str, foul_codes: tuple[str, ...]) -> "PlaceEntry":
        coin = data.get("coin")
        position = data.get("position")
        if position is not None:
            where = schema.child(path, "position")
            xy = [schema.number(v, p) for p, v in schema.items(position, where)]
            if len(xy) != 2:
                raise RecordError(where, f"expected [x, y] in metres, found {len(xy)} numbers")
            if max(abs(xy[0]), abs(xy[1])) > 0.5:
                raise RecordError(where, "off the playing surface (more than 0.5 m from the centre)")
            position = (xy[0], xy[1])
        return cls(**cls.common(data, path),
                   coin=None if coin is None else schema.choice(coin, schema.child(path, "coin"), ("white", "black")),
                   waive=schema.boolean(data.get("waive", False), schema.child(path, "waive")),
                   position=position)


def _offender(data: Mapping[str, Any], path: str) -> str | None:
    value = data.get("offender")
    return None if value is None else schema.choice(value, schema.child(path, "offender"), SEATS)


@dataclass(frozen=True)
class ForfeitEntry(Entry):
    """The offender's side loses the board for a breach the laws punish that way (ICF 51, 91, 121 b, 126 b).

    ``seat``: who was in turn when it was entered; ``offender``: who broke the law, checked against it by the
    referee. Left out (records written before offenders were named): the seat is the offender, unchecked.
    """

    law: str | None = None  # the law the umpire applied, e.g. "ICF 91"
    offender: str | None = None

    TYPE: ClassVar[str] = "forfeit"
    EXTRA: ClassVar[tuple[str, ...]] = ("law", "offender")

    @property
    def who(self) -> str:
        """The seat of the player who broke the law."""
        return self.seat if self.offender is None else self.offender

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"law": self.law} if self.law is not None else {}
        if self.offender is not None:
            out["offender"] = self.offender
        return out

    @classmethod
    def parse(cls, data: Mapping[str, Any], path: str, foul_codes: tuple[str, ...]) -> "ForfeitEntry":
        return cls(**cls.common(data, path), law=schema.opt_text(data, "law", path), offender=_offender(data, path))


@dataclass(frozen=True)
class WordEntry(Entry):
    """An entry whose one field, ``what``, is a word of a closed list (``WORDS``)."""

    what: str = ""

    WORDS: ClassVar[tuple[str, ...]] = ()
    EXTRA: ClassVar[tuple[str, ...]] = ("what",)

    def body(self) -> dict[str, Any]:
        return {"what": self.what}

    @classmethod
    def parse(cls, data: Mapping[str, Any], path: str, foul_codes: tuple[str, ...]) -> "WordEntry":
        return cls(**cls.common(data, path), what=schema.choice(data.get("what"), schema.child(path, "what"), cls.WORDS))


@dataclass(frozen=True)
class ConcedeEntry(WordEntry):
    """The seat's side gives up the board, the game or the match (ICF 139)."""

    what: str = "board"

    TYPE: ClassVar[str] = "concede"
    WORDS: ClassVar[tuple[str, ...]] = CONCEDE_WHAT


@dataclass(frozen=True)
class DeclareEntry(Entry):
    """A declaration the laws give a player, e.g. claiming extra points for dues at a board's end (ICF 87 b)."""

    what: str = ""
    value: Any = None
    offender: str | None = None  # who committed the breach declared (ICF 63 b); left out: the seat

    TYPE: ClassVar[str] = "declare"
    EXTRA: ClassVar[tuple[str, ...]] = ("what", "value", "offender")

    @property
    def who(self) -> str:
        """The seat the declaration is about: its offender, else the seat."""
        return self.seat if self.offender is None else self.offender

    def body(self) -> dict[str, Any]:
        out = {"what": self.what} | ({"value": self.value} if self.value is not None else {})
        if self.offender is not None:
            out["offender"] = self.offender
        return out

    @classmethod
    def parse(cls, data: Mapping[str, Any], path: str, foul_codes: tuple[str, ...]) -> "DeclareEntry":
        value = data.get("value")
        if value is not None and not isinstance(value, (str, int, bool)):
            raise RecordError(schema.child(path, "value"), f"expected text, a number or true/false, found {schema.describe(value)}")
        return cls(**cls.common(data, path),
                   what=schema.text(data.get("what"), schema.child(path, "what"), allow_empty=False, max_len=100),
                   value=value, offender=_offender(data, path))


@dataclass(frozen=True)
class TimeoutEntry(Entry):
    """The bell of the timed game (the Slovenian rules, 39–41).

    ``board_begun``: whether "Play" had been called for the board in play when the bell rang
    (004 law 40: a board begun is played out, none starts after the bell). Left out, the referee
    infers it from the strokes made in the board.
    """

    board_begun: bool | None = None

    TYPE: ClassVar[str] = "time"
    EXTRA: ClassVar[tuple[str, ...]] = ("board_begun",)

    def body(self) -> dict[str, Any]:
        return {} if self.board_begun is None else {"board_begun": self.board_begun}

    @classmethod
    def parse(cls, data: Mapping[str, Any], path: str, foul_codes: tuple[str, ...]) -> "TimeoutEntry":
        begun = data.get("board_begun")
        if begun is not None:
            begun = schema.boolean(begun, schema.child(path, "board_begun"))
        return cls(**cls.common(data, path), board_begun=begun)


CLOCKS = CLOCK_WHAT  # the referee's clocks, as the record spells them


@dataclass(frozen=True)
class ClockEntry(WordEntry):
    """A clock of the laws ran out for the seat: the break (ICF 46), a stroke (ICF 50) or a placing (ICF 88 a)."""

    what: str = "stroke"

    TYPE: ClassVar[str] = "clock"
    WORDS: ClassVar[tuple[str, ...]] = CLOCKS


ENTRY_TYPES: dict[str, type[Entry]] = {
    t.TYPE: t for t in (StrokeEntry, PlaceEntry, ForfeitEntry, ConcedeEntry, DeclareEntry, TimeoutEntry, ClockEntry)
}


def parse_entry(data: Any, path: str, foul_codes: tuple[str, ...]) -> Entry:
    """An entry from its JSON object; the ``type`` decides which fields it may have."""
    if not isinstance(data, dict):
        raise RecordError(path, f"expected an action object, found {schema.describe(data)}")
    kind = schema.choice(data.get("type"), schema.child(path, "type"), tuple(ENTRY_TYPES))
    cls = ENTRY_TYPES[kind]
    required = ["type", "seat"] + (["outcome"] if cls is StrokeEntry else []) + (["what"] if kind in ("concede", "declare", "clock") else [])
    schema.obj(data, path, required=required, optional=["at", "note", *cls.EXTRA])
    return cls.parse(data, path, foul_codes)  # type: ignore[attr-defined]
