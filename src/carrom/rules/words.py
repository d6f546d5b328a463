"""How the referee names a side in its rulings, with a verb that agrees: "South wins", "South & North win".

Every ruling that names a side takes its words from here, so singles and doubles read right
in one place. The words are messages (``carrom.rules.message``): ``side_say`` picks the
singular or the plural sentence by the number of players on the side (1 or 2), which is also
what a language with a dual (Slovenian) needs; ``coins`` counts pieces of one colour.
"""

from __future__ import annotations

from typing import Any

from carrom.rules.message import Message, say, say_n
from carrom.rules.pieces import Coin, Seat
from carrom.rules.table import Table


def side_name(table: Table, side: int) -> Message:
    """"South" in singles, "South & North" in doubles (side 0 is the first breaker's, ICF XIX note 1)."""
    return seats_name(table.seats_of(side))


def seats_name(seats: tuple[Seat, ...]) -> Message:
    if len(seats) == 1:
        return Message("{seat}", (("seat", seats[0]),))
    return say("{first} & {second}", first=seats[0], second=seats[1])


def side_say(singular: str, plural: str, table: Table, side: int, **params: Any) -> Message:
    """A sentence about a side, its verb agreeing with one or two players: the side is ``{side}``."""
    seats = table.seats_of(side)
    return say_n(singular, plural, len(seats), side=seats_name(seats), **params)


def points(n: int) -> Message:
    return say_n("{n} point", "{n} points", n)


def coins(n: int, coin: Coin) -> Message:
    """``n`` pieces of one colour, as the referee counts them: "2 white", "1 black", "1 queen"."""
    if coin is Coin.WHITE:
        return say_n("{n} white", "{n} white", n)
    if coin is Coin.BLACK:
        return say_n("{n} black", "{n} black", n)
    return say_n("{n} queen", "{n} queen", n)


def board_won(table: Table, winner: int, why: Message, points_won: int, claim: int = 0) -> Message:
    """Why a board ended and what its winners score: "...: South wins the board by 3 points"."""
    if claim:
        return side_say("{why}: {side} wins the board by {points}, and may claim up to {claim} extra",
                        "{why}: {side} win the board by {points}, and may claim up to {claim} extra",
                        table, winner, why=why, points=points(points_won), claim=claim)
    return side_say("{why}: {side} wins the board by {points}", "{why}: {side} win the board by {points}",
                    table, winner, why=why, points=points(points_won))
