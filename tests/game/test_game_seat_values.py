"""A seat is a ``Seat`` inside the game and its users (issue 23): names are turned into seats once, at the edges
(a message, a file, a typed argument: ``Seat.named``), and one kind of seat into the other only in
``carrom.game.seats``, the bridge between the referee's seats and the board's.

Who sits where and who strikes next is ICF 27–28 and 49 b; these tests check the plumbing, not a ruling.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from carrom import equipment as E
from carrom import rules as R
from carrom.game import Game
from carrom.game.seats import board_seat, rules_seat, seat_named
from carrom.practice import Position

SRC = Path(__file__).resolve().parents[2] / "src" / "carrom"
# where a seat may be built from something that is not a seat: the two enums' own packages and the bridge
BRIDGES = ("rules/", "equipment/", "game/seats.py")


def conversions(path: Path) -> list[str]:
    """Calls like ``Seat(x)``, ``EqSeat(x)``, ``R.Seat(x)`` on anything but a literal: a seat built again inside."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        if name.endswith("Seat") and not isinstance(node.args[0], ast.Constant):
            out.append(f"{path.relative_to(SRC)}:{node.lineno}: {ast.unparse(node)}")
    return out


def test_no_module_outside_the_bridge_converts_a_seat():
    """Seats travel as ``Seat`` values; names become seats with ``Seat.named`` at the edges, and one kind becomes the
    other only through ``carrom.game.seats`` (``board_seat`` / ``rules_seat``)."""
    found = [line for path in sorted(SRC.rglob("*.py"))
             if not str(path.relative_to(SRC)).startswith(BRIDGES) for line in conversions(path)]
    assert found == []


def test_the_bridge_turns_each_seat_into_the_other_kind_and_back():
    for seat in R.Seat:
        board = board_seat(seat)
        assert isinstance(board, E.Seat) and board.value == seat.value
        assert rules_seat(board) is seat and rules_seat(seat) is seat and board_seat(board) is board
    assert seat_named("North") is R.Seat.NORTH
    with pytest.raises(ValueError, match="'middle' is not a seat"):
        seat_named("middle")


def test_the_games_api_gives_seats():
    """What the laws wait for names a ``Seat`` (ICF 43: south breaks here); a stroke's report and a practice
    position taken from the game carry ``Seat`` values, and the position's file form still spells the name."""
    game = Game.new({"south": "A", "north": "B"}, first_breaker="south")
    exp = game.expected()
    kind, seat = exp.kind, exp.seat
    assert (kind, seat) == ("stroke", R.Seat.SOUTH) and type(seat) is R.Seat
    position = Position.from_game(game)
    assert type(position.seat) is R.Seat and type(position.opponent) is R.Seat
    assert position.to_dict()["seat"] == "south"
    assert type(Position.from_dict(position.to_dict()).seat) is R.Seat
    report = game.strike(R.Seat.SOUTH, 0.0, 0.0, 2.0)
    assert type(report.seat) is R.Seat
    assert type(game.expected().seat) is R.Seat


def test_a_strike_is_built_from_a_board_seat_or_a_name_at_the_physics_edge():
    """The physics' frames belong to the board's seats. Researchers and the README call the physics directly with a
    seat's name ("south"): that is an edge, converted once; a name that is no seat is refused with the four."""
    from carrom.physics import Strike
    north = Strike.from_seat(board_seat(R.Seat.NORTH), 0.0, 0.0, 1.0)
    assert north.position[1] > 0 and Strike.from_seat("North", 0.0, 0.0, 1.0) == north
    with pytest.raises(ValueError, match="'middle' is not a seat"):
        Strike.from_seat("middle", 0.0, 0.0, 1.0)
