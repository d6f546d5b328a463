"""Who sits where: the occupied seats, the two sides, and who is on whose right.

Side 0 is the first breaker's side (the scorecard's order, ICF XIX note 1). In singles
the player on one's right is the opponent; in doubles the turn goes round the table to
the right, so it alternates between the sides (ICF 49 b).
"""

from __future__ import annotations

from dataclasses import dataclass

from carrom.rules.errors import RulesError
from carrom.rules.message import say
from carrom.rules.pieces import ORDER, Seat


@dataclass(frozen=True)
class Table:
    seats: tuple[Seat, ...]  # occupied seats in the order south, east, north, west
    first: Seat  # the match's first breaker

    @classmethod
    def of(cls, seats: tuple[Seat, ...], first: Seat) -> "Table":
        seats = tuple(s for s in ORDER if s in seats)
        if len(seats) == 2 and seats[0].opposite is not seats[1]:
            raise RulesError(say("singles players sit opposite each other (ICF 27)"))
        if len(seats) not in (2, 4):
            raise RulesError(say("a match has two players (singles, ICF 27) or four (doubles, ICF 28)"))
        if first not in seats:
            raise RulesError(say("the first breaker {seat} has no seat at this table", seat=first.value))
        return cls(seats, first)

    @property
    def doubles(self) -> bool:
        return len(self.seats) == 4

    def side(self, seat: Seat) -> int:
        partners = (self.first, self.first.opposite) if self.doubles else (self.first,)
        return 0 if seat in partners else 1

    def seats_of(self, side: int) -> tuple[Seat, ...]:
        return tuple(s for s in self.seats if self.side(s) == side)

    def right_of(self, seat: Seat) -> Seat:
        """The next occupied seat to the right: who plays next, who places a due (ICF 49 b, 78 b)."""
        nxt = seat.right
        while nxt not in self.seats:
            nxt = nxt.right
        return nxt

    def check(self, seat: Seat) -> None:
        if seat not in self.seats:
            raise RulesError(say("nobody sits {seat} in this match", seat=seat.value))


def name(seat: Seat) -> str:
    return seat.value.capitalize()
