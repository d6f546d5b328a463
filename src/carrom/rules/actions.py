"""What can happen at the board, as the referee is told it.

A stroke is given by its facts (what went in, in order; what left the board; whether the
striker touched a piece) and the fouls called, never by physics: the same referee serves
a simulated game and an umpire typing in a real match. Each action round-trips through
``to_dict``/``action_from_dict`` so adapters can send and store it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from carrom.rules.errors import RulesError
from carrom.rules.fouls import Foul
from carrom.rules.pieces import Coin, Seat


@dataclass(frozen=True)
class StrokeOutcome:
    """The facts of one stroke (ICF 123: complete once everything has stopped)."""

    pocketed: tuple[Coin, ...] = ()  # in the order they went in
    striker_pocketed: bool = False
    off_board: tuple[Coin, ...] = ()  # pieces that left the playing surface (ICF 65)
    touched: bool = True  # the striker touched a piece (ICF 44, 45, 137)

    def count(self, coin: Coin) -> int:
        return self.pocketed.count(coin)

    def to_dict(self) -> dict[str, Any]:
        return {"pocketed": [c.value for c in self.pocketed], "striker_pocketed": self.striker_pocketed,
                "off_board": [c.value for c in self.off_board], "touched": self.touched}

    @classmethod
    def from_dict(cls, data: Any) -> "StrokeOutcome":
        data = _mapping(data, "outcome")
        return cls(pocketed=tuple(_coin(c, "outcome.pocketed") for c in _list(data.get("pocketed", []), "outcome.pocketed")),
                   striker_pocketed=_bool(data.get("striker_pocketed", False), "outcome.striker_pocketed"),
                   off_board=tuple(_coin(c, "outcome.off_board") for c in _list(data.get("off_board", []), "outcome.off_board")),
                   touched=_bool(data.get("touched", True), "outcome.touched"))


@dataclass(frozen=True)
class Stroke:
    seat: Seat
    outcome: StrokeOutcome = StrokeOutcome()
    fouls: tuple[Foul, ...] = ()


@dataclass(frozen=True)
class Place:
    """Put one due or penalty coin back inside the outer circle (ICF 78, 84), or waive them all (ICF 80, 87 a)."""

    seat: Seat
    coin: Coin | None = None  # None: the colour owed first
    waive: bool = False


class ByOffender:
    """An action about a breach of the laws, which names its ``offender`` (None: the seat is the offender)."""

    seat: Seat
    offender: Seat | None

    @property
    def who(self) -> Seat:
        """The seat of the player who broke the law."""
        return self.seat if self.offender is None else self.offender


@dataclass(frozen=True)
class Forfeit(ByOffender):
    """A side loses the board, as ICF 51, 91, 121 b and 126 b punish (ICF 91 under rules where rising from the chair
    costs a penalty coin instead, 001 §3.11 p: that penalty, ``carrom.rules.penalty.chair``).

    ``offender``: the player who broke the law, whose side loses; the referee checks it against the law
    (ICF 51: a player not in turn; ICF 91: one whose side is in turn). None: the seat is the offender and
    nothing is checked, as records written before offenders were named read.
    """

    seat: Seat
    law: str | None = None
    offender: Seat | None = None


@dataclass(frozen=True)
class Concede:
    """The seat's side gives up the board, the game or the match (ICF 139)."""

    seat: Seat
    what: str = "board"


@dataclass(frozen=True)
class Declare(ByOffender):
    """A declaration the laws provide for; ``what`` is a keyword, optionally followed by its argument.

    ``extra N``: claim N extra points at a board's end (ICF 87 b, 102 b–112 b);
    ``toss SEAT``: who won the toss for the tie-break board's break (ICF 56 b);
    ``technical``: a technical foul: before the offender's first stroke of his turn, or by a player not in
    turn (ICF 63 a, b);
    ``signal``: partners communicating in doubles (ICF 131; 001 §4 l);
    ``frame``: the striker left on the frame or in a net (001 §4 o);
    ``chair``: rising from the chair: the board lost (ICF 91), one penalty coin in one's own turn (001 §3.11 p);
    ``placing``: a fault while placing a coin: by its timing (ICF 63, 64 a), the turn kept (001 §3.11 l–m);
    ``wait``: no room to place the coins owed now, so they wait (ICF 79 a);
    ``replay``: the board is replayed for events beyond control (ICF 140);
    ``no-room``: no legal striker position on the baseline, the board is replayed (ICF 142);
    ``late``: a player more than 7 minutes late loses the game 25–0 (timed game, 004 law 18);
    ``absent``: a player away from the board without the umpire's leave loses the match (ICF 143 a).

    ``offender``: the player the declaration is about, for the breaches (technical, signal, frame, chair,
    placing, absent, late); None: the seat (as records written before offenders were named read).
    """

    seat: Seat
    what: str
    value: Any = None
    offender: Seat | None = None


@dataclass(frozen=True)
class Timeout:
    """The bell of the timed game (004 laws 39–41).

    ``board_begun`` says whether the board in play had begun ("Play" called, ICF 46) when the first
    bell rang: a board begun is played out, otherwise no new board starts (004 law 40). None: the
    referee infers it, begun once a stroke has been made in it (the game's first board always).
    """

    seat: Seat
    board_begun: bool | None = None


@dataclass(frozen=True)
class OutOfTime:
    """A clock of the laws ran out for ``seat``: ``what`` it timed, "break" (ICF 46), "stroke" (ICF 50) or
    "place" (ICF 87 a, 88); ``carrom.rules.clock`` rules on it."""

    seat: Seat
    what: str


Action = Union[Stroke, Place, Forfeit, Concede, Declare, Timeout, OutOfTime]
ACTION_TYPES: dict[str, type] = {"stroke": Stroke, "place": Place, "forfeit": Forfeit, "concede": Concede,
                                 "declare": Declare, "time": Timeout, "clock": OutOfTime}


def action_to_dict(action: Action) -> dict[str, Any]:
    kind = next(k for k, t in ACTION_TYPES.items() if isinstance(action, t))
    out: dict[str, Any] = {"type": kind, "seat": action.seat.value}
    if isinstance(action, Stroke):
        out["outcome"] = action.outcome.to_dict()
        out["fouls"] = [f.value for f in action.fouls]
    elif isinstance(action, Place):
        out.update(coin=None if action.coin is None else action.coin.value, waive=action.waive)
    elif isinstance(action, Forfeit):
        out["law"] = action.law
        if action.offender is not None:
            out["offender"] = action.offender.value
    elif isinstance(action, Concede):
        out["what"] = action.what
    elif isinstance(action, Declare):
        out.update(what=action.what, value=action.value)
        if action.offender is not None:
            out["offender"] = action.offender.value
    elif isinstance(action, OutOfTime):
        out["what"] = action.what
    elif isinstance(action, Timeout) and action.board_begun is not None:
        out["board_begun"] = action.board_begun
    return out


def action_from_dict(data: Any) -> Action:
    """An action from its dictionary; anything malformed raises ``RulesError`` naming the field."""
    data = _mapping(data, "action")
    kind = data.get("type")
    if kind not in ACTION_TYPES:
        raise RulesError(f"type: {kind!r} is not an action ({', '.join(ACTION_TYPES)})")
    seat = _enum(Seat, data.get("seat"), "seat")
    if kind == "stroke":
        fouls = tuple(_enum(Foul, f, "fouls") for f in _list(data.get("fouls", []), "fouls"))
        return Stroke(seat, StrokeOutcome.from_dict(data.get("outcome", {})), fouls)
    if kind == "place":
        coin = data.get("coin")
        return Place(seat, None if coin is None else _coin(coin, "coin"), _bool(data.get("waive", False), "waive"))
    offender = None if data.get("offender") is None else _enum(Seat, data.get("offender"), "offender")
    if kind == "forfeit":
        return Forfeit(seat, data.get("law"), offender)
    if kind == "concede":
        return Concede(seat, str(data.get("what", "board")))
    if kind == "declare":
        return Declare(seat, str(data.get("what", "")), data.get("value"), offender)
    if kind == "clock":
        return OutOfTime(seat, str(data.get("what", "")))
    begun = data.get("board_begun")
    return Timeout(seat, None if begun is None else _bool(begun, "board_begun"))


def _mapping(data: Any, where: str) -> dict:
    if not isinstance(data, dict):
        raise RulesError(f"{where}: expected an object, found {type(data).__name__}")
    return data


def _list(data: Any, where: str) -> list:
    if not isinstance(data, (list, tuple)):
        raise RulesError(f"{where}: expected a list, found {type(data).__name__}")
    return list(data)


def _bool(data: Any, where: str) -> bool:
    if not isinstance(data, bool):
        raise RulesError(f"{where}: expected true or false, found {data!r}")
    return data


def _enum(kind: type, value: Any, where: str) -> Any:
    try:
        return kind(value)
    except ValueError:
        raise RulesError(f"{where}: {value!r} is not one of {', '.join(m.value for m in kind)}") from None


def _coin(value: Any, where: str) -> Coin:
    return _enum(Coin, value, where)
