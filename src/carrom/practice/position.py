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

from carrom.equipment import STANDARD_BOARD, Disc, Layout, PieceKind, opening_formation
from carrom.game import Game
from carrom.physics import DEFAULT_PARAMS, PhysicsParams
from carrom.physics.params import PocketModel
from carrom.physics.simulation import PLACEMENT_TOLERANCE
from carrom.rules import RULESETS, BoardState, Coin, MatchState, Seat, new_state
from carrom.rules.pieces import COINS_PER_COLOUR

SEATS = tuple(s.value for s in Seat)
QUEEN_STATES = ("board", "pending", "covered")  # on the board; pocketed, to be covered; covered (ICF 92–101)
KINDS = ("white", "black", "queen")
SET_COUNTS = {PieceKind.WHITE: COINS_PER_COLOUR, PieceKind.BLACK: COINS_PER_COLOUR, PieceKind.QUEEN: 1}
MAX_DUES = COINS_PER_COLOUR  # a side never owes more coins than it has


class PracticeError(ValueError):
    """A practice position or shot that cannot be played; the message names every fault. Nothing changed."""

    def __init__(self, message: str, problems: tuple["Fault", ...] = ()) -> None:
        super().__init__(message)
        self.problems = problems


@dataclass(frozen=True)
class Fault:
    """One thing wrong with a position: a stable ``code``, words for people, and the law when one applies."""

    code: str
    message: str
    law: str = ""

    def __str__(self) -> str:
        return f"{self.message} ({self.law})" if self.law else self.message


@dataclass(frozen=True)
class Position:
    """The pieces on the board and the state of the board that the referee needs.

    ``seat`` strikes next with ``colour``; ``queen`` is on the board, ``pending`` (pocketed by the
    side in turn, to be covered in this stroke, ICF 92) or ``covered`` (by ``queen_by``'s side);
    ``dues`` and ``opponent_dues`` are coins owed with none of that colour in the nets yet
    (ICF 72 c); ``broken`` is False before the break (ICF 44, 45).
    """

    layout: Layout
    seat: str = "south"
    colour: str = "white"
    queen: str = "board"
    queen_by: str | None = None
    dues: int = 0
    opponent_dues: int = 0
    broken: bool = True
    variant: str = "icf"

    # -- making positions ----------------------------------------------------------------------

    @classmethod
    def opening(cls, seat: str = "south") -> "Position":
        """The opening formation before the break, ``seat`` breaking with the whites (ICF 41–43)."""
        return cls(opening_formation(), seat=seat, colour="white", broken=False)

    @classmethod
    def from_game(cls, game: Game) -> "Position":
        """The position a game has reached, when the laws wait for a stroke."""
        exp = game.expected()
        if exp is None or exp[0] != "stroke":
            what = "the match is over" if exp is None else f"the laws wait for {exp[1]} to {exp[0]}"
            raise PracticeError(f"no stroke to practise here: {what}")
        return from_state(game.state, game.layout)

    # -- what is wrong ----------------------------------------------------------------------------

    def problems(self, params: PhysicsParams = DEFAULT_PARAMS) -> tuple[Fault, ...]:
        """Everything that makes this position impossible, in one list (empty when it is legal)."""
        out: list[Fault] = []
        if self.seat not in SEATS:
            out.append(Fault("seat", f"seat must be one of {', '.join(SEATS)}, not {self.seat!r}"))
        if self.colour not in ("white", "black"):
            out.append(Fault("colour", f"colour must be white or black, not {self.colour!r}"))
        if self.queen not in QUEEN_STATES:
            out.append(Fault("queen", f"queen must be one of {', '.join(QUEEN_STATES)}, not {self.queen!r}"))
        if self.variant not in RULESETS or RULESETS[self.variant].scoring != "icf":
            usable = ", ".join(n for n, r in RULESETS.items() if r.scoring == "icf")
            out.append(Fault("variant", f"variant must be one of {usable}, not {self.variant!r}"))
        out += self._piece_problems(params)
        if not out:
            out += self._board_problems()
        return tuple(out)

    def check(self, params: PhysicsParams = DEFAULT_PARAMS) -> "Position":
        faults = self.problems(params)
        if faults:
            raise PracticeError("this position cannot be played: " + "; ".join(str(f) for f in faults), faults)
        return self

    def _piece_problems(self, params: PhysicsParams) -> list[Fault]:
        out: list[Fault] = []
        board = STANDARD_BOARD
        discs = self.layout.discs
        for kind, most in SET_COUNTS.items():
            n = self.layout.count(kind)
            if n > most:
                out.append(Fault("too-many", f"{n} {kind.value} pieces: a set has {most}", "ICF I.B"))
        for i, d in enumerate(discs):
            where = f"piece {i} ({d.kind.value} at {d.x:+.4f}, {d.y:+.4f})"
            if d.kind is PieceKind.STRIKER:
                out.append(Fault("striker", f"piece {i} is a striker: the striker is placed by the shot, not the position"))
                continue
            limit = board.half - d.radius + PLACEMENT_TOLERANCE
            if abs(d.x) > limit or abs(d.y) > limit:
                out.append(Fault("off-board", f"{where} is off the playing surface: |x| and |y| at most "
                                              f"{board.half - d.radius:.4f} m"))
                continue
            reach = board.pocket_radius
            if params.pocket_model is PocketModel.TIPPING:
                reach = math.sqrt(max(board.pocket_radius ** 2 - d.radius ** 2, 0.0))
            for p, (cx, cy) in enumerate(board.pocket_centres()):
                if math.hypot(d.x - cx, d.y - cy) < reach:
                    out.append(Fault("in-pocket", f"{where} lies in pocket {POCKET_NAMES[p]}: it would have fallen"))
        for i, a in enumerate(discs):
            for j in range(i + 1, len(discs)):
                b = discs[j]
                overlap = a.radius + b.radius - math.hypot(a.x - b.x, a.y - b.y)
                if overlap > PLACEMENT_TOLERANCE:
                    out.append(Fault("overlap", f"pieces {i} ({a.kind.value}) and {j} ({b.kind.value}) overlap by "
                                                f"{overlap * 1000:.1f} mm"))
        return out

    def _board_problems(self) -> list[Fault]:
        out: list[Fault] = []
        queens = self.layout.count(PieceKind.QUEEN)
        if self.queen == "board" and queens != 1:
            out.append(Fault("queen", "the queen is said to be on the board, but no queen is placed", "ICF 92"))
        if self.queen != "board" and queens:
            out.append(Fault("queen", f"the queen is {self.queen}, so it cannot also lie on the board", "ICF 92"))
        if self.queen == "board" and self.queen_by is not None:
            out.append(Fault("queen_by", "queen_by names who pocketed or covered the queen: none while it is on the "
                                         "board"))
        if self.queen == "covered" and self.queen_by not in (self.seat, _opposite(self.seat)):
            out.append(Fault("queen_by", f"the queen is covered: queen_by names who covered it, {self.seat} or "
                                         f"{_opposite(self.seat)}, not {self.queen_by!r}", "ICF 15"))
        if self.queen == "pending" and self.queen_by not in (None, self.seat):
            out.append(Fault("queen_by", f"a queen to be covered was pocketed by the player in turn ({self.seat}), "
                                         f"not {self.queen_by!r}", "ICF 92"))
        if self.queen == "pending" and not self.broken:
            out.append(Fault("queen", "the queen cannot be pocketed before the break", "ICF 44"))
        for field_name, value, colour in (("dues", self.dues, self.colour),
                                          ("opponent_dues", self.opponent_dues, _other(self.colour))):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_DUES:
                out.append(Fault(field_name, f"{field_name} must be a whole number from 0 to {MAX_DUES}, not {value!r}"))
            elif value and self.layout.count(PieceKind(colour)) < COINS_PER_COLOUR:
                out.append(Fault(field_name, f"{field_name}: a due waits only while none of the {colour} is in the "
                                             f"nets, yet {COINS_PER_COLOUR - self.layout.count(PieceKind(colour))} are",
                                 "ICF 72 c"))
        if not isinstance(self.broken, bool):
            out.append(Fault("broken", f"broken must be true or false, not {self.broken!r}"))
        elif not self.broken and len(self.layout) != 19:
            out.append(Fault("broken", "before the break all nineteen pieces are on the board", "ICF 41"))
        return out

    # -- for the referee ----------------------------------------------------------------------------

    @property
    def opponent(self) -> str:
        return _opposite(self.seat)

    def rules_state(self) -> MatchState:
        """The referee's state for this position: the side in turn is side 0, 0–0 in the first game."""
        self.check()
        me, them = Seat(self.seat), Seat(self.opponent)
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
            raise PracticeError("a position is an object with pieces, seat, colour, queen...")
        unknown = sorted(set(data) - set(FIELDS))
        if unknown:
            raise PracticeError(f"unknown field {unknown[0]!r} in the position; the fields are {', '.join(FIELDS)}")
        pieces = data.get("pieces")
        if not isinstance(pieces, list):
            raise PracticeError("pieces must be a list of {kind, x, y}")
        if len(pieces) > 19:
            raise PracticeError(f"{len(pieces)} pieces: a set has nineteen (ICF I.B)")
        discs = []
        for i, p in enumerate(pieces):
            if not isinstance(p, Mapping) or set(p) != {"kind", "x", "y"}:
                raise PracticeError(f"pieces[{i}] must be an object with exactly kind, x and y")
            if p["kind"] not in KINDS:
                raise PracticeError(f"pieces[{i}].kind must be one of {', '.join(KINDS)}, not {p['kind']!r}")
            for axis in ("x", "y"):
                if not _finite(p[axis]):
                    raise PracticeError(f"pieces[{i}].{axis} must be a finite number (metres), not {p[axis]!r}")
            discs.append(Disc(PieceKind(p["kind"]), float(p["x"]), float(p["y"])))
        kw = {k: data[k] for k in FIELDS[1:] if k in data}
        for key in ("seat", "colour", "queen", "variant"):
            if key in kw and not isinstance(kw[key], str):
                raise PracticeError(f"{key} must be a word, not {kw[key]!r}")
        if kw.get("queen_by") is not None and not isinstance(kw["queen_by"], str):
            raise PracticeError(f"queen_by must be a seat or null, not {kw['queen_by']!r}")
        return cls(Layout(tuple(discs)), **kw).check()


FIELDS = ("pieces", "seat", "colour", "queen", "queen_by", "dues", "opponent_dues", "broken", "variant")
POCKET_NAMES = ("SW", "SE", "NE", "NW")


def from_state(state: MatchState, layout: Layout) -> Position:
    """The position of a referee's state with these discs: the seat in turn, its colour, queen and dues."""
    board: BoardState = state.board
    seat = board.turn
    side = state.table.side(seat)
    if len(state.table.seats) != 2:
        raise PracticeError("practice is singles: this match has four players")
    queen_by = None
    if board.queen != "board" and board.queen_side is not None:
        queen_by = seat.value if board.queen_side == side else seat.opposite.value
    return Position(layout, seat=seat.value, colour=state.colour_of(seat).value, queen=board.queen,
                    queen_by=queen_by, dues=board.debts[side], opponent_dues=board.debts[1 - side],
                    broken=board.broken, variant=state.rules.name).check()


def _opposite(seat: str) -> str:
    return Seat(seat).opposite.value if seat in SEATS else "the opposite seat"


def _other(colour: str) -> str:
    return Coin(colour).other.value if colour in ("white", "black") else "black"


def _finite(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value)
