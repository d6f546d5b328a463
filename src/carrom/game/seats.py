"""The one bridge between the referee's seats and the board's.

``carrom.rules`` and ``carrom.equipment`` each have a ``Seat`` (neither may import the other:
tests/test_architecture.py); both spell their values alike, as files and messages do. Inside the game
and its users a seat travels as a ``Seat`` value and is turned into the other kind here, nowhere else.
Strings (a message, a file, a typed argument) become seats once, at the edge, with ``seat_named``.
"""

from __future__ import annotations

from carrom.equipment import Seat as BoardSeat
from carrom.rules import Seat as RulesSeat

_BOARD = {s: BoardSeat(s.value) for s in RulesSeat}
_RULES = {s: RulesSeat(s.value) for s in BoardSeat}


def board_seat(seat: RulesSeat | BoardSeat) -> BoardSeat:
    """The board's seat (frames, baselines: ``carrom.equipment``) where the referee's ``seat`` sits."""
    return seat if isinstance(seat, BoardSeat) else _BOARD[seat]


def rules_seat(seat: RulesSeat | BoardSeat) -> RulesSeat:
    """The referee's seat (turns, sides, colours: ``carrom.rules``) for the board's ``seat``."""
    return seat if isinstance(seat, RulesSeat) else _RULES[seat]


def seat_named(name: object) -> RulesSeat:
    """The seat spelled ``name`` by a user or a file ("south", any case); ``ValueError`` naming the four."""
    return RulesSeat.named(name)
