"""A practice position: any legal layout of the pieces, whose stroke it is, and what the referee must know.

A ``Position`` is a frozen value. ``problems()`` lists everything wrong with it at once
(pieces overlapping, off the playing surface, in a pocket, more pieces than a set holds,
a queen state that does not fit the layout, dues that cannot be owed); ``check()`` raises
``PracticeError`` with all of them. ``rules_state()`` builds the referee's state for it, so
a stroke played from a practice position is ruled by the real referee (``carrom.rules``).

Practice is singles: the player in turn sits at ``seat``, the opponent opposite (ICF 27).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Mapping

from carrom.equipment import STANDARD_BOARD, Disc, Layout, PieceKind, finite_number, opening_formation
from carrom.game import Game
from carrom.game.game import joined
from carrom.physics import DEFAULT_PARAMS, PhysicsParams
from carrom.physics.params import PocketModel
from carrom.physics.simulation import PLACEMENT_TOLERANCE
from carrom.rules import RULESETS, BoardState, Coin, Expect, MatchState, QueenState, Scoring, Seat, new_state
from carrom.rules.message import Message, say
from carrom.rules.pieces import COINS_PER_COLOUR

SEATS = tuple(s.value for s in Seat)
QUEEN_STATES = ("board", "pending", "covered")  # on the board; pocketed, to be covered; covered (ICF 92–101)
KINDS = ("white", "black", "queen")
SET_COUNTS = {PieceKind.WHITE: COINS_PER_COLOUR, PieceKind.BLACK: COINS_PER_COLOUR, PieceKind.QUEEN: 1}
MAX_DUES = COINS_PER_COLOUR  # a side never owes more coins than it has


class PracticeError(ValueError):
    """A practice position or shot that cannot be played; the message names every fault. Nothing changed.

    ``str(error)`` is the English; ``error.message`` the same as a ``Message`` (as ``GameError``'s), for the web
    page to word in its reader's language.
    """

    def __init__(self, message: str | Message, problems: tuple["Fault", ...] = ()) -> None:
        super().__init__(str(message))
        self.message = message if isinstance(message, Message) else None
        self.problems = problems


@dataclass(frozen=True)
class Fault:
    """One thing wrong with a position: a stable ``code``, words for people, and the law when one applies."""

    code: str
    message: Message
    law: str = ""

    @property
    def said(self) -> Message:
        """The fault with its law, as one message."""
        return say("{reason} ({law})", reason=self.message, law=self.law) if self.law else self.message

    def __str__(self) -> str:
        return str(self.said)


@dataclass(frozen=True)
class Position:
    """The pieces on the board and the state of the board that the referee needs.

    ``seat`` strikes next with ``colour``; ``queen`` is on the board, ``pending`` (pocketed by the
    side in turn, to be covered in this stroke, ICF 92) or ``covered`` (by ``queen_by``'s side);
    ``dues`` and ``opponent_dues`` are coins owed with none of that colour in the nets yet
    (ICF 72 c); ``broken`` is False before the break (ICF 44, 45).
    """

    layout: Layout
    seat: Seat = Seat.SOUTH
    colour: str = "white"
    queen: str = "board"
    queen_by: str | None = None
    dues: int = 0
    opponent_dues: int = 0
    broken: bool = True
    variant: str = "icf"

    # -- making positions ----------------------------------------------------------------------

    @classmethod
    def opening(cls, seat: Seat = Seat.SOUTH) -> "Position":
        """The opening formation before the break, ``seat`` breaking with the whites (ICF 41–43)."""
        return cls(opening_formation(), seat=seat, colour="white", broken=False)

    @classmethod
    def from_game(cls, game: Game) -> "Position":
        """The position a game has reached, when the laws wait for a stroke."""
        exp = game.expected()
        if exp is None or exp.kind is not Expect.STROKE:
            raise PracticeError(say("no stroke to practise here: the match is over") if exp is None else
                                say("no stroke to practise here: the laws wait for {seat} to {what}", seat=exp.seat,
                                    what=exp.kind))
        return from_state(game.state, game.layout)

    # -- what is wrong ----------------------------------------------------------------------------

    def problems(self, params: PhysicsParams = DEFAULT_PARAMS) -> tuple[Fault, ...]:
        """Everything that makes this position impossible, in one list (empty when it is legal)."""
        out: list[Fault] = []
        if self.seat not in SEATS:
            out.append(Fault("seat", _one_of("seat", SEATS, self.seat)))
        if self.colour not in ("white", "black"):
            out.append(Fault("colour", _one_of("colour", ("white", "black"), self.colour)))
        if self.queen not in QUEEN_STATES:
            out.append(Fault("queen", _one_of("queen", QUEEN_STATES, self.queen)))
        if self.variant not in RULESETS or RULESETS[self.variant].scoring is not Scoring.ICF:
            usable = tuple(n for n, r in RULESETS.items() if r.scoring is Scoring.ICF)
            out.append(Fault("variant", _one_of("variant", usable, self.variant)))
        out += self._piece_problems(params)
        if not out:
            out += self._board_problems()
        return tuple(out)

    def check(self, params: PhysicsParams = DEFAULT_PARAMS) -> "Position":
        faults = self.problems(params)
        if faults:
            raise PracticeError(say("this position cannot be played: {faults}", faults=joined(f.said for f in faults)),
                                faults)
        return self

    def _piece_problems(self, params: PhysicsParams) -> list[Fault]:
        out: list[Fault] = []
        board = STANDARD_BOARD
        discs = self.layout.discs
        for kind, most in SET_COUNTS.items():
            n = self.layout.count(kind)
            if n > most:
                out.append(Fault("too-many", say("{n} {kind} pieces: a set has {most}", n=n, kind=Coin(kind.value),
                                                 most=most), "ICF I.B"))
        for i, d in enumerate(discs):
            where = say("piece {i} ({kind} at {x}, {y})", i=i, kind=_kind(d.kind), x=f"{d.x:+.4f}", y=f"{d.y:+.4f}")
            if d.kind is PieceKind.STRIKER:
                out.append(Fault("striker", say("piece {i} is a striker: the striker is placed by the shot, not the "
                                                "position", i=i)))
                continue
            limit = board.half - d.radius + PLACEMENT_TOLERANCE
            if abs(d.x) > limit or abs(d.y) > limit:
                out.append(Fault("off-board", say("{where} is off the playing surface: |x| and |y| at most {most} m",
                                                  where=where, most=f"{board.half - d.radius:.4f}")))
                continue
            reach = board.pocket_radius
            if params.pocket_model is PocketModel.TIPPING:
                reach = math.sqrt(max(board.pocket_radius ** 2 - d.radius ** 2, 0.0))
            for p, (cx, cy) in enumerate(board.pocket_centres()):
                if math.hypot(d.x - cx, d.y - cy) < reach:
                    out.append(Fault("in-pocket", say("{where} lies in pocket {pocket}: it would have fallen",
                                                      where=where, pocket=POCKET_NAMES[p])))
        for i, a in enumerate(discs):
            for j in range(i + 1, len(discs)):
                b = discs[j]
                overlap = a.radius + b.radius - math.hypot(a.x - b.x, a.y - b.y)
                if overlap > PLACEMENT_TOLERANCE:
                    out.append(Fault("overlap", say("pieces {i} ({one}) and {j} ({other}) overlap by {mm} mm", i=i,
                                                    one=_kind(a.kind), j=j, other=_kind(b.kind),
                                                    mm=f"{overlap * 1000:.1f}")))
        return out

    def _board_problems(self) -> list[Fault]:
        out: list[Fault] = []
        queens = self.layout.count(PieceKind.QUEEN)
        if self.queen == "board" and queens != 1:
            out.append(Fault("queen", say("the queen is said to be on the board, but no queen is placed"), "ICF 92"))
        if self.queen != "board" and queens:
            out.append(Fault("queen", say("the queen is {state}, so it cannot also lie on the board",
                                          state=self.queen), "ICF 92"))
        if self.queen == "board" and self.queen_by is not None:
            out.append(Fault("queen_by", say("{key} names who pocketed or covered the queen: none while it is on the "
                                             "board", key="queen_by")))
        if self.queen == "covered" and self.queen_by not in (self.seat, _opposite(self.seat)):
            out.append(Fault("queen_by", say("the queen is covered: {key} names who covered it, {seat} or {other}, "
                                             "not {value}", key="queen_by", seat=self.seat,
                                             other=_opposite(self.seat), value=repr(self.queen_by)), "ICF 15"))
        if self.queen == "pending" and self.queen_by not in (None, self.seat):
            out.append(Fault("queen_by", say("a queen to be covered was pocketed by the player in turn ({seat}), "
                                             "not {value}", seat=self.seat, value=repr(self.queen_by)), "ICF 92"))
        if self.queen == "pending" and not self.broken:
            out.append(Fault("queen", say("the queen cannot be pocketed before the break"), "ICF 44"))
        for field_name, value, colour in (("dues", self.dues, self.colour),
                                          ("opponent_dues", self.opponent_dues, _other(self.colour))):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_DUES:
                out.append(Fault(field_name, say("{key} must be a whole number from {lo} to {hi}, got {value}",
                                                 key=field_name, lo=0, hi=MAX_DUES, value=repr(value))))
            elif value and self.layout.count(PieceKind(colour)) < COINS_PER_COLOUR:
                out.append(Fault(field_name, say("{key}: a due waits only while none of the {colour} is in the "
                                                 "nets, yet {n} are", key=field_name, colour=Coin(colour),
                                                 n=COINS_PER_COLOUR - self.layout.count(PieceKind(colour))),
                                 "ICF 72 c"))
        if not isinstance(self.broken, bool):
            out.append(Fault("broken", say("{key} must be true or false, not {value}", key="broken",
                                           value=repr(self.broken))))
        elif not self.broken and len(self.layout) != 19:
            out.append(Fault("broken", say("before the break all nineteen pieces are on the board"), "ICF 41"))
        return out

    # -- for the referee ----------------------------------------------------------------------------

    @property
    def opponent(self) -> Seat:
        return _opposite(self.seat)

    def rules_state(self) -> MatchState:
        """The referee's state for this position: the side in turn is side 0, 0–0 in the first game."""
        self.check()
        me, them = self.seat, self.opponent
        state = new_state(self.variant, {me: me.value.capitalize(), them: them.value.capitalize()}, me)
        own, other = PieceKind(self.colour), PieceKind(_other(self.colour))
        counts = {own: self.layout.count(own), other: self.layout.count(other)}
        queen_side = None
        if self.queen != "board":
            queen_side = 0 if self.queen_by in (None, self.seat) else 1
        board = replace(state.board, white_side=0 if self.colour == "white" else 1,
                        white=counts[PieceKind.WHITE], black=counts[PieceKind.BLACK],
                        queen=self.queen, queen_side=queen_side, debts=(self.dues, self.opponent_dues),
                        potted=(counts[own] < COINS_PER_COLOUR, counts[other] < COINS_PER_COLOUR),
                        broken=self.broken)
        return replace(state, board=board)

    # -- as data ---------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {"pieces": [{"kind": d.kind.value, "x": d.x, "y": d.y} for d in self.layout.discs],
                "seat": self.seat, "colour": self.colour, "queen": self.queen, "queen_by": self.queen_by,
                "dues": self.dues, "opponent_dues": self.opponent_dues, "broken": self.broken,
                "variant": self.variant}

    @classmethod
    def from_dict(cls, data: Any) -> "Position":
        """A position from its JSON form, each malformed field named; then checked (``check``)."""
        if not isinstance(data, Mapping):
            raise PracticeError(say("a position is an object with pieces, seat, colour, queen..."))
        unknown = sorted(set(data) - set(FIELDS))
        if unknown:
            raise PracticeError(say("unknown field {value} in the position; the fields are {fields}",
                                    value=repr(unknown[0]), fields=", ".join(FIELDS)))
        pieces = data.get("pieces")
        if not isinstance(pieces, list):
            raise PracticeError(say("{key} must be a list of {piece}", key="pieces", piece="{kind, x, y}"))
        if len(pieces) > 19:
            raise PracticeError(say("{n} pieces: a set has nineteen (ICF I.B)", n=len(pieces)))
        discs = []
        for i, p in enumerate(pieces):
            if not isinstance(p, Mapping) or set(p) != {"kind", "x", "y"}:
                raise PracticeError(say("{key} must be an object with exactly kind, x and y", key=f"pieces[{i}]"))
            if p["kind"] not in KINDS:
                raise PracticeError(_one_of(f"pieces[{i}].kind", KINDS, p["kind"]))
            for axis in ("x", "y"):
                if not finite_number(p[axis]):
                    raise PracticeError(say("{key} must be a finite number (metres), not {value}",
                                            key=f"pieces[{i}].{axis}", value=repr(p[axis])))
            discs.append(Disc(PieceKind(p["kind"]), float(p["x"]), float(p["y"])))
        kw = {k: data[k] for k in FIELDS[1:] if k in data}
        for key in ("seat", "colour", "queen", "variant"):
            if key in kw and not isinstance(kw[key], str):
                raise PracticeError(say("{key} must be a word, not {value}", key=key, value=repr(kw[key])))
        if kw.get("queen_by") is not None and not isinstance(kw["queen_by"], str):
            raise PracticeError(say("{key} must be a seat or null, not {value}", key="queen_by",
                                    value=repr(kw["queen_by"])))
        if kw.get("seat") in SEATS:  # the file's name for it becomes a Seat here; any other word is a fault (check)
            kw["seat"] = Seat.named(kw["seat"])
        return cls(Layout(tuple(discs)), **kw).check()


FIELDS = ("pieces", "seat", "colour", "queen", "queen_by", "dues", "opponent_dues", "broken", "variant")


def _one_of(key: str, allowed: tuple[str, ...], value: Any) -> Message:
    return say("{key} must be one of {allowed}, not {value}", key=key, allowed=", ".join(allowed), value=repr(value))


def _kind(kind: PieceKind) -> Any:
    """A piece's kind as a message's value: a coin by its colour (in the reader's words), else its name."""
    return Coin(kind.value) if kind.value in ("white", "black", "queen") else kind.value
POCKET_NAMES = ("SW", "SE", "NE", "NW")


def from_state(state: MatchState, layout: Layout) -> Position:
    """The position of a referee's state with these discs: the seat in turn, its colour, queen and dues."""
    board: BoardState = state.board
    seat = board.turn
    side = state.table.side(seat)
    if len(state.table.seats) != 2:
        raise PracticeError(say("practice is singles: this match has four players"))
    queen_by = None
    if board.queen is not QueenState.BOARD and board.queen_side is not None:
        queen_by = seat.value if board.queen_side == side else seat.opposite.value
    return Position(layout, seat=seat, colour=state.colour_of(seat).value, queen=board.queen.value,
                    queen_by=queen_by, dues=board.debts[side], opponent_dues=board.debts[1 - side],
                    broken=board.broken, variant=state.rules.name).check()


def _opposite(seat: Seat) -> Seat | str:
    return seat.opposite if isinstance(seat, Seat) else "the opposite seat"


def _other(colour: str) -> str:
    return Coin(colour).other.value if colour in ("white", "black") else "black"

