"""How the referee names a side in its rulings, with a verb that agrees: "South wins", "South & North win".

Every ruling that names a side takes its words from here, so singles and doubles read right
in one place. A verb is given in its plain form ("win", "concede", "claim").
"""

from __future__ import annotations

from carrom.rules.pieces import Seat
from carrom.rules.table import Table, name


def side_name(table: Table, side: int) -> str:
    """"South" in singles, "South & North" in doubles (side 0 is the first breaker's, ICF XIX note 1)."""
    return seats_name(table.seats_of(side))


def seats_name(seats: tuple[Seat, ...]) -> str:
    return " & ".join(name(s) for s in seats)


def side_does(table: Table, side: int, verb: str) -> str:
    """The side and the verb agreeing with it: "South wins", "South & North win"."""
    seats = table.seats_of(side)
    return f"{seats_name(seats)} {verb if len(seats) > 1 else third_person(verb)}"


def third_person(verb: str) -> str:
    if verb == "have":
        return "has"
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    return verb + "s"


def points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"
